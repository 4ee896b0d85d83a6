/* test_reader.c: the reader of orders on mails as players write them. Each case is the
 * text a player wrote (after the mail layer removed quotes and signatures) with what must
 * be read: the orders ("move e4", "resign", ...), and the outcome the mail gets —
 * O: orders read (applied, or refused by the game with the line named when one is wrong:
 * "Nf9", "vacation 5 weeks" are orders, not prose), E: a line is a faulty order already
 * as written (the mail is refused and the line named), P: prose only (the player is
 * answered with what was read and how to write an order), A: an uncertain reading of an
 * order that cannot be taken back ("I resign."): nothing is applied and the reply asks
 * ("did you mean 'resign'?"). Prose never costs a move; an irrevocable order is read only
 * from a line that is that order alone. */
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
	/* the French and German words, beside the English ones, from every player (read
	 * from templates/po/LL.po; docs/orders.md "Languages"): the order as its English word */
	{ "Abandon.", "resign", 'O' },
	{ "abandonner", "resign", 'O' },
	{ "Nulle.", "offer draw", 'O' },
	{ "Nulle ?", "", 'A' },                 /* as "resign?" */
	{ "Cf3\nproposer nulle", "move Cf3|offer draw", 'O' },
	{ "accepter nulle", "accept draw", 'O' },
	{ "Refuser nulle.", "decline draw", 'O' },
	{ "reclamer nulle", "claim draw", 'O' },
	{ "Réclamer la nulle", "claim draw", 'O' },
	{ "accepter", "accept", 'O' },
	{ "partie 17\ne5", "game 17|move e5", 'O' },
	{ "Partie nulle ?", "", 'A' },
	{ "J'abandonne, bravo !", "", 'P' },
	{ "Nulle ? Jamais !", "", 'P' },
	{ "langue fr", "language fr", 'O' },
	{ "carte 23\ne4", "card 23|move e4", 'O' },
	{ "Carte blanche pour toi", "", 'P' },
	{ "liste au hasard\nnuméros hasard", "list random|numbers random", 'O' },
	{ "Remis annehmen", "accept draw", 'O' },
	{ "Zug e4", "move e4", 'O' },
	{ "Karte 23\ne4", "card 23|move e4", 'O' },
	{ "Ich gebe auf", "", 'P' },
	{ "aufgeben", "resign", 'O' },
	{ "Liste zufällig", "list random", 'O' },
	{ "Nummern 3 17", "numbers 3 17", 'O' },
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

/* Orders by what they cost, and a kind's own words: read for a game of `kind`. */
struct kind_reading {
	const char *kind;
	const char *text;
	const char *orders;
	char outcome;           /* O, E, P, or A: asked, nothing applied */
};

