/* knightmare_store.c: the "knightmare" object of a game's state file: every field of a
 * struct knightmare out, and back in with every value checked (a state file is outside
 * input). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "kinds/knightmare/knightmare.h"
#include "kinds/knightmare/knightmare_store.h"
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

static json_t *pair(json_t *w, json_t *b)
{
	json_t *a = json_array();

	json_array_append_new(a, w);
	json_array_append_new(a, b);
	return a;
}

static json_t *salt(const uint8_t *s)
{
	char hex[2 * DECK_SALT + 1];

	crypto_hex(s, DECK_SALT, hex);
	return json_string(hex);
}

static json_t *effect_json(const struct km_effect *f)
{
	char letter[2] = { f->letter, 0 }, orig[2] = { f->orig, 0 }, wk[2] = { f->while_kind, 0 };

	return json_pack("{s:i, s:i, s:i, s:s, s:s, s:s, s:s, s:s, s:b, s:i, s:s, s:b}", "card", f->card,
			 "by", f->by, "verb", f->verb, "letter", letter, "betza", f->betza, "name", f->name,
			 "square", f->square, "orig", orig, "has_while", f->has_while, "while_side",
			 f->while_side, "while_kind", wk, "suspended", f->suspended);
}

static json_t *effects_json(const struct km_effect *f, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, effect_json(&f[i]));
	return a;
}

static json_t *km_to_json(const struct game *g)
{
	const struct knightmare *km = g->kstate;
	json_t *o = json_object(), *plays = json_array();

	for (int i = 0; i < km->nplays; i++) {
		const struct km_play *p = &km->plays[i];
		json_array_append_new(plays, json_pack("{s:i, s:i, s:i, s:s, s:s, s:b}", "by", p->by,
						       "card", p->card, "turn", p->turn, "how", p->how,
						       "detail", p->detail, "void", p->void_));
	}
	json_object_set_new(o, "budget", ints(km->budget, 2));
	json_object_set_new(o, "sets", json_integer(km->sets));
	json_object_set_new(o, "extra", json_integer(km->extra));
	json_object_set_new(o, "aside", ints(km->aside, km->naside));
	json_object_set_new(o, "half", pair(ints(km->half[0], km->nhalf[0]), ints(km->half[1], km->nhalf[1])));
	json_object_set_new(o, "deck", pair(ints(km->deck[0], km->ndeck[0]), ints(km->deck[1], km->ndeck[1])));
	json_object_set_new(o, "salt", pair(salt(km->salt[0]), salt(km->salt[1])));
	json_object_set_new(o, "hand", pair(ints(km->hand[0], km->nhand[0]), ints(km->hand[1], km->nhand[1])));
	json_object_set_new(o, "has_deck", json_pack("[b, b]", km->has_deck[0], km->has_deck[1]));
	json_object_set_new(o, "drawn", ints(km->drawn, 2));
	json_object_set_new(o, "expect", json_integer(km_expect_code(km->ct.expect)));
	json_object_set_new(o, "to", json_integer(km->ct.to));
	json_object_set_new(o, "may_intercept", json_boolean(km->ct.may_intercept));
	cardturn_json_set(o, &km->ct);
	json_object_set_new(o, "turn", json_integer(km->turn));
	json_object_set_new(o, "card_own", json_pack("[b, b]", km->ct.card_own[0], km->ct.card_own[1]));
	json_object_set_new(o, "card_opp", json_pack("[b, b]", km->ct.card_opp[0], km->ct.card_opp[1]));
	json_object_set_new(o, "plays", plays);
	json_object_set_new(o, "pile", ints(km->pile, km->npile));
	json_t *old = json_array();
	for (int k = 0; k < km->nold; k++)
		json_array_append_new(old, pair(ints(km->old[k], km->nold_cards[k]), salt(km->old_salt[k])));
	json_object_set_new(o, "old_orders", old);
	json_object_set_new(o, "rescue", effects_json(km->rescue, 2));
	json_object_set_new(o, "rescue_turn", ints(km->rescue_turn, 2));
	json_object_set_new(o, "effects", effects_json(km->effects, km->neffects));
	json_object_set_new(o, "lost", json_pack("[s, s]", km->lost[0], km->lost[1]));
	json_object_set_new(o, "dead", json_pack("[s, s]", km->dead[0], km->dead[1]));
	json_object_set_new(o, "undo", json_pack("{s:s, s:o, s:[s, s], s:[s, s], s:i}", "fen", km->undo.fen,
		"effects", effects_json(km->undo.effects, km->undo.neffects), "lost", km->undo.lost[0],
		km->undo.lost[1], "dead", km->undo.dead[0], km->undo.dead[1], "play", km->undo.play));
	return o;
}

/* ---- in ---- */

