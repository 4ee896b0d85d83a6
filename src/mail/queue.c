/* queue.c: the outbox's queue as the sender sees it (spool.h): the NAME.eml files of
 * earlier releases and of single writes, and the records of the queued spools not yet
 * marked sent, oldest first (a file's modification time, then its records in order). */
#include "mail/spool.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/outbox.h"
#include "util/buf.h"
#include "util/fsutil.h"
#include "util/log.h"

#define QUEUED_MAX (64L * 1024 * 1024)

/* An item; a spool's records share its path (spool >= 0: borrowed from q->spools). */
static int add_item(struct queue *q, const char *path, int spool, size_t rec,
		    struct timespec mtime, struct err *e)
{
	if (q->n == q->cap) {   /* a spool of thousands of records: room by halves, not by one */
		size_t cap = q->cap + q->cap / 2 + 16;
		struct queue_item *a = realloc(q->it, cap * sizeof *a);
		if (!a)
			return err_set(e, "out of memory");
		q->it = a;
		q->cap = cap;
	}
	q->it[q->n] = (struct queue_item){ .spool = spool, .rec = rec, .mtime = mtime };
	if (spool >= 0)
		q->it[q->n].path = q->spools[spool].path;
	else if (!(q->it[q->n].path = strdup(path)))
		return err_set(e, "out of memory");
	q->n++;
	return 0;
}

/* Which records of the spool at path were marked sent (PATH without .spool, + .sent). */
static void read_marks(const char *path, struct queue_spool *s)
{
	char marks[PATH_MAX];
	FILE *f;
	size_t i;

	snprintf(marks, sizeof marks, "%.*s.sent", (int)(strlen(path) - strlen(".spool")), path);
	if (!(f = fopen(marks, "r")))
		return;
	/* a last line cut short names no record: it stays queued */
	char line[32];
	while (fgets(line, sizeof line, f))
		if (strchr(line, '\n') && sscanf(line, "%zu", &i) == 1 && i < s->n && !s->done[i]) {
			s->done[i] = true;
			s->left--;
		}
	fclose(f);
}

/* A spool cut short is told, never dropped: its readable records go; it leaves the queue
 * once its copy is kept in failed/, by the run that rebuilt what it could of the rest from
 * the game logs (pipeline/recover.c). */
static void note_cut(struct queue *q, struct queue_spool *s)
{
	struct spool_rec cut;
	char kept[PATH_MAX + 16];

	if (!(s->cut = spool_cut(s->path, s->r, s->n, &cut)))
		return;
	spool_damaged_path(s->path, kept, sizeof kept);
	/* kept: the run that kept it rebuilt the rest and told it (pipeline/recover.c); its
	 * readable records then go as any others, the rebuilt replies as files */
	if ((s->kept = fs_exists(kept))) {
		log_info("outbox: %s, cut short, is kept in failed/: its readable replies go",
			 s->path);
		return;
	}
	/* not yet rebuilt: replies wait unsent, however many of the readable ones go */
	q->ncut++;
	log_warn("outbox: %s is cut short after %zu whole record%s (a damaged disk?): its "
		 "readable replies go; the replies after the cut are not sent until a run of "
		 "`tempest process`, `poll` or `tick` rebuilds them from the game logs", s->path,
		 s->n, s->n == 1 ? "" : "s");
}

static int add_spool(struct queue *q, const char *path, struct timespec mtime, struct err *e)
{
	struct queue_spool *a = realloc(q->spools, (q->nspools + 1) * sizeof *a);

	if (!a)
		return err_set(e, "out of memory");
	q->spools = a;
	struct queue_spool *s = &a[q->nspools];
	*s = (struct queue_spool){ .fd = -1, .marks = -1 };
	if (!(s->path = strdup(path)))
		return err_set(e, "out of memory");
	q->nspools++;
	if (spool_records(path, &s->r, &s->n, e) < 0)
		return -1;
	if (!(s->done = calloc(s->n ? s->n : 1, sizeof *s->done)))
		return err_set(e, "out of memory");
	s->left = s->n;
	read_marks(path, s);
	note_cut(q, s);
	for (size_t i = 0; i < s->n; i++)
		if (!s->done[i] && add_item(q, path, (int)q->nspools - 1, i, mtime, e) < 0)
			return -1;
	return 0;
}

