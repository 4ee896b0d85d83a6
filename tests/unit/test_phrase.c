/* test_phrase.c: phrases as data (util/phrase.c): what the encoder keeps of a format and
 * its arguments, the text it writes in English and in a reader's language (a toy
 * catalogue here; the real ones in test_catalogue), nesting, literals, plurals,
 * contexts, reordering, capitals and numbers, and bounds: cut buffers, hostile bytes. */
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/err.h"
#include "util/phrase.h"

/* A toy French catalogue: msgctxt, msgid, singular, plural. */
static const struct toy {
	const char *ctx, *id, *one, *many;
} toy[] = {
	{ NULL, "'%s' is not a square", "'%s' n'est pas une case", NULL },
	{ NULL, "White", "les Blancs", NULL },
	{ NULL, "Black", "les Noirs", NULL },
	{ NULL, "%s offers a draw.", "%s propose la nulle.", NULL },
	{ NULL, "%s accepts.", "%s accepte.", NULL },
	{ NULL, "%s moved from %s to %s", "vers %3$s depuis %2$s : %1$s", NULL },
	{ NULL, "%d card", "%d carte", "%d cartes" },
	{ NULL, "one hour", "une heure", "%d heures" },
	{ "month", "May", "mai", NULL },
	{ NULL, "May", "peut-être", NULL },
	{ NULL, "game %d: %s", "partie %d : %s", NULL },
	{ NULL, "on day %02d", "le %d", NULL },
	{ NULL, "%d%% of %s", "%d %% de %s", NULL },
	{ NULL, "(%s)", "(%s)", NULL },
	{ NULL, "e.g. %s", "élan : %s", NULL },
};

static const char *toy_lookup(const void *arg, const char *ctx, size_t nctx, const char *id,
			      size_t nid, bool plural, unsigned long n)
{
	(void)arg;
	for (size_t i = 0; i < sizeof toy / sizeof toy[0]; i++) {
		const struct toy *t = &toy[i];
		if (strlen(t->id) != nid || memcmp(t->id, id, nid) || (!t->ctx) != (!ctx) ||
		    (ctx && (strlen(t->ctx) != nctx || memcmp(t->ctx, ctx, nctx))))
			continue;
		return plural && n > 1 && t->many ? t->many : t->one;
	}
	return NULL;
}

static unsigned long missing;
static struct phrase_lang fr = { .lookup = toy_lookup, .capitals = true,
				 .group = "\xE2\x80\xAF", .group_min = 5, .missing = &missing };

/* text in French, in a static buffer, as a mail shows it after "- " (where no sentence
 * starts: a capital at one is checked on its own) */
static const char *in_fr(const char *text)
{
	static char out[4][1024];
	static int i;
	struct buf b = { 0 };

	buf_str(&b, "- ");
	phrase_render(&b, text, &fr);
	i = (i + 1) % 4;
	snprintf(out[i], sizeof out[i], "%s", b.s ? b.s + 2 : "(null)");
	buf_free(&b);
	return out[i];
}

static const char *in_en(const char *text)
{
	static char out[4][1024];
	static int i;

	i = (i + 1) % 4;
	return phrase_english(text, out[i], sizeof out[i]);
}

static bool clean(const char *s)
{
	return !strpbrk(s, PHRASE_MARKS);
}

