/* strindex.c: see strindex.h. Open addressing with linear probing over FNV-1a hashes. */
#include "util/strindex.h"

#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* Where key is, or the free slot where it would go. */
static size_t probe(const struct strindex *x, const char *base, size_t stride, const char *key)
{
	size_t i = (size_t)fnv1a(key) & (x->cap - 1);

	while (x->slot[i] && strcmp(base + (x->slot[i] - 1) * stride, key))
		i = (i + 1) & (x->cap - 1);
	return i;
}

static int grow(struct strindex *x, const char *base, size_t stride, size_t want)
{
	size_t cap = x->cap ? x->cap : 64;

	while (cap < 2 * want)
		cap *= 2;
	if (cap == x->cap)
		return 0;
	uint32_t *slot = calloc(cap, sizeof *slot), *old = x->slot;
	size_t oldcap = x->cap;
	if (!slot)
		return -1;
	x->slot = slot;
	x->cap = cap;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i])
			x->slot[probe(x, base, stride, base + (old[i] - 1) * stride)] = old[i];
	free(old);
	return 0;
}

long strindex_find(struct strindex *x, const char *base, size_t stride, size_t n,
		   const char *key)
{
	if (n < x->n || n >= UINT32_MAX) {       /* shorter: start again */
		strindex_free(x);
		if (n >= UINT32_MAX)
			return -2;
	}
	if (n > x->n) {
		if (grow(x, base, stride, n) < 0)
			return -2;
		for (; x->n < n; x->n++) {
			size_t i = probe(x, base, stride, base + x->n * stride);
			if (!x->slot[i])                /* a repeat keeps the first */
				x->slot[i] = (uint32_t)x->n + 1;
		}
	}
	if (!x->cap)
		return -1;
	size_t i = probe(x, base, stride, key);
	return x->slot[i] ? (long)x->slot[i] - 1 : -1;
}

void strindex_free(struct strindex *x)
{
	free(x->slot);
	*x = (struct strindex){ 0 };
}
