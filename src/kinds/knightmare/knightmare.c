/* knightmare.c: Knightmare Chess by mail, before play and around it: the challenge's
 * options, the division of the set, the decks (built by points, shuffled, committed and
 * dealt), drawing, the commitments and the state's canonical text. The turns are in
 * knightmare_turn.c, the cards' effects in knightmare_effect.c. */
#include "kinds/knightmare/knightmare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/apply.h"
#include "kinds/knightmare/knightmare_int.h"
#include "util/crypto.h"

struct knightmare *knightmare_new(void)
{
	struct knightmare *km = calloc(1, sizeof *km);

	if (km) {
		km->sets = 1;
		km->ct.expect = CT_SETUP;
	}
	return km;
}

/* A random stream for one purpose of one game, from the referee's key: the same on
 * replay, unknowable without the key. */
void km_stream(const uint8_t *key, size_t klen, int game, const char *what, int c, struct drbg *d)
{
	char label[96];

	snprintf(label, sizeof label, "knightmare %s game %d %s", what, game, c == WHITE ? "white" : "black");
	drbg_init(d, key, klen, label);
}

/* ---- the challenge ---- */

/* One whole number of a term, lo..hi: 0, or -1 with the reason naming what was written. */
static int term_number(const char *w, const char *what, int lo, int hi, int *out, char *why,
		       size_t wlen)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (end == w || *end)
		return phrase_printf(why, wlen, "'%s' is not a whole number (%s)", w, what), -1;
	if (n < lo || n > hi)
		return phrase_printf(why, wlen, "%s are %d to %d, not %ld", what, lo, hi, n), -1;
	*out = (int)n;
	return 0;
}

static int read_budget(struct knightmare *km, const char *arg, char *why, size_t wlen)
{
	char copy[ORDER_ARG_MAX], *save = NULL, *w[3];
	int n = 0, v[2];

	snprintf(copy, sizeof copy, "%s", arg);
	for (char *x = strtok_r(copy, " ,", &save); x && n < 3; x = strtok_r(NULL, " ,", &save))
		w[n++] = x;
	if (n < 1 || n > 2)
		return phrase_printf(why, wlen, "write: budget 150, or budget 100 200 (White's, then Black's)"), -1;
	for (int i = 0; i < n; i++)
		if (term_number(w[i], N_("budgets (points)"), 1, 10000, &v[i], why, wlen) < 0)
			return -1;
	km->budget[WHITE] = v[0];
	km->budget[BLACK] = n == 2 ? v[1] : v[0];
	return 0;
}

static int read_sets(struct knightmare *km, const char *arg, char *why, size_t wlen)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (!strcasecmp(arg, "personal"))
		km->sets = 0;
	else if (!strcasecmp(arg, "common"))
		km->sets = KM_COMMON;
	else if (end != arg && !*end && n >= 1 && n <= KM_SETS_MAX)
		km->sets = (int)n;
	else
		return phrase_printf(why, wlen, "write: sets personal, sets common, or sets N (1 to %d sets "
				"divided)", KM_SETS_MAX), -1;
	return 0;
}

int knightmare_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		      int *line, char *why, size_t wlen)
{
	struct knightmare *km = g->kstate;

	(void)key; (void)klen;          /* the cards are divided when play starts */
	if (!g->cat || !g->cat->budget) {
		phrase_printf(why, wlen, "the card catalogue of %s has no decks", g->v->name);
		return -1;
	}
	km->budget[WHITE] = km->budget[BLACK] = g->cat->budget;
	for (size_t i = 0; o && i < o->n; i++) {
		const struct order *od = &o->o[i];
		int rc = 0;
		*line = od->lineno;
		if (od->kind == KM_ORDER_BUDGET)
			rc = read_budget(km, od->arg, why, wlen);
		else if (od->kind == KM_ORDER_SETS)
			rc = read_sets(km, od->arg, why, wlen);
		else if (od->kind == KM_ORDER_EXTRA)    /* 0 is a term too: none set aside */
			rc = term_number(od->arg, N_("extra discards"), 0, 20,
					 &km->extra, why, wlen);
		if (rc < 0)
			return -1;
	}
	if (km->extra && !km->sets)
		return phrase_printf(why, wlen, "extra discards come before dividing one set; with personal "
				"sets nothing is divided"), -1;
	*line = 0;
	return 0;
}

