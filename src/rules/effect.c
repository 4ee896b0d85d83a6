/* effect.c: the card effect language (effect.h): parsing, and one statement applied to a
 * position as board operations. */
#include "rules/effect.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/variant.h"

const char *const effect_verb_names[EFFECT_VERBS] = {
	"move", "capture", "kill", "return", "place", "replace", "swap", "transform", "freeze",
	"gain", "powers", "immune", "cancel", "shield",
};

#define WORDS_MAX 24

struct words {
	char buf[256];
	char *w[WORDS_MAX];
	int n, at;
	int stmt;
	struct err *e;
};

static const char *peek(const struct words *t)
{
	return t->at < t->n ? t->w[t->at] : NULL;
}

static int bad(struct words *t, const char *fmt, const char *word)
{
	char what[160];

	snprintf(what, sizeof what, fmt, word ? word : "(end)");
	return err_set(t->e, "statement %d: %s", t->stmt, what);
}

static bool is_kinds(const char *w)
{
	if (!*w || strlen(w) >= EFFECT_KINDS_MAX)
		return false;
	for (; *w; w++)
		if (!isupper((unsigned char)*w))
			return false;
	return true;
}

static int read_side(struct words *t, enum effect_side *side)
{
	const char *w = peek(t);

	if (w && !strcmp(w, "own"))
		*side = EFFECT_OWN;
	else if (w && !strcmp(w, "enemy"))
		*side = EFFECT_ENEMY;
	else if (w && !strcmp(w, "any"))
		*side = EFFECT_ANY;
	else
		return bad(t, "'%s': expected own, enemy or any", w);
	t->at++;
	return 0;
}

/* "7" or "1-2" */
static int read_rank(struct words *t, int *lo, int *hi)
{
	const char *w = peek(t);
	int a, b;
	char c;

	if (!w)
		return bad(t, "'%s': a rank (7, or 1-2) follows 'rank'", w);
	if (sscanf(w, "%d-%d%c", &a, &b, &c) == 2 || (sscanf(w, "%d%c", &a, &c) == 1 && (b = a)))
		if (a >= 1 && b >= a && b <= RANKS_MAX) {
			*lo = a, *hi = b;
			t->at++;
			return 0;
		}
	return bad(t, "'%s': a rank (7, or 1-2) follows 'rank'", w);
}

static int read_filter(struct words *t, struct effect_filter *f)
{
	const char *w;

	memset(f, 0, sizeof *f);
	if (read_side(t, &f->side) < 0)
		return -1;
	if ((w = peek(t)) && is_kinds(w))
		snprintf(f->kinds, sizeof f->kinds, "%s", w), t->at++;
	while ((w = peek(t))) {
		if (!strcmp(w, "rank")) {
			t->at++;
			if (read_rank(t, &f->rank_lo, &f->rank_hi) < 0)
				return -1;
		} else if (!strcmp(w, "adjacent")) {
			t->at++;
			f->adjacent = true;
			if (read_side(t, &f->adj_side) < 0)
				return -1;
			if ((w = peek(t)) && is_kinds(w))
				snprintf(f->adj_kinds, sizeof f->adj_kinds, "%s", w), t->at++;
		} else
			break;
	}
	return 0;
}

static int read_letter(struct words *t, char *letter)
{
	const char *w = peek(t);

	if (!w || strlen(w) != 1 || !isupper((unsigned char)*w))
		return bad(t, "'%s': expected a piece letter (upper case)", w);
	*letter = *w;
	t->at++;
	return 0;
}

/* "as BETZA", checked by the engine's own reader. */
static int read_as(struct words *t, char *betza)
{
	const char *w = peek(t);
	struct betza powers;
	struct err e;

	if (!w || strcmp(w, "as"))
		return bad(t, "'%s': expected 'as' and the powers in Betza", w);
	t->at++;
	if (!(w = peek(t)) || strlen(w) >= EFFECT_BETZA_MAX)
		return bad(t, "'%s': expected the powers in Betza after 'as'", w);
	if (betza_parse(w, &powers, &e) < 0)
		return err_set(t->e, "statement %d: %s", t->stmt, e.msg);
	snprintf(betza, EFFECT_BETZA_MAX, "%s", w);
	t->at++;
	return 0;
}

