/* knightmare_store.h: the "knightmare" object of a game's state file (knightmare_store.c). */
#ifndef TEMPEST_KINDS_KNIGHTMARE_STORE_H
#define TEMPEST_KINDS_KNIGHTMARE_STORE_H

#include "store/store_kind.h"

extern const struct kind_store kind_knightmare_store;

#endif