static int get_range(const struct kind_reader *r, json_t *v, const char *k, int *out, int max, int *n, int hi)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > (size_t)max)
		return kjson_bad(r, k, "missing or too long a list");
	json_array_foreach(v, i, x) {
		if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > hi)
			return kjson_bad(r, k, "a number out of range");
		out[i] = (int)json_integer_value(x);
	}
	*n = (int)json_array_size(v);
	return 0;
}

/* A list of cards (or numbers of cards). */
static int get_ints(const struct kind_reader *r, json_t *v, const char *k, int *out, int max, int *n)
{
	return get_range(r, v, k, out, max, n, CARDS_MAX - 1);
}

/* [white, black] of lists of cards. */
static int get_sides(const struct kind_reader *r, json_t *o, const char *k, int *white, int *black, int *n,
		     int max)
{
	json_t *v = json_object_get(o, k);

	if (!json_is_array(v) || json_array_size(v) != 2)
		return kjson_bad(r, k, "needs [white, black]");
	return get_ints(r, json_array_get(v, 0), k, white, max, &n[0]) < 0 ? -1 :
	       get_ints(r, json_array_get(v, 1), k, black, max, &n[1]);
}

static int get_letter(const struct kind_reader *r, json_t *v, const char *k, char *out)
{
	char s[2];

	if (kjson_str(r, v, k, s, sizeof s) < 0)
		return -1;
	*out = s[0];
	return 0;
}

static int effects_from(const struct kind_reader *r, json_t *v, struct km_effect *f, int *n, int first_card)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > KM_EFFECTS_MAX)
		return kjson_bad(r, "effects", "missing or too many");
	json_array_foreach(v, i, x) {
		struct km_effect *e = &f[i];
		memset(e, 0, sizeof *e);
		if (kjson_int(r, x, "card", first_card, CARDS_MAX - 1, &e->card) < 0 ||
		    kjson_int(r, x, "by", 0, 1, &e->by) < 0 ||
		    kjson_int(r, x, "verb", 0, EFFECT_VERBS - 1, &e->verb) < 0 ||
		    get_letter(r, json_object_get(x, "letter"), "effects.letter", &e->letter) < 0 ||
		    kjson_str(r, json_object_get(x, "betza"), "effects.betza", e->betza, sizeof e->betza) < 0 ||
		    kjson_str(r, json_object_get(x, "name"), "effects.name", e->name, sizeof e->name) < 0 ||
		    kjson_str(r, json_object_get(x, "square"), "effects.square", e->square, sizeof e->square) < 0 ||
		    get_letter(r, json_object_get(x, "orig"), "effects.orig", &e->orig) < 0 ||
		    kjson_bool(r, json_object_get(x, "has_while"), "effects.has_while", &e->has_while) < 0 ||
		    kjson_int(r, x, "while_side", 0, 2, &e->while_side) < 0 ||
		    get_letter(r, json_object_get(x, "while_kind"), "effects.while_kind", &e->while_kind) < 0 ||
		    kjson_bool(r, json_object_get(x, "suspended"), "effects.suspended", &e->suspended) < 0)
			return -1;
	}
	*n = (int)json_array_size(v);
	return 0;
}

static int get_effects(const struct kind_reader *r, json_t *v, struct km_effect *f, int *n)
{
	return effects_from(r, v, f, n, 1);
}

/* The same, where card 0 means an empty slot. */
static int get_effects_any(const struct kind_reader *r, json_t *v, struct km_effect *f, int *n)
{
	return effects_from(r, v, f, n, 0);
}

