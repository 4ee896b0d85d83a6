/* store_int.h: what store.c, store_journal.c and the tournaments' files share. Internal to
 * src/store/. */
#ifndef TEMPEST_STORE_INT_H
#define TEMPEST_STORE_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "store/jread.h"
#include "store/store.h"
#include "store/store_kind.h"
#include "tournament/glicko2.h"

#define STORE_STATE_MAX (64L * 1024 * 1024)

/* DIR/ followed by fmt with the game's number: here, below both store.c and
 * store_journal.c, which name a game's files with it. */
static inline void store_path_of(const struct store *st, char *out, size_t len, const char *fmt,
				 int id)
{
	char name[64];

	snprintf(name, sizeof name, fmt, id);
	snprintf(out, len, "%s/%s", st->dir, name);
}
/* One event, one sent Message-ID, as JSON (a state's lists, a journal's lines). */
json_t *store_event_json(const struct game_event *ev);
json_t *store_sent_json(const struct game *g, size_t i);
/* The state as JSON (state_json.c): with its lists (format 2, `show --json`), or without
 * them and with the journal's record j (format 3, the state file). A new reference, or
 * NULL when memory runs out. */
json_t *store_game_root(const struct game *g, const struct store_journal *j);
/* Game id's record of its journal (made, zero, with create), or NULL. */
struct store_journal *store_journal_of(struct store *st, int id, bool create);
/* A state's text (read from path) in the form store_game_from_json() takes: a format 3
 * state gets its lists back from its journal, whose record it sets; formats 1 and 2 are
 * left as they are (the record then zero). */
int store_state_text(struct store *st, int id, const char *path, char **text, struct err *e);
/* Appends one line of n bytes to a file of such lines (the seen marks, the creation
 * notes), cutting off a torn last line first; synced unless the store is lazy. */
int store_append_line(const struct store *st, const char *path, const char *line, size_t n,
		      struct err *e);
/* The same for len bytes of such lines at once. whole (NULL: not known) says the file
 * ends with a whole line, as this run's last append left it, so that it need not be
 * asked; set after the append. */
int store_append_lines(const struct store *st, const char *path, const char *lines,
		       size_t len, size_t n, bool *whole, struct err *e);

/* The kinds handed down by store_kinds_set() (store_kinds.c). The kind of this name
 * ("": the generic kind), or NULL if none is. */
const struct kind *store_kind_named(const char *name);
/* The i-th kind handed down, or NULL past the last. */
const struct store_kind *store_kind_at(size_t i);
/* Kind k's part of the state file, or NULL if it keeps nothing more. */
const struct kind_store *store_kind_part(const struct kind *k);

/* A rating as the tournaments' and the ratings' files write it ({"rating", "rd",
 * "volatility"}), and read back from key of node n (tournament_json.c). */
json_t *store_glicko_json(const struct glicko *g);
int store_glicko_load(const struct jnode *n, const char *key, struct glicko *g);

/* The seen set's shards kept in memory for a run (store_journal.c). */
struct store_seen_cache *store_seen_cache_new(void);
void store_seen_cache_free(struct store_seen_cache *c);
/* The day's counts kept in memory for a run (quota_counts.c). */
struct store_quota_table *store_quota_table_new(void);
void store_quota_table_free(struct store_quota_table *t);

#endif
