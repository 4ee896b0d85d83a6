/* tempete_store.c: the "tempete" object of a game's state file: every field of a struct
 * tempete out, and back in with every value checked (a state file is outside input). */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "engine/pos.h"
#include "kinds/tempete/tempete.h"
#include "kinds/tempete/tempete_store.h"
#include "store/cardturn_json.h"
#include "store/kind_json.h"
#include "util/crypto.h"

/* ---- out ---- */

static json_t *ints(const int *a, int n)
{
	json_t *arr = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(arr, json_integer(a[i]));
	return arr;
}

static json_t *bools(const bool *a, int n)
{
	json_t *arr = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(arr, json_boolean(a[i]));
	return arr;
}

static json_t *marks(const struct tp_mark *m, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++) {
		json_t *x = json_pack("{s:s, s:s, s:i, s:i, s:b}", "square", m[i].square,
				      "label", m[i].label, "card", m[i].card, "by", m[i].by,
				      "effect", m[i].effect);
		if (m[i].orig)
			json_object_set_new(x, "orig", json_stringn(&m[i].orig, 1));
		json_array_append_new(a, x);
	}
	return a;
}

static void set(json_t *o, const char *k, json_t *v)
{
	json_object_set_new(o, k, v);
}

static json_t *per_side(const struct tempete *tp, json_t *(*f)(const struct tempete *, int))
{
	json_t *a = json_array();

	json_array_append_new(a, f(tp, WHITE));
	json_array_append_new(a, f(tp, BLACK));
	return a;
}

static json_t *side_list(const struct tempete *tp, int c) { return ints(tp->list[c], tp->has_list[c] ? tp->n : 0); }
static json_t *side_hand(const struct tempete *tp, int c) { return ints(tp->hand[c], tp->nhand[c]); }
static json_t *side_sent(const struct tempete *tp, int c) { return ints(tp->sent[c], tp->nsent[c]); }
static json_t *side_barred(const struct tempete *tp, int c) { return ints(tp->barred[c], tp->nbarred[c]); }
static json_t *side_lost(const struct tempete *tp, int c) { return json_stringn(tp->lost[c], (size_t)tp->nlost[c]); }
static json_t *side_dead(const struct tempete *tp, int c) { return json_stringn(tp->dead[c], (size_t)tp->ndead[c]); }

static json_t *side_salt(const struct tempete *tp, int c)
{
	char hex[2 * TP_SALT + 1];

	crypto_hex(tp->salt[c], TP_SALT, hex);
	return json_string(hex);
}

static json_t *side_drawn(const struct tempete *tp, int c)
{
	json_t *a = json_array();

	for (int i = 0; i < tp->ndrawn[c]; i++)
		json_array_append_new(a, json_pack("[i, i]", tp->drawn_number[c][i], tp->drawn_card[c][i]));
	return a;
}

