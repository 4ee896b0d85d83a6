/* tigerchess_store.h: the "tigerchess" object of a game's state file (tigerchess_store.c). */
#ifndef TEMPEST_KINDS_TIGERCHESS_STORE_H
#define TEMPEST_KINDS_TIGERCHESS_STORE_H

#include "store/store_kind.h"

extern const struct kind_store kind_tigerchess_store;

#endif
