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