static void encoding(void)
{
	char b[512];

	phrase_printf(b, sizeof b, "'%s' is not a square", "Nf9");
	CHECK_STR(b, "\x01'%s' is not a square\x03Nf9\x02");
	CHECK_STR(in_en(b), "'Nf9' is not a square");
	CHECK_STR(in_fr(b), "'Nf9' n'est pas une case");
	/* English is what printf makes, conversion for conversion */
	phrase_printf(b, sizeof b, "%d|%5d|%-3d|%02d|%u|%zu|%lld|%x|%c|%.2s|%5s|%%|%ld", -7, 42, 1, 3,
		      4000000000u, (size_t)12, -9000000000LL, 255, 'Q', "abc", "xy", 12L);
	char want[256];
	snprintf(want, sizeof want, "%d|%5d|%-3d|%02d|%u|%zu|%lld|%x|%c|%.2s|%5s|%%|%ld", -7, 42, 1, 3,
		 4000000000u, (size_t)12, -9000000000LL, 255, 'Q', "abc", "xy", 12L);
	CHECK_STR(in_en(b), want);
	/* the numbers written without printf, at their ends */
	phrase_printf(b, sizeof b, "%lld|%llu|%d|%u|%d|%hhd|%hu", LLONG_MIN, ULLONG_MAX, INT_MIN,
		      0u, 0, (signed char)-128, (unsigned short)65535);
	snprintf(want, sizeof want, "%lld|%llu|%d|%u|%d|%hhd|%hu", LLONG_MIN, ULLONG_MAX, INT_MIN,
		 0u, 0, (signed char)-128, (unsigned short)65535);
	CHECK_STR(in_en(b), want);
	/* and with a width: padded by hand, by printf when signed below zero or flagged */
	phrase_printf(b, sizeof b, "%02d|%02d|%02d|%3u|%05d|%-4d|%+3d|%0d|%1d|%5u", 0, 7, 123, 9u,
		      -42, 5, 6, 8, 1234, 4000000000u);
	snprintf(want, sizeof want, "%02d|%02d|%02d|%3u|%05d|%-4d|%+3d|%0d|%1d|%5u", 0, 7, 123, 9u,
		 -42, 5, 6, 8, 1234, 4000000000u);
	CHECK_STR(in_en(b), want);
	phrase_printf(b, sizeof b, "%*d and %.*s", 4, 7, 3, "abcdef");
	CHECK_STR(in_en(b), "   7 and abc");
	/* a translated format writes the numbers its own way: "%d", not "%02d" */
	phrase_printf(b, sizeof b, "on day %02d", 3);
	CHECK_STR(in_en(b), "on day 03");
	CHECK_STR(in_fr(b), "le 3");
	phrase_printf(b, sizeof b, "%d%% of %s", 50, "it");
	CHECK_STR(in_en(b), "50% of it");
	CHECK_STR(in_fr(b), "50 % de it");
	/* a constant phrase */
	CHECK_STR(N_("White"), "\x01White\x02");
	CHECK_STR(in_fr(N_("White")), "les Blancs");
	CHECK_STR(in_en(N_("White")), "White");
	struct err e;
	err_phrase(&e, "'%s' is not a square", "z9");
	CHECK_STR(in_fr(e.msg), "'z9' n'est pas une case");
	err_set(&e, "'%s' is not a square", "z9");
	CHECK_STR(e.msg, "'z9' is not a square");
}

static void nesting(void)
{
	char b[512], c[512], d[512];

	/* a phrase in an argument is translated; a player's words never */
	phrase_printf(b, sizeof b, "%s offers a draw.", N_("White"));
	CHECK_STR(in_en(b), "White offers a draw.");
	CHECK_STR(in_fr(b), "les Blancs propose la nulle.");
	phrase_printf(b, sizeof b, "'%s' is not a square", "White");
	CHECK_STR(in_fr(b), "'White' n'est pas une case");
	phrase_printf(b, sizeof b, "'%s' is not a square", "%s offers a draw.");
	CHECK_STR(in_fr(b), "'%s offers a draw.' n'est pas une case");
	/* a text of several sentences, a phrase in a phrase in a phrase */
	phrase_printf(c, sizeof c, "(%s)", N_("Black"));
	phrase_printf(d, sizeof d, "game %d: %s", 7, c);
	snprintf(b, sizeof b, "%s Then %s", d, N_("White"));
	CHECK_STR(in_en(b), "game 7: (Black) Then White");
	CHECK_STR(in_fr(b), "partie 7 : (les Noirs) Then les Blancs");
	/* reordered */
	phrase_printf(b, sizeof b, "%s moved from %s to %s", "N", "e4", "f6");
	CHECK_STR(in_en(b), "N moved from e4 to f6");
	CHECK_STR(in_fr(b), "vers f6 depuis e4 : N");
	/* a word from a data file */
	CHECK_STR(in_fr(phrase_word(b, sizeof b, NULL, "White")), "les Blancs");
	CHECK_STR(in_en(phrase_word(b, sizeof b, "piece", "100% pawn")), "100% pawn");
}

