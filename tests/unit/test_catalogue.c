/* test_catalogue.c: the PO reader (render/catalogue.c): entries, contexts, plural forms
 * and the header's Plural-Forms expression, the checks of a msgstr's arguments, the
 * typography a header asks for, the count of what a catalogue lacks; then every entry of
 * every shipped catalogue formatted, with arguments of its types, in each plural form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/catalogue.h"
#include "util/buf.h"
#include "util/phrase.h"

static const char po[] =
	"# a comment\n"
	"msgid \"\"\n"
	"msgstr \"\"\n"
	"\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	"\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"\n"
	"\"X-Tempest-Space-Before: :;?!\\n\"\n"
	"\"X-Tempest-Capitals: yes\\n\"\n"
	"\"X-Tempest-Digits: U+202F 5\\n\"\n"
	"\n"
	"#: src/game/board.c:10\n"
	"#, c-format\n"
	"msgid \"'%s' is not a square\"\n"
	"msgstr \"'%s' n'est pas une case\"\n"
	"\n"
	"msgid \"White\"\n"
	"msgstr \"les Blancs\"\n"
	"\n"
	"#, fuzzy\n"
	"msgid \"draw\"\n"
	"msgstr \"nulle\"\n"
	"\n"
	"msgid \"%s offers a draw.\"\n"
	"msgstr \"%s proposent \"\n"
	"\"la nulle.\"\n"
	"\n"
	"msgid \"%s moved from %s to %s\"\n"
	"msgstr \"vers %3$s depuis %2$s: %1$s\"\n"
	"\n"
	"msgid \"%d card\"\n"
	"msgid_plural \"%d cards\"\n"
	"msgstr[0] \"%d carte\"\n"
	"msgstr[1] \"%d cartes\"\n"
	"\n"
	"msgctxt \"month\"\n"
	"msgid \"May\"\n"
	"msgstr \"mai\"\n"
	"\n"
	"msgid \"May\"\n"
	"msgstr \"peut-être\"\n"
	"\n"
	"msgid \"no msgstr\"\n"
	"msgstr \"\"\n"
	"\n"
	"msgid \"100%% sure: %s\"\n"
	"msgstr \"s\\u00fbr \\\"%s\\\"\"\n";

static const char *render(const struct catalogue *c, const char *text)
{
	static char out[2][512];
	static int i;
	struct phrase_lang l;
	struct buf b = { 0 };

	catalogue_lang(c, &l);
	buf_str(&b, "- ");
	phrase_render(&b, text, &l);
	i = !i;
	snprintf(out[i], sizeof out[i], "%s", b.s ? b.s + 2 : "");
	buf_free(&b);
	return out[i];
}

/* The reader, the lookups, the header. */
static void reading(void)
{
	struct catalogue *c = NULL;
	struct err e = { 0 };
	char b[256];

	/* \u is no C escape: the reader refuses the line */
	CHECK_INT(catalogue_parse(po, "fr.po", &c, &e), -1);
	CHECK_HAS(e.msg, "fr.po: line 45");
	char *fixed = strdup(po);
	memcpy(strstr(fixed, "s\\u00fbr"), "sur     ", 8);
	CHECK_INT(catalogue_parse(fixed, "fr.po", &c, &e), 0);
	free(fixed);
	CHECK_INT(catalogue_size(c), 8);
	CHECK_STR(catalogue_get(c, NULL, "White"), "les Blancs");
	CHECK(catalogue_get(c, NULL, "draw") == NULL);          /* fuzzy: English */
	CHECK(catalogue_get(c, NULL, "no msgstr") == NULL);
	CHECK_STR(catalogue_get(c, "month", "May"), "mai");
	CHECK_STR(catalogue_get(c, NULL, "May"), "peut-\xC3\xAAtre");
	CHECK(catalogue_get(c, "weekday", "May") == NULL);
	/* typography: a no-break space before the mark, in place of a blank or added */
	CHECK_STR(catalogue_get(c, NULL, "%s moved from %s to %s"),
		  "vers %3$s depuis %2$s\xC2\xA0: %1$s");
	CHECK_STR(render(c, phrase_printf(b, sizeof b, "%s moved from %s to %s", "N", "e4", "f6")),
		  "vers f6 depuis e4\xC2\xA0: N");
	CHECK_STR(render(c, phrase_printf(b, sizeof b, "%s offers a draw.", N_("White"))),
		  "les Blancs proposent la nulle.");
	CHECK_STR(render(c, N_("no msgstr")), "no msgstr");
	/* plural forms by the header's expression: French's 0 and 1 are singular */
	for (unsigned long n = 0; n < 4; n++) {
		char want[32];
		snprintf(want, sizeof want, "%lu carte%s", n, n > 1 ? "s" : "");
		CHECK_STR(render(c, phrase_nprintf(b, sizeof b, n, "%d card", "%d cards", (int)n)), want);
	}
	CHECK_STR(render(c, phrase_printf(b, sizeof b, "'%s' is not a square", "123456")),
		  "'123456' n'est pas une case");       /* a player's digits: as written */
	CHECK_STR(render(c, phrase_printf(b, sizeof b, "%d card", 123456)),
		  "123\xE2\x80\xAF" "456 carte");
	catalogue_free(c);
}

