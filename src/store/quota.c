/* quota.c: answers a day per address (store.h, store_quota_take). One small file per
 * address that has been answered, DIR/quota/HASH, "DAY COUNT". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

#include "store/store.h"
#include "util/crypto.h"
#include "util/fsutil.h"

int store_quota_take(const struct store *st, const char *address, long long day, int limit,
		     struct err *e)
{
	char lower[512], hex[2 * CRYPTO_HASH_LEN + 1], dir[PATH_MAX + 16], path[PATH_MAX + 64];
	char line[64];
	uint8_t h[CRYPTO_HASH_LEN];
	long long was = -1;
	int count = 0;
	size_t n = 0;
	FILE *f;

	for (; address[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)tolower((unsigned char)address[n]);
	lower[n] = 0;
	crypto_sha256(lower, n, h);
	crypto_hex(h, 16, hex);
	snprintf(dir, sizeof dir, "%s/quota", st->dir);
	snprintf(path, sizeof path, "%s/%s", dir, hex);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%lld %d", &was, &count) != 2)
			was = -1;
		fclose(f);
	}
	if (was != day)
		count = 0;
	if (count >= limit)
		return 0;
	int len = snprintf(line, sizeof line, "%lld %d\n", day, count + 1);
	if (fs_mkdirs(dir, 0700, e) < 0 || fs_write_replace(path, line, (size_t)len, 0600, e) < 0)
		return -1;
	return 1;
}
