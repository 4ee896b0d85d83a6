/* order_arg.h: an order word's argument (order.c reads the lines; this, what follows the
 * word). Not for use outside src/game/order*.c. */
#ifndef TEMPEST_ORDER_ARG_H
#define TEMPEST_ORDER_ARG_H

#include <stdbool.h>
#include <stddef.h>

#include "game/order.h"

/* Does what follows the word (nw words at w) have the shape of its argument? Then a
 * failure to read it is a faulty order, told as such; otherwise the line is prose that
 * happens to begin with an order word ("Game on!", "Accept my thanks", "Time flies").
 * english: k's words in English, as its usage shows them. */
bool order_arg_shaped(const struct order_word *k, const char *english, char **w, int nw);
/* The argument into o (o->arg, o->number); 0, or -1 with "" and a reason in reason. */
int order_read_arg(const struct order_word *k, char **w, int nw, struct order *o, char *reason,
		   size_t rlen);

#endif
