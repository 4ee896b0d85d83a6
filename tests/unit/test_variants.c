/* test_variants.c: the rules that make Knightmare Chess and LancerChess differ from chess,
 * as exact lists of legal moves in hand-made positions. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/movegen.h"
#include "enginetest.h"

struct row {
	const char *variant, *fen, *play, *moves;
	int coord;
};

static const struct row rows[] = {
	/* Knightmare: a pawn on its first rank (put there by a card) may step two squares */
	{ "knightmare", "4k3/8/8/8/8/8/8/K3P3 w - - 0 1", "", "Ka2 Kb1 Kb2 e2 e3", 0 },
	{ "chess", "4k3/8/8/8/8/8/8/K3P3 w - - 0 1", "", "Ka2 Kb1 Kb2 e2", 0 },
	{ "knightmare", "k3p3/8/8/8/8/8/8/4K3 b - - 0 1", "", "Ka7 Kb7 Kb8 e6 e7", 0 },
	{ "chess", "k3p3/8/8/8/8/8/8/4K3 b - - 0 1", "", "Ka7 Kb7 Kb8 e7", 0 },
	/* ... and may then be taken en passant, on the square it passed */
	{ "knightmare", "4k3/8/8/8/8/3p4/8/K3P3 w - - 0 1", "e3",
	  "Kd7 Kd8 Ke7 Kf7 Kf8 d2 dxe2", 0 },
	{ "knightmare", "k3p3/8/3P4/8/8/8/8/4K3 b - - 0 1", "e6",
	  "Kd1 Kd2 Ke2 Kf1 Kf2 d7 dxe7", 0 },
	{ "knightmare", "4k3/8/8/8/8/3p4/8/K3P3 w - - 0 1", "e3 dxe2",
	  "Ka2 Kb1 Kb2", 0 },
	/* a pawn back on its second rank steps two again, whatever it did before */
	{ "knightmare", "4k3/8/8/8/8/8/4P3/K7 w - - 5 30", "", "Ka2 Kb1 Kb2 e3 e4", 0 },
	{ "knightmare", "4k3/8/8/8/3p4/8/4P3/K7 w - - 0 1", "e4", "Kd7 Kd8 Ke7 Kf7 Kf8 d3 dxe3", 0 },
	/* the two-square step needs both squares empty */
	{ "knightmare", "4k3/8/8/8/8/8/4p3/K3P3 w - - 0 1", "", "Ka2 Kb1 Kb2", 0 },
	{ "knightmare", "4k3/8/8/8/8/4p3/8/K3P3 w - - 0 1", "", "Ka2 Kb1 Kb2 e2", 0 },
	/* promotion only to Q, R, N, B */
	{ "knightmare", "4k3/P7/8/8/8/8/8/K7 w - - 0 1", "", "Ka2 Kb1 Kb2 a8=B a8=N a8=Q+ a8=R+", 0 },
	{ "knightmare", "4k3/P7/8/8/8/8/8/K7 w - - 0 1", "", "a1a2 a1b1 a1b2 a7a8b a7a8n a7a8q a7a8r", 1 },
	/* LancerChess: the lancers jump, the royal Queen stands on d1 */
	{ "lancer", "startpos", "",
	  "Lg3 Md3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4", 0 },
	{ "lancer", "startpos", "e4 e5", "Ba6 Bb5 Bc4 Bd3 Be2 Ke2 Ke3 Lg3 Md3 Qe2 a3 a4 b3 b4 c3 "
	  "c4 d3 d4 f3 f4 g3 g4 h3 h4", 0 },
	/* promotion: King, Tower, Baron, and the lancer of the promotion square's colour */
	{ "lancer", "8/1P6/8/7q/8/8/8/3Q4 w - - 0 1", "", "Qc1 Qc2 Qd2 Qe1 Qe2 b8=B b8=K b8=L b8=T", 0 },
	{ "lancer", "8/P7/8/7q/8/8/8/3Q4 w - - 0 1", "", "Qc1 Qc2 Qd2 Qe1 Qe2 a8=B a8=K a8=M a8=T", 0 },
	{ "lancer", "3q4/8/8/8/8/8/p7/7Q b - - 0 1", "", "Qc7 Qc8 Qd7 Qe7 Qe8 a1=B a1=K+ a1=M a1=T+", 0 },
	{ "lancer", "3q4/8/8/8/8/8/1p6/7Q b - - 0 1", "", "Qc7 Qc8 Qd7 Qe7 Qe8 b1=B b1=K+ b1=L b1=T+", 0 },
	/* protecting the Queen: the reverse of chess castling */
	{ "lancer", "t2q3t/8/8/8/8/8/8/T2Q3T w KQkq - 0 1", "",
	  "O-O O-O-O Qc1 Qc2 Qd2 Qe1 Qe2 Ta2 Ta3 Ta4 Ta5 Ta6 Ta7 Tb1 Tc1 Te1 Tf1 Tg1 Th2 Th3 Th4 "
	  "Th5 Th6 Th7 Txa8+ Txh8+", 0 },
	{ "lancer", "t2q3t/8/8/8/8/8/8/T2Q3T w KQkq - 0 1", "", "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 "
	  "a1a8 a1b1 a1c1 d1b1 d1c1 d1c2 d1d2 d1e1 d1e2 d1f1 h1e1 h1f1 h1g1 h1h2 h1h3 h1h4 "
	  "h1h5 h1h6 h1h7 h1h8", 1 },
	/* an enemy King's Lancer on c2 covers c1, d2 and e2: the Queen may not pass c1, so
	 * only the h-side protection remains */
	{ "lancer", "t2q3t/8/8/8/8/8/2l5/T2Q3T w KQkq - 0 1", "",
	  "O-O-O Qe1 Qxc2 Ta2 Ta3 Ta4 Ta5 Ta6 Ta7 Tb1 Tc1 Te1 Tf1 Tg1 Th2 Th3 Th4 Th5 Th6 Th7 "
	  "Txa8+ Txh8+", 0 },
	/* a castling whose partner leaves a line open to the royal piece's landing square:
	 * the Rook on b1 shelters c1 from a1 until it castles */
	{ "tests/variants/shelter.json", "4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", "",
	  "Kd1 Kd2 Ke2 Kf1 Kf2 Rc1 Rd1 Rxa1", 0 },
	{ "tests/variants/shelter.json", "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", "",
	  "Kd1 Kd2 Ke2 Kf1 Kf2 O-O-O Ra1 Rb2 Rb3 Rb4 Rb5 Rb6 Rb7 Rb8+ Rc1 Rd1", 0 },
};

