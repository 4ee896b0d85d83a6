/* cardturn.h: the card-turn protocol the card kinds share (seeds 000 and 002 by mail):
 * seed 000's sequence of moves, interceptions and answers (rules 6, 7 and 13) carrying
 * seed 002's turns. Who may send what, and when; the card before, instead of or after the
 * move; the one card on each turn; the windows to intercept and to answer; the wait for an
 * interception that may lift a mate; what every answer announces (rule 9).
 *
 * A kind keeps a `struct cardturn` in its state, names where in its ct_ops (state_at,
 * so that the kind interface's operations, which get only the game, reach it) and fills
 * the rest of its `struct ct_ops` with what differs: how its card is played, what a move
 * turn carries besides the move (seed 000's numbers, seed 002's redraws), what an answer
 * may do: both in cardturn_state.h, below the play here and the kind interface's
 * operations (cardturn_kind.h). The kinds' own
 * orders and state stay theirs; this module never names a kind. Pure game logic. */
#ifndef TEMPEST_CARDTURN_H
#define TEMPEST_CARDTURN_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"
#include "game/cardturn_kind.h"
#include "game/cardturn_state.h"
#include "game/game.h"
#include "game/order.h"
#include "util/buf.h"

struct apply_state;

/* One mail of play (the set-up done): the interception, the answer or the move it is, in
 * the order of rule 7. 0, or -1 (refused). */
int cardturn_apply(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m);

/* Reads the mail's protocol orders: the protocol's part in *m (m->first NULL: the mail has
 * none), every one of them through ops->collect into the kind's `own` too (zeroed first,
 * ops->own_size bytes). 0, or -1 (refused). */
int cardturn_collect(struct apply_state *a, const struct ct_ops *ops, const struct orders *o,
		     void *own, struct ct_msg *m);
/* The card number that starts w ("23", "23 continuing"): 1 .. CARDS_MAX-1, else 0 (not
 * digits, or too large: atoi would read 2^32 + 23 as card 23). */
int cardturn_card_number(const char *w);
/* An "if intercepted ..." line of the mail, kept for the move (at most CT_STANDING_MAX). */
int cardturn_standing_line(struct apply_state *a, const struct order *od,
			   const struct order **lines, int *n);
/* Has what follows "if intercepted" the shape of an answer in advance (kind order
 * tables' `shaped`)? */
bool cardturn_standing_shaped(char **w, int nw);
/* One line of a kind only once per mail: -1 (refused) if *slot is taken, else sets it. */
int cardturn_once(struct apply_state *a, const struct order *od, const struct order **slot,
		  const char *what);
/* The turn passes without a move on the board (a card played instead of it). */
int cardturn_pass(struct apply_state *a, const struct order *od);
/* Side c to move on the board (between a double move's parts, after an answer). */
int cardturn_side(struct apply_state *a, int c, const struct order *od);
/* Would side c, to move now, be mated? */
bool cardturn_mated(const struct pos *p, int c);

/* A move on the board, with what the kind records of it. */
struct ct_move {
	int only_type;                  /* the piece type that must move, or -1 */
	const char *from;               /* the square it must move from, or NULL */
	bool self_check;                /* may leave one's own king in check: a later part of
					 * the same turn (a card after the move, a double
					 * move's second part) must remove it (seed 002) */
	/* The piece `victim` is captured on `square`. */
	void (*captured)(struct apply_state *a, const char *square, piece_t victim);
	/* A piece goes from one square to another (marks and effects follow it). */
	void (*follow)(struct apply_state *a, const char *from, const char *to);
};
/* Plays a->me's move `od` with what `how` asks; its SAN in san_out (SAN_MAX). */
int cardturn_move(struct apply_state *a, const struct order *od, const struct ct_move *how,
		  char *san_out);

#endif