static int get_salt(const struct kind_reader *r, json_t *v, uint8_t *out)
{
	char hex[2 * DECK_SALT + 1];

	if (kjson_str(r, v, "salt", hex, sizeof hex) < 0 || strlen(hex) != 2 * DECK_SALT)
		return kjson_bad(r, "salt", "a salt is 32 hex digits");
	for (int i = 0; i < DECK_SALT; i++) {
		unsigned x;
		if (sscanf(hex + 2 * i, "%2x", &x) != 1)
			return kjson_bad(r, "salt", "not hex");
		out[i] = (uint8_t)x;
	}
	return 0;
}

static int get_pair_str(const struct kind_reader *r, json_t *v, const char *k, char (*out)[KM_LOST_MAX + 1])
{
	if (!json_is_array(v) || json_array_size(v) != 2)
		return kjson_bad(r, k, "needs [white, black]");
	return kjson_str(r, json_array_get(v, 0), k, out[0], KM_LOST_MAX + 1) < 0 ? -1 :
	       kjson_str(r, json_array_get(v, 1), k, out[1], KM_LOST_MAX + 1);
}

static int get_pair_bool(const struct kind_reader *r, json_t *v, const char *k, bool *out)
{
	if (!json_is_array(v) || json_array_size(v) != 2)
		return kjson_bad(r, k, "needs [white, black]");
	return kjson_bool(r, json_array_get(v, 0), k, &out[0]) < 0 ? -1 :
	       kjson_bool(r, json_array_get(v, 1), k, &out[1]);
}

static int get_plays(const struct kind_reader *r, json_t *v, struct knightmare *km)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > KM_PLAYS_MAX)
		return kjson_bad(r, "plays", "missing or too many");
	json_array_foreach(v, i, x) {
		struct km_play *p = &km->plays[i];
		if (kjson_int(r, x, "by", 0, 1, &p->by) < 0 || kjson_int(r, x, "card", 1, CARDS_MAX - 1, &p->card) < 0 ||
		    kjson_int(r, x, "turn", 0, 1 << 20, &p->turn) < 0 ||
		    kjson_str(r, json_object_get(x, "how"), "plays.how", p->how, sizeof p->how) < 0 ||
		    kjson_str(r, json_object_get(x, "detail"), "plays.detail", p->detail, sizeof p->detail) < 0 ||
		    kjson_bool(r, json_object_get(x, "void"), "plays.void", &p->void_) < 0)
			return -1;
	}
	km->nplays = (int)json_array_size(v);
	return 0;
}

static int get_undo(const struct kind_reader *r, json_t *v, struct knightmare *km)
{
	if (!json_is_object(v))
		return kjson_bad(r, "undo", "missing");
	return kjson_str(r, json_object_get(v, "fen"), "undo.fen", km->undo.fen, sizeof km->undo.fen) < 0 ||
	       get_effects(r, json_object_get(v, "effects"), km->undo.effects, &km->undo.neffects) < 0 ||
	       get_pair_str(r, json_object_get(v, "lost"), "undo.lost", km->undo.lost) < 0 ||
	       get_pair_str(r, json_object_get(v, "dead"), "undo.dead", km->undo.dead) < 0 ||
	       kjson_int(r, v, "play", 0, KM_PLAYS_MAX, &km->undo.play) < 0 ? -1 : 0;
}

/* A common deck's orders before its reshuffles: [[cards], salt] each. */
static int get_old(const struct kind_reader *r, json_t *v, struct knightmare *km)
{
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > KM_ORDERS_MAX)
		return kjson_bad(r, "old_orders", "missing or too many");
	json_array_foreach(v, i, x) {
		if (!json_is_array(x) || json_array_size(x) != 2 ||
		    get_ints(r, json_array_get(x, 0), "old_orders", km->old[i], KM_DECK_MAX,
			     &km->nold_cards[i]) < 0 || get_salt(r, json_array_get(x, 1), km->old_salt[i]) < 0)
			return kjson_bad(r, "old_orders", "entries are [[cards], salt]");
	}
	km->nold = (int)json_array_size(v);
	return 0;
}

