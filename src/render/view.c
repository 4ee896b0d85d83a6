/* view.c: see view.h. */
#include "render/view.h"
#include "render/tournament_view.h"
#include "render/view_read.h"

#include <ctype.h>
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
#include "render/undone.h"
#include "render/view_kind.h"


/* An edit of the board ("@remove e4", "@place N e4", "@side w", "@fen ...", "@rule N
 * NW") in the words a player reads in the move record: a card's in a card game, else
 * neutral (a Perplexichess transfer, a board's kings leaving it, a Flexichess rule). */
void movetext_edit_words(const char *op, bool cards, char *out, size_t len)
{
	char piece = 0, square[16] = "", side = 0, betza[96];
	unsigned mark = 0;

	if (!strncmp(op, "fen ", 4))
		snprintf(out, len, "%s restores the position before it", cards ? "a card" : "the referee");
	else if (sscanf(op, "remove %15s", square) == 1)
		snprintf(out, len, cards ? "a card removes the piece on %s" :
			 "the piece on %s leaves the board", square);
	else if (sscanf(op, "place %c %15s", &piece, square) == 2)
		snprintf(out, len, cards ? "a card puts a %s %c on %s" : "a %s %c is put on %s",
			 isupper((unsigned char)piece) ? "White" : "Black",
			 toupper((unsigned char)piece), square);
	else if (sscanf(op, "side %c", &side) == 1)
		snprintf(out, len, "%s to move", side == 'w' ? "White" : "Black");
	else if (sscanf(op, "mark %15s %u", square, &mark) == 2)
		snprintf(out, len, mark == MARK_SHIELD ? "the piece on %s may not be captured" :
			 mark ? "the piece on %s is marked" : "the piece on %s is no longer shielded",
			 square);
	else if (sscanf(op, "rule %c %95s", &piece, betza) == 2)
		snprintf(out, len, "from now on %c moves as %s%s", piece, betza,
			 strstr(op, " immune") ? " and may not be captured" : "");
	else
		snprintf(out, len, "%s", op);
}

/* One entry of the game's list: a move, numbered from the position before it, or an
 * edit by a card, shown as a comment. */
static int note_last(struct movetext *mt, const struct pos *before, const char *entry)
{
	mt->last_number = (int)before->fullmove;
	mt->last_side = before->side;
	snprintf(mt->last, sizeof mt->last, "%s", entry);
	return 0;
}

/* The move number before a move of `side`, where the record needs one. */
static void move_number(struct movetext *mt, const struct pos *before, int side)
{
	if (side == WHITE)
		buf_printf(mt->out, "%s%u. ", mt->first ? "" : " ", before->fullmove);
	else if (mt->first || mt->after_comment)
		buf_printf(mt->out, "%s%u... ", mt->first ? "" : " ", before->fullmove);
	else
		buf_str(mt->out, " ");
}

/* A run of changes of the side to move, written once the entry after it comes: what it
 * changed ("{Black to move}"), or nothing when it gives the move back to the side that had
 * it (a move played as edits, then its turn going on). */
static void side_flush(struct movetext *mt)
{
	if (!mt->side_run)
		return;
	if (mt->side_to != mt->side_from) {
		buf_printf(mt->out, "%s{%s to move}", mt->first ? "" : " ",
			   mt->side_to == WHITE ? "White" : "Black");
		mt->first = false;
	}
	mt->after_comment = true;
	mt->side_run = false;
}

/* "@side w" or "@side b": right after a move taken back, its side's turn passes without
 * a move ("--", as PGN readers write a null move); else the side to move changes. */
static void side_entry(struct movetext *mt, const struct pos *before, const char *entry)
{
	int to = entry[6] == 'w' ? WHITE : BLACK;

	if (mt->after_restore && (int)before->side != to) {
		side_flush(mt);
		move_number(mt, before, before->side);
		buf_str(mt->out, "--");
		mt->first = mt->after_comment = false;
		return;
	}
	if (!mt->side_run)
		mt->side_from = before->side;
	mt->side_run = true;
	mt->side_to = to;
}

int movetext_entry(const struct pos *before, const char *entry, void *arg)
{
	struct movetext *mt = arg;
	char fixed[SAN_MAX];
	const char *shown = undone_shown(mt->undone ? mt->undone[mt->at++] : 0, entry, fixed,
					 sizeof fixed);
	bool after_restore = mt->after_restore;

	mt->after_restore = !shown && !strncmp(entry, "@fen ", 5);
	if (!shown)     /* taken back: not shown, yet still the move the subject names */
		return entry[0] == '@' ? 0 : note_last(mt, before, entry);
	entry = shown;
	if (!strncmp(entry, "@deploy ", 8))
		return 0;               /* the pieces posted before play: the start, not a move */
	if (!strncmp(entry, "@side ", 6) && strlen(entry) == 7) {
		mt->after_restore = after_restore;
		side_entry(mt, before, entry);
		mt->after_restore = false;
		return 0;
	}
	side_flush(mt);
	if (!strncmp(entry, "@turn ", 6))       /* a kind's own turn (ChessMe): as written */
		entry += 6;
	else if (entry[0] == '@') {
		char what[160];
		movetext_edit_words(entry + 1, mt->cards, what, sizeof what);
		buf_printf(mt->out, "%s{%s}", mt->first ? "" : " ", what);
		mt->first = false;
		mt->after_comment = true;
		return 0;
	}
	move_number(mt, before, before->side);
	buf_str(mt->out, entry);
	mt->first = mt->after_comment = false;
	return note_last(mt, before, entry);
}

