/* test_chains.c: draughts-style capture chains (tests/variants/draughts.json): the exact
 * legal moves of a short-jumping man and a flying king, legality, notation both ways, and
 * make/unmake restoring everything, marks included. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#define DRAUGHTS "tests/variants/draughts.json"

static const struct { const char *fen, *moves; } lists[] = {
	/* (a) the man jumps forward only and may stop after any jump */
	{ "k7/8/8/8/5m2/8/3m4/2M4K w - - 0 1", "Kg1 Kg2 Kh2 Mb2 c1xe3 c1xe3xg5" },
	{ "k7/8/8/8/8/3M4/2m5/7K b - - 0 1", "Ka7 Kb7 Kb8 Mb1 Md1" },
	{ "k7/8/5m2/8/3m1m2/8/3m4/2M4K w - - 0 1",
	  "Kg1 Kg2 Kh2 Mb2 c1xe3 c1xe3xc5 c1xe3xg5 c1xe3xg5xe7" },
	/* a man pinned to its King may not jump off the line */
	{ "k7/r7/8/8/8/1m6/M7/K7 w - - 0 1", "Kb1 Kb2" },
	/* (b) the flying king: long landings, turns, passes again over a square it cleared
	 * (e4 on the way back to c2), never jumps a piece twice */
	{ "k7/8/8/8/4m3/3D4/2m5/7K w - - 0 1",
	  "Da6 Db5 Dc4 De2 Df1 Kg1 Kg2 Kh2 d3xb1 d3xb1xf5 d3xb1xg6 d3xb1xh7 d3xf5 d3xf5xb1 "
	  "d3xg6 d3xg6xb1 d3xh7 d3xh7xb1" },
	/* four men around it: twenty chains, some coming home to d3 */
	{ "k7/8/2m1m3/8/2m1m3/3D4/8/7K w - - 0 1",
	  "Db1 Dc2 De2 Df1 Kg1 Kg2 Kh2 d3xa6 d3xb5 d3xb5xd7 d3xb5xd7xf5 d3xb5xd7xf5xb1 "
	  "d3xb5xd7xf5xc2 d3xb5xd7xf5xd3 d3xb5xd7xg4 d3xb5xd7xh3 d3xb5xe8 d3xf5 d3xf5xc8 "
	  "d3xf5xd7 d3xf5xd7xa4 d3xf5xd7xb5 d3xf5xd7xb5xd3 d3xf5xd7xb5xe2 d3xf5xd7xb5xf1 "
	  "d3xg6 d3xh7" },
};

int main(void)
{
	struct variant *v = test_variant(DRAUGHTS);
	char buf[4096], fen[FEN_MAX];
	struct err e;
	struct move m;
	struct undo u;

	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		struct pos *p = test_pos(v, lists[i].fen);
		check_context("%s", lists[i].fen);
		test_moves(p, 0, buf, sizeof buf);
		CHECK_STR(buf, lists[i].moves);
		test_make_unmake(p);
		free(p);
	}
	check_context(NULL);

	/* a chain takes every piece it jumps, at once, and the undo brings them back */
	struct pos *p = test_pos(v, "k7/8/2m1m3/8/2m1m3/3D4/8/7K w - - 0 1");
	CHECK(notation_parse(p, "d3xf5xd7xb5xd3", &m, &e) == 0);
	CHECK_INT(m.kind, MOVE_CHAIN);
	pos_make(p, m, &u);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "k7/8/8/8/8/3D4/8/7K b - - 0 1");
	CHECK_INT(u.ncaps, 4);
	pos_unmake(p, m, &u);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "k7/8/2m1m3/8/2m1m3/3D4/8/7K w - - 0 1");
	/* lenient forms: a piece letter, dashes, colons, coordinates without separators */
	const char *forms[] = { "Dd3xf5xd7", "d3-f5-d7", "d3:f5:d7", "d3f5d7", "D d3 x f5 x d7" };
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		struct move got;
		check_context("%s", forms[i]);
		CHECK(notation_parse(p, forms[i], &got, &e) == 0);
		notation_san(p, got, buf, sizeof buf);
		CHECK_STR(buf, "d3xf5xd7");
	}
	check_context(NULL);
	/* a chain the position does not have; a plain move to a chain's end is no chain */
	CHECK(notation_parse(p, "d3xf5xd3", &m, &e) == -1);
	CHECK(notation_parse(p, "d3xe2", &m, &e) == -1);
	CHECK(notation_parse(p, "Dxa6", &m, &e) == 0 && m.kind == MOVE_CHAIN);
	CHECK(notation_parse(p, "Dxd3", &m, &e) == -1);     /* two chains come home */
	CHECK_HAS(e.msg, "d3xb5xd7xf5xd3 or d3xf5xd7xb5xd3");
	free(p);

	/* marks: the captured men's marks go with them and come back on undo */
	p = test_pos(v, "k7/8/2m(3)1m3/8/2m1m(2)3/3D(1)4/8/7K w - - 0 1");
	CHECK_INT(p->nmarked, 3);
	test_make_unmake(p);
	CHECK(notation_parse(p, "d3xf5xd7", &m, &e) == 0);
	pos_make(p, m, &u);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "k7/3D(1)4/2m(3)5/8/2m5/8/8/7K b - - 0 1");
	CHECK_INT(p->nmarked, 2);
	pos_unmake(p, m, &u);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "k7/8/2m(3)1m3/8/2m1m(2)3/3D(1)4/8/7K w - - 0 1");
	free(p);

	/* the man steps forward; a man's step is written like any piece's move */
	p = test_pos(v, "startpos");
	CHECK(test_play(p, "b3-c4 a6b5 c4xa6") == 0);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "k1m1m1m1/1m1m1m1m/M1m1m1m1/8/8/3M1M1M/M1M1M1M1/1M1M1M1K b - - 0 2");
	free(p);
	variant_free(v);
	return check_done();
}