static const struct kind_reading kind_cases[] = {
	/* an order that cannot be taken back: alone on its line, or asked about */
	{ "chess", "resign", "resign", 'O' },
	{ "chess", "Resign.", "resign", 'O' },
	{ "chess", "Enough: I resign, well played.\n\nresign", "resign", 'O' },
	{ "chess", "I resign.\naccept draw", "accept draw", 'A' },
	{ "chess", "I resign", "", 'A' },
	{ "chess", "I resign.", "", 'A' },
	{ "chess", "Well played. I resign", "", 'A' },
	{ "chess", "Thanks for a great game, I resign.", "", 'A' },
	{ "chess", "resign?", "", 'A' },
	{ "chess", "resign please", "", 'A' },
	{ "chess", "I concede", "", 'A' },
	{ "chess", "OK I accept", "", 'A' },
	{ "chess", "Sorry, I decline", "", 'A' },
	{ "chess", "Yes, accept draw please", "", 'A' },
	{ "chess", "Nf3\nI'd like to offer a draw", "move Nf3", 'A' },
	{ "chess", "I offer you a draw", "", 'A' },
	{ "chess", "Draw offer?", "", 'A' },
	{ "chess", "e4\nI accept your draw offer", "move e4", 'A' },
	{ "chess", "e4\nI accept \xe2\x80\x94 happy to split the point", "move e4", 'A' },
	{ "chess", "accept draw", "accept draw", 'O' },
	{ "chess", "decline", "decline", 'O' },
	/* ... and the other side of the line: prose that speaks of such an order */
	{ "chess", "Resign if you like, I don't mind", "", 'P' },
	{ "chess", "Resign if you like", "", 'P' },
	{ "chess", "How do I resign?", "", 'P' },
	{ "chess", "Should I accept?", "", 'P' },
	{ "chess", "Can I offer a draw with my move?", "", 'P' },
	{ "chess", "You should resign", "", 'P' },
	{ "chess", "I won't resign", "", 'P' },
	{ "chess", "I don\xe2\x80\x99t accept", "", 'P' },
	{ "chess", "No draw, thanks", "", 'P' },
	{ "chess", "Accept my apologies for the delay", "", 'P' },
	{ "chess", "I resigned myself to a long endgame", "", 'P' },
	{ "chess", "I was going to resign but then I found a defence", "", 'P' },
	{ "chess", "Back from vacation", "", 'P' },
	{ "chess", "Got your message, thanks", "", 'P' },
	{ "chess", "je abandonne", "", 'P' },
	{ "chess", "Sorry, I can't play", "", 'P' },
	/* a card game */
	{ "tempete", "card 23\nI accept", "card 23", 'A' },
	{ "knightmare", "Okay, I accept the interception.", "", 'A' },
	{ "knightmare", "accept", "accept", 'O' },
	{ "knightmare", "Nf3\nI resign next week if nothing changes", "move Nf3", 'O' },
	/* Perplexichess's team orders speak for the player to the team */
	{ "perplexichess", "elect carol@example.org", "elect carol@example.org", 'O' },
	{ "perplexichess", "I elect carol@example.org", "", 'A' },
	{ "perplexichess", "elect carol@example.org please", "", 'A' },
	{ "perplexichess", "elect carol", "", 'A' },
	{ "perplexichess", "assign bob@example.org boardman 2", "assign bob@example.org boardman 2", 'O' },
	{ "perplexichess", "I assign bob@example.org to board 2", "", 'A' },
	{ "perplexichess", "Please assign bob@example.org boardman 2", "", 'A' },
	/* ... a word of another kind is prose in this game */
	{ "chess", "I elect to play on", "", 'P' },
	/* a kind's own word: the order, read or refused, never passed over (the move with it
	 * would be played without it) */
	{ "chessme", "e4\nplace N c1", "move e4|place N c1", 'O' },
	{ "chessme", "e4\nplace knight c1.", "move e4|place knight c1.", 'O' },
	{ "chessme", "e4\nplace N \xe2\x88\x92" "a4", "move e4|place N -a4", 'O' },
	{ "chessme", "e4\nplace N \xe2\x80\x93" "a4", "move e4|place N -a4", 'O' },
	{ "chessme", "\xe2\x88\x92" "a4", "move -a4", 'O' },
	{ "chessme", "e4\nplace N c1x", "", 'E' },
	{ "chessme", "e4\nplace N on c1", "", 'E' },
	{ "chessme", "e4\nplace X c1", "", 'E' },
	{ "chessme", "e4\nplace N c12345678901234567890", "", 'E' },
	{ "chessme", "e4\nplace N", "", 'E' },
	{ "chessme", "e4\nplace", "", 'E' },
	{ "tempete", "take 23 please", "", 'E' },
	/* ... in every language: a kind's word, read or refused, its arguments' words too */
	{ "chessme", "e4\nplacer N c1", "move e4|place N c1", 'O' },
	{ "chessme", "e4\nsetze N c1x", "", 'E' },
	{ "tempete", "carte 23 durable\ne4", "card 23 continuing|move e4", 'O' },
	{ "tempete", "si intercepté : accepter", "if intercepted : accept", 'O' },
	{ "tempete", "si intercepté par carte 66 : Cf3", "if intercepted by card 66 : Cf3", 'O' },
	{ "tempete", "effet tuer e7", "effect kill e7", 'O' },
	{ "tempete", "effet attacher les pions ne passent pas", "effect attach les pions ne passent pas", 'O' },
	{ "knightmare", "Stapel 3 7 12", "deck 3 7 12", 'O' },
	{ "tigerchess", "déploiement ouvert", "deployment open", 'O' },
	{ "perplexichess", "transfert e4 de 1 à 3", "transfer e4 from 1 to 3", 'O' },
	{ "perplexichess", "übertrage e4 von 1 nach 3", "transfer e4 from 1 to 3", 'O' },
	{ "perplexichess", "stratège blancs alice@example.org", "strategist white alice@example.org", 'O' },
	{ "perplexichess", "Je vous propose d'élire carol@example.org", "", 'P' },
	{ "perplexichess", "élire carol@example.org", "elect carol@example.org", 'O' },
	{ "chess", "couleur noirs\nadversaire bob@example.org", "colour black|opponent bob@example.org", 'O' },
	{ "chess", "Farbe zufällig", "colour random", 'O' },
	{ "chess", "si Cf6: e5", "if Cf6: e5", 'O' },
	{ "chess", "si aucune", "if none", 'O' },
	{ "chess", "wenn keine", "if none", 'O' },
	{ "chess", "falls Sf6 d6: e5 Sf3", "if Sf6 d6: e5 Sf3", 'O' },
	{ "chess", "temps 3 jours par coup", "time 3 days per move", 'O' },
	{ "chess", "Bedenkzeit 30 Tage pro 10 Züge", "time 30 days per 10 moves", 'O' },
	{ "chess", "temps fischer 10 jours + 1 jour, max 30 jours", "time fischer 10 days + 1 day, max 30 days", 'O' },
	{ "chess", "Temps magnifique aujourd'hui", "", 'P' },
	{ "chess", "vacances jusqu'au 2027-01-04", "vacation until 2027-01-04", 'O' },
	{ "chess", "Urlaub Ende", "vacation end", 'O' },
	{ "tempete", "e4\nlist 17 3 45 but check it", "move e4|list 17 3 45 but check it", 'O' },
	/* ... and prose that merely begins with a word */
	{ "chessme", "Place your bets!\ne4", "move e4", 'O' },
	{ "chess", "e4\nplace N c1x", "move e4", 'O' },    /* not an order of chess */
	{ "tempete", "Take care,\ne4", "move e4", 'O' },
	{ "tempete", "Take a break\ne4", "move e4", 'O' },
	{ "tempete", "List of my favourite openings follows\ne4", "move e4", 'O' },
	{ "chess", "New York\ne4", "move e4", 'O' },
	{ "chess", "Time flies\ne4", "move e4", 'O' },
	{ "chess", "Game on!\ne4", "move e4", 'O' },
	{ "chess", "Move fast\ne4", "move e4", 'O' },
	{ "chess", "Test passed?\ne4", "move e4", 'O' },
	{ "perplexichess", "Rule of thumb: develop first", "", 'P' },
	/* a message is its line and its paragraph, without the sign-off or the name */
	{ "chess", "e4\nmessage The Ruy Lopez,\nas promised.\nCheers, Alice",
	  "move e4|message The Ruy Lopez,\nas promised.", 'O' },
	{ "chess", "message Good luck!\nAlice", "message Good luck!", 'O' },
	{ "chess", "message Good luck!\n\nSee you at the club", "message Good luck!", 'O' },
	{ "chess", "message Good luck!\ne4\nSee you at the club", "message Good luck!|move e4", 'O' },
	{ "chess", "message Good luck!\nI resign.", "message Good luck!", 'A' },
	{ "chess", "message one\nmessage two\nand three", "message one|message two\nand three", 'O' },
	/* a wrapped sentence is not an order alone on its line */
	{ "chess", "e4\n\nThe information in this\nmessage is confidential and intended only",
	  "move e4", 'O' },
	{ "chess", "e4\nMessage me on Signal: +33 6 12 34 56 78", "move e4", 'O' },
	{ "chess", "I really think that you should\nresign", "", 'A' },
	/* a setting in a sentence: prose beside another order, asked about alone */
	{ "chess", "e5\nVacation until January 4th, so my next moves may be slow.", "move e5", 'O' },
	{ "chess", "Vacation until January 4th, so please be patient.", "", 'A' },
	{ "chess", "vacation until 2027-01-04", "vacation until 2027-01-04", 'O' },
	/* a smiley after an order that costs nothing */
	{ "chessme", "e4\nplace N c1 :-)", "move e4|place N c1", 'O' },
	{ "chessme", "e4\n\xef\xbd\x90\xef\xbd\x8c\xef\xbd\x81\xef\xbd\x83\xef\xbd\x85 N c1", "move e4|place N c1", 'O' },
	/* a greeting without its comma is no sentence that the order ends */
	{ "chess", "Hi Bob\nresign", "resign", 'O' },
	{ "chess", "Thanks for a great game\nresign", "resign", 'O' },
	{ "chess", "Hi Bob,\nresign", "resign", 'O' },
	{ "chess", "Hi Bob,\nmessage Good luck", "message Good luck", 'O' },
	/* a name for the public, an address's consent: their shapes, or prose */
	{ "chess", "name Alice Martin", "name Alice Martin", 'O' },
	{ "chess", "name Anne de la Tour", "name Anne de la Tour", 'O' },
	{ "chess", "Name your price", "", 'P' },
	{ "chess", "e4\nname the opening after me", "move e4", 'O' },
	{ "chess", "name alice@example.org", "", 'P' },
	{ "chess", "address public", "address public", 'O' },
	{ "chess", "address hidden", "address hidden", 'O' },
	{ "chess", "Address: 10 Downing Street", "", 'P' },
	/* a sentence about a message is no message: prose beside an order, asked alone */
	{ "chess", "e5\nMessage received, thanks.", "move e5", 'O' },
	{ "chess", "Message received, thanks.", "", 'A' },
	{ "chess", "Nf3\nMessage confidentiel - merci de ne pas le diffuser", "move Nf3", 'O' },
	{ "chess", "Message confidentiel - merci de ne pas le diffuser", "", 'A' },
	{ "chess", "Nachricht erhalten.\nmessage erhalten, danke", "", 'A' },
	{ "chess", "e4\nmessage delivered as promised", "move e4", 'O' },
	{ "chess", "message Well played so far!", "message Well played so far!", 'O' },
	{ "chess", "message Good game so far, received?", "message Good game so far, received?", 'O' },
};