static int read_word(struct words *t, const char *word, bool *flag)
{
	const char *w = peek(t);

	*flag = w && !strcmp(w, word);
	if (*flag)
		t->at++;
	return 0;
}

static int read_while(struct words *t, struct effect_stmt *s)
{
	const char *w = peek(t);

	if (!w || strcmp(w, "while"))
		return 0;
	t->at++;
	s->has_while = true;
	if (read_side(t, &s->while_side) < 0 || read_letter(t, &s->while_kind) < 0)
		return -1;
	return 0;
}

static int read_where(struct words *t, struct effect_stmt *s)
{
	const char *w = peek(t);

	if (!w || strcmp(w, "rank"))
		return 0;
	t->at++;
	return read_rank(t, &s->rank_lo, &s->rank_hi);
}

static int read_name(struct words *t, char *name)
{
	const char *w = peek(t);

	if (!w || strlen(w) >= EFFECT_NAME_MAX || !isupper((unsigned char)*w) || !strcmp(w, "as"))
		return bad(t, "'%s': expected the new kind's name (a capital first)", w);
	for (const char *c = w; *c; c++)
		if (!isalpha((unsigned char)*c))
			return bad(t, "'%s': a name is letters only", w);
	snprintf(name, EFFECT_NAME_MAX, "%s", w);
	t->at++;
	return 0;
}

static int read_stmt(struct words *t, struct effect_stmt *s)
{
	const char *w = peek(t);
	int v = 0;

	memset(s, 0, sizeof *s);
	while (v < EFFECT_VERBS && (!w || strcmp(w, effect_verb_names[v])))
		v++;
	if (v == EFFECT_VERBS)
		return bad(t, "'%s' is not a verb of the effect language", w);
	s->verb = (enum effect_verb)v;
	t->at++;
	switch (s->verb) {
	case EFFECT_MOVE:
		return read_filter(t, &s->f[0]) < 0 || read_as(t, s->betza) < 0 ? -1 :
		       read_word(t, "nocapture", &s->nocapture);
	case EFFECT_CAPTURE: case EFFECT_KILL: case EFFECT_FREEZE: case EFFECT_SHIELD:
		return read_filter(t, &s->f[0]);
	case EFFECT_RETURN: case EFFECT_PLACE:
		return read_letter(t, &s->letter) < 0 ? -1 : read_where(t, s);
	case EFFECT_REPLACE:
		return read_filter(t, &s->f[0]) < 0 ? -1 : read_letter(t, &s->letter);
	case EFFECT_SWAP:
		return read_filter(t, &s->f[0]) < 0 ? -1 : read_filter(t, &s->f[1]);
	case EFFECT_TRANSFORM:
		return read_filter(t, &s->f[0]) < 0 || read_name(t, s->name) < 0 ? -1 :
		       read_as(t, s->betza);
	case EFFECT_GAIN: case EFFECT_POWERS:
		return read_letter(t, &s->letter) < 0 || read_as(t, s->betza) < 0 ? -1 :
		       read_while(t, s);
	case EFFECT_IMMUNE:
		return read_letter(t, &s->letter) < 0 ? -1 : read_while(t, s);
	default:
		return 0;
	}
}

int effect_stmt_slots(const struct effect_stmt *s)
{
	switch (s->verb) {
	case EFFECT_MOVE: case EFFECT_SWAP: return 2;
	case EFFECT_GAIN: case EFFECT_POWERS: case EFFECT_IMMUNE: return 0;
	default: return 1;
	}
}

