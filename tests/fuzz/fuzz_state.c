/* fuzz_state.c: a game's state file (JSON) through the loader, then its positions rebuilt
 * from the moves and its hash taken, as `tempest` does when it opens a game. */
#include "fuzz.h"

#include "game/game.h"
#include "kinds/registry.h"
#include "store/rules_load.h"
#include "store/store.h"

static const char *const names[] = { "chess", "lancer", "knightmare", "tempete" };
#define NV (sizeof names / sizeof names[0])
static struct variant *vs[NV];

static const struct variant *variant_named(const char *name)
{
	struct err e;

	for (size_t i = 0; i < NV; i++)
		if (!strcmp(name, names[i])) {
			if (!vs[i] && !(vs[i] = rules_load(rules_dir(NULL), names[i], &e)))
				abort();
			return vs[i];
		}
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), hash[HASH_HEX];
	struct game *g = NULL;
	const struct variant *v;
	struct err e;
	static int registered;

	if (!registered++)
		kinds_register();
	if (!text)
		return 0;
	if (store_game_from_json(text, "fuzz.json", &g, &e) == 0) {
		if ((v = variant_named(g->variant)) && game_load_position(g, v, &e) == 0)
			game_hash(g, hash);
		game_free(g);
	}
	free(text);
	return 0;
}
