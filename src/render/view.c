/* view.c: see view.h. */
#include "render/view.h"

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
#include "render/quote.h"
#include "render/undone.h"
#include "render/view_kind.h"
#include "util/clock.h"

struct movetext {
	struct buf *out;
	bool first, after_comment;
	int last_number, last_side;
	char last[SAN_MAX];
	bool cards;                     /* a card game: the edits are the cards' */
	const unsigned char *undone;    /* per entry, what the list leaves out (undone.h) */
	int at;
};

/* An edit of the board ("@remove e4", "@place N e4", "@side w", "@fen ...", "@rule N
 * NW") in the words a player reads in the move record: a card's in a card game, else
 * neutral (a Perplexichess transfer, a board's kings leaving it, a Flexichess rule). */
static void edit_words(const char *op, bool cards, char *out, size_t len)
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

static int movetext_entry(const struct pos *before, const char *entry, void *arg)
{
	struct movetext *mt = arg;
	char fixed[SAN_MAX];
	const char *shown = undone_shown(mt->undone ? mt->undone[mt->at++] : 0, entry, fixed,
					 sizeof fixed);

	if (!shown)     /* taken back: not shown, yet still the move the subject names */
		return entry[0] == '@' ? 0 : note_last(mt, before, entry);
	entry = shown;
	if (!strncmp(entry, "@deploy ", 8))
		return 0;               /* the pieces posted before play: the start, not a move */
	if (!strncmp(entry, "@turn ", 6))       /* a kind's own turn (ChessMe): as written */
		entry += 6;
	else if (entry[0] == '@') {
		char what[160];
		edit_words(entry + 1, mt->cards, what, sizeof what);
		buf_printf(mt->out, "%s{%s}", mt->first ? "" : " ", what);
		mt->first = false;
		mt->after_comment = true;
		return 0;
	}
	if (before->side == WHITE)
		buf_printf(mt->out, "%s%u. ", mt->first ? "" : " ", before->fullmove);
	else if (mt->first || mt->after_comment)
		buf_printf(mt->out, "%s%u... ", mt->first ? "" : " ", before->fullmove);
	else
		buf_str(mt->out, " ");
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
	mt->undone = NULL;
	free(undone);
}

void view_movetext(const struct game *g, int b, struct buf *out)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
}

static void wrap(const char *text, size_t width, struct buf *out)
{
	size_t col = 0;
	char *copy = strdup(text), *save = NULL;

	for (char *w = copy ? strtok_r(copy, " ", &save) : NULL; w; w = strtok_r(NULL, " ", &save)) {
		size_t n = strlen(w);
		if (col && col + 1 + n > width) {
			buf_str(out, "\n");
			col = 0;
		} else if (col) {
			buf_str(out, " "), col++;
		}
		buf_str(out, w);
		col += n;
	}
	free(copy);
}

/* A board's history cut where cards edit the board: PGN movetext cannot say "a piece
 * appears" or "the position goes back", so each stretch of plain moves becomes a PGN
 * game of its own, from the position it starts in ([SetUp] and [FEN]), and the edits
 * between them a comment opening the next one. */
struct segments {
	struct buf cur;                 /* the current stretch's movetext */
	struct buf *out;
	const struct game *g;
	int b, n;
	char fen[FEN_MAX];              /* where the current stretch starts */
	char edits[512];                /* the edits since the last move, in words */
	bool first, after_comment, pending;
	bool cut;                       /* the board's list holds edits: stretches numbered */
	struct buf ruled;               /* from a change of the board's rules on, the record
					 * in words: no PGN reader knows those rules */
	struct movetext ruled_mt;
};

/* PGN's [Termination] of a board or game that ended in this way. */
static const char *pgn_termination(const char *why)
{
	if (strstr(why, "time called"))
		return "adjudication";  /* the game master awarded the board (rule 2A) */
	return strstr(why, "time") ? "time forfeit" : "normal";
}

