/* perplexichess_store.h: the "perplexichess" object of a game's state file
 * (perplexichess_store.c). */
#ifndef TEMPEST_KINDS_PERPLEXICHESS_STORE_H
#define TEMPEST_KINDS_PERPLEXICHESS_STORE_H

#include "store/store_kind.h"

extern const struct kind_store kind_perplexichess_store;

#endif
