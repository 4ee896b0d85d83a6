/* tempete_store.c: the "tempete" object of a game's state file: every field of a struct
 * tempete out, and back in with every value checked (a state file is outside input). */
#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "engine/pos.h"
#include "kinds/tempete/tempete.h"
#include "kinds/tempete/tempete_store.h"
#include "store/cardturn_json.h"
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

/* The cards' records of this turn (what a disable or a takeback undoes); written only
 * while one is live, so that states between turns stay as they were. */
static bool live_record(const struct tempete *tp)
{
	for (int k = 0; k < 2; k++)
		if (tp->record[k].play && tp->record[k].turn == tp->turn)
			return true;
	return false;
}

static json_t *records_json(const struct tempete *tp)
{
	json_t *a = json_array();

	for (int k = 0; k < 2; k++) {
		const struct tp_record *r = &tp->record[k];
		json_array_append_new(a, json_pack("{s:i, s:i, s:i, s:i, s:i}", "turn", r->turn,
						   "play", r->play, "added", r->added, "barred", r->barred,
						   "secret", r->secret));
	}
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
	if (live_record(tp))
		set(o, "records", records_json(tp));
	return o;
}

/* ---- in (store/jread.h: every error names the file and the field) ---- */

/* A list at key k (NULL: the node itself) of at most max numbers lo..hi; *n its length. */
static int get_ints(const struct jnode *v, const char *k, int *out, int max, int *n, int lo,
		    int hi)
{
	size_t len;

	if (jread_ints(v, k, false, 0, (size_t)max, lo, hi, out, &len) < 0)
		return -1;
	if (n)
		*n = (int)len;
	return 0;
}

static int get_bools(const struct jnode *o, const char *k, bool *out, size_t n)
{
	return jread_bools(o, k, false, n, n, out, NULL);
}

/* [white, black]: each side's element through f. */
static int sides(const struct jnode *o, const char *k, struct tempete *tp,
		 int (*f)(const struct jnode *, struct tempete *, int))
{
	struct jnode side[2];

	return jread_pair(o, k, false, side) < 0 || f(&side[0], tp, WHITE) < 0 ||
	       f(&side[1], tp, BLACK) < 0 ? -1 : 0;
}

static int rd_list(const struct jnode *v, struct tempete *tp, int c)
{
	int n;

	if (get_ints(v, NULL, tp->list[c], CARDS_MAX, &n, 1, CARDS_MAX - 1) < 0)
		return -1;
	if (n != (tp->has_list[c] ? tp->n : 0))
		return jread_fail(v, NULL, "%d cards, not %d", n, tp->has_list[c] ? tp->n : 0);
	return 0;
}

static int rd_hand(const struct jnode *v, struct tempete *tp, int c)
{
	return get_ints(v, NULL, tp->hand[c], TP_HAND_MAX, &tp->nhand[c], 1, CARDS_MAX - 1);
}

static int rd_sent(const struct jnode *v, struct tempete *tp, int c)
{
	return get_ints(v, NULL, tp->sent[c], CARDS_MAX, &tp->nsent[c], 1, tp->n);
}

static int rd_barred(const struct jnode *v, struct tempete *tp, int c)
{
	return get_ints(v, NULL, tp->barred[c], CARDS_MAX, &tp->nbarred[c], 1, tp->n);
}

static int rd_salt(const struct jnode *v, struct tempete *tp, int c)
{
	char hex[2 * TP_SALT + 1];

	if (jread_str(v, NULL, false, hex, sizeof hex) < 0)
		return -1;
	for (int i = 0; i < TP_SALT; i++) {
		unsigned x;
		if (strlen(hex) != 2 * TP_SALT || sscanf(hex + 2 * i, "%2x", &x) != 1)
			return jread_fail(v, NULL, "a salt is %d hex digits", 2 * TP_SALT);
		tp->salt[c][i] = (uint8_t)x;
	}
	return 0;
}

static int rd_drawn(const struct jnode *v, struct tempete *tp, int c)
{
	struct jnode a, x;
	size_t n;
	int pair[2];

	if (jread_arr(v, NULL, false, &a, &n) < 0)
		return -1;
	if (n > CARDS_MAX)
		return jread_fail(v, NULL, "%zu draws, more than %d", n, CARDS_MAX);
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&a, i, &x) < 0 ||
		    jread_ints(&x, NULL, false, 2, 2, INT_MIN, INT_MAX, pair, NULL) < 0)
			return -1;
		tp->drawn_number[c][i] = pair[0];
		tp->drawn_card[c][i] = pair[1];
	}
	tp->ndrawn[c] = (int)n;
	return 0;
}

