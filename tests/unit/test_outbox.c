/* test_outbox.c: the outbox queue: one file per Message-ID (a second put replaces the
 * first), oldest first, the recipient read from To: in its usual shapes, removal and
 * failed/, that an interrupted write's temporary file is never taken for a mail, and
 * the flush where it needs no mail server (tests/e2e/t_transport.sh does the rest). */
#include "mail/outbox.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "config/config.h"
#include "mail/deliver.h"
#include "mail/mbox.h"
#include "util/crypto.h"
#include "util/fsutil.h"
#include "util/log.h"

static char dir[64];

/* A queued mail to `to` whose body is `body`. */
static char *mail(const char *to, const char *body)
{
	static char buf[1024];

	snprintf(buf, sizeof buf, "From: Referee <referee@game.test>\r\nTo: %s\r\n"
		 "Subject: test\r\nMessage-ID: <x@game.test>\r\n\r\n%s\r\n", to, body);
	return buf;
}

static int put(const char *mid, const char *to, const char *body)
{
	struct err e;
	const char *text = mail(to, body);
	int rc = outbox_put(dir, mid, text, strlen(text), &e);

	if (rc < 0)
		printf("outbox_put: %s\n", e.msg);
	return rc;
}

static char *file_text(const char *path)
{
	char *text = NULL;
	size_t len;
	struct err e;

	if (fs_read(path, 1 << 20, &text, &len, &e) < 0)
		return NULL;
	return text;
}

static void free_list(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Sets a file's modification time (seconds since the epoch). */
static void set_mtime(const char *path, long sec)
{
	struct timespec ts[2] = { { sec, 0 }, { sec, 0 } };

	CHECK(utimensat(AT_FDCWD, path, ts, 0) == 0);
}

static void test_same_message_id(void)
{
	char **paths;
	size_t n;
	struct err e;

	CHECK(put("a1@game.test", "bob@game.test", "first") == 0);
	CHECK(put("a1@game.test", "bob@game.test", "second") == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 1);
	if (n == 1) {
		/* NAME: hex of the first 16 bytes of SHA-256("a1@game.test") */
		CHECK_STR(base(paths[0]), "a159796283e4348764b8426774a6761a.eml");
		char *text = file_text(paths[0]);
		CHECK(text && strstr(text, "second") && !strstr(text, "first"));
		free(text);
		struct stat st;
		CHECK(stat(paths[0], &st) == 0 && (st.st_mode & 077) == 0);
		CHECK(outbox_remove(paths[0], &e) == 0);
	}
	free_list(paths, n);
}

/* The queue file name of a Message-ID, as outbox.h defines it. */
static void name_for(const char *mid, char out[40])
{
	uint8_t hash[CRYPTO_HASH_LEN];

	crypto_sha256(mid, strlen(mid), hash);
	crypto_hex(hash, 16, out);
	strcat(out, ".eml");
}

static void test_order(void)
{
	const char *mids[3] = { "m1", "m2", "m3" };
	long mtime[3] = { 2000, 1000, 2000 };
	char **paths, path[128], names[3][40];
	size_t n;
	struct err e;

	for (int i = 0; i < 3; i++) {
		CHECK(put(mids[i], "bob@game.test", mids[i]) == 0);
		name_for(mids[i], names[i]);
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		set_mtime(path, mtime[i]);
	}
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 3);
	if (n == 3) {
		/* m2 is the oldest; m1 and m3 share a time and go by name */
		int first = strcmp(names[0], names[2]) < 0 ? 0 : 2;
		CHECK_STR(base(paths[0]), names[1]);
		CHECK_STR(base(paths[1]), names[first]);
		CHECK_STR(base(paths[2]), names[2 - first]);
	}
	for (size_t i = 0; i < n; i++)
		CHECK(outbox_remove(paths[i], &e) == 0);
	free_list(paths, n);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0 && n == 0);
	free_list(paths, n);
}

