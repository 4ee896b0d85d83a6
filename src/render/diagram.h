/* diagram.h: the board as text, seen from one side (declared in render/view.h too, where
 * the mail views find it). */
#ifndef TEMPEST_DIAGRAM_H
#define TEMPEST_DIAGRAM_H

#include "engine/pos.h"
#include "util/buf.h"

/* A diagram of the position seen from `side` (White's side if -1): the grid, then the
 * squares beside it, the marked pieces and the pieces in hand, each only if there are any,
 * so that a plain chess diagram is what it always was. */
void view_board(const struct pos *p, int side, struct buf *out);

#endif
