/* fuzz.h: what every fuzz target shares. Each target is one libFuzzer entry point over one
 * parser of the project, linked with the project's library built with the sanitizers;
 * tests/fuzz/run.sh runs them, seeding each corpus from the project's own test inputs. */
#ifndef TEMPEST_FUZZ_H
#define TEMPEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (the parsers take C strings); NULL when out of
 * memory, which a target treats as nothing to do. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s) {
		memcpy(s, data, size);
		s[size] = '\0';
	}
	return s;
}

#endif
