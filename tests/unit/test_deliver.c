/* test_deliver.c: the embedded mode's flush in large reads and writes: a queue whose spool
 * is larger than the read buffer, with a reply larger than the output buffer, comes out
 * byte for byte as delivering the replies one by one gives it, in several writes; a kill
 * between a write and its marks sends that write's replies again and nothing else, a kill
 * after its marks sends the rest once; an address with a bounce record is released by
 * the mail that reaches it, and one without is looked up in memory only. */
#include "mail/deliver.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "config/config.h"
#include "mail/mbox.h"
#include "mail/outbox.h"
#include "mail/spool.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fsutil.h"
#include "util/log.h"

#define NOW 1796000000LL
#define REPLIES 300
#define BIG 200                         /* the reply larger than both buffers */

static char dir[64];

/* Reply i: to p(i % 7), lines a mbox must escape among ordinary ones, CRLF line ends;
 * about 5 KB, and reply BIG larger than the read and the write buffers. */
static char *reply(int i, size_t *len)
{
	struct buf b = { 0 };
	size_t size = i == BIG ? DELIVER_WRITE_AT + SPOOL_READ_AT / 2 : 5000;

	buf_printf(&b, "To: p%d@game.test\r\nSubject: reply %d\r\n\r\n", i % 7, i);
	while (b.n < size)
		buf_printf(&b, "%s line %zu of reply %d\r\n",
			   b.n % 5 == 0 ? "From" : b.n % 5 == 1 ? ">From" : "Move", b.n, i);
	*len = b.n;
	return buf_take(&b);
}

/* The queue: one spool of every reply, as a batch's commit leaves it (finished: written
 * by this process, its sums not checked again; or as another run's, checked). */
static void queue_replies_as(bool finished)
{
	struct spool_writer w;
	struct err e;
	char sdir[128];

	snprintf(sdir, sizeof sdir, "%s/staged", dir);
	CHECK(fs_mkdirs(sdir, 0700, &e) == 0);
	CHECK(spool_create(dir, &w, &e) == 0);
	for (int i = 0; i < REPLIES; i++) {
		char mid[32], cause[16];
		size_t len;
		char *text = reply(i, &len);
		snprintf(mid, sizeof mid, "m%d@game.test", i);
		snprintf(cause, sizeof cause, "k%d", i);
		CHECK(spool_add(&w, i % 3, cause, mid, text, len, &e) == 0);
		free(text);
	}
	CHECK((finished ? spool_finish : spool_flush)(&w, &e) == 0);
	CHECK(spool_queue(dir, w.path, NULL, 0, &e) == 0);
	spool_close(&w);

	struct queue q;
	const char *text;
	size_t len;
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == REPLIES && q.nspools == 1);
	CHECK(q.n && queue_view(&q, 0, &text, &len, &e) == 0 && q.spools[0].trusted == finished);
	queue_free(&q);
}

static void queue_replies(void)
{
	queue_replies_as(true);
}

/* What delivering the replies from..REPLIES one by one writes. */
static char *one_by_one(int from, size_t *len)
{
	char path[] = "/tmp/tempest-deliver-want-XXXXXX", *out = NULL;
	struct err e;
	int fd = mkstemp(path);

	for (int i = from; i < REPLIES && fd >= 0; i++) {
		size_t n;
		char *text = reply(i, &n);
		struct mbox_msg m = { text, n, "referee@game.test", NOW, .lf = true };
		CHECK(mbox_append_all(fd, &m, 1, &e) == 0);
		free(text);
	}
	if (fd >= 0)
		close(fd);
	CHECK(fs_read(path, 64u << 20, &out, len, &e) == 0);
	unlink(path);
	return out;
}

/* Flushes the queue into a new file; its text, and st. In a child when fault is set: it
 * must die there. */
static char *flush(const char *fault, struct deliver_stats *st, size_t *len)
{
	char path[] = "/tmp/tempest-deliver-got-XXXXXX", *out = NULL;
	struct config cfg;
	struct err e;
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(f != NULL);
	unsetenv("TEMPEST_CONFIG");
	CHECK(config_load(&cfg, NULL, &e) == 0);
	snprintf(cfg.referee_address, sizeof cfg.referee_address, "referee@game.test");
	cfg.max_replies_per_sender = 10000;
	memset(st, 0, sizeof *st);
	if (fault) {
		pid_t pid = fork();
		if (pid == 0) {
			setenv("TEMPEST_FAULT", fault, 1);
			deliver_outbox(&cfg, dir, f, st, &e);
			_exit(3);
		}
		int status = 0;
		CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	} else {
		CHECK_INT(deliver_outbox(&cfg, dir, f, st, &e), 0);
	}
	if (f)
		fclose(f);
	CHECK(fs_read(path, 64u << 20, &out, len, &e) == 0);
	unlink(path);
	return out;
}

