/* store_kinds.c: the game kinds the store was handed at start-up (see store_kind.h). */
#include <assert.h>
#include <string.h>

#include "game/kind.h"
#include "store/store_int.h"
#include "store/store_kind.h"

static const struct store_kind *kinds;
static size_t nkinds;

void store_kinds_set(const struct store_kind *table, size_t n)
{
	kinds = table;
	nkinds = n;
}

const struct store_kind *store_kind_at(size_t i)
{
	return i < nkinds ? &kinds[i] : NULL;
}

const struct kind *store_kind_named(const char *name)
{
	/* Loading or saving before the kinds are handed down would lose a kind's part. */
	assert(nkinds > 0);
	if (!name || !*name)
		return kinds[0].kind;
	for (size_t i = 0; i < nkinds; i++)
		if (!strcmp(kinds[i].kind->name, name))
			return kinds[i].kind;
	return NULL;
}

const struct kind_store *store_kind_part(const struct kind *k)
{
	assert(nkinds > 0);
	for (size_t i = 0; i < nkinds; i++)
		if (kinds[i].kind == k)
			return kinds[i].part;
	return NULL;
}
