/* killshim.c: an LD_PRELOAD library for the kill tests. It counts the process's calls
 * that touch the file system (open, write, rename, fsync, unlink, ... and their stdio
 * forms) and, when $KILL_AT names the N-th, kills the process with SIGKILL just before that
 * call ($KILL_WHEN=before, the default) or just after it (after) — as a power cut would
 * at that point. With $KILL_COUNT naming a file, the number of calls made is written there
 * at exit, so that a script can aim at every one of them. Only the test scripts load it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static long calls, kill_at = -1;
static int after;

__attribute__((constructor)) static void shim_init(void)
{
	const char *at = getenv("KILL_AT"), *when = getenv("KILL_WHEN");

	if (at && *at)
		kill_at = atol(at);
	after = when && !strcmp(when, "after");
}

__attribute__((destructor)) static void shim_fini(void)
{
	const char *path = getenv("KILL_COUNT");
	char buf[32];

	if (path && *path) {
		int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd >= 0) {
			int n = snprintf(buf, sizeof buf, "%ld\n", calls);
			if (syscall(SYS_write, fd, buf, (size_t)n) < 0)
				_exit(111);
			syscall(SYS_close, fd);
		}
	}
}

static void before_call(void)
{
	if (++calls == kill_at && !after)
		kill(getpid(), SIGKILL);
}

static void after_call(void)
{
	if (calls == kill_at && after)
		kill(getpid(), SIGKILL);
}

#define REAL(name) static __typeof__(name) *real; if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

int open(const char *path, int flags, ...)
{
	REAL(open);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
	va_end(ap);
	before_call();
	int r = real(path, flags, mode);
	after_call();
	return r;
}

int openat(int dir, const char *path, int flags, ...)
{
	REAL(openat);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
	va_end(ap);
	before_call();
	int r = real(dir, path, flags, mode);
	after_call();
	return r;
}

FILE *fopen(const char *path, const char *mode)
{
	REAL(fopen);
	before_call();
	FILE *r = real(path, mode);
	after_call();
	return r;
}

/* The calls of one shape: counted, made, counted again for a kill after. */
#define WRAP(ret, name, params, args) \
	ret name params \
	{ \
		REAL(name); \
		before_call(); \
		ret r = real args; \
		after_call(); \
		return r; \
	}

WRAP(ssize_t, write, (int fd, const void *b, size_t n), (fd, b, n))
WRAP(ssize_t, pwrite, (int fd, const void *b, size_t n, off_t o), (fd, b, n, o))
WRAP(size_t, fwrite, (const void *b, size_t s, size_t n, FILE *f), (b, s, n, f))
WRAP(int, fflush, (FILE *f), (f))
WRAP(int, fclose, (FILE *f), (f))
WRAP(int, close, (int fd), (fd))
WRAP(int, fsync, (int fd), (fd))
WRAP(int, fdatasync, (int fd), (fd))
WRAP(int, ftruncate, (int fd, off_t n), (fd, n))
WRAP(int, rename, (const char *a, const char *b), (a, b))
WRAP(int, renameat, (int da, const char *a, int db, const char *b), (da, a, db, b))
WRAP(int, renameat2, (int da, const char *a, int db, const char *b, unsigned f), (da, a, db, b, f))
WRAP(int, truncate, (const char *p, off_t n), (p, n))
WRAP(int, link, (const char *a, const char *b), (a, b))
WRAP(int, unlink, (const char *p), (p))
WRAP(int, unlinkat, (int d, const char *p, int f), (d, p, f))
WRAP(int, mkdir, (const char *p, mode_t m), (p, m))
WRAP(int, rmdir, (const char *p), (p))
WRAP(int, flock, (int fd, int op), (fd, op))
