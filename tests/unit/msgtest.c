/* msgtest.c: helpers shared by the mail parser's tests (see msgtest.h). */
#include "msgtest.h"

#include <stdio.h>
#include <stdlib.h>

char *msgtest_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (p = malloc((size_t)n + 1)) && fread(p, 1, (size_t)n, f) == (size_t)n) {
		p[n] = 0;
		*len = (size_t)n;
	} else {
		free(p);
		p = NULL;
	}
	fclose(f);
	return p;
}

int msgtest_utf8_ok(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	while (*u) {
		int k = *u < 0x80 ? 0 : *u >= 0xc2 && *u <= 0xdf ? 1 : *u >= 0xe0 && *u <= 0xef ? 2
		      : *u >= 0xf0 && *u <= 0xf4 ? 3 : -1;

		if (k < 0)
			return 0;
		for (u++; k > 0; k--, u++)
			if ((*u & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}
