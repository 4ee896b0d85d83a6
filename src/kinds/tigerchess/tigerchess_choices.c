/* tigerchess_choices.c: what a Warlord may send now, for the HTML part's one-click moves
 * (game/choices.h): during the deployment each wing his Royal Guard may take ("guard e")
 * or each square the next Swordsman may be posted on ("post c6"), the seed's rules for
 * the variation applied by the very functions that refuse a posting; once engaged, the
 * legal moves, as in every game. */
#include <stdio.h>
#include <string.h>

#include "game/choices.h"
#include "game/kind.h"
#include "kinds/tigerchess/tigerchess.h"
#include "kinds/tigerchess/tigerchess_kind.h"

/* The postings that would be accepted now, each tried on copies of the state. */
static int postings(const struct game *g, struct choices *out)
{
	const struct tigerchess *tc = g->kstate;
	char sq[3] = "a1", body[16], why[160], group[64];
	int rc = 0;

	if (tc->stage == TC_GUARDS) {
		for (char wing = 'c'; wing <= 'f' && rc == 0; wing++) {
			struct tigerchess t = *tc;
			struct pos p = *game_pos(g);
			char w[2] = { wing, 0 };
			snprintf(body, sizeof body, "guard %c", wing);
			if (tc_post_guard(&t, &p, tc_owner(tc), w, why, sizeof why) == 0)
				rc = choices_add(out, PIECE_NONE, N_("the Royal Guard's wing"), body, body);
		}
		return rc;
	}
	snprintf(group, sizeof group, N_("Swordsman %d"), (tc->nposted + 2) / 2);
	for (int r = 0; r < 8 && rc == 0; r++)
		for (int f = 0; f < 8 && rc == 0; f++) {
			struct tigerchess t = *tc;
			struct pos p = *game_pos(g);
			sq[0] = (char)('a' + f), sq[1] = (char)('1' + r);
			snprintf(body, sizeof body, "post %s", sq);
			if (tc_post(&t, &p, sq, why, sizeof why) == 0)
				rc = choices_add(out, PIECE_NONE, group, body, body);
		}
	return rc;
}

int tc_choices(const struct game *g, int seat, struct choices *out)
{
	const struct tigerchess *tc = g->kstate;

	if (tc->stage == TC_ENGAGED)
		return (int)game_pos(g)->side == g->seat[seat].side ?
		       choices_moves(g, 0, seat, NULL, true, NULL, out) : 0;
	return tc_next(tc) == g->seat[seat].side ? postings(g, out) : 0;
}
