/* tempete_kind.c: Tempete sur l'Echiquier by mail as a game kind (kind.h): its orders,
 * its phases, who is expected, its windows and what the referee does when one passes. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "game/cardturn.h"
#include "game/kind.h"
#include "kinds/tempete/tempete.h"
#include "util/clock.h"

/* The effects' verbs (tempete_effect.c): the first word of an effect. */
#define TP_EFFECT_WORDS "^move capture kill return place swap transform attach remove end " \
	"takeback instead"

/* Longer phrases first, as in the generic table. Each usage is the help's example, one a
 * player could write as it stands (the forms besides it: templates/tempete/help-examples). */
static const struct order_word tp_orders[] = {
	{ "cards", ORDER_CARDS, ORDER_ARG_REST, "cards 1-10 12-40", NULL, 0, NULL },
	{ "list", ORDER_LIST, ORDER_ARG_NUMBERS, "list random", NULL, 0, "random" },
	{ "numbers", ORDER_NUMBERS, ORDER_ARG_REST, "numbers random", NULL, 0, "random" },
	{ "number", ORDER_NUMBERS, ORDER_ARG_REST, "numbers random", NULL, 0, "random" },
	{ "card", ORDER_CARD, ORDER_ARG_REST, "card 23", NULL, 0, "continuing" },
	{ "effect", ORDER_EFFECT, ORDER_ARG_REST, "effect kill e7", NULL, 0, TP_EFFECT_WORDS },
	{ "square", ORDER_SQUARE, ORDER_ARG_WORD, "square e4", NULL, 0, NULL },
	{ "secret", ORDER_SECRET, ORDER_ARG_WORD, "secret e4", NULL, 0, NULL },
	{ "take", ORDER_TAKE, ORDER_ARG_NUMBER, "take 23", NULL, 0, NULL },
	{ "choose", ORDER_CHOOSE, ORDER_ARG_NUMBER, "choose 23", NULL, 0, NULL },
	{ "intercept", ORDER_INTERCEPT, ORDER_ARG_NONE, "intercept", NULL, 0, NULL },
	{ "part", ORDER_PART, ORDER_ARG_NUMBER, "part 1", NULL, 0, NULL },
	{ "keep", ORDER_KEEP, ORDER_ARG_NONE, "keep", NULL, 0, NULL },
	{ "discard", ORDER_DISCARD, ORDER_ARG_NONE, "discard", NULL, 0, NULL },
	{ "if intercepted", ORDER_STANDING, ORDER_ARG_REST, "if intercepted: accept",
	  cardturn_standing_shaped, 0, "accept by card" },
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
		phrase_printf(why, wlen, "the card catalogue of %s is not loaded", g->v->name);
		return -1;
	}
	return tempete_set_cards(g->kstate, g->cat, cards, why, wlen);
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

static void tp_hash_text(const struct game *g, struct buf *out)
{
	tempete_hash_text(g->kstate, out);
}

const struct kind kind_tempete = {
	.name = "tempete",
	.orders = tp_orders,
	.norders = sizeof tp_orders / sizeof tp_orders[0],
	.no_such_order = F_("a game of %s has no cards"),
	.state_new = tp_state_new,
	.state_copy = tp_state_copy,
	.state_size = sizeof(struct tempete),
	.state_free = free,
	.create = tp_create,
	.order_refused = tp_order_refused,
	.apply = tempete_apply,
	.handles = tp_handles,
	.hash_text = tp_hash_text,
	.no_conditional = cardturn_no_conditional,
	CARDTURN_KIND_OPS,
	.cardturn = &tempete_turn_ops,
};
