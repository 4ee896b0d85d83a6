/* zpack.c: see zpack.h. The packed form, in 64-bit words: the number of segments, then
 * each segment's header (its zero words << 32 | its literal words) and its literal
 * words; the words past the last segment are zero, and the bytes past the last whole
 * word are copied as they are, after them. */
#include "util/zpack.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t word_at(const char *p, size_t i)
{
	uint64_t w;

	memcpy(&w, p + i * sizeof w, sizeof w);
	return w;
}

/* The packed form's size in words (its segments found once to size the block, once to
 * fill it). */
static size_t pack_into(const char *p, size_t words, uint64_t *out)
{
	size_t n = 1, i = 0, segments = 0;

	while (i < words) {
		size_t z = i, l;
		while (z < words && !word_at(p, z))
			z++;
		if (z == words)
			break;
		for (l = z; l < words && word_at(p, l); l++)
			;
		if (out) {
			out[n] = (uint64_t)(z - i) << 32 | (uint64_t)(l - z);
			memcpy(out + n + 1, p + z * sizeof *out, (l - z) * sizeof *out);
		}
		n += 1 + l - z;
		segments++;
		i = l;
	}
	if (out)
		out[0] = segments;
	return n;
}

void *zpack(const void *p, size_t len)
{
	size_t words = len / sizeof(uint64_t), tail = len % sizeof(uint64_t);
	size_t n = pack_into(p, words, NULL);
	uint64_t *out = malloc(n * sizeof *out + tail + 1);

	if (!out)
		return NULL;
	pack_into(p, words, out);
	memcpy((char *)(out + n), (const char *)p + words * sizeof *out, tail);
	return out;
}

void zunpack(const void *packed, void *p, size_t len)
{
	const uint64_t *in = packed;
	size_t words = len / sizeof *in, at = 0, k = 1;
	char *to = p;

	for (uint64_t s = 0; s < in[0]; s++) {
		size_t z = (size_t)(in[k] >> 32), l = (size_t)(in[k] & 0xffffffffu);
		memset(to + at * sizeof *in, 0, z * sizeof *in);
		memcpy(to + (at + z) * sizeof *in, in + k + 1, l * sizeof *in);
		at += z + l;
		k += 1 + l;
	}
	memset(to + at * sizeof *in, 0, (words - at) * sizeof *in);
	memcpy(to + words * sizeof *in, (const char *)(in + k), len % sizeof *in);
}
