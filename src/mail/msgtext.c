/* msgtext.c: see msgtext.h.  The body is cut into line views once; a first pass finds
 * where quoted history starts (everything after it goes), a second keeps the player's
 * lines before it. The checks look at most four lines ahead, so the work is linear. */
#include "mail/msgtext.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct view {
	const char *s;
	size_t n;   /* trailing whitespace excluded */
	int lineno;
};

/* Longest line that can be a marker, an attribution or a footer. */
#define MSGTEXT_SHORT 1000

/* Length of s without trailing spaces, tabs, CRs, U+00A0 and U+202F (French typography
 * puts those before ':'). */
static size_t trim_end(const char *s, size_t n)
{
	for (;;) {
		if (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			n--;
		else if (n >= 2 && (unsigned char)s[n - 2] == 0xc2 && (unsigned char)s[n - 1] == 0xa0)
			n -= 2;
		else if (n >= 3 && !memcmp(s + n - 3, "\xe2\x80\xaf", 3))
			n -= 3;
		else
			return n;
	}
}

static size_t skip_space(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

static bool is_quoted(const struct view *v)
{
	size_t i = skip_space(v->s, v->n);

	return i < v->n && v->s[i] == '>';
}

static bool starts_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	return n >= pl && !strncasecmp(s, p, pl);
}

/* Does s end with the word p (preceded by a space or nothing)? */
static bool ends_word_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	return n >= pl && !strncasecmp(s + n - pl, p, pl) && (n == pl || s[n - pl - 1] == ' ');
}

static bool contains_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	for (size_t i = 0; i + pl <= n; i++)
		if (!strncasecmp(s + i, p, pl))
			return true;
	return false;
}

/* ---- Attribution lines ------------------------------------------------------------- */

static const char *const attribution_ends[] = {
	"wrote", "a écrit", "schrieb", "escribió", "ha scritto", "schreef",
};
static const char *const attribution_starts[] = { "On ", "Le ", "Am ", "Op ", "El ", "Il " };

/* Is s (a line, or two joined) worded like "On ... wrote:" or one of its translations? */
static bool attribution_text(const char *s, size_t n)
{
	size_t k;

	if (!n || n > MSGTEXT_SHORT || s[n - 1] != ':')
		return false;
	k = trim_end(s, n - 1);
	for (size_t i = 0; i < sizeof attribution_ends / sizeof attribution_ends[0]; i++)
		if (ends_word_ci(s, k, attribution_ends[i]))
			return true;
	/* "Am 03.06.24 um 10:12 schrieb Bob <b@x>:", "Op ... schreef Bob:" */
	return (starts_ci(s, n, "Am ") && contains_ci(s, n, " schrieb ")) ||
	       (starts_ci(s, n, "Op ") && contains_ci(s, n, " schreef "));
}

/* Is the next non-blank line from i on quoted? */
static bool quote_follows(const struct view *v, size_t n, size_t i)
{
	while (i < n && !v[i].n)
		i++;
	return i < n && is_quoted(&v[i]);
}

/* How many lines from i form an attribution introducing quotation: 0, 1 or 2. */
static size_t attribution_lines(const struct view *v, size_t n, size_t i)
{
	char joined[2 * MSGTEXT_SHORT + 2];

	if (attribution_text(v[i].s, v[i].n) && quote_follows(v, n, i + 1))
		return 1;
	if (i + 1 >= n || !v[i + 1].n || v[i].n + v[i + 1].n > 2 * MSGTEXT_SHORT)
		return 0;
	for (size_t k = 0; k < sizeof attribution_starts / sizeof attribution_starts[0]; k++) {
		if (!starts_ci(v[i].s, v[i].n, attribution_starts[k]))
			continue;
		memcpy(joined, v[i].s, v[i].n);
		joined[v[i].n] = ' ';
		memcpy(joined + v[i].n + 1, v[i + 1].s, v[i + 1].n);
		if (attribution_text(joined, v[i].n + 1 + v[i + 1].n) && quote_follows(v, n, i + 2))
			return 2;
		return 0;
	}
	return 0;
}

/* ---- History markers --------------------------------------------------------------- */