static const struct {
	const char *text, *want;        /* want NULL: an error */
} recipients[] = {
	{ "To: bob@game.test\r\n\r\nbody\r\n", "bob@game.test" },
	{ "From: a@b.c\r\nTo: Bob Player <bob@game.test>\r\nSubject: x\r\n\r\n", "bob@game.test" },
	{ "to:   <bob@game.test>  \r\n\r\n", "bob@game.test" },
	{ "TO: bob@game.test (Bob)\r\n\r\n", "bob@game.test" },
	{ "Subject: x\r\nTo: \"Player, Bob <the best>\"\r\n <bob@game.test>\r\nX: y\r\n\r\n",
	  "bob@game.test" },
	{ "To: =?UTF-8?Q?Andr=C3=A9?=\r\n\t<andre@game.test>\r\n\r\n", "andre@game.test" },
	{ "To:\r\n bob@game.test\r\n\r\n", "bob@game.test" },
	{ "From: a@b.c\nTo: Bob <bob@game.test>\n\nLF line ends\n", "bob@game.test" },
	{ "Reply-To: x@y.z\r\nTo: bob@game.test\r\n\r\n", "bob@game.test" },
	/* refusals */
	{ "From: a@b.c\r\n\r\nTo: bob@game.test\r\n", NULL },    /* To: only in the body */
	{ "To: bob@game.test\r\nTo: carol@game.test\r\n\r\n", NULL },
	{ "To: bob@game.test, carol@game.test\r\n\r\n", NULL },
	{ "To: Bob <bob@game.test>, <carol@game.test>\r\n\r\n", NULL },
	{ "To: Bob <bob@game.test\r\n\r\n", NULL },
	{ "To: Bob Player\r\n\r\n", NULL },
	{ "To: bob player@game.test\r\n\r\n", NULL },
	{ "To: <bob@game.test> <carol@game.test>\r\n\r\n", NULL },
	{ "To: <>\r\n\r\n", NULL },
	{ "To: \r\n\r\n", NULL },
	{ "To: bob@@game.test\r\n\r\n", NULL },
	{ "", NULL },
};

static void test_recipient(void)
{
	char out[256];
	struct err e;

	for (size_t i = 0; i < sizeof recipients / sizeof recipients[0]; i++) {
		check_context("recipients[%zu]", i);
		e.msg[0] = 0;
		int rc = outbox_recipient(recipients[i].text, out, sizeof out, &e);
		if (recipients[i].want) {
			CHECK_INT(rc, 0);
			if (rc == 0)
				CHECK_STR(out, recipients[i].want);
		} else {
			CHECK_INT(rc, -1);
			CHECK(e.msg[0] != 0);
		}
	}
	check_context(NULL);
	/* too small a buffer is an error, not a cut address */
	CHECK(outbox_recipient("To: bob@game.test\r\n\r\n", out, 8, &e) < 0);
}

/* Only a missing Message-ID is refused: judging the text would leave the mail that
 * caused the reply unprocessed for ever; a reply without a usable To: is dealt with when
 * the outbox is flushed (test_deliver_unsendable). */
static void test_put_refusals(void)
{
	char **paths;
	size_t n;
	struct err e;
	const char *no_to = "From: a@b.c\r\nSubject: x\r\n\r\nbody\r\n";

	CHECK(outbox_put(dir, "", no_to, strlen(no_to), &e) < 0);
	CHECK(outbox_put(dir, NULL, no_to, strlen(no_to), &e) < 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0 && n == 0);
	free_list(paths, n);
}

static void test_remove_and_fail(void)
{
	char **paths, failed[128];
	size_t n;
	struct err e;
	struct stat st;

	CHECK(put("r1@game.test", "bob@game.test", "one") == 0);
	CHECK(put("r2@game.test", "nobody@game.test", "two") == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0 && n == 2);
	if (n == 2) {
		char *text = file_text(paths[1]);
		int bad = text && strstr(text, "nobody") ? 1 : 0;
		free(text);
		CHECK(outbox_fail(dir, paths[bad], &e) == 0);
		snprintf(failed, sizeof failed, "%s/failed/%s", dir, base(paths[bad]));
		CHECK(stat(failed, &st) == 0 && S_ISREG(st.st_mode));
		CHECK(access(paths[bad], F_OK) != 0);
		CHECK(outbox_remove(paths[1 - bad], &e) == 0);
		CHECK(access(paths[1 - bad], F_OK) != 0);
		CHECK(outbox_remove(paths[1 - bad], &e) == 0);  /* already gone: fine */
		unlink(failed);
	}
	free_list(paths, n);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 0);                                /* failed/ is not the queue */
	free_list(paths, n);
	snprintf(failed, sizeof failed, "%s/failed", dir);
	rmdir(failed);
}

