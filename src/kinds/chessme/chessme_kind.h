/* chessme_kind.h: ChessMe (seed 004) as a game kind (chessme_kind.c). */
#ifndef TEMPEST_KINDS_CHESSME_KIND_H
#define TEMPEST_KINDS_CHESSME_KIND_H

#include "game/kind.h"

extern const struct kind kind_chessme;

struct choices;
/* What seat may send now: its moves, with placements where few (chessme_choices.c). */
int cm_choices(const struct game *g, int seat, struct choices *out);

#endif