/* A string of piece letters at key k (NULL: the node itself). */
static int rd_pieces(const struct jnode *v, const char *k, char *out, int *n)
{
	const char *s;

	if (jread_strref(v, k, false, TP_LOST_MAX, &s) < 0)
		return -1;
	*n = (int)strlen(s);
	memcpy(out, s, (size_t)*n);
	return 0;
}

static int rd_lost(const struct jnode *v, struct tempete *tp, int c)
{
	return rd_pieces(v, NULL, tp->lost[c], &tp->nlost[c]);
}

static int rd_dead(const struct jnode *v, struct tempete *tp, int c)
{
	return rd_pieces(v, NULL, tp->dead[c], &tp->ndead[c]);
}

static int rd_mark(const struct jnode *x, struct tp_mark *m)
{
	char orig[2] = "";

	if (jread_str(x, "square", false, m->square, sizeof m->square) < 0 ||
	    jread_str(x, "label", false, m->label, sizeof m->label) < 0 ||
	    jread_i(x, "card", false, 0, CARDS_MAX - 1, &m->card) < 0 ||
	    jread_i(x, "by", false, 0, 1, &m->by) < 0 ||
	    jread_bool(x, "effect", false, &m->effect) < 0 ||
	    jread_str(x, "orig", true, orig, sizeof orig) < 0)
		return -1;
	if (jread_has(x, "orig") && !isupper((unsigned char)orig[0]))
		return jread_fail(x, "orig", "not a piece letter");
	m->orig = orig[0];
	return 0;
}

/* The marks at key k (NULL: the node itself). */
static int rd_marks(const struct jnode *v, const char *k, struct tp_mark *m, int *n)
{
	struct jnode a, x;
	size_t len;

	if (jread_arr(v, k, false, &a, &len) < 0)
		return -1;
	if (len > TP_MARKS_MAX)
		return jread_fail(v, k, "%zu marks, more than %d", len, TP_MARKS_MAX);
	for (size_t i = 0; i < len; i++)
		if (jread_at(&a, i, &x) < 0 || rd_mark(&x, &m[i]) < 0)
			return -1;
	*n = (int)len;
	return 0;
}

static int rd_plays(const struct jnode *o, struct tempete *tp)
{
	struct jnode a, x;
	size_t len;

	if (jread_arr(o, "plays", false, &a, &len) < 0)
		return -1;
	if (len > TP_PLAYS_MAX)
		return jread_fail(o, "plays", "%zu plays, more than %d", len, TP_PLAYS_MAX);
	for (size_t i = 0; i < len; i++) {
		struct tp_play *p = &tp->plays[i];
		if (jread_at(&a, i, &x) < 0 ||
		    jread_i(&x, "by", false, 0, 1, &p->by) < 0 ||
		    jread_i(&x, "card", false, 1, CARDS_MAX - 1, &p->card) < 0 ||
		    jread_i(&x, "turn", false, 0, 1000000, &p->turn) < 0 ||
		    jread_str(&x, "how", false, p->how, sizeof p->how) < 0 ||
		    jread_str(&x, "detail", false, p->detail, sizeof p->detail) < 0 ||
		    jread_bool(&x, "void", false, &p->void_) < 0)
			return -1;
	}
	tp->nplays = (int)len;
	return 0;
}

static int rd_secrets(const struct jnode *o, struct tempete *tp)
{
	struct jnode a, x;
	size_t len;

	if (jread_arr(o, "secrets", false, &a, &len) < 0)
		return -1;
	if (len > TP_SECRETS_MAX)
		return jread_fail(o, "secrets", "%zu secrets, more than %d", len, TP_SECRETS_MAX);
	for (size_t i = 0; i < len; i++) {
		struct tp_secret *s = &tp->secrets[i];
		if (jread_at(&a, i, &x) < 0 ||
		    jread_i(&x, "by", false, 0, 1, &s->by) < 0 ||
		    jread_i(&x, "card", false, 1, CARDS_MAX - 1, &s->card) < 0 ||
		    jread_i(&x, "turn", false, 0, 1000000, &s->turn) < 0 ||
		    jread_str(&x, "square", false, s->square, sizeof s->square) < 0 ||
		    jread_bool(&x, "used", false, &s->used) < 0)
			return -1;
	}
	tp->nsecrets = (int)len;
	return 0;
}

/* One moment's captures: each side's lost and dead pieces and the turn of the last loss. */
static int rd_captures(const struct jnode *elem, struct tp_captures *s)
{
	struct jnode x[1], lost[2], dead[2];

	if (jread_obj(elem, NULL, false, x) < 0 ||
	    jread_pair(x, "lost", false, lost) < 0 || jread_pair(x, "dead", false, dead) < 0)
		return -1;
	for (int c = 0; c < 2; c++)
		if (rd_pieces(&lost[c], NULL, s->lost[c], &s->nlost[c]) < 0 ||
		    rd_pieces(&dead[c], NULL, s->dead[c], &s->ndead[c]) < 0)
			return -1;
	return jread_ints(x, "lost_turn", false, 2, 2, -1, 1000000, s->lost_turn, NULL);
}

