/* archive_page.c: a game's page of the public archive (archive.h): its facts, its boards
 * as the mails' HTML board draws them, its move list with every position after a move
 * or a card's edit, and the referee's account for an onlooker.
 *
 * The positions are stepped through without a script: each is a small section with an
 * id, hidden by the style sheet unless it is the page's target (#b1p12), with links to
 * the one before and after. A position is drawn with classes rather than the mail
 * board's inline styles: a game of 80 moves then weighs some 150 KB, not 700. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "game/kind.h"
#include "render/archive.h"
#include "render/board_html.h"
#include "render/view_kind.h"
#include "render/view.h"
#include "util/clock.h"

/* One square of a step's board: its colour (and the last move's mark) as a class, the
 * piece as a figurine or a letter, with the mark it bears (NULL or "": none). */
static void step_square(const struct pos *p, sq_t s, bool figurines, bool last, const char *mark,
			struct buf *out)
{
	piece_t pc = p->board[s];
	char letter = pc ? variant_piece_char(p->v, pc) : 0;
	const char *fig = pc && figurines ? board_html_figurine((char)(letter & ~0x20), PIECE_COLOR(pc)) : NULL;

	buf_str(out, variant_square_dark(p->v, s) ? (last ? "<td class=\"d m\">" : "<td class=d>") :
		(last ? "<td class=\"l m\">" : "<td class=l>"));
	if (fig)
		buf_str(out, fig);
	else if (pc)
		buf_printf(out, PIECE_COLOR(pc) == WHITE ? "<b class=w>%c</b>" : "<b>%c</b>", letter);
	if (pc && mark && *mark)
		buf_printf(out, "<sub>%s</sub>", mark);
	buf_str(out, "</td>");
}

/* A place beside the grid of a whole board (look): its own colour inline (the style
 * sheet knows no kind's places), its piece with the mark it bears. */
static void step_place(const struct pos *p, sq_t s, const struct board_look *look, bool last,
		       struct buf *out)
{
	const char *bg = look->colour(p->v, s);
	piece_t pc = p->board[s];
	char mark[8] = "";

	if (pc && p->mark[s])
		look->mark(p, s, mark, sizeof mark);
	if (!bg) {
		step_square(p, s, false, last, mark, out);
		return;
	}
	buf_printf(out, "<td style=\"background:%s\">", bg);
	if (pc)
		buf_printf(out, PIECE_COLOR(pc) == WHITE ? "<b class=w>%c</b>" : "<b>%c</b>",
			   variant_piece_char(p->v, pc));
	if (*mark)
		buf_printf(out, "<sub>%s</sub>", mark);
	buf_str(out, "</td>");
}

/* A step's board, White's side at the bottom, its placement in data-fen for a reader of
 * the page's DOM; a kind's places beside the grid too where it has them (look). */
static void step_board(const struct pos *p, const struct board_look *look, sq_t from, sq_t to,
		       struct buf *out)
{
	const struct variant *v = p->v;
	bool figurines = view_chess_pieces(v);
	char fen[FEN_MAX], name[16];
	int f0 = 0, f1 = v->files - 1, r0 = 0, r1 = v->ranks - 1;

	if (look)
		board_html_bounds(v, &f0, &f1, &r0, &r1);
	pos_to_fen(p, fen, sizeof fen);
	fen[strcspn(fen, " ")] = 0;
	buf_str(out, look ? "<table class=\"bd whole\" data-fen=\"" : "<table class=bd data-fen=\"");
	board_html_escape(fen, out);
	buf_str(out, "\">\n");
	for (int r = r1; r >= r0; r--) {
		if (look)
			look->row_label(v, r, name, sizeof name);
		else
			snprintf(name, sizeof name, "%d", r + 1);
		buf_printf(out, "<tr><th>%s</th>", name);
		for (int f = f0; f <= f1; f++) {
			sq_t s = look ? board_html_place_at(v, f, r) : variant_square_at(v, f, r);
			if (s == SQ_NONE)
				buf_str(out, "<td class=x></td>");
			else if (look)
				step_place(p, s, look, s == from || s == to, out);
			else
				step_square(p, s, figurines, s == from || s == to, NULL, out);
		}
		buf_str(out, "</tr>\n");
	}
	buf_str(out, "<tr><th></th>");
	for (int f = f0; f <= f1; f++) {
		if (look)
			look->file_label(v, f, name, sizeof name);
		else
			variant_file_name(f, name);
		buf_printf(out, "<th>%s</th>", name);
	}
	buf_str(out, "</tr>\n</table>\n");
}

