/* gametest.h: what the game tests share: orders read as the pipeline reads them, with
 * every kind's words, then given the numbers of the game's kind. */
#ifndef TEMPEST_TEST_GAMETEST_H
#define TEMPEST_TEST_GAMETEST_H

#include <stddef.h>

#include "game/order.h"
#include "util/err.h"


/* Lines read for a game of kind `kind` ("chess", "tempete"). */
int test_order_parse(const struct order_line *lines, size_t n, const char *kind,
		     struct orders *o, struct err *e);

#endif
