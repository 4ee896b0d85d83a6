/* commit.c: see commit.h. */
#include "util/commit.h"

#include "util/crypto.h"

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

void commit_check_command(const char *text, struct buf *out)
{
	buf_str(out, "printf '");
	for (const char *p = text ? text : ""; *p; p++)
		buf_str(out, *p == '\n' ? "\\n" : (char[]){ *p, 0 });
	buf_str(out, "' | sha256sum");
}
