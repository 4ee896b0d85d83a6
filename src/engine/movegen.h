/* movegen.h: which moves are legal, and who attacks what.
 *
 * Positions are taken as `struct pos *` even where nothing changes in the end: the
 * legality test of unusual moves plays them and takes them back. */
#ifndef TEMPEST_ENGINE_MOVEGEN_H
#define TEMPEST_ENGINE_MOVEGEN_H

#include "engine/pos.h"

/* Every move the pieces' powers allow, legal or not as to the royal piece's safety
 * (castling already checks that the royal piece does not start in, pass or land on an
 * attacked square). */
void movegen_pseudo(const struct pos *p, struct movelist *ml);
/* Only the legal moves. */
void movegen_legal(struct pos *p, struct movelist *ml);
/* The number of legal moves, without building the list where it can (perft's leaves). */
int movegen_count(struct pos *p);
/* Is the pseudo-legal move m legal (leaves no royal piece of the mover attacked)? */
bool movegen_is_legal(struct pos *p, struct move m);

bool movegen_attacked(const struct pos *p, sq_t s, enum color by);
/* Is a royal piece of the side to move attacked? */
bool movegen_in_check(const struct pos *p);

#endif
