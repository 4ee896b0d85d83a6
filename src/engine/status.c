/* status.c: see status.h. */
#include "engine/status.h"
#include "util/err.h"

#include "engine/movegen.h"
#include "engine/tables.h"

/* Dead material: every piece besides the royal ones is a "minor" (cannot mate alone), and
 * either there is at most one of them, or all of them are bound to squares of one colour
 * and stand on that colour (K+B v K+B with same-coloured bishops). */
bool status_dead_material(const struct pos *p)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;
	int minors = 0, colour = -1;
	bool bound = true;

	for (int c = 0; c < 2; c++) {
		for (int i = 0; i < p->npieces[c]; i++) {
			sq_t s = p->plist[c][i];
			int t = PIECE_TYPE(p->board[s]);
			if (T->royal_mask >> t & 1)
				continue;
			if (!(T->minor_mask >> t & 1))
				return false;
			minors++;
			int dark = variant_square_dark(v, s);
			bound &= (T->colorbound_mask >> t & 1) && (colour < 0 || colour == dark);
			colour = dark;
		}
	}
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < v->ntypes; t++)
			if (p->hand[c][t])
				return false;
	return minors <= 1 || bound;
}

bool status_bare(const struct pos *p, int c)
{
	const struct tables *T = p->v->t;

	for (int i = 0; i < p->npieces[c]; i++)
		if (!(T->royal_mask >> PIECE_TYPE(p->board[p->plist[c][i]]) & 1))
			return false;
	for (int t = 0; t < p->v->ntypes; t++)
		if (p->hand[c][t])
			return false;
	return true;
}

void status_get(struct pos *p, struct status *st)
{
	const struct draw_rules *d = &p->v->draws;
	int reps = pos_repetitions(p);

	st->in_check = movegen_in_check(p);
	st->nlegal = movegen_count(p);
	st->claim_fifty = d->claim_plies > 0 && p->halfmove >= d->claim_plies;
	st->claim_repetition = d->claim_repetitions > 0 && reps + 1 >= d->claim_repetitions;
	if (st->nlegal == 0)
		st->end = st->in_check ? STATUS_CHECKMATE : STATUS_STALEMATE;
	else if (d->dead_material && status_dead_material(p))
		st->end = STATUS_DEAD;
	else if (d->auto_plies > 0 && p->halfmove >= d->auto_plies)
		st->end = STATUS_MOVE_LIMIT;
	else if (d->auto_repetitions > 0 && reps + 1 >= d->auto_repetitions)
		st->end = STATUS_REPETITION;
	else
		st->end = STATUS_ONGOING;
}

const char *status_end_name(enum status_end end)
{
	switch (end) {
	case STATUS_ONGOING: return N_("game in progress");
	case STATUS_CHECKMATE: return N_("checkmate");
	case STATUS_STALEMATE: return N_("stalemate");
	case STATUS_DEAD: return N_("draw: neither side can mate");
	case STATUS_MOVE_LIMIT: return N_("draw: seventy-five moves without a capture or pawn move");
	case STATUS_REPETITION: return N_("draw: the same position five times");
	}
	return "?";
}