static const char *const original_markers[] = {
	"Original Message", "Message d'origine", "Message d\xe2\x80\x99origine",
	"Ursprüngliche Nachricht", "Mensaje original", "Messaggio originale",
	"Forwarded message", "Message transféré", "Weitergeleitete Nachricht",
};
static const char *const forward_lines[] = {
	"Begin forwarded message:", "Début du message réexpédié :",
	"Anfang der weitergeleiteten Nachricht:",
};

/* Is the line a reply or forward marker ("-----Original Message-----" and kin)? */
static bool is_original_marker(const struct view *v)
{
	size_t a = 0, b = v->n;

	if (b > MSGTEXT_SHORT)
		return false;
	for (size_t i = 0; i < sizeof forward_lines / sizeof forward_lines[0]; i++)
		if (b == strlen(forward_lines[i]) && !strncasecmp(v->s, forward_lines[i], b))
			return true;
	while (a < b && (v->s[a] == '-' || v->s[a] == ' '))
		a++;
	while (b > a && (v->s[b - 1] == '-' || v->s[b - 1] == ' '))
		b--;
	if (a < 2 || v->n - b < 2)
		return false;
	for (size_t i = 0; i < sizeof original_markers / sizeof original_markers[0]; i++)
		if (b - a == strlen(original_markers[i]) &&
		    !strncasecmp(v->s + a, original_markers[i], b - a))
			return true;
	return false;
}

static bool is_sig_separator(const struct view *v)
{
	return v->n == 2 && v->s[0] == '-' && v->s[1] == '-';
}

/* The header name of a line like "From: x", "*From:* x" or "De : x", in *key; false if
 * the line is not shaped like a header. */
static bool header_key(const struct view *v, const char **key, size_t *klen)
{
	size_t i = skip_space(v->s, v->n), start, end;

	if (i < v->n && v->s[i] == '*')
		i++;
	start = i;
	while (i < v->n && i - start <= 20 && v->s[i] != ':' &&
	       (v->s[i] == ' ' || (unsigned char)v->s[i] >= 0x80 ||
		((v->s[i] | 0x20) >= 'a' && (v->s[i] | 0x20) <= 'z')))
		i++;
	if (i >= v->n || v->s[i] != ':' || i == start)
		return false;
	end = trim_end(v->s + start, i - start) + start;
	*key = v->s + start;
	*klen = end - start;
	return *klen > 0;
}

static bool key_is(const char *key, size_t klen, const char *const *names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (strlen(names[i]) == klen && !strncasecmp(key, names[i], klen))
			return true;
	return false;
}

static const char *const from_keys[] = { "From", "De", "Von", "Van", "Da" };
static const char *const sent_keys[] = { "Sent", "Date", "Envoyé", "Gesendet", "Datum",
					 "Verzonden", "Enviado", "Fecha", "Inviato", "Data" };
#define COUNT(a) (sizeof a / sizeof a[0])

/* An Outlook-style header block of quoted history starting at line i? */
static bool is_header_block(const struct view *v, size_t n, size_t i)
{
	const char *key;
	size_t klen, seen = 0;

	if (!header_key(&v[i], &key, &klen) || !key_is(key, klen, from_keys, COUNT(from_keys)))
		return false;
	for (size_t j = i + 1; j < n && seen < 3; j++) {
		if (!v[j].n)
			continue;
		seen++;
		if (header_key(&v[j], &key, &klen) && key_is(key, klen, sent_keys, COUNT(sent_keys)))
			return true;
	}
	return false;
}

/* A line of only '_' or '-' (Outlook draws one above its header block). */
static bool is_rule(const struct view *v)
{
	if (v->n < 8)
		return false;
	for (size_t i = 0; i < v->n; i++)
		if (v->s[i] != '_' && v->s[i] != '-')
			return false;
	return true;
}

/* Index of the first line of quoted history, signature or forwarded text, or n. */
static size_t history_start(const struct view *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!v[i].n || is_quoted(&v[i]))
			continue;
		if (is_sig_separator(&v[i]) || is_original_marker(&v[i]))
			return i;
		if (is_header_block(v, n, i)) {
			size_t j = i;

			while (j > 0 && !v[j - 1].n)
				j--;
			return j > 0 && is_rule(&v[j - 1]) ? j - 1 : i;
		}
	}
	return n;
}

/* ---- Footers ----------------------------------------------------------------------- */

