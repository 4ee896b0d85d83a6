/* glicko2.h: Glicko-2 ratings, as Mark Glickman's "Example of the Glicko-2 system"
 * (Boston University, 2013) computes them, step by step: a rating, its deviation (RD) and
 * its volatility, updated from the games of one rating period against opponents taken at
 * their ratings before that period. Pure arithmetic: no I/O. */
#ifndef TEMPEST_GLICKO2_H
#define TEMPEST_GLICKO2_H

#include <stdbool.h>

/* A new player's rating (the paper's step 1) and the system constant τ of its example. */
#define GLICKO_RATING 1500.0
#define GLICKO_RD 350.0
#define GLICKO_VOLATILITY 0.06
#define GLICKO_TAU 0.5
/* A rating whose deviation is above this is provisional, marked "?" (lichess's threshold:
 * a deviation of 110 is some 220 points either way at 95%). */
#define GLICKO_PROVISIONAL_RD 110.0

struct glicko {
	double rating, rd, volatility;
};

/* One game of the period: the opponent's rating and deviation before the period, and the
 * score (1 a win, 0.5 a draw, 0 a loss). */
struct glicko_game {
	double rating, rd, score;
};

/* The rating after a period of n games (n 0: a period without games, whose deviation
 * grows by the volatility, step 6 alone). tau: the system constant (GLICKO_TAU). */
void glicko2_rate(const struct glicko *before, const struct glicko_game *games, int n,
		  double tau, struct glicko *after);
/* The default rating of a player who has none. */
struct glicko glicko2_new(void);
bool glicko2_provisional(const struct glicko *g);

#endif
