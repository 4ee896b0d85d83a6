/* spool.c: see spool.h. */
#include "mail/spool.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/outbox.h"
#include "util/crypto.h"
#include "util/fsutil.h"
#include "util/log.h"
#include "util/xxh64.h"

#define MAGIC "tempest-spool 2\n"
#define MAGIC_1 "tempest-spool 1\n"            /* an earlier release's: SHA-256 sums */
#define INDEX_MAGIC "tempest-spool-index 1\n"
#define EXT ".spool"
#define INDEX ".index"
#define MARKS ".sent"
#define HEAD_MAX 200                    /* a record's first line, with room to spare */
#define TEXT_MAX (64LL * 1024 * 1024)   /* far above any reply the referee writes */
#define FLUSH_AT (128u << 10)           /* the records a writer holds before it writes:
					 * large writes, and little memory (a batch
					 * spools megabytes) */

#define WRITEBACK_AT (4u << 20)         /* bytes written before they go to the disk */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w, n -= (size_t)w;
	}
	return 0;
}

/* A record's sum as its spool's version writes it: XXH64 (2), or the first 8 bytes of
 * SHA-256 (1: three times the time, on every reply written and again when it is sent). */
static void sum_of(int version, const char *text, size_t len, char out[17])
{
	uint8_t h[CRYPTO_HASH_LEN];

	if (version == 1) {
		crypto_sha256(text, len, h);
		crypto_hex(h, 8, out);
	} else {
		uint64_t v = xxh64(text, len, 0);
		for (int i = 0; i < 8; i++)     /* "%016llx" without snprintf */
			h[i] = (uint8_t)(v >> (56 - 8 * i));
		crypto_hex(h, 8, out);
	}
}

static bool is_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]) && (s[i] < 'a' || s[i] > 'f'))
			return false;
	return s[n] == 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix) && !strstr(s, ".tmp.");
}

/* ---- writing ---- */

