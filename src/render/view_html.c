/* view_html.c: the HTML part of a reply that shows the board (view.h, view_html): the
 * board(s) the reader sees as tables, a legend of the letters where the pieces are not
 * chess's, then the text part whole, so that a reader whose client shows the HTML part
 * misses nothing of the text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "game/choices.h"
#include "game/kind.h"
#include "render/board_html.h"
#include "render/view_kind.h"
#include "render/view.h"

struct last_move {
	struct pos *scratch;            /* a copy of the position before the move, to read it */
	int at, last;                   /* the entry the walk is at; the board's last one */
	sq_t from, to;
};

/* The board's last entry, if it is a move, read in the position before it while the
 * board's own rules (which the walk holds) are alive; only that one is parsed. */
static int remember(const struct pos *before, const char *entry, void *arg)
{
	struct last_move *lm = arg;
	struct move m;
	struct err e;

	if (lm->at++ != lm->last || entry[0] == '@')
		return 0;
	memcpy(lm->scratch, before, sizeof *lm->scratch);
	if (notation_parse(lm->scratch, entry, &m, &e) == 0)
		lm->from = m.from, lm->to = m.to;
	return 1;
}

/* The squares of board b's last move, SQ_NONE if its last entry is no move (an edit
 * after a move changed what the move left). */
static void last_squares(const struct game *g, int b, sq_t *from, sq_t *to)
{
	const struct board *bd = &g->board[b];
	struct last_move lm = { .last = bd->nmoves - 1, .from = SQ_NONE, .to = SQ_NONE };

	/* the move the board kept from its last entry: no walk */
	if (bd->nmoves > 0 && bd->moves[bd->nmoves - 1][0] != '@' && bd->nresolved == bd->nmoves) {
		*from = bd->resolved[bd->nmoves - 1].from;
		*to = bd->resolved[bd->nmoves - 1].to;
		return;
	}
	if (bd->nmoves > 0 && bd->moves[bd->nmoves - 1][0] != '@' &&
	    (lm.scratch = malloc(sizeof(struct pos))) && game_walk(g, b, remember, &lm) < 0)
		lm.from = lm.to = SQ_NONE;
	*from = lm.from;
	*to = lm.to;
	free(lm.scratch);
}

/* A phrase in the reader's language, escaped for HTML. */
static void html_phrase(const char *text, const struct phrase_lang *l, struct buf *out)
{
	struct buf said = { 0 };

	phrase_render(&said, text, l);
	board_html_escape(said.s ? said.s : "", out);
	buf_free(&said);
}

static void one_board(const struct game *g, int b, int side, const struct phrase_lang *l,
		      struct buf *out)
{
	sq_t from, to;
	char head[64];

	if (g->nboards > 1) {
		buf_str(out, "<p style=\"margin:8px 0 4px 0;font-family:sans-serif\"><b>");
		html_phrase(phrase_printf(head, sizeof head, "Board %d", b + 1), l, out);
		buf_printf(out, "</b>%s%s%s</p>\n", strcmp(g->board[b].result, "*") ? " (" : "",
			   strcmp(g->board[b].result, "*") ? g->board[b].result : "",
			   strcmp(g->board[b].result, "*") ? ")" : "");
	}
	const struct kind_view *kv = view_kind_part(kind_of(g));

	last_squares(g, b, &from, &to);
	if (kv && kv->board_html)
		kv->board_html(g->board[b].pos, side, from, to, l, out);
	else
		board_html(g->board[b].pos, side, from, to, out);
}

static bool shows_board(enum reply_kind k)
{
	/* an observer's mail too: the public board, and no token nor link in the part */
	return k == REPLY_STARTED || k == REPLY_MOVED || k == REPLY_OVER || k == REPLY_STATUS ||
	       k == REPLY_DEALT || k == REPLY_REFUSED || k == REPLY_OBSERVED;
}

/* The choices of the reply's reader (game_choices: none unless they may act now, a
 * strategist's transfers at any time): a player's own mail (the links carry their
 * token), never an observer's nor another address's. */
static int reader_choices(const struct game *g, const struct reply *r,
			  const struct html_reader *hr, struct choices *ch)
{
	memset(ch, 0, sizeof *ch);
	if (!hr || !hr->referee || r->to < 0 || r->to >= g->nseats || g->status != GAME_PLAYING ||
	    (!shows_board(r->kind) && r->kind != REPLY_NOTICE))
		return 0;
	return game_choices(g, r->to, ch);
}

static void boards(const struct game *g, int reader, const struct phrase_lang *l,
		   struct buf *out)
{
	int side = reader >= 0 ? g->seat[reader].side : WHITE;
	int mine = reader >= 0 && g->nboards > 1 ? g->seat[reader].board : -1;

	for (int b = 0; b < g->nboards; b++)
		if (mine < 0 || b == mine)
			one_board(g, b, side, l, out);
	if (!view_chess_pieces(g->v)) {
		char said[160];
		buf_str(out, "<p style=\"font-family:sans-serif;font-size:13px\">");
		view_piece_key(g->v, l, out);
		buf_str(out, " ");
		html_phrase(phrase_printf(said, sizeof said, "(%s's in capitals, %s's in small "
					  "letters)", game_side_name(g, WHITE),
					  game_side_name(g, BLACK)), l, out);
		buf_str(out, "</p>\n");
	}
}

char *view_html(const struct game *g, const struct reply *r, const char *subject,
		const char *text, const struct html_reader *hr)
{
	struct buf out = { 0 };
	struct choices ch;
	int reader = r->to >= 0 && r->to < g->nseats ? r->to : -1;
	const struct kind_view *kv = view_kind_part(kind_of(g));
	bool board = shows_board(r->kind) && game_pos(g) && !(kv && kv->own_board);

	if (reader_choices(g, r, hr, &ch) < 0 || (!board && !ch.n && !ch.left_out)) {
		choices_free(&ch);
		return NULL;
	}
	/* the part's room taken once: a board some 8 KB, a link its subject percent-encoded
	 * and its style, the text (a copy as large as the part grown the last time) */
	size_t text_n = strlen(text);
	buf_reserve(&out, 2048 + (board ? 8192 * (size_t)g->nboards : 0) +
		    ch.n * (3 * strlen(subject) + 400) + text_n + text_n / 8);
	buf_str(&out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
		"content=\"width=device-width\"><title>");
	board_html_escape(subject, &out);
	buf_str(&out, "</title></head>\n<body style=\"margin:8px\">\n");
	if (board)
		boards(g, reader, hr ? hr->l : NULL, &out);
	view_moves_html(g, &ch, subject, hr, &out);
	choices_free(&ch);
	buf_str(&out, "<pre style=\"font-family:monospace;font-size:13px\">");
	board_html_escape(text, &out);
	buf_str(&out, "</pre>\n</body></html>\n");
	return buf_take(&out);
}
