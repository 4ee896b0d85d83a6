/* knightmare_store.c: the "knightmare" object of a game's state file: every field of a
 * struct knightmare out, and back in with every value checked (a state file is outside
 * input). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "kinds/knightmare/knightmare.h"
#include "kinds/knightmare/knightmare_store.h"
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

static json_t *undo_json(const struct km_undo *u)
{
	return json_pack("{s:s, s:o, s:[s, s], s:[s, s], s:i, s:i}", "fen", u->fen,
			 "effects", effects_json(u->effects, u->neffects), "lost", u->lost[0],
			 u->lost[1], "dead", u->dead[0], u->dead[1], "play", u->play, "pile", u->npile);
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
	json_object_set_new(o, "undo", undo_json(&km->undo));
	/* the turn's start, while a Veto may still answer the card played with the move (its
	 * interception, or one lifting the mate it gave) */
	if (((km->ct.expect == CT_MOVE && km->ct.may_intercept) || km->ct.expect == CT_MATED) &&
	    km->ct.card_own[!km->ct.to])
		json_object_set_new(o, "turn_undo", undo_json(&km->turn_undo));
	if (km->vetoed)
		json_object_set_new(o, "vetoed", json_true());
	return o;
}

/* ---- in (store/jread.h: every error names the file and the field) ---- */

/* A list at key (or the node itself, key NULL) of at most max numbers 0..hi. */
static int get_range(const struct jnode *o, const char *k, int *out, int max, int *n, int hi)
{
	size_t len;

	if (jread_ints(o, k, false, 0, (size_t)max, 0, hi, out, &len) < 0)
		return -1;
	*n = (int)len;
	return 0;
}

/* A list of cards (or numbers of cards). */
static int get_ints(const struct jnode *o, const char *k, int *out, int max, int *n)
{
	return get_range(o, k, out, max, n, CARDS_MAX - 1);
}

/* [white, black] of lists of cards. */
static int get_sides(const struct jnode *o, const char *k, int *white, int *black, int *n,
		     int max)
{
	struct jnode side[2];

	return jread_pair(o, k, false, side) < 0 ||
	       get_ints(&side[0], NULL, white, max, &n[0]) < 0 ||
	       get_ints(&side[1], NULL, black, max, &n[1]) < 0 ? -1 : 0;
}

static int get_letter(const struct jnode *o, const char *k, char *out)
{
	char s[2];

	if (jread_str(o, k, false, s, sizeof s) < 0)
		return -1;
	*out = s[0];
	return 0;
}

static int effect_from(const struct jnode *x, struct km_effect *e, int first_card)
{
	memset(e, 0, sizeof *e);
	return jread_i(x, "card", false, first_card, CARDS_MAX - 1, &e->card) < 0 ||
	       jread_i(x, "by", false, 0, 1, &e->by) < 0 ||
	       jread_i(x, "verb", false, 0, EFFECT_VERBS - 1, &e->verb) < 0 ||
	       get_letter(x, "letter", &e->letter) < 0 ||
	       jread_str(x, "betza", false, e->betza, sizeof e->betza) < 0 ||
	       jread_str(x, "name", false, e->name, sizeof e->name) < 0 ||
	       jread_str(x, "square", false, e->square, sizeof e->square) < 0 ||
	       get_letter(x, "orig", &e->orig) < 0 ||
	       jread_bool(x, "has_while", false, &e->has_while) < 0 ||
	       jread_i(x, "while_side", false, 0, 2, &e->while_side) < 0 ||
	       get_letter(x, "while_kind", &e->while_kind) < 0 ||
	       jread_bool(x, "suspended", false, &e->suspended) < 0 ? -1 : 0;
}

/* The effects at key k: at most max of them (card first_card or more). */
static int effects_from(const struct jnode *o, const char *k, struct km_effect *f, int *n,
			size_t min, size_t max, int first_card)
{
	struct jnode a, x;
	size_t len;

	if (jread_arr(o, k, false, &a, &len) < 0)
		return -1;
	if (len < min || len > max)
		return jread_fail(o, k, "%zu effects, not %zu to %zu", len, min, max);
	for (size_t i = 0; i < len; i++)
		if (jread_at(&a, i, &x) < 0 || effect_from(&x, &f[i], first_card) < 0)
			return -1;
	*n = (int)len;
	return 0;
}

