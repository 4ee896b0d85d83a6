/* tempete_effect.c: a card's effect, written by the player as board edits (docs/tempete.md,
 * "Tempete: effects"), checked, applied through the game's operation list, and announced
 * verbatim. The Checkmate Rule of seed 002: a regular card that would capture a king or
 * mate by itself has no effect (but is spent). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/status.h"
#include "kinds/tempete/tempete_int.h"

void tp_marks_remove(struct tempete *tp, const char *square)
{
	int n = 0;

	for (int i = 0; i < tp->nmarks; i++)
		if (strcmp(tp->marks[i].square, square) || !square[0])
			tp->marks[n++] = tp->marks[i];
	tp->nmarks = n;
}

void tp_marks_move(struct tempete *tp, const char *from, const char *to)
{
	tp_marks_remove(tp, to);
	for (int i = 0; i < tp->nmarks; i++)
		if (!strcmp(tp->marks[i].square, from))
			snprintf(tp->marks[i].square, sizeof tp->marks[i].square, "%s", to);
}

void tp_save_marks(struct tempete *tp, int slot)
{
	struct tp_captures *k = &tp->saved_captures[slot];

	memcpy(tp->saved_marks[slot], tp->marks, sizeof tp->marks);
	tp->nsaved_marks[slot] = tp->nmarks;
	memcpy(k->lost, tp->lost, sizeof k->lost);
	memcpy(k->dead, tp->dead, sizeof k->dead);
	memcpy(k->nlost, tp->nlost, sizeof k->nlost);
	memcpy(k->ndead, tp->ndead, sizeof k->ndead);
	memcpy(k->lost_turn, tp->lost_turn, sizeof k->lost_turn);
}

void tp_restore_marks(struct tempete *tp, int slot)
{
	const struct tp_captures *k = &tp->saved_captures[slot];

	memcpy(tp->marks, tp->saved_marks[slot], sizeof tp->marks);
	tp->nmarks = tp->nsaved_marks[slot];
	memcpy(tp->lost, k->lost, sizeof k->lost);
	memcpy(tp->dead, k->dead, sizeof k->dead);
	memcpy(tp->nlost, k->nlost, sizeof k->nlost);
	memcpy(tp->ndead, k->ndead, sizeof k->ndead);
	memcpy(tp->lost_turn, k->lost_turn, sizeof k->lost_turn);
}

int tp_restore(struct apply_state *a, const char *fen, struct err *e)
{
	char op[FEN_MAX + 8];

	snprintf(op, sizeof op, "@fen %s", fen);
	return game_op(a->g, op, e);
}

/* ---- one edit ---- */

struct edit {
	struct apply_state *a;
	const struct order *od;
	bool king;                      /* it touched a royal piece: the card has no effect */
};

static sq_t square(struct edit *ed, const char *name)
{
	const struct variant *v = ed->a->g->v;
	sq_t s = name ? variant_square_named(v, name, strlen(name)) : SQ_NONE;

	if (s == SQ_NONE)
		apply_error(ed->a, ed->od, "'%s' is not a square", name ? name : "");
	return s;
}

static bool royal(const struct pos *p, sq_t s)
{
	return p->board[s] && p->v->type[PIECE_TYPE(p->board[s])].royal;
}

