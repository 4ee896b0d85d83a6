/* storetest.c: see storetest.h. */
#include "storetest.h"

#include <stdlib.h>

#include "check.h"
#include "store/store.h"

struct game *store_round_trip(struct game *g, const struct variant *v)
{
	char *text = store_game_to_json(g);
	struct game *back = NULL;
	struct err e = { 0 };

	if (!CHECK(text && store_game_from_json(text, "t.json", &back, &e) == 0)) {
		check_context("%s", e.msg);
		free(text);
		return g;
	}
	back->cat = g->cat;
	if (!CHECK(game_load_position(back, v, &e) == 0))
		check_context("%s", e.msg);
	free(text);
	game_free(g);
	return back;
}