static int get_effects(const struct jnode *o, const char *k, struct km_effect *f, int *n)
{
	return effects_from(o, k, f, n, 0, KM_EFFECTS_MAX, 1);
}

/* The salt at key k (NULL: the node itself): 32 hex digits. */
static int get_salt(const struct jnode *o, const char *k, uint8_t *out)
{
	char hex[2 * DECK_SALT + 1];

	if (jread_str(o, k, false, hex, sizeof hex) < 0)
		return -1;
	for (int i = 0; i < DECK_SALT; i++) {
		unsigned x;
		if (strlen(hex) != 2 * DECK_SALT || sscanf(hex + 2 * i, "%2x", &x) != 1)
			return jread_fail(o, k, "a salt is %d hex digits", 2 * DECK_SALT);
		out[i] = (uint8_t)x;
	}
	return 0;
}

static int get_pair_str(const struct jnode *o, const char *k, char (*out)[KM_LOST_MAX + 1])
{
	struct jnode side[2];

	return jread_pair(o, k, false, side) < 0 ||
	       jread_str(&side[0], NULL, false, out[0], KM_LOST_MAX + 1) < 0 ||
	       jread_str(&side[1], NULL, false, out[1], KM_LOST_MAX + 1) < 0 ? -1 : 0;
}

static int get_pair_bool(const struct jnode *o, const char *k, bool *out)
{
	return jread_bools(o, k, false, 2, 2, out, NULL);
}

static int get_plays(const struct jnode *o, struct knightmare *km)
{
	struct jnode a, x;
	size_t len;

	if (jread_arr(o, "plays", false, &a, &len) < 0)
		return -1;
	if (len > KM_PLAYS_MAX)
		return jread_fail(o, "plays", "%zu plays, more than %d", len, KM_PLAYS_MAX);
	for (size_t i = 0; i < len; i++) {
		struct km_play *p = &km->plays[i];
		if (jread_at(&a, i, &x) < 0 ||
		    jread_i(&x, "by", false, 0, 1, &p->by) < 0 ||
		    jread_i(&x, "card", false, 1, CARDS_MAX - 1, &p->card) < 0 ||
		    jread_i(&x, "turn", false, 0, 1 << 20, &p->turn) < 0 ||
		    jread_str(&x, "how", false, p->how, sizeof p->how) < 0 ||
		    jread_str(&x, "detail", false, p->detail, sizeof p->detail) < 0 ||
		    jread_bool(&x, "void", false, &p->void_) < 0)
			return -1;
	}
	km->nplays = (int)len;
	return 0;
}

/* A turn's start, kept to undo it ("undo"; "turn_undo" for a Veto of an own-turn card:
 * absent in older files). */
static int get_undo(const struct jnode *o, const char *key, bool opt, struct km_undo *u)
{
	struct jnode v;

	u->npile = -1;
	if (jread_obj(o, key, opt, &v) < 0)
		return -1;
	if (!v.v)
		return 0;
	return jread_str(&v, "fen", false, u->fen, sizeof u->fen) < 0 ||
	       get_effects(&v, "effects", u->effects, &u->neffects) < 0 ||
	       get_pair_str(&v, "lost", u->lost) < 0 ||
	       get_pair_str(&v, "dead", u->dead) < 0 ||
	       jread_i(&v, "play", false, 0, KM_PLAYS_MAX, &u->play) < 0 ||
	       jread_i(&v, "pile", true, -1, KM_PILE_MAX, &u->npile) < 0 ? -1 : 0;
}

/* A common deck's orders before its reshuffles: [[cards], salt] each. */
static int get_old(const struct jnode *o, struct knightmare *km)
{
	struct jnode a, x, entry[2];
	size_t len;

	if (jread_arr(o, "old_orders", false, &a, &len) < 0)
		return -1;
	if (len > KM_ORDERS_MAX)
		return jread_fail(o, "old_orders", "%zu orders, more than %d", len, KM_ORDERS_MAX);
	for (size_t i = 0; i < len; i++) {
		if (jread_at(&a, i, &x) < 0 || jread_pair(&x, NULL, false, entry) < 0 ||
		    get_ints(&entry[0], NULL, km->old[i], KM_DECK_MAX, &km->nold_cards[i]) < 0 ||
		    get_salt(&entry[1], NULL, km->old_salt[i]) < 0)
			return -1;
	}
	km->nold = (int)len;
	return 0;
}

