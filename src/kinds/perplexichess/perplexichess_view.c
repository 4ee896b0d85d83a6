/* perplexichess_view.c: the template variables of a Perplexichess game for one reader: a
 * boardman sees their own board, the strategist and the agents every board side by side;
 * everyone sees the teams, the score of the boards and the rule changes in force. */
#include <stdio.h>
#include <string.h>

#include "game/kind.h"
#include "kinds/perplexichess/perplexichess.h"
#include "kinds/perplexichess/perplexichess_view.h"
#include "render/fit.h"
#include "render/view.h"
#include "util/buf.h"


static void set_buf(struct tctx *c, const char *name, struct buf *b)
{
	tctx_set(c, name, "%s", b->s ? b->s : "");
	buf_free(b);
}

/* One line of a board's compact diagram: row r (0 at the top) from `side`'s side. */
static void board_row(const struct pos *p, int side, int r, struct buf *out)
{
	const struct variant *v = p->v;
	int rank = side == WHITE ? v->ranks - 1 - r : r;

	buf_printf(out, "%2d ", rank + 1);
	for (int f = 0; f < v->files; f++) {
		int file = side == WHITE ? f : v->files - 1 - f;
		sq_t s = variant_square_at(v, file, rank);
		piece_t pc = s == SQ_NONE ? PIECE_NONE : pos_at(p, s);
		buf_printf(out, "%c%s", pc ? variant_piece_char(v, pc) : '.', f + 1 < v->files ? " " : "");
	}
}

static void board_head(const struct board *bd, int b, char *out, size_t len)
{
	if (strcmp(bd->result, "*"))
		phrase_printf(out, len, "Board %d: %s", b + 1, bd->result);
	else
		phrase_printf(out, len, "Board %d: %s", b + 1, bd->pos->side == WHITE ?
			      N_("White to move") : N_("Black to move"));
}

/* Every board, a few side by side, each with its number, result and who is to move: as
 * many side by side as fit a mail's line (FIT_WIDTH), the rest in rows below. */
static void all_boards(const struct game *g, int side, struct buf *out)
{
	const struct variant *v = g->v;
	int width = 3 + 2 * v->files - 1, per_row;
	char head[96], en[96], pad[16];

	/* the columns as English sets them; a longer heading in another language pushes the
	 * next one along its line, the diagrams below keep theirs */
	for (int b = 0; b < g->nboards; b++) {
		board_head(&g->board[b], b, head, sizeof head);
		int n = (int)strlen(phrase_english(head, en, sizeof en));
		width = n > width ? n : width;
	}
	per_row = (FIT_WIDTH + 2) / (width + 2);
	per_row = per_row < 1 ? 1 : per_row;
	for (int first = 0; first < g->nboards; first += per_row) {
		int last = first + per_row < g->nboards ? first + per_row : g->nboards;
		for (int b = first; b < last; b++) {
			board_head(&g->board[b], b, head, sizeof head);
			snprintf(pad, sizeof pad, "%%-%ds", b + 1 < last ? width + 2 : 0);
			buf_phrase(out, pad, head);
		}
		buf_str(out, "\n");
		for (int r = 0; r < v->ranks; r++)
			for (int b = first; b < last; b++) {
				size_t at = out->n;
				board_row(g->board[b].pos, side, r, out);
				if (b + 1 < last)
					buf_printf(out, "%*s", width + 2 - (int)(out->n - at), "");
				else
					buf_str(out, "\n");
			}
		for (int b = first; b < last; b++) {
			size_t at = out->n;
			buf_str(out, "   ");
			for (int f = 0; f < v->files; f++) {
				char name[3];
				variant_file_name(side == WHITE ? f : v->files - 1 - f, name);
				buf_printf(out, "%s%s", name, f + 1 < v->files ? " " : "");
			}
			if (b + 1 < last)
				buf_printf(out, "%*s", width + 2 - (int)(out->n - at), "");
			else
				buf_str(out, "\n");
		}
		if (last < g->nboards)
			buf_str(out, "\n");
	}
}

/* The score: each board's state, then the boards won. */
static void score(const struct game *g, struct buf *out)
{
	int won[2] = { 0, 0 };

	for (int b = 0; b < g->nboards; b++) {
		const struct board *bd = &g->board[b];
		won[WHITE] += !strcmp(bd->result, "1-0");
		won[BLACK] += !strcmp(bd->result, "0-1");
		/* a board still open when the game ended (a strategist resigned, time was
		 * called on the game) was never finished, not "playing" */
		buf_str(out, b ? ", " : "");
		buf_phrase(out, "board %d %s", b + 1, strcmp(bd->result, "*") ? bd->result :
			   g->status == GAME_OVER ? N_("unfinished") : N_("playing"));
	}
	buf_str(out, ". ");
	buf_phrase(out, "Boards won: White %d, Black %d.", won[WHITE], won[BLACK]);
}

/* Each team: its strategist, its boardmen by board, its agents. */
static void teams(const struct game *g, int reader, struct buf *out)
{
	char who[PUBLIC_NAME_MAX];

	static const char *const order[] = { PX_ROLE_STRATEGIST, PX_ROLE_BOARDMAN, PX_ROLE_AGENT };

	for (int c = WHITE; c <= BLACK; c++) {
		buf_str(out, c ? "\n" : "");
		buf_phrase(out, "%s:", side_name(c));
		for (size_t r = 0; r < sizeof order / sizeof order[0]; r++)
			for (int b = -1; b < g->nboards; b++)
				for (int i = 0; i < g->nseats; i++) {
					char duty[96];
					if (g->seat[i].side != c || g->seat[i].board != b ||
					    !px_is(g, i, order[r]))
						continue;
					px_role(g, i, duty, sizeof duty);
					buf_str(out, "\n  ");
					buf_phrase(out, "%-24s", duty);
					buf_printf(out, " %s", view_seat_text(g, i, reader, who,
									      sizeof who));
				}
	}
}