struct bad {
	const char *po, *why;
};

/* What a translator can get wrong, each named. */
static void refusals(void)
{
	static const struct bad bad[] = {
		/* a msgstr that drops an argument would write another's in its place */
		{ "msgid \"%s has %d cards\"\nmsgstr \"%s a des cartes\"\n", "arguments" },
		/* ... or swaps two of different types without saying so */
		{ "msgid \"%s has %d cards\"\nmsgstr \"%d cartes : %s\"\n", "arguments" },
		{ "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n >;\\n\"\n", "Plural-Forms" },
		{ "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=9; plural=n;\\n\"\n", "Plural-Forms" },
		{ "msgid \"%d card\"\nmsgid_plural \"%d cards\"\nmsgstr[0] \"%d carte\"\n",
		  "plural forms" },
		{ "msgid \"%d card\"\nmsgid_plural \"%d cards\"\nmsgstr[0] \"%s\"\nmsgstr[1] \"%d\"\n",
		  "arguments" },
		{ "msgid \"x\"\nmsgstr[7] \"y\"\n", "line 2" },
	};
	struct catalogue *c = NULL;
	struct err e;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("bad[%zu]", i);
		CHECK_INT(catalogue_parse(bad[i].po, "xx.po", &c, &e), -1);
		CHECK_HAS(e.msg, bad[i].why);
	}
	check_context(NULL);
	/* reordered with %N$; a plural's singular may leave the count out ("une heure") */
	CHECK_INT(catalogue_parse("msgid \"%s has %d cards\"\nmsgstr \"%2$d cartes : %1$s\"\n"
				  "msgid \"one hour\"\nmsgid_plural \"%d hours\"\n"
				  "msgstr[0] \"une heure\"\nmsgstr[1] \"%d heures\"\n", "fr.po", &c, &e), 0);
	catalogue_free(c);
	/* xgettext's template says nplurals=INTEGER */
	CHECK_INT(catalogue_parse("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=INTEGER; "
				  "plural=EXPRESSION;\\n\"\n", "tempest.pot", &c, &e), 0);
	catalogue_free(c);
}

struct forms {
	const char *expr;
	int nplurals;
	unsigned long n[8];
	int form[8];
};

/* Plural-Forms as gettext's manual gives them, evaluated here. */
static void plural_forms(void)
{
	static const struct forms forms[] = {
		{ "(n != 1)", 2, { 0, 1, 2, 5 }, { 1, 0, 1, 1 } },
		{ "(n > 1)", 2, { 0, 1, 2, 5 }, { 0, 0, 1, 1 } },
		{ "0", 1, { 0, 1, 2 }, { 0, 0, 0 } },
		{ "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
		  3, { 1, 2, 5, 11, 21, 22, 25, 112 }, { 0, 1, 2, 2, 0, 1, 2, 2 } },
		{ "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
		  6, { 0, 1, 2, 3, 11, 100, 102, 111 }, { 0, 1, 2, 3, 4, 5, 5, 4 } },
	};
	char header[512];
	struct err e;

	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		struct catalogue *c = NULL;
		snprintf(header, sizeof header, "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=%d; "
			 "plural=%s;\\n\"\n", forms[i].nplurals, forms[i].expr);
		check_context("%s", forms[i].expr);
		if (!CHECK_INT(catalogue_parse(header, "xx.po", &c, &e), 0))
			continue;
		CHECK_INT(catalogue_nplurals(c), forms[i].nplurals);
		for (int k = 0; k < 8 && (k == 0 || forms[i].n[k]); k++)
			CHECK_INT(catalogue_plural(c, forms[i].n[k]), forms[i].form[k]);
		catalogue_free(c);
	}
	check_context(NULL);
}

