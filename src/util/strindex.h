/* strindex.h: finding a string in an array that only grows (a game's mail keys, the
 * Message-IDs it sent) without a scan of the whole array for every look-up.
 *
 * The index does not own the strings: a look-up names the array (its base, the distance
 * between two strings, how many there are now), and the index first takes in the strings
 * added since the last look-up. The strings already indexed must not change; if the array
 * got shorter, the index is built again. A string found twice answers with the first. */
#ifndef TEMPEST_STRINDEX_H
#define TEMPEST_STRINDEX_H

#include <stddef.h>
#include <stdint.h>

struct strindex {
	uint32_t *slot;         /* 1 + an index into the array, 0: free */
	size_t cap;             /* slots, a power of two, at least twice n */
	size_t n;               /* strings of the array taken in */
};

/* The index of key among the first n strings at base, base + stride, ...; -1 if none.
 * -2 when out of memory (the caller may fall back to a scan). */
long strindex_find(struct strindex *x, const char *base, size_t stride, size_t n,
		   const char *key);
void strindex_free(struct strindex *x);

#endif
