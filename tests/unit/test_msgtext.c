/* test_msgtext.c: msgtext_extract(), one table row per rule: what a player wrote is
 * kept with its line number, quotation, attributions, history, signatures and footers
 * go. Expected results are written "LINENO: text" per kept line, separated by '|'. */
#include "mail/msgtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "kinds/registry.h"
#include "enginetest.h"
#include "render/diagram.h"
#include "render/view.h"

static const struct case_ {
	const char *name, *body, *want;
} cases[] = {
	/* basics */
	{ "plain lines with numbers", "game 17\nmove Nf3\n", "1: game 17|2: move Nf3" },
	{ "blank lines skipped, numbering kept", "\ngame 17\n\n \t\ne4\n", "2: game 17|5: e4" },
	{ "trailing whitespace trimmed, leading kept", "  e4 \t\r\n", "1:   e4" },
	{ "no-break spaces trimmed and blank", "e4\xc2\xa0\n\xc2\xa0\n", "1: e4" },
	{ "no final line end", "e4", "1: e4" },
	{ "empty body", "", "" },

	/* quotation */
	{ "quoted lines dropped", "> e4\n  > e5\ne4\n>>Nf3", "3: e4" },

	/* attribution lines */
	{ "English attribution before quotes",
	  "Nf3\n\nOn Mon, 3 Jun 2024 at 10:12, Bob <b@x> wrote:\n\n> e4\n", "1: Nf3" },
	{ "attribution wrapped over two lines",
	  "Nf3\nOn Mon, 3 Jun 2024 at 10:12, Bob Smith <bob@example.org>\nwrote:\n> e4\n",
	  "1: Nf3" },
	{ "French attribution with a no-break space",
	  "Cf3\nLe lun. 3 juin 2024 à 10:12, Bob <b@x> a écrit\xc2\xa0:\n> e4\n", "1: Cf3" },
	{ "French attribution with a narrow no-break space (Apple Mail)",
	  "Cf3\nLe 3 juin 2024 à 10:12, Bob <b@x> a écrit\xe2\x80\xaf:\n> e4\n", "1: Cf3" },
	{ "French attribution wrapped", "Cf3\nLe lun. 3 juin 2024 à 10:12, Bob <b@x> a\nécrit :\n> e4\n",
	  "1: Cf3" },
	{ "German attribution", "Sf3\nAm Mo., 3. Juni 2024 um 10:12 Uhr schrieb Bob <b@x>:\n> e4\n",
	  "1: Sf3" },
	{ "German attribution wrapped inside the address",
	  "Sf3\nAm Mo., 3. Juni 2024 um 10:12 Uhr schrieb Bob <\nb@x>:\n> e4\n", "1: Sf3" },
	{ "Thunderbird German attribution", "Sf3\nAm 03.06.24 um 10:12 schrieb Bob:\n> e4\n",
	  "1: Sf3" },
	{ "mutt inline reply keeps the answers",
	  "On Mon, Jun 03, 2024 at 10:12:00AM +0200, Referee wrote:\n> Your move?\nNf3\n\n"
	  "> Draw offered.\ndecline draw\n", "3: Nf3|6: decline draw" },
	{ "\"wrote:\" without quotation after it stays",
	  "My opponent wrote:\n\"no takebacks\"\ne4\n",
	  "1: My opponent wrote:|2: \"no takebacks\"|3: e4" },
	{ "a word merely ending in \"wrote\" is not an attribution",
	  "Nf3\nI rewrote:\n> e4\n", "1: Nf3|2: I rewrote:" },
	{ "prose containing wrote stays",
	  "I wrote Nf3 but meant Nf6\nshe rewrote it\n", "1: I wrote Nf3 but meant Nf6|2: she rewrote it" },
	{ "\"On ...\" line not followed by an attribution end stays",
	  "On second thought\ne4\n> old\n", "1: On second thought|2: e4" },

	/* history markers */
	{ "signature separator \"-- \"", "e4\n-- \nBob\nbob@example.org\n", "1: e4" },
	{ "signature separator \"--\"", "e4\n--\nBob\n", "1: e4" },
	{ "\"---\" is not a signature separator", "e4\n---\nNf3\n", "1: e4|2: ---|3: Nf3" },
	{ "quoted signature separator is not a cut", "> --\ne4\n", "2: e4" },
	{ "Outlook original message", "O-O\n\n-----Original Message-----\nFrom: R\nSent: x\n\nGame\n",
	  "1: O-O" },
	{ "Outlook French original message",
	  "h3\n-----Message d'origine-----\nDe : R\nEnvoyé : lundi\n", "1: h3" },
	{ "Samsung original message", "Qd2\n-------- Original message --------\nFrom: R\n",
	  "1: Qd2" },
	{ "German original message", "Kh1\n-----Ursprüngliche Nachricht-----\nVon: R\n", "1: Kh1" },
	{ "Gmail forwarded message", "e4\n---------- Forwarded message ---------\nFrom: R\n",
	  "1: e4" },
	{ "Apple forwarded message", "e4\nBegin forwarded message:\n\nFrom: R\n", "1: e4" },
	{ "\"Original message\" without dashes stays", "Original message\ne5\n",
	  "1: Original message|2: e5" },
	{ "\"Original Message\" in prose stays", "the original message said e4\ne5\n",
	  "1: the original message said e4|2: e5" },
	{ "Outlook header block with a rule above",
	  "Nd5\n________________________________\nFrom: Referee <r@x>\nSent: Monday\nTo: me\n\nGame 17\n",
	  "1: Nd5" },
	{ "Outlook header block in bold (Gmail's rendering)",
	  "Nd5\n\n*From:* Referee <r@x>\n*Sent:* Monday\n\nGame 17\n", "1: Nd5" },
	{ "French Outlook header block", "h3\n\nDe : Arbitre <r@x>\nEnvoyé : lundi 3 juin\n\nPartie\n",
	  "1: h3" },
	{ "German header block", "Kh1\nVon: Referee <r@x>\nGesendet: Montag\n", "1: Kh1" },
	{ "\"From:\" without a Sent:/Date: line stays",
	  "From: the opening\ne4\nmove Nf3\nresign\n",
	  "1: From: the opening|2: e4|3: move Nf3|4: resign" },

	/* footers */
	{ "Sent from my iPhone", "resign\n\nSent from my iPhone\n", "1: resign" },
	{ "Sent from my iPad", "resign\nSent from my iPad\n", "1: resign" },
	{ "Sent from my Android", "e4\nSent from my Android\n", "1: e4" },
	{ "Samsung", "e4\nSent from my Samsung Galaxy smartphone.\n", "1: e4" },
	{ "Envoyé de mon iPhone", "e4\nEnvoyé de mon iPhone\n", "1: e4" },
	{ "Envoyé depuis mon appareil mobile", "e4\nEnvoyé depuis mon appareil mobile\n", "1: e4" },
	{ "Get Outlook for iOS with a link", "e4\nGet Outlook for iOS<https://aka.ms/o0ukef>\n",
	  "1: e4" },
	{ "Get Outlook for Android", "e4\nGet Outlook for Android\n", "1: e4" },
	{ "Sent from Mail for Windows", "e4\nSent from Mail for Windows\n", "1: e4" },
	{ "Windows Mail with a markdown link",
	  "e4\nSent from [Mail](https://go.microsoft.com/fwlink/?LinkId=550986) for Windows\n",
	  "1: e4" },
	{ "Yahoo on Android", "e4\nSent from Yahoo Mail on Android\n", "1: e4" },
	{ "Proton", "e4\nSent with Proton Mail secure email.\n", "1: e4" },
	{ "Proton with a markdown link",
	  "e4\nSent with [Proton Mail](https://proton.me/) secure email.\n", "1: e4" },
	{ "Von meinem iPhone gesendet", "e4\nVon meinem iPhone gesendet\n", "1: e4" },
	{ "\"Von meinem\" prose stays", "Von meinem Läufer aus: Lb5\nVon meinem Turm aus Td1\n",
	  "1: Von meinem Läufer aus: Lb5|2: Von meinem Turm aus Td1" },
	{ "footer-like line with a colon stays", "Sent from my phone: e4\n",
	  "1: Sent from my phone: e4" },
	{ "long line starting like a footer stays",
	  "Sent from my phone because I am on the train and cannot reach the laptop right now, so e4\n",
	  "1: Sent from my phone because I am on the train and cannot reach the laptop right now, so e4" },
};