static int by_age(const void *a, const void *b)
{
	const struct queue_item *x = a, *y = b;
	int c;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	if ((c = strcmp(x->path, y->path)))
		return c;
	return x->rec < y->rec ? -1 : x->rec > y->rec;
}

static int load_entry(struct queue *q, const char *name, struct err *e)
{
	char path[PATH_MAX + 300];
	size_t n = strlen(name);
	bool spool = n > 6 && !strcmp(name + n - 6, ".spool") && !strstr(name, ".tmp.");
	struct stat st;

	if (!spool && !outbox_queue_name(name))
		return 0;
	snprintf(path, sizeof path, "%s/%s", q->dir, name);
	if (stat(path, &st) < 0)
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot stat %s: %s", path,
						     strerror(errno));
	if (!S_ISREG(st.st_mode))
		return 0;
	return spool ? add_spool(q, path, st.st_mtim, e) : add_item(q, path, -1, 0, st.st_mtim, e);
}

int queue_load(const char *dir, struct queue *q, struct err *e)
{
	struct dirent *de;
	DIR *d;
	int rc = 0;

	*q = (struct queue){ .window = { .nul = -1 }, .window_spool = -1 };
	snprintf(q->dir, sizeof q->dir, "%s", dir);
	if (!(d = opendir(dir)))
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot open %s: %s", dir,
						     strerror(errno));
	while (rc == 0 && (de = readdir(d)))
		rc = load_entry(q, de->d_name, e);
	closedir(d);
	if (rc == 0 && q->n)
		qsort(q->it, q->n, sizeof *q->it, by_age);
	return rc;
}

int queue_view(struct queue *q, size_t i, const char **text, size_t *len, struct err *e)
{
	const struct queue_item *it = &q->it[i];

	free(q->file);
	q->file = NULL;
	if (it->spool < 0) {
		if (fs_read(it->path, QUEUED_MAX, &q->file, len, e) < 0)
			return -1;
		*text = q->file;
		return 0;
	}
	struct queue_spool *s = &q->spools[it->spool];
	const struct spool_rec *r = &s->r[it->rec];
	if (s->fd < 0) {
		if ((s->fd = open(s->path, O_RDONLY | O_CLOEXEC)) < 0)
			return err_set(e, "outbox: cannot open %s: %s", s->path, strerror(errno));
		s->trusted = spool_trusted(s->fd);
	}
	if (q->window_spool != it->spool) {     /* another file's bytes: none of them */
		q->window.len = 0;
		q->window.eof = false;
		q->window.nul = -1;
		q->window_spool = it->spool;
	}
	if (spool_view(&q->window, s->fd, it->path, r, s->trusted, text, e) < 0)
		return -1;
	*len = r->len;
	return 0;
}

int queue_text(struct queue *q, size_t i, char **text, size_t *len, struct err *e)
{
	const char *view;

	if (queue_view(q, i, &view, len, e) < 0)
		return -1;
	if (!(*text = malloc(*len + 1)))
		return err_set(e, "out of memory");
	memcpy(*text, view, *len + 1);
	return 0;
}

void queue_label(const struct queue *q, size_t i, char *out, size_t len)
{
	const struct queue_item *it = &q->it[i];

	if (it->spool < 0)
		snprintf(out, len, "%s", it->path);
	else
		snprintf(out, len, "%s#%zu", it->path, it->rec);
}

/* Opens the spool's marks, with room for a mark of every record left: a full disk then
 * stops the flush before a mail goes, not between the mail and its mark (which would send
 * it again at the next run). */
