/* msgtext.c: see msgtext.h.  The body is cut into line views once; a first pass finds
 * where quoted history starts (everything after it goes), a second sets aside quoted
 * lines, attributions, footers and the referee's own lines before it, a last one cuts
 * the signature off what is left. The checks look at most a few lines ahead (the
 * referee's lines: a hash look-up each), so the work is linear. Signatures, footers and
 * disclaimers are in msgtext_sig.c, the referee's own text in msgtext_referee.c. */
#include "mail/msgtext_int.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_quoted(const struct view *v)
{
	size_t i = msgtext_skip_space(v->s, v->n);

	return i < v->n && v->s[i] == '>';
}

/* Does s end with the word p (preceded by a space or nothing)? */
static bool ends_word_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	return n >= pl && !strncasecmp(s + n - pl, p, pl) && (n == pl || s[n - pl - 1] == ' ');
}

#define starts_ci msgtext_starts_ci
#define contains_ci msgtext_contains_ci
#define trim_end msgtext_trim_end
#define skip_space msgtext_skip_space

/* Does the line end with ':' or a full-width '：' (Japanese)? Its length without it. */
static bool ends_colon(const char *s, size_t n, size_t *rest)
{
	if (n && s[n - 1] == ':')
		*rest = n - 1;
	else if (n >= 3 && !memcmp(s + n - 3, "\xef\xbc\x9a", 3))
		*rest = n - 3;
	else
		return false;
	return true;
}

/* ---- Attribution lines ------------------------------------------------------------- */

static const char *const attribution_ends[] = {
	"wrote", "a écrit", "schrieb", "escribió", "ha scritto", "schreef", "escreveu", "skrev",
};
static const char *const attribution_starts[] = {
	"On ", "Le ", "Am ", "Op ", "El ", "Il ", "Em ", "Den ", "På ",
};

/* Gmail's Japanese attribution: "2024年6月3日(月) 10:12 Bob <b@x>:" (a date first). */
static bool japanese_dated(const char *s, size_t n)
{
	return n && s[0] >= '0' && s[0] <= '9' && contains_ci(s, n, "年") &&
	       contains_ci(s, n, "月") && contains_ci(s, n, "日");
}

/* Is s (a line, or lines joined) worded like "On ... wrote:" or one of its translations? */
static bool attribution_text(const char *s, size_t n)
{
	size_t k;

	if (!n || n > 3 * MSGTEXT_SHORT || !ends_colon(s, n, &k))
		return false;
	k = trim_end(s, k);
	for (size_t i = 0; i < COUNT(attribution_ends); i++)
		if (ends_word_ci(s, k, attribution_ends[i]))
			return true;
	/* "…さんは書きました:" (no space before the verb in Japanese) */
	if (k >= 15 && !memcmp(s + k - 15, "書きました", 15))
		return true;
	/* "Am 03.06.24 um 10:12 schrieb Bob <b@x>:", "Op ... schreef Bob:", "Den 3 juni
	 * 2024 kl. 10:12 skrev Bob <b@x>:", "skrev Bob <b@x>:" */
	return (starts_ci(s, n, "Am ") && contains_ci(s, n, " schrieb ")) ||
	       (starts_ci(s, n, "Op ") && contains_ci(s, n, " schreef ")) ||
	       (starts_ci(s, n, "Den ") && contains_ci(s, n, " skrev ")) ||
	       starts_ci(s, n, "skrev ") || japanese_dated(s, n);
}

/* A date in an attribution: a time "10:12" or a year 19xx/20xx. */
static bool dated(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++) {
		bool d0 = s[i] >= '0' && s[i] <= '9', d1 = s[i + 1] >= '0' && s[i + 1] <= '9';
		bool d3 = s[i + 3] >= '0' && s[i + 3] <= '9';

		if (d0 && s[i + 1] == ':' && d3 && s[i + 2] >= '0' && s[i + 2] <= '5')
			return true;
		if (d0 && d1 && s[i + 2] == ':' && s[i + 3] >= '0' && s[i + 3] <= '5')
			return true;
		if ((!strncmp(s + i, "19", 2) || !strncmp(s + i, "20", 2)) && s[i + 2] >= '0' &&
		    s[i + 2] <= '9' && d3 && (i == 0 || !(s[i - 1] >= '0' && s[i - 1] <= '9')) &&
		    (i + 4 == n || !(s[i + 4] >= '0' && s[i + 4] <= '9')))
			return true;
	}
	return false;
}

/* Is the next non-blank line from i on quoted? */
static bool quote_follows(const struct view *v, size_t n, size_t i)
{
	while (i < n && !v[i].n)
		i++;
	return i < n && is_quoted(&v[i]);
}

static bool attribution_start(const struct view *v)
{
	for (size_t k = 0; k < COUNT(attribution_starts); k++)
		if (starts_ci(v->s, v->n, attribution_starts[k]))
			return true;
	return japanese_dated(v->s, v->n) || starts_ci(v->s, v->n, "skrev ");
}

