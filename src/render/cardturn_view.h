/* cardturn_view.h: what the card-turn protocol (game/cardturn.h) says in a card kind's
 * mails, for the kinds' views. */
#ifndef TEMPEST_CARDTURN_VIEW_H
#define TEMPEST_CARDTURN_VIEW_H

#include "game/game.h"
#include "render/template.h"

/* The subject and first line for reader r (rule 9): `your_turn` only when r must act (not
 * the interceptor while the answer is owed), and a card played instead of a move as
 * `last_move` ("4. card 23"), never the move before it; `ct_mated` when r is mated and
 * may only intercept the mating move or concede. */
void cardturn_view_subject(const struct game *g, int r, struct tctx *c);

#endif
