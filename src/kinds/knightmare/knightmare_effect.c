/* knightmare_effect.c: a card's effect from the catalogue applied by the referee (the
 * statements of rules/effect.h turned into board operations), the records of lost and
 * dead pieces, and the continuing effects in play kept as the board's own rules. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/variant.h"
#include "kinds/knightmare/knightmare_int.h"

#define KM_FROZEN 'Z'
static const char spares[] = "UV";      /* the kinds a transformation uses (the variant's) */

static bool on_piece(const struct km_effect *f)
{
	return f->verb == EFFECT_TRANSFORM || f->verb == EFFECT_FREEZE || f->verb == EFFECT_SHIELD;
}

static char free_spare(const struct knightmare *km)
{
	for (const char *s = spares; *s; s++) {
		int i = 0;
		while (i < km->neffects && !(km->effects[i].verb == EFFECT_TRANSFORM &&
					     km->effects[i].letter == *s))
			i++;
		if (i == km->neffects)
			return *s;
	}
	return 0;
}

static void drop_effect(struct knightmare *km, int i)
{
	memmove(&km->effects[i], &km->effects[i + 1], sizeof km->effects[0] * (size_t)(km->neffects - i - 1));
	km->neffects--;
}

static void record_add(char *rec, char k)
{
	size_t n = strlen(rec);

	if (n < KM_LOST_MAX)
		rec[n] = k, rec[n + 1] = 0;
}

static void record_take(char *rec, char k)
{
	char *at = strchr(rec, k);

	if (at)
		memmove(at, at + 1, strlen(at));
}

char km_captured_kind(struct knightmare *km, const char *sq, char letter, int side)
{
	for (int i = 0; i < km->neffects; i++)
		if (on_piece(&km->effects[i]) && !strcmp(km->effects[i].square, sq)) {
			char orig = km->effects[i].orig;
			if (km->effects[i].verb == EFFECT_TRANSFORM) {
				km->rescue[side] = km->effects[i];
				km->rescue_turn[side] = km->turn;
			}
			drop_effect(km, i);
			return orig;
		}
	return (char)toupper((unsigned char)letter);
}

/* A lost piece returned on `sq`: the transformed piece of that kind captured on this turn
 * or the last is rescued with its powers and name; later it comes back as its own kind. */
static int rescue(struct apply_state *a, const char *sq, char letter, int side, char *detail,
		  size_t dlen)
{
	struct knightmare *km = a->g->kstate;
	struct km_effect *r = &km->rescue[side];
	char spare = free_spare(km), op[64];
	struct err e;

	if (!r->card || r->orig != letter || km->turn > km->rescue_turn[side] + 1 || !spare ||
	    km->neffects == KM_EFFECTS_MAX)
		return 0;
	snprintf(op, sizeof op, "@remove %s", sq);
	if (game_op(a->g, op, &e) < 0)
		return -1;
	snprintf(op, sizeof op, "@place %c %s", side == WHITE ? spare : (char)tolower((unsigned char)spare), sq);
	if (game_op(a->g, op, &e) < 0)
		return -1;
	r->letter = spare;
	snprintf(r->square, sizeof r->square, "%s", sq);
	km->effects[km->neffects++] = *r;
	char said[128];
	phrase_cat(detail, dlen, "", phrase_printf(said, sizeof said, " (rescued: the %s, with its "
						   "powers)", r->name));
	r->card = 0;
	return 0;
}

/* Is the piece on sq under a card on the piece (transformed, frozen, shielded)? One card
 * at a time: the referee follows each piece by one record. */
static bool under_card(const struct knightmare *km, const char *sq)
{
	for (int i = 0; i < km->neffects; i++)
		if (on_piece(&km->effects[i]) && !strcmp(km->effects[i].square, sq))
			return true;
	return false;
}

void km_follow(struct knightmare *km, const char *from, const char *to)
{
	for (int i = 0; i < km->neffects; i++)
		if (on_piece(&km->effects[i]) && !strcmp(km->effects[i].square, from))
			snprintf(km->effects[i].square, sizeof km->effects[i].square, "%s", to);
}

/* Does the side hold a piece of this kind on the board? */
static bool holds(const struct pos *p, int side, char kind)
{
	int t = variant_type_by_letter(p->v, kind);

	return t >= 0 && p->count[PIECE_MAKE(t, side)] > 0;
}

