/* tempete.c: Tempete by mail, the parts around the turns (see tempete.h): the card list,
 * the setup (secret lists, opening numbers, the deal), numbers and draws, commitments,
 * the state's canonical text, and what each player may see. The turns are in
 * tempete_turn.c, card effects in tempete_effect.c. */
#include "kinds/tempete/tempete.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "kinds/tempete/tempete_int.h"
#include "rules/deck.h"
#include "util/buf.h"
#include "util/commit.h"

struct tempete *tempete_new(void)
{
	struct tempete *tp = calloc(1, sizeof *tp);

	if (tp) {
		tp->lost_turn[0] = tp->lost_turn[1] = -1;
		tp->ct.expect = CT_SETUP;
	}
	return tp;
}

int tempete_set_cards(struct tempete *tp, const struct card_catalogue *cat, const char *spec,
		      char *why, size_t wlen)
{
	bool in[CARDS_MAX] = { false };

	if (!spec) {
		tp->n = cat->ndefault;
		memcpy(tp->cards, cat->default_list, sizeof tp->cards);
		return 0;
	}
	char copy[ORDER_ARG_MAX], *save = NULL;
	snprintf(copy, sizeof copy, "%s", spec);
	for (char *t = strtok_r(copy, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
		long lo, hi;
		char tail;
		if (sscanf(t, "%ld-%ld%c", &lo, &hi, &tail) != 2 &&
		    (sscanf(t, "%ld%c", &lo, &tail) != 1 || (hi = lo, false)))
			return phrase_printf(why, wlen, "'%s' is not a card number or a range like 12-40", t), -1;
		if (sscanf(t, "%ld-%ld", &lo, &hi) != 2)
			hi = lo;
		if (lo < 1 || hi >= CARDS_MAX || lo > hi)
			return phrase_printf(why, wlen, "'%s': cards are numbered 1 to %d", t, CARDS_MAX - 1), -1;
		for (long k = lo; k <= hi; k++) {
			/* a range passes over the cards the game does not use (11, 22, ...); a
			 * card named alone must be one it uses */
			if (!cat->card[k].exists && lo < hi)
				continue;
			if (!cat->card[k].exists)
				return phrase_printf(why, wlen, "card %ld is not in the game", k), -1;
			in[k] = true;
		}
	}
	tp->n = 0;
	for (int k = 1; k < CARDS_MAX; k++)
		if (in[k])
			tp->cards[tp->n++] = k;
	if (tp->n < 2 * TP_HAND)
		return phrase_printf(why, wlen, "a list needs at least %d cards, not %d", 2 * TP_HAND, tp->n), -1;
	return 0;
}

/* ---- numbers and draws ---- */

static bool has(const int *a, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

int tempete_available(const struct tempete *tp, int c, int *out)
{
	int k = 0;

	for (int x = 1; x <= tp->n; x++)
		if (!has(tp->sent[c], tp->nsent[c], x) && !has(tp->barred[c], tp->nbarred[c], x)) {
			if (out)
				out[k] = x;
			k++;
		}
	return k;
}

int tp_need(const struct tempete *tp, int c)
{
	int need = TP_HAND - tp->nhand[c], avail = tempete_available(tp, 1 - c, NULL);

	if (need < 0)
		need = 0;
	return need < avail ? need : avail;
}

void tp_draw(struct tempete *tp, int c, int number)
{
	int card = tp->list[c][number - 1];

	if (tp->nhand[c] < TP_HAND_MAX)
		tp->hand[c][tp->nhand[c]++] = card;
	tp->drawn_number[c][tp->ndrawn[c]] = number;
	tp->drawn_card[c][tp->ndrawn[c]++] = card;
	if (tp->njust_drew[c] < TP_HAND_MAX)
		tp->just_drew[c][tp->njust_drew[c]++] = card;
}

bool tp_in_hand(const struct tempete *tp, int c, int card)
{
	return has(tp->hand[c], tp->nhand[c], card);
}

void tp_remove_from_hand(struct tempete *tp, int c, int card)
{
	for (int i = 0; i < tp->nhand[c]; i++)
		if (tp->hand[c][i] == card) {
			memmove(&tp->hand[c][i], &tp->hand[c][i + 1],
				(size_t)(tp->nhand[c] - i - 1) * sizeof tp->hand[c][0]);
			tp->nhand[c]--;
			return;
		}
}

/* A random stream for one purpose of one game, from the referee's key: the same on
 * replay, unknowable without the key. */
void tp_stream(const struct apply_state *a, const char *what, int extra, struct drbg *d)
{
	char label[96];

	snprintf(label, sizeof label, "tempete %s game %d %s %d", what, a->g->id,
		 a->me == WHITE ? "white" : "black", extra);
	drbg_init(d, a->key, a->klen, label);
}

/* "numbers 3 17" / "numbers random": the numbers a player sends now; `want` of them.
 * Checks rule 8: in 1..N, distinct, never sent before, not barred. */
int tp_read_numbers(struct apply_state *a, const struct order *od, int want, int *out)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me, avail[CARDS_MAX], navail = tempete_available(tp, me, avail), n = 0;

	if (!strcasecmp(od->arg, "random")) {
		struct drbg d;
		tp_stream(a, "numbers", tp->nsent[me], &d);
		for (int i = 0; i < want && navail > 0; i++) {
			int k = (int)drbg_uniform(&d, (uint32_t)navail);
			out[n++] = avail[k];
			avail[k] = avail[--navail];
		}
		return n;
	}
	char copy[ORDER_ARG_MAX], *save = NULL, count[64];
	snprintf(copy, sizeof copy, "%s", od->arg);
	for (char *t = strtok_r(copy, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
		char *end;
		long x = strtol(t, &end, 10);
		if (*end || end == t)
			return apply_error(a, od, "'%s' is not a number", t);
		if (x < 1 || x > tp->n)
			return apply_error(a, od, "%ld is not a number from 1 to %d", x, tp->n);
		if (has(tp->sent[me], tp->nsent[me], (int)x))
			return apply_error(a, od, "you have sent %ld before in this game", x);
		if (has(tp->barred[me], tp->nbarred[me], (int)x))
			return apply_error(a, od, "you may not send %ld any more (card 57)", x);
		if (has(out, n, (int)x))
			return apply_error(a, od, "%ld is written twice", x);
		if (n == CARDS_MAX)
			return apply_error(a, od, "too many numbers");
		out[n++] = (int)x;
	}
	if (n != want)
		return apply_error(a, od, "send exactly %s now, not %d", phrase_nprintf(count,
				   sizeof count, (unsigned long)want, "%d number", "%d numbers", want), n);
	return n;
}

/* The sender's numbers: recorded; the receiver draws at once (once the cards are dealt). */
void tp_send_numbers(struct tempete *tp, int from, const int *nums, int n, bool draw)
{
	for (int i = 0; i < n; i++) {
		tp->sent[from][tp->nsent[from]++] = nums[i];
		if (draw)
			tp_draw(tp, 1 - from, nums[i]);
	}
}

/* ---- setup: lists and opening numbers (rules 3 to 5) ---- */

static int read_list(struct apply_state *a, const struct order *od)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me, list[CARDS_MAX], n = 0;
	bool seen[CARDS_MAX] = { false }, in[CARDS_MAX] = { false };

	if (tp->has_list[me])
		return apply_error(a, od, "your list is already recorded; it cannot change");
	for (int i = 0; i < tp->n; i++)
		in[tp->cards[i]] = true;
	if (!strcasecmp(od->arg, "random")) {
		struct drbg d;
		tp_stream(a, "list", 0, &d);
		memcpy(list, tp->cards, sizeof list);
		deck_shuffle(list, tp->n, &d);
		n = tp->n;
		tp->list_by_referee[me] = true;
	} else {
		char copy[ORDER_ARG_MAX], *save = NULL;
		snprintf(copy, sizeof copy, "%s", od->arg);
		for (char *t = strtok_r(copy, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
			char *end;
			long x = strtol(t, &end, 10);
			if (*end || end == t)
				return apply_error(a, od, "'%s' is not a card number", t);
			if (x < 1 || x >= CARDS_MAX || !in[x])
				return apply_error(a, od, "card %ld is not in this game's list", x);
			if (seen[x])
				return apply_error(a, od, "card %ld appears twice", x);
			seen[x] = true;
			list[n++] = (int)x;
		}
		if (n != tp->n) {
			char missing[256] = "";
			size_t at = 0;
			for (int i = 0, k = 0; i < tp->n && k < 8; i++)
				if (!seen[tp->cards[i]])
					at += (size_t)snprintf(missing + at, sizeof missing - at, "%s%d",
							       k++ ? ", " : "", tp->cards[i]);
			return apply_error(a, od, "a list holds each of the %d cards once; yours has %d "
					   "(missing: %s)", tp->n, n, missing);
		}
	}
	memcpy(tp->list[me], list, sizeof tp->list[me]);
	tp->has_list[me] = true;
	struct drbg d;
	tp_stream(a, "salt", 0, &d);
	drbg_bytes(&d, tp->salt[me], TP_SALT);
	return 0;
}

static int read_opening(struct apply_state *a, const struct order *od)
{
	struct tempete *tp = a->g->kstate;
	int nums[CARDS_MAX];

	if (tp->opening[a->me])
		return apply_error(a, od, "your five opening numbers are already recorded");
	if (tp_read_numbers(a, od, TP_HAND, nums) < 0)
		return -1;
	tp_send_numbers(tp, a->me, nums, TP_HAND, false);
	tp->opening[a->me] = true;
	return 0;
}

/* Both lists and both openings in: each player draws the five cards the other chose. */
static void deal(struct tempete *tp)
{
	for (int c = 0; c < 2; c++)
		for (int i = 0; i < TP_HAND; i++)
			tp_draw(tp, c, tp->sent[1 - c][i]);
	tp->ct.expect = CT_MOVE;
	tp->ct.to = WHITE;
	tp->ct.may_intercept = false;
	tp->turn = 0;
	tp->ct.play_started = true;
}

int tp_setup(struct apply_state *a, const struct orders *o)
{
	struct tempete *tp = a->g->kstate;
	bool any = false;

	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		switch (od->kind) {
		case ORDER_LIST:
			if (read_list(a, od) < 0)
				return -1;
			any = true;
			break;
		case ORDER_NUMBERS:
			if (read_opening(a, od) < 0)
				return -1;
			any = true;
			break;
		case ORDER_GAME: case ORDER_STATUS: case ORDER_HISTORY: case ORDER_HELP:
		case ORDER_TEST: case ORDER_PASSWORD: case ORDER_RESIGN: case ORDER_OFFER_DRAW:
		case ORDER_ACCEPT_DRAW: case ORDER_DECLINE_DRAW:
			break;
		default:
			return apply_error(a, od, "the cards are not dealt yet: first send your list "
					   "('list random' or all %d card numbers in your order) and your five "
					   "opening numbers ('numbers random' or five numbers from 1 to %d)",
					   tp->n, tp->n);
		}
	}
	if (!any)
		return 0;
	apply_principal(a, "setup");
	if (tp->has_list[0] && tp->has_list[1] && tp->opening[0] && tp->opening[1]) {
		deal(tp);
		apply_note(a, "Both lists and both sets of opening numbers are in: the cards are "
			   "dealt and play begins.");
	}
	return 0;
}

/* ---- commitments ---- */

void tempete_commit_text(const struct tempete *tp, int game, int c, struct buf *out)
{
	deck_commit_text("tempest-cards-1", game, c == WHITE ? "white" : "black", tp->list[c], tp->n,
			 tp->salt[c], out);
}

void tempete_commitment(const struct tempete *tp, int game, int c, char out[65])
{
	deck_commitment("tempest-cards-1", game, c == WHITE ? "white" : "black", tp->list[c], tp->n,
			tp->salt[c], out);
}

/* ---- the canonical text of the state ---- */

static void ints(struct buf *b, const char *name, const int *a, int n)
{
	buf_printf(b, "%s", name);
	for (int i = 0; i < n; i++)
		buf_printf(b, " %d", a[i]);
	buf_str(b, "\n");
}

void tempete_hash_text(const struct tempete *tp, struct buf *b)
{
	char hex[2 * TP_SALT + 1];

	buf_printf(b, "tempete-state-1\n");
	ints(b, "cards", tp->cards, tp->n);
	for (int c = 0; c < 2; c++) {
		buf_printf(b, "side %d list %d referee %d\n", c, tp->has_list[c], tp->list_by_referee[c]);
		ints(b, "list", tp->list[c], tp->has_list[c] ? tp->n : 0);
		crypto_hex(tp->salt[c], TP_SALT, hex);
		buf_printf(b, "salt %s\n", hex);
		ints(b, "hand", tp->hand[c], tp->nhand[c]);
		ints(b, "sent", tp->sent[c], tp->nsent[c]);
		ints(b, "barred", tp->barred[c], tp->nbarred[c]);
		ints(b, "drawn", tp->drawn_card[c], tp->ndrawn[c]);
		buf_printf(b, "opening %d own %d opp %d lost-turn %d\n", tp->opening[c], tp->ct.card_own[c],
			   tp->ct.card_opp[c], tp->lost_turn[c]);
		buf_printf(b, "lost %.*s dead %.*s\n", tp->nlost[c], tp->lost[c], tp->ndead[c], tp->dead[c]);
	}
	buf_printf(b, "expect %d to %d intercept %d turn %d owner %d\n", tp->ct.expect, tp->ct.to,
		   tp->ct.may_intercept, tp->turn, tp->turn_owner);
	buf_printf(b, "move %s %s parts %d card %d back %d hit %d by %d\n", tp->move_san[0],
		   tp->move_san[1], tp->move_parts, tp->move_card, tp->taken_back, tp->hit_part,
		   tp->intercepted_by_card);
	buf_printf(b, "before %s\nbefore2 %s\nafter %s\n", tp->before_move, tp->before_part2,
		   tp->after_move);
	for (int i = 0; i < tp->nplays; i++) {
		char detail[TP_DETAIL_EN];      /* in English, as before phrases */
		buf_printf(b, "play %d %d %d %s %d %s\n", tp->plays[i].by, tp->plays[i].card,
			   tp->plays[i].turn, tp->plays[i].how, tp->plays[i].void_,
			   phrase_english(tp->plays[i].detail, detail, sizeof detail));
	}
	for (int i = 0; i < tp->nsecrets; i++)
		buf_printf(b, "secret %d %d %d %s %d\n", tp->secrets[i].by, tp->secrets[i].card,
			   tp->secrets[i].turn, tp->secrets[i].square, tp->secrets[i].used);
	for (int i = 0; i < tp->nmarks; i++)
		buf_printf(b, "mark %s %d %d %d %s\n", tp->marks[i].square, tp->marks[i].card,
			   tp->marks[i].by, tp->marks[i].effect, tp->marks[i].label);
	/* the turn's start (TP_BEFORE_CARD) is the position the board list had then: derived,
	 * so not in the text, which stays the first release's for its games */
	if (tp->disabled)
		buf_printf(b, "disabled 1\n");
	/* the cards' records of the turn (what a disable undoes) are left out too: the hands,
	 * barred numbers and squares they name are in the text already, and a game logged
	 * by an earlier release must replay to the same hashes */
	for (int c = 0; c < 2; c++)
		if (tp->rescue[c].card)
			buf_printf(b, "rescue %d %c %c %d %d %s\n", c, tp->rescue[c].now,
				   tp->rescue[c].orig, tp->rescue[c].turn, tp->rescue[c].card,
				   tp->rescue[c].label);
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < tp->nsaved_marks[k]; i++)
			buf_printf(b, "saved %d %s %d %s\n", k, tp->saved_marks[k][i].square,
				   tp->saved_marks[k][i].card, tp->saved_marks[k][i].label);
	for (int k = 0; k < 3; k++) {
		const struct tp_captures *s = &tp->saved_captures[k];
		buf_printf(b, "saved-captures %d %.*s/%.*s %.*s/%.*s %d %d\n", k, s->nlost[0], s->lost[0],
			   s->nlost[1], s->lost[1], s->ndead[0], s->dead[0], s->ndead[1], s->dead[1],
			   s->lost_turn[0], s->lost_turn[1]);
	}
}
