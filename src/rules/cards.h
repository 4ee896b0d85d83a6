/* cards.h: what the referee must know of each card of a card game (rules/cards/NAME.json,
 * rules/cards/NAME.json), without the cards' texts, which are the publisher's:
 * when a card may be played, whether its effect continues, and the cards the play-by-mail
 * rules treat specially. A user who owns the cards may add their names in a local file
 * (`card_names` in the configuration: lines "23 = Name"). cards_load() fills a struct the
 * caller owns (no allocation). */
#ifndef TEMPEST_CARDS_H
#define TEMPEST_CARDS_H

#include <stdbool.h>

#include "util/err.h"

#define CARDS_MAX 128           /* card numbers are 1 .. CARDS_MAX-1 */
#define CARD_NAME_MAX 64
#define CARD_EFFECT_MAX 160

enum card_timing {
	CARD_ANY = 0,           /* not known: on one's own turn, or as interception or answer */
	CARD_OWN,               /* with one's own move */
	CARD_INTERCEPTION,      /* only as an interception (66) */
	CARD_REACTION,          /* in reply to a card: as an answer or an interception */
	CARD_START_OF_TURN,     /* first thing in one's own turn (34) */
	CARD_AFTER_LOSS,        /* in the turn after losing a piece other than a pawn (57) */
	CARD_BEFORE,            /* on one's own turn, before the move (Knightmare catalogues) */
	CARD_INSTEAD,           /* on one's own turn, instead of the move */
	CARD_AFTER,             /* on one's own turn, after the move */
	CARD_TIMINGS
};
/* The timings as the catalogue files write them, by enum value. */
extern const char *const cards_timing_names[CARD_TIMINGS];

enum card_special {
	SPECIAL_NONE = 0,
	SPECIAL_UNUSED,         /* not in the game (11, 22, 71, 72) */
	SPECIAL_SECRET_SQUARE,  /* the player gives the referee a square in secret (12, 28) */
	SPECIAL_DOUBLE_KNIGHT,  /* two knight moves (18) */
	SPECIAL_DOUBLE_BISHOP,  /* two bishop moves (50) */
	SPECIAL_DISABLE,        /* disables the card that disabled a move (32, 42, 52) */
	SPECIAL_RETRIEVE,       /* takes into hand a card the opponent played (34) */
	SPECIAL_RECOVER,        /* takes a card not yet played from one's own list (57) */
};

struct card_info {
	bool exists;
	enum card_timing timing;
	int continuing;         /* 1, 0, or -1: not known (the player says) */
	enum card_special special;
	char name[CARD_NAME_MAX];       /* from the local names file, or "" */
	/* Knightmare catalogues (rules/cards/knightmare.json): what deck building and the
	 * referee's own application of the card need. */
	int points;                     /* its value when building a deck (0: not said) */
	bool unique;                    /* at most once in a deck ("*") */
	char effect[CARD_EFFECT_MAX];   /* in the effect language (rules/effect.h), or "" */
};

struct card_catalogue {
	char name[32];
	struct card_info card[CARDS_MAX];
	int ndefault;
	int default_list[CARDS_MAX];    /* the list of cards used unless the players agree
					 * another one (rule 2), ascending */
	int budget;                     /* a deck's points unless the challenge says (0: no decks) */
};

/* "card 23" or "card 23 (Name)" for messages. */
const char *cards_label(const struct card_catalogue *c, int card, char *buf, int len);
const char *cards_timing_name(enum card_timing t);

#endif