static json_t *tp_to_json(const struct tempete *tp)
{
	json_t *o = json_object(), *plays = json_array(), *secrets = json_array(), *saved = json_array();

	for (int i = 0; i < tp->nplays; i++) {
		const struct tp_play *p = &tp->plays[i];
		json_array_append_new(plays, json_pack("{s:i, s:i, s:i, s:s, s:s, s:b}", "by", p->by,
						       "card", p->card, "turn", p->turn, "how", p->how,
						       "detail", p->detail, "void", p->void_));
	}
	for (int i = 0; i < tp->nsecrets; i++) {
		const struct tp_secret *s = &tp->secrets[i];
		json_array_append_new(secrets, json_pack("{s:i, s:i, s:i, s:s, s:b}", "by", s->by,
							 "card", s->card, "turn", s->turn,
							 "square", s->square, "used", s->used));
	}
	json_t *captures = json_array();
	for (int k = 0; k < TP_MOMENTS; k++) {
		const struct tp_captures *s = &tp->saved_captures[k];
		json_array_append_new(saved, marks(tp->saved_marks[k], tp->nsaved_marks[k]));
		json_array_append_new(captures, json_pack("{s:[s#, s#], s:[s#, s#], s:[i, i]}",
			"lost", s->lost[0], (size_t)s->nlost[0], s->lost[1], (size_t)s->nlost[1],
			"dead", s->dead[0], (size_t)s->ndead[0], s->dead[1], (size_t)s->ndead[1],
			"lost_turn", s->lost_turn[0], s->lost_turn[1]));
	}
	set(o, "cards", ints(tp->cards, tp->n));
	set(o, "has_list", bools(tp->has_list, 2));
	set(o, "list_by_referee", bools(tp->list_by_referee, 2));
	set(o, "list", per_side(tp, side_list));
	set(o, "salt", per_side(tp, side_salt));
	set(o, "hand", per_side(tp, side_hand));
	set(o, "sent", per_side(tp, side_sent));
	set(o, "barred", per_side(tp, side_barred));
	set(o, "drawn", per_side(tp, side_drawn));
	set(o, "opening", bools(tp->opening, 2));
	set(o, "card_own", bools(tp->ct.card_own, 2));
	set(o, "card_opp", bools(tp->ct.card_opp, 2));
	set(o, "lost_turn", ints(tp->lost_turn, 2));
	set(o, "lost", per_side(tp, side_lost));
	set(o, "dead", per_side(tp, side_dead));
	set(o, "expect", json_integer(tp->ct.expect));
	set(o, "to", json_integer(tp->ct.to));
	set(o, "may_intercept", json_boolean(tp->ct.may_intercept));
	cardturn_json_set(o, &tp->ct);
	set(o, "turn", json_integer(tp->turn));
	set(o, "turn_owner", json_integer(tp->turn_owner));
	set(o, "move", json_pack("[s, s]", tp->move_san[0], tp->move_san[1]));
	set(o, "move_parts", json_integer(tp->move_parts));
	set(o, "move_card", json_integer(tp->move_card));
	set(o, "before_move", json_string(tp->before_move));
	set(o, "before_part2", json_string(tp->before_part2));
	set(o, "after_move", json_string(tp->after_move));
	set(o, "before_card", json_string(tp->before_card));
	json_t *rescue = json_array();
	for (int c = 0; c < 2; c++) {
		const struct tp_rescue *rs = &tp->rescue[c];
		json_array_append_new(rescue, json_pack("{s:s#, s:s#, s:s, s:i, s:i}", "now", &rs->now,
			(size_t)(rs->now != 0), "orig", &rs->orig, (size_t)(rs->orig != 0), "label", rs->label,
			"turn", rs->turn, "card", rs->card));
	}
	set(o, "rescue", rescue);
	set(o, "disabled", json_boolean(tp->disabled));
	set(o, "taken_back", json_boolean(tp->taken_back));
	set(o, "hit_part", json_integer(tp->hit_part));
	set(o, "intercepted_by_card", json_integer(tp->intercepted_by_card));
	set(o, "plays", plays);
	set(o, "secrets", secrets);
	set(o, "marks", marks(tp->marks, tp->nmarks));
	set(o, "saved_marks", saved);
	set(o, "saved_captures", captures);
	return o;
}

/* ---- in ---- */

static int get_ints(const struct kind_reader *r, json_t *v, const char *k, int *out, int max, int *n,
		    int lo, int hi)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > (size_t)max)
		return kjson_bad(r, k, "missing or too long a list");
	json_array_foreach(v, i, x) {
		if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
			return kjson_bad(r, k, "a number out of range");
		out[i] = (int)json_integer_value(x);
	}
	if (n)
		*n = (int)json_array_size(v);
	return 0;
}

static int get_bools(const struct kind_reader *r, json_t *o, const char *k, bool *out, size_t n)
{
	json_t *v = json_object_get(o, k);

	if (!json_is_array(v) || json_array_size(v) != n)
		return kjson_bad(r, k, "missing");
	for (size_t i = 0; i < n; i++) {
		if (!json_is_boolean(json_array_get(v, i)))
			return kjson_bad(r, k, "not true/false");
		out[i] = json_is_true(json_array_get(v, i));
	}
	return 0;
}

