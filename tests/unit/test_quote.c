/* test_quote.c: quotes of a player's mail cut to size: lines at QUOTE_LINE_MAX characters
 * (never inside a UTF-8 sequence), a reply's quotes at QUOTE_TOTAL_MAX bytes; a password
 * line never quoted. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/quote.h"

/* n copies of s, joined. */
static char *repeat(const char *s, size_t n)
{
	size_t len = strlen(s);
	char *out = malloc(n * len + 1);

	for (size_t i = 0; i < n; i++)
		memcpy(out + i * len, s, len);
	out[n * len] = 0;
	return out;
}

static const struct {
	const char *unit;       /* repeated `times` times */
	size_t times;
	size_t want_bytes;      /* of the quote, its "…" included */
	int cut;
} lines[] = {
	{ "x", 0, 0, 0 },
	{ "x", 1, 1, 0 },
	{ "x", QUOTE_LINE_MAX, QUOTE_LINE_MAX, 0 },
	{ "x", QUOTE_LINE_MAX + 1, QUOTE_LINE_MAX + 3, 1 },
	{ "x", 9000000, QUOTE_LINE_MAX + 3, 1 },
	{ "\xC3\xA9", QUOTE_LINE_MAX, 2 * QUOTE_LINE_MAX, 0 },                /* é */
	{ "\xC3\xA9", QUOTE_LINE_MAX + 1, 2 * QUOTE_LINE_MAX + 3, 1 },
	{ "\xE6\x97\xA5", 500, 3 * QUOTE_LINE_MAX + 3, 1 },                  /* 日 */
	{ "\xF0\x9F\x98\x80", 500, 4 * QUOTE_LINE_MAX + 3, 1 },              /* an emoji */
};

int main(void)
{
	char out[QUOTE_OUT_MAX];

	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct quote_budget b = { 0 };
		char *text = repeat(lines[i].unit, lines[i].times);
		check_context("row %zu", i);
		CHECK(quote_take(&b, text, out));
		CHECK_INT(strlen(out), lines[i].want_bytes);
		CHECK_INT(strncmp(out, text, strlen(out) - (lines[i].cut ? 3 : 0)), 0);
		CHECK_INT(lines[i].cut && strcmp(out + strlen(out) - 3, "\xE2\x80\xA6") == 0,
			  lines[i].cut);
		free(text);
	}
	check_context(NULL);
	/* a NULL text quotes as "" */
	struct quote_budget b = { 0 };
	CHECK(quote_take(&b, NULL, out));
	CHECK_STR(out, "");
	/* the budget: quotes are given until QUOTE_TOTAL_MAX bytes are used, then none */
	char *line = repeat("y", 1000);
	size_t given = 0;
	b = (struct quote_budget){ 0 };
	while (quote_take(&b, line, out) && given < 1000)
		given++;
	CHECK_INT(given, (QUOTE_TOTAL_MAX + QUOTE_LINE_MAX + 3 + QUOTE_ITEM_COST - 1) /
		  (QUOTE_LINE_MAX + 3 + QUOTE_ITEM_COST));
	CHECK_STR(out, "");
	CHECK(!quote_take(&b, "short", out));
	/* short quotes: each costs its setting too, so ten thousand of them stop early */
	b = (struct quote_budget){ 0 };
	given = 0;
	while (quote_take(&b, "Nf9", out))
		given++;
	CHECK(given * (3 + QUOTE_ITEM_COST) >= QUOTE_TOTAL_MAX);
	CHECK(given < 300);
	/* a reason counted beside a quote */
	b = (struct quote_budget){ 0 };
	quote_count(&b, QUOTE_TOTAL_MAX);
	CHECK(!quote_take(&b, "x", out));
	free(line);
	/* a character no reader sees is shown by its number */
	static const struct { const char *text, *shown; } marks[] = {
		{ "\xe2\x80\x8f" "e4\xe2\x80\x8f", "<U+200F>e4<U+200F>" },
		{ "\xef\xbb\xbfNf3", "<U+FEFF>Nf3" },
		{ "N\xe2\x80\x8b" "f9 \xe2\x80\x8e", "N<U+200B>f9 <U+200E>" },
		{ "\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9" },
	};
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		b = (struct quote_budget){ 0 };
		CHECK(quote_take(&b, marks[i].text, out));
		CHECK_STR(out, marks[i].shown);
	}
	/* a line of marks only, and stray continuation bytes: bounded by QUOTE_OUT_MAX */
	line = repeat("\xe2\x80\x8f", 1000);
	b = (struct quote_budget){ 0 };
	CHECK(quote_take(&b, line, out));
	CHECK_INT(strlen(out), 8 * QUOTE_LINE_MAX + 3);
	free(line);
	line = repeat("\x80", 5000);
	b = (struct quote_budget){ 0 };
	CHECK(quote_take(&b, line, out));
	CHECK_INT(strlen(out), QUOTE_LINE_MAX + 3);
	free(line);
	/* a line that gives a password is never quoted back */
	static const struct { const char *text; bool hidden; } pw[] = {
		{ "password hunter2", true }, { "PASSWORD: Abc9", true }, { "Password. Zy7", true },
		{ "  password   Qw55", true }, { "> password=x", true }, { "password", true },
		{ "passwords are nice", false }, { "my password is x", false }, { "e4", false },
	};
	for (size_t i = 0; i < sizeof pw / sizeof pw[0]; i++) {
		b = (struct quote_budget){ 0 };
		check_context("password row %zu", i);
		CHECK(quote_take(&b, pw[i].text, out));
		CHECK_STR(out, pw[i].hidden ? QUOTE_PASSWORD_HIDDEN : pw[i].text);
	}
	check_context(NULL);
	return check_done();
}