int spool_create(const char *dir, struct spool_writer *w, struct err *e)
{
	static unsigned seq;
	struct timespec now;

	w->pending = (struct buf){ 0 };
	w->index = (struct buf){ 0 };
	w->written = w->handed = (long long)strlen(MAGIC);
	clock_gettime(CLOCK_REALTIME, &now);
	if (snprintf(w->path, sizeof w->path, "%s/staged/%016llx.%ld.%u" EXT, dir,
		     (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec,
		     (long)getpid(), seq++) >= (int)sizeof w->path)
		return err_set(e, "outbox: path too long: %s", dir);
	w->fd = open(w->path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);
	if (w->fd < 0)
		return err_set(e, "outbox: cannot create %s: %s", w->path, strerror(errno));
	if (write_all(w->fd, MAGIC, strlen(MAGIC)) < 0) {
		int saved = errno;
		spool_close(w);
		return err_set(e, "outbox: cannot write %s: %s", w->path, strerror(saved));
	}
	return 0;
}

/* A record's head, "GAME CAUSE NAME LENGTH SUM\n", into head (HEAD_MAX bytes); its
 * length. By hand: one for every reply. */
static size_t head_line(char *head, int game, const char *cause, const char *name, size_t len,
			const char *sum)
{
	size_t n = 0;

	if (game < 0)
		head[n++] = '-';
	n += fmt_uint(head + n, game < 0 ? -(unsigned long long)game : (unsigned long long)game);
	head[n++] = ' ';
	memcpy(head + n, cause, 64);
	head[n + 64] = ' ';
	memcpy(head + n + 65, name, 32);
	n += 97;
	head[n++] = ' ';
	n += fmt_uint(head + n, len);
	head[n++] = ' ';
	memcpy(head + n, sum, 16);
	n += 16;
	head[n++] = '\n';
	return n;
}

int spool_add(struct spool_writer *w, int game, const char *cause_key, const char *message_id,
	      const char *text, size_t len, struct err *e)
{
	/* a mail's replies share their cause: hashed once for all of them */
	static char last_key[256], last_cause[2 * CRYPTO_HASH_LEN + 1];
	static bool have;
	uint8_t h[CRYPTO_HASH_LEN];
	char name[33], sum[17], head[HEAD_MAX];

	if (!message_id || !*message_id)
		return err_set(e, "outbox: a queued mail needs a Message-ID");
	if (!have || strlen(cause_key) >= sizeof last_key || strcmp(cause_key, last_key)) {
		crypto_sha256(cause_key, strlen(cause_key), h);
		crypto_hex(h, sizeof h, last_cause);
		snprintf(last_key, sizeof last_key, "%s", cause_key);
		have = strlen(cause_key) < sizeof last_key;
	}
	outbox_name(message_id, name);
	sum_of(2, text, len, sum);
	size_t hn = head_line(head, game, last_cause, name, len, sum);
	buf_printf(&w->index, "%d %s\n", game, name);
	if (w->index.failed)
		return err_set(e, "out of memory");
	buf_add(&w->pending, head, hn);
	buf_add(&w->pending, text, len);
	buf_add(&w->pending, "\n", 1);
	if (w->pending.failed) {
		buf_free(&w->pending);
		return err_set(e, "out of memory");
	}
	return w->pending.n >= FLUSH_AT ? spool_flush(w, e) : 0;
}

int spool_flush(struct spool_writer *w, struct err *e)
{
	/* a record is cut short only by a crash or a full disk, and the reader stops there */
	int rc = w->pending.n ? write_all(w->fd, w->pending.s, w->pending.n) : 0;

	if (rc == 0)
		w->written += (long long)w->pending.n;
	w->pending.n = 0;
	if (rc < 0)
		return err_set(e, "outbox: cannot write %s: %s", w->path, strerror(errno));
	/* a batch's replies are most of what its sync waits for: the disk takes them while
	 * the batch goes on, a few megabytes at a time */
	if (w->written - w->handed >= WRITEBACK_AT) {
		fs_start_writeback(w->fd, w->handed, w->written - w->handed);
		w->handed = w->written;
	}
	return 0;
}

void spool_index_path(const char *spool_path, char *out, size_t len)
{
	size_t n = strlen(spool_path);

	if (n > strlen(EXT) && !strcmp(spool_path + n - strlen(EXT), EXT))
		n -= strlen(EXT);
	snprintf(out, len, "%.*s" INDEX, (int)n, spool_path);
}

/* An index of `text` (its lines "GAME NAME") written for spool_path: synced or not. */
static int index_write(const char *spool_path, const char *text, size_t len, bool sync,
		       struct err *e)
{
	char path[PATH_MAX + 16];
	struct buf b = { 0 };

	spool_index_path(spool_path, path, sizeof path);
	buf_str(&b, INDEX_MAGIC);
	buf_add(&b, text, len);
	int rc = b.failed ? err_set(e, "out of memory") :
		 (sync ? fs_write_atomic : fs_write_replace)(path, b.s, b.n, 0600, e);
	buf_free(&b);
	return rc;
}

/* The spools this process wrote, as they stood once written whole: read back in the same
 * run, their records need no sum (spool_trusted). */
static struct written {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
} *written;
static size_t nwritten;

static void remember_written(int fd)
{
	struct stat sb;
	struct written *a;

	if (fstat(fd, &sb) < 0 || !(a = realloc(written, (nwritten + 1) * sizeof *a)))
		return;                 /* then its records are checked as any others */
	written = a;
	written[nwritten++] = (struct written){ sb.st_dev, sb.st_ino, sb.st_size, sb.st_mtim };
}

bool spool_trusted(int fd)
{
	struct stat sb;

	if (!nwritten || fstat(fd, &sb) < 0)
		return false;
	for (size_t i = 0; i < nwritten; i++)
		if (written[i].dev == sb.st_dev && written[i].ino == sb.st_ino &&
		    written[i].size == sb.st_size && written[i].mtime.tv_sec == sb.st_mtim.tv_sec &&
		    written[i].mtime.tv_nsec == sb.st_mtim.tv_nsec)
			return true;
	return false;
}

int spool_finish(struct spool_writer *w, struct err *e)
{
	if (spool_flush(w, e) < 0)
		return -1;
	remember_written(w->fd);
	return index_write(w->path, w->index.s ? w->index.s : "", w->index.n, false, e);
}

int spool_index(const char *spool_path, struct spool_rec **r, size_t *n, struct err *e)
{
	char path[PATH_MAX + 16], *text;
	size_t len;

	*r = NULL;
	*n = 0;
	spool_index_path(spool_path, path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, 64u << 20, &text, &len, e) < 0)
		return -1;
	if (strncmp(text, INDEX_MAGIC, strlen(INDEX_MAGIC))) {
		free(text);
		return 0;               /* not an index: as if there were none */
	}
	for (char *p = text + strlen(INDEX_MAGIC), *nl; (nl = strchr(p, '\n')); p = nl + 1) {
		struct spool_rec x = { 0 }, *a;
		*nl = 0;
		if (sscanf(p, "%d %32s", &x.game, x.name) != 2 || strlen(x.name) != 32)
			break;
		if (!(a = realloc(*r, (*n + 1) * sizeof *a))) {
			free(text);
			return err_set(e, "out of memory");
		}
		*r = a;
		a[(*n)++] = x;
	}
	free(text);
	return 0;
}