/* [white, black]: each side through f. */
static int sides(const struct kind_reader *r, json_t *o, const char *k, struct tempete *tp,
		 int (*f)(const struct kind_reader *, json_t *, const char *, struct tempete *, int))
{
	json_t *v = json_object_get(o, k);

	if (!json_is_array(v) || json_array_size(v) != 2)
		return kjson_bad(r, k, "needs [white, black]");
	return f(r, json_array_get(v, 0), k, tp, WHITE) < 0 ? -1 : f(r, json_array_get(v, 1), k, tp, BLACK);
}

static int rd_list(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	int n;

	if (get_ints(r, v, k, tp->list[c], CARDS_MAX, &n, 1, CARDS_MAX - 1) < 0)
		return -1;
	if (n != (tp->has_list[c] ? tp->n : 0))
		return kjson_bad(r, k, "a list of the wrong length");
	return 0;
}

static int rd_hand(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	return get_ints(r, v, k, tp->hand[c], TP_HAND_MAX, &tp->nhand[c], 1, CARDS_MAX - 1);
}

static int rd_sent(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	return get_ints(r, v, k, tp->sent[c], CARDS_MAX, &tp->nsent[c], 1, tp->n);
}

static int rd_barred(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	return get_ints(r, v, k, tp->barred[c], CARDS_MAX, &tp->nbarred[c], 1, tp->n);
}

static int rd_salt(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	char hex[2 * TP_SALT + 1];

	if (kjson_str(r, v, k, hex, sizeof hex) < 0 || strlen(hex) != 2 * TP_SALT)
		return kjson_bad(r, k, "a salt is 32 hex digits");
	for (int i = 0; i < TP_SALT; i++) {
		unsigned x;
		if (sscanf(hex + 2 * i, "%2x", &x) != 1)
			return kjson_bad(r, k, "not hex");
		tp->salt[c][i] = (uint8_t)x;
	}
	return 0;
}

static int rd_drawn(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > CARDS_MAX)
		return kjson_bad(r, k, "missing");
	json_array_foreach(v, i, x) {
		json_t *a = json_array_get(x, 0), *b = json_array_get(x, 1);
		if (!json_is_integer(a) || !json_is_integer(b))
			return kjson_bad(r, k, "entries are [number, card]");
		tp->drawn_number[c][i] = (int)json_integer_value(a);
		tp->drawn_card[c][i] = (int)json_integer_value(b);
	}
	tp->ndrawn[c] = (int)json_array_size(v);
	return 0;
}

static int rd_pieces(const struct kind_reader *r, json_t *v, const char *k, char *out, int *n)
{
	if (!json_is_string(v) || json_string_length(v) > TP_LOST_MAX)
		return kjson_bad(r, k, "not a string of piece letters");
	*n = (int)json_string_length(v);
	memcpy(out, json_string_value(v), (size_t)*n);
	return 0;
}

static int rd_lost(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	return rd_pieces(r, v, k, tp->lost[c], &tp->nlost[c]);
}

static int rd_dead(const struct kind_reader *r, json_t *v, const char *k, struct tempete *tp, int c)
{
	return rd_pieces(r, v, k, tp->dead[c], &tp->ndead[c]);
}

