/* cardturn.h: the card-turn protocol the card kinds share (seeds 000 and 002 by mail):
 * seed 000's sequence of moves, interceptions and answers (rules 6, 7 and 13) carrying
 * seed 002's turns. Who may send what, and when; the card before, instead of or after the
 * move; the one card on each turn; the windows to intercept and to answer; the wait for an
 * interception that may lift a mate; what every answer announces (rule 9).
 *
 * A kind keeps a `struct cardturn` in its state, names where in its ct_ops (state_at,
 * so that the kind interface's operations, which get only the game, reach it) and fills
 * the rest of its `struct ct_ops` with what differs: how its card is played, what a move turn carries besides the move
 * (seed 000's numbers, seed 002's redraws), what an answer may do. The kinds' own
 * orders and state stay theirs; this module never names a kind. Pure game logic. */
#ifndef TEMPEST_CARDTURN_H
#define TEMPEST_CARDTURN_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"
#include "game/game.h"
#include "game/order.h"
#include "util/buf.h"

struct apply_state;
struct choices;

/* Who is expected, and for what (stored by the kinds as numbers: keep the order). */
enum ct_expect {
	CT_SETUP = 0,   /* the kind's set-up (lists and numbers, decks) */
	CT_MOVE,        /* `to` moves; while may_intercept, may intercept the last move instead */
	CT_ANSWER,      /* `to` answers the interception of their move */
	CT_MATED,       /* `to` is mated: an interception that lifts the mate, or concede */
	CT_DONE,
};

/* Answers given in advance with a move, to an interception of that move ("if
 * intercepted: accept", "if intercepted by card 66: Nf3"), at most this many: kept by the
 * game, secret until applied, as every line given in advance (game/standing.h). */
#define CT_STANDING_MAX 4

/* The protocol's state: a member of a card kind's state (ct_ops.state_at). */
struct cardturn {
	enum ct_expect expect;
	int to;                         /* who is expected */
	bool may_intercept;             /* the last move may still be intercepted */
	bool card_own[2], card_opp[2];  /* c played a card in this turn on its own move or
					 * answer / on the opponent's move (one of each) */
	/* for this mail's replies (not stored): */
	bool play_started;              /* this mail dealt the cards */
	int instead_card;               /* a card played instead of a move, or 0 */
	char edited_move[16];           /* or a move the board's list holds as edits (it
					 * left its king in check until a later part), or "" */
	int instead_number, instead_by; /* its move number, and who played it */
};

/* What the protocol reads of one mail; the kind's collect fills it beside its own. */
struct ct_msg {
	const struct order *first;      /* the first protocol line, for errors about the mail */
	const struct order *last;       /* the line of the turn's last part (a move, or a card
					 * after or instead of it), which must end any check of
					 * the mover's king; NULL: the first move, else `first` */
	const struct order *card;       /* the card line, or NULL */
	int card_no;
	const struct order *moves[2];
	int nmoves;
	bool intercept, accept;
	bool instead;                   /* the card replaces the move */
	const struct order *answer_only;        /* a line only an answer may carry */
	const struct order *standing[CT_STANDING_MAX];  /* "if intercepted ..." lines */
	int nstanding;
	const void *own;                /* the kind's own reading of the mail */
};

/* ct_ops.intercept: the interception cancelled the turn it intercepts. */
#define CT_TURN_CANCELLED 1

/* The answers an interception leaves its victim (cardturn_answers()), one bit each. */
enum {
	CT_ANS_ACCEPT = 1,      /* 'accept': the move stands, or cannot be carried out */
	CT_ANS_CARD = 2,        /* a card in answer (their hand: their own mails only) */
	CT_ANS_MOVE = 4,        /* a different move: the move was taken back */
	CT_ANS_OUT = 8,         /* a move out of check, the one intercepted allowed */
	CT_ANS_NORMAL = 16,     /* a normal move, no card, the same allowed: the card
				 * played with the move was disabled */
	CT_ANS_SECOND = 32,     /* a different second part of a double move */
	CT_ANS_TWO = 64,        /* two new parts, or 'keep' / 'discard' and one normal move */
};

/* What a kind supplies. Each returns 0, or -1 after apply_error (the mail changes
 * nothing). `moves` gets the move(s) made, as announced ("e4", "Nf3 and Ng5"), or "". */
