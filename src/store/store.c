/* store.c: see store.h. The store's folder, its lock and key, and the files of each game:
 * its state (whose JSON state_json.c writes and reads), its log, the notes of the
 * challenges that created games. */
#include "store/store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/kind.h"
#include "store/store_int.h"
#include "util/fsutil.h"

/* The note last looked up or written, kept for the run: a challenge asks for its own three
 * times (does its game wait to be placed, did it create one, then its note), and only
 * this run, which holds the lock, changes created/. Whether created/ holds any file of
 * the earlier layout is asked once. */
struct store_created_memo {
	char hex[HASH_HEX];             /* "": none kept */
	int id;
	int old_layout;                 /* 0: not asked yet, 1: some, 2: none */
	bool dir_made;
};

static int read_key(struct store *st, const char *path, bool create, struct err *e)
{
	char *data;
	size_t len;

	if (!fs_exists(path)) {
		if (!create)
			return err_set(e, "no key file %s", path);
		if (crypto_random(st->key, sizeof st->key, e) < 0)
			return -1;
		return fs_write_atomic(path, st->key, sizeof st->key, 0600, e);
	}
	struct stat sb;
	if (stat(path, &sb) == 0 && (sb.st_mode & 077))
		return err_set(e, "key file %s is readable by others (mode %03o); chmod 600 it",
			       path, (unsigned)(sb.st_mode & 0777));
	if (fs_read(path, 1024, &data, &len, e) < 0)
		return -1;
	if (len != sizeof st->key) {
		free(data);
		return err_set(e, "key file %s holds %zu bytes, not %zu", path, len, sizeof st->key);
	}
	memcpy(st->key, data, sizeof st->key);
	free(data);
	return 0;
}

/* The read-only open of a dry run: nothing made, a shared lock if a run ever locked. */
static int open_read_only(struct store *st, const char *dir, int wait, struct err *e)
{
	char path[PATH_MAX + 32];

	if (!fs_exists(dir)) {
		err_set(e, "no data directory %s", dir);
		return err_for_a_person(e);
	}
	snprintf(path, sizeof path, "%s/lock", dir);
	if ((st->lock_fd = fs_lock_shared(path, wait, e)) == -1)
		return -1;
	if (st->lock_fd == -2)
		st->lock_fd = -1;               /* no run ever locked: none runs now */
	snprintf(path, sizeof path, "%s/key", dir);
	if (read_key(st, path, false, e) < 0) {
		store_close(st);
		return err_for_a_person(e);
	}
	return 0;
}

