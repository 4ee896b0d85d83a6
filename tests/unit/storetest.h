/* storetest.h: a game through the store, for unit tests of what must survive between two
 * runs (a card's record, a Veto's turn start): written as the store writes it, read back,
 * its position loaded on variant v. */
#ifndef TEMPEST_TEST_STORETEST_H
#define TEMPEST_TEST_STORETEST_H

#include "engine/variant.h"
#include "game/game.h"

/* The game read back (g is freed); on a failure, a failed check and g itself. */
struct game *store_round_trip(struct game *g, const struct variant *v);

#endif
