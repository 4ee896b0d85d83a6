/* test_fsf.c: the Fairy-Stockfish variants.ini sections of the variants (render/fsf.c):
 * what each says, and why the format cannot hold the others. The sections are read back
 * by ffish in tests/cli/t_pgn.sh. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "render/fsf.h"

struct row {
	const char *variant;
	int rc;
	const char *has[6];     /* lines (or, when refused, reasons) the output must hold */
};

static const struct row rows[] = {
	/* LancerChess: the royal Queen is the format's king, the King its queen, the
	 * Towers its rooks; the Queen's Lancer (FA) the engine's own fersAlfil, the King's
	 * (WD) a custom piece, which the section says 11.1 cannot read; castling by the
	 * royal's squares */
	{ "lancer", 0, { "# 11.1 (Debian 12) cannot load this section\n[lancer:chess]\n",
			 "king = q\nqueen = k\nrook = t\nbishop = b\nfersAlfil = m\n",
			 "knight = -\ncustomPiece1 = l:WD\n",
			 "startFen = tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQKBLT w KQkq - 0 1\n",
			 "promotionPieceTypes = ktblm\ndoubleStep = true\n# approximated: a promotion choice bound",
			 "castlingKingFile = d\ncastlingKingsideFile = f\ncastlingQueensideFile = b\n"
			 "castlingRookPiece = t\n" } },
	/* Knightmare's board: chess's pieces, the first-rank double step approximated */
	{ "knightmare", 0, { "[knightmare:chess]\nking = k\n", "promotionPieceTypes = qrnb\n",
			     "# approximated: a pawn put on its first rank" } },
	/* Tempête: the board's moves only, the cards said in a comment */
	{ "tempete", 0, { "[tempete:chess]\n# the moves of one board only: what the tempete game" } },
	/* TigerChess: every reason, not the first only */
	{ "tigerchess", -1, { "squares off the grid", "capture chains", "promotion by exchange",
			      "more than one kind of pawn" } },
	/* Knightmare's card pieces: a Changeling the engine's commoner, the second kind a
	 * custom piece (no other type of the engine's moves as a King); the Frozen piece's
	 * leap (15,15) leaves the board, so it never moves: the engine's immobile piece */
	{ "knightmare-cards", 0, { "commoner = u\n", "customPiece1 = v:K\n",
				   "# z leaps (15,15), off the board: it never moves\n"
				   "immobile = z\n" } },
	/* Knightmare without cards needs no custom piece: no word of 13.1 */
	{ "knightmare", 0, { "# Knightmare Chess\n[knightmare:chess]\n" } },
};

int main(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		struct variant *v = test_variant(r->variant);
		struct buf out = { 0 };
		char why[512] = "";

		check_context("%s", r->variant);
		CHECK_INT(fsf_section(v, &out, why, sizeof why), r->rc);
		if (r->rc < 0)
			CHECK(out.n == 0);
		for (int k = 0; k < 6 && r->has[k]; k++)
			CHECK_HAS(r->rc < 0 ? why : out.s ? out.s : "", r->has[k]);
		buf_free(&out);
		variant_free(v);
	}
	return check_done();
}