/* How many lines from i (1 to 3) hold an attribution, 0 if none; a long attribution is
 * wrapped by the client (Gmail wraps it at 78 columns, inside the name or the address).
 * *strong: it begins as a client's does and is dated, with a time or a year ("On Mon, 3
 * Jun 2024 at 10:12, Bob <b@x> wrote:"), not as a player writes ("My opponent wrote:"). */
static size_t attribution_span(const struct view *v, size_t n, size_t i, bool *strong)
{
	char joined[3 * MSGTEXT_SHORT + 3];
	size_t len = 0, k = 0;

	*strong = false;
	if (v[i].n > MSGTEXT_SHORT)
		return 0;
	if (!attribution_text(v[i].s, v[i].n)) {
		if (!attribution_start(&v[i]))
			return 0;
		/* wrapped: the lines below are joined to it, their indentation dropped */
		memcpy(joined, v[i].s, len = v[i].n);
		for (k = 1; k < 3 && i + k < n && v[i + k].n && v[i + k].n <= MSGTEXT_SHORT; k++) {
			size_t a = skip_space(v[i + k].s, v[i + k].n);

			joined[len++] = ' ';
			memcpy(joined + len, v[i + k].s + a, v[i + k].n - a);
			len += v[i + k].n - a;
			if (attribution_text(joined, len))
				break;
		}
		if (k == 3 || i + k >= n || !v[i + k].n || v[i + k].n > MSGTEXT_SHORT)
			return 0;
	}
	*strong = attribution_start(&v[i]) && (k ? dated(joined, len) : dated(v[i].s, v[i].n));
	return k + 1;
}

/* How many lines from i form an attribution introducing quotation: 0 to 3. */
static size_t attribution_lines(const struct view *v, size_t n, size_t i)
{
	bool strong;
	size_t k = attribution_span(v, n, i, &strong);

	return k && quote_follows(v, n, i + k) ? k : 0;
}

/* ---- History markers --------------------------------------------------------------- */

static const char *const original_markers[] = {
	"Original Message", "Message d'origine", "Message d\xe2\x80\x99origine",
	"Ursprüngliche Nachricht", "Mensaje original", "Messaggio originale",
	"Oorspronkelijk bericht", "Ursprungligt meddelande", "Originalmeddelande", "Mensagem original",
	"Forwarded message", "Message transféré", "Weitergeleitete Nachricht",
	"Mensaje reenviado", "Messaggio inoltrato", "Doorgestuurd bericht",
	"Vidarebefordrat meddelande", "Mensagem encaminhada", "元のメッセージ",
	"転送されたメッセージ",
};
static const char *const forward_lines[] = {
	"Begin forwarded message:", "Début du message réexpédié :",
	"Anfang der weitergeleiteten Nachricht:", "Inicio del mensaje reenviado:",
	"Inizio messaggio inoltrato:", "Begin doorgestuurd bericht:",
	"Vidarebefordrat brev:", "Início da mensagem reencaminhada:", "転送されたメッセージ:",
};

/* Is the line a reply or forward marker ("-----Original Message-----" and kin)? */
static bool is_original_marker(const struct view *v)
{
	size_t a = 0, b = v->n;

	if (b > MSGTEXT_SHORT)
		return false;
	for (size_t i = 0; i < COUNT(forward_lines); i++)
		if (b == strlen(forward_lines[i]) && !strncasecmp(v->s, forward_lines[i], b))
			return true;
	while (a < b && (v->s[a] == '-' || v->s[a] == ' '))
		a++;
	while (b > a && (v->s[b - 1] == '-' || v->s[b - 1] == ' '))
		b--;
	if (a < 2 || v->n - b < 2)
		return false;
	for (size_t i = 0; i < COUNT(original_markers); i++)
		if (b - a == strlen(original_markers[i]) &&
		    !strncasecmp(v->s + a, original_markers[i], b - a))
			return true;
	return false;
}

static bool is_sig_separator(const struct view *v)
{
	return v->n == 2 && v->s[0] == '-' && v->s[1] == '-';
}

/* The header name of a line like "From: x", "*From:* x", "De : x" or "差出人：x", in
 * *key; false if the line is not shaped like a header. */
