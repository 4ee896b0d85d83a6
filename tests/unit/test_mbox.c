/* test_mbox.c: mbox_append() then mbox_read() gives back the exact messages; files
 * written by others (CRLF, unescaped "From " lines, no final blank line) read as the
 * mboxrd rules in mbox.h say; a failed append leaves the file as it was. */
#include "mail/mbox.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "util/fsutil.h"

#define MAXMSG 64

/* What mbox_read handed over. */
struct got {
	size_t n;
	char *raw[MAXMSG];
	size_t len[MAXMSG];
	long offset[MAXMSG];
	int stop_after;  /* return 7 after this many messages, if > 0 */
};

static int collect(const char *raw, size_t len, long offset, void *arg)
{
	struct got *g = arg;

	if (g->n < MAXMSG) {
		g->raw[g->n] = malloc(len + 1);
		memcpy(g->raw[g->n], raw, len + 1);
		g->len[g->n] = len;
		g->offset[g->n] = offset;
	}
	g->n++;
	return g->stop_after && (int)g->n >= g->stop_after ? 7 : 0;
}

static void got_free(struct got *g)
{
	for (size_t i = 0; i < g->n && i < MAXMSG; i++)
		free(g->raw[i]);
	memset(g, 0, sizeof *g);
}

static char tmp_path[64];

static int tmp_open(void)
{
	int fd;

	strcpy(tmp_path, "/tmp/tempest-mbox-XXXXXX");
	fd = mkstemp(tmp_path);
	if (fd >= 0)
		fcntl(fd, F_SETFL, O_APPEND);
	return fd;
}

