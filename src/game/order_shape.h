/* order_shape.h: the shapes of some orders' arguments, by which a line that begins with
 * an order word is that order or prose (docs/orders.md, "Orders"): the keyword table of
 * order.c names them. Each takes the words after the order's word. Pure. */
#ifndef TEMPEST_ORDER_SHAPE_H
#define TEMPEST_ORDER_SHAPE_H

#include <stdbool.h>

/* "new chess": one word, a variant's file name, not "New York". */
bool order_new_shaped(char **w, int nw);
/* "message Good luck!": not "Message me on Signal: ...". */
bool order_message_shaped(char **w, int nw);
/* "Message received, thanks.", "Message confidentiel - ...": a sentence about a message,
 * never relayed (asked about when the mail holds no other order). */
bool order_message_about(char **w, int nw);
/* "name Alice Martin": 1 to 5 capitalised words, no address, no digit. */
bool order_name_shaped(char **w, int nw);
/* "address public", "address hidden". */
bool order_address_shaped(char **w, int nw);
/* "mail each", "mail digest". */
bool order_mail_shaped(char **w, int nw);

#endif