static bool continuing(enum effect_verb v)
{
	return (v >= EFFECT_TRANSFORM && v <= EFFECT_IMMUNE) || v == EFFECT_SHIELD;
}

int effect_parse(const char *text, struct effect *out, struct err *e)
{
	const char *at = text;

	memset(out, 0, sizeof *out);
	while (*at) {
		struct words t = { .stmt = out->n + 1, .e = e };
		size_t len = strcspn(at, ";");
		char *save;
		if (out->n == EFFECT_STMTS_MAX)
			return err_set(e, "more than %d statements", EFFECT_STMTS_MAX);
		if (len >= sizeof t.buf)
			return err_set(e, "statement %d is too long", t.stmt);
		memcpy(t.buf, at, len);
		t.buf[len] = 0;
		for (char *w = strtok_r(t.buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
			if (t.n == WORDS_MAX)
				return err_set(e, "statement %d has too many words", t.stmt);
			t.w[t.n++] = w;
		}
		struct effect_stmt *s = &out->s[out->n];
		if (read_stmt(&t, s) < 0)
			return -1;
		if (peek(&t))
			return bad(&t, "'%s': nothing more was expected", peek(&t));
		if (s->verb == EFFECT_CANCEL && out->n)
			return err_set(e, "statement %d: cancel stands alone", t.stmt);
		out->continuing |= continuing(s->verb);
		out->nslots += effect_stmt_slots(s);
		out->n++;
		at += len;
		if (*at == ';')
			at++;
		while (isspace((unsigned char)*at))
			at++;
	}
	if (!out->n)
		return err_set(e, "an effect has at least one statement");
	return 0;
}

/* ---- applying a statement ---- */

static const char *whose(enum effect_side s)
{
	return s == EFFECT_OWN ? N_("your own") : s == EFFECT_ENEMY ? N_("an enemy") : N_("a");
}

static bool side_ok(enum effect_side want, int by, int colour)
{
	return want == EFFECT_ANY || (want == EFFECT_OWN) == (colour == by);
}

static bool kind_ok(const char *kinds, char letter)
{
	return !*kinds || strchr(kinds, toupper((unsigned char)letter));
}

/* The kind a card naming kinds sees on s: a transformed or frozen piece is still the
 * kind it was (seed 002), not the stand-in letter the board shows. */
static char seen_kind(const struct effect_env *env, sq_t s)
{
	const char *name = variant_square_name(env->p->v, s);

	for (int i = 0; env->under && i < env->nunder; i++)
		if (!strcmp(env->under[i].square, name))
			return env->under[i].orig;
	return variant_piece_char(env->p->v, pos_at(env->p, s));
}

static bool adjacent_to(const struct effect_env *env, sq_t s, const struct effect_filter *f)
{
	const struct pos *p = env->p;
	const struct variant *v = p->v;

	for (int dx = -1; dx <= 1; dx++)
		for (int dy = -1; dy <= 1; dy++) {
			sq_t n = variant_square_at(v, v->file_of[s] + dx, v->rank_of[s] + dy);
			piece_t pc = n == SQ_NONE || (!dx && !dy) ? PIECE_NONE : pos_at(p, n);
			if (pc != PIECE_NONE && side_ok(f->adj_side, env->by, PIECE_COLOR(pc)) &&
			    kind_ok(f->adj_kinds, seen_kind(env, n)))
				return true;
		}
	return false;
}

/* A refusal, as a phrase (util/phrase.h): the reader's language. */
static int refuse(char *why, size_t wlen, const char *fmt, const char *a, const char *b)
{
	phrase_printf(why, wlen, fmt, a, b);
	return -1;
}

/* The square named by a target, or SQ_NONE with the reason. */
static sq_t target_square(const struct pos *p, const char *word, char *why, size_t wlen)
{
	sq_t s = word ? variant_square_named(p->v, word, strlen(word)) : SQ_NONE;

	if (s == SQ_NONE)
		refuse(why, wlen, "'%s' is not a square%s", word ? word : "(none)", "");
	return s;
}

static bool rank_ok(const struct pos *p, sq_t s, int by, int lo, int hi)
{
	int r = variant_relative_rank(p->v, s, (enum color)by);

	return !lo || (r >= lo && r <= hi);
}

/* The piece on the target, checked against the filter. */
static sq_t filtered(const struct effect_filter *f, const struct effect_env *env, const char *word,
		     char *why, size_t wlen)
{
	const struct pos *p = env->p;
	sq_t s = target_square(p, word, why, wlen);
	piece_t pc;
	char rank[16];

	if (s == SQ_NONE)
		return SQ_NONE;
	if ((pc = pos_at(p, s)) == PIECE_NONE)
		return refuse(why, wlen, "%s is empty%s", word, ""), SQ_NONE;
	if (!side_ok(f->side, env->by, PIECE_COLOR(pc)))
		return refuse(why, wlen, "the piece on %s is not %s piece", word, whose(f->side)), SQ_NONE;
	if (!kind_ok(f->kinds, seen_kind(env, s)))
		return refuse(why, wlen, "the piece on %s is not one of %s", word, f->kinds), SQ_NONE;
	if (!rank_ok(p, s, env->by, f->rank_lo, f->rank_hi)) {
		snprintf(rank, sizeof rank, "%d-%d", f->rank_lo, f->rank_hi);
		return refuse(why, wlen, "%s is not on your rank %s", word,
			      f->rank_lo == f->rank_hi ? rank + strcspn(rank, "-") + 1 : rank), SQ_NONE;
	}
	if (f->adjacent && !adjacent_to(env, s, f))
		return refuse(why, wlen, "the piece on %s is not next to %s", word,
			      f->adj_side == EFFECT_OWN ? N_("one of your pieces it names") :
			      N_("an enemy piece it names")), SQ_NONE;
	return s;
}

static void op(struct effect_out *o, const char *fmt, const char *a, char b)
{
	char text[EFFECT_OP_LEN];

	if (o->nops == EFFECT_OPS_MAX)
		return;
	if (b)
		snprintf(text, sizeof text, fmt, b, a);
	else
		snprintf(text, sizeof text, fmt, a);
	snprintf(o->ops[o->nops++], EFFECT_OP_LEN, "%s", text);
}

/* A piece a card moves off and back onto the board keeps its shield. */
static void keep_shield(struct effect_out *o, const struct pos *p, sq_t from, const char *to)
{
	char text[EFFECT_OP_LEN];

	if (pos_mark(p, from) != MARK_SHIELD)
		return;
	snprintf(text, sizeof text, "@mark %s %d", to, MARK_SHIELD);
	op(o, "%s", text, 0);
}

static char letter_of(int colour, char upper)
{
	return colour == WHITE ? (char)toupper((unsigned char)upper) : (char)tolower((unsigned char)upper);
}

static bool is_royal(const struct pos *p, sq_t s)
{
	return p->v->type[PIECE_TYPE(pos_at(p, s))].royal;
}

/* Could the piece on `from` go to `to` with these powers (the engine's own moves, on a
 * copy of the rules where its kind moves so)? */
static bool reaches(const struct pos *p, sq_t from, sq_t to, const char *betza)
{
	piece_t pc = pos_at(p, from);
	struct err e;
	struct variant *v = variant_clone(p->v, &e);
	struct pos q;
	struct movelist ml;
	char fen[FEN_MAX];
	bool ok = false;

	if (!v)
		return false;
	/* the piece's side to move: its own king may be in check between the parts of a turn
	 * (seed 002), and a position whose side not to move is in check is none a FEN holds */
	struct pos *mover = malloc(sizeof *mover);
	if (mover) {
		*mover = *p;
		pos_edit_side(mover, PIECE_COLOR(pc));
		pos_to_fen(mover, fen, sizeof fen);
		free(mover);
	} else {
		pos_to_fen(p, fen, sizeof fen);
	}
	if (variant_set_powers(v, variant_piece_char(p->v, PIECE_MAKE(PIECE_TYPE(pc), WHITE)),
			       betza, &e) == 0 && pos_from_fen(&q, v, fen, &e) == 0) {
		pos_edit_side(&q, PIECE_COLOR(pc));
		movegen_pseudo(&q, &ml);
		for (int i = 0; i < ml.n && !ok; i++)
			ok = ml.m[i].from == from && ml.m[i].to == to &&
			     (ml.m[i].kind == MOVE_NORMAL || ml.m[i].kind == MOVE_DOUBLE);
	}
	variant_free(v);
	return ok;
}

static int do_move(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		   struct effect_out *o, char *why, size_t wlen)
{
	const struct pos *p = env->p;
	sq_t from = filtered(&s->f[0], env, t[0], why, wlen), to;
	piece_t pc, victim;

	if (from == SQ_NONE || (to = target_square(p, t[1], why, wlen)) == SQ_NONE)
		return -1;
	pc = pos_at(p, from);
	victim = pos_at(p, to);
	if (victim != PIECE_NONE && PIECE_COLOR(victim) == PIECE_COLOR(pc))
		return refuse(why, wlen, "%s is occupied by a piece of the same side%s", t[1], "");
	if (victim != PIECE_NONE && s->nocapture)
		return refuse(why, wlen, "this move may not capture (%s is occupied)%s", t[1], "");
	if (victim != PIECE_NONE && is_royal(p, to))
		return o->king = true, refuse(why, wlen, "a king is never captured (%s)%s", t[1], "");
	if (victim != PIECE_NONE && pos_mark(p, to) == MARK_SHIELD)
		return refuse(why, wlen, "the piece on %s may not be captured (a shield)%s", t[1], "");
	if (s->betza[0] && !reaches(p, from, to, s->betza))
		return phrase_printf(why, wlen, "the piece on %s cannot go to %s as %s", t[0], t[1],
				     s->betza), -1;
	if (victim != PIECE_NONE) {
		op(o, "@remove %s", t[1], 0);
		o->lost_side = PIECE_COLOR(victim);
		o->lost_kind = (char)toupper((unsigned char)variant_piece_char(p->v, victim));
	}
	op(o, "@remove %s", t[0], 0);
	op(o, "@place %c %s", t[1], variant_piece_char(p->v, pc));
	keep_shield(o, p, from, t[1]);
	if (victim)
		phrase_printf(o->text, sizeof o->text, "%s moves to %s and captures", t[0], t[1]);
	else
		phrase_printf(o->text, sizeof o->text, "%s moves to %s", t[0], t[1]);
	return 0;
}

static int do_capture(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		      struct effect_out *o, char *why, size_t wlen)
{
	sq_t sq = filtered(&s->f[0], env, t[0], why, wlen);

	if (sq == SQ_NONE)
		return -1;
	if (is_royal(env->p, sq))
		return o->king = true, refuse(why, wlen, "a card never captures a king (%s)%s", t[0], "");
	piece_t pc = pos_at(env->p, sq);
	op(o, "@remove %s", t[0], 0);
	o->lost_side = PIECE_COLOR(pc);
	o->lost_kind = (char)toupper((unsigned char)variant_piece_char(env->p->v, pc));
	o->dead = s->verb == EFFECT_KILL;
	if (o->dead)
		phrase_printf(o->text, sizeof o->text, "the piece on %s is dead", t[0]);
	else
		phrase_printf(o->text, sizeof o->text, "the piece on %s is lost", t[0]);
	return 0;
}

/* return / place: an empty square, on the ranks the card allows. */
static int do_arrive(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		     struct effect_out *o, char *why, size_t wlen)
{
	const struct pos *p = env->p;
	sq_t sq = target_square(p, t[0], why, wlen);
	char l[2] = { s->letter, 0 };

	if (sq == SQ_NONE)
		return -1;
	if (pos_at(p, sq) != PIECE_NONE)
		return refuse(why, wlen, "%s is occupied%s", t[0], "");
	if (!rank_ok(p, sq, env->by, s->rank_lo, s->rank_hi))
		return refuse(why, wlen, "%s is not on a rank this card allows%s", t[0], "");
	if (variant_type_by_letter(p->v, s->letter) < 0)
		return refuse(why, wlen, "there is no piece %s here%s", l, "");
	if (s->verb == EFFECT_RETURN) {
		if (!env->lost[env->by] || !strchr(env->lost[env->by], s->letter))
			return refuse(why, wlen, "you have no lost %s to return%s", l, "");
		o->used_side = env->by, o->used_kind = s->letter;
	}
	op(o, "@place %c %s", t[0], letter_of(env->by, s->letter));
	if (s->verb == EFFECT_RETURN)
		phrase_printf(o->text, sizeof o->text, "returns %s on %s", l, t[0]);
	else
		phrase_printf(o->text, sizeof o->text, "places %s on %s", l, t[0]);
	return 0;
}

static int do_replace(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		      struct effect_out *o, char *why, size_t wlen)
{
	sq_t sq = filtered(&s->f[0], env, t[0], why, wlen);
	char l[2] = { s->letter, 0 };

	if (sq == SQ_NONE)
		return -1;
	if (is_royal(env->p, sq))
		return refuse(why, wlen, "a king is never replaced (%s)%s", t[0], "");
	piece_t pc = pos_at(env->p, sq);
	int c = PIECE_COLOR(pc);
	if (!env->lost[c] || !strchr(env->lost[c], s->letter))
		return refuse(why, wlen, "there is no lost %s of that side to put on %s", l, t[0]);
	op(o, "@remove %s", t[0], 0);
	op(o, "@place %c %s", t[0], letter_of(c, s->letter));
	o->lost_side = c;
	o->lost_kind = (char)toupper((unsigned char)variant_piece_char(env->p->v, pc));
	o->used_side = c, o->used_kind = s->letter;
	phrase_printf(o->text, sizeof o->text, "the piece on %s is replaced by a lost %s", t[0], l);
	return 0;
}

static int do_swap(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		   struct effect_out *o, char *why, size_t wlen)
{
	sq_t a, b;

	if (t[0] && t[1] && !strcasecmp(t[0], t[1]))
		return refuse(why, wlen, "a swap names two squares (%s twice)%s", t[0], "");
	if ((a = filtered(&s->f[0], env, t[0], why, wlen)) == SQ_NONE ||
	    (b = filtered(&s->f[1], env, t[1], why, wlen)) == SQ_NONE)
		return -1;
	char pa = variant_piece_char(env->p->v, pos_at(env->p, a));
	char pb = variant_piece_char(env->p->v, pos_at(env->p, b));
	op(o, "@remove %s", t[0], 0);
	op(o, "@remove %s", t[1], 0);
	op(o, "@place %c %s", t[0], pb);
	op(o, "@place %c %s", t[1], pa);
	keep_shield(o, env->p, b, t[0]);
	keep_shield(o, env->p, a, t[1]);
	phrase_printf(o->text, sizeof o->text, "the pieces on %s and %s change places", t[0], t[1]);
	return 0;
}

/* shield: the piece keeps its kind and powers (a pawn its pawn rules) and carries the
 * shield mark, which the engine moves with it and honours in every capture. */
static int do_shield(const struct effect_env *env, sq_t sq, const char *name, struct effect_out *o)
{
	char rule[EFFECT_OP_LEN];

	snprintf(rule, sizeof rule, "@mark %s %d", name, MARK_SHIELD);
	op(o, "%s", rule, 0);
	snprintf(o->square, sizeof o->square, "%s", name);
	o->orig = (char)toupper((unsigned char)variant_piece_char(env->p->v, pos_at(env->p, sq)));
	snprintf(o->text, sizeof o->text, "the piece on %s may not be captured", name);
	return 0;
}

/* transform / freeze / shield: the piece becomes the spare (or frozen) kind, its own letter kept by
 * the kind for its return. */
static int do_change(const struct effect_stmt *s, const struct effect_env *env, const char *const *t,
		     struct effect_out *o, char *why, size_t wlen)
{
	sq_t sq = filtered(&s->f[0], env, t[0], why, wlen);
	char to = s->verb == EFFECT_FREEZE ? env->frozen : env->spare;

	if (sq == SQ_NONE)
		return -1;
	if (is_royal(env->p, sq))
		return refuse(why, wlen, s->verb == EFFECT_SHIELD ? F_("a king is never captured (%s)%s") :
			      F_("a king keeps its kind (%s)%s"), t[0], "");
	if (!to && s->verb != EFFECT_SHIELD)
		return refuse(why, wlen, s->verb == EFFECT_FREEZE ? F_("no more pieces can be frozen now%s") :
			      F_("no more pieces can be transformed now%s"), "", "");
	piece_t pc = pos_at(env->p, sq);
	char orig = variant_piece_char(env->p->v, pc);
	if (toupper((unsigned char)orig) == env->frozen || toupper((unsigned char)orig) == env->spare ||
	    pos_mark(env->p, sq) == MARK_SHIELD)
		return refuse(why, wlen, "the piece on %s is under a card already%s", t[0], "");
	if (s->verb == EFFECT_SHIELD)
		return do_shield(env, sq, t[0], o);
	op(o, "@remove %s", t[0], 0);
	op(o, "@place %c %s", t[0], letter_of(PIECE_COLOR(pc), to));
	if (s->verb == EFFECT_TRANSFORM) {
		char rule[EFFECT_OP_LEN];
		snprintf(rule, sizeof rule, "@rule %c %s", to, s->betza);
		op(o, "%s", rule, 0);
	}
	snprintf(o->square, sizeof o->square, "%s", t[0]);
	o->orig = (char)toupper((unsigned char)orig);
	if (s->verb == EFFECT_TRANSFORM)
		phrase_printf(o->text, sizeof o->text, "the piece on %s becomes a %s (%s)", t[0], s->name,
			      s->betza);
	else
		phrase_printf(o->text, sizeof o->text, "the piece on %s may not move", t[0]);
	return 0;
}

int effect_stmt_apply(const struct effect_stmt *s, const struct effect_env *env,
		      const char *const *targets, struct effect_out *out, char *why, size_t wlen)
{
	memset(out, 0, sizeof *out);
	out->lost_side = out->used_side = -1;
	switch (s->verb) {
	case EFFECT_MOVE: return do_move(s, env, targets, out, why, wlen);
	case EFFECT_CAPTURE: case EFFECT_KILL: return do_capture(s, env, targets, out, why, wlen);
	case EFFECT_RETURN: case EFFECT_PLACE: return do_arrive(s, env, targets, out, why, wlen);
	case EFFECT_REPLACE: return do_replace(s, env, targets, out, why, wlen);
	case EFFECT_SWAP: return do_swap(s, env, targets, out, why, wlen);
	case EFFECT_TRANSFORM: case EFFECT_FREEZE: case EFFECT_SHIELD:
		return do_change(s, env, targets, out, why, wlen);
	case EFFECT_GAIN: case EFFECT_POWERS:
		if (s->verb == EFFECT_GAIN)
			phrase_printf(out->text, sizeof out->text, "every %c also moves as %s", s->letter,
				      s->betza);
		else
			phrase_printf(out->text, sizeof out->text, "every %c moves only as %s", s->letter,
				      s->betza);
		return 0;
	case EFFECT_IMMUNE:
		phrase_printf(out->text, sizeof out->text, "no %c may be captured", s->letter);
		return 0;
	default:
		return refuse(why, wlen, "cancel names the card it cancels%s", "", "");
	}
}
