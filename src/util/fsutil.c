/* fsutil.c: see fsutil.h. */
#include "util/fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *fs_data_dir(const char *override, const char *env, const char *name, char *buf,
			size_t len)
{
	const char *v = getenv(env);
	char exe[PATH_MAX];
	ssize_t n;

	if (override && *override)
		return override;
	if (v && *v)
		return v;
	if ((n = readlink("/proc/self/exe", exe, sizeof exe - 1)) > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(buf, len, "%s/%s", exe, name);
			if (access(buf, R_OK | X_OK) == 0)
				return buf;
			/* installed: PREFIX/bin/tempest finds PREFIX/share/tempest, wherever
			 * PREFIX and DESTDIR put the tree */
			snprintf(buf, len, "%s/../share/tempest/%s", exe, name);
			if (access(buf, R_OK | X_OK) == 0)
				return buf;
		}
	}
	snprintf(buf, len, "%s/%s", TEMPEST_DATADIR, name);
	return buf;
}

const char *fs_installed_config(char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);

	if (n <= 0)
		return NULL;
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = 0;                                     /* PREFIX/bin */
	if (!(slash = strrchr(exe, '/')) || strcmp(slash + 1, "bin"))
		return NULL;                            /* a build tree: the embedded mode */
	*slash = 0;                                     /* PREFIX */
	snprintf(buf, len, "%s/etc/tempest/tempest.conf", strcmp(exe, "/usr") ? exe : "");
	if (access(buf, R_OK) == 0)
		return buf;
	snprintf(buf, len, "/etc/tempest/tempest.conf");
	return access(buf, R_OK) == 0 ? buf : NULL;
}

int fs_read(const char *path, size_t max, char **out, size_t *len, struct err *e)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf;
	size_t n = 0;

	if (fd < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0 || (size_t)st.st_size > max) {
		close(fd);
		return err_set(e, "%s is larger than %zu bytes", path, max);
	}
	size_t cap = (size_t)st.st_size + 1;
	if (!(buf = malloc(cap))) {
		close(fd);
		return err_set(e, "out of memory reading %s", path);
	}
	for (;;) {
		if (n + 1 >= cap) {             /* the file grew while we read */
			if (cap > max) {
				free(buf);
				close(fd);
				return err_set(e, "%s is larger than %zu bytes", path, max);
			}
			char *b = realloc(buf, cap * 2);
			if (!b) {
				free(buf);
				close(fd);
				return err_set(e, "out of memory reading %s", path);
			}
			buf = b, cap *= 2;
		}
		ssize_t r = read(fd, buf + n, cap - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			close(fd);
			return err_set(e, "cannot read %s: %s", path, strerror(errno));
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = 0;
	*out = buf;
	if (len)
		*len = n;
	return 0;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w, len -= (size_t)w;
	}
	return 0;
}

int fs_sync_dir_of(const char *path, struct err *e)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd;

	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return err_set(e, "cannot open directory %s: %s", dir, strerror(errno));
	if (fsync(fd) < 0 && errno != EINVAL) {
		int saved = errno;
		close(fd);
		return err_set(e, "cannot sync directory %s: %s", dir, strerror(saved));
	}
	close(fd);
	return 0;
}

/* A failure of a system call: "WHAT: the reason", with errno left as it said, so that
 * the caller can tell a full disk (fs_full) from what a person must see to. */
static int fail_errno(struct err *e, int saved, const char *fmt, const char *path)
{
	char what[PATH_MAX + 64];

	snprintf(what, sizeof what, fmt, path);
	err_set(e, "%s: %s", what, strerror(saved));
	errno = saved;
	return -1;
}

bool fs_full(int err)
{
	return err == ENOSPC || err == EDQUOT;
}

static int write_replace(const char *path, const void *data, size_t len, int mode, bool sync,
			 struct err *e)
{
	char tmp[PATH_MAX];
	int fd;

	if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp)
		return err_set(e, "path too long: %s", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0)
		return fail_errno(e, errno, "cannot create %s", tmp);
	if (write_all(fd, data, len) < 0 || (sync && fsync(fd) < 0)) {
		int saved = errno;
		close(fd);
		unlink(tmp);
		return fail_errno(e, saved, "cannot write %s", tmp);
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		int saved = errno;
		unlink(tmp);
		return fail_errno(e, saved, "cannot put %s in place", path);
	}
	return sync ? fs_sync_dir_of(path, e) : 0;
}

int fs_write_atomic(const char *path, const void *data, size_t len, int mode, struct err *e)
{
	return write_replace(path, data, len, mode, true, e);
}