static char *file_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *p;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	p = malloc((size_t)n + 1);
	if (fread(p, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	p[n] = 0;
	*len = (size_t)n;
	fclose(f);
	return p;
}

static void write_file(const char *path, const char *s)
{
	FILE *f = fopen(path, "wb");

	fputs(s, f);
	fclose(f);
}

/* ---- Round trip -------------------------------------------------------------------- */

static const struct trip {
	const char *name, *raw;
	size_t len;        /* 0: strlen */
	const char *back;  /* what reads back, if not raw itself */
} trips[] = {
	{ "plain", "From: a@x.org\nSubject: e4\n\ne4\n", 0, NULL },
	{ "CRLF", "From: a@x.org\r\nSubject: e4\r\n\r\ne4\r\n", 0, NULL },
	{ "From lines in the body",
	  "From: a@x.org\n\nFrom here on\n\nFrom the start\n>From quoted\n>>From deeper\n", 0, NULL },
	{ "first line is a From line", "From x\nFrom: a@x.org\n\nb\n", 0, NULL },
	{ ">From as first line", ">From x\n\nb\n", 0, NULL },
	{ "ends with blank lines", "From: a@x.org\n\nb\n\n\n", 0, NULL },
	{ "CRLF ending with a blank line", "X: y\r\n\r\nb\r\n\r\n", 0, NULL },
	{ "empty message", "", 0, NULL },
	{ "a separator-like line after a blank line",
	  "From: a@x.org\n\nx\n\nFrom bob Mon Jun  3 10:12:00 2024\nmore\n", 0, NULL },
	{ "NUL byte", "From: a@x.org\n\na\0b\n", 19, NULL },
	{ "no final line end", "From: a@x.org\n\nb", 0, "From: a@x.org\n\nb\n" },
	{ "no final line end, CRLF", "X: y\r\n\r\nb", 0, "X: y\r\n\r\nb\r\n" },
};
#define NTRIPS (sizeof trips / sizeof trips[0])

static void test_round_trip(void)
{
	int fd = tmp_open();
	struct got g = { 0 };
	struct err e;
	char *file;
	size_t flen;

	if (!CHECK(fd >= 0))
		return;
	for (size_t i = 0; i < NTRIPS; i++) {
		size_t len = trips[i].len ? trips[i].len : strlen(trips[i].raw);

		check_context("append: %s", trips[i].name);
		CHECK(mbox_append(fd, trips[i].raw, len, "alice@example.org", 1717409520, &e) == 0);
	}
	close(fd);
	check_context(NULL);
	CHECK(mbox_read(tmp_path, collect, &g, &e) == 0);
	CHECK_INT(g.n, NTRIPS);
	file = file_bytes(tmp_path, &flen);
	for (size_t i = 0; i < NTRIPS && i < g.n; i++) {
		const char *want = trips[i].back ? trips[i].back : trips[i].raw;
		size_t wlen = trips[i].back ? strlen(want) : trips[i].len ? trips[i].len : strlen(want);

		check_context("read back: %s", trips[i].name);
		CHECK_INT(g.len[i], wlen);
		CHECK(g.len[i] == wlen && !memcmp(g.raw[i], want, wlen));
		CHECK(g.offset[i] >= 0 && (size_t)g.offset[i] + 5 < flen &&
		      !memcmp(file + g.offset[i], "From alice@example.org Mon Jun  3 10:12:00 2024", 47));
	}
	check_context(NULL);
	/* the escaping as it sits in the file */
	CHECK_HAS(file, "\n>From here on\n");
	CHECK_HAS(file, "\n>From the start\n>>From quoted\n>>>From deeper\n");
	CHECK_HAS(file, "\n>>From x\n");
	CHECK_HAS(file, "\nFrom: a@x.org\n");
	CHECK(!strncmp(file, "From alice@example.org Mon Jun  3 10:12:00 2024\nFrom: a@x.org\n",
		       strlen("From alice@example.org Mon Jun  3 10:12:00 2024\nFrom: a@x.org\n")));
	CHECK_HAS(file, "From alice@example.org Mon Jun  3 10:12:00 2024\r\nFrom: a@x.org\r\n");
	free(file);
	got_free(&g);
	unlink(tmp_path);
}

/* A 20 MB message with "From " lines all through it. */
static void test_big_round_trip(void)
{
	size_t n = (size_t)20 << 20, o = 0;
	char *raw = malloc(n);
	int fd = tmp_open();
	struct got g = { 0 };
	struct err e;

	if (!CHECK(raw && fd >= 0))
		return;
	memcpy(raw, "From: a@x.org\n\n", 15);
	o = 15;
	while (o + 40 < n) {
		memcpy(raw + o, o % 3 ? "From the big file\n\n" : ">From an escaped one\n", o % 3 ? 19 : 21);
		o += o % 3 ? 19 : 21;
	}
	memset(raw + o, 'x', n - o - 1);
	raw[n - 1] = '\n';
	CHECK(mbox_append(fd, raw, n, "a@x.org", 0, &e) == 0);
	CHECK(mbox_append(fd, "X: y\n\nsmall\n", 12, "a@x.org", 0, &e) == 0);
	close(fd);
	CHECK(mbox_read(tmp_path, collect, &g, &e) == 0);
	CHECK_INT(g.n, 2);
	if (g.n == 2) {
		CHECK_INT(g.len[0], n);
		CHECK(g.len[0] == n && !memcmp(g.raw[0], raw, n));
		CHECK_STR(g.raw[1], "X: y\n\nsmall\n");
	}
	got_free(&g);
	free(raw);
	unlink(tmp_path);
}

/* ---- Separator line ---------------------------------------------------------------- */

static const struct sender_case {
	const char *from, *line;
	long long epoch;
} senders[] = {
	{ NULL, "From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n", 0 },
	{ "", "From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n", 0 },
	{ "<>", "From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n", 0 },
	{ "<bob@example.org>", "From bob@example.org Sat Feb 29 23:59:59 2020\n", 1583020799 },
	{ "a b\tc\n", "From a_b_c_ Mon Jun  3 10:12:00 2024\n", 1717409520 },
};

static void test_separator(void)
{
	for (size_t i = 0; i < sizeof senders / sizeof senders[0]; i++) {
		int fd = tmp_open();
		struct err e;
		char *file;
		size_t len;

		check_context("sender %s", senders[i].from ? senders[i].from : "(null)");
		if (!CHECK(fd >= 0))
			continue;
		CHECK(mbox_append(fd, "X: y\n\nb\n", 8, senders[i].from, senders[i].epoch, &e) == 0);
		close(fd);
		file = file_bytes(tmp_path, &len);
		CHECK(!strncmp(file, senders[i].line, strlen(senders[i].line)));
		free(file);
		unlink(tmp_path);
	}
	check_context(NULL);
	{
		/* a negative time means now: the current year shows */
		int fd = tmp_open();
		struct err e;
		char *file, year[8];
		size_t len;
		time_t now = time(NULL);
		struct tm tm;

		gmtime_r(&now, &tm);
		snprintf(year, sizeof year, " %d\n", tm.tm_year + 1900);
		CHECK(mbox_append(fd, "X: y\n\nb\n", 8, "a@x.org", -1, &e) == 0);
		close(fd);
		file = file_bytes(tmp_path, &len);
		CHECK(strchr(file, '\n') && !strncmp(strchr(file, '\n') - 5, year, 6));
		free(file);
		unlink(tmp_path);
	}
}

/* ---- Files written by others ------------------------------------------------------- */

static const struct read_case {
	const char *name, *file;
	int rc;
	size_t n;
	const char *first, *last;  /* first and last message */
} reads[] = {
	{ "empty file", "", 0, 0, NULL, NULL },
	{ "CRLF file, last message without a line end",
	  "From a Mon Jun  3 10:12:00 2024\r\nX: 1\r\n\r\nbody\r\n\r\n"
	  "From b Mon Jun  3 10:13:00 2024\r\nX: 2\r\n\r\nlast", 0, 2,
	  "X: 1\r\n\r\nbody\r\n", "X: 2\r\n\r\nlast" },
	{ "unescaped From line not after a blank line is text",
	  "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nline\nFrom the start\n", 0, 1,
	  "X: 1\n\nline\nFrom the start\n", "X: 1\n\nline\nFrom the start\n" },
	{ "no blank line at the end of the file",
	  "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody\n", 0, 1, "X: 1\n\nbody\n",
	  "X: 1\n\nbody\n" },
	{ "blank lines before the first separator",
	  "\n\nFrom a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody\n\n", 0, 1, "X: 1\n\nbody\n",
	  "X: 1\n\nbody\n" },
	{ "separator only", "From a Mon Jun  3 10:12:00 2024", 0, 1, "", "" },
	{ "not an mbox", "Subject: hello\n\nFrom x\n", -1, 0, NULL, NULL },
};

static void test_reading(void)
{
	for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
		const struct read_case *c = &reads[i];
		int fd = tmp_open();
		struct got g = { 0 };
		struct err e = { 0 };

		check_context("read: %s", c->name);
		close(fd);
		write_file(tmp_path, c->file);
		CHECK_INT(mbox_read(tmp_path, collect, &g, &e), c->rc);
		CHECK_INT(g.n, c->n);
		if (c->n && g.n == c->n) {
			CHECK_STR(g.raw[0], c->first);
			CHECK_STR(g.raw[g.n - 1], c->last);
		}
		if (c->rc < 0)
			CHECK_HAS(e.msg, tmp_path);
		got_free(&g);
		unlink(tmp_path);
	}
	check_context(NULL);
}