/* Suspends or resumes each effect with a condition (seed 002: suspended while the
 * initial condition fails, not discarded); tells the players of each change. */
static void conditions(struct apply_state *a)
{
	struct knightmare *km = a->g->kstate;
	const struct pos *p = game_pos(a->g);

	for (int i = 0; i < km->neffects; i++) {
		struct km_effect *f = &km->effects[i];
		if (!f->has_while)
			continue;
		int side = f->while_side == EFFECT_OWN ? f->by : !f->by;
		bool off = !holds(p, side, f->while_kind);
		if (off != f->suspended)
			apply_note(a, "The effect of card %d is %s.", f->card, off ? N_("suspended: its "
				   "condition no longer holds") : N_("in force again: its condition holds"));
		f->suspended = off;
	}
}

int km_rules(struct apply_state *a, struct err *e)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	const struct variant *base = g->v;

	conditions(a);
	for (int t = 0; t < base->ntypes; t++) {
		char want[96], letter = base->type[t].letter;
		bool immune = false;
		snprintf(want, sizeof want, "%s", base->type[t].betza);
		for (int i = 0; i < km->neffects; i++) {
			const struct km_effect *f = &km->effects[i];
			if (f->suspended || f->letter != letter || f->verb == EFFECT_FREEZE || f->verb == EFFECT_SHIELD)
				continue;
			if (f->verb == EFFECT_IMMUNE)
				immune = true;
			else if (f->verb == EFFECT_GAIN && strlen(want) + strlen(f->betza) < sizeof want)
				strcat(want, f->betza);
			else if (f->verb != EFFECT_GAIN)
				snprintf(want, sizeof want, "%s", f->betza);
		}
		const struct piece_def *now = &game_pos(g)->v->type[t];
		if (strcmp(want, now->betza) || immune != now->immune) {
			char op[128];
			snprintf(op, sizeof op, "@rule %c %s%s", letter, want, immune ? " immune" : "");
			if (game_op(g, op, e) < 0)
				return -1;
		}
	}
	return 0;
}

/* ---- one statement ---- */

/* The pieces under a card follow what the statement does to the board. */
static void follow(struct knightmare *km, const struct effect_stmt *s, const char *const *t)
{
	char tmp[8] = "~";

	if (s->verb == EFFECT_MOVE)
		km_follow(km, t[0], t[1]);
	else if (s->verb == EFFECT_SWAP) {
		km_follow(km, t[0], tmp);
		km_follow(km, t[1], t[0]);
		km_follow(km, tmp, t[1]);
	}
}

static void records(struct knightmare *km, const struct effect_stmt *s, const char *const *t,
		    const struct effect_out *o)
{
	if (o->lost_side >= 0) {
		const char *sq = s->verb == EFFECT_MOVE ? t[1] : t[0];
		char k = km_captured_kind(km, sq, o->lost_kind, o->lost_side);
		record_add(o->dead ? km->dead[o->lost_side] : km->lost[o->lost_side], k);
	}
	if (o->used_side >= 0)
		record_take(km->lost[o->used_side], o->used_kind);
}

static void continuing(struct knightmare *km, const struct effect_stmt *s, const struct effect_out *o,
		       int card, int by, char spare)
{
	struct km_effect *f;

	if (km->neffects == KM_EFFECTS_MAX)
		return;
	f = &km->effects[km->neffects++];
	memset(f, 0, sizeof *f);
	f->card = card, f->by = by, f->verb = (int)s->verb;
	snprintf(f->betza, sizeof f->betza, "%s", s->betza);
	snprintf(f->name, sizeof f->name, "%s", s->name);
	if (s->verb == EFFECT_TRANSFORM || s->verb == EFFECT_FREEZE || s->verb == EFFECT_SHIELD) {
		f->letter = s->verb == EFFECT_FREEZE ? KM_FROZEN : s->verb == EFFECT_SHIELD ? o->orig : spare;
		snprintf(f->square, sizeof f->square, "%s", o->square);
		f->orig = o->orig;
	} else {
		f->letter = s->letter;
		f->has_while = s->has_while, f->while_side = (int)s->while_side;
		f->while_kind = s->while_kind;
	}
}