static bool header_key(const struct view *v, const char **key, size_t *klen)
{
	size_t i = skip_space(v->s, v->n), start, end;

	if (i < v->n && v->s[i] == '*')
		i++;
	start = i;
	while (i < v->n && i - start <= 24 && v->s[i] != ':' &&
	       !(v->n - i >= 3 && !memcmp(v->s + i, "\xef\xbc\x9a", 3)) &&
	       (v->s[i] == ' ' || (unsigned char)v->s[i] >= 0x80 ||
		((v->s[i] | 0x20) >= 'a' && (v->s[i] | 0x20) <= 'z')))
		i++;
	if (i >= v->n || i == start || (v->s[i] != ':' && (unsigned char)v->s[i] != 0xef))
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

/* The header names of a pasted mail's header block, in the languages of the clients. */
static const char *const from_keys[] = { "From", "De", "Von", "Van", "Da", "Från",
					 "差出人", "送信者" };
static const char *const sent_keys[] = {
	"Sent", "Date", "Envoyé", "Gesendet", "Datum", "Verzonden", "Enviado", "Enviada",
	"Enviado el", "Enviada em", "Enviado em", "Fecha", "Inviato", "Data", "Skickat",
	"送信日時", "日付", "日時",
};
static const char *const to_keys[] = { "To", "À", "A", "An", "Aan", "Para", "Till", "宛先",
				       "Cc" };
static const char *const subject_keys[] = { "Subject", "Objet", "Betreff", "Onderwerp",
					    "Asunto", "Oggetto", "Assunto", "Ämne", "件名" };

/* Does one of the next three non-blank lines after i have a header name in keys? */
static bool key_follows(const struct view *v, size_t n, size_t i, const char *const *keys,
			size_t nkeys)
{
	const char *key;
	size_t klen, seen = 0;

	for (size_t j = i + 1; j < n && seen < 3; j++) {
		if (!v[j].n)
			continue;
		seen++;
		if (header_key(&v[j], &key, &klen) && key_is(key, klen, keys, nkeys))
			return true;
	}
	return false;
}

/* An Outlook-style header block of quoted history starting at line i: "From:" with a
 * "Sent:" or "Date:" among the next three lines, or (a phone's) "Sent:" with "To:" and
 * "Subject:" after it. */
static bool is_header_block(const struct view *v, size_t n, size_t i)
{
	const char *key;
	size_t klen;

	if (!header_key(&v[i], &key, &klen))
		return false;
	if (key_is(key, klen, from_keys, COUNT(from_keys)))
		return key_follows(v, n, i, sent_keys, COUNT(sent_keys));
	return key_is(key, klen, sent_keys, COUNT(sent_keys)) &&
	       key_follows(v, n, i, to_keys, COUNT(to_keys)) &&
	       key_follows(v, n, i, subject_keys, COUNT(subject_keys));
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
		bool strong;
		size_t k;

		if (!v[i].n || is_quoted(&v[i]))
			continue;
		if (is_sig_separator(&v[i]) || is_original_marker(&v[i]))
			return i;
		/* Yahoo and Outlook.com paste the mail below a dated attribution, unquoted */
		if ((k = attribution_span(v, n, i, &strong)) && strong && !quote_follows(v, n, i + k))
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

/* Sets skip[i] for the lines before cut that are not the player's by their own shape:
 * blank, quoted, footers, attributions. */
static void mark_shapes(const struct view *v, size_t cut, bool *skip)
{
	for (size_t i = 0; i < cut; i++) {
		size_t k;

		if (!v[i].n || is_quoted(&v[i]) || msgtext_is_footer(&v[i])) {
			skip[i] = true;
		} else if ((k = attribution_lines(v, cut, i)) > 0) {
			for (size_t j = 0; j < k; j++)
				skip[i + j] = true;
			i += k - 1;
		}
	}
}

/* The indexes of the player's lines, in *keep (n of them). */
static int choose_lines(const struct view *v, size_t n, const struct msgtext_known *k,
			size_t *keep, size_t *nkeep)
{
	size_t cut = history_start(v, n);
	bool *skip = calloc(n, 2 * sizeof *skip), *drop = skip + n;

	if (!skip)
		return -1;
	mark_shapes(v, cut, skip);
	if (k && k->referee)
		cut = msgtext_referee_mark(k->referee, v, cut, skip, drop);
	/* last: a pasted mail is cut off before its paragraphs are searched for legal words */
	cut = msgtext_disclaimer_start(v, cut, skip);
	*nkeep = 0;
	for (size_t i = 0; i < cut; i++)
		if (!skip[i] && !drop[i])
			keep[(*nkeep)++] = i;
	*nkeep = msgtext_signature_cut(v, keep, *nkeep, k ? k->sender_name : NULL);
	free(skip);
	return 0;
}

int msgtext_read(const char *body, const struct msgtext_known *k, struct msgtext *out,
		 struct err *e)
{
	struct view *v;
	size_t n, *keep = NULL, nkeep = 0;

	out->n = 0;
	out->line = NULL;
	if (!body)
		body = "";
	if (!(v = split_lines(body, &n)))
		return err_set(e, "out of memory reading the message text");
	if (!(keep = calloc(n, sizeof *keep)) || choose_lines(v, n, k, keep, &nkeep) < 0 ||
	    (nkeep && !(out->line = calloc(nkeep, sizeof *out->line))))
		goto oom;
	for (size_t i = 0; i < nkeep; i++)
		if (add_line(out, &v[keep[i]]) < 0)
			goto oom;
	free(keep);
	free(v);
	return 0;
oom:
	free(keep);
	free(v);
	msgtext_free(out);
	return err_set(e, "out of memory reading the message text");
}

int msgtext_extract(const char *body, struct msgtext *out, struct err *e)
{
	return msgtext_read(body, NULL, out, e);
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
