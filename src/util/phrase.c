/* phrase.c: see phrase.h. The encoder walks the msgid's conversions as printf would, and
 * keeps each argument; the reader (phrase_parse) measures a phrase without trusting it;
 * the renderer writes the msgstr (or the msgid) with the arguments, each in its turn. */
#include "util/phrase.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One printf conversion, as read from a format. */
struct conv {
	size_t len;             /* its bytes, '%' to the type */
	int pos;                /* N of "%N$", 0 if none */
	char flags[8];
	int width, prec;        /* -1: none; -2: '*' */
	char length[3];         /* "", "h", "hh", "l", "ll", "z", "j", "t", "L" */
	char type;              /* d i u o x X c s f F e E g G a A p, '%' for "%%" */
};

/* A phrase as read: slices of the text that holds it. */
struct phrase_view {
	const char *ctx, *id, *many;    /* ctx, many NULL when absent */
	size_t nctx, nid, nmany;
	unsigned long n;
	int nargs;
	const char *arg[PHRASE_ARGS_MAX];
	size_t narg[PHRASE_ARGS_MAX];
	char kind[PHRASE_ARGS_MAX];     /* PHRASE_STR or PHRASE_NUM */
};

static bool is_mark(char c)
{
	return c >= PHRASE_OPEN && c <= PHRASE_CAP;
}

/* Reads the conversion at f (no further than end); 0 when f holds none. */
static size_t conv_read(const char *f, const char *end, struct conv *c)
{
	const char *p = f + 1;
	size_t k = 0;

	memset(c, 0, sizeof *c);
	c->width = c->prec = -1;
	if (f >= end || *f != '%' || p >= end)
		return 0;
	if (*p == '%') {
		c->type = '%';
		return c->len = 2;
	}
	const char *q = p;
	while (q < end && *q >= '0' && *q <= '9')
		q++;
	if (q > p && q < end && *q == '$')
		c->pos = atoi(p), p = q + 1;
	while (p < end && (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0' ||
			   *p == '\'') && k + 1 < sizeof c->flags)
		c->flags[k++] = *p++;
	if (p < end && *p == '*')
		c->width = -2, p++;
	else if (p < end && *p >= '0' && *p <= '9')
		for (c->width = 0; p < end && *p >= '0' && *p <= '9'; p++)
			c->width = c->width * 10 + (*p - '0');
	if (p < end && *p == '.') {
		p++, c->prec = 0;
		if (p < end && *p == '*')
			c->prec = -2, p++;
		else
			for (; p < end && *p >= '0' && *p <= '9'; p++)
				c->prec = c->prec * 10 + (*p - '0');
	}
	for (k = 0; p < end && (*p == 'h' || *p == 'l' || *p == 'z' || *p == 'j' || *p == 't' ||
				*p == 'L') && k < 2; p++)
		c->length[k++] = *p;
	/* the common ones first: a string, an integer */
	if (p >= end || (*p != 's' && *p != 'd' && *p != 'u' && (!*p || !strchr("ioxXcfFeEgGaAp", *p))))
		return 0;
	c->type = *p;
	return c->len = (size_t)(p + 1 - f);
}

/* The conversion as a printf format of its own, its '$' left out, with `length` and
 * `type` in place of its own. */
static void conv_spec(const struct conv *c, const char *length, char type, char *out, size_t len)
{
	char w[16] = "", p[16] = "";

	if (c->width >= 0)
		snprintf(w, sizeof w, "%d", c->width);
	if (c->prec >= 0)
		snprintf(p, sizeof p, ".%d", c->prec);
	snprintf(out, len, "%%%s%s%s%s%c", c->flags, w, p, length, type);
}

/* ---- Reading ------------------------------------------------------------------------ */

static size_t text_span(const char *s, const char *end, int depth, bool *ok);

