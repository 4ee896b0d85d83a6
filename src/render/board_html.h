/* board_html.h: the board as HTML for a mail's HTML part (board_html.c): a table with
 * inline styles only (what webmail keeps), coloured squares, figurines where the variant's
 * pieces are chess's (letters otherwise, with a legend), the last move's squares marked,
 * the reader's side at the bottom; each square's name and piece in data attributes. */
#ifndef TEMPEST_RENDER_BOARD_HTML_H
#define TEMPEST_RENDER_BOARD_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"
#include "util/buf.h"

/* The table of p seen from `side` (White's if not BLACK); from and to (SQ_NONE: none) are
 * the last move's squares. */
void board_html(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out);
/* What a kind says of a board whose places lie beyond the grid (TigerChess): each
 * place's colour, the rows' and columns' names, the marks of the pieces as its players
 * read them. */
struct board_look {
	/* The background of square s (an HTML colour), or NULL for the grid's light/dark. */
	const char *(*colour)(const struct variant *v, sq_t s);
	/* The names of grid row r and grid column f (0-based; negative ones too). */
	void (*row_label)(const struct variant *v, int r, char *out, size_t len);
	void (*file_label)(const struct variant *v, int f, char *out, size_t len);
	/* The mark of the piece on s as written on it ("A", "iv"). */
	void (*mark)(const struct pos *p, sq_t s, char *out, size_t len);
};

/* The table of every square of p, those beside the grid at their coordinates too, seen
 * from `side`; each cell also carries its piece's mark (data-mark), shown beside it. */
void board_html_whole(const struct pos *p, int side, sq_t from, sq_t to,
		      const struct board_look *look, struct buf *out);
/* The square at grid coordinates (f, r), beside the grid too (reserve squares included,
 * which variant_square_at's move map leaves out), or SQ_NONE. */
sq_t board_html_place_at(const struct variant *v, int f, int r);
/* The columns and rows every square of v fills, the places beside the grid included. */
void board_html_bounds(const struct variant *v, int *f0, int *f1, int *r0, int *r1);
/* Are the variant's pieces exactly chess's six (then figurines are shown)? */
bool view_chess_pieces(const struct variant *v);
/* "K = King, Q = Queen, ..." */
void view_piece_key(const struct variant *v, struct buf *out);
/* The figurine of an orthodox piece by its letter ('K'...'P') as an HTML character
 * reference (White's or Black's), or NULL for another letter. */
const char *board_html_figurine(char letter, int colour);
/* Text with <, >, & and " escaped. */
void board_html_escape(const char *s, struct buf *out);

#endif