/* The pieces under a card, with the kind each had before, for the cards that name kinds. */
static int under_list(const struct knightmare *km, struct effect_under *out)
{
	int n = 0;

	for (int i = 0; i < km->neffects && n < EFFECT_UNDER_MAX; i++)
		if (on_piece(&km->effects[i]) && km->effects[i].orig) {
			snprintf(out[n].square, sizeof out[n].square, "%s", km->effects[i].square);
			out[n++].orig = km->effects[i].orig;
		}
	return n;
}

/* The continuing card that freezes the piece on sq, or NULL. */
static const struct km_effect *frozen_by(const struct knightmare *km, const char *sq)
{
	for (int i = 0; i < km->neffects; i++)
		if (km->effects[i].verb == EFFECT_FREEZE && !strcmp(km->effects[i].square, sq))
			return &km->effects[i];
	return NULL;
}

/* Seed 002, "Conflicts": a continuing effect takes precedence over a regular card, so a
 * regular card does not move a frozen piece (Slanting Path under Stone Gaze, Quick Change
 * under Chains). 0, or -1 refused with the card that holds the piece. */
static int precedence(struct apply_state *a, const struct order *od, int card,
		      const struct effect_stmt *s, const char *const *t)
{
	const struct knightmare *km = a->g->kstate;
	int moved = s->verb == EFFECT_MOVE ? 1 : s->verb == EFFECT_SWAP ? 2 : 0;
	char label[96];

	if (a->g->cat->card[card].continuing == 1)
		return 0;               /* between continuing cards, the last played wins */
	for (int k = 0; k < moved; k++) {
		const struct km_effect *f = t[k] ? frozen_by(km, t[k]) : NULL;
		if (f)
			return apply_error(a, od, "card %d: the piece on %s may not move: %s holds it, "
					   "and a continuing effect takes precedence over a regular card",
					   card, t[k], cards_label(a->g->cat, f->card, label, sizeof label));
	}
	return 0;
}

/* A continuing card on a piece already under one: the last card played takes precedence
 * (seed 002, "Conflicts"), so the earlier one's hold on that piece ends first. */
static int give_way(struct apply_state *a, const struct order *od, int card, const char *sq)
{
	struct knightmare *km = a->g->kstate;
	char label[96], op[64];
	struct err e;

	for (int i = 0; i < km->neffects; i++) {
		struct km_effect *f = &km->effects[i];
		if (!on_piece(f) || strcmp(f->square, sq))
			continue;
		if (a->g->cat->card[card].continuing != 1)
			return apply_error(a, od, "card %d: the piece on %s is under a card already", card, sq);
		sq_t s = variant_square_named(game_pos(a->g)->v, sq, strlen(sq));
		piece_t pc = pos_at(game_pos(a->g), s);
		if (f->verb == EFFECT_SHIELD)
			snprintf(op, sizeof op, "@mark %s 0", sq);
		else
			snprintf(op, sizeof op, "@place %c %s", PIECE_COLOR(pc) == WHITE ? f->orig :
				 (char)tolower((unsigned char)f->orig), sq);
		if (game_op(a->g, op, &e) < 0)
			return apply_error(a, od, "%s", e.msg);
		apply_note(a, "%s gives way on %s to card %d, played later (the last card played takes "
			   "precedence).", cards_label(a->g->cat, f->card, label, sizeof label), sq, card);
		int was = f->card;
		drop_effect(km, i--);
		bool left = false;
		for (int k = 0; k < km->neffects; k++)
			left |= km->effects[k].card == was;
		if (!left)              /* nothing left in force: beside the board no longer */
			km_to_pile(km, was);
	}
	return 0;
}

static int statement(struct apply_state *a, const struct order *od, int card,
		     const struct effect_stmt *s, const char *const *t, char *detail, size_t dlen)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	struct effect_under under[EFFECT_UNDER_MAX];
	struct effect_out o;
	char why[256];
	struct err e;

	if ((s->verb == EFFECT_TRANSFORM || s->verb == EFFECT_FREEZE || s->verb == EFFECT_SHIELD) &&
	    under_card(km, t[0]) && give_way(a, od, card, t[0]) < 0)
		return -1;
	if (precedence(a, od, card, s, t) < 0)
		return -1;
	struct effect_env env = { game_pos(g), a->me, { km->lost[0], km->lost[1] }, free_spare(km),
				  KM_FROZEN, under, under_list(km, under) };
	if (effect_stmt_apply(s, &env, t, &o, why, sizeof why) < 0)
		return o.king ? KM_KING : apply_error(a, od, "card %d: %s", card, why);
	records(km, s, t, &o);
	follow(km, s, t);
	for (int i = 0; i < o.nops; i++)
		if (game_op(g, o.ops[i], &e) < 0)
			return apply_error(a, od, "card %d: %s", card, e.msg);
	if ((s->verb >= EFFECT_TRANSFORM && s->verb <= EFFECT_IMMUNE) || s->verb == EFFECT_SHIELD)
		continuing(km, s, &o, card, a->me, env.spare);
	phrase_cat(detail, dlen, "; ", o.text);
	if (s->verb == EFFECT_RETURN && rescue(a, t[0], s->letter, a->me, detail, dlen) < 0)
		return apply_error(a, od, "card %d: the rescue failed", card);
	return 0;
}

