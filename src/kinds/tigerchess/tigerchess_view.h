/* tigerchess_view.h: what a mail of a TigerChess game shows (tigerchess_view.c). */
#ifndef TEMPEST_KINDS_TIGERCHESS_VIEW_H
#define TEMPEST_KINDS_TIGERCHESS_VIEW_H

#include "render/board_html.h"
#include "render/view_kind.h"

extern const struct kind_view kind_tigerchess_view;

/* tigerchess_board_view.c: the whole board, the places beyond the Chessfield too, seen
 * from `side`: as text (with the legend of the places and the key of the letters), and
 * as HTML (from, to: the last move's squares). */
void tc_board_text(const struct pos *p, int side, struct buf *out);
void tc_board_html(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out);
/* The places' colours, names and marks, for a whole board drawn elsewhere (the archive's
 * steps). */
extern const struct board_look tc_look;
/* What a deployment entry of the board's list posted, from the positions before and after
 * it: "SS i d5", "BG to the D wing". */
void tc_step_words(const struct pos *before, const struct pos *after, char *out, size_t len);

#endif