/* ---- Reading with what the referee knows ------------------------------------------- */

/* The rows below are read knowing the referee's texts (templates/, the kinds' help lines)
 * and the sender's name; `keep` lists the line numbers kept, blank-separated. */
static const struct known_case {
	const char *name, *sender, *body, *keep;
} known_cases[] = {
	/* the referee's own text, pasted back without '>' */
	{ "two lines of the help pasted as a question never resign", NULL,
	  "What do these mean?\n  resign\n  status                     the board again\n", "1" },
	{ "the help's order column pasted as the issue shows it", NULL,
	  "Can you explain these?\n  resign\n  status\n", "1" },
	{ "one indented line of the help's list is the help's", NULL,
	  "Is this how I give up?\n  resign\n", "1" },
	{ "help lines indented with no-break spaces (HTML flattened) never resign", NULL,
	  "Is this it?\n\xc2\xa0\xc2\xa0resign\n", "1" },
	{ "resign written by the player is read", NULL, "resign\n", "1" },
	{ "status and history written by the player are read (lone words do not pair)", NULL,
	  "status\nhistory\n", "1 2" },
	{ "a time order like the help's example is read", NULL,
	  "new chess\nopponent bob@example.org\ntime 3 days per move\n", "1 2 3" },
	{ "a move above a pasted help mail is kept, the help is not read", NULL,
	  "Nf3\n\n"
	  "I referee chess games played by email. Write one order per line; upper\n"
	  "or lower case does not matter, and other text (greetings, quotes of\n"
	  "earlier mails, your signature) is passed over.\n\n"
	  "During a game, reply to my latest mail about it (the code in brackets in\n"
	  "the subject proves the reply is yours) with:\n"
	  "  offer draw / accept draw / decline draw\n"
	  "  resign\n"
	  "  status                     the board again\n", "1" },
	{ "a help pasted from its middle, indentation lost, is not read", NULL,
	  "Bb5\n\n"
	  "  claim draw                 (threefold repetition, fifty moves; with or\n"
	  "                             without your move)\n"
	  "resign\n"
	  "status                     the board again\n"
	  "history                    the game in PGN\n", "1" },
	{ "a decline above a pasted invitation: the invitation is not read", NULL,
	  "decline\n\nSorry, I can't play.\n\n"
	  "alice@example.org challenges you to a game of Chess by email,\n"
	  "refereed by me.\n\n"
	  "  Game:      1\n  White:     alice@example.org\n  Black:     bob@example.org\n"
	  "  You play:  black\n  Time:      30 days per 10 moves\n\n"
	  "To play, reply to this mail with the word\n\n  accept\n\n"
	  "on a line of its own. To refuse, reply with \"decline\". Keep the subject\n",
	  "1 3" },
	{ "the invitation's accept between its own lines is not read", NULL,
	  "Sorry, I can't play.\n\n"
	  "To play, reply to this mail with the word\n\n  accept\n\n"
	  "on a line of its own. To refuse, reply with \"decline\". Keep the subject\n", "1" },
	{ "accept copied with the invitation's indentation is read", NULL, "  accept\n", "1" },
	{ "the invitation's Time: line, indented as in its list, is not read", NULL,
	  "accept\n\n  Time:      30 days per 10 moves\n", "1" },
	{ "a pasted board mail: board and lines go, the move above stays", NULL,
	  "Bxf6\n\nWhite played 1. e4.\n\n"
	  "  +-----------------+\n1 | R N B K Q B N R |\n2 | P P P . P P P P |\n"
	  "3 | . : . : . : . : |\n4 | : . : P : . : . |\n5 | . : . : . : . : |\n"
	  "6 | : . : . : . : . |\n7 | p p p p p p p p |\n8 | r n b k q b n r |\n"
	  "  +-----------------+\n    h g f e d c b a\n\n"
	  "It is your move. Reply to this mail with your move on a line of its own.\n\n"
	  "Time (30 days per 10 moves): you have 30 days, your opponent 30 days.\n"
	  "Moves: 1. e4\n", "1" },
	{ "Moves: and FEN: lines pasted together go", NULL,
	  "e5\nMoves: 1. e4\nFEN:   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
	  "1" },
	{ "one of the referee's sentences quoted alone goes, the rest stays", NULL,
	  "Why did you write\nIt is your move.\nwhen it was not?\ne4\n", "1 3 4" },
	{ "a pasted refusal: its quotation of the player's line is not read", NULL,
	  "Nf3\n\nNothing in your mail was applied to game 1. A mail\n"
	  "is all or nothing: please correct it and send it again.\n\n"
	  "  line 1: resign\n      -> 'resign' takes nothing after it\n", "1" },
	{ "a kind's help line pasted goes, the player's placement stays", NULL,
	  "e4\nplace N c1\n\nIn game 3 (ChessMe) you may also write:\n  place ...\n", "1 2" },
	{ "Yahoo: a dated attribution, the invitation below unquoted", NULL,
	  "I decline, sorry.\n\n"
	  "On Monday, November 2, 2026, 09:00:00 AM GMT+1, Tempest referee "
	  "<referee@tempest.example> wrote:\n\n\n"
	  "alice@example.org challenges you to a game of Chess by email,\n  accept\n", "1" },

	/* signatures without "-- " */
	{ "a sign-off and a handle", NULL, "e4\n\nCheers,\nalex99\n", "1" },
	{ "an informal sign-off and a handle", NULL, "e5\n\nlater,\nalex99\n", "1" },
	{ "'Later' opening a sentence is no sign-off", NULL, "e5\nLater I will explain.\n", "1 2" },
	{ "a sign-off with a name, a time zone below it", NULL,
	  "Nf3\nBest regards, Alex\nTimezone: CET\n", "1" },
	{ "French sign-off", NULL, "Cf3\n\nCordialement,\nJean Dupont\nNew York\n", "1" },
	{ "German sign-off", NULL, "Sf3\nMit freundlichen Grüßen\nHans\nTimezone: CET\n", "1" },
	{ "German Viele Grüße", NULL, "Sf3\n\nViele Grüße\nHans\n", "1" },
	{ "Spanish sign-off", NULL, "Cf3\n\nSaludos,\nAna\n", "1" },
	{ "Italian sign-off", NULL, "Cf3\n\nCordiali saluti\nLuca\n", "1" },
	{ "Dutch sign-off", NULL, "Pf3\n\nMet vriendelijke groet,\nJan\n", "1" },
	{ "Swedish sign-off", NULL, "Sf3\n\nMed vänliga hälsningar\nSven\n", "1" },
	{ "Portuguese sign-off", NULL, "Cf3\n\nAtenciosamente,\nJoão\n", "1" },
	{ "Japanese sign-off", NULL, "e4\n\nよろしくお願いします。\n山田\n", "1" },
	{ "Japanese 敬具", NULL, "e4\n敬具\n山田太郎\n", "1" },
	{ "a thanks right after the greeting is not a sign-off", NULL,
	  "Hi Bob,\nThanks!\nresign\n", "1 2 3" },
	{ "a thanks as the first line is not a sign-off", NULL, "Thanks!\n\naccept\n", "1 3" },
	{ "thanks in a sentence is not a sign-off", NULL,
	  "Thanks for the game.\nresign\n", "1 2" },
	{ "a greeting then an order like a signature line: read", NULL,
	  "Hello,\ntimezone Europe/Paris\n", "1 2" },
	{ "the sender's first name ends the text", "Alex Smith",
	  "e4\n\nAlex\nNew York\n", "1" },
	{ "the sender's full name ends the text", "Alex Smith",
	  "e4\nAlex Smith\nK1M 1M4\n", "1" },
	{ "the sender's name in another case is not a signature", "Test User", "e4\ntest\n",
	  "1 2" },
	{ "a UK address block", NULL,
	  "Nf3\n\nAlex Smith\n10 Downing Street\nLondon SW1A 2AA\n", "1" },
	{ "a Canadian address block", NULL,
	  "e5\n\nJ. Tremblay\n24 Sussex Drive\nOttawa ON K1M 1M4\n", "1" },
	{ "a Japanese address block", NULL,
	  "e4\n\n山田太郎\n〒100-0001\n東京都千代田区千代田1-1\n", "1" },
	{ "a Signal line with a phone number", NULL,
	  "d4\n\nAlex\nMessage me on Signal: +33 6 12 34 56 78\n", "1" },
	{ "New York in a signature goes", NULL,
	  "e4\n\nBob Smith\nNew York, NY 10001\n+1 212 555 0100\n", "1" },
	{ "a contact line under an order in one paragraph: both read", NULL,
	  "e4\nTimezone: Europe/Paris\n", "1 2" },
	{ "a contact line alone at the end is read (it may be an order)", NULL,
	  "e4\n\nTimezone: CET\n", "1 3" },
	{ "card numbers are not a phone number", NULL,
	  "list 17 3 45\n12 9 33 41 8 2 7 19\n", "1 2" },
	{ "a vCard", NULL, "e4\nBEGIN:VCARD\nVERSION:3.0\nFN:Alex\nEND:VCARD\n", "1" },

	/* disclaimers */
	{ "an English disclaimer wrapped so that a line begins with message", NULL,
	  "Nf3\n\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential\n"
	  "and may be privileged. If you are not the intended recipient of this\n"
	  "message, please notify the sender and delete it.\n", "1" },
	{ "a French disclaimer", NULL,
	  "Cf3\n\nCe message et toutes les pièces jointes sont confidentiels et établis à\n"
	  "l'intention exclusive de ses destinataires. Si vous avez reçu ce message par\n"
	  "erreur, merci de le détruire.\n", "1" },
	{ "a German disclaimer", NULL,
	  "Sf3\n\nDiese E-Mail enthält vertrauliche und/oder rechtlich geschützte\n"
	  "Informationen. Wenn Sie nicht der richtige Adressat sind oder diese E-Mail\n"
	  "irrtümlich erhalten haben, informieren Sie bitte sofort den Absender.\n", "1" },
	{ "a disclaimer under a rule", NULL,
	  "e4\n\n__________\nDisclaimer: this message is confidential and intended solely for "
	  "the addressee; any unauthorised use is prohibited.\n", "1" },
	{ "prose about confidentiality is read", NULL,
	  "This is confidential: I resign.\nresign\n", "1 2" },

	/* footers */
	{ "Swedish phone footer", NULL, "e4\nSkickat från min iPhone\n", "1" },
	{ "Japanese phone footer", NULL, "e4\niPhoneから送信\n", "1" },
	{ "Dutch phone footer", NULL, "e4\nVerzonden vanaf mijn iPhone\n", "1" },
	{ "German Outlook footer", NULL, "e4\nVon Outlook für Android gesendet\n", "1" },

	/* quotation families */
	{ "Swedish attribution", NULL,
	  "e4\n\nDen 3 juni 2024 kl. 10:12 skrev Referee <r@x>:\n> Your move\n", "1" },
	{ "Swedish short attribution", NULL, "e4\nReferee <r@x> skrev:\n> Your move\n", "1" },
	{ "Gmail Japanese attribution", NULL,
	  "e4\n\n2024年6月3日(月) 10:12 Referee <r@x>:\n> Your move\n", "1" },
	{ "Japanese attribution by name", NULL, "e4\nRefereeさんは書きました:\n> x\n", "1" },
	{ "Japanese Outlook header block: nothing below is read", NULL,
	  "e4\n\n差出人: Referee <r@x>\n送信日時: 2024年6月3日 10:12\n宛先: bob\n件名: game 1\n\n"
	  "resign\n", "1" },
	{ "Spanish Outlook header block", NULL,
	  "e4\n\nDe: Referee <r@x>\nEnviado el: lunes, 3 de junio de 2024 10:12\nPara: bob\n"
	  "Asunto: game 1\n\nresign\n", "1" },
	{ "Italian Outlook header block", NULL,
	  "e4\n\nDa: Referee <r@x>\nInviato: lunedì 3 giugno 2024 10:12\nA: bob\n"
	  "Oggetto: game 1\n\nresign\n", "1" },
	{ "Dutch Outlook header block", NULL,
	  "e4\n\nVan: Referee <r@x>\nVerzonden: maandag 3 juni 2024 10:12\nAan: bob\n"
	  "Onderwerp: game 1\n\nresign\n", "1" },
	{ "Portuguese Outlook header block", NULL,
	  "e4\n\nDe: Referee <r@x>\nEnviada em: segunda-feira, 3 de junho de 2024 10:12\n"
	  "Para: bob\nAssunto: game 1\n\nresign\n", "1" },
	{ "Swedish Outlook header block", NULL,
	  "e4\n\nFrån: Referee <r@x>\nSkickat: den 3 juni 2024 10:12\nTill: bob\n"
	  "Ämne: game 1\n\nresign\n", "1" },
	{ "a phone's Sent/To/Subject block", NULL,
	  "e4\n\nSent: Monday, June 3, 2024 10:12 AM\nTo: bob\nSubject: game 1\n\naccept\n",
	  "1" },
	{ "Gmail attribution wrapped on three lines", NULL,
	  "Nf3\n\nOn Mon, Jun 3, 2024 at 10:12 AM Tempest\nreferee <referee@tempest.example>\n"
	  "wrote:\n\n> e4\n", "1" },
	{ "Swedish original message", NULL,
	  "e4\n-----Ursprungligt meddelande-----\nresign\n", "1" },
	{ "an undated 'wrote:' without quotation stays", NULL,
	  "On move 12 you wrote:\nno takebacks\ne4\n", "1 2 3" },
	{ "a lone Date: line stays", NULL, "Date: tomorrow\ne4\n", "1 2" },
};

