/* tempete_kind.c: Tempete sur l'Echiquier by mail as a game kind (kind.h): its orders,
 * its phases, who is expected, its windows and what the referee does when one passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "game/kind.h"
#include "kinds/tempete/tempete.h"
#include "util/clock.h"

/* Longer phrases first, as in the generic table. */
static const struct order_word tp_orders[] = {
	{ "cards", ORDER_CARDS, ORDER_ARG_REST, "cards 1-10 12-40", NULL, 0 },
	{ "list", ORDER_LIST, ORDER_ARG_NUMBERS, "list 17 3 45 ... (all the numbers) or list random", NULL, 0 },
	{ "numbers", ORDER_NUMBERS, ORDER_ARG_REST, "numbers 3 17 or numbers random", NULL, 0 },
	{ "number", ORDER_NUMBERS, ORDER_ARG_REST, "numbers 3 17 or numbers random", NULL, 0 },
	{ "card", ORDER_CARD, ORDER_ARG_REST, "card 23", NULL, 0 },
	{ "effect", ORDER_EFFECT, ORDER_ARG_REST, "effect kill e7", NULL, 0 },
	{ "square", ORDER_SQUARE, ORDER_ARG_WORD, "square e4", NULL, 0 },
	{ "secret", ORDER_SECRET, ORDER_ARG_WORD, "secret e4", NULL, 0 },
	{ "take", ORDER_TAKE, ORDER_ARG_NUMBER, "take 23", NULL, 0 },
	{ "choose", ORDER_CHOOSE, ORDER_ARG_NUMBER, "choose 23", NULL, 0 },
	{ "intercept", ORDER_INTERCEPT, ORDER_ARG_NONE, "intercept", NULL, 0 },
	{ "part", ORDER_PART, ORDER_ARG_NUMBER, "part 1 or part 2", NULL, 0 },
	{ "keep", ORDER_KEEP, ORDER_ARG_NONE, "keep", NULL, 0 },
	{ "discard", ORDER_DISCARD, ORDER_ARG_NONE, "discard", NULL, 0 },
};

static void *tp_state_new(void)
{
	return tempete_new();
}

static void tp_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct tempete));
}

/* The card list: the challenge's `cards` line, else the catalogue's. */
static int tp_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		     int *line, char *why, size_t wlen)
{
	(void)key, (void)klen;
	const char *cards = NULL;

	for (size_t i = 0; o && i < o->n; i++)
		if (o->o[i].kind == ORDER_CARDS)
			cards = o->o[i].arg, *line = o->o[i].lineno;
	if (!g->cat) {
		snprintf(why, wlen, "the card catalogue of %s is not loaded", g->v->name);
		return -1;
	}
	return tempete_set_cards(g->kstate, g->cat, cards, why, wlen);
}

static enum game_phase tp_phase(const struct game *g)
{
	const struct tempete *tp = g->kstate;

	return tp->expect == TP_SETUP ? PHASE_SETUP : tp->expect == TP_DONE ? PHASE_OVER : PHASE_PLAY;
}

/* The card list is agreed in the challenge; the set-up takes only lists and numbers. */
static const char *tp_order_refused(const struct game *g, int seat, const struct order *od)
{
	(void)seat;
	if (od->kind == ORDER_CARDS)
		return "this is agreed when the game is created";
	if (g->status != GAME_PLAYING && od->kind >= ORDER_KIND_FIRST)
		return "";              /* apply_playing says why */
	return NULL;
}

static bool tp_handles(int k)
{
	return tempete_handles(k);
}

/* A turn is the move with the answer to its interception: the move completes it (one move
 * counted, one increment); an interception and an answer charge their time and earn
 * nothing more. */
static enum clock_charge tp_clock_charge(const char *event)
{
	if (!strcmp(event, "move"))
		return CLOCK_TURN;
	return !strcmp(event, "interception") || !strcmp(event, "answer") ? CLOCK_CHARGE : CLOCK_FREE;
}

/* The set-up: each player hears of their own list until both are in, then the deal. */
static enum reply_kind tp_reply_for(const struct game *g, const char *event, int seat)
{
	const struct tempete *tp = g->kstate;

	(void)seat;
	if (strcmp(event, "setup"))
		return REPLY_KINDS;
	return tp->play_started ? REPLY_DEALT : REPLY_SETUP;
}

static unsigned tp_expected(const struct game *g, enum clock_window *window)
{
	const struct tempete *tp = g->kstate;

	switch (tp->expect) {
	case TP_SETUP:
		return (unsigned)(!(tp->has_list[WHITE] && tp->opening[WHITE])) |
		       (unsigned)(!(tp->has_list[BLACK] && tp->opening[BLACK])) << 1;
	case TP_MOVE:
		if (tp->may_intercept && g->clock.tc.intercept_hours)
			*window = WINDOW_INTERCEPT;
		return 1u << tp->to;
	case TP_ANSWER:
		*window = g->clock.tc.answer_hours ? WINDOW_ANSWER : WINDOW_NONE;
		return 1u << tp->to;
	case TP_MATED:
		*window = g->clock.tc.intercept_hours ? WINDOW_INTERCEPT : WINDOW_NONE;
		return 1u << tp->to;
	default:
		return 0;
	}
}

