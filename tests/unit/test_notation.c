/* test_notation.c: moves typed by people, and SAN written by us.
 *
 * Each row: a position, what a player typed, and either the move it must mean (as our
 * canonical SAN) or words the refusal must contain. Then every move two plies deep from
 * the six standard perft positions must survive SAN and coordinates out and back in. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "enginetest.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KNIGHTS "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
#define ROOKS "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1"
#define QUEENS "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"
#define PROMO "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
#define CAPROMO "4k2r/6P1/8/8/8/8/8/4K3 w - - 0 1"
#define EP "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define PIN "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"
#define PAWNB "4k3/8/8/B7/8/2p5/1P6/4K3 w - - 0 1"
#define LANCER "tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQKBLT w KQkq - 0 1"
#define LPROMO "4q3/P7/8/8/8/8/8/3Q4 w - - 0 1"

static const struct row {
	const char *variant, *fen, *input, *san, *error;
} rows[] = {
	/* plain SAN and the lenient forms of the same move */
	{ "chess", START, "Nf3", "Nf3", NULL },
	{ "chess", START, "e4", "e4", NULL },
	{ "chess", START, "e2e4", "e4", NULL },
	{ "chess", START, "e2-e4", "e4", NULL },
	{ "chess", START, "Pe4", "e4", NULL },
	{ "chess", START, "pe4", "e4", NULL },
	{ "chess", START, "Pe2-e4", "e4", NULL },
	{ "chess", START, "E4", "e4", NULL },
	{ "chess", START, "1. e4", "e4", NULL },
	{ "chess", START, "1.e4", "e4", NULL },
	{ "chess", START, "e4!?", "e4", NULL },
	{ "chess", START, "e4+", "e4", NULL },
	{ "chess", START, "  e4  ", "e4", NULL },
	{ "chess", START, "Ng1f3", "Nf3", NULL },
	{ "chess", START, "ng1f3", "Nf3", NULL },
	{ "chess", START, "Ng1-f3", "Nf3", NULL },
	{ "chess", START, "g1f3", "Nf3", NULL },
	{ "chess", START, "Nf3#", "Nf3", NULL },
	{ "chess", START, "\xe2\x99\x98" "f3", "Nf3", NULL },
	{ "chess", START, "Ng1 f3", "Nf3", NULL },
	/* refusals in the start position */
	{ "chess", START, "e5", NULL, "'e5': no pawn of yours can move to e5" },
	{ "chess", START, "Nf9", NULL, "'f9' is not a square" },
	{ "chess", START, "i3", NULL, "'i3' is not a square" },
	{ "chess", START, "Ne5", NULL, "no knight of yours can move to e5" },
	{ "chess", START, "Qd4", NULL, "no queen of yours can move to d4" },
	{ "chess", START, "e3e4", NULL, "there is no piece on e3" },
	{ "chess", START, "e7e5", NULL, "the piece on e7 is not yours" },
	{ "chess", START, "Ng1e2", NULL, "e2 is occupied by your own pawn" },
	{ "chess", START, "Bg1f3", NULL, "the piece on g1 is a knight, not a bishop" },
	{ "chess", START, "Nxf3", NULL, "there is nothing to capture on f3" },
	{ "chess", START, "Kf2", NULL, "f2 is occupied by your own pawn" },
	{ "chess", START, "O-O", NULL, "you cannot castle while f1 is occupied" },
	{ "chess", START, "hello", NULL, "is not a move I can read" },
	{ "chess", START, "", NULL, "no move given" },
	{ "chess", START, "Xf3", NULL, "there is nothing to capture on f3" },
	{ "chess", START, "Zf3", NULL, "cannot read 'Z' as a piece or a square" },
	{ "chess", START, "e4Q", NULL, "a move to e4 is not a promotion" },
	/* which piece: file, rank or square, and ambiguity */
	{ "chess", KNIGHTS, "Nd2", NULL, "'Nd2' is ambiguous: Nbd2 or Nfd2" },
	{ "chess", KNIGHTS, "Nbd2", "Nbd2", NULL },
	{ "chess", KNIGHTS, "Nfd2", "Nfd2", NULL },
	{ "chess", KNIGHTS, "N1d2", "Nbd2", NULL },
	{ "chess", KNIGHTS, "N3d2", "Nfd2", NULL },
	{ "chess", KNIGHTS, "b1d2", "Nbd2", NULL },
	{ "chess", KNIGHTS, "Nf3d2", "Nfd2", NULL },
	{ "chess", KNIGHTS, "Ncd2", NULL, "no knight of yours can move to d2" },
	{ "chess", ROOKS, "Ra3", NULL, "'Ra3' is ambiguous: R1a3 or R6a3" },
	{ "chess", ROOKS, "R6a3", "R6a3", NULL },
	{ "chess", ROOKS, "Ra1a3", "R1a3", NULL },
	{ "chess", QUEENS, "Qb2", NULL, "ambiguous" },
	{ "chess", QUEENS, "Qa1b2", "Qa1b2", NULL },
	{ "chess", QUEENS, "Qab2", NULL, "ambiguous: Q3b2 or Qa1b2" },
	/* promotion */
	{ "chess", PROMO, "a8=Q", "a8=Q+", NULL },
	{ "chess", PROMO, "a8Q", "a8=Q+", NULL },
	{ "chess", PROMO, "a8q", "a8=Q+", NULL },
	{ "chess", PROMO, "a7a8q", "a8=Q+", NULL },
	{ "chess", PROMO, "a8=N", "a8=N", NULL },
	{ "chess", PROMO, "a8(R)", "a8=R+", NULL },
	{ "chess", PROMO, "a8/B", "a8=B", NULL },
	{ "chess", PROMO, "a8", NULL, "say what the pawn promotes to on a8: Q (queen), R (rook), B (bishop) or N (knight)" },
	{ "chess", PROMO, "a7a8", NULL, "say what the pawn promotes to on a8" },
	{ "chess", PROMO, "a8=K", NULL, "on a8 you can promote to Q (queen), R (rook), B (bishop) or N (knight), not K" },
	{ "chess", PROMO, "a8=X", NULL, "'X' is not a piece of Chess" },
	{ "chess", CAPROMO, "gxh8=Q", "gxh8=Q+", NULL },
	{ "chess", CAPROMO, "g7xh8=N", "gxh8=N", NULL },
	{ "chess", CAPROMO, "gxh8Q", "gxh8=Q+", NULL },
	{ "chess", CAPROMO, "g7h8q", "gxh8=Q+", NULL },
	{ "chess", CAPROMO, "g8=Q", "g8=Q+", NULL },
	/* en passant */
	{ "chess", EP, "exd6", "exd6", NULL },
	{ "chess", EP, "exd6e.p.", "exd6", NULL },
	{ "chess", EP, "exd6 e.p.", "exd6", NULL },
	{ "chess", EP, "exd6ep", "exd6", NULL },
	{ "chess", EP, "e5d6", "exd6", NULL },
	{ "chess", EP, "ed6", "exd6", NULL },
	{ "chess", EP, "e5xd6", "exd6", NULL },
	/* castling */
	{ "chess", CASTLE, "O-O", "O-O", NULL },
	{ "chess", CASTLE, "0-0", "O-O", NULL },
	{ "chess", CASTLE, "o-o", "O-O", NULL },
	{ "chess", CASTLE, "O-O+", "O-O", NULL },
	{ "chess", CASTLE, "O-O-O", "O-O-O", NULL },
	{ "chess", CASTLE, "0-0-0", "O-O-O", NULL },
	{ "chess", CASTLE, "e1g1", "O-O", NULL },
	{ "chess", CASTLE, "e1c1", "O-O-O", NULL },
	{ "chess", CASTLE, "Ke1g1", "O-O", NULL },
	{ "chess", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", NULL,
	  "your king would pass f1, which is attacked" },
	{ "chess", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", NULL,
	  "your king would land on g1, which is attacked" },
	{ "chess", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", NULL,
	  "you cannot castle out of check" },
	{ "chess", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", NULL,
	  "you can no longer castle that way" },
	{ "chess", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O-O", "O-O-O", NULL },
	{ "chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "O-O", NULL },
	{ "chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "1... O-O-O", "O-O-O", NULL },
	/* the royal piece's safety */
	{ "chess", PIN, "Nf4", NULL, "'Nf4' would leave your king in check" },
	{ "chess", PIN, "Kd2", "Kd2", NULL },
	{ "chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Ke2", NULL,
	  "'Ke2' would leave your king in check" },
	{ "chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kxd2", "Kxd2", NULL },
	{ "chess", "4k3/8/8/8/8/8/8/r3K2N w - - 0 1", "Ng3", NULL,
	  "would leave your king in check" },
	/* "b" is the b-pawn in SAN; the bishop needs its capital */
	{ "chess", PAWNB, "bxc3", "bxc3", NULL },
	{ "chess", PAWNB, "Bxc3", "Bxc3", NULL },
	{ "chess", PAWNB, "bc3", "bxc3", NULL },
	{ "chess", PAWNB, "b2c3", "bxc3", NULL },
	{ "chess", PAWNB, "b3", "b3", NULL },
	{ "chess", PAWNB, "Bb4", "Bb4", NULL },
	{ "chess", PAWNB, "Bd8", "Bd8", NULL },
	{ "chess", PAWNB, "Bb5", NULL, "no bishop of yours can move to b5" },
	/* checks and mates are marked */
	{ "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", "Ra8#", NULL },
	{ "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8+", "Ra8#", NULL },
	{ "chess", "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "Ra8+", NULL },
	/* LancerChess letters, powers and colour-bound promotion */
	{ "lancer", LANCER, "Lg3", "Lg3", NULL },
	{ "lancer", LANCER, "Lf1", NULL, "f1 is occupied by your own baron" },
	{ "lancer", LANCER, "Md3", "Md3", NULL },
	{ "lancer", LANCER, "Mb3", NULL, "no queen's lancer of yours can move to b3" },
	{ "lancer", LANCER, "O-O", NULL, "you cannot castle while b1 is occupied" },
	{ "lancer", LANCER, "Kd2", NULL, "d2 is occupied by your own pikeman" },
	{ "lancer", LPROMO, "a8=M", "a8=M", NULL },
	{ "lancer", LPROMO, "a8=L", NULL, "on a8 you can promote to K (king), T (tower), B (baron) or M (queen's lancer), not L" },
	{ "lancer", LPROMO, "a8", NULL, "say what the pikeman promotes to on a8: K (king), T (tower), B (baron) or M (queen's lancer)" },
	{ "lancer", LPROMO, "a8=K", "a8=K+", NULL },
	{ "lancer", "4q3/1P6/8/8/8/8/8/3Q4 w - - 0 1", "b8=L", "b8=L", NULL },
	{ "lancer", "4q3/1P6/8/8/8/8/8/3Q4 w - - 0 1", "b8=M", NULL, "not M" },
	{ "lancer", "tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/T2QKBLT w KQkq - 0 1", "O-O", "O-O", NULL },
	{ "lancer", "tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQ3T w KQkq - 0 1", "O-O-O", "O-O-O", NULL },
	{ "lancer", "tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQ3T w KQkq - 0 1", "d1f1", "O-O-O", NULL },
};

static int run_table(void)
{
	int n = 0;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		struct variant *v = test_variant(r->variant);
		struct pos *p = test_pos(v, r->fen);
		struct move m;
		struct err e = { 0 };
		char san[SAN_MAX];

		check_context("%s '%s' in %s", r->variant, r->input, r->fen);
		int rc = notation_parse(p, r->input, &m, &e);
		if (r->san) {
			if (CHECK_INT(rc, 0)) {
				notation_san(p, m, san, sizeof san);
				CHECK_STR(san, r->san);
			} else
				check_context("%s", e.msg), CHECK(0);
		} else {
			CHECK_INT(rc, -1);
			CHECK_HAS(e.msg, r->error);
		}
		n++;
		free(p);
		variant_free(v);
	}
	check_context(NULL);
	return n;
}

/* Every legal move, `depth` plies deep, read back from its SAN and its coordinates; its
 * SAN told the position's legal moves (notation_san_in) the same as found alone. */
static void round_trip(struct pos *p, int depth, long *count)
{
	struct movelist ml;
	char fen[FEN_MAX];

	if (depth == 0)
		return;
	movegen_legal(p, &ml);
	for (int i = 0; i < ml.n; i++) {
		char san[SAN_MAX], coord[SAN_MAX], told[SAN_MAX];
		struct move back;
		struct err e;
		struct undo u;
		notation_san(p, ml.m[i], san, sizeof san);
		notation_san_in(p, ml.m[i], &ml, told, sizeof told);
		if (strcmp(told, san)) {
			check_context("SAN told the moves %s, alone %s", told, san);
			CHECK(0);
		}
		notation_coord(p, ml.m[i], coord, sizeof coord);
		if (notation_parse(p, san, &back, &e) < 0 || !move_equal(back, ml.m[i])) {
			pos_to_fen(p, fen, sizeof fen);
			check_context("SAN %s in %s: %s", san, fen, e.msg);
			CHECK(0);
		}
		if (notation_parse(p, coord, &back, &e) < 0 || !move_equal(back, ml.m[i])) {
			pos_to_fen(p, fen, sizeof fen);
			check_context("coordinates %s in %s: %s", coord, fen, e.msg);
			CHECK(0);
		}
		(*count)++;
		pos_make(p, ml.m[i], &u);
		round_trip(p, depth - 1, count);
		pos_unmake(p, ml.m[i], &u);
	}
}

int main(void)
{
	static const char *const six[] = {
		START,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	};
	struct variant *v = test_variant("chess");
	long moves = 0;

	CHECK(run_table() >= 60);
	for (size_t i = 0; i < sizeof six / sizeof six[0]; i++) {
		struct pos *p = test_pos(v, six[i]);
		round_trip(p, 2, &moves);
		free(p);
	}
	check_context(NULL);
	/* 20+400, 48+2039, 14+191, 6+264, 44+1486, 46+2079 */
	CHECK_INT(moves, 6637);
	variant_free(v);
	return check_done();
}
