/* cardturn_choices.c: what a player of a card game may send now, for the HTML part's
 * one-click moves (game/choices.h): on their move, each plain move with what a move owes
 * besides (seed 000's numbers: "numbers random"); on an answer, `accept` and, when the
 * move was taken back, each different move. A card played with a move, an interception
 * and a cancelling card need a card's number and effects: they are written by hand. */
#include "game/cardturn.h"

#include <stdio.h>
#include <string.h>

#include "game/choices.h"
#include "game/kind.h"

/* What the kind's answer_text adds to `what` for the player expected now ("numbers
 * random" where numbers are owed), as a line after it, or "". */
static void owed(const struct game *g, const struct ct_ops *ops, char *out, size_t len)
{
	char text[128];
	const char *nl;

	out[0] = 0;
	if (!ops->answer_text)
		return;
	ops->answer_text(g, "-", text, sizeof text);
	if ((nl = strchr(text, '\n')))
		snprintf(out, len, "%s", nl + 1);
}

int cardturn_choices(const struct game *g, int seat, struct choices *out)
{
	const struct cardturn *ct = cardturn_get(g);
	const struct ct_ops *ops = kind_of(g)->cardturn;
	char extra[96], accept[128];

	if (ct->to != seat || (ct->expect != CT_MOVE && ct->expect != CT_ANSWER))
		return 0;
	owed(g, ops, extra, sizeof extra);
	if (ct->expect == CT_MOVE)
		return choices_moves(g, 0, seat, extra[0] ? extra : NULL, true, NULL, out);
	snprintf(accept, sizeof accept, "accept%s%s", extra[0] ? "\n" : "", extra);
	if (choices_add(out, PIECE_NONE, N_("your answer"), "accept", accept) < 0)
		return -1;
	/* the move taken back: a different move answers too (seed 000, rule 6.3) */
	if (ops->answer_moves && (int)game_pos(g)->side == g->seat[seat].side)
		return choices_moves(g, 0, seat, extra[0] ? extra : NULL, true,
				     ops->answer_move_refused, out);
	return 0;
}