static void test_read_errors(void)
{
	struct got g = { .stop_after = 1 };
	struct err e = { 0 };
	int fd;

	CHECK_INT(mbox_read("/nonexistent/tempest.mbox", collect, &g, &e), -1);
	CHECK_HAS(e.msg, "/nonexistent/tempest.mbox");
	CHECK_INT(g.n, 0);

	/* the callback stops the reading and its value comes back */
	fd = tmp_open();
	mbox_append(fd, "X: 1\n\na\n", 8, "a@x.org", 0, &e);
	mbox_append(fd, "X: 2\n\nb\n", 8, "a@x.org", 0, &e);
	close(fd);
	CHECK_INT(mbox_read(tmp_path, collect, &g, &e), 7);
	CHECK_INT(g.n, 1);
	got_free(&g);
	unlink(tmp_path);
}

/* ---- Appending to what is there ---------------------------------------------------- */

static void test_append_after_others(void)
{
	static const struct {
		const char *existing, *first;
	} cases[] = {
		{ "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody\n", "X: 1\n\nbody\n" },
		{ "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody", "X: 1\n\nbody\n" },
		{ "From a Mon Jun  3 10:12:00 2024\r\nX: 1\r\n\r\nbody\r\n\r\n", "X: 1\r\n\r\nbody\r\n" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int fd = tmp_open();
		struct got g = { 0 };
		struct err e;

		check_context("append after case %zu", i);
		close(fd);
		write_file(tmp_path, cases[i].existing);
		fd = open(tmp_path, O_RDWR | O_APPEND);
		CHECK(mbox_append(fd, "X: 2\n\nnext\n", 12, "b@x.org", 0, &e) == 0);
		close(fd);
		CHECK(mbox_read(tmp_path, collect, &g, &e) == 0);
		CHECK_INT(g.n, 2);
		if (g.n == 2) {
			CHECK_STR(g.raw[0], cases[i].first);
			CHECK_STR(g.raw[1], "X: 2\n\nnext\n");
		}
		got_free(&g);
		unlink(tmp_path);
	}
	check_context(NULL);
}

/* Several messages in one call: the bytes of one call each, one write in all (the file
 * is checked once, for a message before them that lacks its blank line). */
static void test_append_all(void)
{
	static const char existing[] = "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody";
	const struct mbox_msg m[] = {
		{ "X: 2\r\n\r\nFrom here\r\n", 19, "b@x.org", 1717409520, false },
		{ "X: 3\n\nno end", 12, "<>", 1717409521, false },
	};
	char *one = NULL, *all = NULL;
	size_t n1 = 0, n2 = 0;
	struct err e;

	for (int pass = 0; pass < 2; pass++) {
		int fd = tmp_open();
		close(fd);
		write_file(tmp_path, existing);
		fd = open(tmp_path, O_RDWR | O_APPEND);
		if (pass == 0)
			for (size_t i = 0; i < 2; i++)
				CHECK(mbox_append(fd, m[i].raw, m[i].len, m[i].from, m[i].epoch, &e) == 0);
		else
			CHECK(mbox_append_all(fd, m, 2, &e) == 0);
		close(fd);
		CHECK(fs_read(tmp_path, 1 << 20, pass ? &all : &one, pass ? &n2 : &n1, &e) == 0);
		unlink(tmp_path);
	}
	CHECK(one && all && n1 == n2 && !memcmp(one, all, n1));
	free(one);
	free(all);
}

/* Appends that keep the file's end (mbox_append_end) write the bytes of appends that ask
 * the file each time, after any file (empty, short, without its blank line, CRLF), and
 * know its size; a failed write leaves the end to be asked again. */
static void test_append_end(void)
{
	static const char *const existing[] = {
		"", "a", "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody",
		"From a Mon Jun  3 10:12:00 2024\nX: 1\n\nbody\n",
		"From a Mon Jun  3 10:12:00 2024\r\nX: 1\r\n\r\nbody\r\n\r\n",
	};
	const struct mbox_msg m[] = {
		{ "X: 2\r\n\r\nFrom here\r\n", 19, "b@x.org", 1717409520, false },
		{ "X: 3\n\nno end", 12, "<>", 1717409521, false },
		{ "X", 1, "c@x.org", 1717409522, false },
		{ "X: 4\r\n\r\nlf\r\n", 12, "d@x.org", 1717409523, true },
	};

	for (size_t c = 0; c < sizeof existing / sizeof *existing; c++) {
		char *asked = NULL, *kept = NULL;
		size_t n1 = 0, n2 = 0;
		struct mbox_end end = { 0 };
		struct err e;
		check_context("append end, case %zu", c);
		for (int pass = 0; pass < 2; pass++) {
			int fd = tmp_open();
			close(fd);
			write_file(tmp_path, existing[c]);
			fd = open(tmp_path, O_RDWR | O_APPEND);
			for (size_t r = 0; r < 3; r++)
				for (size_t i = 0; i < sizeof m / sizeof *m; i++)
					CHECK_INT(pass ? mbox_append_end(fd, &end, &m[i], 1, &e) :
						  mbox_append_all(fd, &m[i], 1, &e), 0);
			close(fd);
			CHECK(fs_read(tmp_path, 1 << 20, pass ? &kept : &asked, pass ? &n2 : &n1, &e) == 0);
			unlink(tmp_path);
		}
		CHECK(asked && kept && n1 == n2 && !memcmp(asked, kept, n1));
		CHECK(end.known);
		CHECK_INT(end.size, (long long)n2);
		free(asked);
		free(kept);
	}
	/* a write that fails: the end is not known any more */
	struct mbox_end end = { 0 };
	struct err e;
	int fd = open("/dev/null", O_RDONLY);
	end.known = true;
	CHECK_INT(mbox_append_end(fd, &end, &m[0], 1, &e), -1);
	CHECK(!end.known);
	close(fd);
	check_context(NULL);
}

/* CRLF becomes LF; a CR alone, at the end or before another CR, stays. */
static void test_lf(void)
{
	static const struct { const char *in, *want; } cases[] = {
		{ "a\r\nb\r\n", "a\nb\n" }, { "a\rb", "a\rb" }, { "a\r", "a\r" },
		{ "\r\r\n\r", "\r\n\r" }, { "", "" }, { "no end", "no end" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t n;
		char *lf = mbox_lf(cases[i].in, strlen(cases[i].in), &n);
		CHECK(lf && n == strlen(cases[i].want));
		CHECK_STR(lf ? lf : "", cases[i].want);
		free(lf);
	}
}

/* A message appended with its line ends made LF in the same pass (mbox_msg.lf) is the
 * bytes of mbox_append() of mbox_lf()'s copy: escaped From lines, a CR alone, no end. */
static void test_lf_append(void)
{
	static const char *const texts[] = {
		"X: 1\r\n\r\nFrom here\r\n>From there\r\nlast\r\n", "a\rb\r\n\r\r\nFrom\r",
		"no end", "X: 2\r\n\r\nbody without an end\r", "",
	};
	struct err e;

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char *bytes[2] = { NULL, NULL };
		size_t n[2] = { 0, 0 }, lflen;
		for (int pass = 0; pass < 2; pass++) {
			int fd = tmp_open();
			char *lf = mbox_lf(texts[i], strlen(texts[i]), &lflen);
			struct mbox_msg m = { texts[i], strlen(texts[i]), "a@x.org", 1000, true };
			CHECK(fd >= 0 && lf);
			CHECK(pass ? mbox_append_all(fd, &m, 1, &e) == 0 :
			      mbox_append(fd, lf, lflen, "a@x.org", 1000, &e) == 0);
			close(fd);
			free(lf);
			bytes[pass] = file_bytes(tmp_path, &n[pass]);
			unlink(tmp_path);
		}
		CHECK(bytes[0] && bytes[1] && n[0] == n[1] && !memcmp(bytes[0], bytes[1], n[0]));
		free(bytes[0]);
		free(bytes[1]);
	}
}

/* On a write-only fd the end of the file cannot be checked: the writer's own line end
 * and blank line still keep the next separator a separator. */
static void test_write_only(void)
{
	int fd = tmp_open();
	struct got g = { 0 };
	struct err e;

	close(fd);
	fd = open(tmp_path, O_WRONLY | O_APPEND);
	CHECK(mbox_append(fd, "X: 1\n\nno line end", 17, "a@x.org", 0, &e) == 0);
	CHECK(mbox_append(fd, "X: 2\n\nb\n", 8, "a@x.org", 0, &e) == 0);
	close(fd);
	CHECK(mbox_read(tmp_path, collect, &g, &e) == 0);
	CHECK_INT(g.n, 2);
	if (g.n == 2) {
		CHECK_STR(g.raw[0], "X: 1\n\nno line end\n");
		CHECK_STR(g.raw[1], "X: 2\n\nb\n");
	}
	got_free(&g);
	unlink(tmp_path);
}

/* A write that fails half-way leaves the file as it was before the append. */
static void test_failed_write(void)
{
	struct rlimit old, lim;
	struct stat st;
	struct err e = { 0 };
	char big[4096];
	int fd = tmp_open(), rc;
	void (*prev)(int);

	if (!CHECK(fd >= 0))
		return;
	CHECK(mbox_append(fd, "X: 1\n\nfirst\n", 12, "a@x.org", 0, &e) == 0);
	fstat(fd, &st);
	memset(big, 'x', sizeof big);
	big[sizeof big - 1] = '\n';
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = (rlim_t)st.st_size + 100;
	prev = signal(SIGXFSZ, SIG_IGN);
	setrlimit(RLIMIT_FSIZE, &lim);
	rc = mbox_append(fd, big, sizeof big, "a@x.org", 0, &e);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, prev);
	CHECK_INT(rc, -1);
	CHECK_HAS(e.msg, "write failed");
	{
		struct stat after;

		fstat(fd, &after);
		CHECK_INT(after.st_size, st.st_size);
	}
	close(fd);
	unlink(tmp_path);

	fd = open("/dev/full", O_WRONLY);
	if (fd >= 0) {
		CHECK_INT(mbox_append(fd, "X: 1\n\nb\n", 8, "a@x.org", 0, &e), -1);
		CHECK_HAS(e.msg, strerror(ENOSPC));
		close(fd);
	}
}

