/* commit.c: see commit.h. */
#include "util/commit.h"

#include "util/crypto.h"

#include <string.h>

void commit_text(struct buf *out, const char *head, const char *body, const uint8_t *salt,
		 size_t slen)
{
	char hex[2 * 64 + 1];

	crypto_hex(salt, slen > 64 ? 64 : slen, hex);
	buf_printf(out, "%s\n%s\nsalt %s\n", head, body, hex);
}

void commit_hash(const char *text, size_t len, char out[65])
{
	uint8_t h[CRYPTO_HASH_LEN];

	crypto_sha256(text ? text : "", len, h);
	crypto_hex(h, sizeof h, out);
}

/* text with its newlines as \n, for a printf argument. */
static void escaped(const char *text, struct buf *out)
{
	for (const char *p = text ? text : ""; *p; p++)
		buf_str(out, *p == '\n' ? "\\n" : (char[]){ *p, 0 });
}

/* Where to end a piece of s (n bytes) of at most max: before a blank or a "\n" when one
 * is there, never between a backslash and its letter. */
static size_t piece(const char *s, size_t n, size_t max)
{
	size_t k = max;

	if (n <= max)
		return n;
	while (k > max / 2 && s[k] != ' ' && s[k] != '\\')
		k--;
	if (k <= max / 2)
		k = s[max - 1] == '\\' ? max - 1 : max;
	return k;
}

void commit_check_command(const char *text, size_t col, size_t width, struct buf *out)
{
	struct buf e = { 0 };

	escaped(text, &e);
	const char *s = e.s ? e.s : "";
	size_t n = strlen(s);
	if (!width || col + n + sizeof "printf '' | sha256sum" - 1 <= width) {
		buf_printf(out, "printf '%s' | sha256sum", s);
		buf_free(&e);
		return;
	}
	/* "%b" reads the \n in its arguments, which it joins with nothing: the text is cut
	 * into quoted pieces, one a line, each line continued with a backslash */
	size_t max = width - 4 - sizeof "'' | sha256sum" + 1;
	buf_str(out, "printf '%b'");
	while (n) {
		size_t k = piece(s, n, max);
		buf_printf(out, " \\\n    '%.*s'", (int)k, s);
		s += k, n -= k;
	}
	buf_str(out, " | sha256sum");
	buf_free(&e);
}
