/* movetext.h: a board's list of entries as the move record a reader reads (view.c), shared
 * with the PGN export (view_pgn.c): the moves numbered, the cards' edits as comments in
 * the reader's words, the entries an interception took back left out (undone.h). */
#ifndef TEMPEST_RENDER_MOVETEXT_H
#define TEMPEST_RENDER_MOVETEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/notation.h"
#include "engine/pos.h"
#include "game/game.h"
#include "util/buf.h"

/* A board's last move: its number, its side (-1: none yet) and its SAN. */
struct view_last {
	int number, side;
	char san[SAN_MAX];
};

struct movetext {
	struct buf *out;
	bool first, after_comment;
	int last_number, last_side;
	char last[SAN_MAX];
	bool cards;                     /* a card game: the edits are the cards' */
	const unsigned char *undone;    /* per entry, what the list leaves out (undone.h) */
	int at;
	bool after_restore;             /* the entry before was an "@fen" left out: a move
					 * taken back */
	bool side_run;                  /* a run of "@side" edits not yet written: */
	int side_from, side_to;         /* the side to move before it, and after it */
};

/* One entry of a board's list into mt->out (game_walk's callback; arg: the movetext). */
int movetext_entry(const struct pos *before, const char *entry, void *arg);
/* An edit of the board ("remove e4", without its "@") in the words of the move record: a
 * card's in a card game (`cards`), else neutral. */
void movetext_edit_words(const char *op, bool cards, char *out, size_t len);

/* view_movetext() (view.h), and the board's last move in *last. */
void view_movetext_last(const struct game *g, int b, struct buf *out, struct view_last *last);

#endif
