/* view.c: see view.h. */
#include "render/view.h"
#include "render/tournament_view.h"
#include "render/view_read.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "game/kind.h"
#include "game/observe.h"
#include "game/order_words.h"
#include "game/standing.h"
#include "render/board_html.h"
#include "render/fit.h"
#include "render/movetext.h"
#include "render/quote.h"
#include "render/view_kind.h"
#include "util/clock.h"

void view_board_of(const struct game *g, const struct pos *p, int side, struct buf *out)
{
	const struct kind_view *kv = view_kind_part(kind_of(g));

	if (kv && kv->board_text)
		kv->board_text(p, side, out);
	else
		view_board(p, side, out);
}

/* The boards from the reader's side; in a game of several, each under its heading. */
/* ... and *last, the moves of the reader's board (mine) with its last move. */
static void set_board(struct tctx *c, const struct game *g, int side, bool pgn, int mine,
		      struct view_last *last)
{
	struct buf b = { 0 }, fens = { 0 }, moves = { 0 };
	char fen[FEN_MAX];

	for (int n = 0; n < g->nboards; n++) {
		const struct board *bd = &g->board[n];
		const char *sep = n ? "\n" : "";
		if (g->nboards > 1) {
			buf_str(&b, sep);
			if (strcmp(bd->result, "*"))
				buf_phrase(&b, "Board %d (%s)", n + 1, bd->result);
			else
				buf_phrase(&b, "Board %d", n + 1);
			buf_str(&b, "\n");
			buf_str(&moves, sep);
			buf_phrase(&moves, "Board %d:", n + 1);
			buf_str(&moves, " ");
		}
		view_board_of(g, bd->pos, side == WHITE || side == BLACK ? side : WHITE, &b);
		pos_to_fen(bd->pos, fen, sizeof fen);
		buf_printf(&fens, "%s%s", n ? " | " : "", fen);
		size_t before = moves.n;
		struct view_last mt;
		view_movetext_last(g, n, &moves, &mt);
		if (n == mine)
			*last = mt;
		if (moves.n == before)
			buf_str(&moves, N_("(none yet)"));
	}
	tctx_set(c, "board", "%s", b.s ? b.s : "");
	tctx_set(c, "fen", "%s", fens.s ? fens.s : "");
	tctx_set(c, "moves", "%s", moves.s ? moves.s : N_("(none yet)"));
	buf_free(&b);
	buf_free(&fens);
	buf_free(&moves);
	if (pgn) {
		view_pgn(g, "By email", &b);
		tctx_set(c, "pgn", "%s", b.s ? b.s : "");
		buf_free(&b);
	}
}


/* The reader's own lines given in advance, for them alone (standing.h). */
static void set_standing(struct tctx *c, const struct game *g, int me)
{
	struct buf lines = { 0 };

	if (!g->nstanding)
		return;
	standing_text(g, me, g->lang[me], &lines);
	if (lines.n && !lines.failed) {
		lines.s[--lines.n] = 0;         /* the last line's end: the template has it */
		tctx_set(c, "conditional", "%s", lines.s);
	}
	buf_free(&lines);
}

