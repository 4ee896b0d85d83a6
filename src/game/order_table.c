/* order_table.c: the generic table of order words (order.h, order_generic): what every
 * game reads, each word with what follows it, its usage and its cost. Below the order
 * reader (order.c) and the vocabularies made from it (order_words.c). The other
 * languages' words are data (order_words.h); `make po` and tests/orderwords.sh read this
 * table. */
#include "game/order.h"

#include <stddef.h>

#include "game/order_shape.h"

#define ARG_NONE ORDER_ARG_NONE
#define ARG_NUMBER ORDER_ARG_NUMBER
#define ARG_WORD ORDER_ARG_WORD
#define ARG_MOVE ORDER_ARG_MOVE
#define ARG_ADDRESS ORDER_ARG_ADDRESS
#define ARG_COLOUR ORDER_ARG_COLOUR
#define ARG_REST ORDER_ARG_REST
#define keyword order_word

#define IRREVOCABLE ORDER_COST_IRREVOCABLE
#define SETTING ORDER_COST_SETTING

/* The words of a time control, a vacation, a colour, a team game's mails: what a player may
 * write in another language (order_words.h) */
#define TIME_WORDS "days day per move moves fischer max deployment reserve none"
#define VACATION_WORDS "until end days day"
#define COLOUR_WORDS "white black random"

/* Longer phrases first: "accept draw" before "accept". The other languages' words are
 * data (order_words.h), read beside these. */
static const struct keyword keywords[] = {
	{ "offer draw", ORDER_OFFER_DRAW, ARG_NONE, "offer draw", NULL, IRREVOCABLE, NULL },
	{ "draw offer", ORDER_OFFER_DRAW, ARG_NONE, "offer draw", NULL, IRREVOCABLE, NULL },
	{ "accept draw", ORDER_ACCEPT_DRAW, ARG_NONE, "accept draw", NULL, IRREVOCABLE, NULL },
	{ "decline draw", ORDER_DECLINE_DRAW, ARG_NONE, "decline draw", NULL, IRREVOCABLE, NULL },
	{ "claim draw", ORDER_CLAIM_DRAW, ARG_NONE, "claim draw", NULL, IRREVOCABLE, NULL },
	{ "game", ORDER_GAME, ARG_NUMBER, "game 17", NULL, 0, NULL },
	{ "move", ORDER_MOVE, ARG_MOVE, "move Nf3", NULL, 0, NULL },
	{ "resign", ORDER_RESIGN, ARG_NONE, "resign", NULL, IRREVOCABLE, NULL },
	{ "status", ORDER_STATUS, ARG_NONE, "status", NULL, 0, NULL },
	{ "board", ORDER_STATUS, ARG_NONE, "status", NULL, 0, NULL },
	{ "history", ORDER_HISTORY, ARG_NONE, "history", NULL, 0, NULL },
	{ "help", ORDER_HELP, ARG_NONE, "help", NULL, 0, NULL },
	{ "test", ORDER_TEST, ARG_NONE, "test", NULL, 0, NULL },
	{ "new", ORDER_NEW, ARG_WORD, "new chess", order_new_shaped, 0, NULL },
	{ "opponent", ORDER_OPPONENT, ARG_ADDRESS, "opponent bob@example.org", NULL, 0, NULL },
	{ "colour", ORDER_COLOUR, ARG_COLOUR, "colour white, colour black or colour random",
	  NULL, 0, COLOUR_WORDS },
	{ "color", ORDER_COLOUR, ARG_COLOUR, "colour white, colour black or colour random",
	  NULL, 0, COLOUR_WORDS },
	{ "accept", ORDER_ACCEPT, ARG_NONE, "accept", NULL, IRREVOCABLE, NULL },
	{ "decline", ORDER_DECLINE, ARG_NONE, "decline", NULL, IRREVOCABLE, NULL },
	{ "password", ORDER_PASSWORD, ARG_WORD, "password WORD", NULL, 0, NULL },
	{ "concede", ORDER_RESIGN, ARG_NONE, "resign", NULL, IRREVOCABLE, NULL },
	/* the usage names each form's first word: "time fischer ..." is an order, not prose */
	{ "time", ORDER_TIME, ARG_REST, "time 3 days per move (or fischer ..., deployment ..., "
	  "none)", NULL, 0, TIME_WORDS },
	{ "arbiter", ORDER_ARBITER, ARG_ADDRESS, "arbiter carol@example.org", NULL, 0, NULL },
	{ "private", ORDER_PRIVATE, ARG_NONE, "private", NULL, 0, NULL },
	{ "vacation", ORDER_VACATION, ARG_REST, "vacation 5 days, vacation until 2026-12-24, or "
	  "vacation end", NULL, SETTING, VACATION_WORDS },
	{ "holiday", ORDER_VACATION, ARG_REST, "holiday 5 days, holiday until 2026-12-24, or "
	  "holiday end", NULL, SETTING, VACATION_WORDS },
	{ "timezone", ORDER_TIMEZONE, ARG_WORD, "timezone Europe/Paris", NULL, SETTING, NULL },
	{ "language", ORDER_LANGUAGE, ARG_WORD, "language nl", NULL, SETTING, NULL },
	{ "observe", ORDER_OBSERVE, ARG_NUMBER, "observe 17", NULL, 0, NULL },
	{ "unobserve all", ORDER_UNOBSERVE, ARG_NONE, "unobserve all", NULL, 0, NULL },
	{ "unobserve", ORDER_UNOBSERVE, ARG_NUMBER, "unobserve 17", NULL, 0, NULL },
	{ "mail", ORDER_MAIL, ARG_WORD, "mail each or mail digest", order_mail_shaped, SETTING,
	  "each digest" },
	{ "message", ORDER_MESSAGE, ARG_REST, "message Good luck!", order_message_shaped, SETTING,
	  NULL },
	{ "name", ORDER_NAME, ARG_REST, "name Alice Martin", order_name_shaped, SETTING, NULL },
	{ "address", ORDER_ADDRESS, ARG_WORD, "address public or address hidden",
	  order_address_shaped, SETTING, "public hidden" },
	/* conditional moves (docs/orders.md, "Conditional moves") */
	{ "if", ORDER_CONDITIONAL, ARG_REST, "if Nf6: e5 (or: if Nf6 d6: e5 Nf3, or: if none)",
	  order_conditional_shaped, 0, "^none" },
	/* tournaments (docs/orders.md "Tournaments") */
	{ "join tournament", ORDER_JOIN_TOURNAMENT, ARG_NUMBER, "join tournament 3", NULL,
	  IRREVOCABLE, NULL },
	{ "withdraw tournament", ORDER_WITHDRAW_TOURNAMENT, ARG_NUMBER, "withdraw tournament 3",
	  NULL, IRREVOCABLE, NULL },
	{ "open tournament", ORDER_OPEN_TOURNAMENT, ARG_NUMBER, "open tournament 3", NULL,
	  IRREVOCABLE, NULL },
	{ "standings", ORDER_STANDINGS, ARG_NUMBER, "standings 3", NULL, 0, NULL },
	{ "tournament new", ORDER_TOURNAMENT_NEW, ARG_WORD, "tournament new chess", order_new_shaped, 0,
	  NULL },
};

const struct order_word *order_generic(size_t *n)
{
	*n = sizeof keywords / sizeof keywords[0];
	return keywords;
}

const char *order_name(int k)
{
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		if (keywords[i].kind == k)
			return keywords[i].usage;
	return "?";
}
