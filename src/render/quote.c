/* quote.c: quotes of a player's mail cut to size (quote.h). */
#include "render/quote.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/utf8.h"

/* The bytes of the first `max` characters of s (a UTF-8 sequence counts as one, a byte
 * that begins none as one: never more than 4 bytes a character), or strlen(s) if it is
 * shorter. */
static size_t prefix_bytes(const char *s, size_t max, bool *cut)
{
	size_t i = 0, chars = 0, k;

	for (; s[i] && chars < max; chars++, i += k)
		utf8_at((const unsigned char *)s + i, &k);
	*cut = s[i] != 0;
	return i;
}

bool quote_password_line(const char *p, size_t n)
{
	const char *w = p, *end = p + n;

	while (w < end && (isspace((unsigned char)*w) || *w == '>'))
		w++;
	return (size_t)(end - w) >= 8 && !strncasecmp(w, "password", 8) &&
	       (end - w == 8 || !isalnum((unsigned char)w[8]));
}

/* The first n bytes of s into out, each character no reader sees as "<U+XXXX>": the
 * bytes written. */
static size_t show_invisible(const char *s, size_t n, char *out)
{
	size_t at = 0;

	for (size_t i = 0, k; i < n; i += k) {
		unsigned cp = utf8_at((const unsigned char *)s + i, &k);
		if (k > 1 && utf8_invisible(cp))
			at += (size_t)snprintf(out + at, 11, "<U+%04X>", cp);
		else
			memcpy(out + at, s + i, k), at += k;
	}
	return at;
}

bool quote_take(struct quote_budget *b, const char *text, char out[QUOTE_OUT_MAX])
{
	const char *s = text ? text : "";
	bool cut;
	size_t n;

	if (quote_password_line(s, strlen(s)))
		s = QUOTE_PASSWORD_HIDDEN;
	out[0] = 0;
	if (b->used >= QUOTE_TOTAL_MAX)
		return false;
	n = show_invisible(s, prefix_bytes(s, QUOTE_LINE_MAX, &cut), out);
	if (cut)
		memcpy(out + n, "\xE2\x80\xA6", 3), n += 3;     /* … */
	out[n] = 0;
	b->used += n + QUOTE_ITEM_COST;
	return true;
}

void quote_count(struct quote_budget *b, size_t len)
{
	b->used += len;
}