/* The length of the well-formed phrase at s, its parts in v; 0 when it is not one. */
static size_t phrase_parse(const char *s, const char *end, struct phrase_view *v, int depth)
{
	const char *p = s + 1, *start;

	memset(v, 0, sizeof *v);
	if (s >= end || *s != PHRASE_OPEN || depth >= PHRASE_DEPTH_MAX)
		return 0;
	for (start = p; p < end && !is_mark(*p); p++)
		;
	if (p < end && *p == PHRASE_CTX) {
		v->ctx = start, v->nctx = (size_t)(p - start);
		for (start = ++p; p < end && !is_mark(*p); p++)
			;
	}
	v->id = start, v->nid = (size_t)(p - start);
	if (p < end && *p == PHRASE_PLURAL) {
		for (start = ++p; p < end && !is_mark(*p); p++)
			;
		if (p >= end || *p != PHRASE_PLURAL)
			return 0;
		v->many = start, v->nmany = (size_t)(p - start);
		unsigned long n = 0;
		for (p++; p < end && *p >= '0' && *p <= '9'; p++)
			n = n < ULONG_MAX / 10 ? n * 10 + (unsigned long)(*p - '0') : ULONG_MAX;
		v->n = n;
	}
	while (p < end && (*p == PHRASE_STR || *p == PHRASE_NUM)) {
		char kind = *p++;
		bool ok = true;
		size_t n;
		if (kind == PHRASE_NUM) {
			for (n = (p < end && *p == '-'); p + n < end && p[n] >= '0' && p[n] <= '9'; n++)
				;
		} else if (!(n = text_span(p, end, depth + 1, &ok), ok)) {
			return 0;
		}
		if (v->nargs < PHRASE_ARGS_MAX) {
			v->arg[v->nargs] = p, v->narg[v->nargs] = n;
			v->kind[v->nargs++] = kind;
		}
		p += n;
	}
	return p < end && *p == PHRASE_CLOSE ? (size_t)(p + 1 - s) : 0;
}

/* The length of the text at s: up to the marker that ends it (STR, NUM, CLOSE of the
 * phrase that holds it) or end. *ok false when a phrase in it is not well formed. */
static size_t text_span(const char *s, const char *end, int depth, bool *ok)
{
	const char *p = s;
	struct phrase_view v;

	while (p < end) {
		if (!is_mark(*p) || *p == PHRASE_CAP) {
			p++;
			continue;
		}
		if (*p != PHRASE_OPEN)
			break;
		size_t n = phrase_parse(p, end, &v, depth);
		if (!n) {
			*ok = false;
			break;
		}
		p += n;
	}
	return (size_t)(p - s);
}

/* ---- Writing ------------------------------------------------------------------------ */

/* text copied as an argument: its well-formed phrases kept, any other marker dropped. */
static void put_text(struct buf *b, const char *s, const char *end, int depth)
{
	struct phrase_view v;

	while (s < end) {
		size_t n = strcspn(s, PHRASE_MARKS);
		if (n > (size_t)(end - s))
			n = (size_t)(end - s);
		buf_add(b, s, n);
		s += n;
		if (s >= end)
			break;
		if (*s == PHRASE_OPEN && (n = phrase_parse(s, end, &v, depth)) > 0)
			buf_add(b, s, n), s += n;
		else if (*s == PHRASE_CAP && depth < PHRASE_DEPTH_MAX)
			buf_add(b, s++, 1);
		else
			s++;            /* a marker out of place */
	}
}

/* An integer argument. */
static void put_num(struct buf *b, long long v, bool is_unsigned)
{
	buf_add(b, (char[]){ PHRASE_NUM }, 1);
	if (!is_unsigned && v < 0) {
		buf_add(b, "-", 1);
		buf_uint(b, 0 - (unsigned long long)v);
	} else
		buf_uint(b, (unsigned long long)v);
}

static void put_literal(struct buf *b, const char *s)
{
	buf_add(b, (char[]){ PHRASE_STR }, 1);
	put_text(b, s, s + strlen(s), PHRASE_DEPTH_MAX);   /* no phrase: its markers dropped */
}

