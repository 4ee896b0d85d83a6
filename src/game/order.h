/* order.h: the order language of a player's mail (docs/orders.md, "Orders").
 *
 * One order per line, case-insensitive keywords; a line that looks like a move ("Nf3",
 * "12... e5", "O-O") is a move; blank lines and prose ("Hi Bob, thanks for the game")
 * are passed over but remembered, so a reply can show what was read. An order that
 * cannot be taken back is read only from a line that is that order alone; a sentence
 * holding it ("I resign.") is an uncertain reading, asked about (order_prose.h). A line
 * on a game kind's own word is that order, read or refused. order_parse() fills a struct
 * orders that the caller frees with orders_free(). */
#ifndef TEMPEST_ORDER_H
#define TEMPEST_ORDER_H

#include <stdbool.h>
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
	/* time */
	ORDER_TIME,             /* time 3 days per move: a challenge's time control */
	ORDER_ARBITER,          /* arbiter ADDRESS: told of losses on time */
	ORDER_VACATION,         /* vacation 5 days | vacation until 2026-12-24 | vacation end */
	ORDER_TIMEZONE,         /* timezone Europe/Paris */
	ORDER_MESSAGE,          /* message TEXT: relayed to the opponent, quoted */
	ORDER_LANGUAGE,         /* language nl: the piece letters of the player's moves */
	ORDER_OBSERVE,          /* observe 17: the public view of game 17 after each move */
	ORDER_UNOBSERVE,        /* unobserve 17 */
	ORDER_MAIL,             /* mail each|digest: a team game's mails at once or in a digest */
	ORDER_PRIVATE,          /* private: a challenge's game stays out of the archive */
	ORDER_CONDITIONAL,      /* if Nf6 d6: e5 Nf3 (conditional moves); if none */
	/* tournaments (docs/orders.md "Tournaments"): read beside any game's orders, applied
	 * by the pipeline to the tournament they name, never to a game */
	ORDER_JOIN_TOURNAMENT,          /* join tournament 3 */
	ORDER_WITHDRAW_TOURNAMENT,      /* withdraw tournament 3 */
	ORDER_STANDINGS,                /* standings 3 */
	ORDER_OPEN_TOURNAMENT,          /* open tournament 3: an arbiter's proposal opened */
	ORDER_TOURNAMENT_NEW,           /* tournament new chess: an arbiter proposes one */
	ORDER_NAME,             /* name Alice Martin: how the player is named in public */
	ORDER_ADDRESS,          /* address public|hidden: may the public see the address? */
	/* a game kind's own orders are numbered from here, each kind on its own (kind.h) */
	ORDER_KIND_FIRST = 64,
};

/* What follows an order's word(s). */
enum order_arg {
	ORDER_ARG_NONE, ORDER_ARG_NUMBER, ORDER_ARG_WORD, ORDER_ARG_MOVE, ORDER_ARG_ADDRESS,
	ORDER_ARG_COLOUR, ORDER_ARG_REST,
	ORDER_ARG_NUMBERS,      /* the rest, which may go on over lines of numbers */
};

/* What an order costs (docs/orders.md "Orders"). A move, a placement or a query may be read from
 * a line with a little prose around it. An order that cannot be taken back or that speaks
 * for the player is read only from a line that is that order alone with its arguments:
 * - ORDER_COST_IRREVOCABLE, a verb (resign, accept, decline, offer draw, elect, assign):
 *   a short sentence holding it ("I resign.", "OK I accept") is an uncertain reading,
 *   asked about and never applied;
 * - ORDER_COST_SETTING, a noun (vacation, timezone, language, message): a sentence that
 *   merely names it ("Back from vacation", "Got your message") stays prose. */
enum order_cost {
	ORDER_COST_FREE = 0,
	ORDER_COST_IRREVOCABLE,
	ORDER_COST_SETTING,
};

/* One order word of a vocabulary: the generic one is order_table.c's; a game kind adds its
 * own (kind.h), with kind numbers from ORDER_KIND_FIRST. A kind's own words are specific
 * to it: a line that begins with one and reads as an attempt at it (nothing after the
 * word, or a digit, an '@' or a lone letter among what follows: "place N c1x") is that
 * order, read or refused, never prose. */
struct order_word {
	const char *words;      /* one or two words, lower case */
	int kind;
	enum order_arg arg;
	const char *usage;
	/* Does what follows the word(s) have this order's shape (its words, split at
	 * blanks)? NULL: the shape of `arg`. A kind whose arguments are free text says so
	 * here, so that prose beginning with its word stays prose. */
	bool (*shaped)(char **w, int nw);
	enum order_cost cost;
	/* The words the order reads after its own (space-separated: "white black random"),
	 * which a player may write in another language as the order word itself
	 * (order_words.h: "couleur noirs" reads "colour black"); with a '^' first, only as
	 * the first word after the order's ("effet tuer e7", a free text after it); NULL:
	 * none, what follows is numbers, squares, moves or the player's own text. */
	const char *args;
};