/* ---- cancel ---- */

/* Ends continuing card `which`: its pieces return to their own kind. */
static int end_card(struct apply_state *a, const struct order *od, int which, char *detail, size_t dlen)
{
	struct knightmare *km = a->g->kstate;
	bool found = false;
	struct err e;

	for (int i = 0; i < km->neffects; i++) {
		struct km_effect *f = &km->effects[i];
		if (f->card != which)
			continue;
		if (f->verb == EFFECT_SHIELD) {
			char op[64];
			snprintf(op, sizeof op, "@mark %s 0", f->square);
			if (game_op(a->g, op, &e) < 0)
				return apply_error(a, od, "%s", e.msg);
		} else if (on_piece(f)) {
			sq_t s = variant_square_named(game_pos(a->g)->v, f->square, strlen(f->square));
			piece_t pc = s == SQ_NONE ? PIECE_NONE : pos_at(game_pos(a->g), s);
			char op[64];
			snprintf(op, sizeof op, "@remove %s", f->square);
			if (pc != PIECE_NONE && game_op(a->g, op, &e) < 0)
				return apply_error(a, od, "%s", e.msg);
			snprintf(op, sizeof op, "@place %c %s", PIECE_COLOR(pc) == WHITE ? f->orig :
				 (char)tolower((unsigned char)f->orig), f->square);
			if (pc != PIECE_NONE && game_op(a->g, op, &e) < 0)
				return apply_error(a, od, "%s", e.msg);
		}
		drop_effect(km, i--);
		found = true;
	}
	if (!found)
		return apply_error(a, od, "card %d is not in play as a continuing effect", which);
	km_to_pile(km, which);
	for (int i = 0; i < km->nplays; i++)
		if (km->plays[i].card == which && !km->plays[i].void_)
			km->plays[i].void_ = true;
	phrase_printf(detail, dlen, "the continuing effect of card %d ends", which);
	return 0;
}

/* "card 30 25": cancel card 25 in play; "card 30" alone, in an answer: the interception
 * answered. Returns 1 for the latter (the caller undoes it). */
static int cancel(struct apply_state *a, const struct km_msg *m, const struct order *od,
		  enum km_answers answering, char *detail, size_t dlen)
{
	char *end;
	long which;

	if (!m->ntargets) {
		if (answering == KM_ANSWERS_NONE)
			return apply_error(a, od, "card %d: name the continuing card it cancels "
					   "(card %d 25)", m->card_no, m->card_no);
		if (answering == KM_ANSWERS_INTERCEPTION)
			phrase_printf(detail, dlen, "the interception is cancelled");
		else
			phrase_printf(detail, dlen, "the card played with the move is cancelled, and the "
				      "move with it");
		return 1;
	}
	which = strtol(m->targets[0], &end, 10);
	if (m->ntargets > 1 || *end || which < 1 || which >= CARDS_MAX)
		return apply_error(a, od, "card %d: name one card in play by its number", m->card_no);
	if (end_card(a, od, (int)which, detail, dlen) < 0)
		return -1;
	struct err e;
	return km_rules(a, &e) < 0 ? apply_error(a, od, "%s", e.msg) : 0;
}

/* ---- a card the catalogue gives no effect ---- */

/* One board edit in the players' words of the card games' effects ("effect capture d5"),
 * made a statement without conditions on its target; its side by the letter's
 * case for return and place. 0, or -1 with the reason. */