/* The phrase of entry (ctx, id, plural) with an argument of each of its conversions'
 * types, for count n: "ARG1", 2, ... */
static void make_phrase(struct buf *b, const char *ctx, const char *id, const char *plural,
			unsigned long n)
{
	const char *f = plural ? plural : id;

	buf_add(b, "\x01", 1);
	if (ctx) {
		buf_str(b, ctx);
		buf_add(b, "\x05", 1);
	}
	buf_str(b, id);
	if (plural)
		buf_printf(b, "\x06%s\x06%lu", plural, n);
	for (int k = 1; *f; f++) {
		if (*f != '%' || f[1] == '%') {
			f += *f == '%';
			continue;
		}
		const char *t = f + 1 + strspn(f + 1, "0123456789$-+ #.*'hlLqjzt");
		if (strchr("diuxXo", *t))
			buf_printf(b, "\x04%d", 10 + k++);
		else
			buf_printf(b, "\x03" "ARG%d", k++);
		f = t;
	}
	buf_add(b, "\x02", 1);
}

/* Every entry of every shipped catalogue formatted in its language: no marker, no
 * crash, each plural form met. */
static void shipped(void)
{
	static const char *const langs[] = { "fr", "de" };
	static const unsigned long counts[] = { 0, 1, 2, 3, 5, 11, 21, 101 };

	for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
		char path[64];
		struct catalogue *c = NULL;
		struct err e = { 0 };
		struct phrase_lang l;
		const char *ctx, *id, *plural;
		int seen[8] = { 0 }, bad = 0, plurals = 0;

		snprintf(path, sizeof path, "templates/po/%s.po", langs[i]);
		check_context("%s: %s", path, e.msg);
		if (!CHECK_INT(catalogue_load(path, &c, &e), 0))
			continue;
		catalogue_lang(c, &l);
		for (size_t k = 0; catalogue_entry(c, k, &ctx, &id, &plural); k++)
			for (size_t m = 0; m < (plural ? 8 : 1); m++) {
				struct buf b = { 0 };
				make_phrase(&b, ctx, id, plural, counts[m]);
				char *out = phrase_render_dup(b.s, &l);
				bad += !out || strpbrk(out, PHRASE_MARKS) != NULL;
				if (plural && catalogue_lookup(c, ctx, ctx ? strlen(ctx) : 0, id,
							       strlen(id), true, counts[m])) {
					seen[catalogue_plural(c, counts[m])]++;
					plurals += m == 0;
				}
				free(out);
				buf_free(&b);
			}
		CHECK_INT(bad, 0);
		for (int f = 0; plurals && f < catalogue_nplurals(c); f++)
			CHECK(seen[f] > 0);     /* each form met, when the language has plurals */
		catalogue_free(c);
	}
	check_context(NULL);
}

/* What a catalogue lacks, against the template. */
static void missing(void)
{
	struct catalogue *pot = NULL, *c = NULL;
	struct err e;

	CHECK_INT(catalogue_parse("msgid \"a\"\nmsgstr \"\"\nmsgid \"b\"\nmsgstr \"\"\n"
				  "msgctxt \"x\"\nmsgid \"a\"\nmsgstr \"\"\n", "t.pot", &pot, &e), 0);
	CHECK_INT(catalogue_parse("msgid \"a\"\nmsgstr \"A\"\n#, fuzzy\nmsgid \"b\"\nmsgstr \"B\"\n",
				  "xx.po", &c, &e), 0);
	CHECK_INT(catalogue_missing(c, pot, NULL, NULL), 2);    /* b (fuzzy), x|a */
	CHECK_INT(catalogue_missing(NULL, pot, NULL, NULL), 3);
	catalogue_free(pot);
	catalogue_free(c);
}

int main(void)
{
	reading();
	refusals();
	plural_forms();
	shipped();
	missing();
	return check_done();
}
