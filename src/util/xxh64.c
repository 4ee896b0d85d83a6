/* xxh64.c: see xxh64.h. Little-endian reads, as the specification defines them. */
#include "util/xxh64.h"

#include <string.h>

#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL

static uint64_t rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

static uint64_t read64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static uint32_t read32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t round64(uint64_t acc, uint64_t lane)
{
	return rotl(acc + lane * P2, 31) * P1;
}

static uint64_t merge(uint64_t h, uint64_t acc)
{
	return (h ^ round64(0, acc)) * P1 + P4;
}

uint64_t xxh64(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data, *end = p + len;
	uint64_t h;

	if (len >= 32) {
		uint64_t a = seed + P1 + P2, b = seed + P2, c = seed, d = seed - P1;
		for (; end - p >= 32; p += 32) {
			a = round64(a, read64(p));
			b = round64(b, read64(p + 8));
			c = round64(c, read64(p + 16));
			d = round64(d, read64(p + 24));
		}
		h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18);
		h = merge(merge(merge(merge(h, a), b), c), d);
	} else {
		h = seed + P5;
	}
	h += (uint64_t)len;
	for (; end - p >= 8; p += 8)
		h = rotl(h ^ round64(0, read64(p)), 27) * P1 + P4;
	if (end - p >= 4) {
		h = rotl(h ^ (uint64_t)read32(p) * P1, 23) * P2 + P3;
		p += 4;
	}
	for (; p < end; p++)
		h = rotl(h ^ *p * P5, 11) * P1;
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	return h ^ h >> 32;
}
