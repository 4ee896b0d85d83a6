/* ratings.h: every player's rating in each variant (docs/game-masters.md, "Ratings"):
 * Glicko-2, each rated game its own rating period for its two players, as lichess rates
 * (period_days 0), or periods of period_days days, as Glickman's paper has them: a
 * player's games of a period are rated together against the ratings their opponents had
 * when it began, and the deviation of a player who did not play grows. Pure: no I/O
 * (store/ratings_json.c reads and writes DATA/ratings.json). A struct tn_ratings is the
 * caller's; tn_ratings_free() empties it. */
#ifndef TEMPEST_RATINGS_H
#define TEMPEST_RATINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "tournament/glicko2.h"
#include "tournament/tournament.h"

#define TN_RATED_KEY 48         /* "T/G": the tournament and the game rated */

struct tn_period_game {
	struct glicko_game g;           /* the opponent as the period began, the score */
	char key[TN_RATED_KEY];
};

struct tn_rated {
	char address[TN_ADDR_MAX];
	struct glicko rating;           /* now */
	struct glicko prev;             /* before the last game rated */
	struct glicko base;             /* as the current period began (periods by option) */
	int games;                      /* rated games */
	char last[TN_RATED_KEY];        /* the last game rated, or "" */
	size_t nperiod;
	struct tn_period_game *period;  /* this period's games (periods by option) */
};

struct tn_variant_ratings {
	char variant[32];
	long long period;               /* the current period's number (periods by option) */
	size_t n;
	struct tn_rated *p;
};

struct tn_ratings {
	int period_days;                /* 0: each game its own period */
	size_t n;
	struct tn_variant_ratings *v;
};

void tn_ratings_free(struct tn_ratings *r);
/* A player's rating in a variant now (a new player's if none: *known false). */
struct glicko tn_rating_now(const struct tn_ratings *r, const char *variant,
			    const char *address, bool *known);
/* The player's record, or NULL. */
const struct tn_rated *tn_rated_of(const struct tn_ratings *r, const char *variant,
				   const char *address);
/* Rates a game (its key "T/G") between white and black that ended `result` at time now:
 * their ratings before and after into before[2] and after[2] (White's, Black's). A game
 * rated already (its key the players' last) gives its record and changes nothing.
 * 0, or -1 out of memory. */
int tn_ratings_apply(struct tn_ratings *r, const char *variant, const char *white,
		     const char *black, const char *result, const char *key, long long now,
		     struct glicko before[2], struct glicko after[2]);
/* Sets a player's rating as a record says it became (a replay; a run that died between
 * the tournament's commit and the ratings'): unless its key is their last already. */
int tn_ratings_set(struct tn_ratings *r, const char *variant, const char *address,
		   const struct glicko *before, const struct glicko *after, const char *key);
/* The variant's records, best rating first (the caller frees the array, not the
 * records); NULL when memory runs out or there are none. */
const struct tn_rated **tn_ratings_sorted(const struct tn_ratings *r, const char *variant,
					  size_t *n);

#endif