static int edit_statement(const char *text, struct effect_stmt *s, char t[2][12], int *by, char *why,
			  size_t wlen)
{
	char verb[16], a1[12] = "", a2[12] = "", extra[2];
	int n = sscanf(text, "%15s %11s %11s %1s", verb, a1, a2, extra);

	memset(s, 0, sizeof *s);
	s->f[0].side = s->f[1].side = EFFECT_ANY;
	snprintf(t[0], 12, "%s", a1);
	snprintf(t[1], 12, "%s", a2);
	if (n == 3 && (!strcasecmp(verb, "move") || !strcasecmp(verb, "swap"))) {
		s->verb = !strcasecmp(verb, "move") ? EFFECT_MOVE : EFFECT_SWAP;
		return 0;
	}
	if (n == 2 && (!strcasecmp(verb, "capture") || !strcasecmp(verb, "kill"))) {
		s->verb = !strcasecmp(verb, "kill") ? EFFECT_KILL : EFFECT_CAPTURE;
		return 0;
	}
	if (n == 3 && (!strcasecmp(verb, "return") || !strcasecmp(verb, "place")) && strlen(a1) == 1 &&
	    isalpha((unsigned char)a1[0])) {
		s->verb = !strcasecmp(verb, "return") ? EFFECT_RETURN : EFFECT_PLACE;
		s->letter = (char)toupper((unsigned char)a1[0]);
		*by = isupper((unsigned char)a1[0]) ? WHITE : BLACK;
		snprintf(t[0], 12, "%s", a2);
		return 0;
	}
	phrase_printf(why, wlen, "'effect %s': write move A B, capture S, kill S, return L S, place L "
		      "S, swap A B or instead (the card's effect is not in the catalogue)", text);
	return -1;
}

static int board_edits(struct apply_state *a, const struct km_msg *m, const struct order *od,
		       char *detail, size_t dlen)
{
	int me = a->me;

	if (m->ntargets)
		return apply_error(a, od, "card %d has no effect in the catalogue: its targets go on "
				   "effect lines", m->card_no);
	if (!m->neffects && !m->instead)
		return apply_error(a, od, "card %d has no effect in the catalogue: write what it does "
				   "as board edits (effect capture d5, effect move e2 e4, ...)", m->card_no);
	for (int i = 0; i < m->neffects; i++) {
		struct effect_stmt st;
		char t[2][12], why[256];
		const char *tp[2] = { t[0], t[1] };
		int by = me;
		if (edit_statement(m->effects[i]->arg, &st, t, &by, why, sizeof why) < 0)
			return apply_error(a, m->effects[i], "%s", why);
		a->me = by;
		int rc = statement(a, m->effects[i], m->card_no, &st, tp, detail, dlen);
		a->me = me;
		if (rc != 0)
			return rc;
	}
	if (!detail[0])
		phrase_printf(detail, dlen, "instead of the move");
	return 0;
}

int km_card_effect(struct apply_state *a, const struct km_msg *m, const struct order *od,
		   enum km_answers answering, char *detail, size_t dlen)
{
	const struct card_info *ci = &a->g->cat->card[m->card_no];
	struct effect ef;
	char count[64];
	struct err e;
	const char *t[KM_TARGETS_MAX];
	int at = 0;

	detail[0] = 0;
	if (!ci->effect[0])
		return board_edits(a, m, od, detail, dlen);
	if (m->neffects || m->instead)
		return apply_error(a, m->neffects ? m->effects[0] : od, "card %d does what the catalogue "
				   "says: write its targets after its number (card %d e4 d5)", m->card_no,
				   m->card_no);
	if (effect_parse(ci->effect, &ef, &e) < 0)
		return apply_error(a, od, "card %d: %s", m->card_no, e.msg);
	if (ef.s[0].verb == EFFECT_CANCEL)
		return cancel(a, m, od, answering, detail, dlen);
	if (m->ntargets != ef.nslots)
		return apply_error(a, od, "card %d takes %s (%s), not %d", m->card_no,
				   phrase_nprintf(count, sizeof count, (unsigned long)ef.nslots, "%d target",
				   "%d targets", ef.nslots), ci->effect, m->ntargets);
	for (int i = 0; i < m->ntargets; i++)
		t[i] = m->targets[i];
	for (int i = 0; i < ef.n; i++) {
		int rc = statement(a, od, m->card_no, &ef.s[i], t + at, detail, dlen);
		if (rc != 0)
			return rc;
		at += effect_stmt_slots(&ef.s[i]);
	}
	return km_rules(a, &e) < 0 ? apply_error(a, od, "%s", e.msg) : 0;
}
