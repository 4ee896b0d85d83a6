/* test_fen.c: reading and writing FEN, and every way a FEN can be wrong. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"

static const char *const round_trips[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"4k3/8/8/8/8/8/8/4K2R w K - 12 40",
	"4k3/8/8/8/8/8/8/4K3 b - - 99 120",
};

static const struct { const char *fen, *error; } bad[] = {
	{ "", "at least the placement and the side to move" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "at least the placement" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -", "side to move 'x'" },
	{ "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - -", "rank 6 is longer than 8" },
	{ "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", "rank 7 has 7 squares, not 8" },
	/* a count near LONG_MAX once overflowed the sum of the rank's squares */
	{ "rnbqkbnr/p9223372036854775807/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", "rank 7 is longer than 8" },
	{ "rnbqkbnr/pppppppp/4294967296/8/8/8/PPPPPPPP/RNBQKBNR w - -", "rank 6 is longer than 8" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w - -", "more than 8 ranks" },
	{ "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - -", "does not fill the 8x8 board" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - -", "'X' is not a piece of chess" },
	{ "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", "Black has 0 Kings" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - -", "White has 2 Kings" },
	{ "4k2P/8/8/8/8/8/8/4K3 w - -", "white Pawn on h8 should have promoted" },
	{ "4k3/8/8/8/8/8/8/p3K3 w - -", "black Pawn on a1 should have promoted" },
	{ "4k3/8/8/8/8/8/8/4K2R w KQ -", "castling right 'Q' needs White's royal piece on e1" },
	{ "4k3/8/8/8/8/8/8/3K3R w K -", "castling right 'K' needs White's royal piece on e1" },
	{ "4k3/8/8/8/8/8/8/4K2R w Kx -", "castling right 'x' does not exist" },
	{ "4k3/8/8/8/8/8/8/4K3 w - e9", "en-passant field 'e9' is not a square" },
	{ "4k3/8/8/8/8/8/8/4K3 w - e6", "en-passant square e6 does not follow a two-square" },
	{ "4k3/8/8/3pP3/8/8/8/4K3 w - d3", "does not follow a two-square pawn step" },
	{ "4k3/8/8/8/8/8/8/4K3 w - - x 1", "half-move clock 'x'" },
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number '0'" },
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "more than six fields" },
	{ "4k3/8/8/8/8/8/8/4KR2 b - -", NULL },
	{ "4k3/8/8/8/8/8/8/4R1K1 b - -", NULL },
	{ "4k3/8/8/8/8/8/8/4R1K1 w - -", "Black is in check but it is White's turn" },
};

int main(void)
{
	struct variant *v = test_variant("chess");
	struct pos *p = malloc(sizeof *p);
	char out[FEN_MAX];
	struct err e;

	for (size_t i = 0; i < sizeof round_trips / sizeof round_trips[0]; i++) {
		check_context("%s", round_trips[i]);
		if (!CHECK(pos_from_fen(p, v, round_trips[i], &e) == 0)) {
			check_context("%s: %s", round_trips[i], e.msg);
			continue;
		}
		pos_to_fen(p, out, sizeof out);
		CHECK_STR(out, round_trips[i]);
	}
	check_context(NULL);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("FEN '%s'", bad[i].fen);
		e.msg[0] = 0;
		int rc = pos_from_fen(p, v, bad[i].fen, &e);
		if (!bad[i].error) {
			CHECK_INT(rc, 0);
			continue;
		}
		CHECK_INT(rc, -1);
		CHECK_HAS(e.msg, bad[i].error);
		CHECK_HAS(e.msg, "bad FEN: ");
	}
	check_context(NULL);

	/* short FENs get defaults; an en-passant square no pawn can use is dropped */
	CHECK(pos_from_fen(p, v, "4k3/8/8/8/8/8/8/4K3 w", &e) == 0);
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	CHECK(pos_from_fen(p, v, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", &e) == 0);
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
	/* Shredder-FEN castling letters name the rook's file */
	CHECK(pos_from_fen(p, v, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", &e) == 0);
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	/* a double step leaves an en-passant square only when a pawn can use it */
	CHECK(pos_from_fen(p, v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", &e) == 0);
	CHECK(test_play(p, "e4") == 0);
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
	CHECK(pos_from_fen(p, v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &e) == 0);
	CHECK(test_play(p, "e4") == 0);
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
	/* the hash key comes back after a move is taken back, and equals a fresh setup */
	CHECK(pos_from_fen(p, v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &e) == 0);
	uint64_t key = p->key;
	CHECK(test_play(p, "O-O Rb8") == 0);
	struct pos *q = test_pos(v, "1r2k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w k - 2 2");
	pos_to_fen(p, out, sizeof out);
	CHECK_STR(out, "1r2k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w k - 2 2");
	CHECK(p->key == q->key);
	CHECK(p->key != key);
	free(q);
	free(p);
	variant_free(v);
	return check_done();
}