static void plurals_contexts(void)
{
	char b[256];

	for (unsigned long n = 0; n < 4; n++) {
		phrase_nprintf(b, sizeof b, n, "%d card", "%d cards", (int)n);
		char en[32], f[32];
		snprintf(en, sizeof en, "%lu card%s", n, n == 1 ? "" : "s");
		snprintf(f, sizeof f, "%lu carte%s", n, n > 1 ? "s" : "");
		CHECK_STR(in_en(b), en);
		CHECK_STR(in_fr(b), f);
	}
	/* a singular without the number takes the plural's arguments all the same */
	phrase_nprintf(b, sizeof b, 1, "one hour", "%d hours", 1);
	CHECK_STR(in_en(b), "one hour");
	CHECK_STR(in_fr(b), "une heure");
	phrase_nprintf(b, sizeof b, 5, "one hour", "%d hours", 5);
	CHECK_STR(in_en(b), "5 hours");
	CHECK_STR(in_fr(b), "5 heures");
	/* one English word, two meanings */
	CHECK_STR(in_fr(NC_("month", "May")), "mai");
	CHECK_STR(in_fr(N_("May")), "peut-être");
	CHECK_STR(in_en(NC_("month", "May")), "May");
	phrase_pprintf(b, sizeof b, "month", "%s", "x");
	CHECK_STR(in_en(b), "x");
}

static void capitals_numbers(void)
{
	char b[256], c[256];

	/* a phrase that starts a sentence, and only a phrase: an address stays as written */
	phrase_printf(b, sizeof b, "%s accepts.", "bob@example.org");
	CHECK_STR(in_fr(b), "bob@example.org accepte.");
	phrase_printf(b, sizeof b, "%s accepts.", N_("Black"));
	snprintf(c, sizeof c, "x. %s", b);
	CHECK_STR(in_fr(c), "x. Les Noirs accepte.");
	snprintf(c, sizeof c, "x: %s", b);
	CHECK_STR(in_fr(c), "x: les Noirs accepte.");
	CHECK_STR(in_fr("\xC3\xA9t\xC3\xA9"), "\xC3\xA9t\xC3\xA9");   /* literal: as written */
	phrase_printf(b, sizeof b, "e.g. %s", "x");
	CHECK_STR(in_fr(b), "\xC3\xA9lan : x");
	char *start = phrase_render_dup(b, &fr);        /* a value that starts a sentence */
	CHECK_STR(start, "\xC3\x89lan : x");
	free(start);
	/* numbers grouped from five digits, never in English */
	phrase_printf(b, sizeof b, "%d card", 1234567);
	CHECK_STR(in_fr(b), "1\xE2\x80\xAF" "234\xE2\x80\xAF" "567 carte");
	CHECK_STR(in_en(b), "1234567 card");
	phrase_printf(b, sizeof b, "%d card", -1234);
	CHECK_STR(in_fr(b), "-1234 carte");
	/* what has no msgstr is counted, and marked when asked */
	missing = 0;
	phrase_printf(b, sizeof b, "no such %s", N_("White"));
	CHECK_STR(in_fr(b), "no such les Blancs");
	CHECK_INT(missing, 1);
	fr.mark_missing = true;
	CHECK_STR(in_fr(b), "\xE2\x9F\xA6no such les Blancs\xE2\x9F\xA7");
	fr.mark_missing = false;
}

static void append(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	phrase_vappend(buf, len, " ", fmt, ap);
	va_end(ap);
}

/* A note's sentences, one after the other. */
static void notes(void)
{
	char note[256] = "";

	append(note, sizeof note, "%s offers a draw.", N_("White"));
	append(note, sizeof note, "%s accepts.", N_("Black"));
	CHECK_STR(in_en(note), "White offers a draw. Black accepts.");
	CHECK_STR(in_fr(note), "les Blancs propose la nulle. Les Noirs accepte.");
}