void spool_close(struct spool_writer *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	buf_free(&w->pending);
	buf_free(&w->index);
}

/* ---- reading ---- */

/* A word of exactly n characters and the blank after it (or the line's end), copied. */
static const char *head_word(const char *p, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] <= ' ')
			return NULL;
	if (p[n] != ' ' && p[n])
		return NULL;
	memcpy(out, p, n);
	out[n] = 0;
	return p + n + (p[n] == ' ');
}

/* The fields of a head as this program writes them (one blank between each), without
 * sscanf (thousands of records a flush); false for anything else, which sscanf reads. */
static bool head_fields(const char *p, struct spool_rec *r)
{
	char *end;
	long g = strtol(p, &end, 10);

	if (end == p || *end != ' ' || g < -99999999 || g > 999999999)
		return false;
	if (!(p = head_word(end + 1, 64, r->cause)) || !(p = head_word(p, 32, r->name)) ||
	    !isdigit((unsigned char)*p))
		return false;
	unsigned long long len = strtoull(p, &end, 10);
	if (*end != ' ' || len > (unsigned long long)TEXT_MAX || !head_word(end + 1, 16, r->sum))
		return false;
	r->game = (int)g;
	r->len = (size_t)len;
	return true;
}

/* The head of the record whose first line starts at off, read from the avail bytes at p
 * (its text not looked at): false if there is none that can be read there. */
static bool head_of(const char *p, size_t avail, long long off, struct spool_rec *r)
{
	char head[HEAD_MAX + 1];
	size_t k = avail < HEAD_MAX ? avail : HEAD_MAX;
	char *nl;

	memcpy(head, p, k);
	head[k] = 0;
	if (!(nl = memchr(head, '\n', k)))
		return false;
	*nl = 0;
	if (!head_fields(head, r) &&
	    sscanf(head, "%d %64s %32s %zu %16s", &r->game, r->cause, r->name, &r->len, r->sum) != 5)
		return false;
	if (r->game < -99999999 || !is_hex(r->cause, 64) || !is_hex(r->name, 32) ||
	    !is_hex(r->sum, 16) || (long long)r->len > TEXT_MAX)
		return false;
	r->off = off + (nl - head) + 1;
	return true;
}

static bool parse_head(int fd, long long off, struct spool_rec *r)
{
	char head[HEAD_MAX];
	ssize_t got = pread(fd, head, HEAD_MAX, (off_t)off);

	return got > 0 && head_of(head, (size_t)got, off, r);
}

/* ---- reading in large pieces ---- */

