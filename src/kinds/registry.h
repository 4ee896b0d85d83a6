/* registry.h: the game kinds this referee knows, by the name a variant file gives
 * ("kind"), each with its parts in the layers above the game: what the state file holds
 * of it (store) and what a mail shows of it (render). The only place that names kinds. */
#ifndef TEMPEST_KINDS_REGISTRY_H
#define TEMPEST_KINDS_REGISTRY_H

#include <stddef.h>

#include "game/kind.h"

struct kind_store;
struct kind_view;

/* The kind of this name ("" or "chess": the generic kind), or NULL if there is none. */
const struct kind *kind_find(const char *name);
/* Its store and view parts, or NULL (the kind keeps nothing more, shows nothing more). */
const struct kind_store *kind_store_of(const struct kind *k);
const struct kind_view *kind_view_of(const struct kind *k);
/* The i-th kind known, or NULL past the last. */
const struct kind *kind_at(size_t i);
/* Every kind's order words, for reading a mail before its game is known: a vocabulary
 * with each word once (borrowed, static). */
const struct order_word *kind_all_orders(size_t *n);
/* The names of the kinds, for messages: "chess, tempete". */
const char *kind_names(void);

#endif
