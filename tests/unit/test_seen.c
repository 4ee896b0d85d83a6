/* test_seen.c: the seen set (store.h: store_seen, store_mark_seen) as a run keeps it in
 * memory: a mark found at once and by the next run, a shard another run wrote read,
 * a torn last line matching nothing and cut by the next mark, the first layout's files
 * (DIR/seen/XX/HASH) still found, a store without its memory reading the files, and a
 * batch's marks written at once (store_mark_seen_all: a write a shard, a torn line cut
 * first, every shard left whole lines). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "store/store.h"
#include "store/store_int.h"
#include "util/crypto.h"

static char dir[64];

static void open_store(struct store *st)
{
	struct err e;

	if (!CHECK_INT(store_open(st, dir, STORE_CREATE, 0, "test", &e), 0))
		fprintf(stderr, "store_open: %s\n", e.msg);
}

static void hex_of(const char *key, char hex[2 * CRYPTO_HASH_LEN + 1])
{
	uint8_t h[CRYPTO_HASH_LEN];

	crypto_sha256(key, strlen(key), h);
	crypto_hex(h, sizeof h, hex);
}

/* Appends raw bytes to the shard of key, as another run (or a crash) left them. */
static void append_raw(const char *key, const char *bytes, size_t n)
{
	char hex[2 * CRYPTO_HASH_LEN + 1], path[128];
	int fd;

	hex_of(key, hex);
	snprintf(path, sizeof path, "%s/seen/%.2s.log", dir, hex);
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
	CHECK(fd >= 0);
	CHECK(write(fd, bytes, n) == (ssize_t)n);
	close(fd);
}

int main(void)
{
	struct store st, other;
	struct err e;
	char key[64], hex[2 * CRYPTO_HASH_LEN + 1], line[2 * CRYPTO_HASH_LEN + 2], path[160];

	snprintf(dir, sizeof dir, "/tmp/tempest-seen.%ld", (long)getpid());
	open_store(&st);
	CHECK(st.seen != NULL);
	/* marked, found at once, other keys of the same shard not */
	for (int i = 0; i < 600; i++) {
		snprintf(key, sizeof key, "<%d@example.org>", i);
		CHECK(!store_seen(&st, key));
		CHECK_INT(store_mark_seen(&st, key, &e), 0);
		CHECK(store_seen(&st, key));
	}
	CHECK(!store_seen(&st, "<600@example.org>"));
	/* a cause that is not a hash (a damaged spool's) was never seen, and leaves the
	 * shards' memory as it was: every mark still found */
	memset(line, 'z', 2 * CRYPTO_HASH_LEN);
	line[2 * CRYPTO_HASH_LEN] = 0;
	CHECK(!store_seen_hash(&st, line));
	line[0] = line[1] = '0';
	CHECK(!store_seen_hash(&st, line));
	for (int i = 0; i < 600; i++) {
		snprintf(key, sizeof key, "<%d@example.org>", i);
		CHECK(store_seen(&st, key));
	}
	/* a line another writer put in a shard this run has read already is not this run's
	 * to know (the lock keeps other runs out); a shard read later holds it */
	hex_of("<late@example.org>", hex);
	snprintf(line, sizeof line, "%s\n", hex);
	append_raw("<late@example.org>", line, strlen(line));
	store_close(&st);
	open_store(&st);
	CHECK(store_seen(&st, "<late@example.org>"));
	CHECK(store_seen(&st, "<599@example.org>"));
	/* a torn last line matches nothing, and the next mark in its shard cuts it first */
	hex_of("<torn@example.org>", hex);
	append_raw("<torn@example.org>", hex, 40);
	CHECK(!store_seen(&st, "<torn@example.org>"));
	CHECK_INT(store_mark_seen(&st, "<torn@example.org>", &e), 0);
	CHECK(store_seen(&st, "<torn@example.org>"));
	store_close(&st);
	open_store(&st);
	CHECK(store_seen(&st, "<torn@example.org>"));
	/* the first layout: one empty file per mail, found when such a directory is there */
	hex_of("<first@example.org>", hex);
	snprintf(path, sizeof path, "%s/seen/%.2s", dir, hex);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/seen/%.2s/%s", dir, hex, hex + 2);
	close(open(path, O_WRONLY | O_CREAT, 0600));
	store_close(&st);
	open_store(&st);
	CHECK(store_seen(&st, "<first@example.org>"));
	CHECK(store_seen_hash(&st, hex));
	/* a store without the memory reads the files each time, to the same answers */
	other = st;
	other.seen = NULL;
	CHECK(store_seen(&other, "<17@example.org>"));
	CHECK(store_seen(&other, "<first@example.org>"));
	CHECK(!store_seen(&other, "<601@example.org>"));
	CHECK_INT(store_mark_seen(&other, "<601@example.org>", &e), 0);
	CHECK(store_seen(&other, "<601@example.org>"));
	store_close(&st);
	/* a batch's marks at once: found at once and by the next run, a torn line in one of
	 * their shards cut before them, with and without the memory */
	const char *batch[300];
	static char keys[300][32];
	for (int i = 0; i < 300; i++) {
		snprintf(keys[i], sizeof keys[i], "<b%d@example.org>", i);
		batch[i] = keys[i];
	}
	hex_of(keys[7], hex);
	append_raw(keys[7], hex, 20);
	open_store(&st);
	CHECK_INT(store_mark_seen_all(&st, batch, 150, &e), 0);
	CHECK_INT(store_mark_seen_all(&st, batch + 150, 150, &e), 0);
	for (int i = 0; i < 300; i++)
		CHECK(store_seen(&st, keys[i]));
	CHECK(!store_seen(&st, "<b300@example.org>"));
	other = st;
	other.seen = NULL;
	CHECK_INT(store_mark_seen_all(&other, batch, 0, &e), 0);
	CHECK_INT(store_mark_seen_all(&other, (const char *[]){ "<b300@example.org>" }, 1, &e), 0);
	store_close(&st);
	open_store(&st);
	for (int i = 0; i < 300; i++)
		CHECK(store_seen(&st, keys[i]));
	CHECK(store_seen(&st, "<b300@example.org>"));
	store_close(&st);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "cat %s/seen/*.log | awk 'length($0) != 64' | wc -l | grep -qx 0", dir);
	CHECK_INT(system(cmd), 0);          /* whole lines only */
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK_INT(system(cmd), 0);
	return check_done();
}
