/* standings.h: a section's standings and crosstable (docs/game-masters.md, "Tournaments"):
 * points by the tournament's scheme, then the tie-breaks of FIDE Handbook C.07 (Tie-Break
 * Regulations) in this order: Sonneborn-Berger, the number of wins, the direct encounter
 * among the players still tied. Pure: no I/O, no words (render writes them). */
#ifndef TEMPEST_STANDINGS_H
#define TEMPEST_STANDINGS_H

#include <stddef.h>

#include "tournament/tournament.h"

struct tn_row {
	int player;             /* index in the tournament's players */
	int games, wins, draws, losses;         /* decided games, forfeits among them */
	int points;             /* half-points */
	long sb;                /* Sonneborn-Berger in quarter-points */
	int de;                 /* points of the direct encounter among its tie (half-points),
				 * or -1 where it does not apply */
	int rank_lo, rank_hi;   /* its place, shared by a tie that nothing breaks: 3-4 */
};

struct tn_standings {
	int section;
	size_t n;
	struct tn_row *rows;    /* best first */
	int done, total;        /* the section's games decided, and all of them */
};

/* Section s's standings (1-based; a tournament before its draw has one section of its
 * entrants); out is freed with tn_standings_free. 0, or -1 out of memory. */
int tn_standings(const struct tournament *t, int section, struct tn_standings *out);
void tn_standings_free(struct tn_standings *s);
/* What rows[i] scored against rows[j], a mark a game (the White game first in a double):
 * '1', 'h' (a draw), '0', '+', '-' (forfeits), '.' (in play or due), ' ' (none: the
 * entrant came later, or a self cell '*'). marks has room for 3; *n is how many. */
void tn_cell(const struct tournament *t, const struct tn_standings *s, size_t i, size_t j,
	     char *marks, int *n);
/* Points, in half-points, of a result for the side that scored it ('1', 'h', '0' ...). */
int tn_points_of(const struct tournament *t, char mark);

#endif
