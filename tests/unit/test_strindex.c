/* test_strindex.c: look-ups in an array that grows, shrinks, moves and repeats itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/strindex.h"

#define W 24

int main(void)
{
	struct strindex x = { 0 };
	char (*a)[W] = NULL;
	size_t n = 0;

	CHECK_INT(strindex_find(&x, NULL, W, 0, "nothing"), -1);
	/* grows one at a time, moving as realloc likes: every string found at its place */
	for (int i = 0; i < 5000; i++) {
		a = realloc(a, (n + 1) * sizeof *a);
		snprintf(a[n++], W, "<%d@example.org>", i);
		if (i % 97 == 0 || i == 4999) {
			char key[W];
			snprintf(key, sizeof key, "<%d@example.org>", i / 2);
			CHECK_INT(strindex_find(&x, a[0], W, n, key), i / 2);
			CHECK_INT(strindex_find(&x, a[0], W, n, "<5000@example.org>"), -1);
		}
	}
	CHECK_INT(strindex_find(&x, a[0], W, n, a[4321]), 4321);
	/* a repeat answers with the first */
	a = realloc(a, (n + 1) * sizeof *a);
	memcpy(a[n++], a[7], W);
	CHECK_INT(strindex_find(&x, a[0], W, n, a[7]), 7);
	/* shorter (a refused mail's entries taken back, then others): built again */
	n = 10;
	snprintf(a[10], W, "new");
	CHECK_INT(strindex_find(&x, a[0], W, n, "<20@example.org>"), -1);
	CHECK_INT(strindex_find(&x, a[0], W, n + 1, "new"), 10);
	CHECK_INT(strindex_find(&x, a[0], W, n + 1, "<9@example.org>"), 9);
	/* a stride larger than the string: the records of an array of structs */
	struct rec { char id[W]; int ply; } r[3] = { { "a", 1 }, { "b", 2 }, { "c", 3 } };
	struct strindex y = { 0 };
	CHECK_INT(strindex_find(&y, r[0].id, sizeof r[0], 3, "c"), 2);
	CHECK_INT(strindex_find(&y, r[0].id, sizeof r[0], 3, "d"), -1);
	strindex_free(&y);
	strindex_free(&x);
	free(a);
	return check_done();
}
