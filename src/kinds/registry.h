/* registry.h: the game kinds this referee knows, by the name a variant file gives
 * ("kind"), each with its parts in the layers above the game: what the state file holds
 * of it (store) and what a mail shows of it (render). The only place that names kinds:
 * store and render are handed their tables by kinds_register(), never calling up here. */
#ifndef TEMPEST_KINDS_REGISTRY_H
#define TEMPEST_KINDS_REGISTRY_H

#include <stddef.h>

#include "game/kind.h"

/* The kind of this name ("" or "chess": the generic kind), or NULL if there is none. */
const struct kind *kind_find(const char *name);
/* Hands store and render each kind's part (store_kinds_set, view_kinds_set): called once
 * at start-up, before any game is loaded or mail made. */
void kinds_register(void);
/* The i-th kind known, or NULL past the last. */
const struct kind *kind_at(size_t i);
/* Every kind's order words, for reading a mail before its game is known: a vocabulary
 * with each word once (borrowed, static). */
const struct order_word *kind_all_orders(size_t *n);
/* The names of the kinds, for messages: "chess, tempete". */
const char *kind_names(void);

#endif
