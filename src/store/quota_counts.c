/* quota_counts.c: the day's counts per address (store.h, store_quota_count) in one table,
 * DIR/quota/counts, read once a run and written again (atomically, not synced: a count is
 * a safeguard, not a record) once a batch, with all that batch's counts:
 *
 *   tempest-quota 1
 *   batch NAME              the last batches applied, newest first (BATCHES_KEPT)
 *   DAY COUNTER NAME COUNT  a line an address and counter: the day it last counted, the
 *                           counter's number (enum quota_counter), the address's name
 *                           (store_quota_name), its count that day
 *
 * A row holds one day, as each file of the earlier layout did; rows older than the day
 * before the newest are left out when the table is written, so that it holds what two
 * days' mail took, whatever the history. The batch names make a batch applied again after
 * a crash (before its staged file was removed: pipeline/answers.c) count once. A file per
 * address and counter cost a file's creation for every stranger a day.
 *
 * The earlier layout, DIR/quota/HASH[.strangers|.notices|.consent] ("DAY COUNT BATCH"), is
 * read when there is no table (an older data directory) and folded into the table at its
 * first write, then removed; until then its counts count, each file's batch included.
 * The run holds the data directory's lock, so that only its own writes change the table:
 * st->quota keeps it in memory for the run (a store without one reads it at each call). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "store/store_int.h"
#include "util/buf.h"
#include "util/fsutil.h"

#define COUNTS_HEAD "tempest-quota 1"
#define BATCHES_KEPT 8
#define NAME_LEN (CRYPTO_ADDRESS_NAME - 1)

static const char *const suffix[QUOTA_COUNTERS] = { "", ".strangers", ".notices", ".consent" };

struct quota_row {
	char name[CRYPTO_ADDRESS_NAME];
	bool old;                       /* from a file of the earlier layout, still in place */
	unsigned char counter;
	int count;
	long long day;
};

/* A file of the earlier layout folded in, and the batch it names. */
struct quota_old {
	char name[CRYPTO_ADDRESS_NAME];
	int counter;
	char was[QUOTA_BATCH_MAX];
};

struct store_quota_table {
	struct quota_row *rows;         /* by name, then counter */
	size_t n, cap;
	struct quota_old *old;          /* until the table's first write */
	size_t nold;
	char batches[BATCHES_KEPT][QUOTA_BATCH_MAX];    /* newest first */
	bool loaded;
	bool fold;                      /* files of the earlier layout to remove once written */
};

struct store_quota_table *store_quota_table_new(void)
{
	return calloc(1, sizeof(struct store_quota_table));
}

static void table_clear(struct store_quota_table *t)
{
	free(t->rows);
	free(t->old);
	memset(t, 0, sizeof *t);
}

void store_quota_table_free(struct store_quota_table *t)
{
	if (t)
		table_clear(t);
	free(t);
}

static int row_cmp(const char *name, int counter, const struct quota_row *r)
{
	int c = strcmp(name, r->name);

	return c ? c : counter - r->counter;
}

/* The row of (name, counter), made (zero) with make; NULL if none, or out of memory. */
static struct quota_row *row_find(struct store_quota_table *t, const char *name, int counter,
				  bool make)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = row_cmp(name, counter, &t->rows[mid]);
		if (!c)
			return &t->rows[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (!make)
		return NULL;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct quota_row *a = realloc(t->rows, cap * sizeof *a);
		if (!a)
			return NULL;
		t->rows = a;
		t->cap = cap;
	}
	memmove(&t->rows[lo + 1], &t->rows[lo], (t->n - lo) * sizeof *t->rows);
	t->n++;
	t->rows[lo] = (struct quota_row){ .counter = (unsigned char)counter, .day = -1 };
	snprintf(t->rows[lo].name, sizeof t->rows[lo].name, "%s", name);
	return &t->rows[lo];
}

