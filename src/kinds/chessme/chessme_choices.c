/* chessme_choices.c: what a ChessMe player may send now, for the HTML part's one-click
 * moves (game/choices.h): each legal move alone ("12. Nd5", a turn without a placement);
 * and each move with each placement it allows ("12. Nd5" then "place N e2") when a turn
 * has at most CM_PAIRS_LISTED of those pairs in all. Early in a game a hand of three
 * tiles makes a few hundred: the moves alone are listed then, and a placement is written
 * by hand (the mail says how many pairs were left out). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/choices.h"
#include "game/kind.h"
#include "kinds/chessme/chessme.h"
#include "kinds/chessme/chessme_game.h"
#include "kinds/chessme/chessme_kind.h"

#define CM_PAIRS_LISTED 32

/* The pairs of move i (its line `line`, its SAN san) into out. */
static int pairs(const struct cm_pos *p, const struct cm_move *m, const char *line,
		 const char *san, struct choices *out)
{
	struct cm_place pl[CM_PIECES * 2 * CM_HAND];
	struct cm_pos after = *p;
	char sq[CM_SQ_MAX], label[48], body[CHOICE_BODY];

	cm_make(&after, m);
	int np = cm_placements(&after, p->side, pl, (int)(sizeof pl / sizeof pl[0]));
	for (int k = 0; k < np; k++) {
		cm_square_name(pl[k].x, pl[k].y, sq);
		snprintf(label, sizeof label, "%c@%s", pl[k].type, sq);
		snprintf(body, sizeof body, "%s\nplace %c %s", line, pl[k].type, sq);
		if (choices_add(out, PIECE_NONE, san, label, body) < 0)
			return -1;
	}
	return 0;
}

int cm_choices(const struct game *g, int seat, struct choices *out)
{
	const struct chessme *cm = g->kstate;
	const struct cm_pos *p = &cm->pos;
	struct cm_move *m = malloc(CM_MOVES * sizeof *m);
	struct choices placed = { 0 };
	unsigned number = game_pos(g)->fullmove;
	int rc = 0, n;

	if (!m)
		return -1;
	n = p->side == g->seat[seat].side ? cm_legal_moves(p, m, CM_MOVES) : 0;
	for (int i = 0; i < n && rc == 0; i++) {
		char san[64], line[96];
		cm_move_san(p, &m[i], san, sizeof san);
		snprintf(line, sizeof line, "%u.%s %s", number, p->side ? ".." : "", san);
		/* grouped by the kind of tile that moves, as a board's moves by their piece */
		int t = cm_at(p, m[i].fx, m[i].fy);
		int type = t >= 0 ? variant_type_by_letter(g->v, p->p[t].type) : -1;
		rc = choices_add(out, type >= 0 ? PIECE_MAKE(type, p->p[t].color) : PIECE_NONE,
				 type >= 0 ? g->v->type[type].name : "", san, line);
		if (rc == 0)
			rc = pairs(p, &m[i], line, san, &placed);
	}
	if (rc == 0)
		rc = choices_group(out, 0);
	if (rc == 0 && placed.n > CM_PAIRS_LISTED) {
		out->left_out = placed.n;
		out->left_out_note = N_("%d moves with a placement are not listed here (too many "
					"for a mail): write the placement under your move, as usual.");
	}
	for (size_t i = 0; rc == 0 && placed.n <= CM_PAIRS_LISTED && i < placed.n; i++)
		rc = choices_add(out, PIECE_NONE, placed.c[i].group, placed.c[i].label,
				 placed.c[i].body);
	choices_free(&placed);
	free(m);
	return rc;
}
