/* test_spool.c: a batch's replies in one spool: the records read back with their game,
 * cause, name and text; queued whole by a rename or in part by a copy; the queue of spooled
 * records and single files, oldest first; marks that survive a reload and remove the
 * spool with its last record; a record cut short ends the spool, one whose sum differs is
 * refused alone; a queued spool cut short is told and kept; a spool an earlier release
 * wrote (version 1: SHA-256 sums) is read, and copied in part as this version's. */
#include "mail/spool.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "mail/outbox.h"
#include "util/crypto.h"
#include "util/fsutil.h"
#include "util/log.h"
#include "util/xxh64.h"

static char dir[64];

static const char *reply(int i)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "To: p%d@game.test\r\nSubject: r%d\r\n\r\nbody %d\r\n", i, i, i);
	return buf;
}

/* A staged spool of n replies (game i % 3, cause "k" i, Message-ID "m" i). */
static void stage(struct spool_writer *w, int n)
{
	struct err e;

	CHECK(spool_create(dir, w, &e) == 0);
	for (int i = 0; i < n; i++) {
		char cause[16], mid[16];
		snprintf(cause, sizeof cause, "k%d", i);
		snprintf(mid, sizeof mid, "m%d@game.test", i);
		CHECK(spool_add(w, i % 3, cause, mid, reply(i), strlen(reply(i)), &e) == 0);
	}
	CHECK(spool_flush(w, &e) == 0);
	spool_close(w);
}

static size_t count(const char *suffix)
{
	char cmd[256], line[64];
	size_t n = 0;

	snprintf(cmd, sizeof cmd, "ls %s | grep -c '%s$'", dir, suffix);
	FILE *p = popen(cmd, "r");
	if (p && fgets(line, sizeof line, p))
		n = (size_t)atol(line);
	if (p)
		pclose(p);
	return n;
}

static void records(void)
{
	struct spool_writer w;
	struct spool_rec *r;
	struct err e;
	size_t n;
	char name[33], *text;

	stage(&w, 4);
	CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == 4);
	outbox_name("m2@game.test", name);
	CHECK(n == 4 && r[2].game == 2 && !strcmp(r[2].name, name) && r[2].len == strlen(reply(2)));
	int fd = open(w.path, O_RDONLY);
	CHECK(n == 4 && spool_text(fd, w.path, &r[3], &text, &e) == 0 && !strcmp(text, reply(3)));
	free(text);
	close(fd);
	free(r);
	/* cut short in its last record: three remain */
	struct stat sb;
	CHECK(stat(w.path, &sb) == 0 && truncate(w.path, sb.st_size - 5) == 0);
	CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == 3);
	free(r);
	unlink(w.path);
}

/* Records are written by spool_flush: those added after it, when the spool is closed
 * (a batch given up), are not in the file. */
static void buffered(void)
{
	struct spool_writer w;
	struct spool_rec *r;
	struct err e;
	size_t n;

	CHECK(spool_create(dir, &w, &e) == 0);
	CHECK(spool_add(&w, 1, "k0", "m0@game.test", reply(0), strlen(reply(0)), &e) == 0);
	CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == 0);
	free(r);
	CHECK(spool_flush(&w, &e) == 0);
	CHECK(spool_add(&w, 1, "k1", "m1@game.test", reply(1), strlen(reply(1)), &e) == 0);
	spool_close(&w);
	CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == 1);
	free(r);
	unlink(w.path);
}

static void queue_in_part(void)
{
	struct spool_writer w;
	struct queue q;
	struct err e;
	bool keep[3] = { true, false, true };

	stage(&w, 3);
	CHECK(spool_queue(dir, w.path, keep, 3, &e) == 0);
	CHECK(access(w.path, F_OK) != 0);               /* the staged file is gone */
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 2);
	char *text;
	size_t len;
	CHECK(q.n == 2 && queue_text(&q, 1, &text, &len, &e) == 0 && !strcmp(text, reply(2)));
	free(text);
	/* a single file written later comes after the records */
	const char *one = reply(9);
	CHECK(outbox_put(dir, "m9@game.test", one, strlen(one), &e) == 0);
	queue_free(&q);
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 3 && q.it[2].spool < 0);
	for (size_t i = 0; i < q.n; i++)
		CHECK(queue_sent(&q, i, &e) == 0);
	CHECK(queue_finish(&q, &e) == 0);
	queue_free(&q);
	CHECK(count(".spool") == 0 && count(".sent") == 0 && count(".eml") == 0);
}