static bool is_name(const char *s, size_t n)
{
	if (n != NAME_LEN)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

/* The table's text into t: false if it is not one (its head unknown). Lines that cannot
 * be read (a damaged file, a line cut short) are passed over. */
static bool table_parse(struct store_quota_table *t, char *text, size_t len)
{
	size_t nb = 0;
	char *nl = memchr(text, '\n', len);

	if (!nl || (size_t)(nl - text) != strlen(COUNTS_HEAD) ||
	    memcmp(text, COUNTS_HEAD, strlen(COUNTS_HEAD)))
		return false;
	for (char *p = nl + 1; p < text + len && (nl = memchr(p, '\n', (size_t)(text + len - p)));
	     p = nl + 1) {
		char name[CRYPTO_ADDRESS_NAME + 1], batch[QUOTA_BATCH_MAX];
		long long day;
		int counter, count, end = 0;
		struct quota_row *r;
		*nl = 0;
		if (sscanf(p, "batch %39s%n", batch, &end) == 1 && !p[end]) {
			if (nb < BATCHES_KEPT)
				snprintf(t->batches[nb++], QUOTA_BATCH_MAX, "%s", batch);
		} else if (sscanf(p, "%lld %d %33s %d%n", &day, &counter, name, &count, &end) == 4 &&
			   !p[end] && day >= 0 && counter >= 0 && counter < QUOTA_COUNTERS &&
			   count >= 0 && is_name(name, strlen(name)) &&
			   (r = row_find(t, name, counter, true))) {
			r->day = day;
			r->count = count;
		}
	}
	return true;
}

/* A file of the earlier layout: "DAY COUNT BATCH". */
static void fold_file(struct store_quota_table *t, const char *dir, const char *file, int counter)
{
	char path[PATH_MAX + 96], batch[QUOTA_BATCH_MAX] = "", name[CRYPTO_ADDRESS_NAME];
	long long day = -1;
	int count = 0;
	struct quota_row *r;
	struct quota_old *o;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%lld %d %39s", &day, &count, batch) < 2 || count < 0)
			day = -1;
		fclose(f);
	}
	snprintf(name, sizeof name, "%.*s", NAME_LEN, file);
	if (!(r = row_find(t, name, counter, true)) ||
	    !(o = realloc(t->old, (t->nold + 1) * sizeof *o)))
		return;
	t->old = o;
	o += t->nold++;
	memcpy(o->name, name, sizeof o->name);
	o->counter = counter;
	snprintf(o->was, sizeof o->was, "%s", batch);
	r->old = true;
	t->fold = true;
	if (day >= 0) {
		r->day = day;
		r->count = count;
	}
}

/* The batch the earlier layout's file of (name, counter) names, or "". */
static const char *old_batch(const struct store_quota_table *t, const char *name, int counter)
{
	for (size_t i = 0; i < t->nold; i++)
		if (t->old[i].counter == counter && !strcmp(t->old[i].name, name))
			return t->old[i].was;
	return "";
}

/* The count files of the earlier layout in DIR/quota/, into t. */
static void fold_old(const struct store *st, struct store_quota_table *t)
{
	char dir[PATH_MAX + 16];
	struct dirent *d;
	DIR *dp;

	snprintf(dir, sizeof dir, "%s/quota", st->dir);
	if (!(dp = opendir(dir)))
		return;
	while ((d = readdir(dp))) {
		const char *s = d->d_name;
		if (strlen(s) < NAME_LEN || !is_name(s, NAME_LEN))
			continue;
		for (int c = 0; c < QUOTA_COUNTERS; c++)
			if (!strcmp(s + NAME_LEN, suffix[c]))
				fold_file(t, dir, s, c);
	}
	closedir(dp);
}

/* The table as the directory holds it (the earlier layout's files if there is none, or
 * none that can be read). */
static void table_load(const struct store *st, struct store_quota_table *t)
{
	char path[PATH_MAX + 32], *text;
	size_t len;
	struct err e;

	table_clear(t);
	t->loaded = true;
	snprintf(path, sizeof path, "%s/quota/counts", st->dir);
	if (fs_read(path, 64u << 20, &text, &len, &e) == 0) {
		bool ok = table_parse(t, text, len);
		free(text);
		if (ok)
			return;
		table_clear(t);
		t->loaded = true;
	}
	fold_old(st, t);
}

/* The run's table, read once; a store without one reads it into tmp. */
static struct store_quota_table *table_of(const struct store *st, struct store_quota_table *tmp)
{
	struct store_quota_table *t = st->quota ? st->quota : tmp;

	if (!t->loaded)
		table_load(st, t);
	return t;
}

static void table_done(const struct store *st, struct store_quota_table *t)
{
	if (t != st->quota)
		table_clear(t);
}

