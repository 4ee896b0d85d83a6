/* html.c: see html.h.  One forward pass over the input with a small tag table; no tree is
 * built, so nesting mistakes in the HTML (common in mail) cannot make it fail. Every
 * search ahead (closing tag, end of comment, closing quote) either consumes what it
 * scanned or records that the thing is absent, which keeps the pass linear. */
#include "mail/html.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/buf.h"

enum html_kind {
	HTML_INLINE, /* no effect on layout */
	HTML_BREAK,  /* <br>: always a new line */
	HTML_BLOCK,  /* ends the current line, if it has text */
	HTML_CELL,   /* a space between table cells */
	HTML_QUOTE,  /* <blockquote>: "> " in front of each line inside */
	HTML_PRE,    /* whitespace kept as written */
	HTML_SKIP,   /* contents dropped up to the closing tag */
};

static const struct html_tag {
	const char *name;
	enum html_kind kind;
} html_tags[] = {
	{ "br", HTML_BREAK },        { "p", HTML_BLOCK },        { "div", HTML_BLOCK },
	{ "li", HTML_BLOCK },        { "tr", HTML_BLOCK },       { "table", HTML_BLOCK },
	{ "ul", HTML_BLOCK },        { "ol", HTML_BLOCK },       { "dl", HTML_BLOCK },
	{ "dt", HTML_BLOCK },        { "dd", HTML_BLOCK },       { "hr", HTML_BLOCK },
	{ "h1", HTML_BLOCK },        { "h2", HTML_BLOCK },       { "h3", HTML_BLOCK },
	{ "h4", HTML_BLOCK },        { "h5", HTML_BLOCK },       { "h6", HTML_BLOCK },
	{ "center", HTML_BLOCK },    { "address", HTML_BLOCK },  { "section", HTML_BLOCK },
	{ "article", HTML_BLOCK },   { "header", HTML_BLOCK },   { "footer", HTML_BLOCK },
	{ "body", HTML_BLOCK },      { "form", HTML_BLOCK },     { "td", HTML_CELL },
	{ "th", HTML_CELL },         { "blockquote", HTML_QUOTE }, { "pre", HTML_PRE },
	{ "head", HTML_SKIP },       { "style", HTML_SKIP },     { "script", HTML_SKIP },
	{ "title", HTML_SKIP },
};
#define HTML_NTAGS (sizeof html_tags / sizeof html_tags[0])

/* Named references from U+00A0 to U+00FF, in code point order. */
static const char *const latin1_names[96] = {
	"nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy",
	"ordf", "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute",
	"micro", "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12",
	"frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig",
	"Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
	"ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash",
	"Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute",
	"acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc",
	"euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute",
	"ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml",
	"yacute", "thorn", "yuml",
};

/* Other named references seen in mail. Code point 0 means "drop": invisible marks. */
static const struct html_entity {
	const char *name;
	uint32_t cp;
} html_entities[] = {
	{ "amp", '&' },       { "lt", '<' },        { "gt", '>' },        { "quot", '"' },
	{ "apos", '\'' },     { "euro", 0x20ac },   { "lsquo", 0x2018 },  { "rsquo", 0x2019 },
	{ "sbquo", 0x201a },  { "ldquo", 0x201c },  { "rdquo", 0x201d },  { "bdquo", 0x201e },
	{ "ndash", 0x2013 },  { "mdash", 0x2014 },  { "hellip", 0x2026 }, { "bull", 0x2022 },
	{ "trade", 0x2122 },  { "dagger", 0x2020 }, { "Dagger", 0x2021 }, { "permil", 0x2030 },
	{ "lsaquo", 0x2039 }, { "rsaquo", 0x203a }, { "OElig", 0x152 },   { "oelig", 0x153 },
	{ "Scaron", 0x160 },  { "scaron", 0x161 },  { "Yuml", 0x178 },    { "circ", 0x2c6 },
	{ "tilde", 0x2dc },   { "ensp", ' ' },      { "emsp", ' ' },      { "thinsp", ' ' },
	{ "zwnj", 0 },        { "zwj", 0 },         { "lrm", 0 },         { "rlm", 0 },
	{ "shy", 0 },
};

struct html {
	const char *s;
	size_t n;
	struct buf out;
	int quote;          /* blockquote depth */
	bool pre;           /* inside <pre> */
	bool line_used;     /* the current output line has text (and its prefix) */
	bool space;         /* whitespace seen since the last text on this line */
	uint64_t no_close;  /* bit per html_tags index: no closing tag further on */
	bool no_quote[2];   /* no closing '"' / '\'' further on */
};