static void check_castles(void)
{
	struct variant *v = test_variant("lancer");
	struct pos *p = test_pos(v, "t2q3t/8/8/8/8/8/8/T2Q3T w KQkq - 0 1");
	char fen[FEN_MAX];

	CHECK(test_play(p, "O-O O-O-O") == 0);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "t3tq2/8/8/8/8/8/8/1QT4T w - - 2 2");
	free(p);
	p = test_pos(v, "t2q3t/8/8/8/8/8/8/T2Q3T w KQkq - 0 1");
	CHECK(test_play(p, "O-O-O O-O") == 0);
	pos_to_fen(p, fen, sizeof fen);
	CHECK_STR(fen, "1qt4t/8/8/8/8/8/8/T3TQ2 w - - 2 2");
	free(p);
	/* the setup puts the royal Queen on the chess Queen's square */
	p = test_pos(v, "startpos");
	CHECK(p->royal[WHITE] == variant_square_named(v, "d1", 2));
	CHECK(p->royal[BLACK] == variant_square_named(v, "d8", 2));
	free(p);
	variant_free(v);
}

int main(void)
{
	char got[4096];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		struct variant *v = test_variant(r->variant);
		struct pos *p = test_pos(v, r->fen);
		check_context("%s %s after '%s'", r->variant, r->fen, r->play);
		if (CHECK(test_play(p, r->play) == 0)) {
			test_moves(p, r->coord, got, sizeof got);
			CHECK_STR(got, r->moves);
		}
		free(p);
		variant_free(v);
	}
	check_context(NULL);
	check_castles();
	return check_done();
}