/* ---- dividing the set ---- */

/* Play starts: the referee divides the set(s) at random and in secret (seed 002,
 * "Building a Deck"), the extra discards first; with personal sets each player builds
 * from a whole set of their own. */
void knightmare_start(struct game *g, const uint8_t *key, size_t klen)
{
	struct knightmare *km = g->kstate;
	const struct card_catalogue *cat = g->cat;
	int pool[KM_SET_MAX], n = 0;
	struct drbg d;

	if (!cat || km->nhalf[WHITE] || km->nhalf[BLACK] || km->ct.expect != CT_SETUP)
		return;
	for (int s = 0; s < (km->sets > 0 ? km->sets : 1); s++)
		for (int i = 0; i < cat->ndefault && n < KM_SET_MAX; i++)
			pool[n++] = cat->default_list[i];
	if (!km->sets) {
		for (int c = 0; c < 2; c++)
			memcpy(km->half[c], pool, sizeof(int) * (size_t)n), km->nhalf[c] = n;
		return;
	}
	km_stream(key, klen, g->id, "divide", WHITE, &d);
	deck_shuffle(pool, n, &d);
	km->naside = km->extra < n ? km->extra : n;
	memcpy(km->aside, pool, sizeof(int) * (size_t)km->naside);
	if (km->sets == KM_COMMON) {    /* the rest is the deck both draw from: dealt now */
		km->ndeck[0] = n - km->naside < KM_DECK_MAX ? n - km->naside : KM_DECK_MAX;
		memcpy(km->deck[0], pool + km->naside, sizeof(int) * (size_t)km->ndeck[0]);
		drbg_bytes(&d, km->salt[0], DECK_SALT);
		km->has_deck[WHITE] = km->has_deck[BLACK] = true;
		for (int i = 0; i < KM_HAND; i++)
			for (int c = 0; c < 2; c++)
				km_draw(km, c, key, klen, g->id);
		km->ct.expect = CT_MOVE;
		km->ct.to = (int)game_pos(g)->side;
		km->ct.play_started = true;
		return;
	}
	int rest = n - km->naside, each = rest / 2;
	for (int c = 0; c < 2; c++) {
		memcpy(km->half[c], pool + km->naside + c * each, sizeof(int) * (size_t)each);
		km->nhalf[c] = each;
		knightmare_sort(km->half[c], each);
	}
	if (rest % 2)   /* an odd card out joins those set aside */
		km->aside[km->naside++] = pool[n - 1];
}

void knightmare_sort(int *a, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
			int t = a[j];
			a[j] = a[j - 1], a[j - 1] = t;
		}
}

int knightmare_points(const struct card_catalogue *cat, const int *cards, int n)
{
	int sum = 0;

	for (int i = 0; i < n; i++)
		sum += cat->card[cards[i] > 0 && cards[i] < CARDS_MAX ? cards[i] : 0].points;
	return sum;
}

static int count(const int *a, int n, int card)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += a[i] == card;
	return k;
}

/* "deck 3 7 12 ...": from one's own half, unique cards once, within one's budget. */
int km_check_deck(const struct game *g, int c, const int *cards, int n, char *why, size_t wlen)
{
	const struct knightmare *km = g->kstate;
	const struct card_catalogue *cat = g->cat;

	if (n < 1 || n > KM_DECK_MAX)
		return phrase_printf(why, wlen, "a deck has 1 to %d cards", KM_DECK_MAX), -1;
	for (int i = 0; i < n; i++) {
		int k = cards[i];
		if (k < 1 || k >= CARDS_MAX || !cat->card[k].exists)
			return phrase_printf(why, wlen, "there is no card %d", k), -1;
		int have = count(km->half[c], km->nhalf[c], k);
		if (!have)
			return phrase_printf(why, wlen, "card %d is not among your cards", k), -1;
		if (count(cards, i + 1, k) > have)
			return phrase_printf(why, wlen, "you have card %d only %d time(s)", k, have), -1;
		if (cat->card[k].unique && count(cards, i, k))
			return phrase_printf(why, wlen, "card %d is unique: once in a deck", k), -1;
	}
	int points = knightmare_points(cat, cards, n);
	if (points > km->budget[c])
		return phrase_printf(why, wlen, "the deck is worth %d points; your budget is %d", points,
				km->budget[c]), -1;
	return 0;
}

