/* dsn.c: see dsn.h. The delivery-status part is plain "Field: value" lines (RFC 3464,
 * section 2), per recipient a Final-Recipient and an Action; it is read as text, without
 * a MIME parse: a report that mail servers write is simple and unencoded. */
#include "mail/dsn.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The end of the top-level header section. */
static size_t header_len(const char *raw, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (raw[i] == '\n' && (raw[i + 1] == '\n' || (raw[i + 1] == '\r' && i + 2 < len &&
							      raw[i + 2] == '\n')))
			return i + 1;
	return len;
}

static bool has_ci(const char *s, size_t n, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; i + w <= n; i++)
		if (!strncasecmp(s + i, word, w))
			return true;
	return false;
}

/* The value of a "Field:" line at p (n bytes), trimmed, into out; false if not that field. */
static bool field(const char *p, size_t n, const char *name, char *out, size_t len)
{
	size_t k = strlen(name);

	if (n <= k || strncasecmp(p, name, k))
		return false;
	p += k, n -= k;
	while (n && isspace((unsigned char)*p))
		p++, n--;
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	snprintf(out, len, "%.*s", (int)n, p);
	return true;
}

/* "rfc822; <bob@example.org>" -> "bob@example.org" */
static void address_of(char *v)
{
	char *semi = strchr(v, ';'), *s = semi ? semi + 1 : v;
	size_t n;

	while (isspace((unsigned char)*s) || *s == '<')
		s++;
	n = strcspn(s, "> \t");
	memmove(v, s, n);
	v[n] = 0;
}

/* ---- plain bounces: the text a mail system writes, without a report part ---- */

/* Whether the header section has a "Name:" line whose value holds one of words. */
static bool header_has(const char *raw, size_t h, const char *name, const char *const *words)
{
	size_t k = strlen(name);

	for (const char *p = raw, *end = raw + h; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > k && !strncasecmp(p, name, k))
			for (const char *const *w = words; *w; w++)
				if (has_ci(p + k, n - k, *w))
					return true;
		p += n + (nl != NULL);
	}
	return false;
}

/* A bare address ("bob@example.org", no blank, one '@' with text on both sides). */
static bool bare_address(const char *s, size_t n)
{
	const char *at = memchr(s, '@', n);

	if (!at || at == s || at == s + n - 1 || n >= DSN_ADDR_MAX ||
	    memchr(at + 1, '@', n - (size_t)(at - s) - 1))
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || strchr("<>()[]\",;:\\", s[i]))
			return false;
	return true;
}

/* Adds an address once (in any case); returns the new count. */
static int add_rcpt(char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX], int n, const char *s, size_t len)
{
	if (n >= DSN_RCPT_MAX || !bare_address(s, len))
		return n;
	for (int i = 0; i < n; i++)
		if (strlen(rcpt[i]) == len && !strncasecmp(rcpt[i], s, len))
			return n;
	snprintf(rcpt[n], DSN_ADDR_MAX, "%.*s", (int)len, s);
	return n + 1;
}

/* Where the mail system's own text ends and the copy of the returned mail begins. */
static bool copy_begins(const char *p, size_t n)
{
	static const char *const marks[] = { "copy of the message", "original message follows",
		"-- original message", "message/rfc822", "below this line", "returned mail follows",
		"unsent message follows", NULL };

	for (const char *const *m = marks; *m; m++)
		if (has_ci(p, n, *m))
			return true;
	return (n > 9 && !strncasecmp(p, "Received:", 9)) ||
	       (n > 12 && !strncasecmp(p, "Return-Path:", 12));
}

/* One line of a plain bounce's text: "<addr>: why" or "<addr>... why" (Postfix, qmail,
 * sendmail), or an indented address alone (Exim). */
static int line_rcpt(char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX], int n, const char *p, size_t k)
{
	bool indented = k && (*p == ' ' || *p == '\t');

	while (k && isspace((unsigned char)*p))
		p++, k--;
	while (k && isspace((unsigned char)p[k - 1]))
		k--;
	if (k > 2 && *p == '<') {
		const char *gt = memchr(p, '>', k);
		if (gt && (gt + 1 == p + k || gt[1] == ':' || gt[1] == '.'))
			return add_rcpt(rcpt, n, p + 1, (size_t)(gt - p - 1));
		return n;
	}
	return indented ? add_rcpt(rcpt, n, p, k) : n;
}

/* Exim's X-Failed-Recipients: a, b */
static int failed_header(const char *raw, size_t h, char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX])
{
	static const char name[] = "X-Failed-Recipients:";
	int n = 0;

	for (const char *p = raw, *end = raw + h; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (k > sizeof name - 1 && !strncasecmp(p, name, sizeof name - 1))
			for (const char *s = p + sizeof name - 1, *e = p + k; s < e;) {
				while (s < e && (isspace((unsigned char)*s) || *s == ','))
					s++;
				size_t w = strcspn(s, ", \t\r\n");
				if (s + w > e)
					w = (size_t)(e - s);
				n = add_rcpt(rcpt, n, s, w);
				s += w;
			}
		p += k + (nl != NULL);
	}
	return n;
}

static int plain_failed(const char *raw, size_t len, size_t h,
			char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX])
{
	static const char *const systems[] = { "mailer-daemon@", "postmaster@", NULL };
	static const char *const failures[] = { "could not be delivered", "undelivered mail",
		"mail delivery failed", "undeliverable", "wasn't able to deliver",
		"permanent fatal errors", "delivery has failed", "delivery failure",
		"failure notice", "returned mail", NULL };
	bool said = header_has(raw, h, "Subject:", failures);
	int n;

	if (!header_has(raw, h, "From:", systems))
		return 0;
	if ((n = failed_header(raw, h, rcpt)) > 0)
		return n;
	for (const char *p = raw + h, *end = raw + len; p < end && !said;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (copy_begins(p, k))
			break;
		for (const char *const *f = failures; *f && !said; f++)
			said = has_ci(p, k, *f);
		p += k + (nl != NULL);
	}
	for (const char *p = raw + h, *end = raw + len; said && p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (copy_begins(p, k))
			break;
		n = line_rcpt(rcpt, n, p, k);
		p += k + (nl != NULL);
	}
	return n;
}

int dsn_failed(const char *raw, size_t len, char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX])
{
	size_t h = header_len(raw, len);
	char current[DSN_ADDR_MAX] = "", value[DSN_ADDR_MAX];
	int n = 0;

	if (!has_ci(raw, h, "multipart/report") || !has_ci(raw, h, "delivery-status"))
		return plain_failed(raw, len, h, rcpt);
	for (const char *p = raw + h, *end = raw + len; p < end && n < DSN_RCPT_MAX;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (field(p, k, "Final-Recipient:", value, sizeof value)) {
			address_of(value);
			snprintf(current, sizeof current, "%s", value);
		} else if (field(p, k, "Action:", value, sizeof value) && current[0]) {
			if (!strncasecmp(value, "failed", 6) && strchr(current, '@'))
				snprintf(rcpt[n++], DSN_ADDR_MAX, "%s", current);
			current[0] = 0;
		}
		p += k + (nl != NULL);
	}
	return n;
}
