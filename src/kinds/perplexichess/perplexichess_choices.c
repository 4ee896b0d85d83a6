/* perplexichess_choices.c: what a member may send now, for the HTML part's one-click
 * moves (game/choices.h): a boardman, the legal moves of their board when it is their
 * turn there; a grand strategist, the transfers (rule 3) that would be accepted now, when
 * there are at most PX_TRANSFERS_LISTED of them (a position of three boards in mid-game
 * allows a few hundred: a list of them all would be no help, and is left out, saying how
 * many there are). An agent makes no moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "game/choices.h"
#include "game/kind.h"
#include "game/spelling.h"
#include "kinds/perplexichess/perplexichess.h"

#define PX_TRANSFERS_LISTED 64

/* Is side c's king attacked on p (a board that ended has none)? */
static bool in_check(const struct pos *p, int c)
{
	return p->nroyal[c] == 1 && movegen_attacked(p, p->royal[c], COLOR_OTHER(c));
}

/* Would the transfer of the piece on s from board `from` to `to` be accepted: neither
 * board, if still in play, left with the side not to move in check? */
static bool transfer_ok(const struct game *g, int from, int to, sq_t s, struct pos *p1,
			struct pos *p2)
{
	piece_t pc = pos_at(g->board[from].pos, s);

	memcpy(p1, g->board[from].pos, sizeof *p1);
	memcpy(p2, g->board[to].pos, sizeof *p2);
	pos_edit_remove(p1, s);
	pos_edit_place(p2, s, pc);
	return !(!strcmp(g->board[from].result, "*") && in_check(p1, COLOR_OTHER(p1->side))) &&
	       !(!strcmp(g->board[to].result, "*") && in_check(p2, COLOR_OTHER(p2->side)));
}

/* Every transfer of side's pieces into all (listed if few enough). */
static int transfers(const struct game *g, int seat, int side, struct choices *all,
		     struct pos *p1, struct pos *p2)
{
	for (int from = 0; from < g->nboards; from++) {
		const struct pos *p = g->board[from].pos;
		char group[48];
		snprintf(group, sizeof group, N_("from board %d"), from + 1);
		for (sq_t s = 0; s < (sq_t)p->v->nsq; s++) {
			piece_t pc = pos_at(p, s);
			if (!pc || (int)PIECE_COLOR(pc) != side || p->v->type[PIECE_TYPE(pc)].royal)
				continue;
			const struct piece_def *ty = &p->v->type[PIECE_TYPE(pc)];
			const char *sq = variant_square_name(p->v, s);
			char san[16], piece[16];
			/* the piece as SAN writes it, in the strategist's letters: "Nb1", "d2" */
			snprintf(san, sizeof san, "%s%s", ty->pawn.is_pawn ? "" :
				 (char[2]){ ty->letter, 0 }, sq);
			spelling_san_local(p->v, g->lang[seat], san, piece, sizeof piece);
			for (int to = 0; to < g->nboards; to++) {
				char label[48], body[64];
				if (to == from || pos_at(g->board[to].pos, s) ||
				    !transfer_ok(g, from, to, s, p1, p2))
					continue;
				snprintf(label, sizeof label, N_("%s to board %d"), piece, to + 1);
				snprintf(body, sizeof body, "transfer %s from %d to %d", sq, from + 1, to + 1);
				if (choices_add_words(all, PIECE_NONE, group, label, body) < 0)
					return -1;
			}
		}
	}
	return 0;
}

int px_choices(const struct game *g, int seat, struct choices *out)
{
	int b = g->seat[seat].board, side = g->seat[seat].side, rc = 0;

	if (px_is(g, seat, PX_ROLE_BOARDMAN))
		return b >= 0 && !strcmp(g->board[b].result, "*") &&
		       (int)g->board[b].pos->side == side ?
		       choices_moves(g, b, seat, NULL, true, NULL, out) : 0;
	if (!px_is(g, seat, PX_ROLE_STRATEGIST))
		return 0;
	struct pos *p1 = malloc(sizeof *p1), *p2 = malloc(sizeof *p2);
	if (!p1 || !p2 || transfers(g, seat, side, out, p1, p2) < 0)
		rc = -1;
	if (rc == 0 && out->n > PX_TRANSFERS_LISTED) {
		out->left_out = out->n;
		out->n = 0;
		out->left_out_note = N_("%d transfers are possible now, too many to list here: "
					"write the one you choose, as usual (transfer e4 from 1 to 3).");
	}
	free(p1);
	free(p2);
	return rc;
}
