/* order_prose.h: what the order reader makes of a line that is not an order (docs/orders.md,
 * "Orders"): an uncertain reading of an order that cannot be taken back, or a sign-off
 * that ends a message's paragraph. Used by order.c only. */
#ifndef TEMPEST_ORDER_PROSE_H
#define TEMPEST_ORDER_PROSE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/order.h"

/* A clause of more words than this is a sentence that merely mentions an order. */
#define ORDER_UNCERTAIN_WORDS 6

/* The irrevocable order word (ORDER_COST_IRREVOCABLE) that a line of prose holds as a
 * word of a short clause ("I resign.", "OK I accept", "resign?", "Yes, accept draw
 * please"): its entry in one of the nv vocabularies, or NULL. Not when the line says no
 * ("Resign? Never!"), asks about the rules ("How do I resign?"), sets a condition
 * ("Resign if you like"), names someone else acting ("you should resign") or takes the
 * word's other sense ("Accept my thanks"). */
const struct order_word *order_uncertain(const char *line, const struct order_word *const *vocab,
					 const size_t *nvocab, size_t nv);
/* Is the line a sign-off ("Cheers, Alice", "Best regards", "Take care,"): at most three
 * words, the first a known closing? */
bool order_sign_off(const char *line);

#endif
