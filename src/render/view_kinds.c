/* view_kinds.c: the game kinds render was handed at start-up (see view_kind.h). */
#include <assert.h>

#include "game/kind.h"
#include "render/view_kind.h"

static const struct view_kind *kinds;
static size_t nkinds;

void view_kinds_set(const struct view_kind *table, size_t n)
{
	kinds = table;
	nkinds = n;
}

const struct kind_view *view_kind_part(const struct kind *k)
{
	/* A mail made before the kinds are handed down would lack a kind's part. */
	assert(nkinds > 0);
	for (size_t i = 0; i < nkinds; i++)
		if (kinds[i].kind == k)
			return kinds[i].part;
	return NULL;
}

size_t view_kinds_count(void)
{
	return nkinds;
}

const struct view_kind *view_kind_at(size_t i)
{
	return i < nkinds ? &kinds[i] : NULL;
}

size_t view_kind_index(const struct kind *k)
{
	size_t i = 0;

	while (i < nkinds && kinds[i].kind != k)
		i++;
	return i;
}
