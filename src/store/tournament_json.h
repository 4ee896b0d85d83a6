/* tournament_json.h: the tournaments' files in the data directory (docs/game-masters.md,
 * "Tournaments"):
 *   DIR/tournaments/T.json     tournament T's state (JSON, format 1), replaced atomically
 *                              as a game's state is: the commit point of its actions
 *   DIR/tournaments/T.mbox     its log: each action (a mail, the referee's) with the mails
 *                              it sent, cut back to the size the state records before an
 *                              append, as a game's log is
 *   DIR/tournaments/pending/   the work a run leaves to the next (a file each): game-G (a
 *                              tournament's game G has ended: its result to post), tn-T
 *                              (tournament T has games to start or end, an entry that
 *                              closes on a date, a tournament to open)
 *   DIR/ratings.json           the players' ratings (tournament/ratings.h), replaced
 *                              atomically
 * Loaded tournaments are freed with tn_free(). */
#ifndef TEMPEST_TOURNAMENT_JSON_H
#define TEMPEST_TOURNAMENT_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "store/store.h"
#include "tournament/ratings.h"
#include "tournament/tournament.h"

/* 0 and *t, 1 if there is no such tournament, -1 on a bad or unreadable file. */
int store_tournament_load(const struct store *st, int id, struct tournament **t,
			  struct err *e);
/* The state replaced atomically (durably, unless the store is lazy). */
int store_tournament_save(const struct store *st, const struct tournament *t, struct err *e);
/* The tournaments' numbers, ascending (*ids the caller's to free()). */
int store_tournament_list(const struct store *st, int **ids, size_t *n, struct err *e);
/* A number for a new tournament: past every one stored and `also` (a number reserved). */
int store_tournament_next_id(const struct store *st, int also, int *id, struct err *e);
void store_tournament_log_path(const struct store *st, int id, char *out, size_t len);
/* The log opened for appending, cut back to what the state t records. */
int store_tournament_log_open(const struct store *st, const struct tournament *t, int *fd,
			      struct err *e);
/* JSON in and out (for the tests and `tempest tournament show --json`). */
char *store_tournament_to_json(const struct tournament *t);
int store_tournament_from_json(const char *text, const char *what, struct tournament **out,
			       struct err *e);

/* The work left for a run: a marker `name` ("game-17", "tn-3") made (durably, unless the
 * store is lazy), removed, listed (sorted: tn- before game-, each by number; *names the
 * caller's to free, each and the array). */
int store_pending_add(const struct store *st, const char *name, struct err *e);
int store_pending_remove(const struct store *st, const char *name, struct err *e);
int store_pending_list(const struct store *st, char ***names, size_t *n, struct err *e);
bool store_pending_has(const struct store *st, const char *name);

/* DATA/ratings.json (none yet: no ratings, period_days as given). */
int store_ratings_load(const struct store *st, int period_days, struct tn_ratings *r,
		       struct err *e);
int store_ratings_save(const struct store *st, const struct tn_ratings *r, struct err *e);
char *store_ratings_to_json(const struct tn_ratings *r);

#endif
