/* test_charset.c: charset_utf8_valid(), charset_decode() and charset_unflow(), one table
 * each, byte for byte: the edges of UTF-8 (overlong forms, surrogates, truncation), the
 * charset labels and their fallbacks, line ends and NUL bytes, and format=flowed.
 * test_msg.c checks the same code again through whole messages. */
#include "mail/charset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* A string literal and its length, NUL bytes included. */
#define BYTES(s) s, sizeof s - 1

#define FFFD "\xef\xbf\xbd"

static const struct utf8_case {
	const char *name, *s;
	size_t n;
	bool want;
} utf8_cases[] = {
	{ "empty", BYTES(""), true },
	{ "ASCII", BYTES("e4 e5 Nf3"), true },
	{ "a NUL byte is ASCII", BYTES("a\0b"), true },
	{ "two bytes", BYTES("caf\xc3\xa9"), true },
	{ "overlong two bytes (C0)", BYTES("\xc0\xaf"), false },
	{ "overlong two bytes (C1)", BYTES("\xc1\xbf"), false },
	{ "lone continuation byte", BYTES("\x80"), false },
	{ "truncated two bytes", BYTES("\xc3"), false },
	{ "U+0800, the first of three bytes", BYTES("\xe0\xa0\x80"), true },
	{ "overlong three bytes", BYTES("\xe0\x80\xaf"), false },
	{ "U+D7FF", BYTES("\xed\x9f\xbf"), true },
	{ "a surrogate (U+D800)", BYTES("\xed\xa0\x80"), false },
	{ "U+FFFF", BYTES("\xef\xbf\xbf"), true },
	{ "truncated three bytes", BYTES("\xe2\x82"), false },
	{ "three bytes, a bad second", BYTES("\xe2\x41\xac"), false },
	{ "U+10000, the first of four bytes", BYTES("\xf0\x90\x80\x80"), true },
	{ "overlong four bytes", BYTES("\xf0\x8f\xbf\xbf"), false },
	{ "U+10FFFF, the last", BYTES("\xf4\x8f\xbf\xbf"), true },
	{ "beyond U+10FFFF", BYTES("\xf4\x90\x80\x80"), false },
	{ "F5 never starts a sequence", BYTES("\xf5\x80\x80\x80"), false },
	{ "FF", BYTES("ab\xff"), false },
};

static const struct decode_case {
	const char *name, *charset, *s;
	size_t n;
	const char *want;
} decode_cases[] = {
	/* utf-8: invalid bytes, one U+FFFD each */
	{ "utf-8 kept", "utf-8", BYTES("caf\xc3\xa9"), "caf\xc3\xa9" },
	{ "utf-8, an invalid byte", "utf-8", BYTES("ab\xff" "cd"), "ab" FFFD "cd" },
	{ "utf-8, a truncated sequence", "utf-8", BYTES("\xe2\x82x"), FFFD FFFD "x" },
	{ "utf-8, a surrogate", "utf-8", BYTES("\xed\xa0\x80"), FFFD FFFD FFFD },
	{ "utf-8 label in capitals", "UTF-8", BYTES("\xff"), FFFD },
	{ "utf8 alias", "utf8", BYTES("\xc3\xa9\xff"), "\xc3\xa9" FFFD },
	/* line ends and NUL, whatever the charset */
	{ "CRLF and CR become LF", "utf-8", BYTES("a\r\nb\rc\n"), "a\nb\nc\n" },
	{ "a final CR", "utf-8", BYTES("a\r"), "a\n" },
	{ "NUL becomes U+FFFD", "utf-8", BYTES("a\0b"), "a" FFFD "b" },
	{ "Windows-1252 line ends and NUL", "latin1", BYTES("\xe9\r\n\0"), "\xc3\xa9\n" FFFD },
	/* unlabelled and us-ascii: UTF-8 if valid, else Windows-1252 */
	{ "no charset, valid UTF-8", NULL, BYTES("caf\xc3\xa9"), "caf\xc3\xa9" },
	{ "no charset, Latin-1 bytes", NULL, BYTES("caf\xe9"), "caf\xc3\xa9" },
	{ "empty charset", "", BYTES("\xe9"), "\xc3\xa9" },
	{ "us-ascii with a euro sign", "us-ascii", BYTES("5\x80"), "5\xe2\x82\xac" },
	{ "us-ascii with UTF-8 in it", "US-ASCII", BYTES("\xe2\x82\xac"), "\xe2\x82\xac" },
	{ "ansi_x3.4-1968 alias", "ansi_x3.4-1968", BYTES("\xe9"), "\xc3\xa9" },
	{ "one bad byte makes it all Windows-1252", NULL, BYTES("\xc3\xa9\xff"),
	  "\xc3\x83\xc2\xa9\xc3\xbf" },
	/* Latin-1 labels: read as Windows-1252 */
	{ "iso-8859-1, high Latin-1", "iso-8859-1", BYTES("\xa0\xff"), "\xc2\xa0\xc3\xbf" },
	{ "ISO-8859-1 in capitals", "ISO-8859-1", BYTES("\xe9"), "\xc3\xa9" },
	{ "latin1, 0x80 is the euro sign", "latin1", BYTES("5\x80"), "5\xe2\x82\xac" },
	{ "windows-1252 quotes", "windows-1252", BYTES("\x93q\x94"),
	  "\xe2\x80\x9cq\xe2\x80\x9d" },
	{ "cp1252, the last byte of 0x80..0x9f", "cp1252", BYTES("\x9f"), "\xc5\xb8" },
	{ "cp1252, an unassigned byte", "cp1252", BYTES("a\x81" "b\x8d\x8f\x90\x9d"),
	  "a" FFFD "b" FFFD FFFD FFFD FFFD },
	{ "valid UTF-8 labelled Latin-1 is still Latin-1", "latin1", BYTES("\xc3\xa9"),
	  "\xc3\x83\xc2\xa9" },
	/* other charsets: iconv, else the unlabelled fallback */
	{ "iso-8859-15 through iconv", "iso-8859-15", BYTES("5\xa4"), "5\xe2\x82\xac" },
	{ "utf-16le through iconv", "utf-16le", BYTES("e\0" "4\0"), "e4" },
	{ "iconv output has its line ends fixed", "iso-8859-15", BYTES("a\r\nb"), "a\nb" },
	{ "unknown charset, UTF-8 bytes", "x-nonsense", BYTES("\xc3\xa9"), "\xc3\xa9" },
	{ "unknown charset, Latin-1 bytes", "x-nonsense", BYTES("\xe9"), "\xc3\xa9" },
	{ "empty input", "utf-8", BYTES(""), "" },
};

