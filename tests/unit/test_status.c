/* test_status.c: mate, stalemate, dead positions, and the draw rules. */
#include <stdlib.h>

#include "check.h"
#include "engine/status.h"
#include "enginetest.h"

static const struct {
	const char *variant, *fen;
	enum status_end end;
	int in_check, claim_fifty;
} rows[] = {
	{ "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", STATUS_CHECKMATE, 1, 0 },
	{ "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", STATUS_CHECKMATE, 1, 0 },
	{ "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STATUS_STALEMATE, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", STATUS_DEAD, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", STATUS_DEAD, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", STATUS_DEAD, 0, 0 },
	{ "chess", "1b2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", STATUS_DEAD, 0, 0 },      /* b8, c1 dark */
	{ "chess", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", STATUS_ONGOING, 0, 0 },   /* c8 light */
	{ "chess", "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", STATUS_DEAD, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/1N2K1n1 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", STATUS_ONGOING, 0, 0 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", STATUS_ONGOING, 0, 1 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", STATUS_ONGOING, 0, 1 },
	{ "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 150 80", STATUS_MOVE_LIMIT, 0, 1 },
	/* mate on the last allowed move is still mate */
	{ "chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 90", STATUS_CHECKMATE, 1, 1 },
	{ "lancer", "3q4/8/8/8/8/8/8/2BQ4 w - - 0 1", STATUS_DEAD, 0, 0 },
	{ "lancer", "3q4/8/8/8/8/8/8/3Q2L1 w - - 0 1", STATUS_ONGOING, 0, 0 },
	{ "lancer", "3q4/3K4/3Q4/8/8/8/8/8 b - - 0 1", STATUS_CHECKMATE, 1, 0 },
};

int main(void)
{
	struct status st;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct variant *v = test_variant(rows[i].variant);
		struct pos *p = test_pos(v, rows[i].fen);
		check_context("%s %s", rows[i].variant, rows[i].fen);
		status_get(p, &st);
		CHECK_STR(status_end_name(st.end), status_end_name(rows[i].end));
		CHECK_INT(st.in_check, rows[i].in_check);
		CHECK_INT(st.claim_fifty, rows[i].claim_fifty);
		free(p);
		variant_free(v);
	}
	check_context(NULL);

	/* repetition: claimable at the third occurrence, automatic at the fifth */
	struct variant *v = test_variant("chess");
	struct pos *p = test_pos(v, "startpos");
	status_get(p, &st);
	CHECK(!st.claim_repetition);
	CHECK(test_play(p, "Nf3 Nf6 Ng1 Ng8") == 0);
	status_get(p, &st);
	CHECK(!st.claim_repetition);
	CHECK_INT(pos_repetitions(p), 1);
	CHECK(test_play(p, "Nf3 Nf6 Ng1 Ng8") == 0);
	status_get(p, &st);
	CHECK(st.claim_repetition);
	CHECK_INT(st.end, STATUS_ONGOING);
	CHECK(test_play(p, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1") == 0);
	status_get(p, &st);
	CHECK_INT(st.end, STATUS_ONGOING);
	CHECK(test_play(p, "Ng8") == 0);
	status_get(p, &st);
	CHECK_INT(st.end, STATUS_REPETITION);
	free(p);
	/* a pawn move wipes the slate; so does a change of castling rights */
	p = test_pos(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	CHECK(test_play(p, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8") == 0);
	status_get(p, &st);
	CHECK(!st.claim_repetition);    /* rights lost after the first king move */
	CHECK_INT(pos_repetitions(p), 1);
	free(p);
	/* the position before the moves counts as its first occurrence only with the same
	 * side to move */
	p = test_pos(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
	CHECK(test_play(p, "Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1 Ke8") == 0);
	status_get(p, &st);
	CHECK(st.claim_repetition);
	free(p);
	variant_free(v);
	return check_done();
}