static int open_marks(struct queue_spool *s, struct err *e)
{
	char path[PATH_MAX], digits[32];
	struct stat sb;

	if (s->marks >= 0)
		return 0;
	snprintf(path, sizeof path, "%.*s.sent", (int)(strlen(s->path) - strlen(".spool")), s->path);
	if ((s->marks = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600)) < 0)
		return err_set(e, "outbox: cannot open %s: %s", path, strerror(errno));
	size_t line = (size_t)snprintf(digits, sizeof digits, "%zu\n", s->n);
	if (fstat(s->marks, &sb) < 0 ||
	    (fallocate(s->marks, FALLOC_FL_KEEP_SIZE, sb.st_size, (off_t)(s->left * line)) < 0 &&
	     errno != EOPNOTSUPP)) {
		int saved = errno;
		close(s->marks);
		s->marks = -1;
		return err_set(e, "outbox: cannot make room in %s: %s", path, strerror(saved));
	}
	return 0;
}

int queue_ready(struct queue *q, size_t i, struct err *e)
{
	return q->it[i].spool < 0 ? 0 : open_marks(&q->spools[q->it[i].spool], e);
}

/* Appends the indexes of the records recs[0..n) (all of spool s) to its marks, in one
 * write. */
static int mark(struct queue_spool *s, const size_t *recs, size_t n, struct err *e)
{
	char small[32], *lines = small;
	size_t len = 0;

	if (open_marks(s, e) < 0)
		return -1;
	if (n > 1 && !(lines = malloc(n * 21)))
		return err_set(e, "out of memory");
	for (size_t k = 0; k < n; k++)
		if (!s->done[recs[k]]) {
			len += fmt_uint(lines + len, recs[k]);
			lines[len++] = '\n';
		}
	ssize_t w = len ? write(s->marks, lines, len) : 0;
	int saved = errno;
	if (lines != small)
		free(lines);
	if (w != (ssize_t)len)
		return err_set(e, "outbox: cannot mark %zu record%s of %s sent: %s", n,
			       n == 1 ? "" : "s", s->path, w < 0 ? strerror(saved) : "a short write");
	for (size_t k = 0; k < n; k++)
		if (!s->done[recs[k]]) {
			s->done[recs[k]] = true;
			s->left--;
		}
	return 0;
}

int queue_sent(struct queue *q, size_t i, struct err *e)
{
	return queue_sent_all(q, &i, 1, e);
}

int queue_sent_all(struct queue *q, const size_t *its, size_t n, struct err *e)
{
	size_t *recs = n ? malloc(n * sizeof *recs) : NULL;
	int rc = 0;

	if (n && !recs)
		return err_set(e, "out of memory");
	/* a spool's items side by side (the queue's order keeps them so): one write of marks */
	for (size_t k = 0; k < n && rc == 0;) {
		const struct queue_item *it = &q->it[its[k]];
		if (it->spool < 0) {
			q->removed = true;
			rc = outbox_unqueue(it->path, e);
			k++;
			continue;
		}
		size_t m = 0;
		for (; k < n && q->it[its[k]].spool == it->spool; k++)
			recs[m++] = q->it[its[k]].rec;
		rc = mark(&q->spools[it->spool], recs, m, e);
	}
	free(recs);
	return rc;
}

int queue_failed(struct queue *q, size_t i, struct err *e)
{
	const struct queue_item *it = &q->it[i];
	char dest[PATH_MAX + 64], *text;
	size_t len;

	if (it->spool < 0)
		return outbox_fail(q->dir, it->path, e);
	const struct spool_rec *r = &q->spools[it->spool].r[it->rec];
	snprintf(dest, sizeof dest, "%s/failed", q->dir);
	if (fs_mkdirs(dest, 0700, e) < 0)
		return -1;
	snprintf(dest, sizeof dest, "%s/failed/%s.eml", q->dir, r->name);
	/* a record that cannot be read any more leaves the queue with nothing to keep */
	if (queue_text(q, i, &text, &len, e) == 0) {
		int rc = fs_write_atomic(dest, text, len, 0600, e);
		free(text);
		if (rc < 0)
			return -1;
	}
	int fd = mark(&q->spools[it->spool], &it->rec, 1, e) < 0 ? -1 : q->spools[it->spool].marks;
	return fd < 0 ? -1 : fdatasync(fd) < 0 ?
	       err_set(e, "outbox: cannot sync the marks of %s: %s", it->path, strerror(errno)) : 0;
}

