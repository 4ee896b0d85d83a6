/* test_tigerchess_kind.c: TigerChess's deployment (src/kinds/tigerchess/): the squares
 * allowed at every posting of each variation, against the seed's own counts and examples;
 * the TigerVariation's Guards; the dice from their seed; the game points of each result;
 * the seed's abbreviations as move text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/notation.h"
#include "enginetest.h"
#include "kinds/tigerchess/tigerchess.h"

#define TIGER "rules/tigerchess.json"

static int count(uint64_t m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

static void allowed_text(uint64_t m, char *buf)
{
	*buf = 0;
	for (int s = 0; s < 64; s++)
		if (m >> s & 1)
			sprintf(buf + strlen(buf), "%s%c%d", *buf ? " " : "", 'a' + s % 8, s / 8 + 1);
}

/* Posts `squares` (NULL: the first allowed square each time) and checks the number of
 * squares allowed before each posting. */
static void deploy(const struct variant *v, int variation, const char *const *squares,
		   const int counts[TC_POSTINGS], const char *final_fen)
{
	struct tigerchess tc = { .variation = variation, .stage = TC_POSTING };
	struct pos *p = test_pos(v, "startpos");
	char why[160], sq[3], fen[FEN_MAX];

	for (int k = 0; k < TC_POSTINGS; k++) {
		uint64_t m = tc_allowed(&tc, v);
		check_context("variation %d, posting %d", variation, k + 1);
		CHECK_INT(count(m), counts[k]);
		if (squares)
			snprintf(sq, sizeof sq, "%s", squares[k]);
		else {
			int s = 0;
			while (s < 64 && !(m >> s & 1))
				s++;
			sq[0] = (char)('a' + s % 8), sq[1] = (char)('1' + s / 8), sq[2] = 0;
		}
		CHECK(tc_post(&tc, p, sq, why, sizeof why) == 0);
	}
	check_context(NULL);
	CHECK_INT(tc.stage, TC_ENGAGED);
	CHECK_INT(tc_next(&tc), -1);
	if (final_fen) {
		pos_to_fen(p, fen, sizeof fen);
		CHECK_STR(fen, final_fen);
	}
	free(p);
}

static void variations(const struct variant *v)
{
	/* the seed's examples, square for square */
	static const char *const countdown[] = { "c6", "f4", "b3", "h5", "c5", "g3", "e4", "a6" };
	static const char *const symmetrical[] = { "c6", "c3", "g4", "g5", "c5", "c4", "h3", "h6" };
	static const int open_n[] = { 16, 16, 15, 15, 14, 14, 13, 13 };
	static const int countdown_n[] = { 16, 15, 14, 13, 12, 11, 10, 9 };
	static const int dragon_n[] = { 16, 8, 7, 7, 6, 6, 5, 5 };
	static const int symmetrical_n[] = { 16, 1, 15, 1, 14, 1, 13, 1 };

	deploy(v, TC_OPEN, NULL, open_n, NULL);
	deploy(v, TC_OPEN, countdown, open_n, NULL);
	deploy(v, TC_COUNTDOWN, countdown, countdown_n, NULL);
	deploy(v, TC_COUNTDOWN, NULL, countdown_n, NULL);
	deploy(v, TC_DRAGON, NULL, dragon_n, NULL);
	deploy(v, TC_SYMMETRICAL, symmetrical, symmetrical_n, NULL);
	deploy(v, TC_SYMMETRICAL, NULL, symmetrical_n, NULL);

	/* the Countdown example's fourth step: not F5 nor B6 (and not his own C6) */
	struct tigerchess tc = { .variation = TC_COUNTDOWN, .stage = TC_POSTING, .nposted = 3 };
	char buf[256], why[160];
	memcpy(tc.posted, (char[3][3]){ "c6", "f4", "b3" }, sizeof(char[3][3]));
	allowed_text(tc_allowed(&tc, v), buf);
	CHECK_STR(buf, "a5 b5 c5 d5 e5 g5 h5 a6 d6 e6 f6 g6 h6");
	/* Dragon: the Bengal's first opposite the Siberian's c6, then his own colour */
	tc = (struct tigerchess){ .variation = TC_DRAGON, .stage = TC_POSTING, .nposted = 1 };
	memcpy(tc.posted[0], "c6", 3);
	allowed_text(tc_allowed(&tc, v), buf);
	CHECK_STR(buf, "a3 c3 e3 g3 b4 d4 f4 h4");
	/* a refused posting: the square, then the turn's order */
	struct pos *p = test_pos(v, "startpos");
	tc = (struct tigerchess){ .variation = TC_COUNTDOWN, .stage = TC_POSTING };
	CHECK(tc_post(&tc, p, "c3", why, sizeof why) == -1);
	CHECK_STR(why, "the Countdown Swordsman may not be posted on c3");
	CHECK(tc_post(&tc, p, "c6", why, sizeof why) == 0);
	CHECK(tc_post(&tc, p, "c3", why, sizeof why) == -1);   /* the symmetrical square */
	CHECK(tc_post(&tc, p, "z9", why, sizeof why) == -1);
	CHECK_STR(why, "'z9' is not a square of the Chessfield");
	free(p);
}

