/* knightmare_kind.c: Knightmare Chess by mail as a game kind (kind.h): its orders, its
 * phases and who is expected. */
#include "kinds/knightmare/knightmare_kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "kinds/knightmare/knightmare_int.h"

/* "discard" without a number is an answer's word, read before a game's kind is known
 * (the shared order words), so a Knightmare discard is "redraw 7". */
static const struct order_word km_orders[] = {
	{ "deck", KM_ORDER_DECK, ORDER_ARG_NUMBERS, "deck 3 7 12 ... (card numbers)", NULL, 0 },
	{ "card", KM_ORDER_CARD, ORDER_ARG_REST, "card 23", NULL, 0 },
	{ "redraw", KM_ORDER_REDRAW, ORDER_ARG_NUMBER, "redraw 7", NULL, 0 },
	{ "intercept", KM_ORDER_INTERCEPT, ORDER_ARG_NONE, "intercept", NULL, 0 },
	{ "budget", KM_ORDER_BUDGET, ORDER_ARG_REST, "budget 150 (or budget 100 200)", NULL, 0 },
	{ "sets", KM_ORDER_SETS, ORDER_ARG_WORD, "sets personal, or sets 2", NULL, 0 },
	/* read whole (not as a number order, which takes 1 and up): "extra 0" is a term,
	 * "extra -1" a faulty one to refuse with its reason */
	{ "extra", KM_ORDER_EXTRA, ORDER_ARG_REST, "extra 15", NULL, 0 },
	{ "effect", KM_ORDER_EFFECT, ORDER_ARG_REST, "effect kill e7", NULL, 0 },
};

static void *km_state_new(void)
{
	return knightmare_new();
}

static void km_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct knightmare));
}

static enum game_phase km_phase(const struct game *g)
{
	const struct knightmare *km = g->kstate;

	return km->expect == KM_SETUP ? PHASE_SETUP : km->expect == KM_DONE ? PHASE_OVER : PHASE_PLAY;
}

static const char *km_order_refused(const struct game *g, int seat, const struct order *od)
{
	(void)seat;
	if (od->kind == KM_ORDER_BUDGET || od->kind == KM_ORDER_SETS || od->kind == KM_ORDER_EXTRA)
		return "this is agreed when the game is created";
	if (g->status != GAME_PLAYING && od->kind >= ORDER_KIND_FIRST)
		return "";              /* apply_playing says why */
	return NULL;
}

static enum clock_charge km_clock_charge(const char *event)
{
	if (!strcmp(event, "move"))
		return CLOCK_TURN;
	return !strcmp(event, "interception") || !strcmp(event, "answer") ? CLOCK_CHARGE : CLOCK_FREE;
}

/* The decks: each player hears of their own until both are in, then the deal. */
static enum reply_kind km_reply_for(const struct game *g, const char *event, int seat)
{
	const struct knightmare *km = g->kstate;

	(void)seat;
	if (strcmp(event, "setup"))
		return REPLY_KINDS;
	return km->play_started ? REPLY_DEALT : REPLY_SETUP;
}

static unsigned km_expected(const struct game *g, enum clock_window *window)
{
	const struct knightmare *km = g->kstate;

	*window = WINDOW_NONE;
	switch (km->expect) {
	case KM_SETUP:
		return (unsigned)!km->has_deck[WHITE] | (unsigned)!km->has_deck[BLACK] << 1;
	case KM_MOVE:
		if (km->may_intercept && g->clock.tc.intercept_hours)
			*window = WINDOW_INTERCEPT;
		return 1u << km->to;
	case KM_ANSWER:
		if (g->clock.tc.answer_hours)
			*window = WINDOW_ANSWER;
		return 1u << km->to;
	default:
		return 0;
	}
}

static const char *km_owes(const struct game *g)
{
	const struct knightmare *km = g->kstate;

	return km->expect == KM_SETUP ? "deck" : km->expect == KM_ANSWER ? "answer to the interception" : NULL;
}

/* An interception is optional: while its window runs, what is due is the move. */
static bool km_window_optional(const struct game *g)
{
	const struct knightmare *km = g->kstate;

	return g->clock.window == WINDOW_INTERCEPT && km->expect == KM_MOVE;
}

static const char *km_window_text(const struct game *g, const char *who, const char *until,
				  char *buf, size_t len)
{
	if (km_window_optional(g))
		snprintf(buf, len, "%s may intercept the last move until %s.", strcmp(who, "you") ? who : "You",
			 until);
	else if (g->clock.window == WINDOW_ANSWER)
		snprintf(buf, len, "If no answer comes by then, the referee accepts the interception "
			 "for %s.", who);
	else
		return NULL;
	return buf;
}

/* The answer window closed: the referee answers `accept` for the player (seed 000's
 * sequencing); the interception stands and the interceptor moves. */
static int accept_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		      int seat, struct outcome *out, struct err *e)
{
	char text[] = "accept";

	return game_answer_for(g, key, klen, s, seat, text, out, e) < 0 ? -1 : 1;
}

static int km_window_passed(struct game *g, const uint8_t *key, size_t klen,
			    const struct sender *s, int seat, struct outcome *out, struct err *e)
{
	struct knightmare *km = g->kstate;
	char note[256];

	if (g->clock.window == WINDOW_ANSWER && km->expect == KM_ANSWER)
		return accept_for(g, key, klen, s, seat, out, e);
	if (g->clock.window == WINDOW_INTERCEPT && km->expect == KM_MOVE) {
		km->may_intercept = false;
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		snprintf(note, sizeof note, "The time to intercept %s's move has passed: %s moves.",
			 side_name(1 - seat), side_name(seat));
		return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
	}
	return 0;
}

static void km_hash_text(const struct game *g, struct buf *out)
{
	knightmare_hash_text(g->kstate, out);
}

/* The state file holds both players' halves, decks and hands until the end. */
static bool km_secret_state(const struct game *g)
{
	return g->status != GAME_OVER;
}

const struct kind kind_knightmare = {
	.name = "knightmare",
	.orders = km_orders,
	.norders = sizeof km_orders / sizeof km_orders[0],
	.no_such_order = "a game of %s has no such order",
	.state_new = km_state_new,
	.state_copy = km_state_copy,
	.state_size = sizeof(struct knightmare),
	.state_free = free,
	.create = knightmare_create,
	.started = knightmare_start,
	.phase = km_phase,
	.order_refused = km_order_refused,
	.apply = knightmare_apply,
	.handles = knightmare_handles,
	.clock_charge = km_clock_charge,
	.reply_for = km_reply_for,
	.expected = km_expected,
	.expect_text = knightmare_expect_text,
	.owes = km_owes,
	.window_optional = km_window_optional,
	.window_text = km_window_text,
	.window_passed = km_window_passed,
	.hash_text = km_hash_text,
	.secret_state = km_secret_state,
};