/* The recogniser of the referee's texts, its diagram in shape d (NULL: as drawn). */
static struct msgtext_referee *referee_shaped(const struct diagram_shape *d)
{
	struct templates tpl;
	struct msgtext_referee *r = NULL;
	const char **texts;
	size_t nwords, ntexts;
	const struct order_word *words = kind_all_orders(&nwords);
	char *usages = view_kind_usages(words, nwords);
	struct err e;

	kinds_register();       /* the kinds' parts of the templates */
	if (!CHECK(templates_load(&tpl, "templates", &e) == 0) || !CHECK(usages != NULL))
		return NULL;
	texts = templates_recognised(&tpl, usages, &ntexts);
	d = d ? d : &diagram_drawn;
	const struct msgtext_diagram shape = { d->corner, d->rule, d->side };
	CHECK(texts && msgtext_referee_new(texts, ntexts, &shape, &r, &e) == 0);
	free(texts);
	CHECK(msgtext_referee_lines(r) > 200);
	templates_free(&tpl);
	free(usages);
	return r;
}

static struct msgtext_referee *referee_texts(void)
{
	return referee_shaped(NULL);
}

/* Lines kept of body, by the reader given r: "1 2 ...". */
static void kept(struct msgtext_referee *r, const char *body, char *got, size_t cap)
{
	struct msgtext_known k = { .referee = r };
	struct msgtext t;
	struct err e;
	size_t o = 0;

	got[0] = 0;
	if (!CHECK(msgtext_read(body, &k, &t, &e) == 0))
		return;
	for (size_t j = 0; j < t.n && o < cap; j++)
		o += (size_t)snprintf(got + o, cap - o, "%s%d", j ? " " : "", t.line[j].lineno);
	msgtext_free(&t);
}

