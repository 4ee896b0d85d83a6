/* poison.c: a mail whose processing kills the run (a crash in a parser, an order reader,
 * a kind) is recognised at the next start, tried alone, and after POISON_ATTEMPTS tries
 * set aside in DATA/quarantine/ (docs/sysadmin.md, "Poison mail").
 *
 * Before a batch is processed, DATA/processing lists its mails (an id each: the SHA-256
 * of the raw mail, cut to 16 bytes; the key cannot serve, as finding it means parsing the
 * mail, which may be what kills the run); it is removed once the batch has ended, committed
 * or given up. A run that finds it at its start died within that batch: each mail it lists
 * has one attempt more in DATA/attempts, and a mail with attempts is processed alone, in a
 * batch of its own with a mark of its own, so that the next death is its alone. The mark
 * is written without fsync: a process that dies leaves what it wrote in the kernel's page
 * cache, and only the machine's death loses it, which no mail causes; a lost mark counts
 * one attempt fewer, never one more. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pipeline/pipeline_int.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/crypto.h"
#include "util/fsutil.h"
#include "util/log.h"

static void path_of(const struct pipeline *pl, const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", pl->st.dir, name);
}

void poison_id(const char *raw, size_t len, char out[POISON_ID])
{
	uint8_t h[CRYPTO_HASH_LEN];

	crypto_sha256(raw, len, h);
	crypto_hex(h, (POISON_ID - 1) / 2, out);
}

static struct poison_entry *find(const struct poison *p, const char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->e[i].id, id))
			return &p->e[i];
	return NULL;
}

int poison_attempts(const struct pipeline *pl, const char *id)
{
	const struct poison_entry *x = pl->poison.n ? find(&pl->poison, id) : NULL;

	return x ? x->attempts : 0;
}

static int add(struct poison *p, const char *id, int attempts)
{
	struct poison_entry *x = find(p, id);

	if (x) {
		x->attempts += attempts;
		return 0;
	}
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 16;
		struct poison_entry *a = realloc(p->e, cap * sizeof *a);
		if (!a)
			return -1;
		p->e = a;
		p->cap = cap;
	}
	snprintf(p->e[p->n].id, POISON_ID, "%s", id);
	p->e[p->n++].attempts = attempts;
	return 0;
}

/* DATA/attempts: "absorbed TOKEN" (the last mark counted), then "ID COUNT" lines. */
static int load(struct pipeline *pl, struct err *e)
{
	char path[PATH_MAX + 16], *text, *save = NULL, id[POISON_ID];
	size_t len;
	int count;

	path_of(pl, "attempts", path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, 64u << 20, &text, &len, e) < 0)
		return -1;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(l, "absorbed ", 9))
			snprintf(pl->poison.absorbed, sizeof pl->poison.absorbed, "%s", l + 9);
		else if (sscanf(l, "%32s %d", id, &count) == 2 && strlen(id) == POISON_ID - 1 &&
			 count > 0 && add(&pl->poison, id, count) < 0) {
			free(text);
			return err_set(e, "out of memory");
		}
	}
	free(text);
	return 0;
}

static int save(struct pipeline *pl, struct err *e)
{
	char path[PATH_MAX + 16];
	struct buf b = { 0 };

	path_of(pl, "attempts", path, sizeof path);
	pl->poison.dirty = false;
	if (!pl->poison.n)
		return unlink(path) < 0 && errno != ENOENT ?
		       err_set(e, "cannot remove %s: %s", path, strerror(errno)) : 0;
	buf_printf(&b, "absorbed %s\n", pl->poison.absorbed);
	for (size_t i = 0; i < pl->poison.n; i++)
		buf_printf(&b, "%s %d\n", pl->poison.e[i].id, pl->poison.e[i].attempts);
	if (b.failed || !b.s)
		return err_set(e, "out of memory");
	int rc = fs_write_atomic(path, b.s, b.n, 0600, e);
	buf_free(&b);
	return rc;
}

/* A mark left by a dead run: one attempt more for each mail it lists, counted once even
 * if this start dies before the mark is removed (its token is remembered). */
