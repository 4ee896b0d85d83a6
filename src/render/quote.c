/* quote.c: quotes of a player's mail cut to size (quote.h). */
#include "render/quote.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* The bytes of the first `max` characters of s (a UTF-8 sequence counts as one), or
 * strlen(s) if it is shorter. */
static size_t prefix_bytes(const char *s, size_t max, bool *cut)
{
	size_t i = 0, chars = 0;

	while (s[i] && chars < max) {
		i++;
		while ((s[i] & 0xC0) == 0x80)   /* a continuation byte */
			i++;
		chars++;
	}
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
	n = prefix_bytes(s, QUOTE_LINE_MAX, &cut);
	memcpy(out, s, n);
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
