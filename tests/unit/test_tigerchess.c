/* test_tigerchess.c: TigerChess's personnel and exchanges (rules/tigerchess.json, seed
 * 003) as exact move lists on hand-made positions: the TigerKnights, the Lancers, the
 * Swordsman's and the Archer's capture trees, every exchange rule, the Palace wing only the
 * Standard Bearer enters, and make/unmake of each; and the Queen in check from the
 * Swordsmen's and Archers' jumps (docs/tigerchess.md, Interpretations (TigerChess)). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#define TIGER "rules/tigerchess.json"

static const struct { const char *what, *fen, *moves; } lists[] = {
	{ "the Bengal TigerKnight: the 24 non-linear squares of his 7x7 box",
	  "q7/8/8/8/3Z4/8/8/7Q w - - 0 1",
	  "Qg1 Qg2 Qh2 Za2 Za3 Za5 Za6 Zb1 Zb3 Zb5+ Zb7 Zc1 Zc2 Zc6 Zc7+ Ze1 Ze2 Ze6 Ze7 "
	  "Zf1 Zf3 Zf5 Zf7 Zg2 Zg3 Zg5 Zg6" },
	{ "the Siberian TigerKnight: the same and four long jumps, over anything",
	  "7q/8/8/3y4/2ppp3/8/8/Q7 b - - 0 1",
	  "Qg7 Qg8 Qh7 Ya3 Ya4+ Ya5 Ya6 Ya7 Yb2 Yb4+ Yb6 Yb8 Yc2+ Yc3 Yc7 Yc8 Yd2+ Yd8 "
	  "Ye2 Ye3 Ye7 Ye8 Yf2 Yf4 Yf6 Yf8 Yg3 Yg4 Yg5 Yg6 Yg7 c3 d3 e3" },
	{ "the King's Lancer on e4, the seed's example (Change 2)",
	  "7q/8/8/8/4L3/8/8/Q7 w - - 0 1",
	  "Lc4 Ld4 Le2 Le3 Le5 Le6 Lf4 Lg4 Qa2 Qb1 Qb2" },
	{ "the Queen's Lancer on e4, the seed's example",
	  "7q/8/8/8/4M3/8/8/Q7 w - - 0 1",
	  "Mc2 Mc6 Md3 Md5 Mf3 Mf5 Mg2 Mg6 Qa2 Qb1 Qb2" },
	{ "the Swordsman: forward single jumps chained at will, never compulsory",
	  "7q/8/3p4/8/3p1p2/4S3/8/Q7 w - - 0 1",
	  "Qa2 Qb1 Qb2 e3xc5 e3xc5xe7 e3xg5" },
	{ "the Swordsman: no backward jump, no jump over the Queen",
	  "8/8/3p4/2q5/1S6/2p5/8/Q7 w - - 0 1",
	  "Qa2 Qb1 Sa5" },
	{ "a Swordsman's step checks: from f4 he could jump the Queen",
	  "8/8/8/6q1/8/4S3/8/Q7 w - - 0 1",
	  "Qa2 Qb1 Qb2 Sd4 Sf4+" },
	{ "e5 would leave the Queen to the Swordsman's jump onto e6",
	  "8/8/4p3/3q4/2S5/8/8/Q7 b - - 0 1",
	  "Qc5 Qc6 Qd4 Qd6 Qe4 Qe5 Qxc4" },
	{ "Qg7: no chain lands on the square she goes to (f6 is taken only onto g7)",
	  "7q/8/1p3p2/8/3A4/8/1p3p1Q/8 b - - 0 1",
	  "Qg7 Qg8 Qh7 b1 b5 f1 f5" },
	{ "the Swordsman mates: the landing h8 and every flight covered",
	  "5bb1/5pq1/6p1/4S3/4N3/8/8/Q6T w - - 0 1",
	  "Nc3 Nc5 Nd2 Nd6 Nf2 Nf6 Ng3 Ng5 Qa2 Qb1 Qb2 Sd6 Sf6# Tb1 Tc1 Td1 Te1 Tf1 Tg1 Th2 "
	  "Th3 Th4 Th5 Th6 Th7+ Th8" },
	{ "the Archer: steps either way; flying jumps landing just beyond, turning and backtracking",
	  "7q/8/1p3p2/8/3A4/8/1p3p2/7Q w - - 0 1",
	  "Ac3 Ac5 Ae3 Ae5 Qg2 Qh2 d4xa1 d4xa1xg7 d4xa7 d4xa7xg1 d4xg1 d4xg1xa7 d4xg7 "
	  "d4xg7xa1" },
	{ "Change 3: the first Pikeman on the 8th changes places with the waiting TigerKnight",
	  "4q3/P(1)7/8/8/8/8/8/3Q4{Z@bpt,N(1)@bka} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 a8=Z" },
	{ "no TigerKnight waits any more: the Pikeman stays on the 8th",
	  "4q3/P(1)7/8/8/8/8/8/3Q4{N(1)@bka} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 a8" },
	{ "a capture onto the 8th exchanges too",
	  "1t2q3/P(1)7/8/8/8/8/8/3Q4{Z@bpt} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 a8=Z axb8=Z" },
	{ "Change 3B: on the 7th, while the TigerKnight waits, the Knight of his letter or not",
	  "4q3/8/1P(2)6/8/8/8/8/3Q4{Z@bpt,N(2)@bkb,N(3)@bkc} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 b7 b7=N" },
	{ "Change 3A: once a Pikeman has reached the 8th, the Knight is compulsory",
	  "4q3/8/1P(2)6/8/8/8/8/3Q4{N(2)@bkb,N(3)@bkc,P(1)@bw} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 b7=N" },
	{ "no Knight of his letter waits (rule 20): he stays a Pikeman",
	  "4q3/8/1P(2)6/8/8/8/8/3Q4{Z@bpt,N(3)@bkc} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 b7" },
	{ "Change 5: a Swordsman reaching the 8th becomes the Archer of his numeral",
	  "7q/2S(1)5/8/8/8/8/8/3Q4{A(1)@ba1,A(2)@ba2} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 Sb8=A Sd8=A" },
	{ "no Archer of his numeral waits: he stays",
	  "7q/2S(1)5/8/8/8/8/8/3Q4{A(2)@ba2} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 Sb8 Sd8" },
	{ "a chain that ends on the 8th exchanges at its end",
	  "7q/4p3/8/2p5/1S(2)6/8/8/3Q4{A(2)@ba2} w - - 0 1",
	  "Qc1 Qc2 Qd2 Qe1 Qe2 Sa5 b4xd6 b4xd6xf8=A" },
	{ "the Siberian side: the same, mirrored",
	  "Q7/8/8/8/3p(4)4/8/3s(3)4/7q{a(3)@sa3,p(5)@sw} b - - 0 1",
	  "Qg1 Qg2 Qh2 Sc1=A Se1=A d3" },
	{ "TigerVariation 4: the Standard Bearer's jump onto the wing of the Guard",
	  "q3E3/8/8/8/8/8/8/3Q4{g@e10} w - - 0 1",
	  "Ec8+ Ed8 Ee6 Ee7 Ef8 Eg8 Exe10 Qc1 Qc2 Qd2 Qe1 Qe2" },
	{ "not while his Queen is in check",
	  "q3E3/8/8/8/8/8/8/3Q2t1{g@e10} w - - 0 1",
	  "Qc2 Qd2 Qe2" },
	{ "nor while a Swordsman could jump her",
	  "q3E3/8/8/8/8/2s5/3Q4/8{g@e10} w - - 0 1",
	  "Qc1 Qc2 Qd1 Qd3 Qe1 Qe2 Qe3 Qxc3" },
	{ "the King's Lancer is no Standard Bearer",
	  "q3L3/8/8/8/8/8/8/3Q4{g@e10} w - - 0 1",
	  "Lc8+ Ld8 Le6 Le7 Lf8 Lg8 Qc1 Qc2 Qd2 Qe1 Qe2" },
	{ "nor may a Knight enter, nor the Bearer an empty wing",
	  "q2NE3/8/8/8/8/8/8/3Q4{g@d10} w - - 0 1",
	  "Ec8+ Ee6 Ee7 Ef8 Eg8 Nb7 Nc6 Ne6 Nf7 Qc1 Qc2 Qd2 Qe1 Qe2" },
	{ "Change 1: Protecting the Queen, both ways",
	  "3qk3/8/8/8/8/8/8/T2Q3T w KQ - 0 1",
	  "O-O Qc1 Qc2 Qd2 Ta2 Ta3 Ta4 Ta5 Ta6 Ta7 Ta8+ Tb1 Tc1 Te1 Tf1 Tg1 Th2 Th3 Th4 "
	  "Th5 Th6 Th7 Th8" },
	{ "not through an attacked square",
	  "3qk3/8/8/8/8/8/5t2/T2Q3T w KQ - 0 1",
	  "O-O Qc1 Ta2 Ta3 Ta4 Ta5 Ta6 Ta7 Ta8+ Tb1 Tc1 Te1 Tf1 Tg1 Th2 Th3 Th4 Th5 Th6 "
	  "Th7 Th8" },
	{ "the Siberian mirror",
	  "t2q3t/8/8/8/8/8/8/3Q4 b kq - 0 1",
	  "O-O O-O-O Qc7 Qc8 Qd7 Qe7 Qe8 Ta1+ Ta2 Ta3 Ta4 Ta5 Ta6 Ta7 Tb8 Tc8 Te8 Tf8 "
	  "Tg8 Th1+ Th2 Th3 Th4 Th5 Th6 Th7" },
};

/* The Queen is in check when an enemy Swordsman or Archer could jump her: at once, or as
 * the last jump of a chain; she is never taken, so nothing goes on past her. */
