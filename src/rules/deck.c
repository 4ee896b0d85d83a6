/* deck.c: commitments to a secret order of cards and the shuffle (deck.h). */
#include "rules/deck.h"

void deck_commit_text(const char *tag, int game, const char *whose, const int *list, int n,
		      const uint8_t salt[DECK_SALT], struct buf *out)
{
	char hex[2 * DECK_SALT + 1];

	buf_printf(out, "%s game %d %s\n", tag, game, whose);
	for (int i = 0; i < n; i++)
		buf_printf(out, "%s%d", i ? " " : "", list[i]);
	crypto_hex(salt, DECK_SALT, hex);
	buf_printf(out, "\nsalt %s\n", hex);
}

void deck_commitment(const char *tag, int game, const char *whose, const int *list, int n,
		     const uint8_t salt[DECK_SALT], char out[65])
{
	struct buf b = { 0 };
	uint8_t h[CRYPTO_HASH_LEN];

	deck_commit_text(tag, game, whose, list, n, salt, &b);
	crypto_sha256(b.s ? b.s : "", b.n, h);
	crypto_hex(h, sizeof h, out);
	buf_free(&b);
}

void deck_shuffle(int *a, int n, struct drbg *d)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)drbg_uniform(d, (uint32_t)(i + 1)), t = a[i];
		a[i] = a[j], a[j] = t;
	}
}
