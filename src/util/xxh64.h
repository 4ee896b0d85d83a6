/* xxh64.h: XXH64, the 64-bit xxHash of Yann Collet (its specification, "xxHash fast
 * digest algorithm", version 0.1.1): a checksum for what a damaged disk could change, at
 * some ten times the speed of SHA-256 on this machine. Not for secrets or anything a
 * sender chooses: it resists no forger. */
#ifndef TEMPEST_XXH64_H
#define TEMPEST_XXH64_H

#include <stddef.h>
#include <stdint.h>

uint64_t xxh64(const void *p, size_t len, uint64_t seed);

#endif