static void marks(void)
{
	struct spool_writer w;
	struct queue q;
	struct err e;

	stage(&w, 3);
	CHECK(spool_queue(dir, w.path, NULL, 0, &e) == 0);
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 3);
	CHECK(queue_sent(&q, 0, &e) == 0 && queue_finish(&q, &e) == 0);
	queue_free(&q);
	/* the mark survives: two left, the spool kept */
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 2 && q.it[0].rec == 1);
	CHECK(count(".spool") == 1 && count(".sent") == 1);
	/* a record that can never go: to failed/, out of the queue */
	CHECK(queue_failed(&q, 0, &e) == 0);
	char failed[128], name[33];
	outbox_name("m1@game.test", name);
	snprintf(failed, sizeof failed, "%s/failed/%s.eml", dir, name);
	CHECK(access(failed, F_OK) == 0);
	CHECK(queue_sent(&q, 1, &e) == 0 && queue_finish(&q, &e) == 0);
	queue_free(&q);
	CHECK(count(".spool") == 0 && count(".sent") == 0);
}

static void damaged(void)
{
	struct spool_writer w;
	struct queue q;
	struct err e;
	char *text;
	size_t len;

	stage(&w, 2);
	/* one letter of the first record's text changed */
	char *all;
	CHECK(fs_read(w.path, 1 << 20, &all, &len, &e) == 0);
	char *body = strstr(all, "body 0");
	CHECK(body != NULL);
	if (body)
		body[0] = 'B';
	CHECK(fs_write_atomic(w.path, all, len, 0600, &e) == 0);
	free(all);
	CHECK(spool_queue(dir, w.path, NULL, 0, &e) == 0);
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 2);
	CHECK(q.n == 2 && queue_text(&q, 0, &text, &len, &e) < 0 && strstr(e.msg, "sum differs"));
	CHECK(q.n == 2 && queue_text(&q, 1, &text, &len, &e) == 0);
	free(text);
	queue_free(&q);
}

/* A queued spool cut short (spool_cut): where, and the head of the record cut if it
 * can be read; the queue keeps such a spool, once its records went, until a copy of it
 * is kept in failed/. */
static void cut(void)
{
	struct spool_writer w;
	struct spool_rec *r, head;
	struct err e;
	struct stat sb;
	size_t n;
	char *all, name[33];

	stage(&w, 3);
	CHECK(fs_read(w.path, 1 << 20, &all, &n, &e) == 0 && stat(w.path, &sb) == 0);
	long long size = (long long)sb.st_size;
	const char *h2 = strstr(all, "\n2 ");                  /* the third record's head */
	long long third = h2 ? (long long)(h2 - all) + 1 : 0;
	static const struct { const char *what; long long size; size_t n; int cut; int head; } t[] = {
		{ "whole", 0, 3, 0, 0 },
		{ "in the last text", -5, 2, 1, 1 },
		{ "in the last head", 1, 2, 1, 0 },             /* third + 8: no line end */
		{ "bytes after the last record", 7, 3, 1, 0 },
		{ "in the first line", 8, 0, 1, 0 },
		{ "empty", 9, 0, 1, 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		FILE *f = fopen(w.path, "w");
		long long len = t[i].size == 0 ? size : t[i].size == -5 ? size - 5 :
				t[i].size == 1 ? third + 8 : t[i].size == 7 ? size : t[i].size == 8 ? 8 : 0;
		if (f) {
			fwrite(all, 1, (size_t)len, f);
			if (t[i].size == 7)
				fputs("garbage\n", f);
			fclose(f);
		}
		CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == t[i].n);
		int c = spool_cut(w.path, r, n, &head);
		if (c != t[i].cut || (head.name[0] != 0) != t[i].head)
			printf("cut: %s: cut %d, head '%s'\n", t[i].what, c, head.name);
		CHECK(c == t[i].cut && (head.name[0] != 0) == t[i].head);
		outbox_name("m2@game.test", name);
		CHECK(!t[i].head || (head.game == 2 && !strcmp(head.name, name)));
		free(r);
	}
	/* in the queue: its two readable records go, the spool stays until it is kept; until
	 * then it is told as cut (replies wait), once kept no more */
	FILE *f = fopen(w.path, "w");
	if (f) {
		fwrite(all, 1, (size_t)(size - 5), f);
		fclose(f);
	}
	free(all);
	CHECK(spool_queue(dir, w.path, NULL, 0, &e) == 0);
	struct queue q;
	for (int round = 0; round < 2; round++) {
		CHECK(queue_load(dir, &q, &e) == 0 && q.ncut == (size_t)(round == 0));
		for (size_t i = 0; i < q.n; i++)
			CHECK(queue_sent(&q, i, &e) == 0);
		CHECK(queue_finish(&q, &e) == 0);
		queue_free(&q);
		CHECK(count(".spool") == (size_t)(round == 0));
		char queued[128], kept[160];
		snprintf(queued, sizeof queued, "%s/%s", dir, strrchr(w.path, '/') + 1);
		spool_damaged_path(queued, kept, sizeof kept);
		CHECK(fs_mkdirs(strcat(strcpy(queued, dir), "/failed"), 0700, &e) == 0);
		CHECK(fs_write_atomic(kept, "x", 1, 0600, &e) == 0);
	}
}

