/* view_record.h: what view.c takes of a game's record (view_record.c) besides what view.h
 * declares for everyone (view_movetext, view_pgn). Not for use outside src/render/view*.c. */
#ifndef TEMPEST_VIEW_RECORD_H
#define TEMPEST_VIEW_RECORD_H

#include "engine/notation.h"
#include "game/game.h"
#include "util/buf.h"

/* A board's last move: its number, its side (-1: none yet) and its SAN. */
struct view_last {
	int number, side;
	char san[SAN_MAX];
};

/* view_movetext(), and the board's last move in *last. */
void view_movetext_last(const struct game *g, int b, struct buf *out, struct view_last *last);

#endif