/* Hostile text: a player's words can hold any byte. */
static void hostile(void)
{
	char b[256], in[64];

	/* what the mail reader strips */
	snprintf(in, sizeof in, "a\x01White\x02 b\x03\x04\x05\x06");
	CHECK_INT(phrase_strip(in), 8);
	CHECK_STR(in, "aWhite b");
	/* a marker that slips into an argument anyway can make no phrase of its own */
	phrase_printf(b, sizeof b, "'%s' is not a square", "\x02\x01White\x03");
	CHECK(clean(in_fr(b)));
	CHECK_STR(in_fr(b), "'White' n'est pas une case");
	/* broken texts (a damaged state file) are read without a marker or a crash */
	static const char *const broken[] = {
		"\x01", "\x01White", "\x01%s\x03", "\x01%s\x03\x01\x01\x01", "\x02\x03\x04",
		"\x01%d\x04", "\x01%d\x04-\x02", "\x01x\x06y\x06\x02", "\x01x\x06y\x02",
		"\x01%s %s\x03\x01White\x02\x02", "\x01a\x05\x05\x02", "%s\x01%n%p%s\x03\x02",
		"\x01%99999999d\x04" "1\x02", "\x01%1$s %99$s %0$s\x03x\x02",
	};
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		check_context("broken[%zu]", i);
		CHECK(clean(in_fr(broken[i])));
		CHECK(clean(in_en(broken[i])));
	}
	check_context(NULL);
	/* nested past the depth: read as far as it may go, no further */
	char deep[1024] = "x";
	for (int i = 0; i < 20; i++) {
		char t[1024];
		phrase_printf(t, sizeof t, "(%s)", deep);
		snprintf(deep, sizeof deep, "%s", t);
	}
	CHECK(clean(in_fr(deep)));
	/* random bytes */
	srand(7);
	for (int round = 0; round < 2000; round++) {
		char r[48];
		size_t n = (size_t)(rand() % 47);
		for (size_t i = 0; i < n; i++)
			r[i] = "\x01\x02\x03\x04\x05\x06%sd1$a"[rand() % 11];
		r[n] = 0;
		if (!clean(in_fr(r)) || !clean(in_en(r))) {
			CHECK(!"random text rendered with a marker");
			break;
		}
	}
}

/* A phrase cut by its buffer loses text, never its shape. */
static void bounds(void)
{
	char b[1024], small[80], player[600];

	memset(player, 'x', sizeof player - 1);
	player[sizeof player - 1] = 0;
	phrase_printf(b, sizeof b, "%s offers a draw. '%s' is not a square", N_("White"), player);
	for (size_t len = 1; len < sizeof small; len++) {
		phrase_printf(small, len, "%s moved from %s to %s", N_("White"), player, "f6");
		check_context("len %zu", len);
		CHECK(strlen(small) < len);
		CHECK(clean(in_fr(small)));
		if (len > 40)   /* room for the phrase: the player's words are cut, the rest whole */
			CHECK_HAS(in_fr(small), "vers f6 depuis ");
	}
	check_context(NULL);
	for (size_t len = 1; len < 40; len++) {
		phrase_fit(small, len, b);
		CHECK(strlen(small) < len && clean(in_en(small)));
	}
	/* notes appended until full */
	char note[100] = "";
	for (int i = 0; i < 20; i++)
		append(note, sizeof note, "%s offers a draw.", N_("Black"));
	CHECK(strlen(note) < sizeof note);
	CHECK(clean(in_fr(note)));
	CHECK_HAS(in_fr(note), "Les Noirs propose la nulle. Les Noirs");
	/* an English cut falls on a character's end */
	phrase_english("\xC3\xA9\xC3\xA9\xC3\xA9", small, 4);
	CHECK_STR(small, "\xC3\xA9");
}

int main(void)
{
	encoding();
	nesting();
	plurals_contexts();
	capitals_numbers();
	notes();
	hostile();
	bounds();
	return check_done();
}
