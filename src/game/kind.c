/* kind.c: the generic kind and what every kind shares when a game is made. */
#include "game/kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game no kind was attached to (a test's): the generic rules alone. */
const struct kind kind_generic = {
	.name = "chess",
	.no_such_order = F_("a game of %s has no cards"),
};

const struct kind *kind_of(const struct game *g)
{
	return g->k ? g->k : &kind_generic;
}

/* A seat for each side on each board (a two-player game: seat 0 White, seat 1 Black). */
static int default_seats(struct game *g)
{
	for (int b = 0; b < g->nboards; b++)
		for (int c = WHITE; c <= BLACK; c++)
			if (game_add_seat(g, c, b, g->nboards > 1 ? "boardman" : "player", NULL) < 0)
				return -1;
	return 0;
}

int kind_setup(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
	       struct outcome *out)
{
	const struct kind *k = kind_of(g);
	char why[256] = "";
	int line = 0;

	snprintf(g->kind, sizeof g->kind, "%s", k->name);
	if (!g->nseats && default_seats(g) < 0)
		return outcome_error(out, 0, "", "too many seats"), -1;
	if (!k->state_new)
		return 0;
	if (!g->kstate && !(g->kstate = k->state_new()))
		return -1;
	if (k->create && k->create(g, o, key, klen, &line, why, sizeof why) < 0) {
		const char *text = "";
		for (size_t i = 0; o && i < o->n; i++)
			if (o->o[i].lineno == line)
				text = o->o[i].text;
		outcome_error(out, line, text, "%s", why);
		return -1;
	}
	return 0;
}

int kind_orders(const struct kind *k, const char *title, struct orders *o)
{
	int i;

	if (order_notes_for_kind(o, k->orders, k->orders ? k->norders : 0) < 0)
		return -1;
	while ((i = order_resolve(o, k->orders, k->orders ? k->norders : 0)) >= 0) {
		struct order_note *n = realloc(o->err, (o->nerr + 1) * sizeof *n);
		if (!n)
			return -1;
		o->err = n;
		n += o->nerr++;
		n->lineno = o->o[i].lineno;
		snprintf(n->text, sizeof n->text, "%s", o->o[i].text);
		char named[96];
		phrase_printf(n->reason, sizeof n->reason, k->no_such_order,
			      phrase_word(named, sizeof named, "variant", title));
		memmove(&o->o[i], &o->o[i + 1], (o->n - (size_t)i - 1) * sizeof o->o[0]);
		o->n--;
	}
	return 0;
}
