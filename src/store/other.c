/* other.c: see other.h.
 *
 * Why a note beside the mbox: the mail is marked as seen only after its entries are
 * written, so a run stopped in between reads it again. DATA/other.last holds the key of the
 * mail last begun and the size of other.mbox before it; finding the same key again, the
 * open cuts the file back to that size (dropping a whole or a torn copy) and writes anew. */
#include "store/other.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/fsutil.h"

static void path_of(const struct store *st, const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", st->dir, name);
}

/* The size other.mbox had before the mail `key`, if that mail was the last one begun. */
static long long begun_at(const struct store *st, const char *key)
{
	char path[PATH_MAX + 32], line[1024], last[1024];
	long long size = -1;
	FILE *f;

	path_of(st, "other.last", path, sizeof path);
	if (!(f = fopen(path, "r")))
		return -1;
	if (fgets(line, sizeof line, f) && sscanf(line, "%lld %1023[^\n]", &size, last) == 2 &&
	    !strcmp(last, key)) {
		fclose(f);
		return size;
	}
	fclose(f);
	return -1;
}

int store_other_open(const struct store *st, const char *key, int *fd, struct err *e)
{
	char path[PATH_MAX + 32], note[1100];
	struct stat sb;

	path_of(st, "other.mbox", path, sizeof path);
	if ((*fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	long long size = begun_at(st, key);
	if (size >= 0 && ftruncate(*fd, size) < 0) {
		close(*fd);
		return err_set(e, "cannot cut %s back: %s", path, strerror(errno));
	}
	if (size < 0 && fstat(*fd, &sb) == 0)
		size = sb.st_size;
	int n = snprintf(note, sizeof note, "%lld %s\n", size, key);
	path_of(st, "other.last", path, sizeof path);
	if (size < 0 || n >= (int)sizeof note ||
	    fs_write_atomic(path, note, (size_t)n, 0600, e) < 0) {
		close(*fd);
		return e && e->msg[0] ? -1 : err_set(e, "cannot record the mail in %s", path);
	}
	return 0;
}

int store_other_close(const struct store *st, int fd, struct err *e)
{
	char path[PATH_MAX + 32];

	if (fsync(fd) < 0) {
		close(fd);
		path_of(st, "other.mbox", path, sizeof path);
		return err_set(e, "cannot write %s: %s", path, strerror(errno));
	}
	close(fd);
	return 0;
}

/* ---- a batch's part ----
 * A batch appends its mails about no game without a note each: it notes only the size
 * other.mbox had before it, as "SIZE *batch*" (not a key: a key holds no '*'), and
 * removes the note once its mails are committed. A run that died in between left mails
 * there whose seen marks were never made; they will be appended again when they are
 * processed again, so the next run cuts the file back before the first of them (the
 * batch marks its mails in order: those committed come first). */
#define BATCH_NOTE "*batch*"

int store_other_batch_begun(const struct store *st, long long size, struct err *e)
{
	char path[PATH_MAX + 32], note[64];
	int n = snprintf(note, sizeof note, "%lld " BATCH_NOTE "\n", size);

	path_of(st, "other.last", path, sizeof path);
	return fs_write_replace(path, note, (size_t)n, 0600, e);
}

void store_other_batch_done(const struct store *st)
{
	char path[PATH_MAX + 32];

	path_of(st, "other.last", path, sizeof path);
	unlink(path);
}

long long store_other_batch_from(const struct store *st)
{
	char path[PATH_MAX + 32], line[128], tag[16];
	long long size = -1;
	FILE *f;

	path_of(st, "other.last", path, sizeof path);
	if (!(f = fopen(path, "r")))
		return -1;
	bool batch = fgets(line, sizeof line, f) && sscanf(line, "%lld %15s", &size, tag) == 2 &&
		     !strcmp(tag, BATCH_NOTE);
	fclose(f);
	return batch ? size : -1;
}