size_t spool_window_get(struct spool_window *w, int fd, long long off, size_t want,
			const char **p)
{
	long long end = w->off + (long long)w->len;

	/* in the window already, or as much of it as the file has */
	if (w->buf && off >= w->off && (off + (long long)want <= end || (w->eof && off <= end))) {
		*p = w->buf + (off - w->off);
		return (size_t)(end - off);
	}
	size_t size = want > SPOOL_READ_AT ? want : SPOOL_READ_AT;
	if (size > w->cap) {
		char *b = realloc(w->buf, size + 1);
		if (!b)
			return 0;
		w->buf = b;
		w->cap = size;
	}
	w->off = off;
	w->len = 0;
	w->nul = -1;
	w->eof = false;
	while (w->len < size) {
		ssize_t got = pread(fd, w->buf + w->len, size - w->len, (off_t)(off + (long long)w->len));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			w->eof = true;
			break;
		}
		w->len += (size_t)got;
	}
	*p = w->buf;
	return w->len;
}

void spool_window_free(struct spool_window *w)
{
	free(w->buf);
	*w = (struct spool_window){ .nul = -1 };
}

/* The version of the spool open as fd: 2, 1, or 0 for a file that is not a spool. */
static int spool_version(int fd)
{
	char magic[sizeof MAGIC];

	if (pread(fd, magic, strlen(MAGIC), 0) != (ssize_t)strlen(MAGIC))
		return 0;
	return !memcmp(magic, MAGIC, strlen(MAGIC)) ? 2 : !memcmp(magic, MAGIC_1, strlen(MAGIC));
}

/* The records from off on, their heads read from the window (a read for hundreds of
 * records, not one each). */
static int add_records(int fd, int version, long long size, struct spool_rec **out, size_t *n,
		       struct err *e)
{
	struct spool_window w = { .nul = -1 };
	size_t cap = 0;
	struct spool_rec r;
	const char *p;
	int rc = 0;

	for (long long off = (long long)strlen(MAGIC); off < size; off = r.off + (long long)r.len + 1) {
		size_t avail = spool_window_get(&w, fd, off, HEAD_MAX, &p);
		if (!avail || !head_of(p, avail, off, &r) || r.off + (long long)r.len + 1 > size)
			break;
		r.version = version;
		if (*n == cap) {
			struct spool_rec *a = realloc(*out, (cap = cap ? 2 * cap : 64) * sizeof *a);
			if (!a) {
				rc = err_set(e, "out of memory");
				break;
			}
			*out = a;
		}
		(*out)[(*n)++] = r;
	}
	spool_window_free(&w);
	return rc;
}

int spool_records(const char *path, struct spool_rec **out, size_t *n, struct err *e)
{
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC), version;

	*out = NULL;
	*n = 0;
	if (fd < 0)
		return err_set(e, "outbox: cannot open %s: %s", path, strerror(errno));
	if (fstat(fd, &sb) < 0 || !(version = spool_version(fd))) {
		close(fd);
		return 0;
	}
	int rc = add_records(fd, version, (long long)sb.st_size, out, n, e);
	close(fd);
	if (rc < 0) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

int spool_cut(const char *path, const struct spool_rec *r, size_t n, struct spool_rec *cut)
{
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(cut, 0, sizeof *cut);
	if (fd < 0)
		return 0;               /* gone, or unreadable: spool_records says so */
	long long end = n ? r[n - 1].off + (long long)r[n - 1].len + 1 : (long long)strlen(MAGIC);
	int rc = fstat(fd, &sb) == 0 && sb.st_size != end;
	if (rc && (sb.st_size < end || !parse_head(fd, end, cut)))
		memset(cut, 0, sizeof *cut);
	close(fd);
	return rc;
}

int spool_text(int fd, const char *path, const struct spool_rec *r, char **text, struct err *e)
{
	char *buf, sum[17];

	if (!(buf = malloc(r->len + 1)))
		return err_set(e, "out of memory");
	ssize_t got = pread(fd, buf, r->len + 1, (off_t)r->off);
	if (got != (ssize_t)r->len + 1 || buf[r->len] != '\n') {
		free(buf);
		return err_set(e, "outbox: %s: a record cut short", path);
	}
	buf[r->len] = 0;
	sum_of(r->version, buf, r->len, sum);
	if (strcmp(sum, r->sum)) {
		free(buf);
		return err_set(e, "outbox: %s: a record whose sum differs", path);
	}
	*text = buf;
	return 0;
}