static void put(struct html *h, const char *p, size_t n)
{
	buf_add(&h->out, p, n);
}

static void newline(struct html *h)
{
	put(h, "\n", 1);
	h->line_used = false;
	h->space = false;
}

/* Ends the current line if it has text: what block elements do. */
static void block(struct html *h)
{
	if (h->line_used)
		newline(h);
}

/* Deeper quotation is written as this deep: the prefix must not grow with the input. */
#define HTML_MAX_QUOTE 16

/* Writes visible text, after the quote prefix at the start of a line or one space for
 * the whitespace that preceded it. */
static void visible(struct html *h, const char *p, size_t n)
{
	if (!h->line_used) {
		for (int i = 0; i < h->quote && i < HTML_MAX_QUOTE; i++)
			put(h, "> ", 2);
		h->line_used = true;
	} else if (h->space) {
		put(h, " ", 1);
	}
	h->space = false;
	put(h, p, n);
}

/* Whitespace in the text: one space between words outside <pre>, kept inside. */
static void whitespace(struct html *h, char c)
{
	if (!h->pre) {
		h->space = h->line_used;
		return;
	}
	if (c == '\n')
		newline(h);
	else if (c != '\r')
		visible(h, " ", 1);
}

/* Writes a decoded character reference; controls and non-characters become U+FFFD. */
static void codepoint(struct html *h, uint32_t cp)
{
	char u[4];
	size_t n;

	if (cp == 0)
		return;
	if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0xa0) {
		whitespace(h, (char)cp);
		return;
	}
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp < 0xe000) ||
	    cp > 0x10ffff)
		cp = 0xfffd;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	visible(h, u, n);
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* &#NNN; or &#xHH; at p (the ';' may be missing, as browsers allow): bytes used, or 0. */
static size_t numeric_ref(const char *p, size_t n, uint32_t *cp)
{
	bool hex = n > 2 && (p[2] == 'x' || p[2] == 'X');
	size_t i = hex ? 3 : 2, start = i;
	uint32_t v = 0;
	int d;

	for (; i < n && i - start < 8; i++) {
		d = hex ? hex_digit(p[i]) : (p[i] >= '0' && p[i] <= '9' ? p[i] - '0' : -1);
		if (d < 0)
			break;
		v = v * (hex ? 16 : 10) + (uint32_t)d;
	}
	if (i == start)
		return 0;
	*cp = v ? v : 0xfffd;
	return i < n && p[i] == ';' ? i + 1 : i;
}

/* A character reference at p ('&'): bytes used and *cp, or 0 if it is not one. */
static size_t char_ref(const char *p, size_t n, uint32_t *cp)
{
	size_t i = 1;

	if (n > 1 && p[1] == '#')
		return numeric_ref(p, n, cp);
	while (i < n && i < 10 && is_alnum(p[i]))
		i++;
	if (i == 1 || i >= n || p[i] != ';')
		return 0;
	for (size_t k = 0; k < 96; k++)
		if (strlen(latin1_names[k]) == i - 1 && !memcmp(latin1_names[k], p + 1, i - 1)) {
			*cp = 0xa0 + (uint32_t)k;
			return i + 1;
		}
	for (size_t k = 0; k < sizeof html_entities / sizeof html_entities[0]; k++)
		if (strlen(html_entities[k].name) == i - 1 &&
		    !memcmp(html_entities[k].name, p + 1, i - 1)) {
			*cp = html_entities[k].cp;
			return i + 1;
		}
	return 0;
}

/* Index just past the '>' ending the tag whose attributes start at i (or the end). A quote
 * after '=' hides '>' up to the closing quote, when there is one. */
static size_t tag_end(struct html *h, size_t i)
{
	char prev = 0;

	for (; i < h->n; i++) {
		char c = h->s[i];

		if (c == '>')
			return i + 1;
		if ((c == '"' || c == '\'') && prev == '=' && !h->no_quote[c == '\'']) {
			const char *q = memchr(h->s + i + 1, c, h->n - i - 1);

			if (q) {
				i = (size_t)(q - h->s);
				prev = c;
				continue;
			}
			h->no_quote[c == '\''] = true;
		}
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			prev = c;
	}
	return h->n;
}