static void pgn_header(const struct segments *sg, const char *result, const char *fen)
{
	const struct game *g = sg->g;
	char date[16] = "????.??.??", white[512], black[512];
	static const char orthodox[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	struct buf *out = sg->out;

	if (strlen(g->created) >= 10)
		snprintf(date, sizeof date, "%.4s.%.2s.%.2s", g->created, g->created + 5, g->created + 8);
	buf_printf(out, "[Event \"tempest game %d\"]\n[Site \"%s\"]\n[Date \"%s\"]\n", g->id,
		   "By email", date);
	if (sg->cut)            /* the board, the stretch: "Round" never empty */
		buf_printf(out, "[Round \"%d.%d\"]\n", sg->b + 1, sg->n);
	else if (g->nboards > 1)
		buf_printf(out, "[Round \"%d\"]\n", sg->b + 1);
	else
		buf_str(out, "[Round \"-\"]\n");
	view_board_players(g, sg->b, WHITE, white, sizeof white);
	view_board_players(g, sg->b, BLACK, black, sizeof black);
	buf_printf(out, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n", white, black, result);
	/* the variant's name, as variant tools (XBoard; Fairy-Stockfish with the sections of
	 * `tempest export-variants`) know it */
	if (g->v && strcmp(g->v->name, "chess"))
		buf_printf(out, "[Variant \"%s\"]\n", g->v->name);
	if (strcmp(fen, orthodox))
		buf_printf(out, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
}

/* Ends the current stretch as a PGN game with this result. */
static void segment_flush(struct segments *sg, const char *result, bool last)
{
	const struct game *g = sg->g;

	sg->n++;
	if (sg->n > 1)
		buf_str(sg->out, "\n");
	pgn_header(sg, result, sg->fen);
	const struct board *bd = &g->board[sg->b];
	if (last && g->nboards > 1 && strcmp(bd->result, "*"))  /* the board's own end */
		buf_printf(sg->out, "[Termination \"%s\"]\n", pgn_termination(bd->termination));
	else if (last && g->status == GAME_OVER)
		buf_printf(sg->out, "[Termination \"%s\"]\n", pgn_termination(g->termination));
	buf_str(sg->out, "\n");
	buf_printf(&sg->cur, "%s%s", sg->cur.n ? " " : "", result);
	wrap(sg->cur.s ? sg->cur.s : result, FIT_WIDTH, sg->out); /* fits a mail line */
	buf_str(sg->out, "\n");
	buf_free(&sg->cur);
	sg->first = true;
	sg->after_comment = false;
}

/* An entry of the board's list once its rules have changed (Flexichess): a move or an
 * edit, in words, for the comment that ends the board's PGN. */
static void ruled_entry(struct segments *sg, const struct pos *before, const char *entry)
{
	if (!sg->ruled.n) {
		buf_str(&sg->ruled, "the board's own rules from here, which PGN cannot say:");
		if (sg->pending)
			buf_printf(&sg->ruled, " (%s)", sg->edits);
		sg->pending = false;
		sg->edits[0] = 0;
		sg->ruled_mt = (struct movetext){ .out = &sg->ruled, .first = false,
						  .after_comment = true, .last_side = -1 };
	}
	if (entry[0] == '@') {
		char what[160];
		edit_words(entry + 1, sg->g->cat != NULL, what, sizeof what);
		buf_printf(&sg->ruled, " (%s)", what);
		sg->ruled_mt.after_comment = true;
		return;
	}
	movetext_entry(before, entry, &sg->ruled_mt);
}

/* A castling as PGN readers read it: "O-O" towards the h-file, "O-O-O" towards the
 * a-file, whatever the variant calls it (LancerChess's "O-O" takes the Queen to b1,
 * which Fairy-Stockfish and XBoard read as "O-O-O"); out holds entry otherwise. */
static void pgn_castling(const struct variant *v, const char *entry, char *out, size_t len)
{
	size_t n = strcspn(entry, "+#");

	snprintf(out, len, "%s", entry);
	for (int i = 0; v && i < v->ncastle; i++) {
		const struct castling_def *c = &v->castle[i];
		if (strlen(c->san) != n || strncmp(c->san, entry, n))
			continue;
		bool h_side = v->file_of[c->royal_to] > v->file_of[c->royal_from];
		snprintf(out, len, "%s%s", h_side ? "O-O" : "O-O-O", entry + n);
		return;
	}
}

static int segment_entry(const struct pos *before, const char *entry, void *arg)
{
	struct segments *sg = arg;
	char san[SAN_MAX + 8];

	if (!strncmp(entry, "@deploy ", 8)) {   /* play starts from the deployed position */
		snprintf(sg->fen, sizeof sg->fen, "%s", entry + 8);
		return 0;
	}
	if (entry[0] != '@') {
		pgn_castling(sg->g->v, entry, san, sizeof san);
		entry = san;
	}
	if (sg->ruled.n || !strncmp(entry, "@rule ", 6)) {
		ruled_entry(sg, before, entry);
		return 0;
	}
	if (entry[0] == '@') {
		char what[160];
		size_t n = strlen(sg->edits);
		edit_words(entry + 1, sg->g->cat != NULL, what, sizeof what);
		snprintf(sg->edits + n, sizeof sg->edits - n, "%s%s", n ? "; " : "", what);
		sg->pending = true;
		return 0;
	}
	if (sg->pending) {              /* a new stretch from the edited position */
		segment_flush(sg, "*", false);
		pos_to_fen(before, sg->fen, sizeof sg->fen);
		buf_printf(&sg->cur, "{%s}", sg->edits);
		sg->edits[0] = 0;
		sg->pending = false;
		sg->first = false;
		sg->after_comment = true;
	}
	struct movetext mt = { .out = &sg->cur, .first = sg->first, .after_comment = sg->after_comment,
			       .last_side = -1, .cards = sg->g->cat != NULL };
	movetext_entry(before, entry, &mt);
	sg->first = false;
	sg->after_comment = false;
	return 0;
}

/* One PGN game per board (per stretch between cards' edits); a board's players are the
 * seats that move on it. */
static void pgn_board(const struct game *g, int b, const char *site, struct buf *out)
{
	const struct board *bd = &g->board[b];
	const char *result = g->nboards > 1 ? bd->result : g->result;
	struct segments sg = { .out = out, .g = g, .b = b, .first = true };

	(void)site;
	for (int i = 0; i < bd->nmoves && !sg.cut; i++)
		sg.cut = bd->moves[i][0] == '@' && strncmp(bd->moves[i], "@deploy ", 8);
	snprintf(sg.fen, sizeof sg.fen, "%s", bd->start_fen ? bd->start_fen : g->v->setup);
	game_walk(g, b, segment_entry, &sg);
	if (sg.ruled.n) {
		buf_printf(&sg.cur, "%s{%s}", sg.cur.n ? " " : "", sg.ruled.s);
		buf_free(&sg.ruled);
	} else if (sg.pending && strcmp(result, "*")) {
		/* edits after the move that ended the board (its kings leaving it): the last
		 * stretch ends with them, its result the mate's or the draw's */
		buf_printf(&sg.cur, "%s{%s}", sg.cur.n ? " " : "", sg.edits);
	} else if (sg.pending) {        /* edits after the last move: the final position */
		segment_flush(&sg, "*", false);
		pos_to_fen(bd->pos, sg.fen, sizeof sg.fen);
		buf_printf(&sg.cur, "{%s}", sg.edits);
	}
	segment_flush(&sg, result, true);
}

/* The kind's comment (the deployment, for TigerChess) opens the movetext of the first
 * board: it says how the PGN's starting position came to be. */
void view_pgn(const struct game *g, const char *site, struct buf *out)
{
	const struct kind_view *kv = view_kind_part(kind_of(g));
	struct buf pgn = { 0 }, note = { 0 };

	if (kv && kv->pgn && g->kstate) {
		kv->pgn(g, out);
		return;
	}
	for (int b = 0; b < g->nboards; b++)
		pgn_board(g, b, site, &pgn), buf_str(&pgn, b + 1 < g->nboards ? "\n" : "");
	if (kv && kv->pgn_comment && g->kstate)
		kv->pgn_comment(g, &note);
	const char *body = note.n && pgn.s ? strstr(pgn.s, "\n\n") : NULL;
	if (body) {
		buf_add(out, pgn.s, (size_t)(body - pgn.s) + 2);
		buf_printf(out, "{%s}\n%s", note.s, body + 2);
	} else if (pgn.s) {
		buf_str(out, pgn.s);
	}
	buf_free(&pgn);
	buf_free(&note);
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
	char white[512], black[512], one[PUBLIC_NAME_MAX];

	/* a player reads the players' addresses; anyone else (an observer, an arbiter, the
	 * archive) their names in public (seat_public) */
	view_side_names(g, WHITE, me, white, sizeof white);
	view_side_names(g, BLACK, me, black, sizeof black);
	tctx_set(c, "game", "%d", g->id);
	tctx_set(c, "variant", "%s", g->v->title);
	tctx_set(c, "white", "%s", white);
	tctx_set(c, "black", "%s", black);
	tctx_set(c, "white_side", "%s", game_side_name(g, WHITE));     /* "White", "Bengal" */
	tctx_set(c, "black_side", "%s", game_side_name(g, BLACK));
	tctx_set(c, "title", "%s: %s v %s", g->v->title, white, black);
	tctx_set(c, "challenger", "%s", view_seat_text(g, g->challenger, me, one, sizeof one));
	tctx_set(c, "invited", "%s", view_seat_text(g, COLOR_OTHER(g->challenger), me, one,
						    sizeof one));
	tctx_set(c, "colour_asked", "%s", g->colour_asked);
	tctx_set(c, "status", "%s", game_status_name(g->status));
	if (g->private_)
		tctx_set(c, "private", "yes");
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

/* The last item of a list that the quoting budget cut short: how many it leaves out. A
 * list whose template names the line ("line 4: ...") gets the next line's number; one
 * that reads an item without a line as a sentence (errors) gets it as the reason. */
static void add_more(struct tctx *c, const char *list, int lineno, size_t more, bool sentence)
{
	struct tctx *it = tctx_item(c, list);

	if (!it)
		return;
	if (sentence) {
		tctx_set(it, "reason", "\xE2\x80\xA6 and %zu more, not shown", more);
		return;
	}
	tctx_set(it, "line", "%d", lineno);
	tctx_set(it, "text", "\xE2\x80\xA6 (and %zu more line%s, not shown)", more,
		 more == 1 ? "" : "s");
}

static void add_lines(struct tctx *c, const char *list, const struct order_line *l, size_t n,
		      struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < n; i++) {
		if (!quote_take(qb, l[i].text, q)) {
			add_more(c, list, l[i].lineno, n - i, false);
			return;
		}
		struct tctx *it = tctx_item(c, list);
		if (!it)
			return;
		tctx_set(it, "line", "%d", l[i].lineno);
		tctx_set(it, "text", "%s", q);
	}
}

static void add_notes(struct tctx *c, const char *list, const struct order_note *l, size_t n,
		      struct quote_budget *qb, bool sentence)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < n; i++) {
		if (!quote_take(qb, l[i].text, q)) {
			add_more(c, list, l[i].lineno, n - i, sentence);
			return;
		}
		quote_count(qb, strlen(l[i].reason));
		struct tctx *it = tctx_item(c, list);
		if (!it)
			return;
		tctx_set(it, "line", "%d", l[i].lineno);
		tctx_set(it, "text", "%s", q);
		tctx_set(it, "reason", "%s", l[i].reason);
	}
}

/* A message in the sender's "Read in your mail": quoted as it was relayed, when it was
 * (docs/orders.md, "Messages"). */
static void message_read(struct buf *b, const struct game *g, const struct reply *r,
			 const struct order *od)
{
	char quoted[2 * ORDER_ARG_MAX];
	const char *text = NULL;
	bool relayed = g && r->to >= 0 && r->kind != REPLY_REFUSED &&
		       game_message_to(g, r->to, od, &text);

	buf_printf(b, "%s", !g || g->nseats == 2 ? "a message for your opponent" : "a message");
	if (!relayed)
		return;
	game_message_quote(text, quoted, sizeof quoted);
	buf_printf(b, ", relayed as %s", quoted);
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

/* A refusal's reasons, each line it names quoted within the budget. */
static void add_errors(struct tctx *c, const struct view_extra *x, struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < x->nerrors; i++) {
		if (!quote_take(qb, x->errors[i].text, q)) {
			add_more(c, "errors", 0, x->nerrors - i, true);
			return;
		}
		quote_count(qb, strlen(x->errors[i].reason));
		struct tctx *it = tctx_item(c, "errors");
		if (!it)
			return;
		if (x->errors[i].lineno)
			tctx_set(it, "line", "%d", x->errors[i].lineno);
		tctx_set(it, "text", "%s", q);
		tctx_set(it, "reason", "%s", x->errors[i].reason);
	}
}

/* "Read in your mail: e4; offer draw (and 2 lines passed over as prose)". A message is
 * quoted whole, as it was relayed (at most a paragraph of ORDER_ARG_MAX bytes), and
 * counted against the budget like the rest. */
static void add_read(struct tctx *c, const struct game *g, const struct reply *r,
		     const struct orders *o, struct quote_budget *qb)
{
	struct buf b = { 0 };
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		struct buf m = { 0 };
		bool fits;

		if (od->kind == ORDER_MESSAGE) {        /* whole, as it was relayed */
			message_read(&m, g, r, od);
			fits = quote_take(qb, "", q);
			quote_count(qb, m.n);
		} else {                                /* a password is never written back */
			fits = quote_take(qb, od->kind == ORDER_PASSWORD ? QUOTE_PASSWORD_HIDDEN :
					  od->text, q);
		}
		if (fits)
			buf_printf(&b, "%s%s", i ? "; " : "", m.s ? m.s : q);
		buf_free(&m);
		if (!fits) {
			buf_printf(&b, "; \xE2\x80\xA6 and %zu more", o->n - i);
			break;
		}
	}
	if (o->nprose)
		buf_printf(&b, " (and %zu line%s passed over as prose)", o->nprose,
			   o->nprose == 1 ? "" : "s");
	tctx_set(c, "read", "%s", b.s ? b.s : "");
	buf_free(&b);
}

