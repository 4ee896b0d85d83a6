/* undone.h: what the move list in a mail leaves out of a board's list of entries (docs/
 * design.md, "The move list"): the moves and card edits a later "@fen" took back (an
 * interception's takeback, a disabled card: the list keeps them, for replays and the
 * state's hash, but the players read what stands), and the "#" of a mate an interception
 * lifted, which reads "+" (still in check) or nothing. */
#ifndef TEMPEST_RENDER_UNDONE_H
#define TEMPEST_RENDER_UNDONE_H

#include "game/game.h"

enum {
	UNDONE_SKIP = 1,                /* the entry was taken back: not shown */
	UNDONE_CHECK = 2,               /* the move's "#" reads "+" */
	UNDONE_QUIET = 4,               /* the move's "#" reads nothing */
};

/* One UNDONE_* set per entry of board b's list (the caller frees it), or NULL when every
 * entry shows as written (or memory ran out: then they all do). */
unsigned char *undone_flags(const struct game *g, int b);

/* The entry as the move list shows it under flag: NULL if left out, else the entry or, a
 * lifted mate, its SAN with "+" or nothing for "#" (in buf). */
const char *undone_shown(unsigned char flag, const char *entry, char *buf, size_t len);

#endif
