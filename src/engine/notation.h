/* notation.h: moves in and out of text: SAN, long algebraic, coordinates, and the
 * lenient forms people type in a mail.
 *
 * Output is canonical SAN (notation_san) or coordinates (notation_coord). Input
 * (notation_parse) accepts SAN, long algebraic ("Ng1-f3", "e7xd8=N"), coordinates
 * ("e2e4", "e7e8q") and common variations ("0-0", "e8Q", "Pe4", "ng1f3", "exd6 e.p.",
 * trailing "!?" or a wrong "+"). Anything that does not name exactly one legal move gets
 * a reason a player can act on. Buffers are the caller's. */
#ifndef TEMPEST_ENGINE_NOTATION_H
#define TEMPEST_ENGINE_NOTATION_H

#include <stddef.h>

#include "engine/pos.h"

#define SAN_MAX 96              /* a long capture chain "a1xc3xe5..." needs room */

/* The move m (legal in p) in SAN, with "+" or "#". */
void notation_san(struct pos *p, struct move m, char *buf, size_t len);
/* The same, told the position's legal moves (movegen_legal) so as not to find them again:
 * what writes every legal move of a position pays once instead of once a move. */
void notation_san_in(struct pos *p, struct move m, const struct movelist *legal, char *buf,
		     size_t len);
/* The move in coordinates, as UCI writes it: "e2e4", "e7e8q", castling as the royal
 * piece's move "e1g1"; a drop as "N@f3". */
void notation_coord(const struct pos *p, struct move m, char *buf, size_t len);

/* Finds the legal move that `text` names. 0 and *out set, or -1 with the reason. */
int notation_parse(struct pos *p, const char *text, struct move *out, struct err *e);

#endif