/* The marks and captures saved at each moment of a turn (to take a part back): three
 * moments in the first release's files, four since; captures kept since a later one. */
static int rd_saved(const struct jnode *o, struct tempete *tp)
{
	struct jnode saved, captures, x;
	size_t moments, ncaptures;

	/* the first release kept three moments; the turn's start is the move's then */
	if (jread_arr(o, "saved_marks", false, &saved, &moments) < 0)
		return -1;
	if (moments != 3 && moments != TP_MOMENTS)
		return jread_fail(o, "saved_marks", "%zu lists, not 3 or %d", moments, TP_MOMENTS);
	for (size_t k = 0; k < moments; k++)
		if (jread_at(&saved, k, &x) < 0 ||
		    rd_marks(&x, NULL, tp->saved_marks[k], &tp->nsaved_marks[k]) < 0)
			return -1;
	if (jread_arr(o, "saved_captures", true, &captures, &ncaptures) < 0)
		return -1;
	if (captures.v && ncaptures != moments)
		return jread_fail(o, "saved_captures", "%zu records, not one for each of the %zu lists "
				  "of saved_marks", ncaptures, moments);
	for (size_t k = 0; k < moments; k++) {
		struct tp_captures *s = &tp->saved_captures[k];
		if (!captures.v) {      /* a state from before the record was kept: the present one */
			memcpy(s->lost, tp->lost, sizeof s->lost), memcpy(s->nlost, tp->nlost, sizeof s->nlost);
			memcpy(s->dead, tp->dead, sizeof s->dead), memcpy(s->ndead, tp->ndead, sizeof s->ndead);
			memcpy(s->lost_turn, tp->lost_turn, sizeof s->lost_turn);
			continue;
		}
		if (jread_at(&captures, k, &x) < 0 || rd_captures(&x, s) < 0)
			return -1;
	}
	if (moments == 3) {
		memcpy(tp->saved_marks[TP_BEFORE_CARD], tp->saved_marks[0], sizeof tp->saved_marks[0]);
		tp->nsaved_marks[TP_BEFORE_CARD] = tp->nsaved_marks[0];
		tp->saved_captures[TP_BEFORE_CARD] = tp->saved_captures[0];
	}
	return 0;
}

/* Each side's rescued piece, a record kept since a later release. */
static int rd_rescue(const struct jnode *o, struct tempete *tp)
{
	struct jnode side[2];

	if (jread_pair(o, "rescue", true, side) < 0)
		return -1;
	for (size_t c = 0; side[0].v && c < 2; c++) {
		struct tp_rescue *rs = &tp->rescue[c];
		char now[2] = "", orig[2] = "";
		if (jread_obj(&side[c], NULL, false, &side[c]) < 0 ||
		    jread_str(&side[c], "now", false, now, 2) < 0 ||
		    jread_str(&side[c], "orig", false, orig, 2) < 0 ||
		    jread_str(&side[c], "label", false, rs->label, TP_LABEL_MAX) < 0 ||
		    jread_i(&side[c], "turn", false, 0, 1000000, &rs->turn) < 0 ||
		    jread_i(&side[c], "card", false, -1, CARDS_MAX - 1, &rs->card) < 0)
			return -1;
		rs->now = now[0], rs->orig = orig[0];
	}
	return 0;
}

/* The cards' records of the turn (absent: none live). */
static int rd_records(const struct jnode *o, struct tempete *tp)
{
	struct jnode recs, x;
	size_t len;

	if (jread_arr(o, "records", true, &recs, &len) < 0)
		return -1;
	if (recs.v && len != 2)
		return jread_fail(o, "records", "needs two records");
	for (size_t k = 0; recs.v && k < 2; k++) {
		struct tp_record *rc = &tp->record[k];
		if (jread_at(&recs, k, &x) < 0 ||
		    jread_i(&x, "turn", false, 0, 1000000, &rc->turn) < 0 ||
		    jread_i(&x, "play", false, 0, tp->nplays, &rc->play) < 0 ||
		    jread_i(&x, "added", false, 0, CARDS_MAX - 1, &rc->added) < 0 ||
		    jread_i(&x, "barred", false, 0, tp->n, &rc->barred) < 0 ||
		    jread_i(&x, "secret", false, 0, tp->nsecrets, &rc->secret) < 0)
			return -1;
	}
	return 0;
}