/* A signed (or unsigned) integer of the conversion's length from ap. */
static long long int_arg(const struct conv *c, va_list *ap, bool is_unsigned)
{
	const char *l = c->length;

	if (!strcmp(l, "ll"))
		return is_unsigned ? (long long)va_arg(*ap, unsigned long long) : va_arg(*ap, long long);
	if (!strcmp(l, "l"))
		return is_unsigned ? (long long)va_arg(*ap, unsigned long) : va_arg(*ap, long);
	if (!strcmp(l, "z"))
		return is_unsigned ? (long long)va_arg(*ap, size_t) : (long long)va_arg(*ap, ptrdiff_t);
	if (!strcmp(l, "j"))
		return is_unsigned ? (long long)va_arg(*ap, uintmax_t) : (long long)va_arg(*ap, intmax_t);
	if (!strcmp(l, "t"))
		return (long long)va_arg(*ap, ptrdiff_t);
	return is_unsigned ? (long long)va_arg(*ap, unsigned int) : va_arg(*ap, int);
}

/* One conversion's argument(s) from ap, written as an argument of the phrase. */
static void put_arg(struct buf *b, struct conv *c, va_list *ap)
{
	char spec[48], lit[512];
	bool had_star = c->width == -2 || c->prec == -2;

	if (c->width == -2)
		c->width = va_arg(*ap, int);
	if (c->prec == -2)
		c->prec = va_arg(*ap, int);
	if (c->width < -1)
		c->width = -1;
	switch (c->type) {
	case 'd': case 'i': case 'u': {
		if (had_star)   /* a width the code chose: kept as written */
			goto literal;
		bool u = c->type == 'u';
		long long v = int_arg(c, ap, u);
		if (!strcmp(c->length, "hh"))
			v = u ? (unsigned char)v : (signed char)v;
		else if (!strcmp(c->length, "h"))
			v = u ? (unsigned short)v : (short)v;
		put_num(b, v, u);
		return;
	}
	case 's': {
		const char *s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		if ((c->width < 0 && c->prec < 0) || phrase_has(s)) {
			buf_add(b, (char[]){ PHRASE_STR }, 1);
			put_text(b, s, s + strlen(s), 1);
			return;
		}
		conv_spec(c, "", 's', spec, sizeof spec);
		snprintf(lit, sizeof lit, spec, s);
		break;
	}
	case 'c':
		snprintf(lit, sizeof lit, "%c", va_arg(*ap, int));
		break;
	case 'o': case 'x': case 'X': literal: {
		long long v = int_arg(c, ap, c->type != 'd' && c->type != 'i');
		conv_spec(c, "ll", c->type == 'i' ? 'd' : c->type, spec, sizeof spec);
		snprintf(lit, sizeof lit, spec, v);
		break;
	}
	case 'p':
		snprintf(lit, sizeof lit, "%p", va_arg(*ap, void *));
		break;
	default:                /* the floating conversions */
		conv_spec(c, "", c->type, spec, sizeof spec);
		if (!strcmp(c->length, "L"))
			snprintf(lit, sizeof lit, "%Lf", va_arg(*ap, long double));
		else
			snprintf(lit, sizeof lit, spec, va_arg(*ap, double));
	}
	put_literal(b, lit);
}

void phrase_vencode(struct buf *b, const char *ctx, const char *fmt, const char *many,
		    unsigned long n, va_list ap)
{
	/* the arguments are the plural form's, which names them all ("one card" / "%d cards") */
	const char *walk = many ? many : fmt, *end = walk + strlen(walk);
	struct conv c;
	va_list aq;

	if (!ctx && !many && !strcmp(fmt, "%s")) {      /* a text as it is: no phrase of its own */
		va_copy(aq, ap);
		const char *s = va_arg(aq, const char *);
		if (!s)
			s = "(null)";
		put_text(b, s, s + strlen(s), 0);
		va_end(aq);
		return;
	}
	buf_add(b, (char[]){ PHRASE_OPEN }, 1);
	if (ctx) {
		put_text(b, ctx, ctx + strlen(ctx), PHRASE_DEPTH_MAX);
		buf_add(b, (char[]){ PHRASE_CTX }, 1);
	}
	put_text(b, fmt, fmt + strlen(fmt), PHRASE_DEPTH_MAX);
	if (many) {
		buf_add(b, (char[]){ PHRASE_PLURAL }, 1);
		put_text(b, many, end, PHRASE_DEPTH_MAX);
		buf_add(b, (char[]){ PHRASE_PLURAL }, 1);
		buf_uint(b, n);
	}
	va_copy(aq, ap);
	for (const char *f = walk; *f; f++) {
		if (*f != '%' || !conv_read(f, end, &c))
			continue;
		f += c.len - 1;
		if (c.type != '%')
			put_arg(b, &c, &aq);
	}
	va_end(aq);
	buf_add(b, (char[]){ PHRASE_CLOSE }, 1);
}

