/* test_strindex.c: look-ups in an array that grows, shrinks, moves and repeats itself
 * (strindex.h), and in a packed list of strings (strlist.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/strindex.h"
#include "util/strlist.h"

#define W 24

/* A packed list: 20,000 strings of every length found at their places, a repeat as its
 * first, what was cut gone and what follows found; its bytes are its strings'. */
static void packed_list(void)
{
	struct strlist l = { 0 };
	char key[64];
	size_t bytes = 0;

	CHECK_INT(strlist_find(&l, "nothing"), -1);
	for (int i = 0; i < 20000; i++) {
		snprintf(key, sizeof key, "<%d.%.*s@example.org>", i, i % 30, "abcdefghijklmnopqrstuvwxyz0123");
		bytes += strlen(key) + 1;
		if (!CHECK_INT(strlist_add(&l, key), 0))
			return;
	}
	CHECK_INT(l.n, 20000);
	CHECK_INT(l.used, bytes);
	CHECK(l.room < bytes + bytes / 4 + 64);         /* grown by a quarter at most */
	CHECK_STR(strlist_at(&l, 0), "<0.@example.org>");
	CHECK_STR(strlist_at(&l, 12345), "<12345.abcdefghijklmno@example.org>");
	for (int i = 0; i < 20000; i += 7) {
		snprintf(key, sizeof key, "<%d.%.*s@example.org>", i, i % 30, "abcdefghijklmnopqrstuvwxyz0123");
		CHECK_INT(strlist_find(&l, key), i);
	}
	CHECK_INT(strlist_find(&l, "<20000.@example.org>"), -1);
	CHECK_INT(strlist_add(&l, "<7.abcdefg@example.org>"), 0);      /* a repeat: the first */
	CHECK_INT(strlist_find(&l, "<7.abcdefg@example.org>"), 7);
	strlist_cut(&l, 10);
	CHECK_INT(l.n, 10);
	CHECK_INT(strlist_find(&l, "<20.abcdefghijklmnopqrst@example.org>"), -1);
	CHECK_INT(strlist_find(&l, "<9.abcdefghi@example.org>"), 9);
	CHECK_INT(strlist_add(&l, "new"), 0);
	CHECK_INT(strlist_find(&l, "new"), 10);
	CHECK_STR(strlist_at(&l, 10), "new");
	strlist_free(&l);
	CHECK_INT(l.n, 0);
	CHECK_INT(strlist_find(&l, "new"), -1);
}

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
	packed_list();
	return check_done();
}