/* Nothing left in the outbox: no spool, no marks, no index. */
static bool outbox_empty(void)
{
	struct queue q;
	struct err e;
	char **paths;
	size_t n, ns;

	bool empty = queue_load(dir, &q, &e) == 0 && q.n == 0 && q.nspools == 0;
	queue_free(&q);
	CHECK(spool_queued(dir, &paths, &ns, &e) == 0);
	for (size_t i = 0; i < ns; i++)
		free(paths[i]);
	free(paths);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "ls %s | grep -Eq '[.](sent|index|spool)$'", dir);
	n = (size_t)system(cmd);
	return empty && ns == 0 && n != 0;
}

/* The mbox messages of text: how many. */
static int messages(const char *text, size_t len)
{
	int n = 0;

	for (size_t i = 0; i + 5 <= len; i++)
		if (!memcmp(text + i, "From ", 5) && (i == 0 || (i >= 2 && !memcmp(text + i - 2, "\n\n", 2))))
			n++;
	return n;
}

static void same_as_one_by_one(bool finished)
{
	struct deliver_stats st;
	size_t want_len, got_len;
	char *want = one_by_one(0, &want_len);

	queue_replies_as(finished);
	char *got = flush(NULL, &st, &got_len);
	CHECK_INT(st.sent, REPLIES);
	CHECK(st.tempfail == 0 && st.deferred == 0 && st.rejected == 0);
	/* larger than a write and than a read: several of each were needed */
	CHECK(want_len > 2 * DELIVER_WRITE_AT && want_len > 2 * SPOOL_READ_AT);
	CHECK(got && want && got_len == want_len && !memcmp(got, want, want_len));
	CHECK(outbox_empty());
	free(got);
	free(want);
}

/* Killed after the first write, before its marks: the run after writes every reply,
 * those of the first write again (out before the kill), the others once. */
static void killed_before_marks(void)
{
	struct deliver_stats st;
	size_t want_len, first_len, after_len;
	char *want = one_by_one(0, &want_len);

	queue_replies();
	char *first = flush("after-write", &st, &first_len);
	int out = first ? messages(first, first_len) : 0;
	CHECK(out > 1 && out < REPLIES);
	CHECK(first && first_len < want_len && !memcmp(first, want, first_len));
	char *after = flush(NULL, &st, &after_len);
	CHECK_INT(st.sent, REPLIES);
	CHECK(after && after_len == want_len && !memcmp(after, want, want_len));
	CHECK(outbox_empty());
	free(first);
	free(after);
	free(want);
}

/* Killed once the first write and its marks are done: the run after writes the rest,
 * each once; the two outputs together are the one-by-one output. */
static void killed_after_marks(void)
{
	struct deliver_stats st;
	size_t want_len, first_len, after_len;
	char *want = one_by_one(0, &want_len);

	queue_replies();
	char *first = flush("mid-flush", &st, &first_len);
	int out = first ? messages(first, first_len) : 0;
	CHECK(out > 1 && out < REPLIES);
	char *after = flush(NULL, &st, &after_len);
	CHECK_INT(st.sent, REPLIES - out);
	CHECK(first && after && first_len + after_len == want_len &&
	      !memcmp(first, want, first_len) && !memcmp(after, want + first_len, after_len));
	char *rest = one_by_one(out, &want_len);
	CHECK(after && rest && want_len == after_len && !memcmp(after, rest, after_len));
	CHECK(outbox_empty());
	free(first);
	free(after);
	free(rest);
	free(want);
}

static int each_bounce(const char *rcpt, int count, int told, void *arg)
{
	(void)rcpt, (void)count, (void)told;
	++*(int *)arg;
	return 0;
}

/* A bounce record is read once; the mail that reaches its address clears it, others
 * are not looked for on disk. */
static void records(void)
{
	struct outbox_records r;
	struct deliver_stats st;
	struct err e;
	size_t len;
	int n = 0;

	outbox_records_load(dir, &r);
	CHECK(r.n == 0 && !r.all && !outbox_records_has(&r, "p1@game.test"));
	outbox_records_free(&r);
	CHECK(outbox_bounced(dir, "P1@game.test", &e) == 1);
	outbox_records_load(dir, &r);
	CHECK(r.n == 1 && outbox_records_has(&r, "p1@game.test") &&
	      !outbox_records_has(&r, "p2@game.test"));
	outbox_records_add(&r, "p2@game.test");
	CHECK(r.n == 2 && outbox_records_has(&r, "p2@game.test"));
	outbox_records_free(&r);
	CHECK(outbox_bounces(dir, each_bounce, &n, &e) == 0 && n == 1);
	queue_replies();
	free(flush(NULL, &st, &len));
	n = 0;
	CHECK(outbox_bounces(dir, each_bounce, &n, &e) == 0 && n == 0);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tempest-deliver-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	clock_set(NOW);
	log_setup(LOG_LEVEL_ERROR, false);
	same_as_one_by_one(true);
	same_as_one_by_one(false);
	killed_before_marks();
	killed_after_marks();
	records();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		perror(cmd);
	return check_done();
}