int spool_view(struct spool_window *w, int fd, const char *path, const struct spool_rec *r,
	       bool trusted, const char **text, struct err *e)
{
	char sum[17];
	const char *p;
	size_t avail = spool_window_get(w, fd, r->off, r->len + 1, &p);

	if (!avail && !w->buf)
		return err_set(e, "out of memory");
	/* the line end after the text: the NUL a view put there stands for it */
	long long end = r->off + (long long)r->len;
	if (avail < r->len + 1 || (p[r->len] != '\n' && end != w->nul))
		return err_set(e, "outbox: %s: a record cut short", path);
	w->nul = end;
	((char *)p)[r->len] = 0;
	if (!trusted) {
		sum_of(r->version, p, r->len, sum);
		if (strcmp(sum, r->sum))
			return err_set(e, "outbox: %s: a record whose sum differs", path);
	}
	*text = p;
	return 0;
}

/* ---- queueing ---- */

/* Writes the records of staged that keep marks to dest, synced. */
static int copy_kept(const char *staged, const struct spool_rec *r, size_t n, const bool *keep,
		     const char *dest, struct err *e)
{
	char tmp[PATH_MAX + 32];
	int fd, in = open(staged, O_RDONLY | O_CLOEXEC);

	if (in < 0)
		return err_set(e, "outbox: cannot open %s: %s", staged, strerror(errno));
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", dest, (long)getpid());
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0) {
		close(in);
		return err_set(e, "outbox: cannot create %s: %s", tmp, strerror(errno));
	}
	int rc = write_all(fd, MAGIC, strlen(MAGIC)) < 0 ?
		 err_set(e, "outbox: cannot write %s: %s", tmp, strerror(errno)) : 0;
	struct buf index = { 0 };
	for (size_t i = 0; i < n && rc == 0; i++) {
		char head[HEAD_MAX], *text;
		if (!keep[i])
			continue;
		/* a record damaged on disk can never go: the others must */
		struct err le;
		if (spool_text(in, staged, &r[i], &text, &le) < 0) {
			log_warn("%s (record %zu dropped)", le.msg, i);
			continue;
		}
		char sum[17];   /* in this version's sum: the copy is a spool of this version */
		sum_of(2, text, r[i].len, sum);
		buf_printf(&index, "%d %s\n", r[i].game, r[i].name);
		int hn = snprintf(head, sizeof head, "%d %s %s %zu %s\n", r[i].game, r[i].cause,
				  r[i].name, r[i].len, sum);
		if (write_all(fd, head, (size_t)hn) < 0 || write_all(fd, text, r[i].len) < 0 ||
		    write_all(fd, "\n", 1) < 0)
			rc = err_set(e, "outbox: cannot write %s: %s", tmp, strerror(errno));
		free(text);
	}
	close(in);
	/* the index before the spool it describes: a spool in the queue always has it */
	if (rc == 0)
		rc = index.failed ? err_set(e, "out of memory") :
		     index_write(dest, index.s ? index.s : "", index.n, true, e);
	buf_free(&index);
	if (rc == 0 && fsync(fd) < 0)
		rc = err_set(e, "outbox: cannot sync %s: %s", tmp, strerror(errno));
	if (close(fd) < 0 && rc == 0)
		rc = err_set(e, "outbox: cannot write %s: %s", tmp, strerror(errno));
	if (rc == 0 && rename(tmp, dest) < 0)
		rc = err_set(e, "outbox: cannot queue %s: %s", dest, strerror(errno));
	if (rc < 0)
		unlink(tmp);
	return rc < 0 ? -1 : fs_sync_dir_of(dest, e);
}

