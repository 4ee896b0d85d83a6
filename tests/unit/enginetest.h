/* enginetest.h: helpers for the rules-engine unit tests. */
#ifndef TEMPEST_TEST_ENGINETEST_H
#define TEMPEST_TEST_ENGINETEST_H

#include <stddef.h>

#include "engine/pos.h"

/* Loads rules/<name>.json (tests run from the source root); exits on failure. */
struct variant *test_variant(const char *name);
/* A heap position set from fen ("startpos": the variant's); exits on failure. */
struct pos *test_pos(const struct variant *v, const char *fen);
/* The legal moves as sorted, space-separated SAN (or coordinates). */
void test_moves(struct pos *p, int coord, char *buf, size_t len);
/* Plays a space-separated list of moves given in any notation; 0 or -1 (printed). */
int test_play(struct pos *p, const char *moves);
/* Checks every legal move of p: made and unmade exactly (board, marks, key, counts), its
 * key equal to a fresh reading of the text of the position it reaches, its SAN and
 * coordinates read back as the same move. */
void test_make_unmake(struct pos *p);

#endif