int fs_write_replace(const char *path, const void *data, size_t len, int mode, struct err *e)
{
	return write_replace(path, data, len, mode, false, e);
}

int fs_sync_fs(const char *path, struct err *e)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	if (syncfs(fd) < 0) {
		int saved = errno;
		close(fd);
		return fail_errno(e, saved, "cannot sync the file system of %s", path);
	}
	close(fd);
	return 0;
}

void fs_start_writeback(int fd, long long from, long long len)
{
	if (len > 0)
		(void)sync_file_range(fd, (off_t)from, (off_t)len, SYNC_FILE_RANGE_WRITE);
}

int fs_mkdirs(const char *path, int mode, struct err *e)
{
	char buf[PATH_MAX];
	size_t n = strlen(path);

	if (n == 0 || n >= sizeof buf)
		return err_set(e, "bad directory name '%s'", path);
	/* most calls find the directory made: one call, not a mkdir for each component (a
	 * batch's day's counts and notes ask for theirs at each mail) */
	struct stat sb;
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 0;
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != 0)
			continue;
		char c = buf[i];
		buf[i] = 0;
		if (mkdir(buf, (mode_t)mode) < 0 && errno != EEXIST)
			return fail_errno(e, errno, "cannot create directory %s", buf);
		buf[i] = c;
	}
	return 0;
}

int fs_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* What the lock's holder wrote of itself, on one line. */
static void lock_holder(int fd, char *out, size_t len)
{
	ssize_t n = pread(fd, out, len - 1, 0);

	out[n > 0 ? n : 0] = 0;
	for (char *p = out; *p; p++)
		if (*p == '\n' || (unsigned char)*p < ' ')
			*p = *p == '\n' ? 0 : ' ';
}

/* flock(op) on fd, waiting up to `wait` seconds (fs_lock); closes fd on failure. */
static int lock_wait(int fd, int op, const char *path, int wait, struct err *e)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	/* a bounded wait polls: flock has no timeout of its own */
	while (flock(fd, op | (wait < 0 ? 0 : LOCK_NB)) < 0) {
		int saved = errno;
		if (saved == EINTR)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &now);
		long long waited_ms = (now.tv_sec - start.tv_sec) * 1000LL +
				      (now.tv_nsec - start.tv_nsec) / 1000000;
		if (saved == EWOULDBLOCK && waited_ms < wait * 1000LL) {
			nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
			continue;
		}
		char holder[256];
		lock_holder(fd, holder, sizeof holder);
		close(fd);
		if (saved == EWOULDBLOCK)
			err_set(e, "another tempest run holds %s%s%s%s; gave up after %d s "
				"(lock_timeout)", path, holder[0] ? " (" : "", holder,
				holder[0] ? ")" : "", wait);
		else
			err_set(e, "cannot lock %s: %s", path, strerror(saved));
		errno = saved;          /* the caller tells another run at work by it */
		return -1;
	}
	return fd;
}

int fs_lock(const char *path, int wait, const char *who, struct err *e)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd < 0)
		return err_set(e, "cannot open lock %s: %s", path, strerror(errno));
	if (lock_wait(fd, LOCK_EX, path, wait, e) < 0)
		return -1;
	char line[256];
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	int n = snprintf(line, sizeof line, "pid %ld since %04d-%02d-%02dT%02d:%02d:%02dZ: %s\n",
			 (long)getpid(), tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
			 tm.tm_min, tm.tm_sec, who ? who : "tempest");
	/* who holds it is for people: a failure to say so does not stop the run */
	if (ftruncate(fd, 0) == 0 && pwrite(fd, line, (size_t)n, 0) < 0)
		errno = 0;
	return fd;
}

int fs_lock_shared(const char *path, int wait, struct err *e)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 && errno == ENOENT)
		return -2;
	if (fd < 0)
		return err_set(e, "cannot open lock %s: %s", path, strerror(errno));
	return lock_wait(fd, LOCK_SH, path, wait, e);
}

void fs_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int fs_clean_tmp(const char *dir, int *removed, struct err *e)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return errno == ENOENT ? 0 : err_set(e, "cannot open %s: %s", dir, strerror(errno));
	while ((de = readdir(d)))
		if (strstr(de->d_name, ".tmp.")) {
			char path[PATH_MAX + 300];
			snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
			if (unlink(path) < 0 && errno != ENOENT) {
				int saved = errno;
				closedir(d);
				return err_set(e, "cannot remove %s: %s", path, strerror(saved));
			}
			++*removed;
		}
	closedir(d);
	return 0;
}
