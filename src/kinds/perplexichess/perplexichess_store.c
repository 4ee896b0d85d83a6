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

/* An array of n whole numbers from lo to hi. */
static int int_array(json_t *a, int n, int lo, int hi, int *out)
{
	if (!json_is_array(a) || json_array_size(a) != (size_t)n)
		return -1;
	for (int i = 0; i < n; i++) {
		json_t *x = json_array_get(a, (size_t)i);
		if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
			return -1;
		out[i] = (int)json_integer_value(x);
	}
	return 0;
}

static int px_from_json(json_t *o, const char *what, struct game *g, struct err *e)
{
	struct perplexichess *px = g->kstate;
	json_t *acc = json_object_get(o, "accepted");

	px_init(px);
	if (!json_is_object(o))
		return err_set(e, "%s: perplexichess: not an object", what);
	if (!json_is_integer(acc) || json_integer_value(acc) < 0 ||
	    json_integer_value(acc) >= (json_int_t)1 << g->nseats)
		return err_set(e, "%s: perplexichess.accepted: not a set of seats", what);
	px->accepted = (unsigned)json_integer_value(acc);
	if (int_array(json_object_get(o, "votes"), g->nseats, -1, g->nseats - 1, px->vote) < 0)
		return err_set(e, "%s: perplexichess.votes: not a seat for each seat", what);
	if (int_array(json_object_get(o, "draw_offers"), g->nboards, -1, 1, px->draw_offer) < 0)
		return err_set(e, "%s: perplexichess.draw_offers: not -1, 0 or 1 for each board", what);
	return 0;
}

const struct kind_store kind_perplexichess_store = {
	.key = "perplexichess",
	.to_json = px_to_json,
	.from_json = px_from_json,
};
