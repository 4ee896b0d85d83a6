/* quota.c: what DIR/quota/ holds beside the day's counts (quota_counts.c): the texts an
 * address's mails that drew an answer held (HASH.texts), and a batch's counts staged
 * before its commit (BATCH.staged). The pipeline stages them there and applies them once
 * its mails are committed (pipeline/answers.c); the counts table and each texts file name
 * the last batch they hold, so that a batch applied again after a crash is counted once.
 * The texts stay a file per address: an address's last texts matter on any day, so that
 * a table of them would grow with every address ever answered, and they are written only
 * for the mails shaped like a robot's (robots.c), not for every stranger's. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "store/store.h"
#include "util/buf.h"
#include "util/crypto.h"
#include "util/fsutil.h"

void store_quota_name(const char *address, char name[CRYPTO_ADDRESS_NAME])
{
	crypto_address_name(address, name);
}

/* DIR/quota into dir, and the file of an address (by its name) with this suffix. */
static void path_of(const struct store *st, const char *name, const char *sfx, char *dir,
		    size_t dlen, char *path, size_t plen)
{
	snprintf(dir, dlen, "%s/quota", st->dir);
	snprintf(path, plen, "%s/%s%s", dir, name, sfx);
}

/* ---- the texts answered (an auto-responder's are all the same) ----
 * DIR/quota/HASH.texts: the hex SHA-256 of the last QUOTA_TEXTS texts of the address's
 * that drew an answer, a line each, the newest last, then "batch BATCH". Apart from the
 * day's count above so that either can change alone. */
#define QUOTA_TEXTS 4
#define HASH_HEX_LEN (2 * CRYPTO_HASH_LEN)

/* The recorded hashes (at most QUOTA_TEXTS), oldest first: their number; the batch that
 * wrote them last into batch. */
static size_t texts_read(const char *path, char texts[QUOTA_TEXTS][HASH_HEX_LEN + 1],
			 char batch[QUOTA_BATCH_MAX])
{
	char line[128];
	size_t n = 0;
	FILE *f = fopen(path, "r");

	batch[0] = 0;
	while (f && fgets(line, sizeof line, f)) {
		if (sscanf(line, "batch %39s", batch) == 1)
			continue;
		if (n < QUOTA_TEXTS && sscanf(line, "%64[0-9a-f]", texts[n]) == 1 &&
		    strlen(texts[n]) == HASH_HEX_LEN)
			n++;
	}
	if (f)
		fclose(f);
	return n;
}

bool store_quota_text_answered(const struct store *st, const char *address, const char *hex)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], texts[QUOTA_TEXTS][HASH_HEX_LEN + 1];
	char name[CRYPTO_ADDRESS_NAME], batch[QUOTA_BATCH_MAX];

	store_quota_name(address, name);
	path_of(st, name, ".texts", dir, sizeof dir, path, sizeof path);
	size_t n = texts_read(path, texts, batch);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(texts[i], hex))
			return true;
	return false;
}

int store_quota_text_apply(const struct store *st, const char *name, const char (*hex)[65],
			   size_t nhex, const char *batch, struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], texts[2 * QUOTA_TEXTS][HASH_HEX_LEN + 1];
	char out[(QUOTA_TEXTS + 1) * (HASH_HEX_LEN + 1) + QUOTA_BATCH_MAX + 8], was[QUOTA_BATCH_MAX];
	size_t at = 0;

	path_of(st, name, ".texts", dir, sizeof dir, path, sizeof path);
	size_t n = texts_read(path, texts, was);
	if (batch[0] && !strcmp(was, batch))
		return 0;               /* this batch's texts are recorded already */
	/* the batch's last QUOTA_TEXTS after the ones before, the newest last */
	for (size_t i = nhex > QUOTA_TEXTS ? nhex - QUOTA_TEXTS : 0; i < nhex; i++)
		snprintf(texts[n++], HASH_HEX_LEN + 1, "%s", hex[i]);
	for (size_t i = n > QUOTA_TEXTS ? n - QUOTA_TEXTS : 0; i < n; i++)
		at += (size_t)snprintf(out + at, sizeof out - at, "%s\n", texts[i]);
	if (batch[0])
		at += (size_t)snprintf(out + at, sizeof out - at, "batch %s\n", batch);
	if (fs_mkdirs(dir, 0700, e) < 0 || fs_write_replace(path, out, at, 0600, e) < 0)
		return -1;
	return 0;
}

int store_quota_text_add(const struct store *st, const char *address, const char *hex,
			 struct err *e)
{
	char name[CRYPTO_ADDRESS_NAME];

	char one[1][65];

	snprintf(one[0], sizeof one[0], "%s", hex);
	store_quota_name(address, name);
	return store_quota_text_apply(st, name, (const char (*)[65])one, 1, "", e);
}

