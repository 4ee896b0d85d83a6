/* test_quota.c: the day's answers to an address (store_quota_count, store_quota_add), kept
 * in one table for all addresses (DIR/quota/counts) with a batch applied twice counted
 * once, the earlier layout's files (a file per address and counter) still counted and
 * folded into the table, a damaged table; and the texts of an address's that drew an
 * answer (store_quota_text_*), which tell an auto-responder's repeats. Each with and
 * without the run's memory of the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "store/store.h"
#include "store/store_int.h"
#include "util/crypto.h"

static struct store st;

/* A hex SHA-256 made of one repeated digit. */
static const char *hash(char digit)
{
	static char h[65];

	memset(h, digit, 64);
	h[64] = 0;
	return h;
}

static void day_count(void)
{
	struct err e = { 0 };

	CHECK_INT(store_quota_count(&st, "bob@example.org", QUOTA_ANSWERS, 100), 0);
	CHECK_INT(store_quota_add(&st, "Bob@Example.org", QUOTA_ANSWERS, 100, 2, &e), 0);
	CHECK_INT(store_quota_add(&st, "bob@example.org", QUOTA_ANSWERS, 100, 1, &e), 0);     /* any case */
	CHECK_INT(store_quota_count(&st, "BOB@example.org", QUOTA_ANSWERS, 100), 3);
	CHECK_INT(store_quota_count(&st, "bob@example.org", QUOTA_ANSWERS, 101), 0);          /* a new day */
	CHECK_INT(store_quota_add(&st, "bob@example.org", QUOTA_ANSWERS, 101, 1, &e), 0);
	CHECK_INT(store_quota_count(&st, "bob@example.org", QUOTA_ANSWERS, 101), 1);
	CHECK_INT(store_quota_count(&st, "bob@example.org", QUOTA_ANSWERS, 100), 0);          /* one day kept */
	CHECK_INT(store_quota_count(&st, "carol@example.org", QUOTA_ANSWERS, 101), 0);
}

static void texts(void)
{
	struct err e = { 0 };

	CHECK(!store_quota_text_answered(&st, "bob@example.org", hash('a')));
	CHECK_INT(store_quota_text_add(&st, "bob@example.org", hash('a'), &e), 0);
	CHECK(store_quota_text_answered(&st, "BOB@example.org", hash('a')));
	CHECK(!store_quota_text_answered(&st, "carol@example.org", hash('a')));
	/* the last four are kept: the oldest goes */
	CHECK_INT(store_quota_text_add(&st, "bob@example.org", hash('b'), &e), 0);
	CHECK_INT(store_quota_text_add(&st, "bob@example.org", hash('c'), &e), 0);
	CHECK_INT(store_quota_text_add(&st, "bob@example.org", hash('d'), &e), 0);
	CHECK(store_quota_text_answered(&st, "bob@example.org", hash('a')));
	CHECK_INT(store_quota_text_add(&st, "bob@example.org", hash('e'), &e), 0);
	CHECK(!store_quota_text_answered(&st, "bob@example.org", hash('a')));
	for (char c = 'b'; c <= 'e'; c++)
		CHECK(store_quota_text_answered(&st, "bob@example.org", hash(c)));
	/* the day's count is a file of its own: still there */
	CHECK_INT(store_quota_count(&st, "bob@example.org", QUOTA_ANSWERS, 101), 1);
}

/* Entries of a batch: n takes of counter by address. */
static size_t takes(struct quota_entry *q, size_t at, const char *address, int counter,
		    long long day, int n)
{
	for (int i = 0; i < n; i++, at++) {
		q[at] = (struct quota_entry){ .counter = counter, .day = day, .game = 1 };
		store_quota_name(address, q[at].name);
		snprintf(q[at].cause, sizeof q[at].cause, "%s", hash('1'));
	}
	return at;
}

static int files_in_quota(void)
{
	char cmd[PATH_MAX + 64];

	snprintf(cmd, sizeof cmd, "exit $(ls %s/quota | grep -vc '\\.texts$')", st.dir);
	return WEXITSTATUS(system(cmd));
}

/* A batch's counts applied twice (a run that died after applying them, before removing
 * its staged file) count once; the entries not kept (mails not committed) count not;
 * every address's counters are in the one table. */