/* Each side's transformed piece last captured (card 0: none). */
static int get_rescue(const struct jnode *o, struct knightmare *km)
{
	int n;

	return effects_from(o, "rescue", km->rescue, &n, 2, 2, 0) < 0 ||
	       jread_ints(o, "rescue_turn", false, 2, 2, 0, 1 << 20, km->rescue_turn, NULL) < 0 ?
	       -1 : 0;
}

/* The cards: budgets, sets, decks, hands and what was drawn. */
static int get_cards(const struct jnode *o, struct knightmare *km)
{
	struct jnode salts[2];

	return jread_ints(o, "budget", false, 2, 2, 0, 10000, km->budget, NULL) < 0 ||
	       jread_i(o, "sets", false, KM_COMMON, KM_SETS_MAX, &km->sets) < 0 ||
	       jread_i(o, "extra", false, 0, 20, &km->extra) < 0 ||
	       get_ints(o, "aside", km->aside, KM_SET_MAX, &km->naside) < 0 ||
	       get_sides(o, "half", km->half[0], km->half[1], km->nhalf, KM_SET_MAX) < 0 ||
	       get_sides(o, "deck", km->deck[0], km->deck[1], km->ndeck, KM_DECK_MAX) < 0 ||
	       get_sides(o, "hand", km->hand[0], km->hand[1], km->nhand, KM_HAND_MAX) < 0 ||
	       jread_pair(o, "salt", false, salts) < 0 ||
	       get_salt(&salts[0], NULL, km->salt[0]) < 0 ||
	       get_salt(&salts[1], NULL, km->salt[1]) < 0 ||
	       get_pair_bool(o, "has_deck", km->has_deck) < 0 ||
	       jread_ints(o, "drawn", false, 2, 2, 0, KM_DECK_MAX, km->drawn, NULL) < 0 ? -1 : 0;
}

static int km_from_json(const struct jnode *o, struct game *g)
{
	struct knightmare *km = g->kstate;
	int expect = 0;

	if (get_cards(o, km) < 0 ||
	    jread_i(o, "expect", false, 0, 4, &expect) < 0 ||
	    jread_i(o, "to", false, 0, 1, &km->ct.to) < 0 ||
	    jread_bool(o, "may_intercept", false, &km->ct.may_intercept) < 0 ||
	    jread_i(o, "turn", false, 0, 1 << 20, &km->turn) < 0 ||
	    get_pair_bool(o, "card_own", km->ct.card_own) < 0 ||
	    get_pair_bool(o, "card_opp", km->ct.card_opp) < 0 ||
	    get_plays(o, km) < 0 ||
	    get_ints(o, "pile", km->pile, KM_PILE_MAX, &km->npile) < 0 ||
	    get_old(o, km) < 0 || get_rescue(o, km) < 0 ||
	    get_effects(o, "effects", km->effects, &km->neffects) < 0 ||
	    get_pair_str(o, "lost", km->lost) < 0 || get_pair_str(o, "dead", km->dead) < 0 ||
	    get_undo(o, "undo", false, &km->undo) < 0 ||
	    get_undo(o, "turn_undo", true, &km->turn_undo) < 0 ||
	    jread_bool(o, "vetoed", true, &km->vetoed) < 0 ||
	    cardturn_json_get(o, g) < 0)
		return -1;
	km->ct.expect = km_expect_of(expect);
	for (int c = 0; c < 2; c++)
		if (km->drawn[c] > km->ndeck[c])
			return jread_fail(o, "drawn", "more cards drawn than the deck holds");
	return 0;
}

const struct kind_store kind_knightmare_store = {
	.key = "knightmare",
	.to_json = km_to_json,
	.from_json = km_from_json,
};