/* The orders read from `text` for a game of `kind`, as "word arg|word arg", and the
 * outcome letter. */
static char read_text(const char *text, const char *kind, char *got, size_t len)
{
	char copy[1024];
	struct order_line lines[32];
	struct orders o;
	struct err e;
	size_t n = 0;
	bool asked = true;

	got[0] = 0;
	snprintf(copy, sizeof copy, "%s", text);
	for (char *p = copy, *nl; p && n < 32; p = nl ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')))
			*nl = 0;
		lines[n] = (struct order_line){ .lineno = (int)n + 1, .text = p };
		n++;
	}
	if (!CHECK(test_order_parse(lines, n, kind, &o, &e) == 0))
		return '?';
	for (size_t i = 0; i < o.n; i++) {
		size_t at = strlen(got);
		snprintf(got + at, len - at, "%s%s%s%s", i ? "|" : "",
			 o.o[i].kind == ORDER_MOVE ? "move" : o.o[i].word, o.o[i].arg[0] ? " " : "",
			 o.o[i].arg);
	}
	for (size_t i = 0; i < o.nerr; i++) {
		CHECK(o.err[i].reason[0] != 0);         /* the line is named with a reason */
		CHECK(o.err[i].asked == !strncmp(check_en(o.err[i].reason), "did you mean", 12));
		asked &= o.err[i].asked;
	}
	char outcome = o.nerr ? (asked ? 'A' : 'E') : o.n ? 'O' : 'P';
	orders_free(&o);
	return outcome;
}

