/* cardturn_state.h: the card-turn protocol's state (struct cardturn), which a card kind
 * keeps in its own state, and the table a card kind fills (struct ct_ops), with the one way
 * to reach that state from a game: the ground both the protocol's play (cardturn.c) and the
 * kind interface's operations that follow from the state (cardturn_kind.c) stand on. Pure
 * game logic. The users include game/cardturn.h, which includes this. */
#ifndef TEMPEST_CARDTURN_STATE_H
#define TEMPEST_CARDTURN_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "game/order.h"

struct apply_state;

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

/* The protocol's state of a card game (borrowed, in its kind state), or NULL when the
 * game's kind has no card turn (no `cardturn` in its table) or no state yet. */
struct cardturn *cardturn_of(struct game *g);
const struct cardturn *cardturn_get(const struct game *g);
/* Is side c's king attacked? */
bool cardturn_king_attacked(const struct game *g, int c);

#endif
