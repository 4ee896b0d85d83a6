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

	if (g->status != GAME_PLAYING)
		return snprintf(buf, len, "the game is over"), buf;
	if (!(due >> seat & 1))
		return snprintf(buf, len, "wait for your opponent's move"), buf;
	if (g->nboards == 1)
		return snprintf(buf, len, "your move"), buf;
	buf[0] = 0;
	for (int b = 0; b < g->nboards && at < len; b++)
		if (!strcmp(g->board[b].result, "*") && game_mover(g, b, g->board[b].pos->side) == seat)
			at += (size_t)snprintf(buf + at, len - at, "%syour move on board %d",
					       at ? ", " : "", b + 1);
	return buf;
}

const struct kind kind_chess = {
	.name = "chess",
	.no_such_order = F_("a game of %s has no cards"),
	.expect_text = chess_expect_text,
};