static int absorb(struct pipeline *pl, struct err *e)
{
	char path[PATH_MAX + 16], *text, *save_p = NULL;
	size_t len;
	int n = 0;

	path_of(pl, "processing", path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, 64u << 20, &text, &len, e) < 0)
		return -1;
	char *l = strtok_r(text, "\n", &save_p);
	bool counted = l && !strncmp(l, "run ", 4) && !strcmp(l + 4, pl->poison.absorbed);
	if (l && !strncmp(l, "run ", 4))
		snprintf(pl->poison.absorbed, sizeof pl->poison.absorbed, "%s", l + 4);
	for (l = strtok_r(NULL, "\n", &save_p); l && !counted; l = strtok_r(NULL, "\n", &save_p))
		if (strlen(l) == POISON_ID - 1 && add(&pl->poison, l, 1) == 0)
			n++;
	free(text);
	pl->poison.dirty |= n > 0;      /* saved below, or at the end of the batches */
	if (n)
		log_info("the last run died within a batch of %d mail%s; %s processed one at a "
			 "time", n, n == 1 ? "" : "s", n == 1 ? "it is" : "they are");
	if (!counted && save(pl, e) < 0)
		return -1;
	if (unlink(path) < 0 && errno != ENOENT)
		return err_set(e, "cannot remove %s: %s", path, strerror(errno));
	return 0;
}

int poison_open(struct pipeline *pl, struct err *e)
{
	struct err le;

	if (load(pl, &le) < 0 || absorb(pl, &le) < 0)
		return err_set(e, "the attempts of the last runs' mails: %s", le.msg);
	return 0;
}

/* A mark that cannot be written (a full disk) leaves its batch unmarked: the batch is
 * likely to fail for the same reason, and a mark is a safeguard, not a commit. */
void poison_mark(struct pipeline *pl, char (*ids)[POISON_ID], size_t n)
{
	char path[PATH_MAX + 16];
	struct buf b = { 0 };
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	buf_printf(&b, "run %ld.%lld.%ld.%zu\n", (long)getpid(), (long long)ts.tv_sec,
		   ts.tv_nsec, pl->poison.marks++);
	for (size_t i = 0; i < n; i++)
		buf_printf(&b, "%s\n", ids[i]);
	if (b.failed || !b.s) {
		buf_free(&b);
		return;
	}
	path_of(pl, "processing", path, sizeof path);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	ssize_t w = fd < 0 ? -1 : write(fd, b.s, b.n);
	int saved = errno;
	if (fd >= 0 && close(fd) < 0 && w == (ssize_t)b.n)
		w = -1, saved = errno;
	bool short_write = w != (ssize_t)b.n;
	buf_free(&b);
	if (short_write)
		log_debug("cannot write %s: %s", path, w < 0 ? strerror(saved) : "short write");
}

void poison_clear(struct pipeline *pl, char (*ids)[POISON_ID], size_t n)
{
	char path[PATH_MAX + 16];

	path_of(pl, "processing", path, sizeof path);
	if (unlink(path) < 0 && errno != ENOENT)
		log_warn("cannot remove %s: %s", path, strerror(errno));
	/* a suspect that came through alive is one no more */
	for (size_t i = 0; pl->poison.n && i < n; i++) {
		struct poison_entry *x = find(&pl->poison, ids[i]);
		if (x && x->attempts < POISON_ATTEMPTS) {
			*x = pl->poison.e[--pl->poison.n];
			pl->poison.dirty = true;
		}
	}
}

int poison_save(struct pipeline *pl, struct err *e)
{
	return pl->poison.dirty ? save(pl, e) : 0;
}

/* DATA/quarantine/ID.eml: a note in headers of its own, then the mail's bytes as they
 * came. The operator is told when the file is made, once. */
int poison_quarantine(struct pipeline *pl, const char *raw, size_t len, const char *id,
		      struct err *e)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], note[512], when[CLOCK_ISO_MAX];
	const struct poison_entry *x = find(&pl->poison, id);

	path_of(pl, "quarantine", dir, sizeof dir);
	snprintf(path, sizeof path, "%s/%s.eml", dir, id);
	if (fs_exists(path))
		return 0;
	clock_iso(clock_now(), when);
	int n = snprintf(note, sizeof note, "X-Tempest-Quarantine: %d runs died while this mail "
			 "was processed; set aside at %s unanswered. Remove these two lines and "
			 "give the rest to 'tempest process' once the referee is fixed.\n"
			 "X-Tempest-Quarantine-Id: %s\n", x ? x->attempts : POISON_ATTEMPTS,
			 when, id);
	char *copy = malloc((size_t)n + len);
	if (!copy)
		return err_set(e, "out of memory");
	memcpy(copy, note, (size_t)n);
	memcpy(copy + n, raw, len);
	int rc = fs_mkdirs(dir, 0700, e) < 0 ? -1 :
		 fs_write_atomic(path, copy, (size_t)n + len, 0600, e);
	free(copy);
	if (rc == 0)
		log_warn("a mail killed %d runs in a row while it was processed: it is set aside, "
			 "unanswered, in %s", x ? x->attempts : POISON_ATTEMPTS, path);
	return rc;
}

void poison_free(struct pipeline *pl)
{
	free(pl->poison.e);
	pl->poison = (struct poison){ 0 };
}
