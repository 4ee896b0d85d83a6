/* chess_kind.c: chess as a game kind. Moves, draws, resignation and clocks are the game
 * layer's generic rules (kind.h: a NULL operation takes them); what chess adds is the
 * words for who is to move, board by board when a game has several. */
#include <stdio.h>
#include <string.h>

#include "kinds/chess/chess_kind.h"

/* "your move", or the boards where the seat is to move. */
static const char *chess_expect_text(const struct game *g, int seat, char *buf, size_t len)
{
	enum clock_window w;
	unsigned due = game_expected(g, &w);
	size_t at = 0;

	char one[64];

	if (g->status != GAME_PLAYING)
		return phrase_printf(buf, len, "the game is over");
	if (!(due >> seat & 1))
		return phrase_printf(buf, len, "wait for your opponent's move");
	if (g->nboards == 1)
		return phrase_printf(buf, len, "your move");
	buf[0] = 0;
	for (int b = 0; b < g->nboards; b++)
		if (!strcmp(g->board[b].result, "*") && game_mover(g, b, g->board[b].pos->side) == seat)
			phrase_cat(buf, len, ", ", phrase_printf(one, sizeof one, "your move on board %d",
								 b + 1));
	(void)at;
	return buf;
}

const struct kind kind_chess = {
	.name = "chess",
	.no_such_order = F_("a game of %s has no cards"),
	.expect_text = chess_expect_text,
};