/* ---- drawing ---- */

/* A common deck run out: the discards, shuffled, are the next order (the one before is
 * kept for the reveal). */
static void reshuffle(struct knightmare *km, const uint8_t *key, size_t klen, int game)
{
	struct drbg d;
	char what[32];

	if (!km->npile || km->nold == KM_ORDERS_MAX || km->npile > KM_DECK_MAX)
		return;
	memcpy(km->old[km->nold], km->deck[0], sizeof km->deck[0]);
	km->nold_cards[km->nold] = km->ndeck[0];
	memcpy(km->old_salt[km->nold], km->salt[0], DECK_SALT);
	km->nold++;
	memcpy(km->deck[0], km->pile, sizeof(int) * (size_t)km->npile);
	km->ndeck[0] = km->npile;
	km->npile = 0;
	km->drawn[0] = 0;
	snprintf(what, sizeof what, "reshuffle %d", km->nold);
	km_stream(key, klen, game, what, WHITE, &d);
	deck_shuffle(km->deck[0], km->ndeck[0], &d);
	drbg_bytes(&d, km->salt[0], DECK_SALT);
	km->just_reshuffled = true;
}

/* Side c draws the top card of its deck (the common one: deck 0), if any is left: no
 * reshuffle of one's own deck (seed 002); a common deck reshuffles the discards. */
void km_draw(struct knightmare *km, int c, const uint8_t *key, size_t klen, int game)
{
	int from = km->sets == KM_COMMON ? 0 : c;

	if (from == 0 && km->sets == KM_COMMON && km->drawn[0] >= km->ndeck[0])
		reshuffle(km, key, klen, game);
	if (km->drawn[from] >= km->ndeck[from] || km->nhand[c] >= KM_HAND_MAX)
		return;
	int card = km->deck[from][km->drawn[from]++];
	km->hand[c][km->nhand[c]++] = card;
	if (km->njust_drew[c] < KM_HAND_MAX)
		km->just_drew[c][km->njust_drew[c]++] = card;
}

/* Both decks are in: shuffle each, salt it, deal five. */
void km_deal(struct knightmare *km, const uint8_t *key, size_t klen, int game, int first)
{
	for (int c = 0; c < 2; c++) {
		struct drbg d;
		km_stream(key, klen, game, "shuffle", c, &d);
		deck_shuffle(km->deck[c], km->ndeck[c], &d);
		drbg_bytes(&d, km->salt[c], DECK_SALT);
		for (int i = 0; i < KM_HAND; i++)
			km_draw(km, c, key, klen, game);
	}
	km->ct.expect = CT_MOVE;
	km->ct.to = first;
	km->ct.play_started = true;
}

void km_to_pile(struct knightmare *km, int card)
{
	if (km->npile < KM_PILE_MAX)
		km->pile[km->npile++] = card;
}

void km_reshuffled(struct apply_state *a)
{
	struct knightmare *km = a->g->kstate;
	char commit[65];

	if (!km->just_reshuffled)
		return;
	km->just_reshuffled = false;
	knightmare_commitment(km, a->g->id, km->nold, commit);
	apply_note(a, "The common deck ran out: the discards are shuffled into a new one (commitment "
		   "%s).", commit);
}

bool km_in_hand(const struct knightmare *km, int c, int card)
{
	return count(km->hand[c], km->nhand[c], card) > 0;
}

void km_remove_from_hand(struct knightmare *km, int c, int card)
{
	for (int i = 0; i < km->nhand[c]; i++)
		if (km->hand[c][i] == card) {
			memmove(&km->hand[c][i], &km->hand[c][i + 1], sizeof(int) * (size_t)(km->nhand[c] - i - 1));
			km->nhand[c]--;
			return;
		}
}

/* ---- commitments ---- */