static void batches(void)
{
	struct err e = { 0 };
	struct quota_entry q[16];
	bool keep[16];
	size_t n = 0;

	n = takes(q, n, "erin@example.org", QUOTA_NOTICES, 200, 3);
	n = takes(q, n, "frank@example.org", QUOTA_STRANGERS, 200, 1);
	n = takes(q, n, "gina@example.org", QUOTA_CONSENT, 200, 1);
	q[n] = (struct quota_entry){ .counter = -1, .day = 200 };      /* a text: not a count */
	store_quota_name("erin@example.org", q[n++].name);
	for (size_t i = 0; i < n; i++)
		keep[i] = i != 4;                       /* gina's mail was not committed */
	CHECK_INT(store_quota_apply(&st, "b1", q, n, keep, &e), 0);
	CHECK_INT(store_quota_apply(&st, "b1", q, n, keep, &e), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_NOTICES, 200), 3);
	CHECK_INT(store_quota_count(&st, "frank@example.org", QUOTA_STRANGERS, 200), 1);
	CHECK_INT(store_quota_count(&st, "gina@example.org", QUOTA_CONSENT, 200), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_ANSWERS, 200), 0);
	n = takes(q, 0, "erin@example.org", QUOTA_NOTICES, 200, 2);
	CHECK_INT(store_quota_apply(&st, "b2", q, n, NULL, &e), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_NOTICES, 200), 5);
	/* b1 again after b2 (two staged files a dead run left): still counted once */
	CHECK_INT(store_quota_apply(&st, "b1", q, n, NULL, &e), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_NOTICES, 200), 5);
	/* one file for them all, beside the texts */
	CHECK_INT(files_in_quota(), 1);
}

/* The staged file of a batch read back: its whole lines. */
static void staged(void)
{
	struct err e = { 0 };
	char name[CRYPTO_ADDRESS_NAME];

	store_quota_name("erin@example.org", name);
	struct quota_entry q[2] = {
		{ .counter = QUOTA_STRANGERS, .day = 200, .game = 3 },
		{ .counter = -1, .day = 200, .game = 0 },
	};
	for (int i = 0; i < 2; i++) {
		snprintf(q[i].name, sizeof q[i].name, "%s", name);
		snprintf(q[i].cause, sizeof q[i].cause, "%s", hash((char)('1' + i)));
	}
	snprintf(q[1].text, sizeof q[1].text, "%s", hash('9'));
	CHECK_INT(store_quota_stage(&st, "b3", q, 2, &e), 0);
	char **paths, batch[QUOTA_BATCH_MAX];
	struct quota_entry *r;
	size_t n, nr;
	CHECK_INT(store_quota_staged_list(&st, &paths, &n, &e), 0);
	if (CHECK_INT(n, 1)) {
		store_quota_batch_of(paths[0], batch);
		CHECK_STR(batch, "b3");
		CHECK_INT(store_quota_staged_read(paths[0], &r, &nr, &e), 0);
		if (CHECK_INT(nr, 2)) {
			CHECK_INT(r[0].counter, QUOTA_STRANGERS);
			CHECK_INT(r[0].game, 3);
			CHECK_STR(r[0].cause, hash('1'));
			CHECK_INT(r[1].counter, -1);
			CHECK_STR(r[1].text, hash('9'));
		}
		free(r);
	}
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	CHECK_INT(store_quota_unstage(&st, "b3", &e), 0);
	CHECK_INT(store_quota_staged_list(&st, &paths, &n, &e), 0);
	CHECK_INT(n, 0);
	free(paths);
}

/* A new run: the memory of the table (if the store keeps one) read again. */
static void new_run(void)
{
	if (st.quota) {
		store_quota_table_free(st.quota);
		st.quota = store_quota_table_new();
	}
}

static void write_file(const char *name, const char *text)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof path, "%s/quota/%s", st.dir, name);
	if (CHECK((f = fopen(path, "w")) != NULL)) {
		fputs(text, f);
		fclose(f);
	}
}

static bool quota_file(const char *address, const char *suffix)
{
	char name[CRYPTO_ADDRESS_NAME], path[PATH_MAX + 64];

	store_quota_name(address, name);
	snprintf(path, sizeof path, "%s/quota/%s%s", st.dir, name, suffix);
	return access(path, F_OK) == 0;
}

/* A data directory of the earlier layout (a file per address and counter, "DAY COUNT
 * BATCH"): its counts of the day count, until the table's first write folds them in and
 * removes the files; a file that names the batch applied holds it already. */