/* The walk of one board: the move list and the step sections, written as it goes. */
struct steps {
	const struct game *g;
	const struct kind_view *kv;     /* the kind's whole board and its own entries' words */
	int board;                      /* 1-based, for the ids */
	struct buf *list, *sections;
	struct pos *scratch;            /* a copy of the position before a move, to read it */
	int entry, at;                  /* the list's entry; the positions shown so far */
	char label[160];                /* what led to the position to show next */
	sq_t from, to;                  /* ... and its squares */
	bool after_edit;                /* the entry before was a card's edit */
};

static void step_section(struct steps *st, const struct pos *p, bool last)
{
	struct buf *o = st->sections;
	int b = st->board, n = st->at;

	buf_printf(o, "<section class=step id=b%dp%d>\n<h3>", b, n);
	board_html_escape(st->label, o);
	buf_str(o, "</h3>\n");
	step_board(p, st->kv ? st->kv->look : NULL, st->from, st->to, o);
	buf_str(o, "<p class=nav>");
	if (n > 0)
		buf_printf(o, "<a href=\"#b%dp%d\" rel=prev>&larr; previous</a> ", b, n - 1);
	if (!last)
		buf_printf(o, "<a href=\"#b%dp%d\" rel=next>next &rarr;</a> ", b, n + 1);
	buf_printf(o, "<a href=\"#b%dnow\">the board now</a></p>\n</section>\n", b);
	st->at++;
}

/* The squares of entry k, a move read in the position before it (the board kept what
 * most moves resolved to: no reading then). */
static void entry_squares(struct steps *st, const struct pos *before, const char *entry)
{
	const struct board *bd = &st->g->board[st->board - 1];
	struct move m;
	struct err e;

	st->from = st->to = SQ_NONE;
	if (entry[0] == '@')
		return;
	if (st->entry < bd->nresolved) {
		st->from = bd->resolved[st->entry].from, st->to = bd->resolved[st->entry].to;
		return;
	}
	memcpy(st->scratch, before, sizeof *st->scratch);
	if (notation_parse(st->scratch, entry, &m, &e) == 0)
		st->from = m.from, st->to = m.to;
}

/* A posting of the deployment (rule 6: "Moves, including the deployment phase, should be
 * recorded") as a step of the list, in the kind's words; without them it is the start. */
static int deploy_step(struct steps *st, const struct pos *before, const char *fen)
{
	struct err e;
	char words[sizeof st->label - 2];

	if (!st->kv || !st->kv->step_words ||
	    pos_from_fen(st->scratch, before->v, fen, &e) < 0)
		return 0;
	st->kv->step_words(before, st->scratch, words, sizeof words);
	if (!*words)
		return 0;
	step_section(st, before, false);
	snprintf(st->label, sizeof st->label, "%s", words);
	buf_printf(st->list, " <a href=\"#b%dp%d\">", st->board, st->at);
	board_html_escape(words, st->list);
	buf_str(st->list, "</a>");
	st->from = st->to = SQ_NONE;
	st->after_edit = true;          /* the first move after it shows its number */
	return 0;
}

static int step_entry(const struct pos *before, const char *entry, void *arg)
{
	struct steps *st = arg;
	struct buf *l = st->list;

	if (!strncmp(entry, "@deploy ", 8)) {   /* the pieces posted before play */
		st->entry++;
		return deploy_step(st, before, entry + 8);
	}
	step_section(st, before, false);
	buf_printf(l, " <a href=\"#b%dp%d\">", st->board, st->at);
	if (entry[0] == '@') {
		/* a whole position put back (a card undone): named, not spelled out */
		snprintf(st->label, sizeof st->label, "{%s}", !strncmp(entry, "@fen ", 5) ?
			 "position set" : entry + 1);
	} else {
		bool white = before->side == WHITE;
		snprintf(st->label, sizeof st->label, "%u.%s %s", before->fullmove,
			 white ? "" : "..", entry);
		if (white || st->at == 1 || st->after_edit)
			buf_printf(l, "%u.%s&nbsp;", before->fullmove, white ? "" : "..");
	}
	st->after_edit = entry[0] == '@';
	board_html_escape(entry[0] == '@' ? st->label : entry, l);
	buf_str(l, "</a>");
	entry_squares(st, before, entry);
	st->entry++;
	return 0;
}

