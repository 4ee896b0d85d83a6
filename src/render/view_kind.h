/* view_kind.h: what a game kind adds to a mail, template variables for one reader, who
 * sees only what the rules let them see; and the table of kinds render is handed at
 * start-up by whoever knows them (kinds/registry.c): render never names a kind. */
#ifndef TEMPEST_RENDER_VIEW_KIND_H
#define TEMPEST_RENDER_VIEW_KIND_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "render/board_html.h"
#include "render/view.h"
#include "util/buf.h"

struct kind_view {
	/* The kind's variables of reply r for `reader` (a seat, or -1 for an outsider). */
	void (*view)(const struct game *g, const struct reply *r, int reader, struct tctx *c);
	/* The kind's variables of a help mail for `reader`: examples of its orders that the
	 * reader could send now (a placement of a tile they hold). NULL: none. */
	void (*help)(const struct game *g, int reader, struct tctx *c);
	/* The help's example of the kind's order w for `reader`, in English, from the game
	 * as it stands ("card 54", a card of their hand) into out, or "" to keep the order
	 * table's. NULL: the table's. */
	void (*example)(const struct game *g, int reader, const struct order_word *w, char *out,
			size_t len);
	/* A summary for the game master's terminal (`tempest show`), public facts only. */
	void (*summary)(const struct game *g, struct buf *out);
	/* The kind draws its own board in the text (ChessMe): no HTML board. */
	bool own_board;
	/* The HTML board of p from `side` (from, to: the last move's squares), where the kind
	 * draws more than the grid (TigerChess's Palaces, Strongholds, Borderposts); NULL:
	 * board_html's grid. */
	void (*board_html)(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out);
	/* The text board of p from `side`, where the kind draws more than the grid (the same
	 * places as board_html); NULL: view_board's diagram. The mails and `tempest show`
	 * both draw through view_board_of, so they show one board. */
	void (*board_text)(const struct pos *p, int side, struct buf *out);
	/* The places beside the grid (TigerChess), for a board drawn as a whole elsewhere
	 * than board_html (the archive's steps); NULL: the grid alone. */
	const struct board_look *look;
	/* What one of the kind's own entries of a board's list ("@deploy FEN": a posting)
	 * did, in words, from the positions before and after it: each such entry is then a
	 * step of the archive's move list. NULL: such entries are the start, no step. */
	void (*step_words)(const struct pos *before, const struct pos *after, char *out,
			   size_t len);
	/* The game's whole PGN, where the kind's record is no chess game from a position
	 * (ChessMe: no grid, placements); NULL: view_pgn's, from the boards. */
	void (*pgn)(const struct game *g, struct buf *out);
	/* What the game's PGN says before its first move, without the braces (TigerChess: the
	 * deployment, rule 6); nothing appended: no comment. NULL: none. */
	void (*pgn_comment)(const struct game *g, struct buf *out);
	/* The names of the variables view sets (NULL-terminated): the kind's parts of the
	 * templates (templates/KIND/NAME.txt) may use them beside the shared ones. */
	const char *const *names;
};

/* One kind render shows: the kind, and its part of a mail (NULL: it shows nothing beyond
 * what every game shows). */
struct view_kind {
	const struct kind *kind;
	const struct kind_view *part;
};

/* Hands render the kinds it shows, once at start-up before any mail is made. The table is
 * borrowed: it must live as long as render is used (a static table). */
void view_kinds_set(const struct view_kind *table, size_t n);
/* Kind k's part of a mail (borrowed), or NULL if it shows nothing more. */
const struct kind_view *view_kind_part(const struct kind *k);
/* The kinds handed down: how many, the i-th, and kind k's index (view_kinds_count() if it
 * was not handed down). */
size_t view_kinds_count(void);
const struct view_kind *view_kind_at(size_t i);
size_t view_kind_index(const struct kind *k);

#endif