static void set_game(struct tctx *c, const struct game *g, const struct reply *r, bool pgn)
{
	int me = r->to >= 0 && r->to < g->nseats ? r->to : -1;
	int my_side = me >= 0 ? g->seat[me].side : -1;
	int b = me >= 0 && g->seat[me].board >= 0 ? g->seat[me].board : 0;
	const struct pos *p = g->board[b].pos;
	int side_to_move = p->side, mover_seat = game_mover(g, b, side_to_move);
	char white[512], black[512], title[96], word[64], one[PUBLIC_NAME_MAX];

	/* a player reads the players' addresses; anyone else (an observer, an arbiter, the
	 * archive) their names in public (seat_public) */
	view_side_names(g, WHITE, me, white, sizeof white);
	view_side_names(g, BLACK, me, black, sizeof black);
	view_variant_title(g, title, sizeof title);
	tctx_set(c, "game", "%d", g->id);
	tctx_set(c, "variant", "%s", title);
	tctx_set(c, "white", "%s", white);
	tctx_set(c, "black", "%s", black);
	tctx_set(c, "white_side", "%s", game_side_name(g, WHITE));     /* "White", "Bengal" */
	tctx_set(c, "black_side", "%s", game_side_name(g, BLACK));
	tctx_set(c, "title", "%s: %s v %s", title, white, black);
	tctx_set(c, "challenger", "%s", view_seat_text(g, g->challenger, me, one, sizeof one));
	tctx_set(c, "invited", "%s", view_seat_text(g, COLOR_OTHER(g->challenger), me, one,
						    sizeof one));
	tctx_set(c, "colour_asked", "%s", phrase_word(word, sizeof word, "colour", g->colour_asked));
	tctx_set(c, "status", "%s", phrase_word(word, sizeof word, "status",
						game_status_name(g->status)));
	if (g->private_)
		tctx_set(c, "private", "yes");
	tn_view_game(&g->tournament, c);        /* a tournament's game: its mails name it */
	if (me >= 0) {
		int them = g->seat[me].board >= 0 ? game_mover(g, b, COLOR_OTHER(my_side)) : -1;
		tctx_set(c, "you", "%s", game_side_name(g, my_side));
		tctx_set(c, "opponent", "%s", them >= 0 ? g->seat[them].address :
			 my_side == WHITE ? black : white);
		tctx_set(c, "opponent_colour", "%s", game_side_name(g, COLOR_OTHER(my_side)));
		if (g->nboards > 1 && g->seat[me].board >= 0)
			tctx_set(c, "your_board", "%d", b + 1);
		set_standing(c, g, me);
	}
	struct view_last last = { .side = -1 };
	set_board(c, g, my_side, pgn, b, &last);
	if (last.side >= 0) {
		tctx_set(c, "last_move", "%d.%s %s", last.number, last.side == BLACK ? ".." : "",
			 last.san);
		if (last.side == my_side)
			tctx_set(c, "mover", "yes");
	}
	tctx_set(c, "move_number", "%u", p->fullmove);
	tctx_set(c, "to_move", "%s (%s)", game_side_name(g, side_to_move),
		 mover_seat >= 0 ? view_seat_text(g, mover_seat, me, one, sizeof one) : "");
	enum clock_window w;
	if (g->status == GAME_PLAYING && me >= 0 &&
	    (g->nboards == 1 ? my_side == side_to_move : (game_expected(g, &w) >> me & 1) != 0))
		tctx_set(c, "your_turn", "yes");
	if (g->status == GAME_PLAYING && movegen_in_check(p))
		tctx_set(c, "check", "%s", game_side_name(g, side_to_move));
	if (g->status == GAME_PLAYING)
		tctx_set(c, "playing", "yes");
	if (g->status == GAME_INVITED)
		tctx_set(c, "invited_stage", "yes");
	if (g->draw_offer >= 0) {
		tctx_set(c, "draw_offer", "%s", game_side_name(g, g->draw_offer));
		if (g->draw_offer != my_side)
			tctx_set(c, "draw_offer_to_you", "yes");
	}
	if (g->status == GAME_OVER || g->status == GAME_DECLINED) {
		tctx_set(c, "over", "yes");
		tctx_set(c, "result", "%s", g->result);
		tctx_set(c, "termination", "%s", g->termination);
	}
}

/* The help's line for an order of a kind: its word(s) and the shape of its argument. */
void view_order_usage(const struct order_word *w, const char *lang, char *out, size_t len)
{
	static const char *const shapes[] = {
		/* signs, not words: the same in every language */
		[ORDER_ARG_NONE] = "", [ORDER_ARG_NUMBER] = " N", [ORDER_ARG_WORD] = " ...",
		[ORDER_ARG_MOVE] = " ...", [ORDER_ARG_ADDRESS] = " ...@...",
		[ORDER_ARG_COLOUR] = " ...", [ORDER_ARG_REST] = " ...",
		[ORDER_ARG_NUMBERS] = " N N ...",
	};

	snprintf(out, len, "%s%s", order_word_in(lang, false, w->words),
		 (size_t)w->arg < sizeof shapes / sizeof shapes[0] && shapes[w->arg] ?
		 shapes[w->arg] : "");
}

char *view_kind_usages(const struct order_word *w, size_t n)
{
	struct buf b = { 0 };
	size_t nwords;
	const struct order_alias *words = order_words(&nwords);

	/* in English, then in each language the help is written in */
	for (size_t l = 0; l <= nwords; l++) {
		const char *lang = l ? words[l - 1].lang : NULL;
		if (l && (words[l - 1].argument || !words[l - 1].first))
			continue;
		for (size_t i = 0; i < n; i++) {
			char usage[128];
			if (lang && strcmp(words[l - 1].english, w[i].words))
				continue;
			view_order_usage(&w[i], lang, usage, sizeof usage);
			buf_printf(&b, "  %s\n", usage);
		}
	}
	return buf_take(&b);
}