/* What a run killed inside fs_write_atomic() leaves: NAME.eml.tmp.PID. */
static void test_leftover_temporary(void)
{
	char **paths, path[160];
	size_t n;
	struct err e;
	const char *text = mail("bob@game.test", "half");

	snprintf(path, sizeof path, "%s/a159796283e4348764b8426774a6761a.eml.tmp.4242", dir);
	CHECK(fs_write_atomic(path, text, strlen(text) / 2, 0600, &e) == 0);
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	CHECK(fs_write_atomic(path, "x", 1, 0600, &e) == 0);
	snprintf(path, sizeof path, "%s/A159796283E4348764B8426774A6761A.eml", dir);
	CHECK(fs_write_atomic(path, text, strlen(text), 0600, &e) == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 0);
	free_list(paths, n);
	CHECK(put("a1@game.test", "bob@game.test", "whole") == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 1);
	if (n == 1) {
		CHECK_STR(base(paths[0]), "a159796283e4348764b8426774a6761a.eml");
		char *got = file_text(paths[0]);
		CHECK(got && strstr(got, "whole"));
		free(got);
		outbox_remove(paths[0], &e);
	}
	free_list(paths, n);
	snprintf(path, sizeof path, "%s/a159796283e4348764b8426774a6761a.eml.tmp.4242", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/A159796283E4348764B8426774A6761A.eml", dir);
	unlink(path);
}

static void quiet_config(struct config *cfg)
{
	struct err e;

	unsetenv("TEMPEST_CONFIG");
	CHECK(config_load(cfg, NULL, &e) == 0);
	snprintf(cfg->referee_address, sizeof cfg->referee_address, "referee@game.test");
}

/* Puts text under mid and gives its file the modification time sec. */
static void put_aged(const char *mid, const char *text, long sec)
{
	char name[40], path[128];
	struct err e;

	CHECK(outbox_put(dir, mid, text, strlen(text), &e) == 0);
	name_for(mid, name);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	set_mtime(path, sec);
}

struct got {
	int n;
	char *raw[4];
};

static int collect(const char *raw, size_t len, long offset, void *arg)
{
	struct got *g = arg;

	(void)offset;
	if (g->n < 4 && (g->raw[g->n] = malloc(len + 1)))
		memcpy(g->raw[g->n], raw, len + 1);
	g->n++;
	return 0;
}

/* No smtp_url: each queued mail, oldest first, is appended to `out` as an mbox message
 * and leaves the queue. */
static void test_deliver_embedded(void)
{
	const char *older = "To: bob@game.test\r\nSubject: 1\r\n\r\nFrom here\r\n.\r\n";
	const char *newer = "To: carol@game.test\r\nSubject: 2\r\n\r\nsecond\r\n";
	char path[] = "/tmp/tempest-deliver-XXXXXX", **paths;
	struct deliver_stats st;
	struct config cfg;
	struct got g = { 0 };
	struct err e;
	size_t n;
	int fd = mkstemp(path);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(out != NULL);
	if (!out)
		return;
	quiet_config(&cfg);
	put_aged("e2@game.test", newer, 2000);
	put_aged("e1@game.test", older, 1000);
	CHECK_INT(deliver_outbox(&cfg, dir, out, &st, &e), 0);
	CHECK(st.sent == 2 && st.tempfail == 0 && st.rejected == 0);
	fclose(out);
	CHECK(mbox_read(path, collect, &g, &e) == 0);
	CHECK_INT(g.n, 2);
	if (g.n == 2) {
		/* the embedded mode's mbox is for a person: LF line ends */
		size_t len;
		char *lf = mbox_lf(older, strlen(older), &len);
		CHECK_STR(g.raw[0], lf);
		free(lf);
		lf = mbox_lf(newer, strlen(newer), &len);
		CHECK_STR(g.raw[1], lf);
		free(lf);
		CHECK(!strchr(g.raw[0], '\r') && !strchr(g.raw[1], '\r'));
	}
	for (int i = 0; i < g.n && i < 4; i++)
		free(g.raw[i]);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0 && n == 0);
	free_list(paths, n);
	unlink(path);
}

/* A queued reply without a usable To: goes to failed/ before any connection; then a
 * server that cannot be reached (nothing listens on port 1) stops the flush and the
 * rest stays queued. */
