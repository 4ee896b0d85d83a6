/* test_vocabulary.c: the order words of other languages (game/order_words.h) and their
 * reader (render/vocabulary.h), on a made-up language "xx" written as a catalogue would
 * be, so that nothing here depends on the shipped French and German: a word read beside
 * the English one, with or without its accents and capitals, a two-word word before a
 * one-word one, an argument word only where its order reads it, the English word kept in
 * the order, the examples in the language, and the catalogues that must be refused. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "game/order.h"
#include "game/order_words.h"
#include "kinds/registry.h"
#include "render/vocabulary.h"

static const char *const po =
	"# a catalogue of the language xx\n"
	"msgid \"\"\n"
	"msgstr \"\"\n"
	"\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	"\n"
	"msgid \"%s is to move\"\n"
	"msgstr \"%s spielt\"\n"
	"\n"
	"#. TRANSLATORS: an order word\n"
	"msgctxt \"order\"\n"
	"msgid \"resign\"\n"
	"msgstr \"Aufgébé|quit now\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"offer draw\"\n"
	"msgstr \"remi\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"accept draw\"\n"
	"msgstr \"remi ja\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"colour\"\n"
	"msgstr \"farb\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"card\"\n"
	"msgstr \"kart\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"list\"\n"
	"msgstr \"lyst\"\n"
	"\n"
	"msgctxt \"order\"\n"
	"msgid \"if intercepted\"\n"
	"msgstr \"wenn ab\"\n"
	"\n"
	"#, fuzzy\n"
	"msgctxt \"order\"\n"
	"msgid \"take\"\n"
	"msgstr \"nemm\"\n"
	"\n"
	"msgctxt \"order argument\"\n"
	"msgid \"black\"\n"
	"msgstr \"schwarz|zwart\"\n"
	"\n"
	"msgctxt \"order argument\"\n"
	"msgid \"random\"\n"
	"msgstr \"per zufall\"\n"
	"\n"
	"msgctxt \"order argument\"\n"
	"msgid \"accept\"\n"
	"msgstr \"ja\"\n";

/* The orders of `text` (lines split at \n) for a game of tempete, as "word arg|..." and the
 * lines passed over as prose. */
static void read(const char *text, char *got, size_t len, size_t *nprose)
{
	char copy[512];
	struct order_line lines[8];
	size_t n = 0, nall;
	const struct order_word *all = kind_all_orders(&nall);
	struct orders o;
	struct err e;

	snprintf(copy, sizeof copy, "%s", text);
	for (char *p = copy, *nl; p && n < 8; p = nl ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')))
			*nl = 0;
		lines[n] = (struct order_line){ (int)n + 1, p };
		n++;
	}
	got[0] = 0;
	if (!CHECK(order_parse(lines, n, all, nall, &o, &e) == 0))
		return;
	for (size_t i = 0; i < o.n; i++) {
		size_t at = strlen(got);
		snprintf(got + at, len - at, "%s%s%s%s", i ? "|" : "",
			 o.o[i].kind == ORDER_MOVE ? "move" : o.o[i].word, o.o[i].arg[0] ? " " : "",
			 o.o[i].arg);
	}
	*nprose = o.nprose + o.nerr;
	orders_free(&o);
}

static void check_read(const char *text, const char *want, size_t want_prose)
{
	char got[512];
	size_t nprose = 0;

	check_context("%s", text);
	read(text, got, sizeof got, &nprose);
	CHECK_STR(got, want);
	CHECK_INT(nprose, want_prose);
}

static void check_fold(void)
{
	char out[64];

	order_fold("Réclamer NULLE", out, sizeof out);
	CHECK_STR(out, "reclamer nulle");
	order_fold("weiß Öl \xc5\x93uvre jusqu\xe2\x80\x99" "au", out, sizeof out);
	CHECK_STR(out, "weiss ol oeuvre jusqu'au");
	order_fold("abc", out, 3);              /* cut, never overrun */
	CHECK_STR(out, "ab");
}

/* A catalogue the reader refuses: the reason names the file and the word. */
static void check_refused(const char *entries, const char *want)
{
	size_t nall;
	const struct order_word *all = kind_all_orders(&nall);
	char why[256];
	struct err e;

	check_context("%s", entries);
	order_words_clear();
	if (vocabulary_parse(entries, "xx", "xx.po", &e) < 0)
		CHECK_HAS(e.msg, want);
	else if (CHECK(order_words_check(all, nall, why, sizeof why) < 0))
		CHECK_HAS(why, want);
}