char *phrase_vprintf(char *out, size_t len, const char *fmt, va_list ap)
{
	struct buf b = { 0 };

	phrase_vencode(&b, NULL, fmt, NULL, 0, ap);
	phrase_fit(out, len, b.s ? b.s : "");
	buf_free(&b);
	return out;
}

char *phrase_printf(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	phrase_vprintf(out, len, fmt, ap);
	va_end(ap);
	return out;
}

char *phrase_pprintf(char *out, size_t len, const char *ctx, const char *fmt, ...)
{
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	phrase_vencode(&b, ctx, fmt, NULL, 0, ap);
	va_end(ap);
	phrase_fit(out, len, b.s ? b.s : "");
	buf_free(&b);
	return out;
}

char *phrase_nprintf(char *out, size_t len, unsigned long n, const char *one, const char *many,
		     ...)
{
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, many);
	phrase_vencode(&b, NULL, one, many, n, ap);
	va_end(ap);
	phrase_fit(out, len, b.s ? b.s : "");
	buf_free(&b);
	return out;
}

void buf_phrase(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	phrase_vencode(b, NULL, fmt, NULL, 0, ap);
	va_end(ap);
}

void buf_nphrase(struct buf *b, unsigned long n, const char *one, const char *many, ...)
{
	va_list ap;

	va_start(ap, many);
	phrase_vencode(b, NULL, one, many, n, ap);
	va_end(ap);
}

const char *phrase_word(char *out, size_t len, const char *ctx, const char *word)
{
	struct buf b = { 0 };

	buf_add(&b, (char[]){ PHRASE_OPEN }, 1);
	if (ctx) {
		put_text(&b, ctx, ctx + strlen(ctx), PHRASE_DEPTH_MAX);
		buf_add(&b, (char[]){ PHRASE_CTX }, 1);
	}
	/* a word with a '%' would read as a format */
	for (const char *w = word; *w; w++)
		if (*w == '%')
			buf_add(&b, "%%", 2);
		else if (!is_mark(*w))
			buf_add(&b, w, 1);
	buf_add(&b, (char[]){ PHRASE_CLOSE }, 1);
	phrase_fit(out, len, b.s ? b.s : "");
	buf_free(&b);
	return out;
}

void phrase_vappend(char *buf, size_t len, const char *sep, const char *fmt, va_list ap)
{
	size_t at = strlen(buf), ns = at && sep ? strlen(sep) : 0;
	struct buf b = { 0 };

	if (at + ns + 1 >= len)
		return;
	phrase_vencode(&b, NULL, fmt, NULL, 0, ap);
	if (ns)
		memcpy(buf + at, sep, ns);
	phrase_fit(buf + at + ns, len - at - ns, b.s ? b.s : "");
	buf_free(&b);
}

char *phrase_capital(char *text, size_t len)
{
	size_t n = strlen(text);

	if (n + 2 > len || text[0] == PHRASE_CAP)
		return text;
	memmove(text + 1, text, n + 1);
	text[0] = PHRASE_CAP;
	return text;
}

void phrase_cat(char *dst, size_t len, const char *sep, const char *text)
{
	size_t at = strlen(dst), ns = at && *text && sep ? strlen(sep) : 0;

	if (!*text || at + ns + 1 >= len)
		return;
	memcpy(dst + at, sep, ns);
	phrase_fit(dst + at + ns, len - at - ns, text);
}