/* A spool as the release before wrote it: "tempest-spool 1", each sum the first 16 hex
 * digits of its text's SHA-256. */
static void earlier_release(void)
{
	char path[160], head[200], cause[65], name[33], sum[65];
	uint8_t h[CRYPTO_HASH_LEN];
	struct buf b = { 0 };
	struct spool_rec *r;
	struct queue q;
	struct err e;
	size_t n, len;
	char *text;

	buf_str(&b, "tempest-spool 1\n");
	for (int i = 0; i < 3; i++) {
		crypto_sha256("k", 1, h);
		crypto_hex(h, sizeof h, cause);
		snprintf(head, sizeof head, "m%d@game.test", i);
		outbox_name(head, name);
		crypto_sha256(reply(i), strlen(reply(i)), h);
		crypto_hex(h, sizeof h, sum);
		sum[16] = 0;
		buf_printf(&b, "%d %s %s %zu %s\n%s\n", i, cause, name, strlen(reply(i)), sum,
			   i == 2 ? "To: p2@game.test\r\nSubject: r2\r\n\r\nBody 2\r\n" : reply(i));
	}
	snprintf(path, sizeof path, "%s/staged/old.spool", dir);
	CHECK(fs_write_atomic(path, b.s, b.n, 0600, &e) == 0);
	buf_free(&b);
	CHECK(spool_records(path, &r, &n, &e) == 0 && n == 3 && r[0].version == 1);
	free(r);
	/* the first record queued alone: a copy in this version's format, its sum XXH64 */
	bool keep[3] = { true, false, false };
	CHECK(spool_queue(dir, path, keep, 3, &e) == 0);
	snprintf(path, sizeof path, "%s/old.spool", dir);
	CHECK(fs_read(path, 1 << 20, &text, &len, &e) == 0 && !strncmp(text, "tempest-spool 2\n", 16));
	free(text);
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 1);
	CHECK(q.n == 1 && queue_text(&q, 0, &text, &len, &e) == 0 && !strcmp(text, reply(0)));
	free(text);
	CHECK(queue_sent(&q, 0, &e) == 0 && queue_finish(&q, &e) == 0);
	queue_free(&q);
	/* queued whole: read as it is, its damaged record (a letter changed) refused alone */
	snprintf(path, sizeof path, "%s/staged/old2.spool", dir);
	buf_str(&b, "tempest-spool 1\n");
	for (int i = 0; i < 2; i++) {
		crypto_sha256(reply(i), strlen(reply(i)), h);
		crypto_hex(h, sizeof h, sum);
		sum[16] = 0;
		buf_printf(&b, "0 %s %032d %zu %s\n%s\n", cause, i, strlen(reply(i)), sum,
			   i ? "To: p1@game.test\r\nSubject: r1\r\n\r\nBody 1\r\n" : reply(i));
	}
	CHECK(fs_write_atomic(path, b.s, b.n, 0600, &e) == 0);
	buf_free(&b);
	CHECK(spool_queue(dir, path, NULL, 0, &e) == 0);
	CHECK(queue_load(dir, &q, &e) == 0 && q.n == 2);
	CHECK(q.n == 2 && queue_text(&q, 0, &text, &len, &e) == 0 && !strcmp(text, reply(0)));
	free(text);
	CHECK(q.n == 2 && queue_text(&q, 1, &text, &len, &e) < 0 && strstr(e.msg, "sum differs"));
	queue_free(&q);
}

