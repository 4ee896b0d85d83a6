/* betza.h: a piece's powers written in Betza notation, parsed into plain move vectors.
 *
 * Supported: the atoms W F D N A H C Z G (and L = C, J = Z as synonyms), a general leap
 * "(x,y)", the shortcuts K Q R B, riders by doubling ("NN") or a range digit ("W3"; "W0" is
 * unlimited), and the modifiers
 *   m c   move only / capture only (default both);
 *   n     lame leaper: every square on its path must be empty;
 *   j     on a leaper: exactly one square on its path must be occupied (it must jump);
 *         on a rider: the first square is passed over whatever stands on it;
 *   f b l r v s h   direction subsets, with XBetza's pairing rules (see docs/design.md, "Betza").
 * Directions are for White (forward = towards higher ranks); Black's powers are the
 * reflection across the middle rank. The caller owns a struct betza (no allocation). */
#ifndef TEMPEST_ENGINE_BETZA_H
#define TEMPEST_ENGINE_BETZA_H

#include <stdbool.h>
#include <stdint.h>

#include "util/err.h"

#define BETZA_MAX 128

enum betza_flag {
	BETZA_MOVE    = 1,      /* may go to an empty square */
	BETZA_CAPTURE = 2,      /* may capture an enemy piece */
	BETZA_LAME    = 4,      /* n: the leap's path must be empty */
	BETZA_HOP     = 8,      /* j on a leaper: exactly one path square occupied */
	BETZA_SKIP    = 16,     /* j on a rider: the first square is jumped over */
};

/* One direction of one power: a leap (range 1) or a ride of at most `range` steps
 * (0 = unlimited) by the vector (dx, dy). */
struct betza_vec {
	int8_t dx, dy;
	uint8_t range;
	uint8_t flags;
};

struct betza {
	int n;
	struct betza_vec v[BETZA_MAX];
};

/* Parses `text`; on error returns -1 and says which character is wrong and why. */
int betza_parse(const char *text, struct betza *out, struct err *e);
/* Do two parsed powers give the same moves and captures (the same vectors, whatever the
 * order or the repeats they were written in: "NW" and "WN", "NW" with "W" added)? */
bool betza_same(const struct betza *a, const struct betza *b);

/* The squares strictly between the start and the end of a leap (dx, dy), written into
 * path[] as offsets; returns how many. Straight leaps pass the squares on the line;
 * oblique ones go orthogonally first, then diagonally (the Xiangqi horse for nN). */
int betza_leap_path(int dx, int dy, int8_t path[][2], int max);

#endif
