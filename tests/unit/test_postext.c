/* test_postext.c: the position text round-trips exactly (text -> position -> text, same
 * key) for every variant file in rules/ and tests/variants/, from the start and along
 * random games; pieces outside the grid, in hand and with marks; and its errors. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/movegen.h"

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* p's text reads back as the same text and key. */
static void round_trip(const struct pos *p, struct pos *q)
{
	char a[FEN_MAX], b[FEN_MAX];
	struct err e;

	pos_to_fen(p, a, sizeof a);
	check_context("%s: %s", p->v->name, a);
	if (CHECK(pos_from_fen(q, p->v, a, &e) == 0)) {
		pos_to_fen(q, b, sizeof b);
		CHECK_STR(b, a);
		CHECK(q->key == p->key);
	} else {
		check_context("%s: %s", a, e.msg);
		CHECK(0);
	}
	check_context(NULL);
}

static int games_played, plies_played;

static void random_games(const struct variant *v, const char *start, int games, int plies)
{
	struct pos *p = test_pos(v, start), *q = malloc(sizeof *q);
	struct movelist ml;
	struct undo u;

	for (int g = 0; g < games; g++) {
		struct pos *s = test_pos(v, start);
		memcpy(p, s, sizeof *p);
		free(s);
		round_trip(p, q);
		for (int k = 0; k < plies; k++) {
			movegen_legal(p, &ml);
			if (ml.n == 0)
				break;
			pos_make(p, ml.m[rnd((unsigned)ml.n)], &u);
			if (p->nhist >= HIST_MAX - 1)
				p->nhist = 0;
			round_trip(p, q);
			plies_played++;
		}
		games_played++;
	}
	free(p);
	free(q);
}

/* Every *.json of a directory, as a path rules_load takes. */
static int variant_files(const char *dir, char names[][256], int max)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)) && n < max) {
		size_t len = strlen(de->d_name);
		if (len > 5 && !strcmp(de->d_name + len - 5, ".json"))
			snprintf(names[n++], 256, "%s/%s", dir, de->d_name);
	}
	closedir(d);
	return n;
}

static const struct { const char *variant, *fen; } specials[] = {
	/* pieces outside the grid, in hand, with marks, and all at once */
	{ "tests/variants/palace.json",
	  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR{N@wp1,n@bp2} w KQkq - 0 1" },
	{ "tests/variants/palace.json",
	  "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R[NNn]{N(1)@wp1,N(2)@wp2,n(3)@bp1,n@bp2} b KQkq - 3 9" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Q@bp2} w - - 0 1" },
	{ "chess", "rN(1)bqkbN(2)r/pppppppp/8/8/8/8/PPPPPPPP/RN(8)BQKBN(255)R[Qn] w KQkq - 0 1" },
	{ "tests/variants/draughts.json", "k1m(1)1m(2)1m(3)1/8/8/8/8/8/8/1M(4)1M(5)1M(6)1K w - - 0 1" },
};

static const struct { const char *variant, *fen, *error; } bad[] = {
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Q@zz9} w", "'zz9' is not a square" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Q@e4} w", "square e4 is on the grid" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Q@bp2,q@bp2} w", "bp2 is given twice" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Qbp2} w", "written piece@square" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{X@bp2} w", "'X' outside the board" },
	{ "tests/variants/palace.json", "4k3/8/8/8/8/8/8/4K3{Q@bp2 w", "end with '}'" },
	{ "chess", "4k3/8/8/8/8/8/8/4K3[Q w", "has no ']'" },
	{ "chess", "4k3/8/8/8/8/8/8/4K3x w", "'x' is not a piece" },
	{ "chess", "4k3/8/8/8/8/8/8/4K3[Q]x w", "neither [hand] nor {squares}" },
	{ "chess", "4k3/8/8/8/8/8/8/4K(0)3 w", "a mark is written (1) to (255)" },
	{ "chess", "4k3/8/8/8/8/8/8/4K(256)3 w", "a mark is written (1) to (255)" },
	{ "chess", "4k3/8/8/8/8/8/8/4K(1x3 w", "a mark is written (1) to (255)" },
};

int main(void)
{
	static char names[64][256];
	int n = variant_files("rules", names, 64);

	n += variant_files("tests/variants", names + n, 64 - n);
	CHECK(n >= 6);
	for (int i = 0; i < n; i++) {
		struct variant *v = test_variant(names[i]);
		random_games(v, "startpos", 4, 300);
		variant_free(v);
	}
	for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
		struct variant *v = test_variant(specials[i].variant);
		struct pos *p = test_pos(v, specials[i].fen);
		char out[FEN_MAX];
		pos_to_fen(p, out, sizeof out);
		CHECK_STR(out, specials[i].fen);
		random_games(v, specials[i].fen, 2, 150);
		free(p);
		variant_free(v);
	}
	/* marks follow castling, en passant, promotions and captures, and come back */
	static const char *const marked[] = {
		"r(1)3k(2)2r(3)/8/8/8/8/8/8/R(4)3K(5)2R(6) w KQkq - 0 1",
		"4k3/8/8/3p(1)P(2)3/8/8/8/4K3 w - d6 0 2",
		"1n(7)2k3/P(9)7/8/8/8/8/8/4K3 w - - 0 1",
	};
	struct variant *cv = test_variant("chess");
	for (size_t i = 0; i < sizeof marked / sizeof marked[0]; i++) {
		struct pos *p = test_pos(cv, marked[i]);
		test_make_unmake(p);
		free(p);
	}
	struct pos *cp = test_pos(cv, marked[0]);
	CHECK(test_play(cp, "O-O-O") == 0);
	char cf[FEN_MAX];
	pos_to_fen(cp, cf, sizeof cf);
	CHECK_STR(cf, "r(1)3k(2)2r(3)/8/8/8/8/8/8/2K(5)R(4)3R(6) b kq - 1 1");
	CHECK(test_play(cp, "Rxh1") == 0);
	pos_to_fen(cp, cf, sizeof cf);
	CHECK_STR(cf, "r(1)3k(2)3/8/8/8/8/8/8/2K(5)R(4)3r(3) w q - 0 2");
	CHECK_INT(cp->nmarked, 5);
	free(cp);
	variant_free(cv);

	/* a mark counts in the key; a plain FEN keeps the key it always had */
	struct variant *v = test_variant("chess");
	struct pos *a = test_pos(v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
	struct pos *b = test_pos(v, "4k3/8/8/8/8/8/8/4K1N(1)1 w - - 0 1");
	CHECK(a->key != b->key);
	pos_set_mark(a, 6, 1);
	CHECK(a->key == b->key);
	free(a);
	free(b);
	variant_free(v);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct pos *p = malloc(sizeof *p);
		struct err e;
		v = test_variant(bad[i].variant);
		check_context("%s", bad[i].fen);
		CHECK_INT(pos_from_fen(p, v, bad[i].fen, &e), -1);
		CHECK_HAS(e.msg, bad[i].error);
		free(p);
		variant_free(v);
	}
	check_context(NULL);
	printf("%d games, %d plies\n", games_played, plies_played);
	return check_done();
}
