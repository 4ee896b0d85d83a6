/* chessclock.h: correspondence time controls, counted in server time (docs/game-masters.md, "Time"). Pure:
 * every function takes "now"; nothing reads the system clock.
 *
 *   days per move      each turn, the player has D days from when it became theirs
 *   bank               D days to start with, D more after every N moves (ICCF style)
 *   Fischer            I days to start with, X days added after each move, at most C
 *   phased             D days for a deployment phase, E days added to what is left when
 *                      play begins, and a reserve of R days built by each move made with
 *                      main time left, spent only once the main time is gone
 *
 * Time runs from the moment the referee processed the mail that made it a player's turn
 * to the moment it processes their answer (never the mail's Date header). It does not run
 * while the player is on vacation. Card games add shorter windows for interceptions and
 * answers. The caller owns struct chessclock (plain data, kept in the game). */
#ifndef TEMPEST_CHESSCLOCK_H
#define TEMPEST_CHESSCLOCK_H

#include <stdbool.h>

#define DAY 86400LL
#define HOUR 3600LL
#define VACATIONS_MAX 32

enum tc_kind { TC_NONE = 0, TC_MOVE, TC_BANK, TC_FISCHER, TC_PHASED };

struct time_control {
	enum tc_kind kind;
	int days;               /* TC_MOVE: per move; TC_BANK: per period (and to start) */
	int moves;              /* TC_BANK: moves per period */
	int initial, increment, cap;    /* TC_FISCHER, days; TC_PHASED: deployment, engagement */
	int reserve;                    /* TC_PHASED: days of reserve each move builds */
	int intercept_hours;    /* card games: the window to intercept a move (0: none) */
	int answer_hours;       /* card games: the window to answer an interception */
};

enum clock_window { WINDOW_NONE = 0, WINDOW_INTERCEPT, WINDOW_ANSWER };

#define CLOCKS_MAX 24           /* one clock per seat (store.c says "2 to 24 seats") */

struct chessclock {
	struct time_control tc;
	unsigned running;               /* bit c: the clock of seat c runs */
	long long since;                /* since when */
	long long remaining[CLOCKS_MAX];        /* bank and Fischer: seconds left at `since` */
	long long extra[CLOCKS_MAX];    /* the game master's extensions of the current turn */
	long long reserve[CLOCKS_MAX];  /* TC_PHASED: the reserve built (spent after `remaining`) */
	int moves[CLOCKS_MAX];          /* moves made (bank periods) */
	enum clock_window window;
	long long draw_offer_at;        /* when the pending draw offer was made, or 0 */
};

struct vacation {
	long long start, end;
};

/* A player's vacations (from the players' registry), borrowed by the functions below. */
struct vacations {
	int n;
	struct vacation v[VACATIONS_MAX];
};

/* "3 days per move", "30 days per 10 moves", "fischer 10 days + 1 day, max 30",
 * "deployment 5 days + 25 days, reserve 1 day per move": reads
 * `spec` into tc (windows untouched); -1 with the reason in `why`. */
int chessclock_parse(const char *spec, struct time_control *tc, char *why, int wlen);
/* The control in words, e.g. "3 days per move". */
void chessclock_describe(const struct time_control *tc, char *buf, int len);

/* A game starts: both clocks full; `running` start at now. */
void chessclock_start(struct chessclock *cl, unsigned running, long long now);
/* The clocks running now stop for colour c (its move is made): time used is charged,
 * bank and increment applied; then `next` start at now, in `window`. */
/* As chessclock_move for an action that is part of a turn but completes none (an
 * interception, an answer to one): its time is charged, no move counted, no increment. */
void chessclock_charge(struct chessclock *cl, int c, unsigned next, enum clock_window window,
		       long long now, const struct vacations *vac);
void chessclock_move(struct chessclock *cl, int c, unsigned next, enum clock_window window, long long now,
		const struct vacations *vac);
/* The clocks that run began at `since`; they begin at now instead: the time between is
 * no one's (a mail that waited for the referee). */
void chessclock_resume(struct chessclock *cl, long long now);
/* `next` run from now, in `window` (clocks already running go on from their start). */
void chessclock_set(struct chessclock *cl, unsigned next, enum clock_window window, long long now);
/* c's clock stops without a move being charged (a card game's setup is done for c). */
void chessclock_release(struct chessclock *cl, int c);
/* TC_PHASED: the deployment is over; the engagement time is added to what each player has
 * left (a player out of time starts from nothing). Nothing for other controls. */
void chessclock_engage(struct chessclock *cl);
/* Every time of the control multiplied by `factor` (a variant doubling its times). */
void chessclock_scale(struct time_control *tc, int factor);
/* Stops everything (the game is over). */
void chessclock_stop(struct chessclock *cl);

/* When colour c runs out if its clock keeps running (vacations counted), or 0 if its
 * clock is not running. For a window, when the window closes. */
long long chessclock_deadline(const struct chessclock *cl, int c, const struct vacations *vac);
/* The deadline a reader and a reminder speak of: the one place that decides which deadline
 * is due for colour c of game g. It is chessclock_deadline(), except while an interception
 * window is open on a plain move: an interception is optional, so what is due is the move
 * (chessclock_move_deadline). 0 if c's clock is not running. */
struct game;
long long chessclock_due(const struct game *g, int c);
/* The move deadline alone, ignoring any window (0 if not running). */
long long chessclock_move_deadline(const struct chessclock *cl, int c, const struct vacations *vac);
/* Seconds of c's own time left now (for display); running or not. */
long long chessclock_left(const struct chessclock *cl, int c, long long now, const struct vacations *vac);

/* Seconds of [from, to) that fall in a vacation. */
long long vacation_overlap(const struct vacations *vac, long long from, long long to);
/* Days of vacation taken (or booked) in the calendar year (UTC) of `when`. */
int vacation_days_in_year(const struct vacations *vac, long long when);

#endif