/* Each side's transformed piece last captured (card 0: none). */
static int get_rescue(const struct kind_reader *r, json_t *o, struct knightmare *km)
{
	int n, nt;

	if (get_effects_any(r, json_object_get(o, "rescue"), km->rescue, &n) < 0 || n != 2 ||
	    get_range(r, json_object_get(o, "rescue_turn"), "rescue_turn", km->rescue_turn, 2, &nt,
		      1 << 20) < 0 || nt != 2)
		return kjson_bad(r, "rescue", "needs [white, black]");
	return 0;
}

static int km_from_json(json_t *o, const char *what, struct game *g, struct err *e)
{
	struct knightmare *km = g->kstate;
	struct kind_reader r = { what, "knightmare", e };
	int n[2], expect;
	json_t *salts = json_object_get(o, "salt");

	if (!json_is_object(o) || !json_is_array(salts) || json_array_size(salts) != 2)
		return kjson_bad(&r, "salt", "needs [white, black]");
	if (get_range(&r, json_object_get(o, "budget"), "budget", km->budget, 2, &n[0], 10000) < 0 || n[0] != 2 ||
	    kjson_int(&r, o, "sets", KM_COMMON, KM_SETS_MAX, &km->sets) < 0 ||
	    kjson_int(&r, o, "extra", 0, 20, &km->extra) < 0 ||
	    get_ints(&r, json_object_get(o, "aside"), "aside", km->aside, KM_SET_MAX, &km->naside) < 0 ||
	    get_sides(&r, o, "half", km->half[0], km->half[1], km->nhalf, KM_SET_MAX) < 0 ||
	    get_sides(&r, o, "deck", km->deck[0], km->deck[1], km->ndeck, KM_DECK_MAX) < 0 ||
	    get_sides(&r, o, "hand", km->hand[0], km->hand[1], km->nhand, KM_HAND_MAX) < 0 ||
	    get_salt(&r, json_array_get(salts, 0), km->salt[0]) < 0 ||
	    get_salt(&r, json_array_get(salts, 1), km->salt[1]) < 0 ||
	    get_pair_bool(&r, json_object_get(o, "has_deck"), "has_deck", km->has_deck) < 0 ||
	    get_range(&r, json_object_get(o, "drawn"), "drawn", km->drawn, 2, &n[0], KM_DECK_MAX) < 0 || n[0] != 2 ||
	    kjson_int(&r, o, "expect", 0, 4, &expect) < 0 ||
	    kjson_int(&r, o, "to", 0, 1, &km->ct.to) < 0 ||
	    kjson_bool(&r, json_object_get(o, "may_intercept"), "may_intercept", &km->ct.may_intercept) < 0 ||
	    kjson_int(&r, o, "turn", 0, 1 << 20, &km->turn) < 0 ||
	    get_pair_bool(&r, json_object_get(o, "card_own"), "card_own", km->ct.card_own) < 0 ||
	    get_pair_bool(&r, json_object_get(o, "card_opp"), "card_opp", km->ct.card_opp) < 0 ||
	    get_plays(&r, json_object_get(o, "plays"), km) < 0 ||
	    get_ints(&r, json_object_get(o, "pile"), "pile", km->pile, KM_PILE_MAX, &km->npile) < 0 ||
	    get_old(&r, json_object_get(o, "old_orders"), km) < 0 ||
	    get_rescue(&r, o, km) < 0 ||
	    get_effects(&r, json_object_get(o, "effects"), km->effects, &km->neffects) < 0 ||
	    get_pair_str(&r, json_object_get(o, "lost"), "lost", km->lost) < 0 ||
	    get_pair_str(&r, json_object_get(o, "dead"), "dead", km->dead) < 0 ||
	    get_undo(&r, json_object_get(o, "undo"), km) < 0 ||
	    cardturn_json_get(&r, o, &km->ct) < 0)
		return -1;
	km->ct.expect = km_expect_of(expect);
	for (int c = 0; c < 2; c++)
		if (km->drawn[c] < 0 || km->drawn[c] > km->ndeck[c])
			return kjson_bad(&r, "drawn", "more cards drawn than the deck holds");
	return 0;
}

const struct kind_store kind_knightmare_store = {
	.key = "knightmare",
	.to_json = km_to_json,
	.from_json = km_from_json,
};