static void check_reading(const struct reading *r)
{
	char got[1024];
	char outcome = read_text(r->text, "tempete", got, sizeof got);

	if (r->outcome != 'E')
		CHECK_STR(got, r->orders);
	CHECK_INT(outcome, r->outcome);
}

static void check_kind_reading(const struct kind_reading *r)
{
	char got[1024];
	char outcome = read_text(r->text, r->kind, got, sizeof got);

	if (r->outcome != 'E')
		CHECK_STR(got, r->orders);
	CHECK_INT(outcome, r->outcome);
}

/* The question quotes the order to write alone. */
static void check_question(void)
{
	struct order_line l = { 1, "I resign." };
	struct orders o;
	struct err e;

	if (!CHECK(test_order_parse(&l, 1, "chess", &o, &e) == 0))
		return;
	if (CHECK_INT(o.nerr, 1)) {
		CHECK_STR(o.err[0].text, "I resign.");
		CHECK_STR(o.err[0].reason, "did you mean 'resign'? An order that cannot be taken "
			  "back must stand alone on its line: write a line with only: resign");
	}
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
	for (size_t i = 0; i < sizeof kind_cases / sizeof kind_cases[0]; i++) {
		check_context("%s: %s", kind_cases[i].kind, kind_cases[i].text);
		check_kind_reading(&kind_cases[i]);
	}
	check_context(NULL);
	check_question();
	return check_done();
}
