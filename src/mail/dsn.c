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

int dsn_failed(const char *raw, size_t len, char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX])
{
	size_t h = header_len(raw, len);
	char current[DSN_ADDR_MAX] = "", value[DSN_ADDR_MAX];
	int n = 0;

	if (!has_ci(raw, h, "multipart/report") || !has_ci(raw, h, "delivery-status"))
		return 0;
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