static void old_layout(void)
{
	struct err e = { 0 };
	char name[CRYPTO_ADDRESS_NAME], file[64];
	struct quota_entry q[4];

	store_quota_name("hal@example.org", name);
	snprintf(file, sizeof file, "%s.strangers", name);
	write_file(file, "90 1 b7\n");
	write_file(name, "90 2 b6\n");                         /* the answers */
	store_quota_name("ida@example.org", name);
	snprintf(file, sizeof file, "%s.notices", name);
	write_file(file, "89 4 b5\n");                         /* another day */
	new_run();
	CHECK_INT(store_quota_count(&st, "hal@example.org", QUOTA_STRANGERS, 90), 1);
	CHECK_INT(store_quota_count(&st, "hal@example.org", QUOTA_ANSWERS, 90), 2);
	CHECK_INT(store_quota_count(&st, "ida@example.org", QUOTA_NOTICES, 90), 0);
	/* batch b7, which the strangers' file holds, applied again: its answers count, its
	 * stranger's mail counted already */
	size_t n = takes(q, 0, "hal@example.org", QUOTA_STRANGERS, 90, 1);
	n = takes(q, n, "hal@example.org", QUOTA_ANSWERS, 90, 1);
	CHECK_INT(store_quota_apply(&st, "b7", q, n, NULL, &e), 0);
	CHECK_INT(store_quota_count(&st, "hal@example.org", QUOTA_STRANGERS, 90), 1);
	CHECK_INT(store_quota_count(&st, "hal@example.org", QUOTA_ANSWERS, 90), 3);
	CHECK_INT(store_quota_count(&st, "ida@example.org", QUOTA_NOTICES, 89), 4);
	CHECK(!quota_file("hal@example.org", ".strangers"));
	CHECK(!quota_file("hal@example.org", ""));
	CHECK(!quota_file("ida@example.org", ".notices"));
	CHECK_INT(files_in_quota(), 1);
	/* the table written: a file of the earlier layout written later is not read */
	store_quota_name("hal@example.org", name);
	write_file(name, "90 9 b8\n");
	new_run();
	CHECK_INT(store_quota_count(&st, "hal@example.org", QUOTA_ANSWERS, 90), 3);
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/quota/%s", st.dir, name);
	unlink(path);
}

/* A table damaged: the lines that can be read count, the others not; one that is not a
 * table at all is none (the earlier layout's files are looked for), and the next write
 * mends it. */
static void damaged_table(void)
{
	struct err e = { 0 };
	char name[CRYPTO_ADDRESS_NAME], text[512];

	store_quota_name("jo@example.org", name);
	snprintf(text, sizeof text, "tempest-quota 1\nbatch c1\n400 0 %s 2\n400 0 zz 5\n"
		 "400 9 %s 5\nnot a line\n400 1 %s 7", name, name, name);
	write_file("counts", text);             /* the last line cut short */
	new_run();
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_ANSWERS, 400), 2);
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_STRANGERS, 400), 0);
	struct quota_entry q[1];
	takes(q, 0, "jo@example.org", QUOTA_ANSWERS, 400, 1);
	CHECK_INT(store_quota_apply(&st, "c1", q, 1, NULL, &e), 0);     /* held already */
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_ANSWERS, 400), 2);
	write_file("counts", "\x01\x02 garbage\n400 0 x 1\n");
	new_run();
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_ANSWERS, 400), 0);
	CHECK_INT(store_quota_add(&st, "jo@example.org", QUOTA_ANSWERS, 400, 1, &e), 0);
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_ANSWERS, 400), 1);
	/* only the last two days' rows are written: the table does not grow with history */
	CHECK_INT(store_quota_add(&st, "kim@example.org", QUOTA_ANSWERS, 403, 1, &e), 0);
	CHECK_INT(store_quota_count(&st, "jo@example.org", QUOTA_ANSWERS, 400), 0);
	CHECK_INT(store_quota_count(&st, "kim@example.org", QUOTA_ANSWERS, 403), 1);
}

/* A damaged file: what cannot be read is no text, and the next record mends it. */
static void damaged(void)
{
	struct err e = { 0 };
	char path[PATH_MAX + 64], hex[2 * CRYPTO_HASH_LEN + 1];
	uint8_t h[CRYPTO_HASH_LEN];
	FILE *f;

	CHECK_INT(store_quota_text_add(&st, "dave@example.org", hash('f'), &e), 0);
	crypto_sha256("dave@example.org", 16, h);       /* its file: DIR/quota/HASH.texts */
	crypto_hex(h, 16, hex);
	snprintf(path, sizeof path, "%s/quota/%s.texts", st.dir, hex);
	CHECK_INT(access(path, F_OK), 0);
	if ((f = fopen(path, "w"))) {
		fputs("not a hash\nffff\n\x01\x02\n", f);
		fclose(f);
	}
	CHECK(!store_quota_text_answered(&st, "dave@example.org", hash('f')));
	CHECK_INT(store_quota_text_add(&st, "dave@example.org", hash('f'), &e), 0);
	CHECK(store_quota_text_answered(&st, "dave@example.org", hash('f')));
}

/* Everything once with a store that reads the table at each call, once with the run's
 * memory of it (store_open's), in a directory of its own. */
static void all(void)
{
	old_layout();           /* first: a directory with no table yet */
	day_count();
	texts();
	damaged();
	batches();
	staged();
	damaged_table();
}

int main(void)
{
	char cmd[PATH_MAX + 16];

	for (int kept = 0; kept < 2; kept++) {
		char dir[] = "/tmp/test_quota.XXXXXX";
		if (!mkdtemp(dir))
			return 1;
		memset(&st, 0, sizeof st);
		snprintf(st.dir, sizeof st.dir, "%s", dir);
		snprintf(cmd, sizeof cmd, "%s/quota", dir);
		mkdir(cmd, 0700);
		st.quota = kept ? store_quota_table_new() : NULL;
		all();
		store_quota_table_free(st.quota);
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			return 1;
	}
	return check_done();
}