struct ct_ops {
	/* Where the kind's state holds its struct cardturn: offsetof(its state, member). */
	size_t state_at;
	/* Is this order the protocol's to read (the kind's `handles`)? */
	bool (*handles)(int order_kind);
	/* The kind's numbers of the protocol's own words: card, intercept, if intercepted. */
	int order_card, order_intercept, order_standing;
	/* Reads one of those orders of the mail into the kind's reading `own`. */
	int (*collect)(struct apply_state *a, const struct order *od, void *own);
	/* The kind's reading of a mail's orders (`own`, own_size bytes, zeroed) and the
	 * protocol's part of it in *m; 0 or -1 (refused). For an answer given in advance. */
	int (*reading)(struct apply_state *a, const struct orders *o, void *own, struct ct_msg *m);
	size_t own_size;
	/* A move turn, the protocol's checks passed: its card and move(s), and what the
	 * turn carries besides (a redraw); the king is checked after it. */
	int (*move)(struct apply_state *a, const struct ct_msg *m, char *moves, size_t len);
	/* What closes the move turn once it stands (the numbers owed). NULL: nothing. */
	int (*move_done)(struct apply_state *a, const struct ct_msg *m);
	/* The interception's card: the kind's own checks, then the card played. May return
	 * CT_TURN_CANCELLED: the card cancelled the turn it intercepts (Knightmare's Veto of
	 * the card played with the move), the kind has put the turn's start back, and its
	 * player makes the turn again (see `again`); nothing is answered. */
	int (*intercept)(struct apply_state *a, const struct ct_msg *m);
	/* Is the player to move making their turn again after CT_TURN_CANCELLED? That turn
	 * is a normal move: no card, and no interception of it. NULL: never. */
	bool (*again)(const struct game *g);
	/* The answer's card or move (no move leaves `moves` ""). */
	int (*answer)(struct apply_state *a, const struct ct_msg *m, char *moves, size_t len);
	/* What closes the answer (the number owed). NULL: nothing. */
	int (*answer_done)(struct apply_state *a, const struct ct_msg *m);
	/* The cards c holds (public: the wait for a mate depends on it, never on which). */
	int (*hand_count)(const struct game *g, int c);
	/* Who owes the set-up (bits by seat), and what: a noun that render declines for
	 * each reader ("your %s", "%s's %s", each in its context), so a word, not prose: the
	 * kind's word for kind.h's `owes`, listed with the other owed nouns in
	 * templates/po/data_pot.py. */
	unsigned (*setup_expected)(const struct game *g);
	const char *setup_owes;
	/* The set-up in words for seat c (expect_text). */
	void (*setup_text)(const struct game *g, int c, char *buf, size_t len);
	/* The numbers a move (answer false) or an answer of seat c owes the opponent
	 * (seed 000, rule 8). NULL: none. */
	int (*numbers_owed)(const struct game *g, int c, bool answer);
	/* The forms of answer the interception leaves (CT_ANS_*, but CT_ANS_CARD, which
	 * can_play decides, and the protocol's own check rule), from what both players
	 * know. NULL: accept (the move stands). */
	unsigned (*answer_forms)(const struct game *g);
	/* May seat c play a card of its hand now, as "interception" or "answer"? */
	bool (*can_play)(const struct game *g, int c, const char *how);
	/* The kind's own sentences about an answer, each a whole phrase (N_()) that a
	 * language translates whole, never a fragment spliced into the protocol's: the
	 * prompt to the intercepted player where none of the protocol's fits the answers
	 * left ("answer the interception: accept, or a card in answer to it"), and, for a
	 * kind whose answer is no move (answer_moves false; required then), the refusal of
	 * an answer in advance other than 'accept'. */
	const char *answer_prompt;
	const char *advance_refused;
	/* Does the note say the move ("White moves e4.")? Else the kind's mail names it. */
	bool note_moves;
	/* The orders of an answer `what` ("accept", a move) that the referee gives for the
	 * player to answer (their time passed, or they answered in advance): with what an
	 * answer owes besides (seed 000: "numbers random"). NULL: `what` alone. */
	void (*answer_text)(const struct game *g, const char *what, char *text, size_t len);
	/* May an answer be a move (seed 000's, after the move was taken back)? */
	bool answer_moves;
	/* Would the kind refuse the legal move `san` as the answer now (the very move
	 * intercepted; a double move's answer, which is two)? For the answers a mail's
	 * links offer (cardturn_choices). NULL: none. */
	bool (*answer_move_refused)(const struct game *g, const char *san);
};

/* What the intercepted player may answer now (CT_ANS_*): the forms the interception
 * leaves, 'accept' only where it is legal. `own`: for their own mails, with whether their
 * hand holds a card to answer with (CT_ANS_CARD). The prompt, the window to answer and
 * the referee's answer when it closes follow from this one place. */
unsigned cardturn_answers(const struct game *g, bool own);

/* The protocol's state of a card game (borrowed, in its kind state), or NULL when the
 * game's kind has no card turn (no `cardturn` in its table) or no state yet. */
struct cardturn *cardturn_of(struct game *g);
const struct cardturn *cardturn_get(const struct game *g);

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
/* Is side c's king attacked? */
bool cardturn_king_attacked(const struct game *g, int c);
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
