/* tournament.h: an all-play-all tournament of a two-player game kind, as the referee keeps
 * it (docs/game-masters.md, "Tournaments"): its terms, its entrants, its games (each a
 * pairing of the Berger tables, started as a game of the kind) and their results, with
 * the rating changes of the rated ones.
 *
 * Pure: no I/O, no mail, no JSON (store/tournament_json.c writes it and reads it back).
 * tn_new()/tn_free() own everything inside. Each change is one of the functions below,
 * which the caller commits as one action of the tournament's log; a change that does not
 * apply leaves the tournament as it was and says why in `why` (a phrase a mail shows:
 * the formats are msgids of the catalogues). */
#ifndef TEMPEST_TOURNAMENT_H
#define TEMPEST_TOURNAMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "tournament/glicko2.h"

#define TN_ADDR_MAX 256
#define TN_KEY_MAX 256
#define TN_TEXT_MAX 96
#define TN_TERMS_MAX 2048
#define TN_PLAYERS_MAX 400
#define TN_SECTION_MAX 40      /* the most players of one section: a crosstable's columns */
#define TN_TIME_MAX 32
#define TN_HASH_HEX 65

enum tn_status {
	TN_PROPOSED = 0,        /* an arbiter's mail made it: waits for their `open` */
	TN_OPEN,                /* taking entries (a rolling one plays already) */
	TN_RUNNING,             /* the entry is closed, the games go on */
	TN_FINISHED,            /* every game has its result */
	TN_CANCELLED,           /* the entry closed with fewer than two entrants */
};

struct tn_terms {
	char variant[32];
	char name[TN_TEXT_MAX];         /* the event, PGN's Event; "" until named */
	char site[TN_TEXT_MAX];         /* PGN's Site; "" : "By email" */
	char arbiter[TN_ADDR_MAX];      /* told of every result, or "" */
	bool double_rr;                 /* each pair plays both colours */
	bool rolling;                   /* a game starts when both its players are in */
	bool rated;
	int section;                    /* the most players of one section (0: one section) */
	int win, draw, loss;            /* the points of a game, in half-points (2 1 0) */
	int players;                    /* the entry closes at this many (0: no number) */
	long long closes;               /* the entry closes at this time (0: no date) */
	char games[TN_TERMS_MAX];       /* the games' own terms, a line each, as a challenge
					 * writes them ("time 3 days per move", "cards 1-20") */
};

struct tn_player {
	char address[TN_ADDR_MAX];
	char name[TN_TEXT_MAX];         /* as their mail's From gave it, or "" */
	int section;                    /* 1-based; 0 before the draw */
	int number;                     /* the table number in the section; 0 before the draw */
	bool withdrawn;
	char joined[TN_TIME_MAX], withdrew[TN_TIME_MAX];       /* ISO 8601, UTC */
};

/* One game of the tables: who plays whom, in which round, and what came of it. */
struct tn_game {
	int section, round;             /* rounds count on through a double's second cycle */
	int white, black;               /* indices in players */
	int game;                       /* the game's number, 0 until it starts */
	char result[8];                 /* "" until decided: "1-0", "0-1", "1/2-1/2" */
	bool forfeit;                   /* decided without play: + and - in the crosstable */
	bool rated;                     /* counted in the ratings */
	struct glicko before[2], after[2];      /* White's and Black's rating around it */
};

struct tournament {
	int id;
	enum tn_status status;
	struct tn_terms terms;
	char created[TN_TIME_MAX], updated[TN_TIME_MAX];
	char proposer[TN_ADDR_MAX];     /* the arbiter whose mail proposed it, or "" */
	int next, previous;             /* a full rolling tournament opens the next (0: none) */
	size_t nplayers;
	struct tn_player *players;
	size_t ngames;
	struct tn_game *games;
	size_t nkeys;
	char (*keys)[TN_KEY_MAX];       /* the actions applied: a mail's key, the referee's */
	size_t nsent;
	char (*sent)[TN_KEY_MAX];       /* the Message-IDs of the mails committed with them */
	long long log_size;             /* bytes of the tournament's log this state matches */
	int actions;                    /* how many actions made it */
};

struct tournament *tn_new(void);
void tn_free(struct tournament *t);
/* A copy (NULL when memory runs out): a change tried on it leaves the original whole. */
struct tournament *tn_copy(const struct tournament *t);
const char *tn_status_name(enum tn_status s);
int tn_status_of(const char *name);             /* -1 if none */
/* The event's name: its own, else "tempest tournament N". */
const char *tn_event(const struct tournament *t, char *buf, size_t len);

