/* test_reader.c: the reader of orders on mails as players write them. Each case is the
 * text a player wrote (after the mail layer removed quotes and signatures) with what must
 * be read: the orders ("move e4", "resign", ...), and the outcome the mail gets —
 * O: orders read (applied, or refused by the game with the line named when one is wrong:
 * "Nf9", "vacation 5 weeks" are orders, not prose), E: a line is a faulty order already
 * as written (the mail is refused and the line named), P: prose only (the player is
 * answered with what was read and how to write an order). Prose never costs a move. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "game/order.h"
#include "gametest.h"

struct reading {
	const char *text;       /* lines separated by \n */
	const char *orders;     /* "word arg|word arg|...": what was read, in order */
	char outcome;           /* O, E or P */
};

static const struct reading cases[] = {
	/* sign-offs and greetings that begin with an order word */
	{ "e4\nTake care,\nBob", "move e4", 'O' },
	{ "Nf3\nGame on!", "move Nf3", 'O' },
	{ "Time flies\xe2\x80\xa6\nd4", "move d4", 'O' },
	{ "Accept my thanks for the game.\nresign", "resign", 'O' },
	{ "Move fast, they say.\nc4", "move c4", 'O' },
	{ "Resign? Never!\nKe2", "move Ke2", 'O' },
	{ "Status quo it is.\ne5", "move e5", 'O' },
	{ "New year, new openings!\nNc6", "move Nc6", 'O' },
	{ "Colour me impressed.\nBb5", "move Bb5", 'O' },
	{ "History repeats itself\nO-O", "move O-O", 'O' },
	{ "Help is on the way\nQxd8", "move Qxd8", 'O' },
	{ "Test of nerves!\nRe1", "move Re1", 'O' },
	{ "Vacation was great, thanks\na6", "move a6", 'O' },
	{ "Decline? Not me.\nexd5", "move exd5", 'O' },
	{ "Opponent of the year!\nh3", "move h3", 'O' },
	{ "Password managers are great\ng3", "move g3", 'O' },
	{ "Card games are fun too\nBg2", "move Bg2", 'O' },
	{ "List of my favourite openings follows\nf4", "move f4", 'O' },
	{ "Take your time\nNd7", "move Nd7", 'O' },
	/* signature lines: phone numbers, dates, addresses */
	{ "Nf3\n+33 6 12 34 56 78", "move Nf3", 'O' },
	{ "e4\nTel. 555-1234", "move e4", 'O' },
	{ "d5\n2026-11-05", "move d5", 'O' },
	{ "c5\n05.11.2026", "move c5", 'O' },
	{ "Bc4\n12 Rue de la Paix, 75002 Paris", "move Bc4", 'O' },
	{ "Qh5\n+1 (212) 555-0100", "move Qh5", 'O' },
	{ "g6\nSent from my iPhone", "move g6", 'O' },
	{ "Nf6\n10:30", "move Nf6", 'O' },
	/* moves in sentences are prose: a line is an order only if it is one in full */
	{ "I'll play Nf3 this time", "", 'P' },
	{ "My move: e4", "", 'P' },
	{ "Zug e4", "", 'P' },
	{ "I think e4 is best", "", 'P' },
	{ "", "", 'P' },
	{ "Hello Bob, how are you?", "", 'P' },
	{ "Thanks for the game!", "", 'P' },
	/* trailing punctuation and odd spaces */
	{ "Nf3.", "move Nf3", 'O' },
	{ "e4,", "move e4", 'O' },
	{ "Resign.", "resign", 'O' },
	{ "resign!", "resign", 'O' },
	{ "\xc2\xa0Nc6", "move Nc6", 'O' },
	{ "\xc2\xa0\xc2\xa0" "e5\xc2\xa0", "move e5", 'O' },
	{ "\tO-O-O", "move O-O-O", 'O' },
	{ "12... Nf6.", "move Nf6", 'O' },
	{ "Status:", "status", 'O' },
	{ "offer draw.", "offer draw", 'O' },
	{ "accept draw!", "accept draw", 'O' },
	{ "Accept", "accept", 'O' },
	/* unmistakably failed orders: refused, the line named */
	{ "Nf9", "move Nf9", 'O' },            /* the game refuses it, naming it */
	{ "e4 e5", "", 'E' },
	{ "game 17x", "", 'E' },
	{ "move Zz9", "move Zz9", 'O' },
	{ "colour blue", "", 'E' },
	{ "opponent bob@", "", 'E' },
	{ "vacation 5 weeks", "vacation 5 weeks", 'O' },
	{ "vacation until tomorrow", "vacation until tomorrow", 'O' },
	{ "time 3 dayz", "time 3 dayz", 'O' },
	{ "list 3 my favourite cards", "list 3 my favourite cards", 'O' },
	/* keyword orders with their arguments */
	{ "game 17\nNf3", "game 17|move Nf3", 'O' },
	{ "new chess\nopponent bob@example.org\ncolour white", "new chess|opponent bob@example.org|colour white", 'O' },
	{ "password: swordfish", "password swordfish", 'O' },
	{ "timezone Europe/Paris", "timezone Europe/Paris", 'O' },
	{ "vacation 5 days", "vacation 5 days", 'O' },
	{ "vacation -3 days", "vacation -3 days", 'O' },
	{ "message Good game so far.", "message Good game so far.", 'O' },
	{ "numbers random", "numbers random", 'O' },
	{ "list random", "list random", 'O' },
	{ "card 23\ne4", "card 23|move e4", 'O' },
};

static void check_reading(const struct reading *r)
{
	char copy[1024], got[1024] = "";
	struct order_line lines[32];
	struct orders o;
	struct err e;
	size_t n = 0;

	snprintf(copy, sizeof copy, "%s", r->text);
	for (char *p = copy, *nl; p && n < 32; p = nl ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')))
			*nl = 0;
		lines[n] = (struct order_line){ .lineno = (int)n + 1, .text = p };
		n++;
	}
	if (!CHECK(test_order_parse(lines, n, "tempete", &o, &e) == 0))
		return;
	for (size_t i = 0; i < o.n; i++) {
		size_t at = strlen(got);
		snprintf(got + at, sizeof got - at, "%s%s%s%s", i ? "|" : "",
			 o.o[i].kind == ORDER_MOVE ? "move" : o.o[i].word, o.o[i].arg[0] ? " " : "",
			 o.o[i].arg);
	}
	char outcome = o.nerr ? 'E' : o.n ? 'O' : 'P';
	if (r->outcome != 'E')
		CHECK_STR(got, r->orders);
	CHECK_INT(outcome, r->outcome);
	if (outcome == 'E' && o.nerr)
		CHECK(o.err[0].reason[0] != 0);         /* the line is named with a reason */
	orders_free(&o);
}

int main(void)
{
	size_t n = sizeof cases / sizeof cases[0];

	CHECK(n >= 60);
	for (size_t i = 0; i < n; i++) {
		check_context("%s", cases[i].text);
		check_reading(&cases[i]);
	}
	check_context(NULL);
	return check_done();
}