bool phrase_has(const char *s)
{
	return s[strcspn(s, PHRASE_MARKS)] != 0;        /* (the C library's is vectorised) */
}

size_t phrase_strip(char *s)
{
	char *w = s;

	for (const char *r = s; *r; r++)
		if (!is_mark(*r))
			*w++ = *r;
	*w = 0;
	return (size_t)(w - s);
}

/* ---- Fitting ------------------------------------------------------------------------ */

/* The longest run of literal text in [s, end) (top level, or an argument's), in *at and
 * *n: what a phrase may lose when it must be cut. */
static void longest_literal(const char *s, const char *end, int depth, const char **at, size_t *n)
{
	struct phrase_view v;

	while (s < end) {
		size_t k = strcspn(s, PHRASE_MARKS);
		if (k > (size_t)(end - s))
			k = (size_t)(end - s);
		if (k > *n)
			*at = s, *n = k;
		s += k;
		if (s >= end)
			break;
		size_t p = *s == PHRASE_OPEN ? phrase_parse(s, end, &v, depth) : 0;
		for (int i = 0; p && i < v.nargs; i++)
			if (v.kind[i] == PHRASE_STR)
				longest_literal(v.arg[i], v.arg[i] + v.narg[i], depth + 1, at, n);
		s += p ? p : 1;
	}
}

