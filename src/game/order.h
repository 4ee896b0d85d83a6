/* order.h: the order language of a player's mail (README, "Orders").
 *
 * One order per line, case-insensitive keywords; a line that looks like a move ("Nf3",
 * "12... e5", "O-O") is a move; blank lines and prose ("Hi Bob, thanks for the game")
 * are passed over but remembered, so a reply can show what was read. order_parse()
 * fills a struct orders that the caller frees with orders_free(). */
#ifndef TEMPEST_ORDER_H
#define TEMPEST_ORDER_H

#include <stddef.h>

#include "util/err.h"

enum order_kind {
	ORDER_GAME,             /* game 17 */
	ORDER_MOVE,             /* move Nf3, or a move alone on a line */
	ORDER_RESIGN,
	ORDER_OFFER_DRAW,
	ORDER_ACCEPT_DRAW,
	ORDER_DECLINE_DRAW,
	ORDER_CLAIM_DRAW,
	ORDER_STATUS,
	ORDER_HISTORY,
	ORDER_HELP,
	ORDER_TEST,
	ORDER_NEW,              /* new chess */
	ORDER_OPPONENT,         /* opponent bob@example.org */
	ORDER_COLOUR,           /* colour white|black|random */
	ORDER_ACCEPT,           /* accept an invitation */
	ORDER_DECLINE,          /* decline an invitation */
	ORDER_PASSWORD,         /* password WORD */
	/* card games (the tempete protocol) */
	ORDER_CARDS,            /* cards 1-10 12-40: the list of cards a challenge proposes */
	ORDER_LIST,             /* list 17 3 45 ... (may go on over lines) or list random */
	ORDER_NUMBERS,          /* numbers 3 17 or numbers random */
	ORDER_CARD,             /* card 23 [continuing] */
	ORDER_EFFECT,           /* effect kill e7: a board edit of the card played */
	ORDER_SQUARE,           /* square e4: the secret square of card 12 or 28 */
	ORDER_SECRET,           /* secret e4: using the square given earlier */
	ORDER_TAKE,             /* take 23: the card that card 34 takes */
	ORDER_CHOOSE,           /* choose 23: the card that card 57 takes */
	ORDER_INTERCEPT,        /* this mail intercepts the opponent's move */
	ORDER_PART,             /* part 1|2: which part of a double move an interception hits */
	ORDER_KEEP,             /* an answer keeps the double-move card in hand */
	ORDER_DISCARD,          /* ... or discards it */
	/* time */
	ORDER_TIME,             /* time 3 days per move: a challenge's time control */
	ORDER_ARBITER,          /* arbiter ADDRESS: told of losses on time */
	ORDER_VACATION,         /* vacation 5 days | vacation until 2026-12-24 | vacation end */
	ORDER_TIMEZONE,         /* timezone Europe/Paris */
};

#define ORDER_ARG_MAX 512

struct order {
	enum order_kind kind;
	int lineno;             /* line of the mail's text (1-based) */
	int number;             /* game number; a move's number if written ("12. e4"), else 0 */
	char arg[ORDER_ARG_MAX];        /* the move, variant, address, colour or password */
	char text[ORDER_ARG_MAX];       /* the line as written, for quoting back */
};

/* A line that was not read as an order, or an order that could not be understood. */
struct order_note {
	int lineno;
	char text[ORDER_ARG_MAX];
	char reason[256];       /* "" for prose that was passed over */
};

struct orders {
	size_t n, nerr, nprose;
	struct order *o;
	struct order_note *err;         /* lines that are wrong: the mail must be refused */
	struct order_note *prose;       /* lines passed over */
};

/* One line of what a player wrote. Orders have their own line type so that the game layer
 * does not depend on how the mail layer finds the text: the caller converts its lines. */
struct order_line {
	int lineno;                     /* 1-based, in the text the player wrote */
	const char *text;               /* UTF-8, no line end */
};

/* Reads the lines. Fails only when out of memory. */
int order_parse(const struct order_line *lines, size_t nlines, struct orders *out, struct err *e);
void orders_free(struct orders *o);
const char *order_name(enum order_kind k);

#endif
