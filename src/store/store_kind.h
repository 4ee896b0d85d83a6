/* store_kind.h: a game kind's part of the state file (registry.h finds it by kind). The
 * kind's object sits under its key at the top of the file; its reader checks every value
 * (a state file is outside input). */
#ifndef TEMPEST_STORE_KIND_H
#define TEMPEST_STORE_KIND_H

#include <jansson.h>

#include "game/game.h"
#include "util/err.h"

struct kind_store {
	const char *key;                        /* its object's key in the file */
	/* A new reference to the object holding g->kstate. */
	json_t *(*to_json)(const struct game *g);
	/* Fills g->kstate (made by the kind's state_new) from the object; `what` names the
	 * file in errors. */
	int (*from_json)(json_t *o, const char *what, struct game *g, struct err *e);
};

#endif