/* Board b's moves, each a link to the position after it, then those positions; *from
 * and *to, the last move's squares (SQ_NONE if the last entry was no move). */
static void board_moves(const struct game *g, int b, struct buf *out, sq_t *from, sq_t *to)
{
	struct buf list = { 0 }, sections = { 0 };
	struct steps st = { .g = g, .kv = view_kind_part(kind_of(g)), .board = b + 1, .list = &list,
			    .sections = &sections, .from = SQ_NONE, .to = SQ_NONE };

	snprintf(st.label, sizeof st.label, "The start");
	*from = *to = SQ_NONE;
	if (!(st.scratch = malloc(sizeof *st.scratch)))
		return;
	buf_printf(&list, "<a href=\"#b%dp0\">start</a>", b + 1);
	st.at = 0;
	game_walk(g, b, step_entry, &st);
	step_section(&st, g->board[b].pos, true);
	*from = st.from, *to = st.to;
	buf_printf(out, "<p class=moves>%s</p>\n<div class=steps>\n%s</div>\n", list.s ? list.s : "",
		   sections.s ? sections.s : "");
	free(st.scratch);
	buf_free(&list);
	buf_free(&sections);
}

/* The status mail's lines about what its reader owes ("{{tp_expect}}.", "You are
 * {{px_duty}}.") read "." or "You are ." for someone who is no player: such a line, words
 * alone then a blank and a full stop (a value missing), is left out; a diagram's row
 * ("6  . . k . .") has dots before its last. */
