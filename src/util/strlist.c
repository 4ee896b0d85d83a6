/* strlist.c: see strlist.h. The hash: open addressing with linear probing over FNV-1a. */
#include "util/strlist.h"

#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

const char *strlist_at(const struct strlist *l, size_t i)
{
	return l->text + l->start[i];
}

/* Where s is in the hash, or the free slot where it would go. */
static size_t probe(const struct strlist *l, const char *s)
{
	size_t i = (size_t)fnv1a(s) & (l->slots - 1);

	while (l->slot[i] && strcmp(strlist_at(l, l->slot[i] - 1), s))
		i = (i + 1) & (l->slots - 1);
	return i;
}

/* String i into the hash (a repeat keeps the first). */
static void hash_in(struct strlist *l, size_t i)
{
	size_t at = probe(l, strlist_at(l, i));

	if (!l->slot[at])
		l->slot[at] = (uint32_t)i + 1;
}

/* The hash built again over the first n strings, with room for `want` of them. */
static int rehash(struct strlist *l, size_t n, size_t want)
{
	size_t slots = 16;

	while (slots < 2 * want)
		slots *= 2;
	uint32_t *slot = calloc(slots, sizeof *slot);
	if (!slot)
		return -1;
	free(l->slot);
	l->slot = slot;
	l->slots = slots;
	for (size_t i = 0; i < n; i++)
		hash_in(l, i);
	return 0;
}

/* Room for `want` items of `size` bytes in *p (now *have), grown by a quarter. */
static int room_for(void *p, size_t *have, size_t want, size_t size)
{
	if (want <= *have)
		return 0;
	size_t cap = *have + *have / 4 + 16;
	if (cap < want)
		cap = want;
	void *q = realloc(*(void **)p, cap * size);
	if (!q)
		return -1;
	*(void **)p = q;
	*have = cap;
	return 0;
}

int strlist_add(struct strlist *l, const char *s)
{
	size_t len = strlen(s) + 1;

	if (l->used + len >= UINT32_MAX || l->n + 1 >= UINT32_MAX / 2)
		return -1;
	if (room_for(&l->text, &l->room, l->used + len, 1) < 0 ||
	    room_for(&l->start, &l->cap, l->n + 1, sizeof *l->start) < 0 ||
	    (2 * (l->n + 1) > l->slots && rehash(l, l->n, l->n + 1) < 0))
		return -1;
	memcpy(l->text + l->used, s, len);
	l->start[l->n] = (uint32_t)l->used;
	l->used += len;
	hash_in(l, l->n++);
	return 0;
}

long strlist_find(const struct strlist *l, const char *s)
{
	if (!l->n)
		return -1;
	size_t at = probe(l, s);
	return l->slot[at] ? (long)l->slot[at] - 1 : -1;
}

void strlist_cut(struct strlist *l, size_t n)
{
	if (n >= l->n)
		return;
	l->used = n ? l->start[n] : 0;
	l->n = n;
	/* the hash as it was for n strings: cleared and filled again (no allocation) */
	memset(l->slot, 0, l->slots * sizeof *l->slot);
	for (size_t i = 0; i < n; i++)
		hash_in(l, i);
}

void strlist_free(struct strlist *l)
{
	free(l->text);
	free(l->start);
	free(l->slot);
	*l = (struct strlist){ 0 };
}