/* A pasted diagram is known by the shape render draws it in (handed down as data): drawn
 * in another shape, it is set aside by a reader handed that shape, and read as the
 * player's lines by one handed the shape before; the grid as drawn, the other way round. */
static void test_diagram_shape(void)
{
	static const struct diagram_shape other = { '*', '=', '!', ',', ';' };
	struct variant *chess = test_variant("chess");
	struct pos *p = test_pos(chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
	struct msgtext_referee *drawn = referee_shaped(NULL), *reshaped = referee_shaped(&other);
	struct buf as_drawn = { 0 }, as_other = { 0 };
	char got[256], body[2048];

	buf_str(&as_drawn, "Rh8+\n\n");
	view_board(p, WHITE, &as_drawn);
	buf_str(&as_other, "Rh8+\n\n");
	view_board_shaped(&other, p, WHITE, &as_other);
	if (!CHECK(drawn && reshaped && as_drawn.s && as_other.s && strstr(as_other.s, "*====")))
		goto out;
	kept(drawn, as_drawn.s, got, sizeof got);
	CHECK_STR(got, "1");
	kept(reshaped, as_other.s, got, sizeof got);
	CHECK_STR(got, "1");
	/* the other shape's rule and ranks, to the reader of the drawn shape, are the player's
	 * (its files line alone is the same in both) */
	kept(drawn, as_other.s, got, sizeof got);
	CHECK_STR(got, "1 3 4 5 6 7 8 9 10 11 12");
	kept(reshaped, as_drawn.s, got, sizeof got);
	CHECK_STR(got, "1 3 4 5 6 7 8 9 10 11 12");
	/* a reader handed no diagram knows none */
	snprintf(body, sizeof body, "%s", as_drawn.s);
	struct msgtext_referee *none = NULL;
	struct err e;
	CHECK(msgtext_referee_new(NULL, 0, NULL, &none, &e) == 0);
	kept(none, body, got, sizeof got);
	CHECK_STR(got, "1 3 4 5 6 7 8 9 10 11 12 13");
	msgtext_referee_free(none);
out:
	buf_free(&as_drawn);
	buf_free(&as_other);
	msgtext_referee_free(drawn);
	msgtext_referee_free(reshaped);
	free(p);
	variant_free(chess);
}

static void test_known(void)
{
	struct msgtext_referee *r = referee_texts();

	for (size_t i = 0; r && i < sizeof known_cases / sizeof known_cases[0]; i++) {
		const struct known_case *c = &known_cases[i];
		struct msgtext_known k = { .referee = r, .sender_name = c->sender };
		struct msgtext t;
		struct err e;
		char got[512] = "";
		size_t o = 0;

		check_context("msgtext known case: %s", c->name);
		if (!CHECK(msgtext_read(c->body, &k, &t, &e) == 0))
			continue;
		for (size_t j = 0; j < t.n && o < sizeof got; j++)
			o += (size_t)snprintf(got + o, sizeof got - o, "%s%d", j ? " " : "",
					      t.line[j].lineno);
		CHECK_STR(got, c->keep);
		msgtext_free(&t);
	}
	check_context(NULL);
	msgtext_referee_free(r);
}

/* The kept lines as "N: text|N: text". */
static void render(const struct msgtext *t, char *out, size_t cap)
{
	size_t o = 0;

	out[0] = 0;
	for (size_t i = 0; i < t->n && o < cap; i++)
		o += (size_t)snprintf(out + o, cap - o, "%s%d: %s", i ? "|" : "",
				      t->line[i].lineno, t->line[i].text);
}

static void test_cases(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct msgtext t;
		struct err e;
		char got[4096];

		check_context("msgtext case: %s", cases[i].name);
		if (!CHECK(msgtext_extract(cases[i].body, &t, &e) == 0))
			continue;
		render(&t, got, sizeof got);
		CHECK_STR(got, cases[i].want);
		msgtext_free(&t);
	}
	check_context(NULL);
}

/* Many lines, long lines and long runs of blanks stay fast. */
static void test_size(void)
{
	size_t n = (size_t)20 << 20, o = 0;
	char *body = malloc(n + 1);
	struct msgtext t;
	struct err e;
	clock_t t0 = clock();

	if (!CHECK(body != NULL))
		return;
	while (o + 64 < n) {
		memcpy(body + o, "From: x\n", 8);
		o += 8;
		memset(body + o, '\n', 40);
		o += 40;
		memcpy(body + o, "On e4 wrote:\n", 13);
		o += 13;
	}
	memset(body + o, 'x', n - o);
	body[n] = 0;
	check_context("20 MB body");
	if (CHECK(msgtext_extract(body, &t, &e) == 0)) {
		CHECK(t.n > 100000);
		msgtext_free(&t);
	}
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 60);
	check_context(NULL);
	free(body);
}

int main(void)
{
	test_cases();
	test_known();
	test_diagram_shape();
	test_size();
	return check_done();
}