/* The board's moves into out; *mt then holds its last move: number, side and SAN (side
 * -1: none). */
static void movetext_walk(const struct game *g, int b, struct buf *out, struct movetext *mt)
{
	unsigned char *undone = g->cat ? undone_flags(g, b) : NULL;    /* cards take back */

	*mt = (struct movetext){ .out = out, .first = true, .last_side = -1, .cards = g->cat != NULL,
				 .undone = undone };
	game_walk(g, b, movetext_entry, mt);
	side_flush(mt);
	mt->undone = NULL;
	free(undone);
}

void view_movetext(const struct game *g, int b, struct buf *out)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
}

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
		      struct movetext *last)
{
	struct buf b = { 0 }, fens = { 0 }, moves = { 0 };
	char fen[FEN_MAX];

	for (int n = 0; n < g->nboards; n++) {
		const struct board *bd = &g->board[n];
		const char *sep = n ? "\n" : "";
		if (g->nboards > 1) {
			buf_printf(&b, "%sBoard %d%s%s%s\n", sep, n + 1, strcmp(bd->result, "*") ? " (" : "",
				   strcmp(bd->result, "*") ? bd->result : "", strcmp(bd->result, "*") ? ")" : "");
			buf_printf(&moves, "%sBoard %d: ", sep, n + 1);
		}
		view_board_of(g, bd->pos, side == WHITE || side == BLACK ? side : WHITE, &b);
		pos_to_fen(bd->pos, fen, sizeof fen);
		buf_printf(&fens, "%s%s", n ? " | " : "", fen);
		size_t before = moves.n;
		struct movetext mt;
		movetext_walk(g, n, &moves, &mt);
		if (n == mine) {
			*last = mt;
			last->out = NULL;       /* the moves' buffer is this function's */
		}
		if (moves.n == before)
			buf_str(&moves, "(none yet)");
	}
	tctx_set(c, "board", "%s", b.s ? b.s : "");
	tctx_set(c, "fen", "%s", fens.s ? fens.s : "");
	tctx_set(c, "moves", "%s", moves.s ? moves.s : "(none yet)");
	buf_free(&b);
	buf_free(&fens);
	buf_free(&moves);
	if (pgn) {
		view_pgn(g, "By email", &b);
		tctx_set(c, "pgn", "%s", b.s ? b.s : "");
		buf_free(&b);
	}
}

void view_side_addresses(const struct game *g, int side, char *out, size_t len)
{
	size_t at = 0;

	out[0] = 0;
	for (int i = 0; i < g->nseats && at < len; i++)
		if (g->seat[i].side == side)
			at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "",
					       g->seat[i].address);
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
	char white[512], black[512];

	view_side_addresses(g, WHITE, white, sizeof white);
	view_side_addresses(g, BLACK, black, sizeof black);
	tctx_set(c, "game", "%d", g->id);
	tctx_set(c, "variant", "%s", g->v->title);
	tctx_set(c, "white", "%s", white);
	tctx_set(c, "black", "%s", black);
	tctx_set(c, "white_side", "%s", game_side_name(g, WHITE));     /* "White", "Bengal" */
	tctx_set(c, "black_side", "%s", game_side_name(g, BLACK));
	tctx_set(c, "title", "%s: %s v %s", g->v->title, white, black);
	tctx_set(c, "challenger", "%s", g->seat[g->challenger].address);
	tctx_set(c, "invited", "%s", g->seat[COLOR_OTHER(g->challenger)].address);
	tctx_set(c, "colour_asked", "%s", g->colour_asked);
	tctx_set(c, "status", "%s", game_status_name(g->status));
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
	struct movetext last = { .last_side = -1 };
	set_board(c, g, my_side, pgn, b, &last);
	if (last.last_side >= 0) {
		tctx_set(c, "last_move", "%d.%s %s", last.last_number,
			 last.last_side == BLACK ? ".." : "", last.last);
		if (last.last_side == my_side)
			tctx_set(c, "mover", "yes");
	}
	tctx_set(c, "move_number", "%u", p->fullmove);
	tctx_set(c, "to_move", "%s (%s)", game_side_name(g, side_to_move),
		 mover_seat >= 0 ? g->seat[mover_seat].address : "");
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
		tctx_set(c, "variant", "%s", g->v ? g->v->title : g->variant);
		if (kv && kv->help)
			kv->help(g, r->to, c);
	} else if (g && game_pos(g)) {
		const struct kind_view *kv = view_kind_part(kind_of(g));
		set_game(c, g, r, !x->no_pgn);
		if (r->kind == REPLY_OBSERVED && r->to < 0 && game_observer_of(g, r->address) >= 0)
			tctx_set(c, "observing", "yes");
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
