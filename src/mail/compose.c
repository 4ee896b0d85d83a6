/* compose.c: see compose.h. */
#include "mail/compose.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util/buf.h"
#include "util/clock.h"

static bool plain_ascii(const char *s, size_t max_line)
{
	size_t line = 0;

	for (; *s; s++) {
		if ((unsigned char)*s >= 0x80 || (*s < 0x20 && *s != '\n' && *s != '\t'))
			return false;
		line = *s == '\n' ? 0 : line + 1;
		if (line > max_line)
			return false;
	}
	return true;
}

char *compose_qp(const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t len = strlen(text), col = 0;
	/* at worst 3 bytes a byte, a soft break (3) every 25 of those, the last line end */
	char *out = malloc(3 * len + 3 * (len / 24 + 1) + 3), *o = out;

	if (!out)
		return NULL;
	for (const unsigned char *s = (const unsigned char *)text; *s;) {
		/* the common case: a run of printable letters, copied up to the line's room */
		const unsigned char *run = s;
		/* a blank too, unless a line ends after it (there it must be encoded): a
		 * text's words are copied a run at a time, not a blank at a time */
		while (((*run >= 33 && *run <= 126 && *run != '=') ||
			((*run == ' ' || *run == '\t') && run[1] != '\n' && run[1])) &&
		       col + (size_t)(run - s) < 75)
			run++;
		if (run > s) {
			memcpy(o, s, (size_t)(run - s));
			o += run - s;
			col += (size_t)(run - s);
			s = run;
			continue;
		}
		if (*s == '\n') {
			*o++ = '\r', *o++ = '\n';
			col = 0;
			s++;
			continue;
		}
		bool last = s[1] == '\n' || s[1] == 0;
		bool plain = (*s >= 33 && *s <= 126 && *s != '=') ||
			     ((*s == ' ' || *s == '\t') && !last);
		size_t n = plain ? 1 : 3;
		if (col + n > 75) {             /* soft line break */
			*o++ = '=', *o++ = '\r', *o++ = '\n';
			col = 0;
		}
		if (plain)
			*o++ = (char)*s;
		else
			*o++ = '=', *o++ = hex[*s >> 4], *o++ = hex[*s & 15];
		col += n;
		s++;
	}
	if (col)
		*o++ = '\r', *o++ = '\n';
	*o = 0;
	return out;
}

/* RFC 2047 Q encoding, words of at most 75 characters, never splitting a UTF-8 letter. */
char *compose_header_value(const char *name, const char *value)
{
	static const char hex[] = "0123456789ABCDEF";
	struct buf b = { 0 };
	size_t col = strlen(name) + 2;

	if (plain_ascii(value, 900) && !strchr(value, '\n'))
		return strdup(value);
	const unsigned char *s = (const unsigned char *)value;
	while (*s) {
		struct buf w = { 0 };
		buf_str(&w, "=?UTF-8?Q?");
		while (*s) {
			size_t clen = *s < 0x80 ? 1 : *s >= 0xF0 ? 4 : *s >= 0xE0 ? 3 : *s >= 0xC0 ? 2 : 1;
			if (w.n + clen * 3 + 2 > 75)
				break;
			for (size_t k = 0; k < clen && s[k]; k++) {
				unsigned char c = s[k];
				if (c == ' ')
					buf_str(&w, "_");
				else if (c >= 0x80 || c < 0x20 || strchr("=?_\"(),.:;<>@[\\]", c)) {
					char enc[3] = { '=', hex[c >> 4], hex[c & 15] };
					buf_add(&w, enc, 3);
				} else
					buf_add(&w, (const char *)&c, 1);
			}
			s += clen;
		}
		buf_str(&w, "?=");
		if (b.n) {
			buf_str(&b, col + w.n + 1 > 76 ? "\r\n " : " ");
			col = col + w.n + 1 > 76 ? 1 : col + 1;
		}
		buf_add(&b, w.s ? w.s : "", w.n);
		col += w.n;
		buf_free(&w);
	}
	return buf_take(&b);
}

/* A part's header and body: the text in 7bit when it is plain ASCII with short lines,
 * else quoted-printable; CRLF line ends. */
/* Appends text as a 7bit body: CRLF line ends, ending with one. False, and b as it was,
 * if text has a byte out of ASCII or a control character (tab aside) or a line over max_line. One pass
 * checks and copies: this runs on every reply's parts. */
