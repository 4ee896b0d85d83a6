/* test_catalogue.c: the PO reader and the translation of the referee's English phrases
 * back through their formats (render/catalogue.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "render/catalogue.h"

static const char po[] =
	"# a comment\n"
	"msgid \"\"\n"
	"msgstr \"\"\n"
	"\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	"\n"
	"#: src/game/board.c:10\n"
	"#, c-format\n"
	"msgid \"'%s' is not a square\"\n"
	"msgstr \"'%s' n'est pas une case\"\n"
	"\n"
	"msgid \"White\"\n"
	"msgstr \"Blancs\"\n"
	"msgid \"Black\"\n"
	"msgstr \"Noirs\"\n"
	"\n"
	"#, fuzzy\n"
	"msgid \"draw\"\n"
	"msgstr \"nulle\"\n"
	"\n"
	"msgid \"%s offers a draw.\"\n"
	"msgstr \"Les %s proposent \"\n"
	"\"la nulle.\"\n"
	"\n"
	"msgid \"a vacation lasts at most %d days\"\n"
	"msgstr \"des vacances durent au plus %d jours\"\n"
	"\n"
	"msgid \"%s moved from %s to %s\"\n"
	"msgstr \"vers %3$s depuis %2$s : %1$s\"\n"
	"\n"
	"msgid \"one card\"\n"
	"msgid_plural \"%d cards\"\n"
	"msgstr[0] \"une carte\"\n"
	"msgstr[1] \"%d cartes\"\n"
	"\n"
	"msgid \"100%% sure: %s\"\n"
	"msgstr \"s\\u00fbr \\\"%s\\\"\"\n";

struct tr_case {
	const char *in, *want;
};

static const struct tr_case cases[] = {
	{ "'Nf9' is not a square", "'Nf9' n'est pas une case" },
	{ "White offers a draw.", "Les Blancs proposent la nulle." },
	/* two sentences, each its own entry; one no entry makes is kept */
	{ "Black offers a draw. a vacation lasts at most 30 days",
	  "Les Noirs proposent la nulle. des vacances durent au plus 30 jours" },
	{ "Something else. White offers a draw.", "Something else. Les Blancs proposent la nulle." },
	{ "N moved from e4 to f6", "vers f6 depuis e4 : N" },
	{ "draw", "draw" },                     /* fuzzy: not used */
	{ "a vacation lasts at most x days", "a vacation lasts at most x days" },
	{ "", "" },
	/* a run read without its closing ';', given it back; an argument's own phrases */
	{ "e4; White offers a draw.; Nf3", "e4; Les Blancs proposent la nulle.; Nf3" },
	{ "White; Nf3", "Blancs; Nf3" },
	/* a list, each item read alone: no argument holds half a bracket */
	{ "N moved from e2 (x) to e4 (y), N moved from a (b) to c",
	  "vers e4 (y) depuis e2 (x) : N, vers c depuis a (b) : N" },
	{ "Black moved from 'White' to b2 c3", "vers b2 c3 depuis 'White' : Noirs" },
	/* a list's items, each after its dash */
	{ "Notes:\n- White offers a draw.\n- N moved from a to b",
	  "Notes:\n- Les Blancs proposent la nulle.\n- vers b depuis a : N" },
	/* a quoted line is the player's: kept */
	{ "a@x (White) writes:\n  White offers a draw.\nWhite offers a draw.",
	  "a@x (White) writes:\n  White offers a draw.\nLes Blancs proposent la nulle." },
};

int main(void)
{
	struct catalogue *c = NULL, *c2 = NULL;
	struct err e = { 0 };

	/* \u is no C escape: the reader refuses the line */
	CHECK_INT(catalogue_parse(po, "fr.po", &c, &e), -1);
	CHECK_HAS(e.msg, "fr.po: line 36");
	char *fixed = strdup(po);
	char *u = strstr(fixed, "s\\u00fbr");
	memcpy(u, "sur     ", 8);
	CHECK_INT(catalogue_parse(fixed, "fr.po", &c, &e), 0);
	free(fixed);
	CHECK_INT(catalogue_size(c), 7);
	CHECK_STR(catalogue_lookup(c, "White"), "Blancs");
	CHECK(catalogue_lookup(c, "draw") == NULL);
	CHECK(catalogue_lookup(c, "one card") == NULL);
	CHECK_STR(catalogue_lookup(c, "%s offers a draw."), "Les %s proposent la nulle.");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *t = catalogue_translate(c, cases[i].in);
		check_context("case %zu: %s", i, cases[i].in);
		CHECK_STR(t, cases[i].want);
		free(t);
	}
	/* a msgstr that drops an argument would write another's in its place */
	CHECK_INT(catalogue_parse("msgid \"%s has %d cards\"\nmsgstr \"%s a des cartes\"\n",
				  "de.po", &c2, &e), -1);
	CHECK_HAS(e.msg, "has not the msgid's 2 arguments");
	/* ... or swaps two of different types without saying so */
	CHECK_INT(catalogue_parse("msgid \"%s has %d cards\"\nmsgstr \"%d cartes : %s\"\n",
				  "fr.po", &c2, &e), -1);
	CHECK_INT(catalogue_parse("msgid \"%s has %d cards\"\nmsgstr \"%2$d cartes : %1$s\"\n",
				  "fr.po", &c2, &e), 0);
	catalogue_free(c2);
	/* the catalogues shipped load (run from the source root) */
	static const char *const shipped[] = { "templates/po/fr.po", "templates/po/de.po" };
	for (size_t i = 0; i < 2; i++) {
		int rc = catalogue_load(shipped[i], &c2, &e);
		check_context("%s: %s", shipped[i], e.msg);
		CHECK_INT(rc, 0);
		CHECK(catalogue_size(c2) > 50);
		catalogue_free(c2);
	}
	check_context(NULL);
	/* a long sentence that a format of many arguments almost reads: a bounded reading */
	struct catalogue *many = NULL;
	CHECK_INT(catalogue_parse("msgid \"%s %s %s %s q %s.\"\nmsgstr \"%s %s %s %s Q %s.\"\n",
				  "fr.po", &many, &e), 0);
	char longer[2001];
	for (size_t i = 0; i + 1 < sizeof longer; i += 2)
		memcpy(longer + i, "a ", 2);
	longer[sizeof longer - 2] = '.';
	longer[sizeof longer - 1] = 0;
	clock_t t0 = clock();
	char *slow = catalogue_translate(many, longer);
	CHECK_STR(slow, longer);                /* no " q ": no reading */
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 1.0);
	free(slow);
	catalogue_free(many);
	/* an argument's own phrases are read a few levels deep, not one call a bracket: a
	 * 40 KB line of them overflowed the stack */
	struct catalogue *br = NULL;
	CHECK_INT(catalogue_parse("msgid \"(%s)\"\nmsgstr \"[%s]\"\n", "fr.po", &br, &e), 0);
	size_t deep = 20000;
	char *nest = malloc(2 * deep + 4);
	memset(nest, '(', deep);
	memcpy(nest + deep, "a b", 3);
	memset(nest + deep + 3, ')', deep);
	nest[2 * deep + 3] = 0;
	char *flat = catalogue_translate(br, nest);
	CHECK(flat && strlen(flat) == 2 * deep + 3 && !strncmp(flat, "[[[[[[[[[(", 10));
	free(flat);
	free(nest);
	catalogue_free(br);
	char *t = catalogue_translate(NULL, "White");
	CHECK_STR(t, "White");
	free(t);
	catalogue_free(c);
	return check_done();
}
