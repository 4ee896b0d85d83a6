/* board_html.h: the board as HTML for a mail's HTML part (board_html.c): a table with
 * inline styles only (what webmail keeps), coloured squares, figurines where the variant's
 * pieces are chess's (letters otherwise, with a legend), the last move's squares marked,
 * the reader's side at the bottom; each square's name and piece in data attributes. */
#ifndef TEMPEST_RENDER_BOARD_HTML_H
#define TEMPEST_RENDER_BOARD_HTML_H

#include <stdbool.h>

#include "engine/pos.h"
#include "util/buf.h"

/* The table of p seen from `side` (White's if not BLACK); from and to (SQ_NONE: none) are
 * the last move's squares. */
void board_html(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out);
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