static const struct footer {
	const char *start, *end; /* end NULL: anything may follow */
} footers[] = {
	{ "Sent from my ", NULL },           { "Sent from Mail for Windows", NULL },
	{ "Sent from Yahoo Mail", NULL },    { "Sent from Outlook", NULL },
	{ "Sent from Samsung", NULL },       { "Get Outlook for ", NULL },
	{ "Sent with Proton Mail", NULL },   { "Sent with ProtonMail", NULL },
	{ "Envoyé de mon ", NULL },          { "Envoyé depuis mon ", NULL },
	{ "Envoyé à partir de ", NULL },     { "Von meinem ", "gesendet" },
	{ "Gesendet von meinem ", NULL },    { "Enviado desde mi ", NULL },
	{ "Inviato dal mio ", NULL },
};

/* The line without links ("<https://...>", "(https://...)"), brackets and stars, spaces
 * collapsed, trailing '.' and '!' dropped; false if it cannot be a footer: too long, or
 * with a ':' left, as in "Sent from my phone: e4". */
static bool footer_norm(const struct view *v, char *out, size_t cap, size_t *len)
{
	size_t o = 0;

	if (v->n >= cap)
		return false;
	for (size_t i = 0; i < v->n; i++) {
		const char *close = NULL;

		if (v->s[i] == '<' || (v->s[i] == '(' && starts_ci(v->s + i + 1, v->n - i - 1, "http")))
			close = memchr(v->s + i, v->s[i] == '<' ? '>' : ')', v->n - i);
		if (close) {
			i = (size_t)(close - v->s);
			continue;
		}
		if (v->s[i] == '[' || v->s[i] == ']' || v->s[i] == '*')
			continue;
		if (v->s[i] == ' ' && (!o || out[o - 1] == ' '))
			continue;
		if (v->s[i] == ':')
			return false;
		out[o++] = v->s[i];
	}
	while (o && (out[o - 1] == ' ' || out[o - 1] == '.' || out[o - 1] == '!'))
		o--;
	*len = o;
	return o > 0 && o <= 80;
}

static bool is_footer(const struct view *v)
{
	char s[128];
	size_t n;

	if (!footer_norm(v, s, sizeof s, &n))
		return false;
	for (size_t i = 0; i < COUNT(footers); i++)
		if (starts_ci(s, n, footers[i].start) &&
		    (!footers[i].end || ends_word_ci(s, n, footers[i].end)))
			return true;
	return false;
}

/* ---- Extraction -------------------------------------------------------------------- */

/* Cuts body into line views (trailing whitespace excluded); *count set. */
static struct view *split_lines(const char *body, size_t *count)
{
	size_t lines = 1, n = 0;
	struct view *v;
	const char *p = body;

	for (const char *q = body; (q = strchr(q, '\n')); q++)
		lines++;
	if (!(v = calloc(lines, sizeof *v)))
		return NULL;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		v[n].s = p;
		v[n].n = trim_end(p, len);
		v[n].lineno = (int)(n + 1);
		n++;
		if (!nl)
			break;
		p = nl + 1;
	}
	*count = n;
	return v;
}

static int add_line(struct msgtext *out, const struct view *v)
{
	char *s = strndup(v->s, v->n);

	if (!s)
		return -1;
	out->line[out->n].lineno = v->lineno;
	out->line[out->n].text = s;
	out->n++;
	return 0;
}

int msgtext_extract(const char *body, struct msgtext *out, struct err *e)
{
	struct view *v;
	size_t n, cut;

	out->n = 0;
	out->line = NULL;
	if (!body)
		body = "";
	if (!(v = split_lines(body, &n)))
		return err_set(e, "out of memory reading the message text");
	cut = history_start(v, n);
	if (cut && !(out->line = calloc(cut, sizeof *out->line))) {
		free(v);
		return err_set(e, "out of memory reading the message text");
	}
	for (size_t i = 0; i < cut; i++) {
		size_t skip;

		if (!v[i].n || is_quoted(&v[i]) || is_footer(&v[i]))
			continue;
		if ((skip = attribution_lines(v, cut, i)) > 0) {
			i += skip - 1;
			continue;
		}
		if (add_line(out, &v[i]) < 0) {
			free(v);
			msgtext_free(out);
			return err_set(e, "out of memory reading the message text");
		}
	}
	free(v);
	return 0;
}

void msgtext_free(struct msgtext *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->line[i].text);
	free(t->line);
	t->n = 0;
	t->line = NULL;
}