/* The table written in place, then the earlier layout's files it folded in removed. */
static int table_write(const struct store *st, struct store_quota_table *t, struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 96];
	struct buf b = { 0 };
	long long newest = -1;

	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].day > newest)
			newest = t->rows[i].day;
	buf_str(&b, COUNTS_HEAD "\n");
	for (size_t i = 0; i < BATCHES_KEPT && t->batches[i][0]; i++)
		buf_printf(&b, "batch %s\n", t->batches[i]);
	for (size_t i = 0; i < t->n; i++) {
		const struct quota_row *r = &t->rows[i];
		if (r->day >= newest - 1 && r->count > 0)
			buf_printf(&b, "%lld %d %s %d\n", r->day, r->counter, r->name, r->count);
	}
	if (b.failed)
		return buf_free(&b), err_set(e, "out of memory");
	snprintf(dir, sizeof dir, "%s/quota", st->dir);
	snprintf(path, sizeof path, "%s/counts", dir);
	int rc = fs_mkdirs(dir, 0700, e) < 0 ? -1 : fs_write_replace(path, b.s, b.n, 0600, e);
	buf_free(&b);
	for (size_t i = 0; rc == 0 && i < t->nold; i++) {
		snprintf(path, sizeof path, "%s/%s%s", dir, t->old[i].name, suffix[t->old[i].counter]);
		unlink(path);           /* one left by a crash is read no more: the table is */
	}
	for (size_t i = 0; rc == 0 && t->fold && i < t->n; i++)
		t->rows[i].old = false;
	if (rc == 0) {                  /* the memory as the file: what it left out goes */
		size_t k = 0;
		for (size_t i = 0; i < t->n; i++)
			if (t->rows[i].day >= newest - 1 && t->rows[i].count > 0)
				t->rows[k++] = t->rows[i];
		t->n = k;
		t->fold = false;
		free(t->old);
		t->old = NULL;
		t->nold = 0;
	}
	return rc;
}

int store_quota_count(const struct store *st, const char *address, enum quota_counter c,
		      long long day)
{
	struct store_quota_table tmp = { 0 }, *t = table_of(st, &tmp);
	char name[CRYPTO_ADDRESS_NAME];

	store_quota_name(address, name);
	const struct quota_row *r = row_find(t, name, (int)c, false);
	int count = r && r->day == day ? r->count : 0;
	table_done(st, t);
	return count;
}

/* One more for (name, counter) on day. A row's day only moves forward: once a later day
 * counts, an earlier one's count matters no more. */
static int row_add(struct store_quota_table *t, const char *name, int counter, long long day,
		   int n, const char *batch)
{
	struct quota_row *r = row_find(t, name, counter, true);

	if (!r)
		return -1;
	if (r->old && batch[0] && !strcmp(old_batch(t, name, counter), batch))
		return 0;               /* the earlier layout's file holds this batch already */
	if (day > r->day) {
		r->day = day;
		r->count = 0;
	}
	if (day == r->day)
		r->count += n;
	return 0;
}

/* The entries kept (keep NULL: all; texts passed over) added for batch ("": none), or
 * count more for address, and the table written (not if the batch counted nothing). */
static int apply(const struct store *st, const char *batch, const struct quota_entry *q,
		 size_t n, const bool *keep, const char *address, int counter, long long day,
		 int count, struct err *e)
{
	struct store_quota_table tmp = { 0 }, *t = table_of(st, &tmp);
	char name[CRYPTO_ADDRESS_NAME];
	int rc = 0, added = 0;

	for (size_t i = 0; batch[0] && i < BATCHES_KEPT; i++)
		if (!strcmp(t->batches[i], batch)) {
			table_done(st, t);
			return 0;       /* this batch is counted already */
		}
	if (address) {
		store_quota_name(address, name);
		rc = row_add(t, name, counter, day, count, "");
		added++;
	}
	for (size_t i = 0; rc == 0 && i < n; i++)
		if ((!keep || keep[i]) && q[i].counter >= 0 && q[i].counter < QUOTA_COUNTERS &&
		    is_name(q[i].name, strlen(q[i].name))) {
			rc = row_add(t, q[i].name, q[i].counter, q[i].day, 1, batch);
			added++;
		}
	if (rc == 0 && !added) {
		table_done(st, t);
		return 0;
	}
	if (rc == 0 && batch[0]) {
		memmove(t->batches[1], t->batches[0], (BATCHES_KEPT - 1) * sizeof t->batches[0]);
		snprintf(t->batches[0], QUOTA_BATCH_MAX, "%s", batch);
	}
	if (rc < 0)
		err_set(e, "out of memory");
	else
		rc = table_write(st, t, e);
	if (rc < 0)                     /* what the file holds is not known now: read again */
		table_clear(t);
	table_done(st, t);
	return rc;
}

int store_quota_add(const struct store *st, const char *address, enum quota_counter c,
		    long long day, int n, struct err *e)
{
	return apply(st, "", NULL, 0, NULL, address, (int)c, day, n, e);
}

int store_quota_apply(const struct store *st, const char *batch, const struct quota_entry *q,
		      size_t n, const bool *keep, struct err *e)
{
	return apply(st, batch, q, n, keep, NULL, 0, 0, 0, e);
}
