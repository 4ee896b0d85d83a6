/* test_betza.c: Betza notation in, move vectors out; and pieces built from it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/betza.h"
#include "engine/movegen.h"
#include "engine/pos.h"
#include "engine/variant.h"

static int cmp(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* "(dx,dy)" + range ("*" unlimited, a number) + m/c (one-sided) + n/j/s (path). */
static void render(const struct betza *b, char *out, size_t len)
{
	char items[BETZA_MAX][32];
	size_t at = 0;

	for (int i = 0; i < b->n; i++) {
		const struct betza_vec *v = &b->v[i];
		char range[8] = "";
		if (v->range != 1)
			snprintf(range, sizeof range, "%s", v->range ? "" : "*");
		if (v->range > 1)
			snprintf(range, sizeof range, "%d", v->range);
		snprintf(items[i], sizeof items[i], "(%d,%d)%s%s%s%s%s", v->dx, v->dy, range,
			 (v->flags & 3) == BETZA_MOVE ? "m" : "", (v->flags & 3) == BETZA_CAPTURE ? "c" : "",
			 v->flags & BETZA_LAME ? "n" : "", v->flags & BETZA_HOP ? "j" :
			 v->flags & BETZA_SKIP ? "s" : "");
	}
	qsort(items, (size_t)b->n, sizeof items[0], cmp);
	out[0] = 0;
	for (int i = 0; i < b->n; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", items[i]);
}

static const struct { const char *betza, *want; } ok_cases[] = {
	{ "W", "(-1,0) (0,-1) (0,1) (1,0)" },
	{ "F", "(-1,-1) (-1,1) (1,-1) (1,1)" },
	{ "D", "(-2,0) (0,-2) (0,2) (2,0)" },
	{ "A", "(-2,-2) (-2,2) (2,-2) (2,2)" },
	{ "H", "(-3,0) (0,-3) (0,3) (3,0)" },
	{ "G", "(-3,-3) (-3,3) (3,-3) (3,3)" },
	{ "N", "(-1,-2) (-1,2) (-2,-1) (-2,1) (1,-2) (1,2) (2,-1) (2,1)" },
	{ "C", "(-1,-3) (-1,3) (-3,-1) (-3,1) (1,-3) (1,3) (3,-1) (3,1)" },
	{ "L", "(-1,-3) (-1,3) (-3,-1) (-3,1) (1,-3) (1,3) (3,-1) (3,1)" },
	{ "Z", "(-2,-3) (-2,3) (-3,-2) (-3,2) (2,-3) (2,3) (3,-2) (3,2)" },
	{ "(4,1)", "(-1,-4) (-1,4) (-4,-1) (-4,1) (1,-4) (1,4) (4,-1) (4,1)" },
	{ "K", "(-1,-1) (-1,0) (-1,1) (0,-1) (0,1) (1,-1) (1,0) (1,1)" },
	{ "R", "(-1,0)* (0,-1)* (0,1)* (1,0)*" },
	{ "WW", "(-1,0)* (0,-1)* (0,1)* (1,0)*" },
	{ "B", "(-1,-1)* (-1,1)* (1,-1)* (1,1)*" },
	{ "Q", "(-1,-1)* (-1,0)* (-1,1)* (0,-1)* (0,1)* (1,-1)* (1,0)* (1,1)*" },
	{ "W3", "(-1,0)3 (0,-1)3 (0,1)3 (1,0)3" },
	{ "W0", "(-1,0)* (0,-1)* (0,1)* (1,0)*" },
	{ "NN", "(-1,-2)* (-1,2)* (-2,-1)* (-2,1)* (1,-2)* (1,2)* (2,-1)* (2,1)*" },
	{ "fmWfcF", "(-1,1)c (0,1)m (1,1)c" },
	{ "mWcF", "(-1,-1)c (-1,0)m (-1,1)c (0,-1)m (0,1)m (1,-1)c (1,0)m (1,1)c" },
	{ "mWcW", "(-1,0) (0,-1) (0,1) (1,0)" },
	{ "fW", "(0,1)" },
	{ "bW", "(0,-1)" },
	{ "lW", "(-1,0)" },
	{ "rW", "(1,0)" },
	{ "vW", "(0,-1) (0,1)" },
	{ "sW", "(-1,0) (1,0)" },
	{ "flW", "(-1,0) (0,1)" },                      /* no diagonal: f or l */
	{ "fF", "(-1,1) (1,1)" },
	{ "bF", "(-1,-1) (1,-1)" },
	{ "lF", "(-1,-1) (-1,1)" },
	{ "flF", "(-1,1)" },
	{ "brF", "(1,-1)" },
	{ "fN", "(-1,2) (-2,1) (1,2) (2,1)" },
	{ "fhN", "(-1,2) (-2,1) (1,2) (2,1)" },
	{ "bN", "(-1,-2) (-2,-1) (1,-2) (2,-1)" },
	{ "lN", "(-1,-2) (-1,2) (-2,-1) (-2,1)" },
	{ "vN", "(-1,-2) (-1,2) (1,-2) (1,2)" },
	{ "sN", "(-2,-1) (-2,1) (2,-1) (2,1)" },
	{ "ffN", "(-1,2) (1,2)" },
	{ "fsN", "(-2,1) (2,1)" },
	{ "bbN", "(-1,-2) (1,-2)" },
	{ "llN", "(-2,-1) (-2,1)" },
	{ "lvN", "(-1,-2) (-1,2)" },
	{ "lfN", "(-1,2)" },
	{ "flN", "(-2,1)" },
	{ "rbN", "(1,-2)" },
	{ "fbN", "(-1,-2) (-1,2) (-2,-1) (-2,1) (1,-2) (1,2) (2,-1) (2,1)" },
	{ "ffNbbN", "(-1,-2) (-1,2) (1,-2) (1,2)" },
	{ "fR", "(0,1)*" },
	{ "fB", "(-1,1)* (1,1)*" },
	{ "WD", "(-1,0) (-2,0) (0,-1) (0,-2) (0,1) (0,2) (1,0) (2,0)" },
	{ "FA", "(-1,-1) (-1,1) (-2,-2) (-2,2) (1,-1) (1,1) (2,-2) (2,2)" },
	{ "nD", "(-2,0)n (0,-2)n (0,2)n (2,0)n" },
	{ "jD", "(-2,0)j (0,-2)j (0,2)j (2,0)j" },
	{ "nN", "(-1,-2)n (-1,2)n (-2,-1)n (-2,1)n (1,-2)n (1,2)n (2,-1)n (2,1)n" },
	{ "jR", "(-1,0)*s (0,-1)*s (0,1)*s (1,0)*s" },
	{ "mfnD", "(0,2)mn" },
	{ "cK", "(-1,-1)c (-1,0)c (-1,1)c (0,-1)c (0,1)c (1,-1)c (1,0)c (1,1)c" },
};

static const struct { const char *betza, *error; } bad_cases[] = {
	{ "", "needs its powers" },
	{ "X", "'X' at 1 is not a Betza atom" },
	{ "fxW", "'x' at 2 is not a Betza modifier" },
	{ "hN", "'h' (half) must follow a direction" },
	{ "jW", "'j' needs a leap with squares to jump over" },
	{ "nR", "'n' (lame) applies to leapers, not riders" },
	{ "Nf", "ends with modifiers but no piece letter" },
	{ "(4,x)", "a leap is written (x,y)" },
	{ "(0,0)", "must have coordinates 0..15" },
	{ "W99", "range 99 is too long" },
	{ "ffW", NULL },                                /* legal: forward, twice said */
};

/* A one-piece variant on an empty 8x8 board, to count a piece's moves from a square. */
static int moves_from(const char *betza, const char *fen)
{
	struct err e;
	struct variant *v = variant_new("probe");
	struct pos *p = malloc(sizeof *p);
	int n = -1;

	variant_set_board(v, 8, 8, &e);
	variant_add_piece(v, 'T', "Tester", betza, &e);
	snprintf(v->setup, sizeof v->setup, "%s", fen);
	if (variant_compile(v, &e) == 0 && pos_from_fen(p, v, fen, &e) == 0)
		n = movegen_count(p);
	else
		fprintf(stderr, "%s\n", e.msg);
	free(p);
	variant_free(v);
	return n;
}

int main(void)
{
	char got[2048];
	struct betza b;
	struct err e;

	for (size_t i = 0; i < sizeof ok_cases / sizeof ok_cases[0]; i++) {
		check_context("betza %s", ok_cases[i].betza);
		if (!CHECK(betza_parse(ok_cases[i].betza, &b, &e) == 0))
			continue;
		render(&b, got, sizeof got);
		CHECK_STR(got, ok_cases[i].want);
	}
	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		check_context("betza %s", bad_cases[i].betza);
		e.msg[0] = 0;
		int rc = betza_parse(bad_cases[i].betza, &b, &e);
		if (bad_cases[i].error) {
			CHECK_INT(rc, -1);
			CHECK_HAS(e.msg, bad_cases[i].error);
		} else
			CHECK_INT(rc, 0);
	}
	check_context(NULL);

	/* lame and jumping leaps follow the path: the Xiangqi horse is blocked next to it */
	int8_t path[8][2];
	CHECK_INT(betza_leap_path(1, 2, path, 8), 1);
	CHECK_INT(path[0][0], 0);
	CHECK_INT(path[0][1], 1);
	CHECK_INT(betza_leap_path(3, 0, path, 8), 2);
	CHECK_INT(betza_leap_path(3, 2, path, 8), 2);
	CHECK_INT(betza_leap_path(1, 1, path, 8), 0);

	/* TigerChess's TigerKnight: every non-linear square of the 7x7 box, NCZ; the
	 * Siberian one adds four long linear jumps (read as H). From d4 all are on board. */
	CHECK_INT(moves_from("NCZ", "8/8/8/8/3T4/8/8/8 w - -"), 24);
	CHECK_INT(moves_from("NCZH", "8/8/8/8/3T4/8/8/8 w - -"), 28);
	CHECK_INT(moves_from("NCZ", "8/8/8/8/8/8/8/T7 w - -"), 6);
	/* lancers jump: WD on a crowded square still reaches its two-step squares */
	CHECK_INT(moves_from("WD", "8/8/8/3t4/2tTt3/3t4/8/8 w - -"), 8);
	CHECK_INT(moves_from("FA", "8/8/8/2t1t3/3T4/2t1t3/8/8 w - -"), 8);
	/* lame: nD is blocked by anything between; jD needs exactly that */
	CHECK_INT(moves_from("nD", "8/8/8/3t4/2tTt3/3t4/8/8 w - -"), 0);
	CHECK_INT(moves_from("jD", "8/8/8/3t4/2tTt3/3t4/8/8 w - -"), 4);
	CHECK_INT(moves_from("jD", "8/8/8/8/3T4/8/8/8 w - -"), 0);
	/* the Xiangqi horse on d4 with d5 blocked loses c6 and e6 */
	CHECK_INT(moves_from("nN", "8/8/8/3t4/3T4/8/8/8 w - -"), 6);
	/* a rider that skips its first square: jR from a1 on an empty board */
	CHECK_INT(moves_from("jR", "8/8/8/8/8/8/8/T7 w - -"), 12);
	CHECK_INT(moves_from("NN", "8/8/8/8/8/8/8/T7 w - -"), 6);
	/* "WR" reaches the next square two ways: counted once */
	CHECK_INT(moves_from("WR", "8/8/8/8/8/8/8/T7 w - -"), 14);
	/* black's forward is down the board */
	CHECK_INT(moves_from("fW", "8/8/8/8/8/8/8/t7 b - -"), 0);
	CHECK_INT(moves_from("fW", "t7/8/8/8/8/8/8/8 b - -"), 1);
	return check_done();
}
