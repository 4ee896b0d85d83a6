/* tigerchess_kind.h: TigerChess by mail (seed 003) as a game kind. */
#ifndef TEMPEST_KINDS_TIGERCHESS_KIND_H
#define TEMPEST_KINDS_TIGERCHESS_KIND_H

#include "game/kind.h"

extern const struct kind kind_tigerchess;

struct choices;
/* What seat may send now: its postings, or its moves (tigerchess_choices.c). */
int tc_choices(const struct game *g, int seat, struct choices *out);

#endif
