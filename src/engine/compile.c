/* compile.c: a variant made ready for play (see variant.h): its definition checked as a
 * whole, its tables built (tables.c), its starting position read as a game would read it
 * (fen.c); and a compiled variant copied and released. Above the tables and the position
 * code, so that neither calls up into the other. */
#include <stdlib.h>
#include <string.h>

#include "engine/pos.h"
#include "engine/tables.h"

/* The checks that need the whole definition. */
static int variant_check(const struct variant *v, struct err *e)
{
	if (v->nsq == 0)
		return err_set(e, "the variant has no board");
	if (v->ntypes == 0)
		return err_set(e, "the variant has no pieces");
	for (int i = 0; i < v->ntypes; i++) {
		const struct piece_def *p = &v->type[i];
		if (p->pawn.promotion_ranks && p->pawn.npromo == 0)
			return err_set(e, "piece %c promotes but has no promotion choices", p->letter);
		for (int k = 0; k < p->pawn.npromo; k++) {
			const struct promo_choice *pc = &p->pawn.promo[k];
			if (pc->type >= v->ntypes || v->type[pc->type].royal)
				return err_set(e, "piece %c cannot promote to a royal or unknown piece",
					       p->letter);
			if (pc->colour_of != SQ_NONE && pc->colour_of >= v->nsq)
				return err_set(e, "piece %c: promotion colour square is not on the board",
					       p->letter);
		}
	}
	for (int i = 0; i < v->ncastle; i++) {
		const struct castling_def *c = &v->castle[i];
		if (c->royal_from == c->partner_from || c->royal_to == c->partner_to)
			return err_set(e, "castling %s: the royal piece and its partner share a square",
				       c->san);
		if (v->rank_of[c->royal_from] != v->rank_of[c->partner_from] ||
		    v->rank_of[c->royal_to] != v->rank_of[c->royal_from] ||
		    v->rank_of[c->partner_to] != v->rank_of[c->royal_from])
			return err_set(e, "castling %s: all four squares must be on one rank", c->san);
	}
	if (!v->setup[0])
		return err_set(e, "the variant has no starting position");
	return 0;
}

int variant_compile(struct variant *v, struct err *e)
{
	if (variant_check(v, e) < 0)
		return -1;
	tables_free(v->t);
	v->t = NULL;
	if (tables_build(v, e) < 0)
		return -1;
	struct pos *p = malloc(sizeof *p);
	int rc = p ? pos_from_fen(p, v, v->setup, e) : err_set(e, "out of memory");
	free(p);
	if (rc < 0) {
		err_prefix(e, "starting position: ");
		tables_free(v->t);
		v->t = NULL;
	}
	return rc < 0 ? -1 : 0;
}

void variant_free(struct variant *v)
{
	if (!v)
		return;
	tables_free(v->t);
	free(v);
}

struct variant *variant_clone(const struct variant *v, struct err *e)
{
	struct variant *c = malloc(sizeof *c);

	if (!c) {
		err_set(e, "out of memory copying variant %s", v->name);
		return NULL;
	}
	memcpy(c, v, sizeof *c);
	c->t = NULL;
	if (v->t && variant_compile(c, e) < 0) {
		variant_free(c);
		return NULL;
	}
	return c;
}