static const struct { const char *what, *fen; bool check; } checks[] = {
	{ "a Swordsman's single jump", "8/8/8/8/3q4/2S5/8/Q7 b - - 0 1", true },
	{ "not when the landing square is held", "8/8/8/4p3/3q4/2S5/8/Q7 b - - 0 1", false },
	{ "nor backwards", "8/8/8/8/2S5/3q4/8/Q7 b - - 0 1", false },
	{ "a chain ending over the Queen", "8/8/8/4q3/8/2p5/1S6/Q7 b - - 0 1", true },
	{ "a longer chain", "8/5q2/8/3p4/8/1p6/S7/7Q b - - 0 1", true },
	{ "not when the chain's landing beyond her is held",
	  "8/8/4p3/3q4/8/1p6/S7/7Q b - - 0 1", false },
	{ "the Archer's flying jump", "8/8/8/4q3/8/8/8/A6Q b - - 0 1", true },
	{ "a chain through an opposing piece between",
	  "8/8/8/4q3/8/2p5/8/A6Q b - - 0 1", true },
	{ "not with his own piece between", "8/8/8/4q3/8/2P5/8/A6Q b - - 0 1", false },
	{ "the Archer turns in a chain", "8/8/1q6/8/8/2p5/8/A6Q b - - 0 1", true },
	{ "a waiting Archer checks nobody", "8/8/8/8/8/8/1q6/7Q{A(1)@ba1} b - - 0 1", false },
	{ "on the edge the Queen is never jumped", "8/8/8/8/8/1S6/8/q6Q b - - 0 1", false },
	{ "the Siberian Swordsman jumps downwards", "q7/8/8/3s4/2Q5/8/8/8 w - - 0 1", true },
};

