/* tempete_store.h: the "tempete" object of a game's state file (tempete_store.c). */
#ifndef TEMPEST_KINDS_TEMPETE_STORE_H
#define TEMPEST_KINDS_TEMPETE_STORE_H

#include "store/store_kind.h"

extern const struct kind_store kind_tempete_store;

#endif
