/* chessme_kind.h: ChessMe (seed 004) as a game kind (chessme_kind.c). */
#ifndef TEMPEST_KINDS_CHESSME_KIND_H
#define TEMPEST_KINDS_CHESSME_KIND_H

#include "game/kind.h"

extern const struct kind kind_chessme;

#endif
