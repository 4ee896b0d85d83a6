/* deck.c: commitments to a secret order of cards and the shuffle (deck.h). */
#include "rules/deck.h"

#include <stdio.h>

#include "util/commit.h"

void deck_commit_text(const char *tag, int game, const char *whose, const int *list, int n,
		      const uint8_t salt[DECK_SALT], struct buf *out)
{
	struct buf body = { 0 };
	char head[128];

	snprintf(head, sizeof head, "%s game %d %s", tag, game, whose);
	for (int i = 0; i < n; i++)
		buf_printf(&body, "%s%d", i ? " " : "", list[i]);
	commit_text(out, head, body.s ? body.s : "", salt, DECK_SALT);
	buf_free(&body);
}

void deck_commitment(const char *tag, int game, const char *whose, const int *list, int n,
		     const uint8_t salt[DECK_SALT], char out[65])
{
	struct buf b = { 0 };

	deck_commit_text(tag, game, whose, list, n, salt, &b);
	commit_hash(b.s, b.n, out);
	buf_free(&b);
}

void deck_shuffle(int *a, int n, struct drbg *d)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)drbg_uniform(d, (uint32_t)(i + 1)), t = a[i];
		a[i] = a[j], a[j] = t;
	}
}
