/* exchange.c: promotion by exchange with a waiting piece (see exchange.h). */
#include "engine/exchange.h"

#include "engine/tables.h"

/* The reserve square where an own piece of `type` waits (with mark `mark` unless 0), or
 * SQ_NONE. Only promotions look here, so a walk over the squares is cheap enough. */
static sq_t waiting(const struct pos *p, enum color us, int type, uint8_t mark)
{
	const struct variant *v = p->v;
	piece_t want = PIECE_MAKE(type, us);

	for (int s = 0; s < v->nsq; s++)
		if ((v->sq_flags[s] & SQF_RESERVE) && p->board[s] == want &&
		    (!mark || p->mark[s] == mark))
			return (sq_t)s;
	return SQ_NONE;
}

static bool any_waiting(const struct pos *p, enum color us, uint32_t types)
{
	for (int t = 0; t < TYPE_MAX && types >> t; t++)
		if ((types >> t & 1) && waiting(p, us, t, 0) != SQ_NONE)
			return true;
	return false;
}

/* Does choice pc apply to a pawn of `us` arriving on `to`? */
static bool choice_here(const struct variant *v, const struct promo_choice *pc, enum color us,
			sq_t to)
{
	if (pc->rank && variant_relative_rank(v, to, us) != pc->rank)
		return false;
	if (pc->colour_of != SQ_NONE) {
		sq_t ref = us == WHITE ? pc->colour_of : variant_mirror(v, pc->colour_of);
		if (ref == SQ_NONE || variant_square_dark(v, ref) != variant_square_dark(v, to))
			return false;
	}
	return true;
}

static void push(struct movelist *ml, struct move m)
{
	if (ml->n < MOVES_MAX)
		ml->m[ml->n++] = m;
}

void exchange_emit(const struct pos *p, struct move base, struct movelist *ml)
{
	const struct variant *v = p->v;
	enum color us = p->side;
	const struct pawn_rules *pr = &v->type[PIECE_TYPE(p->board[base.from])].pawn;
	uint8_t mark = p->mark[base.from];
	bool any = false, optional = false;

	if (!(pr->promotion_ranks & variant_rank_bit(variant_relative_rank(v, base.to, us)))) {
		push(ml, base);
		return;
	}
	for (int i = 0; i < pr->npromo; i++) {
		const struct promo_choice *pc = &pr->promo[i];
		if (!choice_here(v, pc, us, base.to) ||
		    waiting(p, us, pc->type, pc->same_mark ? mark : 0) == SQ_NONE)
			continue;
		struct move m = base;
		m.promo = (uint8_t)(pc->type + 1);
		push(ml, m);
		any = true;
		optional |= any_waiting(p, us, pc->optional_while);
	}
	if (!any || optional)
		push(ml, base);
}

sq_t exchange_source(const struct pos *p, sq_t at, uint8_t promo)
{
	const struct variant *v = p->v;
	enum color us = PIECE_COLOR(p->board[at]);
	const struct pawn_rules *pr = &v->type[PIECE_TYPE(p->board[at])].pawn;

	for (int i = 0; i < pr->npromo; i++) {
		const struct promo_choice *pc = &pr->promo[i];
		if (pc->type + 1 == promo && choice_here(v, pc, us, at))
			return waiting(p, us, pc->type, pc->same_mark ? p->mark[at] : 0);
	}
	return SQ_NONE;
}