int main(void)
{
	size_t nall, n;
	const struct order_word *all = kind_all_orders(&nall);
	char why[256], usage[128];
	struct err e;

	check_fold();
	CHECK(vocabulary_parse(po, "xx", "xx.po", &e) == 0);
	CHECK(order_words_check(all, nall, why, sizeof why) == 0);
	order_words(&n);
	CHECK_INT(n, 12);                       /* the fuzzy "nemm" left out */
	/* read beside the English words, kept as the English order */
	check_read("aufgebe", "resign", 0);
	check_read("AUFGÉBÉ.", "resign", 0);
	check_read("quit now", "resign", 0);
	check_read("resign", "resign", 0);
	check_read("remi ja", "accept draw", 0);      /* the two words before the one */
	check_read("remi", "offer draw", 0);
	check_read("remi?", "", 1);                   /* asked, as "resign?" is */
	check_read("kart 23\ne4", "card 23|move e4", 0);
	check_read("nemm 23", "", 1);                 /* fuzzy: not a word of xx */
	/* argument words, where the order reads them */
	check_read("farb zwart", "colour black", 0);
	check_read("colour schwarz", "colour black", 0);
	check_read("lyst per zufall", "list random", 0);
	check_read("lyst of my favourite openings", "", 1);     /* prose, as "List of ..." */
	check_read("wenn ab: ja", "if intercepted accept", 0);
	check_read("wenn ab by card 66: ja", "if intercepted by card 66: accept", 0);
	check_read("kart 23 schwarz", "card 23 schwarz", 0);   /* not an argument of card */
	/* the examples in the language, and a refusal in the player's words */
	CHECK_STR(order_word_in("xx", false, "resign"), "Aufgébé");
	CHECK_STR(order_word_in("yy", false, "resign"), "resign");
	CHECK_STR(order_word_in(NULL, false, "resign"), "resign");
	for (size_t i = 0; i < nall; i++) {
		if (!strcmp(all[i].words, "list")) {
			order_usage_in("xx", &all[i], usage, sizeof usage);
			CHECK_STR(usage, "lyst per zufall");
			order_usage_in(NULL, &all[i], usage, sizeof usage);
			CHECK_STR(usage, "list random");
		}
		if (!strcmp(all[i].words, "if intercepted")) {    /* a colon after the words */
			order_usage_in("xx", &all[i], usage, sizeof usage);
			CHECK_STR(usage, "wenn ab: ja");
		}
	}
	struct order_line l = { 1, "lyst 3 my cards" };
	struct orders o;
	if (CHECK(order_parse(&l, 1, all, nall, &o, &e) == 0)) {
		CHECK_INT(o.n, 1);      /* read; a list is refused by its game, not here */
		orders_free(&o);
	}
	l.text = "lyst";
	if (CHECK(order_parse(&l, 1, all, nall, &o, &e) == 0)) {
		if (CHECK_INT(o.nerr, 1))
			CHECK_STR(o.err[0].reason, "write it as: lyst per zufall");
		orders_free(&o);
	}
	/* catalogues refused */
	check_refused("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"quit\"\n\n"
		      "msgctxt \"order\"\nmsgid \"help\"\nmsgstr \"quit\"\n", "stands for");
	check_refused("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"help\"\n",
		      "is the English order word");
	check_refused("msgctxt \"order\"\nmsgid \"fly away\"\nmsgstr \"fliegen\"\n",
		      "not an order word");
	check_refused("msgctxt \"order argument\"\nmsgid \"purple\"\nmsgstr \"lila\"\n",
		      "no order's argument word");
	check_refused("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"one two three four\"\n",
		      "not one to three words");
	/* synonyms may share a word: "resign" and "concede" are one order; an argument word
	 * may stand for two words no order reads both of ("par": per, by) */
	order_words_clear();
	CHECK(vocabulary_parse("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"quit\"\n\n"
			       "msgctxt \"order\"\nmsgid \"concede\"\nmsgstr \"quit\"\n\n"
			       "msgctxt \"order argument\"\nmsgid \"per\"\nmsgstr \"par\"\n\n"
			       "msgctxt \"order argument\"\nmsgid \"by\"\nmsgstr \"par\"\n",
			       "xx", "xx.po", &e) == 0);
	CHECK(order_words_check(all, nall, why, sizeof why) == 0);
	check_read("quit", "resign", 0);
	check_refused("msgctxt \"order argument\"\nmsgid \"white\"\nmsgstr \"wit\"\n\n"
		      "msgctxt \"order argument\"\nmsgid \"black\"\nmsgstr \"wit\"\n",
		      "stands for");
	/* a word added after a mail was read is read by the next mail: the vocabularies made
	 * for the mails before it (kept from one mail to the next) are dropped */
	order_words_clear();
	CHECK(vocabulary_parse("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"quit\"\n", "xx",
			       "xx.po", &e) == 0);
	check_read("quit", "resign", 0);
	CHECK(vocabulary_parse("msgctxt \"order\"\nmsgid \"resign\"\nmsgstr \"aufgeben\"\n",
			       "yy", "yy.po", &e) == 0);
	check_read("aufgeben", "resign", 0);
	check_read("quit", "resign", 0);
	order_words_clear();
	return check_done();
}