/* TigerVariation 2: the Standard to the King's Lancer, the Guard to his wing, the
 * TigerKnight to the Watchtower; the Siberian first. */
static void guards(const struct variant *v)
{
	struct tigerchess tc = { .tiger = true, .stage = TC_GUARDS, .guard = { -1, -1 } };
	struct pos *p = test_pos(v, "startpos");
	char why[160], fen[FEN_MAX];

	CHECK_INT(tc_next(&tc), BLACK);
	CHECK(tc_post_guard(&tc, p, BLACK, "e", why, sizeof why) == 0);
	CHECK_INT(tc_next(&tc), WHITE);
	CHECK(tc_post_guard(&tc, p, WHITE, "b", why, sizeof why) == -1);
	CHECK_STR(why, "the Guard goes to the C, D, E or F wing, not 'b'");
	CHECK(tc_post_guard(&tc, p, WHITE, "c", why, sizeof why) == 0);
	CHECK_INT(tc.stage, TC_POSTING);
	CHECK_INT(tc_next(&tc), BLACK);
	pos_to_fen(p, fen, sizeof fen);
	CHECK(strstr(fen, "tmbqkbet/") == fen);
	CHECK(strstr(fen, "/TMBQKBET{") != NULL);
	CHECK(strstr(fen, "G@c0,Z@bw,") != NULL);
	CHECK(strstr(fen, "g@e10,y@sw,") != NULL);
	free(p);
}

/* Rules 17 and 17a from the seed: the same seed, the same casts. */
static void dice(void)
{
	struct tigerchess a = { 0 }, b = { 0 };
	uint8_t key[32] = { 1, 2, 3 };
	int seen[7] = { 0 }, tiger = 0;

	tc_seed(&a, key, sizeof key, 1);
	tc_seed(&b, key, sizeof key, 1);
	CHECK(!memcmp(a.seed, b.seed, sizeof a.seed));
	tc_seed(&b, key, sizeof key, 2);
	CHECK(memcmp(a.seed, b.seed, sizeof a.seed) != 0);
	for (int game = 1; game <= 600; game++) {
		tc_seed(&a, key, sizeof key, game);
		tc_cast(&a);
		CHECK(a.die >= 1 && a.die <= 6);
		seen[a.die]++;
		CHECK_INT(a.variation, a.die == 1 ? TC_SYMMETRICAL : a.die % 2 ? TC_DRAGON : TC_COUNTDOWN);
		CHECK_INT(a.tiger, a.dice[0] == a.dice[1]);
		tiger += a.tiger;
	}
	for (int d = 1; d <= 6; d++)
		CHECK(seen[d] > 60);    /* about 100 each */
	CHECK(tiger > 60 && tiger < 150);       /* about one in six */
	a.agreed_open = true;
	tc_cast(&a);
	CHECK_INT(a.die, 0);
	CHECK_INT(a.variation, TC_OPEN);
	char commit[65];
	tc_commitment(&a, 1, commit);
	CHECK_INT((int)strlen(commit), 64);
}

