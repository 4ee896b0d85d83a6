/* perplexichess_store.c: the "perplexichess" object of a game's state file: who has
 * accepted the challenge, each member's vote for a strategist, each board's draw offer;
 * read back with every value checked (a state file is outside input). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "kinds/perplexichess/perplexichess.h"
#include "kinds/perplexichess/perplexichess_store.h"

static json_t *ints(const int *a, int n)
{
	json_t *arr = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(arr, json_integer(a[i]));
	return arr;
}

static json_t *px_to_json(const struct game *g)
{
	const struct perplexichess *px = g->kstate;

	return json_pack("{s:I, s:o, s:o}", "accepted", (json_int_t)px->accepted,
			 "votes", ints(px->vote, g->nseats), "draw_offers", ints(px->draw_offer, g->nboards));
}

static int px_from_json(const struct jnode *o, struct game *g)
{
	struct perplexichess *px = g->kstate;
	long long acc;
	size_t ns = (size_t)g->nseats, nb = (size_t)g->nboards;

	px_init(px);
	if (jread_int(o, "accepted", false, 0, (1LL << g->nseats) - 1, &acc) < 0 ||
	    jread_ints(o, "votes", false, ns, ns, -1, g->nseats - 1, px->vote, NULL) < 0 ||
	    jread_ints(o, "draw_offers", false, nb, nb, -1, 1, px->draw_offer, NULL) < 0)
		return -1;
	px->accepted = (unsigned)acc;
	return 0;
}

const struct kind_store kind_perplexichess_store = {
	.key = "perplexichess",
	.to_json = px_to_json,
	.from_json = px_from_json,
};