static int rd_marks(const struct kind_reader *r, json_t *v, const char *k, struct tp_mark *m, int *n)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > TP_MARKS_MAX)
		return kjson_bad(r, k, "missing or too many");
	json_array_foreach(v, i, x) {
		if (kjson_str(r, json_object_get(x, "square"), k, m[i].square, sizeof m[i].square) < 0 ||
		    kjson_str(r, json_object_get(x, "label"), k, m[i].label, sizeof m[i].label) < 0 ||
		    kjson_int(r, x, "card", 0, CARDS_MAX - 1, &m[i].card) < 0 ||
		    kjson_int(r, x, "by", 0, 1, &m[i].by) < 0 ||
		    kjson_bool(r, json_object_get(x, "effect"), "effect", &m[i].effect) < 0)
			return -1;
		json_t *o = json_object_get(x, "orig");
		m[i].orig = 0;
		if (o && (!json_is_string(o) || json_string_length(o) != 1 ||
			  !isupper((unsigned char)json_string_value(o)[0])))
			return kjson_bad(r, k, "orig is not a piece letter");
		if (o)
			m[i].orig = json_string_value(o)[0];
	}
	*n = (int)json_array_size(v);
	return 0;
}

static int rd_plays(const struct kind_reader *r, json_t *v, struct tempete *tp)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > TP_PLAYS_MAX)
		return kjson_bad(r, "plays", "missing or too many");
	json_array_foreach(v, i, x) {
		struct tp_play *p = &tp->plays[i];
		if (kjson_int(r, x, "by", 0, 1, &p->by) < 0 ||
		    kjson_int(r, x, "card", 1, CARDS_MAX - 1, &p->card) < 0 ||
		    kjson_int(r, x, "turn", 0, 1000000, &p->turn) < 0 ||
		    kjson_str(r, json_object_get(x, "how"), "plays.how", p->how, sizeof p->how) < 0 ||
		    kjson_str(r, json_object_get(x, "detail"), "plays.detail", p->detail, sizeof p->detail) < 0 ||
		    kjson_bool(r, json_object_get(x, "void"), "void", &p->void_) < 0)
			return -1;
	}
	tp->nplays = (int)json_array_size(v);
	return 0;
}

static int rd_secrets(const struct kind_reader *r, json_t *v, struct tempete *tp)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > TP_SECRETS_MAX)
		return kjson_bad(r, "secrets", "missing or too many");
	json_array_foreach(v, i, x) {
		struct tp_secret *s = &tp->secrets[i];
		if (kjson_int(r, x, "by", 0, 1, &s->by) < 0 ||
		    kjson_int(r, x, "card", 1, CARDS_MAX - 1, &s->card) < 0 ||
		    kjson_int(r, x, "turn", 0, 1000000, &s->turn) < 0 ||
		    kjson_str(r, json_object_get(x, "square"), "secrets.square", s->square, sizeof s->square) < 0 ||
		    kjson_bool(r, json_object_get(x, "used"), "used", &s->used) < 0)
			return -1;
	}
	tp->nsecrets = (int)json_array_size(v);
	return 0;
}

/* The marks and captures saved at each moment of a turn (to take a part back): three
 * moments in the first release's files, four since; captures kept since a later one. */
