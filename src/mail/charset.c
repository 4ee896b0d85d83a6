/* charset.c: see charset.h. Includes libetpan for charconv_buffer() only. */
#include "mail/charset.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

/* Appends a code point (below U+10000) as UTF-8. */
static void add_codepoint(struct buf *b, uint32_t cp)
{
	char u[3];

	if (cp < 0x80) {
		u[0] = (char)cp;
		buf_add(b, u, 1);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, u, 2);
	} else {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, u, 3);
	}
}

/* Length of the well-formed UTF-8 sequence at s (n > 0 bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
			return 0;
		if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))
			return 0;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 ||
		    (s[3] & 0xc0) != 0x80)
			return 0;
		if ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
			return 0;
		return 4;
	}
	return 0;
}

bool charset_utf8_valid(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n) {
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		if (!(k = utf8_len(u + i, n - i)))
			return false;
		i += k;
	}
	return true;
}

/* Appends the run of plain ASCII (no CR, no NUL) at s; returns its length. */
static size_t add_ascii_run(struct buf *b, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (unsigned char)s[i] < 0x80 && s[i] != '\r' && s[i])
		i++;
	buf_add(b, s, i);
	return i;
}

/* Handles a CR or NUL at s[0]: CRLF and CR become LF, NUL becomes U+FFFD. */
static size_t add_special(struct buf *b, const char *s, size_t n)
{
	if (s[0] == '\r') {
		buf_add(b, "\n", 1);
		return n > 1 && s[1] == '\n' ? 2 : 1;
	}
	add_codepoint(b, 0xfffd);
	return 1;
}

/* Appends UTF-8 text, replacing each invalid byte with U+FFFD (and fixing line ends). */
static void add_utf8(struct buf *b, const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && !b->failed) {
		i += add_ascii_run(b, s + i, n - i);
		if (i >= n)
			break;
		if (s[i] == '\r' || !s[i]) {
			i += add_special(b, s + i, n - i);
		} else if ((k = utf8_len((const unsigned char *)s + i, n - i))) {
			buf_add(b, s + i, k);
			i += k;
		} else {
			add_codepoint(b, 0xfffd);
			i++;
		}
	}
}

/* Windows-1252 0x80..0x9f; 0 marks the five unassigned bytes. */
static const uint16_t cp1252_high[32] = {
	0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160,
	0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
	0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
};

/* Appends Windows-1252 text as UTF-8. */
static void add_cp1252(struct buf *b, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && !b->failed) {
		unsigned char c;

		i += add_ascii_run(b, s + i, n - i);
		if (i >= n)
			break;
		c = (unsigned char)s[i];
		if (c == '\r' || !c) {
			i += add_special(b, s + i, n - i);
			continue;
		}
		if (c < 0xa0)
			add_codepoint(b, cp1252_high[c - 0x80] ? cp1252_high[c - 0x80] : 0xfffd);
		else
			add_codepoint(b, c);
		i++;
	}
}

enum charset_kind { CHARSET_UTF8, CHARSET_ASCII, CHARSET_1252, CHARSET_OTHER };

static const struct charset_name {
	const char *name;
	enum charset_kind kind;
} charset_names[] = {
	{ "utf-8", CHARSET_UTF8 },        { "utf8", CHARSET_UTF8 },
	{ "us-ascii", CHARSET_ASCII },    { "ascii", CHARSET_ASCII },
	{ "ansi_x3.4-1968", CHARSET_ASCII }, { "iso646-us", CHARSET_ASCII },
	{ "iso-8859-1", CHARSET_1252 },   { "iso8859-1", CHARSET_1252 },
	{ "iso_8859-1", CHARSET_1252 },   { "iso_8859-1:1987", CHARSET_1252 },
	{ "latin1", CHARSET_1252 },       { "latin-1", CHARSET_1252 },
	{ "l1", CHARSET_1252 },           { "cp819", CHARSET_1252 },
	{ "windows-1252", CHARSET_1252 }, { "cp1252", CHARSET_1252 },
	{ "x-cp1252", CHARSET_1252 },
};

static enum charset_kind charset_kind(const char *cs)
{
	if (!cs || !*cs)
		return CHARSET_ASCII;
	for (size_t i = 0; i < sizeof charset_names / sizeof charset_names[0]; i++)
		if (!strcasecmp(cs, charset_names[i].name))
			return charset_names[i].kind;
	return CHARSET_OTHER;
}

/* Unlabelled 8-bit text: UTF-8 if it is valid UTF-8, else Windows-1252. */
static void add_unlabelled(struct buf *b, const char *s, size_t n)
{
	if (charset_utf8_valid(s, n))
		add_utf8(b, s, n);
	else
		add_cp1252(b, s, n);
}

void charset_decode(struct buf *b, const char *s, size_t n, const char *cs)
{
	char *conv;
	size_t clen;

	switch (charset_kind(cs)) {
	case CHARSET_UTF8:
		add_utf8(b, s, n);
		break;
	case CHARSET_1252:
		add_cp1252(b, s, n);
		break;
	case CHARSET_ASCII:
		add_unlabelled(b, s, n);
		break;
	case CHARSET_OTHER:
		if (charconv_buffer("utf-8", cs, s, n, &conv, &clen) != MAIL_CHARCONV_NO_ERROR) {
			add_unlabelled(b, s, n); /* unknown to iconv, or broken */
			break;
		}
		add_utf8(b, conv, clen);
		charconv_buffer_free(conv);
		break;
	}
}

void charset_unflow(struct buf *out, const char *s, size_t n, bool delsp)
{
	bool open = false;
	int open_depth = 0;
	size_t i = 0;

	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - s) : n, p = i, clen;
		int depth = 0;
		bool flowed;

		while (p < end && s[p] == '>') {
			p++;
			depth++;
		}
		if (p < end && s[p] == ' ')
			p++; /* space-stuffing */
		clen = end - p;
		flowed = clen > 0 && s[end - 1] == ' ' && !(clen == 3 && !memcmp(s + p, "-- ", 3));
		if (open && depth != open_depth) {
			buf_add(out, "\n", 1);
			open = false;
		}
		if (!open && depth > 0) {
			for (int k = 0; k < depth; k++)
				buf_add(out, ">", 1);
			buf_add(out, " ", 1);
		}
		buf_add(out, s + p, clen - (flowed && delsp));
		open = flowed;
		open_depth = depth;
		if (!flowed && nl)
			buf_add(out, "\n", 1);
		i = nl ? end + 1 : n;
	}
	if (open)
		buf_add(out, "\n", 1);
}