int spool_queue(const char *dir, const char *staged, const bool *keep, size_t nkeep,
		struct err *e)
{
	const char *base = strrchr(staged, '/');
	char dest[PATH_MAX];
	struct spool_rec *r;
	size_t n, kept = 0;

	base = base ? base + 1 : staged;
	if (snprintf(dest, sizeof dest, "%s/%s", dir, base) >= (int)sizeof dest)
		return err_set(e, "outbox: path too long: %s", dir);
	if (!keep) {
		char from[PATH_MAX + 16], to[PATH_MAX + 16];
		spool_index_path(staged, from, sizeof from);
		spool_index_path(dest, to, sizeof to);
		/* the index first: a spool in the queue always has it (a crash between leaves an
		 * index without its spool, which the queue drops) */
		if (rename(from, to) < 0 && errno != ENOENT)
			return err_set(e, "outbox: cannot queue %s: %s", from, strerror(errno));
		return rename(staged, dest) < 0 ?
		       err_set(e, "outbox: cannot queue %s: %s", staged, strerror(errno)) : 0;
	}
	if (spool_records(staged, &r, &n, e) < 0)
		return -1;
	if (n > nkeep)
		n = nkeep;
	for (size_t i = 0; i < n; i++)
		kept += keep[i];
	/* a run that died after the copy and before the removal wrote the same copy: the one
	 * in place may already be partly sent */
	int rc = kept && !fs_exists(dest) ? copy_kept(staged, r, n, keep, dest, e) : 0;
	free(r);
	if (rc < 0)
		return -1;
	char index[PATH_MAX + 16];
	spool_index_path(staged, index, sizeof index);
	if (unlink(staged) < 0 && errno != ENOENT)
		return err_set(e, "outbox: cannot remove %s: %s", staged, strerror(errno));
	unlink(index);                  /* the staged one's: the copy has its own */
	return fs_sync_dir_of(staged, e);
}

/* The paths of dir's entries that end in suffix. */
static int list_ending(const char *dir, const char *suffix, char ***paths, size_t *n,
		       struct err *e)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	*paths = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot open %s: %s", dir,
						     strerror(errno));
	while ((de = readdir(d))) {
		if (!ends_with(de->d_name, suffix))
			continue;
		char **a = realloc(*paths, (*n + 1) * sizeof *a);
		size_t len = strlen(dir) + strlen(de->d_name) + 2;
		if (!a || !(a[*n] = malloc(len))) {
			if (a)
				*paths = a;
			closedir(d);
			return err_set(e, "out of memory");
		}
		*paths = a;
		snprintf(a[(*n)++], len, "%s/%s", dir, de->d_name);
	}
	closedir(d);
	return 0;
}

int spool_staged(const char *dir, char ***paths, size_t *n, struct err *e)
{
	char sdir[PATH_MAX];

	snprintf(sdir, sizeof sdir, "%s/staged", dir);
	return list_ending(sdir, EXT, paths, n, e);
}

void spool_staged_orphans(const char *dir)
{
	char sdir[PATH_MAX], spool[PATH_MAX + 16], **paths;
	size_t n;
	struct err e;

	snprintf(sdir, sizeof sdir, "%s/staged", dir);
	if (list_ending(sdir, INDEX, &paths, &n, &e) < 0)
		return;
	for (size_t i = 0; i < n; i++) {
		snprintf(spool, sizeof spool, "%.*s" EXT, (int)(strlen(paths[i]) - strlen(INDEX)),
			 paths[i]);
		if (!fs_exists(spool))
			unlink(paths[i]);
		free(paths[i]);
	}
	free(paths);
}

int spool_queued(const char *dir, char ***paths, size_t *n, struct err *e)
{
	return list_ending(dir, EXT, paths, n, e);
}

void spool_damaged_path(const char *queued, char *out, size_t len)
{
	const char *base = strrchr(queued, '/');

	if (!base)
		snprintf(out, len, "failed/%s", queued);
	else
		snprintf(out, len, "%.*s/failed/%s", (int)(base - queued), queued, base + 1);
}
