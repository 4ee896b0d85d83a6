/* tempete_int.h: what the tempete*.c files share (internal to src/game/). */
#ifndef TEMPEST_TEMPETE_INT_H
#define TEMPEST_TEMPETE_INT_H

#include "game/apply.h"
#include "kinds/tempete/tempete.h"
#include "util/crypto.h"

#define TP_EFFECTS_MAX 24

/* One mail's protocol orders, sorted out. */
struct turn_msg {
	const struct order *card;
	int card_no;
	bool continuing;                /* the player says the card's effect continues */
	const struct order *effects[TP_EFFECTS_MAX];
	int neffects;
	bool effects_after;             /* written after the move */
	const struct order *moves[2];
	int nmoves;
	const struct order *numbers, *square, *secret, *take, *choose, *part;
	const struct order *first;      /* the first protocol line, for errors about the mail */
	bool intercept, accept, keep, discard;
	bool instead, takeback;         /* effects that change the turn's shape */
};

/* tempete.c */
int tp_need(const struct tempete *tp, int c);
void tp_draw(struct tempete *tp, int c, int number);
bool tp_in_hand(const struct tempete *tp, int c, int card);
void tp_remove_from_hand(struct tempete *tp, int c, int card);
void tp_stream(const struct apply_state *a, const char *what, int extra, struct drbg *d);
int tp_read_numbers(struct apply_state *a, const struct order *od, int want, int *out);
void tp_send_numbers(struct tempete *tp, int from, const int *nums, int n, bool draw);
int tp_setup(struct apply_state *a, const struct orders *o);

/* tempete_card.c */
const struct card_info *tp_info(const struct apply_state *a, int card);
/* May a card of this timing be played as a "move", "interception" or "answer"? */
bool tp_timing_ok(enum card_timing t, const char *how);
/* Plays the mail's card as `how` (checks, specials, effects now or after the move),
 * announcing it; 0 or -1 (refused). No card: checks that nothing needs one. */
int tp_card_turn(struct apply_state *a, const struct turn_msg *t, const char *how, bool effects_now);
/* "secret e4": a square given earlier with card 12 or 28, now used. */
int tp_use_secret(struct apply_state *a, const struct turn_msg *t);
/* Is the card's effect over once applied (not a continuing one), by the catalogue or, where
 * it says nothing, as its player says? */
bool tp_regular_card(const struct apply_state *a, const struct turn_msg *t);

/* tempete_effect.c: the card's board edits. Returns -1 (refused), 0 (applied), or 1
 * (no effect: the Checkmate Rule; nothing was changed). `announce` gets the edits as
 * the opponent reads them. */
int tp_effects(struct apply_state *a, const struct turn_msg *t, bool regular,
	       char *announce, size_t alen);
/* Marks follow a piece that moves from one square to another (or die with it). */
void tp_marks_move(struct tempete *tp, const char *from, const char *to);
void tp_marks_remove(struct tempete *tp, const char *square);
/* The piece on `square` of side c (kind `letter`) is captured: the kind that goes to the
 * captured record (a transformed piece's original kind), noting a possible rescue. */
char tp_captured_kind(struct tempete *tp, int c, const char *square, char letter);
/* The marks and the record of captures at a moment of the move (0 before it, 1 between a
 * double move's parts, 2 after it), and back. */
void tp_save_marks(struct tempete *tp, int slot);
void tp_restore_marks(struct tempete *tp, int slot);
/* The position set back to a FEN saved earlier (an interception's "takeback"). */
int tp_restore(struct apply_state *a, const char *fen, struct err *e);

#endif
