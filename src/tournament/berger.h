/* berger.h: the pairings of an all-play-all by Berger tables, as FIDE Handbook C.05
 * (Annex 1, "Berger Tables for Round-Robin Tournaments") prints them: for n players (an
 * odd number plays with a dummy n+1, whose opponent has a bye), round 1 is 1-n, 2-(n-1),
 * 3-(n-2)...; in each later round the player facing n moves on by n/2 places around the
 * others, and n changes colour every round. A double round robin plays the table twice,
 * the second cycle with the colours reversed. Pure: no I/O. */
#ifndef TEMPEST_BERGER_H
#define TEMPEST_BERGER_H

/* The rounds of one cycle for n players (n - 1, or n for an odd n). */
int berger_rounds(int n);
/* The games of round r (1-based, of one cycle) for n players: white[i] and black[i] are
 * table numbers (1-based), board 1 first; a pairing with the dummy of an odd n is left
 * out. Returns the number of games (at most n / 2). */
int berger_round(int n, int r, int *white, int *black);
/* The round (1-based, of one cycle) in which numbers a and b meet, and whether a has
 * White then (*a_white); 0 if a == b or either is out of 1..n. */
int berger_meeting(int n, int a, int b, int *a_white);

#endif