static int rd_saved(const struct kind_reader *r, json_t *o, struct tempete *tp)
{
	json_t *saved = json_object_get(o, "saved_marks");

	/* the first release kept three moments; the turn's start is the move's then */
	size_t moments = json_is_array(saved) ? json_array_size(saved) : 0;
	if (moments != 3 && moments != TP_MOMENTS)
		return kjson_bad(r, "saved_marks", "needs three or four lists");
	for (size_t k = 0; k < moments; k++)
		if (rd_marks(r, json_array_get(saved, k), "saved_marks", tp->saved_marks[k],
			     &tp->nsaved_marks[k]) < 0)
			return -1;
	json_t *captures = json_object_get(o, "saved_captures");
	if (captures && (!json_is_array(captures) || json_array_size(captures) != moments))
		return kjson_bad(r, "saved_captures", "needs a record for each list of saved_marks");
	for (size_t k = 0; k < moments; k++) {
		struct tp_captures *s = &tp->saved_captures[k];
		json_t *x = json_array_get(captures, k);
		if (!captures) {        /* a state from before the record was kept: the present one */
			memcpy(s->lost, tp->lost, sizeof s->lost), memcpy(s->nlost, tp->nlost, sizeof s->nlost);
			memcpy(s->dead, tp->dead, sizeof s->dead), memcpy(s->ndead, tp->ndead, sizeof s->ndead);
			memcpy(s->lost_turn, tp->lost_turn, sizeof s->lost_turn);
			continue;
		}
		if (!json_is_object(x))
			return kjson_bad(r, "saved_captures", "needs three records");
		for (int c = 0; c < 2; c++)
			if (rd_pieces(r, json_array_get(json_object_get(x, "lost"), (size_t)c),
				      "saved_captures.lost", s->lost[c], &s->nlost[c]) < 0 ||
			    rd_pieces(r, json_array_get(json_object_get(x, "dead"), (size_t)c),
				      "saved_captures.dead", s->dead[c], &s->ndead[c]) < 0)
				return -1;
		if (get_ints(r, json_object_get(x, "lost_turn"), "saved_captures.lost_turn",
			     s->lost_turn, 2, NULL, -1, 1000000) < 0)
			return r->e->msg[0] ? -1 : kjson_bad(r, "saved_captures.lost_turn", "needs two turns");
	}
	if (moments == 3) {
		memcpy(tp->saved_marks[TP_BEFORE_CARD], tp->saved_marks[0], sizeof tp->saved_marks[0]);
		tp->nsaved_marks[TP_BEFORE_CARD] = tp->nsaved_marks[0];
		tp->saved_captures[TP_BEFORE_CARD] = tp->saved_captures[0];
	}
	return 0;
}

/* Each side's rescued piece, a record kept since a later release. */
static int rd_rescue(const struct kind_reader *r, json_t *o, struct tempete *tp)
{
	json_t *rescue = json_object_get(o, "rescue");

	if (rescue && (!json_is_array(rescue) || json_array_size(rescue) != 2))
		return kjson_bad(r, "rescue", "needs one record for each side");
	for (size_t c = 0; rescue && c < 2; c++) {
		struct tp_rescue *rs = &tp->rescue[c];
		json_t *x = json_array_get(rescue, c);
		char now[2] = "", orig[2] = "";
		if (!json_is_object(x) || kjson_str(r, json_object_get(x, "now"), "rescue", now, 2) < 0 ||
		    kjson_str(r, json_object_get(x, "orig"), "rescue", orig, 2) < 0 ||
		    kjson_str(r, json_object_get(x, "label"), "rescue", rs->label, TP_LABEL_MAX) < 0 ||
		    kjson_int(r, x, "turn", 0, 1000000, &rs->turn) < 0 ||
		    kjson_int(r, x, "card", -1, CARDS_MAX - 1, &rs->card) < 0)
			return r->e->msg[0] ? -1 : kjson_bad(r, "rescue", "a record is not one");
		rs->now = now[0], rs->orig = orig[0];
	}
	return 0;
}

