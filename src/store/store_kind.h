/* store_kind.h: a game kind's part of the state file, and the table of kinds the store is
 * handed at start-up by whoever knows them (kinds/registry.c): the store never names a
 * kind. The kind's object sits under its key at the top of the file; its reader checks
 * every value (a state file is outside input). */
#ifndef TEMPEST_STORE_KIND_H
#define TEMPEST_STORE_KIND_H

#include <jansson.h>
#include <stddef.h>

#include "game/game.h"
#include "store/jread.h"
#include "util/err.h"

struct kind_store {
	const char *key;                        /* its object's key in the file */
	/* A new reference to the object holding g->kstate. */
	json_t *(*to_json)(const struct game *g);
	/* Fills g->kstate (made by the kind's state_new) from the object node o, read with
	 * store/jread.h (errors go to o->doc->e, naming the file and the field). */
	int (*from_json)(const struct jnode *o, struct game *g);
};

/* One kind the store reads and writes: the kind, and its part of the file (NULL: it keeps
 * nothing beyond what every game keeps). */
struct store_kind {
	const struct kind *kind;
	const struct kind_store *part;
};

/* Hands the store the kinds it knows, once at start-up before any load or save. The first
 * is the generic kind, the one of a file that names none. The table is borrowed: it must
 * live as long as the store is used (a static table). */
void store_kinds_set(const struct store_kind *table, size_t n);

#endif
