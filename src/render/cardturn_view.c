/* cardturn_view.c: see cardturn_view.h. */
#include "render/cardturn_view.h"

#include "game/cardturn.h"

void cardturn_view_subject(const struct game *g, int r, struct tctx *c)
{
	struct ct_subject s;

	cardturn_subject(g, r, &s);
	if (s.last_move[0]) {
		tctx_set(c, "last_move", "%s", s.last_move);
		tctx_set(c, "mover", "%s", s.mover ? "yes" : "");
	}
	if (!s.to_act)
		tctx_set(c, "your_turn", "%s", "");
	if (s.mated)
		tctx_set(c, "ct_mated", "%s", "yes");
}