/* ---- a batch's counts, staged before its commit ----
 * DIR/quota/BATCH.staged, a line an entry: "COUNTER DAY GAME NAME CAUSE [TEXT]" (COUNTER
 * a number, or "t" for a text; NAME the address's file name, CAUSE the SHA-256 of the key
 * of the mail that took it), so that a run that died after the commit can count those of
 * committed mails, and only those. */
#define STAGED ".staged"

static void staged_path(const struct store *st, const char *batch, char *path, size_t len)
{
	snprintf(path, len, "%s/quota/%s" STAGED, st->dir, batch);
}

int store_quota_stage(const struct store *st, const char *batch,
		      const struct quota_entry *q, size_t n, struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 96];
	struct buf b = { 0 };

	for (size_t i = 0; i < n; i++) {
		if (q[i].counter < 0)
			buf_printf(&b, "t %lld %d %s %s %s\n", q[i].day, q[i].game, q[i].name,
				   q[i].cause, q[i].text);
		else
			buf_printf(&b, "%d %lld %d %s %s\n", q[i].counter, q[i].day, q[i].game,
				   q[i].name, q[i].cause);
	}
	if (b.failed)
		return buf_free(&b), err_set(e, "out of memory");
	snprintf(dir, sizeof dir, "%s/quota", st->dir);
	staged_path(st, batch, path, sizeof path);
	int rc = fs_mkdirs(dir, 0700, e) < 0 ? -1 :
		 (st->lazy ? fs_write_replace : fs_write_atomic)(path, b.s ? b.s : "", b.n, 0600, e);
	buf_free(&b);
	return rc;
}

/* One line of a staged file read into q: true if it is whole. */
static bool entry_read(const char *line, struct quota_entry *q)
{
	char counter[4];

	memset(q, 0, sizeof *q);
	if (sscanf(line, "%3s %lld %d %32[0-9a-f] %64[0-9a-f] %64[0-9a-f]", counter, &q->day,
		   &q->game, q->name, q->cause, q->text) < 5 || strlen(q->cause) != HASH_HEX_LEN)
		return false;
	if (!strcmp(counter, "t"))
		q->counter = -1;
	else if ((q->counter = atoi(counter)) < 0 || q->counter >= QUOTA_COUNTERS)
		return false;
	return q->counter >= 0 || strlen(q->text) == HASH_HEX_LEN;
}

int store_quota_staged_read(const char *path, struct quota_entry **out, size_t *n,
			    struct err *e)
{
	char *text;
	size_t len;

	*out = NULL;
	*n = 0;
	if (fs_read(path, 64u << 20, &text, &len, e) < 0)
		return -1;
	for (char *p = text, *nl; p < text + len; p = nl + 1) {
		if (!(nl = strchr(p, '\n')))
			break;          /* a line cut short by a crash: not a whole entry */
		*nl = 0;
		struct quota_entry q, *a;
		if (!entry_read(p, &q))
			continue;
		if (!(a = realloc(*out, (*n + 1) * sizeof *a))) {
			free(text);
			return err_set(e, "out of memory");
		}
		*out = a;
		a[(*n)++] = q;
	}
	free(text);
	return 0;
}

int store_quota_staged_list(const struct store *st, char ***paths, size_t *n, struct err *e)
{
	char dir[PATH_MAX + 16];
	struct dirent *d;
	DIR *dp;

	*paths = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/quota", st->dir);
	if (!(dp = opendir(dir)))
		return errno == ENOENT ? 0 : err_set(e, "cannot read %s: %s", dir, strerror(errno));
	while ((d = readdir(dp))) {
		size_t k = strlen(d->d_name);
		char **a;
		if (k <= strlen(STAGED) || strcmp(d->d_name + k - strlen(STAGED), STAGED) ||
		    strstr(d->d_name, ".tmp."))
			continue;
		if (!(a = realloc(*paths, (*n + 1) * sizeof *a)) ||
		    !(a[*n] = malloc(strlen(dir) + k + 2))) {
			if (a)
				*paths = a;
			closedir(dp);
			return err_set(e, "out of memory");
		}
		*paths = a;
		sprintf(a[(*n)++], "%s/%s", dir, d->d_name);
	}
	closedir(dp);
	return 0;
}

void store_quota_batch_of(const char *path, char batch[QUOTA_BATCH_MAX])
{
	const char *slash = strrchr(path, '/'), *b = slash ? slash + 1 : path;
	size_t k = strlen(b) - strlen(STAGED);

	snprintf(batch, QUOTA_BATCH_MAX, "%.*s", (int)(k < QUOTA_BATCH_MAX ? k : 0), b);
}

int store_quota_unstage(const struct store *st, const char *batch, struct err *e)
{
	char path[PATH_MAX + 96];

	staged_path(st, batch, path, sizeof path);
	if (unlink(path) < 0 && errno != ENOENT)
		return err_set(e, "cannot remove %s: %s", path, strerror(errno));
	return 0;
}
