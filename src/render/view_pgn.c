/* view_pgn.c: the PGN record of a game (view.h: view_pgn): one PGN game per board, or per
 * stretch of plain moves between the edits cards make, whose words open the next stretch
 * as a comment; a board whose rules changed ends with the rest of its record in words. */
#include "render/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "render/fit.h"
#include "render/movetext.h"
#include "render/view_kind.h"
#include "util/phrase.h"

/* An edit of the board in the words of the move record, in English: a PGN is for every
 * program and every reader. */
static void pgn_edit_words(const char *op, bool cards, char *out, size_t len)
{
	char what[256];

	movetext_edit_words(op, cards, what, sizeof what);
	phrase_english(what, out, len);
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
static const char *pgn_termination(const char *text)
{
	char why[256];

	phrase_english(text, why, sizeof why);
	if (strstr(why, "time called"))
		return "adjudication";  /* the game master awarded the board (rule 2A) */
	return strstr(why, "time") ? "time forfeit" : "normal";
}

/* The tags Event, Site, Date and Round: a tournament's game names its event, site and
 * round, so that a PGN reader selects a tournament's games by their tags (pgn-extract
 * -t); another game its number. */
static void pgn_event(const struct segments *sg, const char *date)
{
	const struct game *g = sg->g;
	const struct game_tournament *t = &g->tournament;
	struct buf *out = sg->out;
	int round = t->id ? t->round : sg->b + 1;

	if (t->id && t->event[0])
		buf_printf(out, "[Event \"%s\"]\n[Site \"%s\"]\n[Date \"%s\"]\n", t->event,
			   t->site[0] ? t->site : "By email", date);
	else if (t->id)
		buf_printf(out, "[Event \"tempest tournament %d\"]\n[Site \"%s\"]\n[Date \"%s\"]\n",
			   t->id, t->site[0] ? t->site : "By email", date);
	else
		buf_printf(out, "[Event \"tempest game %d\"]\n[Site \"%s\"]\n[Date \"%s\"]\n",
			   g->id, "By email", date);
	if (sg->cut)            /* the round (else the board), the stretch: never empty */
		buf_printf(out, "[Round \"%d.%d\"]\n", round, sg->n);
	else if (g->nboards > 1 || t->id)
		buf_printf(out, "[Round \"%d\"]\n", round);
	else
		buf_str(out, "[Round \"-\"]\n");
}

static void pgn_header(const struct segments *sg, const char *result, const char *fen)
{
	const struct game *g = sg->g;
	char date[16] = "????.??.??", white[512], black[512];
	static const char orthodox[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	struct buf *out = sg->out;

	if (strlen(g->created) >= 10)
		snprintf(date, sizeof date, "%.4s.%.2s.%.2s", g->created, g->created + 5, g->created + 8);
	pgn_event(sg, date);
	view_board_players(g, sg->b, WHITE, white, sizeof white);
	view_board_players(g, sg->b, BLACK, black, sizeof black);
	buf_printf(out, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n", white, black, result);
	/* the variant's name, as variant tools (XBoard; Fairy-Stockfish with the sections of
	 * `tempest export-variants`) know it */
	if (g->v && strcmp(g->v->name, "chess"))
		buf_printf(out, "[Variant \"%s\"]\n", g->v->name);
	if (g->tournament.section)
		buf_printf(out, "[Section \"%d\"]\n", g->tournament.section);
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
		char head[128];
		buf_str(&sg->ruled, phrase_english(N_("the board's own rules from here, which PGN "
						      "cannot say:"), head, sizeof head));
		if (sg->pending)
			buf_printf(&sg->ruled, " (%s)", sg->edits);
		sg->pending = false;
		sg->edits[0] = 0;
		sg->ruled_mt = (struct movetext){ .out = &sg->ruled, .first = false,
						  .after_comment = true, .last_side = -1 };
	}
	if (entry[0] == '@') {
		char what[160];
		pgn_edit_words(entry + 1, sg->g->cat != NULL, what, sizeof what);
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
		pgn_edit_words(entry + 1, sg->g->cat != NULL, what, sizeof what);
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
 * board: it says how the PGN's starting position came to be. The PGN with its comments as
 * phrases. */
static void pgn_phrases(const struct game *g, const char *site, struct buf *out)
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


void view_pgn(const struct game *g, const char *site, struct buf *out)
{
	struct buf pgn = { 0 };

	/* a PGN is for every program and every reader: its comments in English */
	pgn_phrases(g, site, &pgn);
	if (pgn.s)
		phrase_render(out, pgn.s, NULL);
	buf_free(&pgn);
}