static int tp_from_json(json_t *o, const char *what, struct tempete *tp, struct err *e)
{
	struct kind_reader r = { what, "tempete", e };
	json_t *mv = json_object_get(o, "move");
	int expect;

	memset(tp, 0, sizeof *tp);
	e->msg[0] = 0;
	if (!json_is_object(o))
		return kjson_bad(&r, "(object)", "missing");
	if (get_ints(&r, json_object_get(o, "cards"), "cards", tp->cards, CARDS_MAX, &tp->n, 1,
		     CARDS_MAX - 1) < 0 || tp->n < 2 * TP_HAND)
		return e->msg[0] ? -1 : kjson_bad(&r, "cards", "too few cards");
	if (get_bools(&r, o, "has_list", tp->has_list, 2) < 0 ||
	    get_bools(&r, o, "list_by_referee", tp->list_by_referee, 2) < 0 ||
	    sides(&r, o, "list", tp, rd_list) < 0 || sides(&r, o, "salt", tp, rd_salt) < 0 ||
	    sides(&r, o, "hand", tp, rd_hand) < 0 || sides(&r, o, "sent", tp, rd_sent) < 0 ||
	    sides(&r, o, "barred", tp, rd_barred) < 0 || sides(&r, o, "drawn", tp, rd_drawn) < 0 ||
	    get_bools(&r, o, "opening", tp->opening, 2) < 0 ||
	    get_bools(&r, o, "card_own", tp->ct.card_own, 2) < 0 ||
	    get_bools(&r, o, "card_opp", tp->ct.card_opp, 2) < 0 ||
	    get_ints(&r, json_object_get(o, "lost_turn"), "lost_turn", tp->lost_turn, 2, NULL, -1,
		     1000000) < 0 ||
	    sides(&r, o, "lost", tp, rd_lost) < 0 || sides(&r, o, "dead", tp, rd_dead) < 0 ||
	    kjson_int(&r, o, "expect", CT_SETUP, CT_DONE, &expect) < 0 ||
	    kjson_int(&r, o, "to", 0, 1, &tp->ct.to) < 0 ||
	    kjson_bool(&r, json_object_get(o, "may_intercept"), "may_intercept", &tp->ct.may_intercept) < 0 ||
	    kjson_int(&r, o, "turn", 0, 1000000, &tp->turn) < 0 ||
	    kjson_int(&r, o, "turn_owner", 0, 1, &tp->turn_owner) < 0 ||
	    kjson_int(&r, o, "move_parts", 0, 2, &tp->move_parts) < 0 ||
	    kjson_int(&r, o, "move_card", 0, CARDS_MAX - 1, &tp->move_card) < 0 ||
	    kjson_bool(&r, json_object_get(o, "taken_back"), "taken_back", &tp->taken_back) < 0 ||
	    kjson_int(&r, o, "hit_part", 0, 2, &tp->hit_part) < 0 ||
	    kjson_int(&r, o, "intercepted_by_card", 0, CARDS_MAX - 1, &tp->intercepted_by_card) < 0 ||
	    !json_is_array(mv) || json_array_size(mv) != 2 ||
	    kjson_str(&r, json_array_get(mv, 0), "move", tp->move_san[0], SAN_MAX) < 0 ||
	    kjson_str(&r, json_array_get(mv, 1), "move", tp->move_san[1], SAN_MAX) < 0 ||
	    kjson_str(&r, json_object_get(o, "before_move"), "before_move", tp->before_move, FEN_MAX) < 0 ||
	    kjson_str(&r, json_object_get(o, "before_part2"), "before_part2", tp->before_part2, FEN_MAX) < 0 ||
	    kjson_str(&r, json_object_get(o, "after_move"), "after_move", tp->after_move, FEN_MAX) < 0 ||
	    rd_plays(&r, json_object_get(o, "plays"), tp) < 0 ||
	    rd_secrets(&r, json_object_get(o, "secrets"), tp) < 0 ||
	    rd_marks(&r, json_object_get(o, "marks"), "marks", tp->marks, &tp->nmarks) < 0)
		return e->msg[0] ? -1 : kjson_bad(&r, "move", "needs two parts");
	if (rd_saved(&r, o, tp) < 0 || rd_rescue(&r, o, tp) < 0)
		return -1;
	json_t *bc = json_object_get(o, "before_card"), *dis = json_object_get(o, "disabled");
	if (bc && kjson_str(&r, bc, "before_card", tp->before_card, FEN_MAX) < 0)
		return -1;
	if (!bc)
		memcpy(tp->before_card, tp->before_move, FEN_MAX);
	if (dis && kjson_bool(&r, json_object_get(o, "disabled"), "disabled", &tp->disabled) < 0)
		return -1;
	tp->ct.expect = (enum ct_expect)expect;
	return cardturn_json_get(&r, o, &tp->ct);
}

static json_t *kind_to_json(const struct game *g)
{
	return tp_to_json(g->kstate);
}

static int kind_from_json(json_t *o, const char *what, struct game *g, struct err *e)
{
	return tp_from_json(o, what, g->kstate, e);
}

const struct kind_store kind_tempete_store = {
	.key = "tempete",
	.to_json = kind_to_json,
	.from_json = kind_from_json,
};
