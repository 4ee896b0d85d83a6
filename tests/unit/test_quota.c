/* test_quota.c: the day's answers to an address (store_quota_count, store_quota_add) and the texts of its
 * that drew an answer (store_quota_text_*), which tell an auto-responder's repeats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store/store.h"
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

/* A batch's counts applied twice (a run that died after applying them, before removing
 * its staged file) count once; each counter is its own file. */
static void batches(void)
{
	struct err e = { 0 };
	char name[CRYPTO_ADDRESS_NAME];

	store_quota_name("erin@example.org", name);
	CHECK_INT(store_quota_apply(&st, name, QUOTA_NOTICES, 200, 3, "b1", &e), 0);
	CHECK_INT(store_quota_apply(&st, name, QUOTA_NOTICES, 200, 3, "b1", &e), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_NOTICES, 200), 3);
	CHECK_INT(store_quota_apply(&st, name, QUOTA_NOTICES, 200, 2, "b2", &e), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_NOTICES, 200), 5);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_ANSWERS, 200), 0);
	CHECK_INT(store_quota_count(&st, "erin@example.org", QUOTA_STRANGERS, 200), 0);
	/* a staged file read back: its whole lines */
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

int main(void)
{
	char dir[] = "/tmp/test_quota.XXXXXX", cmd[64];

	if (!mkdtemp(dir))
		return 1;
	snprintf(st.dir, sizeof st.dir, "%s", dir);
	day_count();
	texts();
	damaged();
	batches();
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return check_done();
}