/* A spool's companion file name: ".sent" or ".index", else 0 (their suffix's length). */
static size_t companion(const char *name)
{
	size_t n = strlen(name);

	if (strstr(name, ".tmp."))
		return 0;
	if (n > 5 && !strcmp(name + n - 5, ".sent"))
		return 5;
	if (n > 6 && !strcmp(name + n - 6, ".index"))
		return 6;
	return 0;
}

/* Marks and indexes whose spool is gone (a crash between the removals) go too. */
static int drop_orphans(struct queue *q, struct err *e)
{
	struct dirent *de;
	DIR *d = opendir(q->dir);

	if (!d)
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot open %s: %s", q->dir,
						     strerror(errno));
	while ((de = readdir(d))) {
		char path[PATH_MAX + 300];
		size_t n = strlen(de->d_name), k = companion(de->d_name);
		if (!k)
			continue;
		snprintf(path, sizeof path, "%s/%.*s.spool", q->dir, (int)(n - k), de->d_name);
		if (fs_exists(path))
			continue;
		snprintf(path, sizeof path, "%s/%s", q->dir, de->d_name);
		if (unlink(path) == 0)
			q->removed = true;
	}
	closedir(d);
	return 0;
}

int queue_finish(struct queue *q, struct err *e)
{
	int rc = 0;

	for (size_t i = 0; i < q->nspools; i++) {
		struct queue_spool *s = &q->spools[i];
		char marks[PATH_MAX];
		if (s->marks >= 0 && fdatasync(s->marks) < 0 && rc == 0)
			rc = err_set(e, "outbox: cannot sync the marks of %s: %s", s->path,
				     strerror(errno));
		if (s->left || rc < 0 || (s->cut && !s->kept))
			continue;
		/* the spool before its marks: a crash between the two leaves marks of nothing,
		 * never a spool without its marks */
		snprintf(marks, sizeof marks, "%.*s.sent", (int)(strlen(s->path) - strlen(".spool")),
			 s->path);
		char index[PATH_MAX + 16];
		spool_index_path(s->path, index, sizeof index);
		if (unlink(s->path) < 0 && errno != ENOENT)
			rc = err_set(e, "outbox: cannot remove %s: %s", s->path, strerror(errno));
		else if (unlink(marks) < 0 && errno != ENOENT)
			rc = err_set(e, "outbox: cannot remove %s: %s", marks, strerror(errno));
		else
			unlink(index);  /* a leftover one is an orphan, dropped below */
		q->removed = true;
	}
	if (rc == 0 && drop_orphans(q, e) < 0)
		rc = -1;
	char dir[PATH_MAX + 8];
	snprintf(dir, sizeof dir, "%s/.", q->dir);
	if (q->removed && fs_sync_dir_of(dir, rc < 0 ? &(struct err){ 0 } : e) < 0 && rc == 0)
		rc = -1;
	q->removed = false;
	return rc;
}

void queue_free(struct queue *q)
{
	for (size_t i = 0; i < q->n; i++)
		if (q->it[i].spool < 0)
			free(q->it[i].path);
	for (size_t i = 0; i < q->nspools; i++) {
		if (q->spools[i].marks >= 0)
			close(q->spools[i].marks);
		if (q->spools[i].fd >= 0)
			close(q->spools[i].fd);
		free(q->spools[i].path);
		free(q->spools[i].r);
		free(q->spools[i].done);
	}
	free(q->it);
	free(q->spools);
	free(q->file);
	spool_window_free(&q->window);
	*q = (struct queue){ .window = { .nul = -1 }, .window_spool = -1 };
}