/* The bytes of s before n that end on a character's end. */
static size_t char_floor(const char *s, size_t n)
{
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

void phrase_fit(char *out, size_t len, const char *text)
{
	static const char ellipsis[] = "\xE2\x80\xA6";
	size_t n = strlen(text);
	struct buf b = { 0 };

	if (!len)
		return;
	if (n < len || !phrase_has(text)) {
		n = n < len ? n : char_floor(text, len - 1);
		memcpy(out, text, n);
		out[n] = 0;
		return;
	}
	buf_str(&b, text);
	for (int round = 0; !b.failed && b.n >= len && round < 64; round++) {
		const char *at = NULL;
		size_t run = 0, excess = b.n - (len - 1);
		longest_literal(b.s, b.s + b.n, 0, &at, &run);
		if (!run)
			break;
		size_t off = (size_t)(at - b.s), keep = run > excess + 3 ? run - excess - 3 : 0;
		keep = char_floor(at, keep);
		struct buf c = { 0 };
		buf_add(&c, b.s, off + keep);
		if (keep)
			buf_str(&c, ellipsis);
		buf_str(&c, b.s + off + run);
		buf_free(&b);
		b = c;
	}
	if (!b.failed && b.n < len) {
		memcpy(out, b.s, b.n + 1);
	} else {                /* no literal text left to lose: English, cut */
		char *en = phrase_render_dup(text, NULL);
		phrase_fit(out, len, en ? en : "");
		free(en);
	}
	buf_free(&b);
}

/* ---- Rendering ---------------------------------------------------------------------- */

static void render_text(struct buf *out, const char *s, const char *end, int depth,
			const struct phrase_lang *l);

/* The bytes of a phrase at s that cannot be read (cut short, or damaged), up to its
 * close: none of it is written, not even its msgid. */
static size_t broken_span(const char *s, const char *end)
{
	int depth = 0;

	for (const char *p = s; p < end; p++)
		if (*p == PHRASE_OPEN)
			depth++;
		else if (*p == PHRASE_CLOSE && --depth == 0)
			return (size_t)(p + 1 - s);
	return (size_t)(end - s);
}

/* Does the output, as it stands, end where a sentence starts (nothing yet, or a '.',
 * '!' or '?' then blanks)? */
static bool sentence_starts(const struct buf *out)
{
	size_t i = out->n;

	while (i > 0 && (out->s[i - 1] == ' ' || out->s[i - 1] == '\n'))
		i--;
	return i == 0 || strchr(".!?", out->s[i - 1]);
}

/* The first letter written from byte at on, as a capital (ASCII and Latin-1's). */
static void capitalise(struct buf *out, size_t at)
{
	unsigned char *c = (unsigned char *)out->s + at;

	if (at >= out->n)
		return;
	if (*c >= 'a' && *c <= 'z')
		*c = (unsigned char)(*c - 'a' + 'A');
	else if (at + 1 < out->n && c[0] == 0xC3 && c[1] >= 0xA0 && c[1] <= 0xBE && c[1] != 0xB7)
		c[1] = (unsigned char)(c[1] - 0x20);
}

/* An integer argument as conversion c writes it, grouped as l says. */
static void render_num(struct buf *out, const char *d, size_t n, const struct conv *c,
		       const struct phrase_lang *l)
{
	char spec[48], text[64], digits[32];
	long long v;

	str_copy(digits, n < 31 ? n + 1 : 32, d);
	/* an unsigned one read as such: past LLONG_MAX strtoll would stop there */
	v = c->type == 'u' ? (long long)strtoull(digits, NULL, 10) : strtoll(digits, NULL, 10);
	bool zeros = c->flags[0] == '0' && !c->flags[1], neg = c->type != 'u' && v < 0;
	if ((!c->flags[0] || zeros) && c->width < 32 && c->prec < 0 && !(neg && c->width >= 0)) {
		/* "%d", "%u", "%02d" (every date's): what printf would write, without it */
		char num[21];
		size_t nd = fmt_uint(num, neg ? 0 - (unsigned long long)v : (unsigned long long)v);
		size_t pad = c->width > (int)nd ? (size_t)c->width - nd : 0;
		text[0] = '-';
		memset(text + neg, zeros ? '0' : ' ', pad);
		memcpy(text + neg + pad, num, nd + 1);
	} else {
		conv_spec(c, "ll", c->type == 'u' ? 'u' : 'd', spec, sizeof spec);
		snprintf(text, sizeof text, spec, v);
	}
	size_t len = strlen(text), sign = text[0] == '-';
	if (!l || !l->group[0] || c->width >= 0 || (int)(len - sign) < l->group_min) {
		buf_str(out, text);
		return;
	}
	buf_add(out, text, sign);
	for (size_t i = sign; i < len; i++) {
		buf_add(out, text + i, 1);
		if (i + 1 < len && (len - i - 1) % 3 == 0)
			buf_str(out, l->group);
	}
}

/* Argument i of v where the format has conversion c. */
static void render_arg(struct buf *out, const struct phrase_view *v, int i, const struct conv *c,
		       int depth, const struct phrase_lang *l)
{
	if (i < 0 || i >= v->nargs)
		return;
	if (v->kind[i] == PHRASE_NUM) {
		render_num(out, v->arg[i], v->narg[i], c, l);
		return;
	}
	size_t at = out->n, chars = 0;
	render_text(out, v->arg[i], v->arg[i] + v->narg[i], depth + 1, l);
	if (c->width <= 0)
		return;
	/* a width is the format's, in characters of the text as written ("%-10s") */
	for (size_t k = at; k < out->n; k++)
		chars += ((unsigned char)out->s[k] & 0xC0) != 0x80;
	for (; chars < (size_t)c->width && !out->failed; chars++) {
		if (strchr(c->flags, '-')) {
			buf_add(out, " ", 1);
		} else {
			buf_add(out, " ", 1);
			memmove(out->s + at + 1, out->s + at, out->n - at - 1);
			out->s[at] = ' ';
		}
	}
}

/* The format (a msgstr or the msgid) written with v's arguments. */
static void render_format(struct buf *out, const char *f, size_t nf, const struct phrase_view *v,
			  int depth, const struct phrase_lang *l)
{
	const char *end = f + nf;
	int next = 0;
	struct conv c;

	while (f < end) {
		const char *pct = memchr(f, '%', (size_t)(end - f));
		size_t k = pct ? (size_t)(pct - f) : (size_t)(end - f);
		buf_add(out, f, k);
		if (!pct)
			break;
		f = pct;
		if (!conv_read(f, end, &c)) {
			buf_add(out, f++, 1);
			continue;
		}
		f += c.len;
		if (c.type == '%')
			buf_add(out, "%", 1);
		else
			render_arg(out, v, c.pos ? c.pos - 1 : next++, &c, depth, l);
	}
}

/* Has the format [f, f + n) a letter outside its conversions? One of no words ("(%s)",
 * "%-10s", "%s: %s") needs no translation: a catalogue may still give one (French
 * typography: "%s :"), but it is never missing. */
static bool has_words(const char *f, size_t n)
{
	const char *end = f + n;
	struct conv c;

	while (f < end) {
		if (*f == '%' && conv_read(f, end, &c)) {
			f += c.len;
			continue;
		}
		if ((*f | 0x20) >= 'a' && (*f | 0x20) <= 'z')
			return true;
		f++;
	}
	return false;
}

/* One phrase, in l's words when its catalogue has them, else in English. */
static void render_phrase(struct buf *out, const struct phrase_view *v, int depth,
			  const struct phrase_lang *l)
{
	bool words = v->ctx || has_words(v->id, v->nid);        /* a context asks for words */
	const char *str = l && l->lookup ? l->lookup(l->arg, v->ctx, v->nctx, v->id, v->nid,
						     v->many != NULL, v->n) : NULL;
	const char *f = str ? str : v->many && v->n != 1 ? v->many : v->id;
	size_t nf = str ? strlen(str) : v->many && v->n != 1 ? v->nmany : v->nid;
	bool mark = !str && words && l && l->lookup && l->mark_missing;
	/* a format that starts with an argument leaves the capital to it: a phrase there
	 * takes one, a player's words or an address never */
	bool starts = l && l->capitals && !(nf > 1 && f[0] == '%' && f[1] != '%') &&
		      sentence_starts(out);
	size_t at = out->n;

	if (!str && words && l && l->lookup && l->missing)
		(*l->missing)++;
	if (mark)
		buf_str(out, "\xE2\x9F\xA6");
	render_format(out, f, nf, v, depth, l);
	if (mark)
		buf_str(out, "\xE2\x9F\xA7");
	if (starts)
		capitalise(out, at);
}

static void render_text(struct buf *out, const char *s, const char *end, int depth,
			const struct phrase_lang *l)
{
	struct phrase_view v;

	size_t cap = SIZE_MAX;          /* where a sentence starts, if one does */

	while (s < end) {
		size_t k = strcspn(s, PHRASE_MARKS);
		if (k > (size_t)(end - s))
			k = (size_t)(end - s);
		buf_add(out, s, k);
		if (k && cap != SIZE_MAX)
			capitalise(out, cap), cap = SIZE_MAX;
		s += k;
		if (s >= end)
			break;
		if (*s == PHRASE_CAP) {
			cap = out->n, s++;
			continue;
		}
		size_t n = *s == PHRASE_OPEN ? phrase_parse(s, end, &v, depth) : 0;
		if (n)
			render_phrase(out, &v, depth, l);
		else if (*s == PHRASE_OPEN)
			n = broken_span(s, end);
		if (n && cap != SIZE_MAX)
			capitalise(out, cap), cap = SIZE_MAX;
		s += n ? n : 1;         /* a marker out of place is dropped */
	}
}

void phrase_render(struct buf *out, const char *text, const struct phrase_lang *l)
{
	render_text(out, text, text + strlen(text), 0, l);
}

char *phrase_render_dup(const char *text, const struct phrase_lang *l)
{
	struct buf b = { 0 };

	render_text(&b, text, text + strlen(text), 0, l);
	if (!b.s && !b.failed)
		return strdup("");
	return buf_take(&b);
}

const char *phrase_english(const char *text, char *out, size_t len)
{
	struct buf b = { 0 };

	if (!len)
		return out;
	if (!phrase_has(text)) {
		phrase_fit(out, len, text);
		return out;
	}
	render_text(&b, text, text + strlen(text), 0, NULL);
	phrase_fit(out, len, b.s ? b.s : "");
	buf_free(&b);
	return out;
}