/* The move a mail is about, on whichever board it was made, and who made it: not the
 * last move of the reader's own board, which may be older or on no board at all. */
static void event(const struct game *g, int reader, struct tctx *c)
{
	const struct game_event *ev = g->nevents ? &g->events[g->nevents - 1] : NULL;
	char san[SAN_MAX], duty[96], who[PUBLIC_NAME_MAX];
	int b;

	tctx_set(c, "last_move", "%s", "");
	tctx_set(c, "mover", "%s", "");
	if (!ev || strcmp(ev->kind, "move") || ev->by < 0 || ev->by >= g->nseats ||
	    sscanf(ev->detail, "%d:%15s", &b, san) != 2 || b < 1 || b > g->nboards)
		return;
	const struct pos *p = g->board[b - 1].pos;
	int side = g->seat[ev->by].side;
	unsigned number = side == BLACK ? p->fullmove - 1 : p->fullmove;
	tctx_phrase(c, "last_move", "%u.%s %s on board %d", number, side == BLACK ? ".." : "", san,
		    b);
	if (ev->by == reader)
		tctx_set(c, "mover", "yes");
	else
		tctx_set(c, "px_mover", "%s (%s)", px_duty(g, ev->by, duty, sizeof duty),
			 view_seat_text(g, ev->by, reader, who, sizeof who));
}

static void px_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	const struct perplexichess *px = g->kstate;
	struct buf b = { 0 };
	char text[512];
	int ws = px_strategist(g, WHITE), bs = px_strategist(g, BLACK);

	tctx_set(c, "px", "yes");
	event(g, reader, c);
	char title[96], wn[PUBLIC_NAME_MAX] = "?", bn[PUBLIC_NAME_MAX] = "?";
	if (ws >= 0)
		view_seat_text(g, ws, reader, wn, sizeof wn);
	if (bs >= 0)
		view_seat_text(g, bs, reader, bn, sizeof bn);
	tctx_phrase(c, "title", "%s: %s's team v %s's team", view_variant_title(g, title, sizeof title),
		    wn, bn);
	teams(g, reader, &b);
	set_buf(c, "px_teams", &b);
	score(g, &b);
	set_buf(c, "px_score", &b);
	for (int n = 0; n < g->nboards; n++)
		if (*px_rules_text(g, n, text, sizeof text)) {
			buf_str(&b, b.n ? "\n  " : "");
			buf_phrase(&b, "board %d: %s", n + 1, text);
		}
	set_buf(c, "px_rules", &b);
	if ((reader < 0 || reader >= g->nseats) && r->kind == REPLY_OBSERVED) {
		all_boards(g, WHITE, &b);       /* an observer: every board, as anyone sees it */
		set_buf(c, "board", &b);
	}
	if (reader < 0 || reader >= g->nseats)
		return;
	const struct seat *st = &g->seat[reader];
	tctx_set(c, "px_duty", "%s", px_duty(g, reader, text, sizeof text));
	tctx_set(c, "px_expect", "%s", kind_of(g)->expect_text(g, reader, text, sizeof text));
	if (st->board >= 0) {           /* a boardman: their own board */
		const struct board *bd = &g->board[st->board];
		if (strcmp(bd->result, "*"))
			buf_phrase(&b, "Board %d (%s)", st->board + 1, bd->result);
		else
			buf_phrase(&b, "Board %d", st->board + 1);
		buf_str(&b, "\n");
		view_board(bd->pos, st->side, &b);
		set_buf(c, "board", &b);
		if (px->draw_offer[st->board] == (int)COLOR_OTHER(st->side))
			tctx_phrase(c, "px_draw_offer", "%s offers you a draw on board %d: reply \"accept "
				    "draw\" or \"decline draw\" (or make your move, which declines it).",
				    side_name(COLOR_OTHER(st->side)), st->board + 1);
	} else {                        /* a strategist, an agent: every board they act on */
		all_boards(g, st->side, &b);
		tctx_set(c, "px_overview", "%s", b.s ? b.s : "");
		set_buf(c, "board", &b);
	}
}

/* For the game master's terminal: the score and the rule changes. */
static void px_summary(const struct game *g, struct buf *out)
{
	char text[512];

	buf_phrase(out, "Score:");
	buf_str(out, " ");
	score(g, out);
	buf_str(out, "\n");
	for (int n = 0; n < g->nboards; n++)
		if (*px_rules_text(g, n, text, sizeof text)) {
			buf_phrase(out, "Rules of board %d: %s", n + 1, text);
			buf_str(out, "\n");
		}
}

/* The variables view sets, for the kind's parts of the templates (templates/perplexichess/). */
static const char *const px_names[] = {
	"px", "px_teams", "px_score", "px_rules", "px_duty", "px_expect", "px_draw_offer",
	"px_mover", "px_overview", NULL,
};

const struct kind_view kind_perplexichess_view = {
	.view = px_view,
	.summary = px_summary,
	.names = px_names,
};
