/* perft.h: counting the leaf nodes of the legal move tree, the standard test of a move
 * generator against published numbers and other engines. */
#ifndef TEMPEST_ENGINE_PERFT_H
#define TEMPEST_ENGINE_PERFT_H

#include "engine/pos.h"

/* Leaf nodes at `depth` plies from p (p is restored on return). */
uint64_t perft(struct pos *p, int depth);

#endif