static const char *tp_owes(const struct game *g)
{
	const struct tempete *tp = g->kstate;

	if (tp->expect == TP_SETUP)
		return "list and opening numbers";
	if (g->clock.window == WINDOW_ANSWER)
		return "answer to the interception";
	if (g->clock.window == WINDOW_INTERCEPT && tp->expect == TP_MATED)
		return "interception of the mating move";
	return NULL;
}

/* An interception is optional: while its window runs, what is due is the move. */
static bool tp_window_optional(const struct game *g)
{
	const struct tempete *tp = g->kstate;

	return g->clock.window == WINDOW_INTERCEPT && tp->expect == TP_MOVE;
}

static const char *tp_window_text(const struct game *g, const char *who, const char *until,
				  char *buf, size_t len)
{
	bool you = !strcmp(who, "you");

	if (tp_window_optional(g))
		snprintf(buf, len, "%s may intercept the last move until %s.", you ? "You" : who, until);
	else if (g->clock.window == WINDOW_ANSWER)
		snprintf(buf, len, "If no answer comes by then, the referee accepts the interception "
			 "for %s.", who);
	else if (g->clock.window == WINDOW_INTERCEPT)
		snprintf(buf, len, "If no interception comes by then, the game ends by checkmate.");
	else
		return NULL;
	return buf;
}

static void tp_hash_text(const struct game *g, struct buf *out)
{
	tempete_hash_text(g->kstate, out);
}

/* A card game's state file holds both players' secrets until the end. */
static bool tp_secret_state(const struct game *g)
{
	return g->status != GAME_OVER;
}

/* Whoever owed an answer gets 'accept' (and a number chosen at random if one is owed). */
static int answer_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		      int seat, struct outcome *out, struct err *e)
{
	char text[64], note[512];

	if (tempete_default_answer(g, text, sizeof text) < 0)
		return outcome_error(out, 0, "", "%s", "no answer is pending"), 1;
	int rc = game_answer_for(g, key, klen, s, seat, text, out, e);
	if (rc != 0)
		return rc;
	/* no answer can be given for them (a double move's hit part must be replayed): the
	 * window closes and the answer is owed on their own time */
	outcome_free(out);
	memset(out, 0, sizeof *out);
	out->auth = -1;
	g->clock.window = WINDOW_NONE;
	snprintf(note, sizeof note, "%s's time to answer the interception has passed; the "
		 "answer is still owed, on %s's own time.", side_name(seat), side_name(seat));
	return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
}

static int tp_window_passed(struct game *g, const uint8_t *key, size_t klen,
			    const struct sender *s, int seat, struct outcome *out, struct err *e)
{
	struct tempete *tp = g->kstate;
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	char note[512];

	if (g->clock.window == WINDOW_ANSWER)
		return answer_for(g, key, klen, s, seat, out, e);
	if (g->clock.window == WINDOW_INTERCEPT && tp->expect == TP_MOVE) {
		tempete_close_interception(g);
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		snprintf(note, sizeof note, "The time to intercept %s's move has passed: %s moves.",
			 side_name(1 - seat), side_name(seat));
		return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
	}
	if (g->clock.window == WINDOW_INTERCEPT && tp->expect == TP_MATED) {
		apply_finish(&a, seat == WHITE ? "0-1" : "1-0", "checkmate");
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		snprintf(note, sizeof note, "The time to intercept the mating move has passed: %s is "
			 "checkmated.", side_name(seat));
		return game_tell(g, out, REPLY_OVER, note, false) < 0 ? -1 : 1;
	}
	return 0;
}

const struct kind kind_tempete = {
	.name = "tempete",
	.orders = tp_orders,
	.norders = sizeof tp_orders / sizeof tp_orders[0],
	.no_such_order = "a game of %s has no cards",
	.state_new = tp_state_new,
	.state_copy = tp_state_copy,
	.state_size = sizeof(struct tempete),
	.state_free = free,
	.create = tp_create,
	.phase = tp_phase,
	.order_refused = tp_order_refused,
	.apply = tempete_apply,
	.handles = tp_handles,
	.clock_charge = tp_clock_charge,
	.reply_for = tp_reply_for,
	.expected = tp_expected,
	.expect_text = tempete_expect_text,
	.owes = tp_owes,
	.window_optional = tp_window_optional,
	.window_text = tp_window_text,
	.window_passed = tp_window_passed,
	.hash_text = tp_hash_text,
	.secret_state = tp_secret_state,
};
