/* chess_kind.h: chess and its board variants (LancerChess, Knightmare's pawn rules), on
 * one or several boards, as a game kind. */
#ifndef TEMPEST_KINDS_CHESS_KIND_H
#define TEMPEST_KINDS_CHESS_KIND_H

#include "game/kind.h"

extern const struct kind kind_chess;

#endif
