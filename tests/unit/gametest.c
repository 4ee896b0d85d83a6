/* gametest.c: see gametest.h. */
#include "gametest.h"

#include "kinds/registry.h"

int test_order_parse(const struct order_line *lines, size_t n, const char *kind,
		     struct orders *o, struct err *e)
{
	size_t nwords;
	const struct order_word *words = kind_all_orders(&nwords);
	const struct kind *k = kind_find(kind);

	if (order_parse(lines, n, words, nwords, o, e) < 0)
		return -1;
	return k ? kind_orders(k, kind, o) : -1;
}
