/* diagram.h: the board as text, seen from one side (declared in render/view.h too, where
 * the mail views find it). */
#ifndef TEMPEST_DIAGRAM_H
#define TEMPEST_DIAGRAM_H

#include "engine/pos.h"
#include "util/buf.h"

/* The characters the grid is drawn with: the one source of what the reader of pasted
 * mail recognises as the referee's diagram (the pipeline hands it down to mail at
 * start-up, as the kinds' tables are handed down: mail does not include render).
 *
 *       +-----------------+      corner, rule
 *     8 | r n b q k b n r |      side (after the rank and a space, and at the end)
 *     6 | : . : . : . : . |      dark, light: empty squares
 *         a b c d e f g h                                                             */
struct diagram_shape {
	char corner, rule, side, light, dark;
};
/* The shape every diagram is drawn in. */
extern const struct diagram_shape diagram_drawn;

/* A diagram of the position seen from `side` (White's side if -1): the grid, then the
 * squares beside it, the marked pieces and the pieces in hand, each only if there are any,
 * so that a plain chess diagram is what it always was. */
void view_board(const struct pos *p, int side, struct buf *out);
/* The same in another shape (a test's). */
void view_board_shaped(const struct diagram_shape *shape, const struct pos *p, int side,
		       struct buf *out);

#endif