int store_open(struct store *st, const char *dir, enum store_mode mode, int wait,
	       const char *who, struct err *e)
{
	char path[PATH_MAX + 32];

	memset(st, 0, sizeof *st);
	st->lock_fd = -1;
	st->seen = store_seen_cache_new();
	st->quota = store_quota_table_new();
	st->created = calloc(1, sizeof *st->created);
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	if (mode == STORE_READ_ONLY)
		return open_read_only(st, dir, wait, e);
	snprintf(path, sizeof path, "%s/games", dir);
	if (fs_mkdirs(path, 0700, e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/seen", dir);
	if (fs_mkdirs(path, 0700, e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/lock", dir);
	if ((st->lock_fd = fs_lock(path, wait, who, e)) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/key", dir);
	if (read_key(st, path, true, e) < 0) {
		bool damaged = fs_exists(path);
		store_close(st);
		return damaged ? err_for_a_person(e) : -1;
	}
	return 0;
}

int store_damaged(struct err *e)
{
	if (e && !strstr(e->msg, "out of memory"))
		err_for_a_person(e);
	return -1;
}

int store_clean(const struct store *st, int *removed, struct err *e)
{
	static const char *const sub[] = { "games", "created", "quota", "quarantine",
					    "tournaments", "tournaments/pending" };
	char dir[PATH_MAX + 16];

	*removed = 0;
	if (fs_clean_tmp(st->dir, removed, e) < 0)
		return -1;
	for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
		snprintf(dir, sizeof dir, "%s/%s", st->dir, sub[i]);
		if (fs_clean_tmp(dir, removed, e) < 0)
			return -1;
	}
	return 0;
}

int store_set_key_file(struct store *st, const char *path, struct err *e)
{
	return read_key(st, path, false, e);
}

void store_close(struct store *st)
{
	free(st->journals);
	st->journals = NULL;
	store_seen_cache_free(st->seen);
	st->seen = NULL;
	store_quota_table_free(st->quota);
	st->quota = NULL;
	free(st->created);
	st->created = NULL;
	st->njournals = 0;
	fs_unlock(st->lock_fd);
	st->lock_fd = -1;
}

int store_load(struct store *st, int id, struct game **out, struct err *e)
{
	char path[PATH_MAX + 64], *text;

	*out = NULL;
	store_path_of(st, path, sizeof path, "games/%d.json", id);
	if (!fs_exists(path))
		return 1;
	if (fs_read(path, STORE_STATE_MAX, &text, NULL, e) < 0)
		return -1;
	if (store_state_text(st, id, path, &text, e) < 0) {
		free(text);
		return store_damaged(e);
	}
	int rc = store_game_from_json(text, path, out, e);
	free(text);
	if (rc < 0)
		return store_damaged(e);
	if (rc == 0 && (*out)->id != id) {
		int other = (*out)->id;
		game_free(*out);
		*out = NULL;
		return err_set(e, "%s: id: says game %d", path, other);
	}
	return rc;
}

static void stored(struct store *st, int id);

/* The state's text, with its last newline, for store_save_state and store_stage_state. */
static char *state_text(struct store *st, const struct game *g, struct store_journal **jp,
			size_t *n, struct err *e)
{
	struct store_journal *j = store_journal_of(st, g->id, false);

	if (!j || j->mails != g->mails.n || j->sent != g->sent.n || j->events != g->nevents) {
		err_set(e, "game %d: its journal is not saved", g->id);
		return NULL;
	}
	json_t *root = store_game_root(g, j);
	char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_ENSURE_ASCII) : NULL;
	json_decref(root);
	if (!text) {
		err_set(e, "out of memory saving game %d", g->id);
		return NULL;
	}
	*n = strlen(text);
	text[(*n)++] = '\n';                    /* the NUL becomes the file's last newline */
	*jp = j;
	return text;
}

int store_save_state(struct store *st, const struct game *g, struct err *e)
{
	struct store_journal *j;
	char path[PATH_MAX + 64];
	size_t n;
	char *text = state_text(st, g, &j, &n, e);

	if (!text)
		return -1;
	store_path_of(st, path, sizeof path, "games/%d.json", g->id);
	int rc = fs_write_atomic(path, text, n, 0600, e);
	free(text);
	if (rc == 0)
		stored(st, g->id);
	return rc;
}

/* A batch's state goes through a spare file, games/N.spare: written before the batch's
 * first barrier (store_stage_state), exchanged with the state after it
 * (store_place_state), when it is durable whole: the state's replacement needs no sync
 * of its own. The exchange leaves the state before in the spare, written over at the
 * game's next save, in this run or a later one: after its second save a game's state
 * never creates a file, and none is removed (on an ext4 without a journal each file
 * removed slows the creation of the next ones for hours). The spare is written over,
 * never emptied first: ext4 flushes a file emptied and written again when it is closed
 * (its auto_da_alloc), a disk write per game and batch that the barrier makes needless.
 * Cut short by a crash, it is written over at the next save; what it holds is never
 * read. Earlier versions' games/N.json.tmp.spare are removed as temporary files. */
static void spare_path(struct store *st, int id, char *out, size_t len)
{
	store_path_of(st, out, len, "games/%d.spare", id);
}

int store_stage_state(struct store *st, const struct game *g, struct err *e)
{
	struct store_journal *j;
	char spare[PATH_MAX + 96];
	size_t n;
	char *text = state_text(st, g, &j, &n, e);
	int fd;

	if (!text)
		return -1;
	spare_path(st, g->id, spare, sizeof spare);
	if ((fd = open(spare, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) < 0) {
		free(text);
		return err_set(e, "cannot create %s: %s", spare, strerror(errno));
	}
	ssize_t w = pwrite(fd, text, n, 0);
	int saved = errno;
	if (w == (ssize_t)n && ftruncate(fd, (off_t)n) < 0)
		w = -1, saved = errno;
	free(text);
	if (close(fd) < 0 && w == (ssize_t)n)
		w = -1, saved = errno;
	if (w != (ssize_t)n)
		return err_set(e, "cannot write %s: %s", spare, w < 0 ? strerror(saved) : "short write");
	return 0;
}

int store_place_state(struct store *st, const struct game *g, struct err *e)
{
	char path[PATH_MAX + 64], spare[PATH_MAX + 96];

	store_path_of(st, path, sizeof path, "games/%d.json", g->id);
	spare_path(st, g->id, spare, sizeof spare);
	if (renameat2(AT_FDCWD, spare, AT_FDCWD, path, RENAME_EXCHANGE) == 0)
		return 0;
	/* no state yet (a new game), or a file system without the exchange */
	if (rename(spare, path) < 0)
		return err_set(e, "cannot put %s in place: %s", path, strerror(errno));
	stored(st, g->id);
	return 0;
}

int store_save(struct store *st, const struct game *g, struct err *e)
{
	return store_save_journal(st, g, e) < 0 ? -1 : store_save_state(st, g, e);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int store_list(struct store *st, int **ids, size_t *n, struct err *e)
{
	char path[PATH_MAX + 16];
	DIR *d;
	struct dirent *de;
	size_t cap = 0;

	*ids = NULL;
	*n = 0;
	snprintf(path, sizeof path, "%s/games", st->dir);
	if (!(d = opendir(path)))
		return err_set(e, "cannot list %s: %s", path, strerror(errno));
	while ((de = readdir(d))) {
		char *end;
		long id = strtol(de->d_name, &end, 10);
		if (end == de->d_name || strcmp(end, ".json") || id < 1 || id > 99999999)
			continue;
		if (*n == cap) {
			int *a = realloc(*ids, (cap = cap ? cap * 2 : 64) * sizeof *a);
			if (!a) {
				closedir(d);
				return err_set(e, "out of memory");
			}
			*ids = a;
		}
		(*ids)[(*n)++] = (int)id;
	}
	closedir(d);
	if (*n)
		qsort(*ids, *n, sizeof **ids, cmp_int);
	return 0;
}

int store_next_id(struct store *st, int *id, struct err *e)
{
	int *ids;
	size_t n;

	if (st->next_id) {
		*id = st->next_id;
		return 0;
	}
	if (store_list(st, &ids, &n, e) < 0)
		return -1;
	*id = st->next_id = n ? ids[n - 1] + 1 : 1;
	free(ids);
	return 0;
}

/* A state put in place: the next number is past it. */
static void stored(struct store *st, int id)
{
	if (st->next_id && id >= st->next_id)
		st->next_id = id + 1;
}

/* A challenge's note: a line "HASH ID" (the SHA-256 of its key, the game's number in 8
 * digits) in the shard created/XX.log of its hash's first two digits, appended as a
 * mail's seen mark is (a file per note cost a file's creation for every new game). A
 * torn last line (a crash mid-append) is cut off by the next note. DIR/created/HASH, a
 * file a note, is what earlier versions wrote: still read. */
#define NOTE_LINE (HASH_HEX + 9)         /* 64 hex digits, a space, 8 digits, the newline */

static void created_paths(const struct store *st, const char *key, char hex[HASH_HEX],
			  char *shard, char *old, size_t len)
{
	uint8_t h[CRYPTO_HASH_LEN];

	crypto_sha256(key, strlen(key), h);
	crypto_hex(h, sizeof h, hex);
	snprintf(shard, len, "%s/created/%.2s.log", st->dir, hex);
	snprintf(old, len, "%s/created/%s", st->dir, hex);
}

/* Does created/ hold a note of the earlier layout (a file named by a whole hash)? */
static bool created_old_layout(const struct store *st)
{
	struct store_created_memo *m = st->created;
	char dir[PATH_MAX + 16];
	struct dirent *d;
	DIR *dp;

	if (m && m->old_layout)
		return m->old_layout == 1;
	snprintf(dir, sizeof dir, "%s/created", st->dir);
	bool some = false;
	if ((dp = opendir(dir))) {
		while (!some && (d = readdir(dp)))
			some = strlen(d->d_name) == HASH_HEX - 1;
		closedir(dp);
	} else if (errno != ENOENT) {
		return true;                    /* cannot tell: look each time */
	}
	if (m)
		m->old_layout = some ? 1 : 2;
	return some;
}

/* The number a note gives the key's hash: its last whole line in the shard, else the file
 * of an earlier version; 0 if none. */
static int noted_id(const struct store *st, const char *hex, const char *shard, const char *old)
{
	struct store_created_memo *m = st->created;
	char *text;
	size_t len;
	struct err e;
	int id = 0;

	if (m && !strcmp(m->hex, hex))
		return m->id;
	if (fs_read(shard, 1L << 30, &text, &len, &e) == 0) {
		for (size_t at = 0; at + NOTE_LINE <= len; at += NOTE_LINE)
			if (!memcmp(text + at, hex, HASH_HEX - 1) && text[at + HASH_HEX - 1] == ' ' &&
			    text[at + NOTE_LINE - 1] == '\n')
				id = atoi(text + at + HASH_HEX);
		free(text);
	}
	if (!id && created_old_layout(st) && fs_exists(old) &&
	    fs_read(old, 64, &text, NULL, &e) == 0) {
		id = atoi(text);
		free(text);
	}
	if (m) {
		snprintf(m->hex, sizeof m->hex, "%s", hex);
		m->id = id;
	}
	return id;
}

int store_note_creation(const struct store *st, const char *msg_key, int id, struct err *e)
{
	char hex[HASH_HEX], shard[PATH_MAX + 96], old[PATH_MAX + 96], dir[PATH_MAX + 16];
	char line[NOTE_LINE + 1];
	struct store_created_memo *m = st->created;

	snprintf(dir, sizeof dir, "%s/created", st->dir);
	created_paths(st, msg_key, hex, shard, old, sizeof shard);
	if (id < 1 || id > 99999999)
		return err_set(e, "game number %d out of range", id);
	/* a challenge processed again after a crash finds its note: it is not written twice */
	if (noted_id(st, hex, shard, old) == id)
		return 0;
	snprintf(line, sizeof line, "%s %08d\n", hex, id);
	if (!(m && m->dir_made) && fs_mkdirs(dir, 0700, e) < 0)
		return -1;
	if (m)
		m->dir_made = true;
	int rc = store_append_line(st, shard, line, NOTE_LINE, e);
	if (m) {                        /* the note as the shard now holds it, or unknown */
		snprintf(m->hex, sizeof m->hex, "%s", rc == 0 ? hex : "");
		m->id = id;
	}
	return rc;
}

int store_game_noted(const struct store *st, const char *msg_key)
{
	char hex[HASH_HEX], shard[PATH_MAX + 96], old[PATH_MAX + 96], state[PATH_MAX + 64];

	created_paths(st, msg_key, hex, shard, old, sizeof shard);
	int id = noted_id(st, hex, shard, old);
	if (id <= 0)
		return 0;
	store_path_of(st, state, sizeof state, "games/%d.json", id);
	return fs_exists(state) ? 0 : id;
}

int store_game_created_by(struct store *st, const char *msg_key)
{
	char hex[HASH_HEX], shard[PATH_MAX + 96], old[PATH_MAX + 96];
	struct game *g;
	struct err e;
	int found = 0;

	created_paths(st, msg_key, hex, shard, old, sizeof shard);
	int id = noted_id(st, hex, shard, old);
	/* noted before the game's first commit: it counts only if that commit was made */
	if (id > 0 && store_load(st, id, &g, &e) == 0) {
		if (g->nevents && !strcmp(g->events[0].msg, msg_key))
			found = id;
		game_free(g);
	}
	return found;
}

void store_log_path(const struct store *st, int id, char *out, size_t len)
{
	store_path_of(st, out, len, "games/%d.mbox", id);
}

int store_log_open(const struct store *st, const struct game *g, int *fd, struct err *e)
{
	char path[PATH_MAX + 64];

	store_log_path(st, g->id, path, sizeof path);
	*fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (*fd < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	if (ftruncate(*fd, (off_t)g->log_size) < 0) {
		int saved = errno;
		close(*fd);
		return err_set(e, "cannot cut %s back: %s", path, strerror(saved));
	}
	return 0;
}

int store_log_close(int fd, long long *size, struct err *e)
{
	struct stat sb;

	if (fsync(fd) < 0 || fstat(fd, &sb) < 0) {
		int saved = errno;
		close(fd);
		return err_set(e, "cannot sync the game log: %s", strerror(saved));
	}
	*size = (long long)sb.st_size;
	close(fd);
	return 0;
}