#define ORDER_ARG_MAX 512
/* The longest address SMTP carries (RFC 5321, 4.5.3.1.3: a path of 256 octets with its
 * angle brackets); a longer one is refused, never cut. */
#define ADDRESS_LEN_MAX 254

struct order {
	int kind;               /* enum order_kind, or a kind's own order */
	char word[24];          /* the order's word(s) as the vocabulary has them, in English
				 * whatever the language the player wrote them in */
	enum order_arg shape;
	int lineno;             /* line of the mail's text (1-based) */
	int number;             /* game number; a move's number if written ("12. e4"), else 0;
				 * for a list or a message, the lines joined to its first */
	char arg[ORDER_ARG_MAX];        /* the move, variant, address, colour or password; a
					 * message's paragraph, its lines joined by '\n' */
	char paired[32];                /* a move pair's first half ("1. e4 e5": e4), which
					 * the game checks against the move played; or "" */
	char text[ORDER_ARG_MAX];       /* the line as written, for quoting back */
};

/* A line that was not read as an order, or an order that could not be understood. */
struct order_note {
	int lineno;
	char text[ORDER_ARG_MAX];
	char reason[256];       /* "" for prose that was passed over */
	bool asked;             /* an uncertain reading: the reason begins "did you mean" */
	bool aside;             /* ... that is asked about only in a mail with no other order
				 * (a setting in a sentence: "Vacation until January 4th, so...") */
	int kind;               /* ... of this order (an order_kind, or a kind's own) */
	/* the game kind's own word the note rests on ("" for a generic one): in a game of
	 * another kind, or of none, the line is prose (order_notes_for_kind) */
	char kind_word[24];
};

struct orders {
	size_t n, nerr, nprose;
	struct order *o;
	struct order_note *err;         /* lines that are wrong or uncertain: the mail must be
					 * refused, or asked about (err[i].asked) */
	struct order_note *prose;       /* lines passed over */
};

/* One line of what a player wrote. Orders have their own line type so that the game layer
 * does not depend on how the mail layer finds the text: the caller converts its lines. */
struct order_line {
	int lineno;                     /* 1-based, in the text the player wrote */
	const char *text;               /* UTF-8, no line end */
};

/* Reads the lines with the generic orders and the `nextra` words of `extra` (a game
 * kind's, or every kind's when the game is not known yet). Fails only when out of memory. */
int order_parse(const struct order_line *lines, size_t nlines, const struct order_word *extra,
		size_t nextra, struct orders *out, struct err *e);
void orders_free(struct orders *o);
/* Is a a mail address as an order may name one: local@domain.tld, no blank, no angle
 * brackets or quotes, at most ADDRESS_LEN_MAX characters? */
bool order_address_ok(const char *a);
/* Is w a move written with numbered squares ("53-37", "12x21", "15-7=Q"; squares 1 to
 * 64)? Read only after the word `move`: alone on a line such a word is prose (a score, a
 * range of pages). */
bool order_numbered_move(const char *w);
/* A conditional line's argument ("Nf6 d6: e5 Nf3", "none") split into the opponent's
 * moves and the answers, each at most `max` words (move numbers such as "12..." left
 * out): the counts, or -1 if it has no colon, more than one, or more words than max. */
int order_conditional_split(const char *arg, char when[][32], int *nwhen, char then[][32],
			    int *nthen, int max);
/* What follows "if" has the shape of a conditional line: moves, one colon, moves; or
 * "none". */
bool order_conditional_shaped(char **w, int nw);
/* ... or is an attempt at one that does not read (a move first, in a short line: "If Nf6
 * then e5"), to be refused rather than passed over as prose. */
bool order_conditional_attempt(char **w, int nw);
/* Could the word be a move as people write it (a letter and a digit, or castling)? */
bool order_move_shaped(const char *w);
/* "12." or "12..." before a move: the number, or 0. */
int order_move_number(const char *w);
/* How an order is written (the generic ones). */
const char *order_name(int k);
/* The generic order words (the English ones; a borrowed table). */
const struct order_word *order_generic(size_t *n);
/* Gives the kind's number to each order whose word is in `words` (a game kind's own
 * vocabulary); the index of the first order of the extra range that is not, or -1. */
int order_resolve(struct orders *o, const struct order_word *words, size_t n);
/* The notes that rest on a kind's own word not among `words` (the game's kind's; NULL:
 * no game known) become prose. Fails only when out of memory. */
int order_notes_for_kind(struct orders *o, const struct order_word *words, size_t n);
/* Each uncertain reading becomes prose (a stranger is asked nothing: the question would go
 * to whoever a spam's From names). Fails only when out of memory. */
int order_doubts_to_prose(struct orders *o);

#endif