/* Where the bytes a 7bit line holds as they are (printable ASCII, tabs) end from s on: at
 * the first other one, or at end. Eight at a time while none is below 0x20 or above 0x7f
 * (a byte below 0x20 borrows into its top bit when 0x20 is taken from each), since every
 * reply's text and HTML pass here. */
static const unsigned char *plain_run(const unsigned char *s, const unsigned char *end)
{
	const uint64_t ones = 0x0101010101010101ULL, tops = 0x8080808080808080ULL;

#ifdef __SSE2__
	/* sixteen at a time where the processor has it: a byte below 0x20 or above 0x7f is
	 * below 0x20 compared as signed */
	const __m128i low = _mm_set1_epi8(0x20);
	while (end - s >= 16) {
		unsigned out = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(
			_mm_loadu_si128((const __m128i *)(const void *)s), low));
		if (!out) {
			s += 16;
			continue;
		}
		s += __builtin_ctz(out);
		if (*s != '\t')
			return s;
		s++;
	}
#endif
	while (end - s >= 8) {
		uint64_t w;
		memcpy(&w, s, sizeof w);
		if ((w | (w - 0x20 * ones)) & tops)
			break;
		s += 8;
	}
	while (s < end && ((*s >= 0x20 && *s < 0x80) || *s == '\t'))
		s++;
	return s;
}

static bool add_7bit(struct buf *b, const char *text, size_t max_line)
{
	size_t start = b->n;
	const unsigned char *s = (const unsigned char *)text, *end = s + strlen(text);

	while (s < end) {
		const unsigned char *line = s;
		s = plain_run(s, end);
		if ((s < end && *s != '\n') || (size_t)(s - line) > max_line) {
			if (b->s) {
				b->n = start;
				b->s[start] = 0;
			}
			return false;
		}
		/* the line and its CRLF in one copy: the room checked here, taken rarely */
		size_t n = (size_t)(s - line);
		if ((b->failed || b->n + n + 2 >= b->cap) && !buf_reserve(b, n + 2 + n / 8))
			return false;
		memcpy(b->s + b->n, line, n);
		memcpy(b->s + b->n + n, "\r\n", 2);
		b->n += n + 2;
		if (s < end)
			s++;            /* the line's end */
	}
	if (b->s)
		b->s[b->n] = 0;
	return true;
}

static void text_part(struct buf *b, const char *text)
{
	char *body;

	buf_str(b, "Content-Type: text/plain; charset=UTF-8; format=fixed\r\n");
	size_t at = b->n;
	buf_str(b, "Content-Transfer-Encoding: 7bit\r\n\r\n");
	/* lines of 78 (RFC 5322's "SHOULD", the width the text is fitted to: fit.h) go as
	 * they are; at 76, QP's own limit, a text with one line of 77 went encoded */
	if (!add_7bit(b, text, 78)) {
		b->n = at;
		if (b->s)
			b->s[at] = 0;
		buf_str(b, "Content-Transfer-Encoding: quoted-printable\r\n\r\n");
		if ((body = compose_qp(text))) {
			buf_str(b, body);
			free(body);
		} else
			b->failed = true;
	}
}

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* A header field: name, its value, CRLF (value[0] and value[1], the second NULL or a
 * suffix: "<", id, ">"). Appended piece by piece, not printed: every reply has a dozen. */
static void field(struct buf *b, const char *name, const char *open, const char *value,
		  const char *close)
{
	buf_str(b, name);
	buf_str(b, open);
	buf_str(b, value ? value : "");
	buf_str(b, close);
	buf_add(b, "\r\n", 2);
}