/* The cards: the game's, each side's list, salt, hand and what was sent, barred, drawn. */
static int rd_cards(const struct jnode *o, struct tempete *tp)
{
	if (get_ints(o, "cards", tp->cards, CARDS_MAX, &tp->n, 1, CARDS_MAX - 1) < 0)
		return -1;
	if (tp->n < 2 * TP_HAND)
		return jread_fail(o, "cards", "%d cards, fewer than %d", tp->n, 2 * TP_HAND);
	return get_bools(o, "has_list", tp->has_list, 2) < 0 ||
	       get_bools(o, "list_by_referee", tp->list_by_referee, 2) < 0 ||
	       sides(o, "list", tp, rd_list) < 0 || sides(o, "salt", tp, rd_salt) < 0 ||
	       sides(o, "hand", tp, rd_hand) < 0 || sides(o, "sent", tp, rd_sent) < 0 ||
	       sides(o, "barred", tp, rd_barred) < 0 || sides(o, "drawn", tp, rd_drawn) < 0 ? -1 : 0;
}

/* The turn in play: whose, which parts of the move, the positions around it. */
static int rd_turn(const struct jnode *o, struct tempete *tp, int *expect)
{
	struct jnode mv[2];

	return jread_i(o, "expect", false, CT_SETUP, CT_DONE, expect) < 0 ||
	       jread_i(o, "to", false, 0, 1, &tp->ct.to) < 0 ||
	       jread_bool(o, "may_intercept", false, &tp->ct.may_intercept) < 0 ||
	       jread_i(o, "turn", false, 0, 1000000, &tp->turn) < 0 ||
	       jread_i(o, "turn_owner", false, 0, 1, &tp->turn_owner) < 0 ||
	       jread_i(o, "move_parts", false, 0, 2, &tp->move_parts) < 0 ||
	       jread_i(o, "move_card", false, 0, CARDS_MAX - 1, &tp->move_card) < 0 ||
	       jread_bool(o, "taken_back", false, &tp->taken_back) < 0 ||
	       jread_i(o, "hit_part", false, 0, 2, &tp->hit_part) < 0 ||
	       jread_i(o, "intercepted_by_card", false, 0, CARDS_MAX - 1,
		       &tp->intercepted_by_card) < 0 ||
	       jread_pair(o, "move", false, mv) < 0 ||
	       jread_str(&mv[0], NULL, false, tp->move_san[0], SAN_MAX) < 0 ||
	       jread_str(&mv[1], NULL, false, tp->move_san[1], SAN_MAX) < 0 ||
	       jread_str(o, "before_move", false, tp->before_move, FEN_MAX) < 0 ||
	       jread_str(o, "before_part2", false, tp->before_part2, FEN_MAX) < 0 ||
	       jread_str(o, "after_move", false, tp->after_move, FEN_MAX) < 0 ? -1 : 0;
}

static int tp_from_json(const struct jnode *o, struct tempete *tp)
{
	int expect = CT_SETUP;

	memset(tp, 0, sizeof *tp);
	if (rd_cards(o, tp) < 0 ||
	    get_bools(o, "opening", tp->opening, 2) < 0 ||
	    get_bools(o, "card_own", tp->ct.card_own, 2) < 0 ||
	    get_bools(o, "card_opp", tp->ct.card_opp, 2) < 0 ||
	    jread_ints(o, "lost_turn", false, 2, 2, -1, 1000000, tp->lost_turn, NULL) < 0 ||
	    sides(o, "lost", tp, rd_lost) < 0 || sides(o, "dead", tp, rd_dead) < 0 ||
	    rd_turn(o, tp, &expect) < 0 ||
	    rd_plays(o, tp) < 0 || rd_secrets(o, tp) < 0 ||
	    rd_marks(o, "marks", tp->marks, &tp->nmarks) < 0 ||
	    rd_saved(o, tp) < 0 || rd_rescue(o, tp) < 0 ||
	    rd_records(o, tp) < 0)
		return -1;
	if (!jread_has(o, "before_card"))
		memcpy(tp->before_card, tp->before_move, FEN_MAX);
	if (jread_str(o, "before_card", true, tp->before_card, FEN_MAX) < 0 ||
	    jread_bool(o, "disabled", true, &tp->disabled) < 0)
		return -1;
	tp->ct.expect = (enum ct_expect)expect;
	return 0;
}

static json_t *kind_to_json(const struct game *g)
{
	return tp_to_json(g->kstate);
}

static int kind_from_json(const struct jnode *o, struct game *g)
{
	return tp_from_json(o, g->kstate) < 0 ? -1 : cardturn_json_get(o, g);
}

const struct kind_store kind_tempete_store = {
	.key = "tempete",
	.to_json = kind_to_json,
	.from_json = kind_from_json,
};