/* ---- Bounded reading (mbox_scan) ----------------------------------------------------- */

/* What mbox_scan handed over: each message's bytes, length, whole size and offset. */
struct scanned {
	size_t n;
	char *raw[MAXMSG];
	size_t len[MAXMSG], size[MAXMSG];
	long offset[MAXMSG];
};

static int scan_collect(const struct mbox_mail *m, void *arg)
{
	struct scanned *g = arg;

	if (g->n < MAXMSG) {
		g->raw[g->n] = malloc(m->len + 1);
		memcpy(g->raw[g->n], m->raw, m->len + 1);
		g->len[g->n] = m->len;
		g->size[g->n] = m->size;
		g->offset[g->n] = m->offset;
	}
	g->n++;
	return 0;
}

static void scanned_free(struct scanned *g)
{
	for (size_t i = 0; i < g->n && i < MAXMSG; i++)
		free(g->raw[i]);
	memset(g, 0, sizeof *g);
}

/* A message over the limit hands over its header block and its whole size; the messages
 * around it come whole; escaped ">From " lines count unescaped; lines longer than the
 * reader's 64 KB pieces (and a separator line that long) read right. */
static void test_scan(void)
{
	static const char head[] = "From: a@x.org\nSubject: big\n\n";
	size_t big_len = 300000, long_len = 200000;
	char *big = malloc(big_len + 1), *longline = malloc(long_len + 2);
	struct scanned g = { 0 };
	struct err e;
	int fd = tmp_open();

	if (!CHECK(fd >= 0 && big && longline))
		return;
	memcpy(big, head, sizeof head - 1);
	for (size_t i = sizeof head - 1; i < big_len; i++)
		big[i] = i % 77 == 76 ? '\n' : 'x';
	memcpy(big + 1000, "From inside\n", 12);   /* escaped when written: ">From" */
	big[big_len - 1] = '\n';
	big[big_len] = 0;
	memset(longline, 'y', long_len);
	memcpy(longline, "X: 1\n\n", 6);
	longline[long_len] = '\n';
	longline[long_len + 1] = 0;
	CHECK(mbox_append(fd, "X: before\n\na\n", 13, "a@x.org", 0, &e) == 0);
	CHECK(mbox_append(fd, big, big_len, "a@x.org", 0, &e) == 0);
	CHECK(mbox_append(fd, longline, long_len + 1, "a@x.org", 0, &e) == 0);
	CHECK(mbox_append(fd, "X: after\n\nb\n", 12, "a@x.org", 0, &e) == 0);
	close(fd);

	CHECK(mbox_scan(tmp_path, 100000, scan_collect, &g, &e) == 0);
	CHECK_INT(g.n, 4);
	if (g.n == 4) {
		CHECK_STR(g.raw[0], "X: before\n\na\n");
		CHECK_INT(g.size[0], 13);
		CHECK_STR(g.raw[1], head);
		CHECK_INT(g.len[1], sizeof head - 1);
		CHECK_INT(g.size[1], big_len);
		CHECK_INT(g.len[2], 6);         /* over the limit too: one long line */
		CHECK_INT(g.size[2], long_len + 1);
		CHECK_STR(g.raw[2], "X: 1\n\n");
		CHECK_STR(g.raw[3], "X: after\n\nb\n");
		CHECK_INT(g.size[3], 12);
	}
	scanned_free(&g);
	/* no limit: every byte, the long line whole */
	CHECK(mbox_scan(tmp_path, SIZE_MAX, scan_collect, &g, &e) == 0);
	CHECK_INT(g.n, 4);
	if (g.n == 4) {
		CHECK(g.len[1] == big_len && !memcmp(g.raw[1], big, big_len));
		CHECK(g.len[2] == long_len + 1 && !memcmp(g.raw[2], longline, long_len + 1));
		CHECK_INT(g.size[2], long_len + 1);
	}
	scanned_free(&g);
	unlink(tmp_path);

	/* a separator line longer than a piece, and a message of one long line after it */
	FILE *f = fopen(tmp_path, "w");
	fputs("From ", f);
	for (int i = 0; i < 70000; i++)
		fputc('s', f);
	fputs("\nX: 1\n\nz\n\nFrom b Mon Jun  3 10:12:00 2024\nX: 2\n\n", f);
	for (int i = 0; i < 140000; i++)
		fputc('w', f);
	fputs("\n", f);
	fclose(f);
	CHECK(mbox_scan(tmp_path, SIZE_MAX, scan_collect, &g, &e) == 0);
	CHECK_INT(g.n, 2);
	if (g.n == 2) {
		CHECK_STR(g.raw[0], "X: 1\n\nz\n");
		CHECK_INT(g.offset[1], 5 + 70000 + 1 + 9);
		CHECK_INT(g.len[1], 6 + 140000 + 1);
	}
	scanned_free(&g);
	unlink(tmp_path);
	free(big);
	free(longline);
}

int main(void)
{
	test_round_trip();
	test_big_round_trip();
	test_separator();
	test_reading();
	test_read_errors();
	test_append_after_others();
	test_append_all();
	test_append_end();
	test_lf();
	test_lf_append();
	test_write_only();
	test_failed_write();
	test_scan();
	return check_done();
}