/* A confirmation asked (observe.h): whom of, and until when its token is taken (the end
 * of the last of confirm_days, UTC, as the reader's clock says it). */
static void confirm_context(struct tctx *c, const struct reply *r, const struct view_extra *x)
{
	char when[64];

	if (r->arbiter)
		tctx_set(c, "confirm_arbiter", "yes");
	clock_local((x->now / DAY + (x->confirm_days > 0 ? x->confirm_days : 7)) * DAY,
		    x->timezone ? x->timezone : "UTC", when, sizeof when);
	tctx_set(c, "confirm_lapses", "%s", when);
}

/* The help's orders of the game's own kind (a card game's), by the shape of their
 * arguments, each with an example said to be one ("card 23" alone could be read as news
 * of the game): only those its reader could send in this game now, each written in the
 * reader's words (game/order_words.h), the example one of their own where the kind knows
 * it (a card of their hand). */
static void help_kind_orders(struct tctx *c, const struct game *g, const struct reply *r,
			const struct view_extra *x)
{
	const struct kind *k = kind_of(g);
	const struct kind_view *kv = game_pos(g) ? view_kind_part(k) : NULL;

	for (size_t i = 0; i < k->norders; i++) {
		struct order od = { .kind = k->orders[i].kind };
		const char *no = k->order_refused && r->to >= 0 ? k->order_refused(g, r->to, &od) :
				 NULL, *u = k->orders[i].usage;
		size_t n = strlen(k->orders[i].words);
		if (no && *no)
			continue;       /* a challenge's term, a duty not theirs: not now */
		if (u && (strncmp(u, k->orders[i].words, n) || (u[n] && !strchr(" :", u[n]))))
			continue;       /* another spelling of the order above ("number") */
		struct tctx *it = tctx_item(c, "kind_orders");
		char usage[128], example[128], own[96] = "";
		struct order_word w = k->orders[i];
		if (!it)
			continue;
		view_order_usage(&w, x->language, usage, sizeof usage);
		tctx_set(it, "usage", "%s", usage);
		if (kv && kv->example)
			kv->example(g, r->to, &w, own, sizeof own);
		if (own[0])
			w.usage = own;
		order_usage_in(x->language, &w, example, sizeof example);
		tctx_set(it, "example", "%s", example);
	}
}

struct tctx *view_context(const struct game *g, const struct reply *r,
			  const struct view_extra *x)
{
	struct tctx *c = tctx_new();
	struct quote_budget qb = { 0 };

	if (!c)
		return NULL;
	tctx_set(c, "referee", "%s", x->referee);
	tctx_set(c, "referee_name", "%s", x->referee_name);
	tctx_set(c, "note", "%s", r->note);
	if (x->tournament)
		tn_view_context(x->tournament, c);
	if (g && r->kind == REPLY_HELP) {
		/* help says how to write orders, nothing of the game's state but the reader's
		 * examples (an example is one the reader could send) */
		const struct kind_view *kv = game_pos(g) ? view_kind_part(kind_of(g)) : NULL;
		tctx_set(c, "game", "%d", g->id);
		char title[96];
		tctx_set(c, "variant", "%s", view_variant_title(g, title, sizeof title));
		if (kv && kv->help)
			kv->help(g, r->to, c);
	} else if (g && game_pos(g)) {
		const struct kind_view *kv = view_kind_part(kind_of(g));
		set_game(c, g, r, !x->no_pgn);
		if (r->kind == REPLY_OBSERVED && r->to < 0 && game_observer_of(g, r->address) >= 0)
			tctx_set(c, "observing", "yes");
		if (r->kind == REPLY_CONFIRM)
			confirm_context(c, r, x);
		if (kv && kv->view)
			kv->view(g, r, r->to, c);
		view_clock(g, r->to, c, x);
	}
	view_add_errors(c, x, &qb);
	if (r->kind == REPLY_HELP && g)
		help_kind_orders(c, g, r, x);
	/* the sender sees at once what was read of their mail, and that prose was passed
	 * over (the test reply lists it all) */
	if (x->to_sender && x->orders && r->kind != REPLY_TEST && x->orders->n)
		view_add_read(c, g, r, x->orders, &qb);
	if (r->kind == REPLY_TEST)
		view_add_test(c, x, &qb);
	return c;
}
