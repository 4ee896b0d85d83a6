/* reminders.h: DATA/reminders.json, the reminder steps already sent, so that a step is
 * reminded once however often `tempest tick` runs. Each step is a key (the game, the player
 * and the deadline it belongs to, made by the tick); the file holds the set of those keys
 * that are still current:  {"format": 1, "sent": ["...", ...]}. */
#ifndef TEMPEST_REMINDERS_H
#define TEMPEST_REMINDERS_H

#include <stdbool.h>
#include <stddef.h>

#include "store/store.h"
#include "util/err.h"

/* The longest key the file may hold. */
#define REMINDER_KEY_MAX 512

struct reminder_keys {
	char **k;
	size_t n;
};

/* Reads the file (none yet: an empty set) into a sorted set. */
int reminders_load(const struct store *st, struct reminder_keys *ks, struct err *e);
/* Replaces the file atomically with ks. */
int reminders_save(const struct store *st, const struct reminder_keys *ks, struct err *e);

/* The set: add (then sort before asking), ask, free. add returns -1 when out of memory. */
int reminder_keys_add(struct reminder_keys *ks, const char *k);
void reminder_keys_sort(struct reminder_keys *ks);
bool reminder_keys_has(const struct reminder_keys *ks, const char *k);
void reminder_keys_free(struct reminder_keys *ks);

#endif
