/* knightmare_kind.c: Knightmare Chess by mail as a game kind (kind.h): its orders, its
 * phases and who is expected. */
#include "kinds/knightmare/knightmare_kind.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "game/cardturn.h"
#include "kinds/knightmare/knightmare_int.h"

/* Each usage is the help's example, one a player could write as it stands.
 * "discard" without a number is an answer's word, read before a game's kind is known
 * (the shared order words), so a Knightmare discard is "redraw 7". */
static const struct order_word km_orders[] = {
	{ "deck", KM_ORDER_DECK, ORDER_ARG_NUMBERS, "deck 3 7 12", NULL, 0, NULL },
	{ "card", KM_ORDER_CARD, ORDER_ARG_REST, "card 23", NULL, 0, NULL },
	{ "redraw", KM_ORDER_REDRAW, ORDER_ARG_NUMBER, "redraw 7", NULL, 0, NULL },
	{ "intercept", KM_ORDER_INTERCEPT, ORDER_ARG_NONE, "intercept", NULL, 0, NULL },
	{ "budget", KM_ORDER_BUDGET, ORDER_ARG_REST, "budget 150", NULL, 0, NULL },
	{ "sets", KM_ORDER_SETS, ORDER_ARG_WORD, "sets personal", NULL, 0, "personal common" },
	/* read whole (not as a number order, which takes 1 and up): "extra 0" is a term,
	 * "extra -1" a faulty one to refuse with its reason */
	{ "extra", KM_ORDER_EXTRA, ORDER_ARG_REST, "extra 15", NULL, 0, NULL },
	{ "effect", KM_ORDER_EFFECT, ORDER_ARG_REST, "effect kill e7", NULL, 0,
	  "^move swap capture kill return place instead" },
	{ "if intercepted", KM_ORDER_STANDING, ORDER_ARG_REST, "if intercepted: accept",
	  cardturn_standing_shaped, 0, "accept by card" },
};

static void *km_state_new(void)
{
	return knightmare_new();
}

static void km_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct knightmare));
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

static void km_hash_text(const struct game *g, struct buf *out)
{
	knightmare_hash_text(g->kstate, out);
}

const struct kind kind_knightmare = {
	.name = "knightmare",
	.orders = km_orders,
	.norders = sizeof km_orders / sizeof km_orders[0],
	.no_such_order = F_("a game of %s has no such order"),
	.state_new = km_state_new,
	.state_copy = km_state_copy,
	.state_size = sizeof(struct knightmare),
	.state_free = free,
	.create = knightmare_create,
	.started = knightmare_start,
	.order_refused = km_order_refused,
	.apply = knightmare_apply,
	.handles = knightmare_handles,
	.hash_text = km_hash_text,
	.no_conditional = cardturn_no_conditional,
	CARDTURN_KIND_OPS,
	.cardturn = &knightmare_turn_ops,
};
