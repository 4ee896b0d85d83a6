/* order_move.h: the shapes of a move as a word of a line, for the order reader
 * (order.c): what it takes for a move before the game reads it. */
#ifndef TEMPEST_ORDER_MOVE_H
#define TEMPEST_ORDER_MOVE_H

#include <stdbool.h>

/* Could this word be a move as people write it? */
bool order_movelike(const char *w);
/* "12." or "12..." before a move: the number, or 0. */
int order_move_number(const char *w);

#endif