/* Position of "</name" at or after i, or h->n (remembered, as later searches would fail
 * too). */
static size_t find_close(struct html *h, size_t i, size_t tag)
{
	const char *name = html_tags[tag].name;
	size_t nl = strlen(name);

	if (h->no_close >> tag & 1)
		return h->n;
	while (i < h->n) {
		const char *p = memchr(h->s + i, '<', h->n - i);

		if (!p)
			break;
		i = (size_t)(p - h->s);
		if (h->n - i > nl + 2 && p[1] == '/' && !strncasecmp(p + 2, name, nl) &&
		    !is_alnum(p[2 + nl]))
			return i;
		i++;
	}
	h->no_close |= (uint64_t)1 << tag;
	return h->n;
}

static int tag_lookup(const char *name, size_t n)
{
	for (size_t k = 0; k < HTML_NTAGS; k++)
		if (strlen(html_tags[k].name) == n && !strncasecmp(html_tags[k].name, name, n))
			return (int)k;
	return -1;
}

/* Applies the tag (known by its table index) and returns where reading goes on. */
static size_t apply_tag(struct html *h, int tag, bool closing, size_t after)
{
	switch (html_tags[tag].kind) {
	case HTML_INLINE:
		break;
	case HTML_BREAK:
		newline(h);
		break;
	case HTML_BLOCK:
		block(h);
		break;
	case HTML_CELL:
		if (!closing)
			h->space = h->line_used;
		break;
	case HTML_QUOTE:
		block(h);
		if (!closing)
			h->quote++;
		else if (h->quote > 0)
			h->quote--;
		break;
	case HTML_PRE:
		block(h);
		h->pre = !closing;
		break;
	case HTML_SKIP:
		if (!closing) {
			size_t end = find_close(h, after, (size_t)tag);

			if (end < h->n)
				return tag_end(h, end + 2);
		}
		break;
	}
	return after;
}

/* Position just past the "-->" ending a comment whose text starts at i, or the end. */
static size_t comment_end(const struct html *h, size_t i)
{
	while (i + 3 <= h->n) {
		const char *p = memchr(h->s + i, '-', h->n - i);

		if (!p || (size_t)(p - h->s) + 3 > h->n)
			break;
		i = (size_t)(p - h->s);
		if (p[1] == '-' && p[2] == '>')
			return i + 3;
		i++;
	}
	return h->n;
}

/* Reads the markup starting at '<' (s[i]) and returns where text goes on. */
static size_t markup(struct html *h, size_t i)
{
	const char *s = h->s;
	size_t n = h->n, j;
	bool closing;

	if (n - i >= 4 && !memcmp(s + i, "<!--", 4))
		return comment_end(h, i + 4);
	if (n - i >= 2 && (s[i + 1] == '!' || s[i + 1] == '?')) {
		const char *end = memchr(s + i, '>', n - i);

		return end ? (size_t)(end - s) + 1 : n;
	}
	closing = n - i >= 2 && s[i + 1] == '/';
	j = i + 1 + closing;
	while (j < n && is_alnum(s[j]))
		j++;
	if (j == i + 1 + closing || !((s[i + 1 + closing] | 0x20) >= 'a' &&
				      (s[i + 1 + closing] | 0x20) <= 'z')) {
		visible(h, "<", 1);
		return i + 1;
	}
	{
		int tag = tag_lookup(s + i + 1 + closing, j - i - 1 - closing);
		size_t after = tag_end(h, j);

		return tag < 0 ? after : apply_tag(h, tag, closing, after);
	}
}

int html_to_text(const char *html, size_t len, char **out, struct err *e)
{
	struct html h = { .s = html, .n = len };
	size_t i = 0;

	while (i < len && !h.out.failed) {
		unsigned char c = (unsigned char)html[i];
		uint32_t cp;
		size_t used;

		if (c == '<') {
			i = markup(&h, i);
		} else if (c == '&' && (used = char_ref(html + i, len - i, &cp)) > 0) {
			codepoint(&h, cp);
			i += used;
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			whitespace(&h, (char)c);
			i++;
		} else if (c == 0xc2 && i + 1 < len && (unsigned char)html[i + 1] == 0xa0) {
			whitespace(&h, ' ');
			i += 2;
		} else {
			visible(&h, html + i, 1);
			i++;
		}
	}
	block(&h);
	if (!(*out = buf_take(&h.out)))
		return err_set(e, "out of memory flattening HTML");
	return 0;
}
