/* test_msgtext.c: msgtext_extract(), one table row per rule: what a player wrote is
 * kept with its line number, quotation, attributions, history, signatures and footers
 * go. Expected results are written "LINENO: text" per kept line, separated by '|'. */
#include "mail/msgtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

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
	test_size();
	return check_done();
}