/* test's account of the mail: its subject, its servers' verdicts, every line read and
 * what each was taken for, all within the budget. */
static void add_test(struct tctx *c, const struct view_extra *x, struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	tctx_set(c, "applied", "%s", x->applied ? "yes" : "");
	tctx_set(c, "sender", "%s", x->sender ? x->sender : "");
	tctx_set(c, "auth", "%s", x->auth ? x->auth : "");
	quote_take(qb, x->subject ? x->subject : "", q);
	tctx_set(c, "subject", "%s", q);
	for (size_t i = 0; i < x->nauth && quote_take(qb, x->auth_results[i], q); i++) {
		struct tctx *it = tctx_item(c, "auth_results");
		if (it)
			tctx_set(it, "text", "%s", q);
	}
	add_lines(c, "received", x->lines, x->nlines, qb);
	if (!x->orders)
		return;
	for (size_t i = 0; i < x->orders->n; i++) {
		const struct order *od = &x->orders->o[i];
		const char *text = od->kind == ORDER_PASSWORD ? QUOTE_PASSWORD_HIDDEN : od->text;
		if (!quote_take(qb, text, q)) {
			add_more(c, "orders", x->orders->o[i].lineno, x->orders->n - i, false);
			break;
		}
		struct tctx *it = tctx_item(c, "orders");
		if (!it)
			break;
		tctx_set(it, "line", "%d", x->orders->o[i].lineno);
		tctx_set(it, "text", "%s", q);
	}
	add_notes(c, "ignored", x->orders->prose, x->orders->nprose, qb, false);
	add_notes(c, "errors", x->orders->err, x->orders->nerr, qb, true);
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
		if (r->kind == REPLY_CONFIRM)
			confirm_context(c, r, x);
		if (kv && kv->view)
			kv->view(g, r, r->to, c);
		view_clock(g, r->to, c, x);
	}
	add_errors(c, x, &qb);
	if (r->kind == REPLY_HELP && g)
		help_kind_orders(c, g, r, x);
	/* the sender sees at once what was read of their mail, and that prose was passed
	 * over (the test reply lists it all) */
	if (x->to_sender && x->orders && r->kind != REPLY_TEST && x->orders->n)
		add_read(c, g, r, x->orders, &qb);
	if (r->kind == REPLY_TEST)
		add_test(c, x, &qb);
	return c;
}