/* Heads are read without sscanf when written as this program writes them; one spaced
 * otherwise (two blanks, a tab: a spool edited by hand) is still read, as sscanf reads it. */
static void spaced_heads(void)
{
	char path[160], cause[65], name[33];
	uint8_t h[CRYPTO_HASH_LEN];
	struct buf b = { 0 };
	struct spool_rec *r;
	struct err e;
	size_t n;

	buf_str(&b, "tempest-spool 2\n");
	crypto_sha256("k", 1, h);
	crypto_hex(h, sizeof h, cause);
	for (int i = 0; i < 3; i++) {
		char mid[32];
		snprintf(mid, sizeof mid, "m%d@game.test", i);
		outbox_name(mid, name);
		buf_printf(&b, i == 1 ? "%d  %s\t%s %zu  %016llx\n%s\n" : "%d %s %s %zu %016llx\n%s\n",
			   -i, cause, name, strlen(reply(i)),
			   (unsigned long long)xxh64(reply(i), strlen(reply(i)), 0), reply(i));
	}
	snprintf(path, sizeof path, "%s/spaced.spool", dir);
	CHECK(fs_write_atomic(path, b.s, b.n, 0600, &e) == 0);
	buf_free(&b);
	CHECK(spool_records(path, &r, &n, &e) == 0 && n == 3);
	for (size_t i = 0; i < n; i++) {
		int fd = open(path, O_RDONLY);
		char *text = NULL;
		CHECK(r[i].game == -(int)i && !strcmp(r[i].cause, cause));
		CHECK(spool_text(fd, path, &r[i], &text, &e) == 0 && text && !strcmp(text, reply((int)i)));
		free(text);
		close(fd);
	}
	free(r);
	unlink(path);
}

/* A tournament's reply (game -T) and a cause shared by two replies: written as sscanf
 * reads them, each with its own cause's hash. */
static void heads_written(void)
{
	const char *causes[] = { "k1", "k1", "k2", "" };
	int games[] = { -7, -7, 123456789, 0 };
	uint8_t h[CRYPTO_HASH_LEN];
	struct spool_writer w;
	struct spool_rec *r;
	struct err e;
	char hex[65];
	size_t n;

	CHECK(spool_create(dir, &w, &e) == 0);
	for (int i = 0; i < 4; i++) {
		char mid[32];
		snprintf(mid, sizeof mid, "h%d@game.test", i);
		CHECK(spool_add(&w, games[i], causes[i], mid, reply(i), strlen(reply(i)), &e) == 0);
	}
	CHECK(spool_flush(&w, &e) == 0);
	spool_close(&w);
	CHECK(spool_records(w.path, &r, &n, &e) == 0 && n == 4);
	for (size_t i = 0; i < n && n == 4; i++) {
		char head[300], want[300], name[33], mid[32];
		int fd = open(w.path, O_RDONLY);
		CHECK(r[i].game == games[i] && r[i].len == strlen(reply((int)i)));
		crypto_sha256(causes[i], strlen(causes[i]), h);
		crypto_hex(h, sizeof h, hex);
		CHECK_STR(r[i].cause, hex);
		snprintf(mid, sizeof mid, "h%zu@game.test", i);
		outbox_name(mid, name);
		snprintf(want, sizeof want, "%d %s %s %zu %016llx\n", games[i], hex, name,
			 strlen(reply((int)i)),
			 (unsigned long long)xxh64(reply((int)i), strlen(reply((int)i)), 0));
		ssize_t got = pread(fd, head, strlen(want), r[i].off - (long long)strlen(want));
		head[got > 0 ? got : 0] = 0;
		CHECK_STR(head, want);
		close(fd);
	}
	free(r);
	unlink(w.path);
}

int main(void)
{
	char sdir[96];

	log_setup(LOG_LEVEL_ERROR, false);
	snprintf(dir, sizeof dir, "/tmp/test_spool.%ld", (long)getpid());
	snprintf(sdir, sizeof sdir, "%s/staged", dir);
	struct err e;
	CHECK(fs_mkdirs(sdir, 0700, &e) == 0);
	records();
	buffered();
	queue_in_part();
	marks();
	damaged();
	cut();
	earlier_release();
	spaced_heads();
	heads_written();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return check_done();
}