/* The headers every form of m shares, down to MIME-Version. */
static void mail_head(struct buf *b, const struct mail_out *m, const char *subject)
{
	char date[CLOCK_ISO_MAX + 8];

	clock_rfc5322(m->date, date);
	buf_str(b, "From: ");
	field(b, m->from_name ? m->from_name : "", " <", m->from_addr, ">");
	field(b, "To: ", "", m->to, "");
	field(b, "Subject: ", "", subject, "");
	field(b, "Date: ", "", date, "");
	field(b, "Message-ID: ", "<", m->message_id, ">");
	if (m->in_reply_to && *m->in_reply_to)
		field(b, "In-Reply-To: ", "<", m->in_reply_to, ">");
	if (m->references && *m->references) {
		buf_str(b, "References:");
		/* each id between <>, the blanks between them as one */
		for (const char *r = m->references; *(r += strspn(r, " "));) {
			size_t n = strcspn(r, " ");
			buf_add(b, " <", 2);
			buf_add(b, r, n);
			buf_add(b, ">", 1);
			r += n;
		}
		buf_str(b, "\r\n");
	}
	buf_str(b, "Auto-Submitted: auto-replied\r\n");
	for (size_t i = 0; m->extra && m->extra[i]; i++)
		field(b, m->extra[i], "", "", "");
	buf_str(b, "MIME-Version: 1.0\r\n");
}

/* The text part (tp, tn bytes: text_part's) and m's HTML as multipart/alternative. */
static void two_parts(struct buf *b, const struct mail_out *m, const char *tp, size_t tn)
{
	/* "=_" cannot begin a line of quoted-printable, and the hash keeps a 7bit text from
	 * holding the boundary by chance */
	char boundary[40], *body;

	static const char hex[] = "0123456789abcdef";
	uint64_t h = fnv1a(m->message_id);

	memcpy(boundary, "=_tempest_", 10);
	for (int i = 0; i < 16; i++)    /* %016llx */
		boundary[10 + i] = hex[h >> (60 - 4 * i) & 15];
	boundary[26] = 0;
	buf_str(b, "Content-Type: multipart/alternative; boundary=\"");
	buf_add(b, boundary, 26);
	buf_str(b, "\"\r\n\r\nThis is a message in two forms: plain text and HTML.\r\n");
	buf_str(b, "\r\n--");
	buf_add(b, boundary, 26);
	buf_add(b, "\r\n", 2);
	buf_add(b, tp, tn);
	buf_str(b, "\r\n--");
	buf_add(b, boundary, 26);
	buf_add(b, "\r\n", 2);
	buf_str(b, "Content-Type: text/html; charset=UTF-8\r\n");
	/* HTML in ASCII with lines within SMTP's 998 (the boards' cells, a line each) goes as
	 * it is; quoted-printable, which a board's every attribute pays, only for the rest */
	size_t at = b->n;
	buf_str(b, "Content-Transfer-Encoding: 7bit\r\n\r\n");
	if (add_7bit(b, m->html, 998)) {
		;
	} else if ((b->n = at, b->s[at] = 0, body = compose_qp(m->html))) {
		buf_str(b, "Content-Transfer-Encoding: quoted-printable\r\n\r\n");
		buf_str(b, body);
		free(body);
	} else
		b->failed = true;
	if (!b->n || b->s[b->n - 1] != '\n')
		buf_add(b, "\r\n", 2);
	buf_add(b, "--", 2);
	buf_add(b, boundary, 26);
	buf_add(b, "--\r\n", 4);
}

int compose_mail_pair(const struct mail_out *m, char **full, char **plain)
{
	struct buf head = { 0 }, tp = { 0 }, b = { 0 };
	char *subject = compose_header_value("Subject", m->subject);

	*full = NULL;
	if (plain)
		*plain = NULL;
	if (!subject)
		return -1;
	mail_head(&head, m, subject);
	free(subject);
	text_part(&tp, m->body);
	/* the mail's size known to within its HTML's line ends: its room taken once */
	buf_reserve(&b, head.n + tp.n + (m->html ? strlen(m->html) * 9 / 8 + 512 : 0));
	buf_add(&b, head.s, head.n);
	if (m->html)
		two_parts(&b, m, tp.s, tp.n);
	else
		buf_add(&b, tp.s, tp.n);
	*full = buf_take(&b);
	if (m->html && plain) {
		buf_add(&b, head.s, head.n);
		buf_add(&b, tp.s, tp.n);
		*plain = buf_take(&b);
	}
	bool failed = head.failed || tp.failed || !*full || (m->html && plain && !*plain);
	buf_free(&head);
	buf_free(&tp);
	if (failed) {
		free(*full);
		if (plain)
			free(*plain);
		*full = NULL;
		if (plain)
			*plain = NULL;
	}
	return failed ? -1 : 0;
}

char *compose_mail(const struct mail_out *m)
{
	char *full;

	return compose_mail_pair(m, &full, NULL) < 0 ? NULL : full;
}
