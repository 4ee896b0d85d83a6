/* players.h: what the referee keeps about a player across all their games: their time
 * zone and their vacations (DATA/players.json, replaced atomically).
 *
 * The record is the list of the player's requests ("vacation 5 days", "vacation end",
 * "timezone Europe/Paris"), each under the key of the mail that made it. What a player's
 * vacations and time zone are is read by folding that list, optionally without one mail's
 * request: a mail processed again after a crash sees the record as it was before it, and
 * applying it again replaces its request instead of adding a second. A struct players is
 * the caller's; players_load() fills it, players_free() empties it. */
#ifndef TEMPEST_PLAYERS_H
#define TEMPEST_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "store/store.h"

enum player_req_kind { REQ_VACATION, REQ_VACATION_END, REQ_TIMEZONE, REQ_LANGUAGE, REQ_NAME,
		       REQ_ADDRESS };

struct player_req {
	char key[KEY_MAX];              /* the mail's key */
	enum player_req_kind kind;
	long long at;                   /* when it was made */
	long long start, end;           /* REQ_VACATION */
	char tz[64];                    /* REQ_TIMEZONE; REQ_LANGUAGE: its code ("nl");
					 * REQ_NAME: the name; REQ_ADDRESS: "public" or
					 * "hidden" */
};

struct player_rec {
	char address[ADDR_MAX];
	struct player_req *req;
	size_t nreq;
};

struct players {
	size_t n;
	struct player_rec *p;
	bool dirty;
};

/* Reads DATA/players.json (none yet: an empty registry). */
int players_load(const struct store *st, struct players *out, struct err *e);
int players_save(const struct store *st, struct players *ps, struct err *e);
/* The group commit's way (pipeline/batch.c): the registry written beside the one in place
 * (DATA/players.json.staged, not synced: the batch's first barrier makes it durable),
 * naming the mail that changed it (key, and its game or 0), then put in place by a rename.
 * players_staged: 1 if a staged registry is there (a run died before placing it: *key
 * and *game its cause), 0 if none (one cut short is removed). players_unstage drops it. */
int players_stage(const struct store *st, struct players *ps, const char *key, int game,
		  struct err *e);
int players_place(const struct store *st, struct players *ps, struct err *e);
int players_staged(const struct store *st, char *key, size_t klen, int *game, struct err *e);
void players_unstage(const struct store *st);
/* An address's vacations and time zone ("" if never set), leaving out the request made
 * by the mail `except` (NULL: none). */
void players_view(const struct players *ps, const char *address, const char *except,
		  struct vacations *vac, char tz[64]);
/* An address's language for piece letters ("nl"; "" if never set), leaving out the request
 * made by the mail `except` (NULL: none). */
void players_language(const struct players *ps, const char *address, const char *except,
		      char lang[8]);
/* An address's name for the public ("" if it chose none) and whether it allows its
 * address to be shown (`address public`). */
void players_public(const struct players *ps, const char *address, char name[64],
		    bool *address_public);
/* Each entrant of t as the public names them (public_label under rule; with no name,
 * NULL: the tables say "Player N"), by index: an array of t->nplayers in one block, the
 * caller's to free; NULL when out of memory. */
struct tournament;
const char **players_entrant_names(const struct players *ps, const struct tournament *t,
				   enum naming_rule rule);
/* A fingerprint of every name and address consent in the registry (hex SHA-256): the
 * archive's pages are written again when it changes. */
void players_public_hash(const struct players *ps, char out[65]);
/* Records what the mail `key` asked (a vacation, its end, a time zone, a language) at `now`. */
int players_apply(struct players *ps, const char *address, const char *key,
		  const struct player_change *ch, long long now, struct err *e);
void players_free(struct players *ps);

#endif