static void test_deliver_unsendable(void)
{
	const char *no_to = "Subject: lost\r\n\r\nno recipient\r\n";
	const char *fine = "To: bob@game.test\r\nSubject: ok\r\n\r\nbody\r\n";
	char name[40], path[160], **paths;
	struct deliver_stats st;
	struct config cfg;
	struct err e;
	size_t n;

	quiet_config(&cfg);
	snprintf(cfg.smtp_url, sizeof cfg.smtp_url, "smtp://127.0.0.1:1");
	cfg.starttls = false;
	cfg.connect_timeout = 2;
	put_aged("u1@game.test", no_to, 1000);
	put_aged("u2@game.test", fine, 2000);
	CHECK_INT(deliver_outbox(&cfg, dir, NULL, &st, &e), 0);
	CHECK(st.sent == 0 && st.rejected == 1 && st.tempfail == 1);
	name_for("u1@game.test", name);
	snprintf(path, sizeof path, "%s/failed/%s", dir, name);
	CHECK(access(path, F_OK) == 0);
	unlink(path);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0 && n == 1);
	if (n == 1) {
		name_for("u2@game.test", name);
		CHECK_STR(base(paths[0]), name);
		outbox_remove(paths[0], &e);
	}
	free_list(paths, n);
	snprintf(path, sizeof path, "%s/failed", dir);
	rmdir(path);
}

static void test_missing_dir(void)
{
	char **paths, path[128];
	size_t n = 99;
	struct err e;

	snprintf(path, sizeof path, "%s/never", dir);
	CHECK(outbox_list(path, &paths, &n, &e) == 0);
	CHECK_INT(n, 0);
	free_list(paths, n);
}

/* A staged reply is not in the queue until promoted; its name says its game, cause and
 * queue name; interrupted writes are cleaned away, staged files kept. */
static void test_staged(void)
{
	char **paths, path[PATH_MAX], name[40], tmpf[PATH_MAX + 16];
	struct outbox_staged *st;
	size_t n;
	int removed;
	struct err e;
	const char *text = mail("carol@game.test", "staged");

	CHECK(outbox_stage(dir, 7, "k1.alice@example.org", "s1@game.test", text, strlen(text), true,
			   path, sizeof path, &e) == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 0);                /* staged: not sendable */
	free_list(paths, n);
	CHECK(outbox_staged_list(dir, &st, &n, &e) == 0);
	CHECK_INT(n, 1);
	name_for("s1@game.test", name);
	if (n == 1) {
		CHECK_INT(st[0].game, 7);
		/* sha256("k1.alice@example.org"), as the seen set writes it */
		uint8_t h[CRYPTO_HASH_LEN];
		char hex[65];
		crypto_sha256("k1.alice@example.org", 20, h);
		crypto_hex(h, sizeof h, hex);
		CHECK_STR(st[0].cause, hex);
		CHECK(!strncmp(st[0].name, name, 32));
		CHECK_STR(st[0].path, path);
	}
	free(st);
	/* a half-written file beside it, in the queue and in staged/ */
	snprintf(tmpf, sizeof tmpf, "%s/staged/x.eml.tmp.99", dir);
	CHECK(fs_write_atomic(tmpf, "x", 1, 0600, &e) == 0);
	snprintf(tmpf, sizeof tmpf, "%s/%s.tmp.98", dir, name);
	CHECK(fs_write_atomic(tmpf, "x", 1, 0600, &e) == 0);
	CHECK(outbox_clean(dir, &removed, &e) == 0);
	CHECK_INT(removed, 2);
	CHECK(access(tmpf, F_OK) < 0);
	CHECK(access(path, F_OK) == 0);
	CHECK(outbox_promote(dir, path, &e) == 0);
	CHECK(outbox_list(dir, &paths, &n, &e) == 0);
	CHECK_INT(n, 1);
	if (n == 1)
		CHECK_STR(base(paths[0]), name);
	for (size_t i = 0; i < n; i++)
		outbox_remove(paths[i], &e);
	free_list(paths, n);
	CHECK(outbox_staged_list(dir, &st, &n, &e) == 0);
	CHECK_INT(n, 0);
	free(st);
	CHECK(outbox_promote(dir, "/nowhere/file.txt", &e) < 0);
	snprintf(tmpf, sizeof tmpf, "%s/staged", dir);
	rmdir(tmpf);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tempest-outbox-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_same_message_id();
	test_order();
	test_recipient();
	test_put_refusals();
	test_remove_and_fail();
	test_leftover_temporary();
	test_staged();
	log_setup(LOG_LEVEL_ERROR, false);       /* the refusals below are expected */
	test_deliver_embedded();
	test_deliver_unsendable();
	test_missing_dir();
	rmdir(dir);
	return check_done();
}
