/* quota.c: answers a day per address (store.h, store_quota_count). One small file per
 * address that has been answered, DIR/quota/HASH, "DAY COUNT"; the pipeline adds a
 * batch's answers at its commit (pipeline/answers.c), never before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "store/store.h"
#include "util/crypto.h"
#include "util/fsutil.h"

/* The file of the address's day count; dir is its folder. */
static void count_path(const struct store *st, const char *address, char *dir, size_t dlen,
		       char *path, size_t plen)
{
	char hex[CRYPTO_ADDRESS_NAME];

	crypto_address_name(address, hex);
	snprintf(dir, dlen, "%s/quota", st->dir);
	snprintf(path, plen, "%s/%s", dir, hex);
}

int store_quota_count(const struct store *st, const char *address, long long day)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64];
	long long was = -1;
	int count = 0;
	FILE *f;

	count_path(st, address, dir, sizeof dir, path, sizeof path);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%lld %d", &was, &count) != 2 || count < 0)
			was = -1;
		fclose(f);
	}
	return was == day ? count : 0;
}

int store_quota_add(const struct store *st, const char *address, long long day, int n,
		    struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], line[64];
	int count = store_quota_count(st, address, day) + n;

	count_path(st, address, dir, sizeof dir, path, sizeof path);
	int len = snprintf(line, sizeof line, "%lld %d\n", day, count);
	if (fs_mkdirs(dir, 0700, e) < 0 || fs_write_replace(path, line, (size_t)len, 0600, e) < 0)
		return -1;
	return 0;
}

/* ---- the texts answered (an auto-responder's are all the same) ----
 * DIR/quota/HASH.texts: the hex SHA-256 of the last QUOTA_TEXTS texts of the address's
 * that drew an answer, a line each, the newest last. Apart from the day's count above so
 * that either can change alone. */
#define QUOTA_TEXTS 4
#define HASH_HEX_LEN (2 * CRYPTO_HASH_LEN)

/* The file of the address's texts; dir is its folder. */
static void texts_path(const struct store *st, const char *address, char *dir, size_t dlen,
		       char *path, size_t plen)
{
	count_path(st, address, dir, dlen, path, plen);
	strncat(path, ".texts", plen - strlen(path) - 1);
}

/* The recorded hashes (at most QUOTA_TEXTS), oldest first: their number. */
static size_t texts_read(const char *path, char texts[QUOTA_TEXTS][HASH_HEX_LEN + 1])
{
	char line[128];
	size_t n = 0;
	FILE *f = fopen(path, "r");

	while (f && n < QUOTA_TEXTS && fgets(line, sizeof line, f))
		if (sscanf(line, "%64[0-9a-f]", texts[n]) == 1 && strlen(texts[n]) == HASH_HEX_LEN)
			n++;
	if (f)
		fclose(f);
	return n;
}

bool store_quota_text_answered(const struct store *st, const char *address, const char *hex)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], texts[QUOTA_TEXTS][HASH_HEX_LEN + 1];
	size_t n;

	texts_path(st, address, dir, sizeof dir, path, sizeof path);
	n = texts_read(path, texts);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(texts[i], hex))
			return true;
	return false;
}

int store_quota_text_add(const struct store *st, const char *address, const char *hex,
			 struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], texts[QUOTA_TEXTS][HASH_HEX_LEN + 1];
	char out[QUOTA_TEXTS * (HASH_HEX_LEN + 1) + 1];
	size_t n, at = 0;

	texts_path(st, address, dir, sizeof dir, path, sizeof path);
	n = texts_read(path, texts);
	for (size_t i = n == QUOTA_TEXTS ? 1 : 0; i < n; i++)
		at += (size_t)snprintf(out + at, sizeof out - at, "%s\n", texts[i]);
	at += (size_t)snprintf(out + at, sizeof out - at, "%.64s\n", hex);
	if (fs_mkdirs(dir, 0700, e) < 0 || fs_write_replace(path, out, at, 0600, e) < 0)
		return -1;
	return 0;
}
