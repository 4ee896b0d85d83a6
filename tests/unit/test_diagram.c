/* test_diagram.c: the board diagram (squares beside the grid, marks, pieces in hand,
 * files past z) and the notation of boards wider than 26 files. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/notation.h"
#include "render/diagram.h"

static void diagram(const struct variant *v, const char *fen, int side, const char *want)
{
	struct pos *p = test_pos(v, fen);
	struct buf b = { 0 };
	char *got;

	view_board(p, side, &b);
	got = buf_take(&b);
	check_context("%s", fen);
	CHECK_STR(got, want);
	check_context(NULL);
	free(got);
	free(p);
}

int main(void)
{
	struct variant *chess = test_variant("chess");
	struct variant *palace = test_variant("tests/variants/palace.json");
	struct variant *wide = test_variant("tests/variants/wide.json");

	/* plain chess looks as it always did */
	diagram(chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", WHITE,
		"  +-----------------+\n"
		"8 | . : . : k : . : |\n"
		"7 | : . : . : . : . |\n"
		"6 | . : . : . : . : |\n"
		"5 | : . : . : . : . |\n"
		"4 | . : . : . : . : |\n"
		"3 | : . : . : . : . |\n"
		"2 | . : . : . : . : |\n"
		"1 | : . : . K . : R |\n"
		"  +-----------------+\n"
		"    a b c d e f g h\n");
	/* marks and a hand are listed under the grid */
	diagram(chess, "4k3/8/8/8/8/8/8/4K1N(2)R[QNn] b - - 0 1", BLACK,
		"  +-----------------+\n"
		"1 | R N . K . : . : |\n"
		"2 | : . : . : . : . |\n"
		"3 | . : . : . : . : |\n"
		"4 | : . : . : . : . |\n"
		"5 | . : . : . : . : |\n"
		"6 | : . : . : . : . |\n"
		"7 | . : . : . : . : |\n"
		"8 | : . : k : . : . |\n"
		"  +-----------------+\n"
		"    h g f e d c b a\n"
		"Marks: N(2) on g1\n"
		"In hand: White Q N; Black n\n");
	/* the squares beside the grid, empty or not */
	diagram(palace, "4k3/8/8/8/8/8/8/4K3{N@wp1,q@bp2} w - - 0 1", WHITE,
		"  +-----------------+\n"
		"8 | . : . : k : . : |\n"
		"7 | : . : . : . : . |\n"
		"6 | . : . : . : . : |\n"
		"5 | : . : . : . : . |\n"
		"4 | . : . : . : . : |\n"
		"3 | : . : . : . : . |\n"
		"2 | . : . : . : . : |\n"
		"1 | : . : . K . : . |\n"
		"  +-----------------+\n"
		"    a b c d e f g h\n"
		"Beside the board: wp1 N, wp2 -, bp1 -, bp2 q\n");

	/* files past z: aa, ab; their pawns capture as "aaxab3" */
	struct pos *p = test_pos(wide, "k27/28/28/28/28/28/28/27n/26P1/K27 w - - 0 1");
	struct move m;
	struct err e;
	char san[SAN_MAX];
	CHECK(notation_parse(p, "aaxab3", &m, &e) == 0);
	notation_san(p, m, san, sizeof san);
	CHECK_STR(san, "aaxab3");
	notation_coord(p, m, san, sizeof san);
	CHECK_STR(san, "aa2ab3");
	CHECK(notation_parse(p, "aa2-ab3", &m, &e) == 0);
	CHECK(notation_parse(p, "aa3", &m, &e) == 0);
	CHECK_STR(variant_square_name(wide, m.to), "aa3");
	CHECK(notation_parse(p, "ac3", &m, &e) == -1);
	struct buf b = { 0 };
	view_board(p, WHITE, &b);
	char *got = buf_take(&b);
	CHECK_HAS(got, "  y  z aa ab\n");
	CHECK_HAS(got, " 2 |  .  :  .  :");
	free(got);
	free(p);
	variant_free(chess);
	variant_free(palace);
	variant_free(wide);
	return check_done();
}
