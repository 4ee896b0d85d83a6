/* view_record.c: a game's record (view_record.h): a board's move list as a mail shows it,
 * numbered, the edits of cards and the referee in words, what was taken back left out;
 * and the game as PGN, a game of PGN for each stretch of plain moves. */
#include "render/view_record.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "render/fit.h"
#include "render/undone.h"
#include "render/view.h"
#include "render/view_kind.h"

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
static int note_last(struct movetext *mt, int side, unsigned number, const char *entry)
{
	mt->last_number = (int)number;
	mt->last_side = side;
	snprintf(mt->last, sizeof mt->last, "%s", entry);
	return 0;
}

/* A plain move's number and SAN ("12. Nf3", "12... Nf3" after a comment, " Nf3"). */
static void movetext_move(struct movetext *mt, int side, unsigned number, const char *entry)
{
	if (side == WHITE || mt->first || mt->after_comment) {
		if (!mt->first)
			buf_add(mt->out, " ", 1);
		buf_uint(mt->out, number);
		buf_str(mt->out, side == WHITE ? ". " : "... ");
	} else {
		buf_add(mt->out, " ", 1);
	}
	buf_str(mt->out, entry);
	mt->first = mt->after_comment = false;
	note_last(mt, side, number, entry);
}

static int movetext_entry(const struct pos *before, const char *entry, void *arg)
{
	struct movetext *mt = arg;
	char fixed[SAN_MAX];
	const char *shown = undone_shown(mt->undone ? mt->undone[mt->at++] : 0, entry, fixed,
					 sizeof fixed);

	if (!shown)     /* taken back: not shown, yet still the move the subject names */
		return entry[0] == '@' ? 0 : note_last(mt, before->side, before->fullmove, entry);
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
	movetext_move(mt, before->side, before->fullmove, entry);
	return 0;
}

/* A board of plain moves (no edit, nothing taken back) numbered without playing them:
 * each move hands the turn over, and Black's ends a move number, so the sides and numbers
 * follow from the position now, counted back (game_walk plays the whole game, for each
 * reply). false: the board needs the walk. */
static bool movetext_plain(const struct game *g, int b, struct movetext *mt)
{
	const struct board *bd = &g->board[b];
	const struct pos *now = bd->pos;

	if (!now || mt->undone)
		return false;
	for (int i = 0; i < bd->nmoves; i++)
		if (bd->moves[i][0] == '@')
			return false;
	int side = bd->nmoves % 2 ? COLOR_OTHER(now->side) : now->side;
	unsigned blacks = (unsigned)(side == WHITE ? bd->nmoves / 2 : (bd->nmoves + 1) / 2);
	unsigned number = now->fullmove - blacks;
	for (int i = 0; i < bd->nmoves; i++) {
		movetext_move(mt, side, number, bd->moves[i]);
		number += side == BLACK;
		side = COLOR_OTHER(side);
	}
	return true;
}

/* The board's moves into out; *mt then holds its last move: number, side and SAN (side
 * -1: none). */
static void movetext_walk(const struct game *g, int b, struct buf *out, struct movetext *mt)
{
	unsigned char *undone = g->cat ? undone_flags(g, b) : NULL;    /* cards take back */

	*mt = (struct movetext){ .out = out, .first = true, .last_side = -1, .cards = g->cat != NULL,
				 .undone = undone };
	if (!movetext_plain(g, b, mt))
		game_walk(g, b, movetext_entry, mt);
	mt->undone = NULL;
	free(undone);
}

void view_movetext(const struct game *g, int b, struct buf *out)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
}

void view_movetext_last(const struct game *g, int b, struct buf *out, struct view_last *last)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
	*last = (struct view_last){ .number = mt.last_number, .side = mt.last_side };
	snprintf(last->san, sizeof last->san, "%s", mt.last);
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

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Who played side c of board b, for PGN's [White] and [Black]: the seat that moves it now
 * and, in a game of several boards, every seat whose move or rule change is recorded
 * there (a strategist reassigns boards), in alphabetical order, joined by colons as the
 * PGN standard (8.1.1.5) joins several players of one side. */
static void board_players(const struct game *g, int b, int c, char *out, size_t len)
{
	const char *who[SEATS_MAX];
	int n = 0, now = game_mover(g, b, c);
	unsigned long long played = now >= 0 ? 1ull << now : 0;
	size_t at = 0;

	for (size_t i = 0; g->nboards > 1 && i < g->nevents; i++) {
		const struct game_event *ev = &g->events[i];
		int on;
		if (ev->by >= 0 && ev->by < g->nseats && g->seat[ev->by].side == c &&
		    (!strcmp(ev->kind, "move") || !strcmp(ev->kind, "rule")) &&
		    sscanf(ev->detail, "%d:", &on) == 1 && on == b + 1)
			played |= 1ull << ev->by;
	}
	for (int s = 0; s < g->nseats; s++)
		if ((played >> s & 1) && g->seat[s].address[0])
			who[n++] = g->seat[s].address;
	qsort(who, (size_t)n, sizeof who[0], by_name);
	out[0] = 0;
	for (int i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ":" : "", who[i]);
	if (!n)
		snprintf(out, len, "?");
}

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
	board_players(g, sg->b, WHITE, white, sizeof white);
	board_players(g, sg->b, BLACK, black, sizeof black);
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
