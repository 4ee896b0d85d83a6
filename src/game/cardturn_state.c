/* cardturn_state.c: the card-turn protocol's state reached from a game (cardturn_state.h),
 * below both the protocol's play and the kind interface's operations of a card kind. */
#include "game/cardturn_state.h"

#include "engine/movegen.h"
#include "game/kind.h"

struct cardturn *cardturn_of(struct game *g)
{
	return (struct cardturn *)cardturn_get(g);
}

/* Only a kind whose table names the protocol holds its state, where its ct_ops says:
 * any other kind's state is something else and is never read as a card turn. */
const struct cardturn *cardturn_get(const struct game *g)
{
	const struct ct_ops *ops = kind_of(g)->cardturn;

	if (!ops || !g->kstate)
		return NULL;
	return (const struct cardturn *)((const char *)g->kstate + ops->state_at);
}

bool cardturn_king_attacked(const struct game *g, int c)
{
	const struct pos *p = game_pos(g);

	return p->nroyal[c] && p->royal[c] != SQ_NONE &&
	       movegen_attacked(p, p->royal[c], (enum color)(1 - c));
}