static void without_empty_duty(char *text)
{
	char *in = text, *out = text;

	while (*in) {
		size_t n = strcspn(in, "\n");
		bool empty = n >= 1 && in[n - 1] == '.' && (n == 1 || in[n - 2] == ' ') &&
			     strspn(in, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz :") == n - 1;
		if (!empty) {
			memmove(out, in, n + (in[n] == '\n'));
			out += n + (in[n] == '\n');
		}
		in += n + (in[n] == '\n');
	}
	*out = 0;
}

/* What the referee would mail someone who is no player of the game: the status mail
 * (the end mail, with its reveal, once the game is over), without its subject, its
 * signature, or the clock's lines, which speak to a player ("you have"). */
char *archive_account(const struct templates *t, const struct game *g, const char *referee,
		      const char *referee_name, struct err *e)
{
	struct reply rp = { .kind = g->status == GAME_OVER ? REPLY_OVER : REPLY_STATUS, .to = -1,
			    .about = -1 };
	struct view_extra x = { .referee = referee, .referee_name = referee_name,
				.now = clock_now() };
	struct tctx *c = view_context(g, &rp, &x);
	char *subject = NULL, *body = NULL;

	if (!c)
		return err_set(e, "out of memory"), NULL;
	tctx_set(c, "clock", "%s", "");
	if (view_render(t, kind_of(g), &rp, c, &subject, &body, e) == 0) {
		char *sig = strstr(body, "\n-- \n");
		if (sig)
			sig[1] = 0;
		without_empty_duty(body);
	}
	tctx_free(c);
	free(subject);
	return body;
}

/* One board of the game: its heading (in a game of several), the board now, its moves
 * and their positions. */
static void page_board(const struct game *g, int b, bool own, struct buf *out)
{
	struct buf moves = { 0 };
	sq_t from = SQ_NONE, to = SQ_NONE;

	if (g->nboards > 1) {
		buf_printf(out, "<h2 id=board%d>Board %d", b + 1, b + 1);
		if (strcmp(g->board[b].result, "*"))
			buf_printf(out, " (%s)", g->board[b].result);
		buf_str(out, "</h2>\n");
	}
	if (own) {              /* the kind draws its own position: in the account below */
		view_movetext(g, b, &moves);
		buf_str(out, "<p class=moves>");
		board_html_escape(moves.s ? moves.s : "(none yet)", out);
		buf_str(out, "</p>\n");
		buf_free(&moves);
		return;
	}
	board_moves(g, b, &moves, &from, &to);
	buf_printf(out, "<div class=now id=b%dnow>\n", b + 1);
	const struct kind_view *kv = view_kind_part(kind_of(g));
	if (kv && kv->board_html)       /* the whole board, as the mails draw it */
		kv->board_html(g->board[b].pos, WHITE, from, to, NULL, out);
	else
		board_html(g->board[b].pos, WHITE, from, to, out);
	buf_str(out, "</div>\n<h3>Moves</h3>\n");
	buf_add(out, moves.s ? moves.s : "", moves.n);
	buf_free(&moves);
}

static void fact(struct buf *out, const char *name, const char *value)
{
	buf_printf(out, "<tr><th>%s</th><td>", name);
	board_html_escape(value, out);
	buf_str(out, "</td></tr>\n");
}

/* The head of the page: who, what, when, how it stands. */
static void page_facts(const struct game *g, const struct archive_entry *e, const char *pgn,
		       struct buf *out)
{
	char n[16];

	buf_str(out, "<table class=facts>\n");
	if (g->tournament.id) {         /* a tournament's game: a link to its crosstable */
		buf_printf(out, "<tr><th>Tournament</th><td><a href=\"tournament-%d.html\">",
			   g->tournament.id);
		if (g->tournament.event[0])
			board_html_escape(g->tournament.event, out);
		else
			buf_printf(out, "tempest tournament %d", g->tournament.id);
		buf_printf(out, "</a>, round %d</td></tr>\n", g->tournament.round);
	}
	fact(out, "Kind", e->kind);
	fact(out, "White", e->white);
	fact(out, "Black", e->black);
	fact(out, g->status == GAME_OVER ? "Result" : "Status", e->result);
	fact(out, "Started", e->created);
	fact(out, "Last change", e->updated);
	snprintf(n, sizeof n, "%d", e->plies);
	fact(out, "Moves (plies)", n);
	buf_str(out, "</table>\n<p><a href=\"");
	board_html_escape(pgn, out);
	buf_str(out, "\" download>The game in PGN</a></p>\n");
}

void archive_page(const struct game *g, const char *account, const char *pgn, struct buf *out)
{
	const struct kind_view *kv = view_kind_part(kind_of(g));
	bool own = kv && kv->own_board;
	struct archive_entry e;

	archive_entry_of(g, &e);
	buf_printf(out, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
		   "<meta name=viewport content=\"width=device-width, initial-scale=1\">\n"
		   "<title>Game %d: ", g->id);
	board_html_escape(e.kind, out);
	buf_str(out, "</title>\n<link rel=stylesheet href=archive.css></head>\n<body>\n"
		"<nav><a href=\"index.html\">All games</a></nav>\n");
	buf_printf(out, "<h1>Game %d: ", g->id);
	board_html_escape(e.kind, out);
	buf_str(out, "</h1>\n");
	page_facts(g, &e, pgn, out);
	for (int b = 0; b < g->nboards; b++)
		page_board(g, b, own, out);
	if (!own && !view_chess_pieces(g->v)) {
		buf_str(out, "<p class=key>");
		char said[160], en[160];
		view_piece_key(g->v, NULL, out);
		buf_str(out, " ");
		phrase_printf(said, sizeof said, "(%s's in capitals, %s's in small letters)",
			      game_side_name(g, WHITE), game_side_name(g, BLACK));
		board_html_escape(phrase_english(said, en, sizeof en), out);
		buf_str(out, "</p>\n");
	}
	if (kv && kv->summary && g->kstate) {   /* the cards played, the score: public */
		struct buf sum = { 0 };
		kv->summary(g, &sum);
		buf_str(out, "<h2 id=record>The public record</h2>\n<pre class=account>");
		board_html_escape(sum.s ? sum.s : "", out);
		buf_str(out, "</pre>\n");
		buf_free(&sum);
	}
	if (account && *account) {
		buf_str(out, "<h2 id=account>The referee's account</h2>\n<pre class=account>");
		board_html_escape(account, out);
		buf_str(out, "</pre>\n");
	}
	buf_str(out, "</body></html>\n");
}