/* Plays `move` on fen and checks the position after it and after taking it back. */
static void played(const struct variant *v, const char *fen, const char *move, const char *after)
{
	struct pos *p = test_pos(v, fen);
	char buf[FEN_MAX];
	struct move m;
	struct undo u;
	struct err e;

	check_context("%s on %s", move, fen);
	CHECK(notation_parse(p, move, &m, &e) == 0);
	pos_make(p, m, &u);
	pos_to_fen(p, buf, sizeof buf);
	CHECK_STR(buf, after);
	pos_unmake(p, m, &u);
	pos_to_fen(p, buf, sizeof buf);
	CHECK_STR(buf, fen);
	check_context(NULL);
	free(p);
}

/* The exchanges as played: who goes where, marks and all, and how players write them. */
static void exchanges(const struct variant *v)
{
	/* the Pikeman takes the TigerKnight's quarters, the TigerKnight his square */
	played(v, "4q3/P(1)7/8/8/8/8/8/3Q4{N(1)@bka,Z@bpt} w - - 0 1", "a8=Z",
	       "Z3q3/8/8/8/8/8/8/3Q4{N(1)@bka,P(1)@bpt} b - - 0 1");
	/* "Sa4" is the Swordsman's step to a4, not the waiting place sa4 */
	played(v, "8/8/8/8/8/1S6/8/Q6q w - - 0 1", "Sa4", "8/8/8/8/S7/8/8/Q6q b - - 0 1");
	/* a compulsory exchange may go unsaid */
	played(v, "4q3/P(1)7/8/8/8/8/8/3Q4{N(1)@bka,Z@bpt} w - - 0 1", "a8",
	       "Z3q3/8/8/8/8/8/8/3Q4{N(1)@bka,P(1)@bpt} b - - 0 1");
	/* the Knight lettered B for the Pikeman B; b7 alone foregoes the exchange */
	played(v, "4q3/8/1P(2)6/8/8/8/8/3Q4{N(2)@bkb,N(3)@bkc,Z@bpt} w - - 0 1", "b7=N",
	       "4q3/1N(2)6/8/8/8/8/8/3Q4{P(2)@bkb,N(3)@bkc,Z@bpt} b - - 0 1");
	played(v, "4q3/8/1P(2)6/8/8/8/8/3Q4{N(2)@bkb,N(3)@bkc,Z@bpt} w - - 0 1", "b7",
	       "4q3/1P(2)6/8/8/8/8/8/3Q4{N(2)@bkb,N(3)@bkc,Z@bpt} b - - 0 1");
	/* the Swordsman ii's chain ends on the 8th: the Archer ii takes his place */
	played(v, "7q/4p3/8/2p5/1S(2)6/8/8/3Q4{A(2)@ba2} w - - 0 1", "b4xd6xf8=A",
	       "5A(2)1q/8/8/8/8/8/8/3Q4{S(2)@ba2} b - - 0 1");
	played(v, "7q/4p3/8/2p5/1S(2)6/8/8/3Q4{A(2)@ba2} w - - 0 1", "b4xd6xf8",
	       "5A(2)1q/8/8/8/8/8/8/3Q4{S(2)@ba2} b - - 0 1");
	/* the Standard Bearer occupies the Palace */
	played(v, "q3E3/8/8/8/8/8/8/3Q4{g@e10} w - - 0 1", "Exe10",
	       "q7/8/8/8/8/8/8/3Q4{E@e10} b - - 0 1");
}

int main(void)
{
	struct variant *v = test_variant(TIGER);
	char buf[4096];

	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		struct pos *p = test_pos(v, lists[i].fen);
		check_context("%s: %s", lists[i].what, lists[i].fen);
		test_moves(p, 0, buf, sizeof buf);
		CHECK_STR(buf, lists[i].moves);
		test_make_unmake(p);
		free(p);
	}
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
		struct pos *p = test_pos(v, checks[i].fen);
		check_context("%s: %s", checks[i].what, checks[i].fen);
		CHECK(movegen_in_check(p) == checks[i].check);
		free(p);
	}
	check_context(NULL);
	exchanges(v);
	variant_free(v);
	return check_done();
}
