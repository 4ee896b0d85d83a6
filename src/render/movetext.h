/* movetext.h: a board's record in a mail (view_movetext() in view.h) with its last move,
 * the one a mail's subject names: render's own, for view.c. */
#ifndef TEMPEST_MOVETEXT_H
#define TEMPEST_MOVETEXT_H

#include "engine/notation.h"
#include "game/game.h"
#include "util/buf.h"

struct move_last {
	int number, side;               /* side -1: no move yet */
	char san[SAN_MAX];
};

/* Board b's moves as view_movetext() writes them, appended to out; *last its last move
 * (taken back or not: the subject names the last move made). */
void movetext_with_last(const struct game *g, int b, struct buf *out, struct move_last *last);

#endif