static const struct unflow_case {
	const char *name, *s;
	bool delsp;
	const char *want;
} unflow_cases[] = {
	{ "empty", "", false, "" },
	{ "fixed lines stay", "e4\ne5\n", false, "e4\ne5\n" },
	{ "a soft break joins, its space kept", "a \nb\n", false, "a b\n" },
	{ "DelSp=yes drops the space", "Nf \n3\n", true, "Nf3\n" },
	{ "a paragraph of three lines", "one \ntwo \nthree\nfour\n", false,
	  "one two three\nfour\n" },
	{ "space-stuffing removed", " From here\n", false, "From here\n" },
	{ "only one stuffed space removed", "  two\n", false, " two\n" },
	{ "the signature separator is not a soft break", "e4\n-- \nBob\n", false,
	  "e4\n-- \nBob\n" },
	{ "quoted lines join at the same depth", "> a \n> b\n", false, "> a b\n" },
	{ "quoted without a space after '>'", ">a \n>b\n", false, "> a b\n" },
	{ "a change of depth ends the paragraph", "> a \n>> b\nc\n", false,
	  "> a \n>> b\nc\n" },
	{ "an empty line ends the paragraph", "a \n\nb\n", false, "a \nb\n" },
	{ "a flowed last line is ended", "a \n", false, "a \n" },
	{ "a flowed last line without LF is ended", "a ", true, "a\n" },
	{ "no final LF, not flowed", "a \nb", false, "a b" },
	{ "empty lines stay", "\n\n", false, "\n\n" },
};

static void test_utf8_valid(void)
{
	for (size_t i = 0; i < sizeof utf8_cases / sizeof utf8_cases[0]; i++) {
		const struct utf8_case *c = &utf8_cases[i];

		check_context("utf8_valid: %s", c->name);
		CHECK_INT(charset_utf8_valid(c->s, c->n), c->want);
	}
	check_context(NULL);
}

static void test_decode(void)
{
	for (size_t i = 0; i < sizeof decode_cases / sizeof decode_cases[0]; i++) {
		const struct decode_case *c = &decode_cases[i];
		struct buf b = { 0 };

		check_context("decode: %s", c->name);
		charset_decode(&b, c->s, c->n, c->charset);
		CHECK(!b.failed);
		CHECK_STR(b.s ? b.s : "", c->want);
		CHECK_INT(b.n, strlen(c->want));
		CHECK(charset_utf8_valid(b.s ? b.s : "", b.n));
		buf_free(&b);
	}
	check_context(NULL);
}

/* charset_decode() appends: what the buffer holds stays in front. */
static void test_decode_appends(void)
{
	struct buf b = { 0 };

	buf_str(&b, "Subject: ");
	charset_decode(&b, BYTES("caf\xe9"), "latin1");
	CHECK_STR(b.s, "Subject: caf\xc3\xa9");
	buf_free(&b);
}

/* Every byte value alone, under each kind of label: the output is valid UTF-8. */
static void test_every_byte(void)
{
	static const char *const labels[] = { "utf-8", NULL, "latin1", "iso-8859-15", "x-bogus" };

	for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++)
		for (int c = 0; c < 256; c++) {
			char s[1] = { (char)c };
			struct buf b = { 0 };

			check_context("every byte: 0x%02x as %s", c, labels[k] ? labels[k] : "(none)");
			charset_decode(&b, s, 1, labels[k]);
			CHECK(b.n > 0 && charset_utf8_valid(b.s, b.n));
			buf_free(&b);
		}
	check_context(NULL);
}

static void test_unflow(void)
{
	for (size_t i = 0; i < sizeof unflow_cases / sizeof unflow_cases[0]; i++) {
		const struct unflow_case *c = &unflow_cases[i];
		struct buf b = { 0 };

		check_context("unflow: %s", c->name);
		charset_unflow(&b, c->s, strlen(c->s), c->delsp);
		CHECK(!b.failed);
		CHECK_STR(b.s ? b.s : "", c->want);
		buf_free(&b);
	}
	check_context(NULL);
}

int main(void)
{
	test_utf8_valid();
	test_decode();
	test_decode_appends();
	test_every_byte();
	test_unflow();
	return check_done();
}