/* ---- the terms (terms.c) ---- */

/* The defaults: all-play-all once, 1/½/0, rated, the entry open until closed by hand. */
void tn_terms_default(struct tn_terms *terms);
/* Reads one line of terms ("name Spring Open", "players 7", "closes 2027-01-15",
 * "rolling", "double", "sections 7", "points 3/1/0", "unrated", "arbiter ADDRESS",
 * "site TEXT"), or keeps it among the games' own terms when it is none of these:
 * 1 read as a tournament's term, 0 kept for the games, -1 refused (why says why).
 * "entrants A B ..." is not a term: the caller takes it (tn_entrants_line). */
int tn_terms_line(struct tn_terms *terms, const char *line, char *why, size_t wlen);
/* The addresses of an "entrants" line, one after the other into addr (a NUL-separated
 * list of up to max addresses); -1 if the line is not one or an address is not one. */
int tn_entrants_line(const char *line, char (*addr)[TN_ADDR_MAX], int max, int *n);
/* Whether the terms hold together (rolling needs a number of players, sections a size of
 * three or more ...): 0, or -1 with why. */
int tn_terms_check(const struct tn_terms *terms, char *why, size_t wlen);
/* The terms as the lines tn_terms_line reads (the games' own last), into out. */
void tn_terms_text(const struct tn_terms *terms, char *out, size_t len);
/* "1/½/0": the points of a win, a draw and a loss. */
const char *tn_points_text(const struct tn_terms *terms, char *out, size_t len);

/* ---- changes (tournament.c) ---- */

/* An entry: 0, or -1 refused (closed, full, entered already). In a rolling tournament
 * the new entrant's games against those in are added, due to start. */
int tn_join(struct tournament *t, const char *address, const char *name, const char *now,
	    char *why, size_t wlen);
/* A withdrawal: before the draw the entry is struck out; after it, the entrant's games
 * not yet decided are lost by forfeit (those that never started at once; those in play
 * once the referee has ended them: tn_forfeits_due). 0, or -1 refused. */
int tn_withdraw(struct tournament *t, const char *address, const char *now, char *why,
		size_t wlen);
/* The entry closes: sections drawn (by rating where the caller gives each entrant's,
 * rating[i] for players[i], else in the order of entry), table numbers in the order of
 * entry, and every game of the tables added, due to start. Fewer than two entrants cancel
 * the tournament. 0, or -1 (not open). */
int tn_close(struct tournament *t, const double *rating);
/* The same with the sections and table numbers already drawn (a replay applies the draw
 * its log records). */
int tn_close_drawn(struct tournament *t);
/* Should the entry close now, at time now (epoch)? Its date passed, or its number reached
 * (all-at-once: tn_join reached it). */
bool tn_closing_due(const struct tournament *t, long long now);
/* The games due to start (both players in, none started): their indices into idx (room
 * for t->ngames); their count. */
size_t tn_due(const struct tournament *t, size_t *idx);
/* Game number `game` started for games[i]. */
void tn_started(struct tournament *t, size_t i, int game);
/* The games of withdrawn entrants still in play (the referee ends them by forfeit): their
 * indices into idx; their count. */
size_t tn_forfeits_due(const struct tournament *t, size_t *idx);
/* The tournament's game of that number, or -1. */
long tn_game_of(const struct tournament *t, int game);
/* The result of game number `game`: 0, 1 (not one of its games, or decided already). */
int tn_result(struct tournament *t, int game, const char *result, bool forfeit, bool rated);
/* Every game decided and the entry closed: the tournament is over (status TN_FINISHED). */
bool tn_complete(const struct tournament *t);
/* Whether an action's key was applied; recorded. */
bool tn_has_key(const struct tournament *t, const char *key);
int tn_add_key(struct tournament *t, const char *key);
int tn_add_sent(struct tournament *t, const char *id);
/* The index of the entrant of that address, or -1. */
long tn_player_of(const struct tournament *t, const char *address);
/* The sections there are (1 before the draw). */
int tn_sections(const struct tournament *t);
/* The hash of everything that makes two states of the tournament the same (its terms,
 * entrants, games, results and rating changes; not the keys, the mails or the log). */
void tn_hash(const struct tournament *t, char out[TN_HASH_HEX]);

#endif
