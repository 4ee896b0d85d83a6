/* lasttime.c: the latest time the data directory has recorded (store.h,
 * store_last_time): DIR/last-time, "EPOCH" and a line end, moved forward as work is
 * committed, never back. A clock behind it is a clock gone wrong, not time gone by. */
#include <stdio.h>

#include "store/store.h"
#include "util/fsutil.h"

long long store_last_time(const struct store *st)
{
	char path[PATH_MAX + 16];
	long long t = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/last-time", st->dir);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%lld", &t) != 1 || t < 0)
			t = 0;
		fclose(f);
	}
	return t;
}

int store_reset_last_time(const struct store *st, long long t, struct err *e)
{
	char path[PATH_MAX + 16], line[32];

	snprintf(path, sizeof path, "%s/last-time", st->dir);
	int len = snprintf(line, sizeof line, "%lld\n", t);
	return fs_write_atomic(path, line, (size_t)len, 0600, e);
}

int store_set_last_time(const struct store *st, long long t, struct err *e)
{
	char path[PATH_MAX + 16], line[32];

	if (t <= store_last_time(st))
		return 0;
	snprintf(path, sizeof path, "%s/last-time", st->dir);
	int len = snprintf(line, sizeof line, "%lld\n", t);
	return fs_write_replace(path, line, (size_t)len, 0600, e);
}

/* ---- the last run: DIR/last-run, "EPOCH", the time of the latest run, committing or not
 * (an hour at a time): a clock far ahead of it has leapt, or the referee was down. It is
 * no floor: a run whose clock is behind it is not held back by it. */

long long store_last_run(const struct store *st)
{
	char path[PATH_MAX + 16];
	long long t = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/last-run", st->dir);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%lld", &t) != 1 || t < 0)
			t = 0;
		fclose(f);
	}
	return t;
}

int store_set_last_run(const struct store *st, long long t, struct err *e)
{
	char path[PATH_MAX + 16], line[32];

	snprintf(path, sizeof path, "%s/last-run", st->dir);
	int len = snprintf(line, sizeof line, "%lld\n", t);
	return fs_write_replace(path, line, (size_t)len, 0600, e);
}
