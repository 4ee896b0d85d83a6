/* cardturn_kind.h: the kind interface's operations of a card kind (kind.h) that follow from
 * the card-turn protocol's state (cardturn_state.h), defined in cardturn_kind.c. The users
 * include game/cardturn.h, which includes this. Pure game logic. */
#ifndef TEMPEST_CARDTURN_KIND_H
#define TEMPEST_CARDTURN_KIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/cardturn_state.h"
#include "game/game.h"

struct choices;

/* What the intercepted player may answer now (CT_ANS_*): the forms the interception
 * leaves, 'accept' only where it is legal. `own`: for their own mails, with whether their
 * hand holds a card to answer with (CT_ANS_CARD). The prompt, the window to answer and
 * the referee's answer when it closes follow from this one place. */
unsigned cardturn_answers(const struct game *g, bool own);

/* The kind interface's operations of a card kind (kind.h), which finds its ct_ops in
 * its struct kind's `cardturn`. */
enum game_phase cardturn_phase(const struct game *g);
enum clock_charge cardturn_clock_charge(const char *event);
enum reply_kind cardturn_reply_for(const struct game *g, const char *event, int seat);
unsigned cardturn_expected(const struct game *g, enum clock_window *w);
const char *cardturn_owes(const struct game *g);
bool cardturn_window_optional(const struct game *g);
const char *cardturn_window_text(const struct game *g, const char *who, const char *until,
				 char *buf, size_t len);
int cardturn_window_passed(struct game *g, const uint8_t *key, size_t klen,
			   const struct sender *s, int seat, struct outcome *out, struct err *e);
const char *cardturn_expect_text(const struct game *g, int c, char *buf, size_t len);
/* The time to intercept the last move has passed: the player to move may only move. */
void cardturn_close_interception(struct game *g);
/* What a mail's subject and first line say to seat c (rule 9). */
struct ct_subject {
	bool to_act;                    /* c must act now (not the interceptor while the
					 * answer is owed) */
	char last_move[48];             /* a card played instead of a move ("7. card 12", a
					 * phrase), or a move the list holds as edits ("7.
					 * Nf3"), so that an old move is not named again; "":
					 * none */
	bool mover;                     /* ... and c played it */
	bool mated;                     /* c is mated: may only intercept the mating
					 * move or concede, not move */
};
void cardturn_subject(const struct game *g, int c, struct ct_subject *s);
/* A card game's state file holds both players' secrets until the end. */
bool cardturn_secret_state(const struct game *g);
/* What the player expected may send now (game/choices.h: the HTML part's links). */
int cardturn_choices(const struct game *g, int seat, struct choices *out);

/* Why a card kind has no conditional moves (struct kind's no_conditional). */
extern const char cardturn_no_conditional[];

/* The operations of struct kind the protocol answers for a card kind: a card kind's
 * table names them all with this, beside its own. */
#define CARDTURN_KIND_OPS                                       \
	.phase = cardturn_phase,                                \
	.clock_charge = cardturn_clock_charge,                  \
	.reply_for = cardturn_reply_for,                        \
	.expected = cardturn_expected,                          \
	.expect_text = cardturn_expect_text,                    \
	.owes = cardturn_owes,                                  \
	.window_optional = cardturn_window_optional,            \
	.window_text = cardturn_window_text,                    \
	.window_passed = cardturn_window_passed,                \
	.secret_state = cardturn_secret_state,                  \
	.choices = cardturn_choices


#endif