static int op(struct edit *ed, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int op(struct edit *ed, const char *fmt, ...)
{
	char text[FEN_MAX + 16];
	struct err e;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (game_op(ed->a->g, text, &e) < 0)
		return apply_error(ed->a, ed->od, "%s", e.msg);
	return 0;
}

/* Takes the piece on s off the board: lost (may come back) or dead. */
static int take_off(struct edit *ed, sq_t s, bool dead, const char *name)
{
	struct tempete *tp = ed->a->g->kstate;
	const struct pos *p = ed->a->g->board[0].pos;
	piece_t pc = p->board[s];
	int c = PIECE_COLOR(pc);
	char letter = p->v->type[PIECE_TYPE(pc)].letter;

	if (royal(p, s)) {
		ed->king = true;
		return 0;
	}
	letter = tp_captured_kind(tp, c, name, letter);
	if (dead && tp->ndead[c] < TP_LOST_MAX)
		tp->dead[c][tp->ndead[c]++] = letter;
	else if (!dead && tp->nlost[c] < TP_LOST_MAX)
		tp->lost[c][tp->nlost[c]++] = letter;
	tp_marks_remove(tp, name);
	return op(ed, "@remove %s", name);
}

static int need_piece(struct edit *ed, sq_t s, const char *name)
{
	if (!ed->a->g->board[0].pos->board[s])
		return apply_error(ed->a, ed->od, "there is no piece on %s", name);
	return 0;
}

static int need_empty(struct edit *ed, sq_t s, const char *name)
{
	if (ed->a->g->board[0].pos->board[s])
		return apply_error(ed->a, ed->od, "%s is not empty", name);
	return 0;
}

/* A piece letter: upper case White, lower case Black; never a royal piece. */
static int piece_of(struct edit *ed, const char *w, piece_t *pc)
{
	const struct variant *v = ed->a->g->v;
	int t = w && strlen(w) == 1 ? variant_type_by_letter(v, w[0]) : -1;

	if (t < 0 || !isalpha((unsigned char)w[0]))
		return apply_error(ed->a, ed->od, "'%s' is not a piece letter (upper case for White, "
				   "lower case for Black)", w ? w : "");
	if (v->type[t].royal)
		return apply_error(ed->a, ed->od, "no card puts a %s on the board", v->type[t].name);
	*pc = PIECE_MAKE(t, isupper((unsigned char)w[0]) ? WHITE : BLACK);
	return 0;
}

static int e_move(struct edit *ed, char **w, int n)
{
	const struct pos *p = ed->a->g->board[0].pos;
	sq_t a, b;

	if (n != 3 || (a = square(ed, w[1])) == SQ_NONE || (b = square(ed, w[2])) == SQ_NONE ||
	    need_piece(ed, a, w[1]) < 0)
		return n != 3 ? apply_error(ed->a, ed->od, "write: effect move e2 e5") : -1;
	piece_t pc = p->board[a];
	if (p->board[b]) {
		if (PIECE_COLOR(p->board[b]) == PIECE_COLOR(pc))
			return apply_error(ed->a, ed->od, "%s holds a piece of the same side", w[2]);
		if (take_off(ed, b, false, w[2]) < 0)
			return -1;
		if (ed->king)
			return 0;
	}
	tp_marks_move(ed->a->g->kstate, w[1], w[2]);
	return op(ed, "@remove %s", w[1]) < 0 ? -1 :
	       op(ed, "@place %c %s", variant_piece_char(p->v, pc), w[2]);
}

static int e_swap(struct edit *ed, char **w, int n)
{
	const struct pos *p = ed->a->g->board[0].pos;
	struct tempete *tp = ed->a->g->kstate;
	sq_t a, b;

	if (n != 3)
		return apply_error(ed->a, ed->od, "write: effect swap a1 h1");
	if ((a = square(ed, w[1])) == SQ_NONE || (b = square(ed, w[2])) == SQ_NONE ||
	    need_piece(ed, a, w[1]) < 0 || need_piece(ed, b, w[2]) < 0)
		return -1;
	char pa = variant_piece_char(p->v, p->board[a]), pb = variant_piece_char(p->v, p->board[b]);
	for (int i = 0; i < tp->nmarks; i++) {         /* marks change places too */
		if (!strcmp(tp->marks[i].square, w[1]))
			snprintf(tp->marks[i].square, sizeof tp->marks[i].square, "%s", w[2]);
		else if (!strcmp(tp->marks[i].square, w[2]))
			snprintf(tp->marks[i].square, sizeof tp->marks[i].square, "%s", w[1]);
	}
	return op(ed, "@place %c %s", pb, w[1]) < 0 ? -1 : op(ed, "@place %c %s", pa, w[2]);
}

char tp_captured_kind(struct tempete *tp, int c, const char *square, char letter)
{
	for (int i = 0; i < tp->nmarks; i++) {
		const struct tp_mark *m = &tp->marks[i];
		if (m->effect || !m->orig || strcmp(m->square, square))
			continue;
		struct tp_rescue rs = { .now = letter, .orig = m->orig, .turn = tp->turn,
					.card = m->card ? m->card : -1 };
		memcpy(rs.label, m->label, sizeof rs.label);
		tp->rescue[c] = rs;
		return m->orig;
	}
	return letter;
}

/* A transformed piece returned on the move it was captured or the next keeps its powers
 * and its name (seed 002, "Transformed Pieces"). The return names the kind it had first,
 * the kind the record keeps and the cards name ("a transformed piece can be affected by
 * cards that name the original piece"), as in Knightmare; the kind it stood for since is
 * another piece's (docs/tempete.md, "Interpretations"). */
static int rescue(struct edit *ed, struct tp_rescue *rs, int c, const char *square)
{
	struct tempete *tp = ed->a->g->kstate;
	char *at = memchr(tp->lost[c], rs->orig, (size_t)tp->nlost[c]);
	char letter = c == WHITE ? rs->now : (char)tolower((unsigned char)rs->now);
	char label[TP_LABEL_MAX];

	memcpy(label, rs->label, sizeof label);
	memmove(at, at + 1, (size_t)(tp->lost[c] + tp->nlost[c] - at - 1));
	tp->nlost[c]--;
	tp_marks_remove(tp, square);
	if (tp->nmarks < TP_MARKS_MAX) {
		struct tp_mark *m = &tp->marks[tp->nmarks++];
		memset(m, 0, sizeof *m);
		snprintf(m->square, sizeof m->square, "%s", square);
		memcpy(m->label, label, sizeof m->label);
		m->card = rs->card > 0 ? rs->card : 0, m->by = c, m->orig = rs->orig;
	}
	rs->card = 0;
	return op(ed, "@place %c %s", letter, square);
}

static int e_return(struct edit *ed, char **w, int n, bool new_piece)
{
	struct tempete *tp = ed->a->g->kstate;
	piece_t pc;
	sq_t s;

	if (n != 3)
		return apply_error(ed->a, ed->od, "write: effect %s N d4", new_piece ? "place" : "return");
	if (piece_of(ed, w[1], &pc) < 0 || (s = square(ed, w[2])) == SQ_NONE || need_empty(ed, s, w[2]) < 0)
		return -1;
	if (!new_piece) {
		int c = PIECE_COLOR(pc);
		char letter = ed->a->g->v->type[PIECE_TYPE(pc)].letter;
		struct tp_rescue *rs = &tp->rescue[c];
		if (rs->card && rs->orig == letter && tp->turn - rs->turn <= 1 &&
		    memchr(tp->lost[c], rs->orig, (size_t)tp->nlost[c]))
			return rescue(ed, rs, c, w[2]);
		char *at = memchr(tp->lost[c], letter, (size_t)tp->nlost[c]);
		if (!at)
			return apply_error(ed->a, ed->od, "no captured %s %s can return (dead pieces never do)",
					   c == WHITE ? "white" : "black",
					   ed->a->g->v->type[PIECE_TYPE(pc)].name);
		memmove(at, at + 1, (size_t)(tp->lost[c] + tp->nlost[c] - at - 1));
		tp->nlost[c]--;
	}
	return op(ed, "@place %c %s", variant_piece_char(ed->a->g->v, pc), w[2]);
}

/* "transform e4 N Dragon": the piece becomes a knight, named Dragon. */
static int e_transform(struct edit *ed, char **w, int n, const char *line)
{
	const struct pos *p = ed->a->g->board[0].pos;
	struct tempete *tp = ed->a->g->kstate;
	piece_t pc;
	sq_t s;

	if (n < 3)
		return apply_error(ed->a, ed->od, "write: effect transform e4 N Name");
	if ((s = square(ed, w[1])) == SQ_NONE || need_piece(ed, s, w[1]) < 0)
		return -1;
	if (royal(p, s)) {
		ed->king = true;
		return 0;
	}
	char letter[2] = { (char)(PIECE_COLOR(p->board[s]) == WHITE ? toupper((unsigned char)w[2][0]) :
				  tolower((unsigned char)w[2][0])), 0 };
	if (strlen(w[2]) != 1 || piece_of(ed, letter, &pc) < 0)
		return strlen(w[2]) != 1 ? apply_error(ed->a, ed->od, "'%s' is not a piece letter", w[2]) : -1;
	/* the name is what follows the third word (a letter may also occur inside the
	 * words before it: "transform e2 r Dragon") */
	const char *name = line;
	for (int k = 0; k < 3; k++) {
		while (isspace((unsigned char)*name))
			name++;
		while (*name && !isspace((unsigned char)*name))
			name++;
	}
	while (*name == ' ' || *name == '\t' || *name == '"')
		name++;
	/* the kind it had first: a piece transformed twice still returns as that one */
	char orig = p->v->type[PIECE_TYPE(p->board[s])].letter;
	for (int i = 0; i < tp->nmarks; i++)
		if (!tp->marks[i].effect && tp->marks[i].orig && !strcmp(tp->marks[i].square, w[1]))
			orig = tp->marks[i].orig;
	tp_marks_remove(tp, w[1]);
	if (tp->nmarks < TP_MARKS_MAX) {
		struct tp_mark *m = &tp->marks[tp->nmarks++];
		memset(m, 0, sizeof *m);
		snprintf(m->square, sizeof m->square, "%s", w[1]);
		snprintf(m->label, sizeof m->label, "%.*s", (int)strcspn(name, "\""), name);
		m->card = tp->plays[tp->nplays ? tp->nplays - 1 : 0].card;
		m->by = ed->a->me;
		m->orig = orig;
	}
	return op(ed, "@place %s %s", letter, w[1]);
}

/* "attach d4 frozen" (on the piece) or "attach all pawns move backwards" (on the game). */
static int e_attach(struct edit *ed, char **w, int n, const char *line)
{
	struct tempete *tp = ed->a->g->kstate;
	const struct variant *v = ed->a->g->v;
	bool on_piece = n >= 3 && variant_square_named(v, w[1], strlen(w[1])) != SQ_NONE;
	const char *label = strstr(line, w[on_piece ? 2 : 1]);

	if (n < 2)
		return apply_error(ed->a, ed->od, "write: effect attach d4 NAME, or effect attach NAME");
	if (on_piece && need_piece(ed, variant_square_named(v, w[1], strlen(w[1])), w[1]) < 0)
		return -1;
	if (tp->nmarks == TP_MARKS_MAX)
		return apply_error(ed->a, ed->od, "too many continuing effects at once");
	struct tp_mark *m = &tp->marks[tp->nmarks++];
	snprintf(m->square, sizeof m->square, "%s", on_piece ? w[1] : "");
	snprintf(m->label, sizeof m->label, "%s", label);
	m->card = tp->nplays ? tp->plays[tp->nplays - 1].card : 0;
	m->by = ed->a->me;
	m->effect = true;
	return 0;
}

static int e_end(struct edit *ed, const char *label)
{
	struct tempete *tp = ed->a->g->kstate;

	for (int i = 0; i < tp->nmarks; i++)
		if (tp->marks[i].effect && !strcasecmp(tp->marks[i].label, label)) {
			memmove(&tp->marks[i], &tp->marks[i + 1],
				(size_t)(tp->nmarks - i - 1) * sizeof tp->marks[0]);
			tp->nmarks--;
			return 0;
		}
	return apply_error(ed->a, ed->od, "no continuing effect '%s' is in play", label);
}

static int e_takeback(struct edit *ed, const struct turn_msg *t)
{
	struct tempete *tp = ed->a->g->kstate;
	struct err e;

	if (!t->intercept)
		return apply_error(ed->a, ed->od, "'takeback' belongs to an interception");
	if (!tp->before_move[0])
		return apply_error(ed->a, ed->od, "there is no regular move to take back");
	bool second = tp->hit_part == 2;
	/* A card played instead of the move is taken back with its effects (the move it
	 * replaced is the thing taken back). So is a card whose before-move effects check the
	 * side that did not move: without the move, the position is none chess allows (the
	 * mate a continuing card made, taken back). The card stays spent. */
	if (tp->move_parts == 0 || tp_restore(ed->a, second ? tp->before_part2 : tp->before_move, &e) < 0) {
		if (tp_restore(ed->a, tp->before_card, &e) < 0)
			return apply_error(ed->a, ed->od, "%s", e.msg);
		tp_restore_marks(tp, TP_BEFORE_CARD);
		apply_note(ed->a, "The card played with the move is taken back with it.");
		char why[40], said[400];
		phrase_printf(why, sizeof why, "taken back by card %d", t->card_no);
		tp_note_undone(ed->a, tp_undo_card(tp, TP_REC_TURN, why, said, sizeof said), said);
	} else
		tp_restore_marks(tp, second ? 1 : 0);
	tp->taken_back = true;
	return 0;
}

static int one(struct edit *ed, const struct turn_msg *t, char *announce, size_t alen)
{
	char copy[ORDER_ARG_MAX], *w[8], *save = NULL;
	int n = 0;

	snprintf(copy, sizeof copy, "%s", ed->od->arg);
	for (char *x = strtok_r(copy, " ", &save); x && n < 8; x = strtok_r(NULL, " ", &save))
		w[n++] = x;
	if (n == 0)
		return apply_error(ed->a, ed->od, "an effect says what it does");
	for (char *c = w[0]; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	int rc;
	if (!strcmp(w[0], "move"))
		rc = e_move(ed, w, n);
	else if (!strcmp(w[0], "capture") || !strcmp(w[0], "kill")) {
		sq_t s;
		if (n != 2)
			return apply_error(ed->a, ed->od, "write: effect %s d5", w[0]);
		if ((s = square(ed, w[1])) == SQ_NONE || need_piece(ed, s, w[1]) < 0)
			return -1;
		rc = take_off(ed, s, w[0][0] == 'k', w[1]);
	} else if (!strcmp(w[0], "return") || !strcmp(w[0], "place"))
		rc = e_return(ed, w, n, w[0][0] == 'p');
	else if (!strcmp(w[0], "swap"))
		rc = e_swap(ed, w, n);
	else if (!strcmp(w[0], "transform"))
		rc = e_transform(ed, w, n, ed->od->arg);
	else if (!strcmp(w[0], "attach"))
		rc = e_attach(ed, w, n, ed->od->arg);
	else if (!strcmp(w[0], "remove") || !strcmp(w[0], "end"))
		rc = n < 2 ? apply_error(ed->a, ed->od, "write: effect end NAME") :
		     e_end(ed, strstr(ed->od->arg, w[1]));
	else if (!strcmp(w[0], "takeback"))
		rc = e_takeback(ed, t);
	else if (!strcmp(w[0], "instead"))
		rc = t->intercept ? apply_error(ed->a, ed->od, "'instead' belongs to a move") : 0;
	else
		return apply_error(ed->a, ed->od, "'%s' is not an effect: write move, capture, kill, "
				   "return, place, swap, transform, attach, end, takeback or instead", w[0]);
	if (rc == 0) {
		size_t at = strlen(announce);
		snprintf(announce + at, alen - at, "%s%s", at ? "; " : "", ed->od->arg);
	}
	return rc;
}

static bool is_takeback(const struct order *od)
{
	return !strncasecmp(od->arg, "takeback", 8);
}

/* Would the side `c` be mated now, with the move? */
static bool mated(const struct pos *p, int c)
{
	struct pos *q = malloc(sizeof *q);
	struct status st;

	if (!q)
		return false;
	memcpy(q, p, sizeof *q);
	if ((int)q->side != c)
		pos_edit_side(q, (enum color)c);
	status_get(q, &st);
	free(q);
	return st.end == STATUS_CHECKMATE;
}

int tp_effects(struct apply_state *a, const struct turn_msg *t, bool regular, char *announce,
	       size_t alen)
{
	struct game *g = a->g;
	struct pos *pos = malloc(sizeof *pos);
	struct tempete *tp = malloc(sizeof *tp);
	int nmoves = g->board[0].nmoves, rc = 0;
	struct edit ed = { .a = a };

	if (!pos || !tp) {
		free(pos), free(tp);
		return apply_error(a, t->first, "out of memory");
	}
	memcpy(pos, g->board[0].pos, sizeof *pos);
	memcpy(tp, g->kstate, sizeof *tp);
	bool mate_before = mated(g->board[0].pos, 1 - a->me);
	/* a takeback sets the board back: it comes first, wherever it is written, so that
	 * the edits written before it apply to the position it leaves */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < t->neffects && rc == 0 && !ed.king; i++) {
			if (is_takeback(t->effects[i]) != (pass == 0))
				continue;
			ed.od = t->effects[i];
			rc = one(&ed, t, announce, alen);
		}
	if (rc == 0 && regular && (ed.king || (!mate_before && mated(g->board[0].pos, 1 - a->me)))) {
		/* the Checkmate Rule: no effect, nothing changes but the card is spent */
		memcpy(g->board[0].pos, pos, sizeof *pos);
		game_truncate_moves(g, nmoves);
		memcpy(g->kstate, tp, sizeof *tp);
		rc = 1;
	}
	free(pos);
	free(tp);
	return rc;
}
