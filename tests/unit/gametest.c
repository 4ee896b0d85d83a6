/* gametest.c: see gametest.h. */
#include "gametest.h"

#include <stdbool.h>
#include <stdio.h>

#include "kinds/registry.h"
#include "render/vocabulary.h"

int test_order_parse(const struct order_line *lines, size_t n, const char *kind,
		     struct orders *o, struct err *e)
{
	static bool loaded;
	size_t nwords;
	const struct order_word *words = kind_all_orders(&nwords);
	const struct kind *k = kind_find(kind);

	/* the languages' order words, as a referee reads them at start-up (the tests run
	 * from the source root) */
	if (!loaded && vocabulary_load("templates", words, nwords, e) < 0) {
		fprintf(stderr, "gametest: %s\n", e->msg);
		return -1;
	}
	loaded = true;
	if (order_parse(lines, n, words, nwords, o, e) < 0)
		return -1;
	return k ? kind_orders(k, kind, o) : -1;
}