bool knightmare_order(const struct knightmare *km, int k, struct km_deckorder *o)
{
	if (km->sets != KM_COMMON) {
		if (k < 0 || k > 1)
			return false;
		*o = (struct km_deckorder){ km->deck[k], km->ndeck[k], km->salt[k], "", "" };
		snprintf(o->whose, sizeof o->whose, "%s", k == WHITE ? "white" : "black");
		phrase_printf(o->label, sizeof o->label, "%s's deck", side_name(k));
		return true;
	}
	if (k < 0 || k > km->nold)
		return false;
	if (k < km->nold)
		*o = (struct km_deckorder){ km->old[k], km->nold_cards[k], km->old_salt[k], "", "" };
	else
		*o = (struct km_deckorder){ km->deck[0], km->ndeck[0], km->salt[0], "", "" };
	snprintf(o->whose, sizeof o->whose, "common %d", k + 1);
	if (k)
		phrase_printf(o->label, sizeof o->label, "The common deck after reshuffle %d", k);
	else
		phrase_printf(o->label, sizeof o->label, "The common deck");
	return true;
}

void knightmare_commit_text(const struct knightmare *km, int game, int k, struct buf *out)
{
	struct km_deckorder o;

	if (knightmare_order(km, k, &o))
		deck_commit_text("tempest-deck-1", game, o.whose, o.cards, o.n, o.salt, out);
}

void knightmare_commitment(const struct knightmare *km, int game, int k, char out[65])
{
	struct km_deckorder o;

	out[0] = 0;
	if (knightmare_order(km, k, &o))
		deck_commitment("tempest-deck-1", game, o.whose, o.cards, o.n, o.salt, out);
}

/* ---- the canonical text of the state ---- */

static void ints(struct buf *b, const char *name, const int *a, int n)
{
	buf_printf(b, "%s", name);
	for (int i = 0; i < n; i++)
		buf_printf(b, " %d", a[i]);
	buf_str(b, "\n");
}

void knightmare_hash_text(const struct knightmare *km, struct buf *b)
{
	char hex[2 * DECK_SALT + 1];

	buf_printf(b, "km budget %d %d sets %d extra %d expect %d to %d intercept %d turn %d\n",
		   km->budget[0], km->budget[1], km->sets, km->extra, km_expect_code(km->ct.expect), km->ct.to,
		   (int)km->ct.may_intercept, km->turn);
	ints(b, "aside", km->aside, km->naside);
	for (int c = 0; c < 2; c++) {
		ints(b, "half", km->half[c], km->nhalf[c]);
		ints(b, "deck", km->deck[c], km->ndeck[c]);
		ints(b, "hand", km->hand[c], km->nhand[c]);
		crypto_hex(km->salt[c], DECK_SALT, hex);
		buf_printf(b, "salt %s drawn %d has %d own %d opp %d lost %s dead %s\n", hex, km->drawn[c],
			   (int)km->has_deck[c], (int)km->ct.card_own[c], (int)km->ct.card_opp[c], km->lost[c],
			   km->dead[c]);
	}
	ints(b, "pile", km->pile, km->npile);
	for (int k = 0; k < km->nold; k++) {
		crypto_hex(km->old_salt[k], DECK_SALT, hex);
		buf_printf(b, "old %s ", hex);
		ints(b, "order", km->old[k], km->nold_cards[k]);
	}
	for (int i = 0; i < km->nplays; i++) {
		char detail[KM_DETAIL_EN];      /* in English, as before phrases */
		buf_printf(b, "play %d %d %d %s %d %s\n", km->plays[i].by, km->plays[i].card,
			   km->plays[i].turn, km->plays[i].how, (int)km->plays[i].void_,
			   phrase_english(km->plays[i].detail, detail, sizeof detail));
	}
	for (int i = 0; i < km->neffects; i++) {
		const struct km_effect *f = &km->effects[i];
		buf_printf(b, "effect %d %d %d %c %s %s %s %c %d %d %c %d\n", f->card, f->by, f->verb,
			   f->letter ? f->letter : '-', f->betza, f->name[0] ? f->name : "-",
			   f->square[0] ? f->square : "-", f->orig ? f->orig : '-', (int)f->has_while,
			   f->while_side, f->while_kind ? f->while_kind : '-', (int)f->suspended);
	}
	if (km->ct.expect == CT_ANSWER)
		buf_printf(b, "undo %s play %d\n", km->undo.fen, km->undo.play);
	if (km->vetoed)         /* (turn_undo is derived from the board's list: left out) */
		buf_printf(b, "vetoed\n");
	for (int c = 0; c < 2; c++)
		if (km->rescue[c].card)
			buf_printf(b, "rescue %d %c %s %s %d\n", km->rescue[c].card, km->rescue[c].orig,
				   km->rescue[c].name, km->rescue[c].betza, km->rescue_turn[c]);
}