static void points(const struct variant *v)
{
	struct tigerchess plain = { 0 }, tiger = { .tiger = true, .guard = { 2, 1 } };
	struct tigerchess deploying = { .tiger = true, .guard = { -1, -1 } };
	struct pos *p = test_pos(v, "q3E3/8/8/8/8/8/8/3Q4{g@e10} w - - 0 1");
	struct pos *nobearer = test_pos(v, "q7/8/8/8/8/8/8/3Q4{g@e10} w - - 0 1");
	static const struct { bool tiger, bearer; const char *result, *why; int w, b; } cases[] = {
		{ false, true, "1-0", "checkmate", 3, 0 },
		{ false, true, "0-1", "resignation", 0, 3 },
		{ false, true, "1-0", "time", 3, 0 },
		{ false, true, "1/2-1/2", "stalemate", 1, 1 },
		{ false, true, "1/2-1/2", "draw agreed", 1, 1 },
		{ true, true, "1-0", "occupation of the Palace", 6, 0 },
		{ true, true, "1-0", "checkmate", 3, 0 },
		{ true, true, "1-0", "resignation", 6, 0 },
		{ true, false, "1-0", "resignation", 3, 0 },
		{ true, false, "1-0", "time", 3, 0 },
		{ true, true, "1/2-1/2", "draw agreed", 0, 0 },
		{ true, true, "*", "", 0, 0 },
	};
	/* before the Guards are posted nobody has a Standard Bearer, nor has lost one: a
	 * concession or a loss on time scores 6 (TigerVariation 6) */
	static const struct { const char *result, *why; int w, b; } before[] = {
		{ "1-0", "resignation", 6, 0 }, { "0-1", "time", 0, 6 },
	};
	for (size_t i = 0; i < sizeof before / sizeof before[0]; i++) {
		int pts[2];
		check_context("before the Guards: %s %s", before[i].result, before[i].why);
		tc_points(&deploying, nobearer, before[i].result, before[i].why, pts);
		CHECK_INT(pts[WHITE], before[i].w);
		CHECK_INT(pts[BLACK], before[i].b);
	}
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int pts[2];
		check_context("%s %s %s", cases[i].tiger ? "tiger" : "plain", cases[i].result,
			      cases[i].why);
		tc_points(cases[i].tiger ? &tiger : &plain, cases[i].bearer ? p : nobearer,
			  cases[i].result, cases[i].why, pts);
		CHECK_INT(pts[WHITE], cases[i].w);
		CHECK_INT(pts[BLACK], cases[i].b);
	}
	check_context(NULL);
	free(p);
	free(nobearer);
}

/* The seed's abbreviations as move text, read as SAN (the Baron and Baroness told apart
 * by their squares' colour), and refused for the other army or when unknown. */
static void abbreviations(const struct variant *v)
{
	static const struct { const char *in, *out; } white[] = {
		{ "BPK-e4", "e4" }, { "BPKe3", "e3" }, { "BQ-e2", "Qe2" }, { "BQe2", "Qe2" },
		{ "BKG-h5", "Kh5" }, { "BKL-g3", "Lg3" }, { "BQL-b3", "Mb3" }, { "BKT-h2", "Th2" },
		{ "BQTxa2", "Txa2" }, { "BKN-d6", "Nd6" }, { "BENTKN-e5", "Ze5" }, { "BA-c6", "Ac6" },
		{ "BS-c4", "Sc4" }, { "BG-e3", "Ge3" }, { "BSD-e10", "Ee10" }, { "BBN-c4", "Bf1c4" },
		{ "BBS-e3", "Bc1e3" }, { "e4", "e4" }, { "Bc4", "Bc4" }, { "O-O", "O-O" },
	};
	struct pos *p = test_pos(v, "startpos");
	struct move m;
	struct err e;
	char buf[64], why[160];

	for (size_t i = 0; i < sizeof white / sizeof white[0]; i++) {
		check_context("%s", white[i].in);
		const char *t = tc_abbrev_move(p, white[i].in, buf, sizeof buf, why, sizeof why);
		CHECK(t != NULL);
		CHECK_STR(t ? t : "", white[i].out);
	}
	check_context(NULL);
	CHECK(tc_abbrev_move(p, "SKL-f6", buf, sizeof buf, why, sizeof why) == NULL);
	CHECK_STR(why, "SKL is Siberian personnel: the Bengal Warlord is to move");
	CHECK(tc_abbrev_move(p, "BXY-e4", buf, sizeof buf, why, sizeof why) == NULL);
	CHECK_HAS(why, "'BXY-e4' starts with no abbreviation of the seed's");
	/* played: 1 BPK-e4 SPK-e5 2 BBN-c4 (the Baron, f1) SBR-c5 (the Siberian Baron, f8) 3 BQ-e2
	 * SQL-d6 4 BKL-g1-g3 (with the square left) */
	static const char *const game[] = { "BPK-e4", "SPK-e5", "BBN-c4", "SBR-c5", "BQ-e2",
					    "SQL-d6", "BKL-g1-g3" };
	for (size_t i = 0; i < sizeof game / sizeof game[0]; i++) {
		check_context("%s", game[i]);
		const char *t = tc_abbrev_move(p, game[i], buf, sizeof buf, why, sizeof why);
		CHECK(t && notation_parse(p, t, &m, &e) == 0);
		if (t && notation_parse(p, t, &m, &e) == 0)
			CHECK(test_play(p, t) == 0);
	}
	check_context(NULL);
	char fen[FEN_MAX];
	pos_to_fen(p, fen, sizeof fen);
	CHECK(strstr(fen, "t1bqk1lt/") == fen);
	free(p);
}

int main(void)
{
	struct variant *v = test_variant(TIGER);

	variations(v);
	guards(v);
	dice();
	points(v);
	abbreviations(v);
	variant_free(v);
	return check_done();
}
