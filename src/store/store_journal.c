/* store_journal.c: what only grows, appended instead of rewritten (store.h): each game's
 * journal (its mail keys, the Message-IDs sent, its events) and the seen set. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/jread.h"
#include "store/store.h"
#include "store/store_int.h"
#include "util/buf.h"
#include "util/fsutil.h"

struct store_journal *store_journal_of(struct store *st, int id, bool create)
{
	for (size_t i = 0; i < st->njournals; i++)
		if (st->journals[i].id == id)
			return &st->journals[i];
	if (!create)
		return NULL;
	struct store_journal *j = realloc(st->journals, (st->njournals + 1) * sizeof *j);
	if (!j)
		return NULL;
	st->journals = j;
	j[st->njournals] = (struct store_journal){ .id = id };
	return &j[st->njournals++];
}

/* A journal entry, {"mail": x}, {"sent": x} or {"event": x}, appended to its list; at is
 * the line's place, for errors. */
static int journal_entry(const char *line, size_t len, const char *path, ptrdiff_t at,
			 json_t *lists[3], struct err *e)
{
	static const char *const names[3] = { "mail", "sent", "event" };
	struct jread r;
	struct jnode x, v;
	void *it = NULL;
	const char *key;
	int k = 3;

	if (jread_buf(&r, line, len, path, &x, e) < 0)
		return err_set(e, "%s: byte %td: not a journal entry", path, at);
	if (jread_obj(&x, NULL, false, &x) == 0 && jread_member(&x, &it, &key, &v) == 1)
		for (k = 0; k < 3 && strcmp(key, names[k]); k++)
			;
	if (k < 3 && jread_member(&x, &it, &key, &v) == 0)
		json_array_append(lists[k], v.v);
	else
		k = 3;
	jread_close(&r);
	return k < 3 ? 0 : err_set(e, "%s: byte %td: not a journal entry", path, at);
}

/* The journal's committed part (j->size bytes) into the lists of root, which must hold
 * j's counts of each. */
static int journal_read(struct store *st, int id, const struct store_journal *j, json_t *root,
			struct err *e)
{
	char path[PATH_MAX + 64], *text = NULL;
	size_t len = 0;
	json_t *lists[3] = { json_array(), json_array(), json_array() };
	static const char *const keys[3] = { "mails", "sent", "events" };
	int rc = 0;

	store_path_of(st, path, sizeof path, "games/%d.journal", id);
	if (j->size && fs_read(path, STORE_STATE_MAX * 8, &text, &len, e) < 0)
		rc = -1;
	else if (len < (size_t)j->size)
		rc = err_set(e, "%s: %zu bytes, less than the %lld its state records", path, len,
			     j->size);
	for (char *p = text, *end = text + j->size; rc == 0 && p && p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		rc = journal_entry(p, nl ? (size_t)(nl - p) : (size_t)(end - p), path, p - text,
				   lists, e);
		p = nl ? nl + 1 : end;
	}
	if (rc == 0 && (json_array_size(lists[0]) != j->mails ||
			json_array_size(lists[1]) != j->sent || json_array_size(lists[2]) != j->events))
		rc = err_set(e, "%s: its entries are not those its state records", path);
	for (int k = 0; k < 3; k++)
		json_object_set_new(root, keys[k], lists[k]);
	free(text);
	return rc;
}

/* The journal record of a format 3 or 4 state: 1 (*j filled), 0 another format or
 * an error the state's reader names, -1 a bad record. */
static int journal_record(const struct jnode *root, struct store_journal *j)
{
	struct jnode rec;
	int format = 0;
	long long size, mails, sent, events;
	struct err quiet = { 0 };
	struct err *e = root->doc->e;

	root->doc->e = &quiet;
	int is3 = jread_obj(root, NULL, false, &rec) == 0 &&
		  jread_i(root, "format", false, 1, 4, &format) == 0 && format >= 3;
	root->doc->e = e;
	if (!is3)
		return 0;
	if (jread_obj(root, "journal", false, &rec) < 0 ||
	    jread_int(&rec, "size", false, 0, LLONG_MAX, &size) < 0 ||
	    jread_int(&rec, "mails", false, 0, LLONG_MAX, &mails) < 0 ||
	    jread_int(&rec, "sent", false, 0, LLONG_MAX, &sent) < 0 ||
	    jread_int(&rec, "events", false, 0, LLONG_MAX, &events) < 0)
		return -1;
	*j = (struct store_journal){ j->id, size, (size_t)mails, (size_t)sent, (size_t)events };
	return 1;
}

/* A format 3 state with its journal's lists, as the format 2 text the reader takes. */
int store_state_text(struct store *st, int id, const char *path, char **text, struct err *e)
{
	struct jread r;
	struct jnode root;
	struct store_journal *j = store_journal_of(st, id, true);
	struct err quiet = { 0 };

	if (!j)
		return err_set(e, "out of memory");
	*j = (struct store_journal){ .id = id };
	if (jread_text(&r, *text, path, &root, &quiet) < 0)
		return 0;               /* the reader names the error */
	r.e = e;
	int rc = journal_record(&root, j);
	if (rc <= 0) {
		jread_close(&r);
		return rc;
	}
	json_object_del(root.v, "journal");
	json_object_set_new(root.v, "format", json_integer(2));
	rc = journal_read(st, id, j, root.v, e);
	char *full = rc == 0 ? json_dumps(root.v, JSON_COMPACT) : NULL;
	jread_close(&r);
	if (rc == 0 && !full)
		rc = err_set(e, "out of memory loading game %d", id);
	if (rc == 0) {
		free(*text);
		*text = full;
	} else {
		*j = (struct store_journal){ .id = id };
	}
	return rc;
}

/* One journal line: {"NAME": x}. */
static void journal_line(struct buf *b, const char *name, json_t *x)
{
	json_t *o = json_pack("{s:o}", name, x);
	char *t = o ? json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;

	if (!t)
		b->failed = true;
	else {
		buf_str(b, t);
		buf_str(b, "\n");
	}
	free(t);
	json_decref(o);
}

int store_save_journal(struct store *st, const struct game *g, struct err *e)
{
	struct store_journal *j = store_journal_of(st, g->id, true);
	char path[PATH_MAX + 64];
	struct buf b = { 0 };
	struct stat sb;
	int fd;

	if (!j)
		return err_set(e, "out of memory saving game %d", g->id);
	if (g->mails.n < j->mails || g->sent.n < j->sent || g->nevents < j->events)
		return err_set(e, "game %d: its lists are shorter than its journal", g->id);
	for (size_t i = j->mails; i < g->mails.n; i++)
		journal_line(&b, "mail", json_string(strlist_at(&g->mails, i)));
	for (size_t i = j->sent; i < g->sent.n; i++)
		journal_line(&b, "sent", store_sent_json(g, i));
	for (size_t i = j->events; i < g->nevents; i++)
		journal_line(&b, "event", store_event_json(&g->events[i]));
	if (b.failed) {
		buf_free(&b);
		return err_set(e, "out of memory saving game %d", g->id);
	}
	store_path_of(st, path, sizeof path, "games/%d.journal", g->id);
	/* cut back to what the committed state knows: a run that died after appending left a
	 * tail */
	fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	int rc = fd < 0 || ftruncate(fd, (off_t)j->size) < 0 ||
		 (b.n && write(fd, b.s, b.n) != (ssize_t)b.n) ||
		 (!st->lazy && fsync(fd) < 0) || fstat(fd, &sb) < 0 ? -1 : 0;
	if (rc < 0)
		err_set(e, "cannot write %s: %s", path, strerror(errno));
	else
		*j = (struct store_journal){ g->id, (long long)sb.st_size, g->mails.n, g->sent.n,
					     g->nevents };
	if (fd >= 0)
		close(fd);
	buf_free(&b);
	return rc;
}

/* The seen set: DIR/seen/XX.log, a line "HASH\n" per processed mail (HASH: the 64 hex
 * digits of the SHA-256 of its key, XX its first two), appended; a mail is looked up in
 * its shard alone. DIR/seen/XX/HASH, one empty file per mail, is what earlier versions
 * wrote: still read, no longer written (a file per mail costs an inode creation). */
#define SEEN_LINE (HASH_HEX)            /* 64 hex digits and the newline */

static void seen_paths(const struct store *st, const char *key, char hex[HASH_HEX],
		       char *shard, char *old, size_t len)
{
	uint8_t h[CRYPTO_HASH_LEN];

	crypto_sha256(key, strlen(key), h);
	crypto_hex(h, sizeof h, hex);
	snprintf(shard, len, "%s/seen/%.2s.log", st->dir, hex);
	snprintf(old, len, "%s/seen/%.2s/%s", st->dir, hex, hex + 2);
}

/* The shards as this run read them. The run holds the directory's lock, so that only
 * its own appends change them: each shard is read once and then searched in memory, and
 * an append goes to both. A mail of a batch costed an open, a read of its whole shard and
 * a look for the first layout's file; a batch now reads each shard once. Up to
 * SEEN_CACHE_MAX bytes in all; a shard beyond is read at each look-up, as before. Whether
 * any directory of the first layout is left is asked once. */
#define SEEN_SHARDS 256
#define SEEN_CACHE_MAX (4u << 20)       /* 131,072 mails' keys */
struct store_seen_cache {
	struct buf shard[SEEN_SHARDS];
	bool kept[SEEN_SHARDS];
	bool whole[SEEN_SHARDS];        /* appended to by this run: it ends with a whole line */
	size_t bytes;
	int old_layout;                 /* -1: not asked yet */
};

struct store_seen_cache *store_seen_cache_new(void)
{
	struct store_seen_cache *c = calloc(1, sizeof *c);

	if (c)
		c->old_layout = -1;
	return c;
}

void store_seen_cache_free(struct store_seen_cache *c)
{
	for (size_t i = 0; c && i < SEEN_SHARDS; i++)
		buf_free(&c->shard[i]);
	free(c);
}

/* The shard of a hash's 64 hex digits (checked by the caller): its first byte. */
static int shard_of(const char *hex)
{
	uint8_t b = 0;

	crypto_unhex(hex, 1, &b);
	return b;
}

/* Is there a directory of the first layout (DIR/seen/XX/) at all? */
static bool old_layout(const struct store *st)
{
	struct store_seen_cache *c = st->seen;

	if (!c)
		return true;
	if (c->old_layout < 0) {
		char dir[PATH_MAX + 80];
		DIR *d;
		struct dirent *ent;
		snprintf(dir, sizeof dir, "%s/seen", st->dir);
		c->old_layout = 0;
		if ((d = opendir(dir))) {
			while (!c->old_layout && (ent = readdir(d)))
				c->old_layout = strlen(ent->d_name) == 2 && ent->d_name[0] != '.';
			closedir(d);
		} else {
			c->old_layout = 1;      /* cannot tell: look each time */
		}
	}
	return c->old_layout != 0;
}

/* Shard k grew by n bytes in memory; if memory ran out, it is read again when asked. */
static void keep(struct store_seen_cache *c, int k, size_t n)
{
	if (c->shard[k].failed) {
		c->bytes -= c->shard[k].n < c->bytes ? c->shard[k].n : c->bytes;
		buf_free(&c->shard[k]);
		c->kept[k] = false;
		return;
	}
	c->kept[k] = true;
	c->bytes += n;
}

/* The 32 bytes of a line's 64 hex digits, as the memory keeps them (half a line's size);
 * false if the line is not one of hex digits and its newline. */
static bool line_bytes(const char *line, uint8_t out[CRYPTO_HASH_LEN])
{
	return crypto_unhex(line, CRYPTO_HASH_LEN, out) && line[HASH_HEX - 1] == '\n';
}

/* The lines of a shard read into its memory, as bytes. */
static void keep_lines(struct store_seen_cache *c, int k, const char *text, size_t len)
{
	uint8_t h[CRYPTO_HASH_LEN];

	for (size_t at = 0; at + SEEN_LINE <= len; at += SEEN_LINE)
		if (line_bytes(text + at, h))
			buf_add(&c->shard[k], (const char *)h, sizeof h);
	keep(c, k, c->shard[k].n);
}

static bool bytes_hold(const struct buf *b, const char *hex)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char line[SEEN_LINE];

	memcpy(line, hex, HASH_HEX - 1);
	line[HASH_HEX - 1] = '\n';
	if (!line_bytes(line, h))
		return false;
	for (size_t at = 0; at + sizeof h <= b->n; at += sizeof h)
		if (!memcmp(b->s + at, h, sizeof h))
			return true;
	return false;
}

/* Whole lines only: a torn last line (a crash mid-append) matches nothing. */
static bool lines_hold(const char *text, size_t len, const char *hex)
{
	for (size_t at = 0; at + SEEN_LINE <= len; at += SEEN_LINE)
		if (!memcmp(text + at, hex, HASH_HEX - 1) && text[at + HASH_HEX - 1] == '\n')
			return true;
	return false;
}

static bool seen_hex(const struct store *st, const char *hex, const char *shard, const char *old)
{
	struct store_seen_cache *c = st->seen;
	int k = shard_of(hex);
	char *text;
	size_t len;
	struct err e;
	bool found = false;

	if (c && c->kept[k]) {
		found = bytes_hold(&c->shard[k], hex);
	} else if (fs_read(shard, 1L << 30, &text, &len, &e) == 0) {
		found = lines_hold(text, len, hex);
		if (c && c->bytes + len / 2 <= SEEN_CACHE_MAX)
			keep_lines(c, k, text, len);    /* a torn last line left out, as an
							 * append cuts it (store_append_line) */
		free(text);
	} else if (c && !fs_exists(shard)) {
		c->kept[k] = true;              /* none yet: this run's appends make it */
	}
	return found || (old_layout(st) && fs_exists(old));
}

bool store_seen(const struct store *st, const char *key)
{
	char hex[HASH_HEX], shard[PATH_MAX + 80], old[PATH_MAX + 80];

	seen_paths(st, key, hex, shard, old, sizeof shard);
	return seen_hex(st, hex, shard, old);
}

bool store_seen_hash(const struct store *st, const char *hex)
{
	char shard[PATH_MAX + 80], old[PATH_MAX + 80];

	uint8_t h[CRYPTO_HASH_LEN];

	/* a cause read back from a spool or a count file: what is not a hash was never
	 * seen, and names no shard (nor a slot of the memory, kept by the first byte) */
	if (strlen(hex) != HASH_HEX - 1 || !crypto_unhex(hex, CRYPTO_HASH_LEN, h))
		return false;
	snprintf(shard, sizeof shard, "%s/seen/%.2s.log", st->dir, hex);
	snprintf(old, sizeof old, "%s/seen/%.2s/%s", st->dir, hex, hex + 2);
	return seen_hex(st, hex, shard, old);
}

/* Shard k's lines appended (n bytes, whole lines): its memory grows with them, or is let
 * go if the append failed (what the file holds is not known then). */
static int append_shard(const struct store *st, int k, const char *lines, size_t n,
			struct err *e)
{
	struct store_seen_cache *c = st->seen;
	char shard[PATH_MAX + 80];

	snprintf(shard, sizeof shard, "%s/seen/%02x.log", st->dir, (unsigned)k);
	if (store_append_lines(st, shard, lines, n, SEEN_LINE, c ? &c->whole[k] : NULL, e) < 0) {
		if (c && c->kept[k]) {
			c->kept[k] = false;
			c->bytes -= c->shard[k].n;
			buf_free(&c->shard[k]);
		}
		return -1;
	}
	for (size_t at = 0; c && c->kept[k] && at + SEEN_LINE <= n; at += SEEN_LINE) {
		uint8_t h[CRYPTO_HASH_LEN];
		if (line_bytes(lines + at, h)) {
			buf_add(&c->shard[k], (const char *)h, sizeof h);
			keep(c, k, sizeof h);
		}
	}
	return 0;
}

/* A key's line: its hash's 64 hex digits and the newline; its shard. */
static int seen_line(const char *key, char line[SEEN_LINE])
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX];

	crypto_sha256(key, strlen(key), h);
	crypto_hex(h, sizeof h, hex);
	memcpy(line, hex, HASH_HEX - 1);
	line[HASH_HEX - 1] = '\n';
	return h[0];
}

int store_mark_seen(const struct store *st, const char *key, struct err *e)
{
	char line[SEEN_LINE];
	int k = seen_line(key, line);

	return append_shard(st, k, line, SEEN_LINE, e);
}

int store_mark_seen_all(const struct store *st, const char *const *keys, size_t n,
			struct err *e)
{
	/* the keys in the order of their shards (a counting sort by the hash's first byte),
	 * then each shard's lines in one buffer: 5 bytes a mail held, not its hash (the
	 * hash made again as the line is written), so that a batch of thousands costs the
	 * run's peak memory nothing to speak of */
	uint8_t *shard = malloc(n ? n : 1);
	uint32_t *order = malloc((n ? n : 1) * sizeof *order);
	size_t at[SEEN_SHARDS + 1] = { 0 };
	struct buf lines = { 0 };
	char line[SEEN_LINE];
	int rc = 0;

	if (!shard || !order || n > UINT32_MAX) {
		free(shard);
		free(order);
		return err_set(e, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		at[(shard[i] = (uint8_t)seen_line(keys[i], line)) + 1]++;
	for (int k = 0; k < SEEN_SHARDS; k++)
		at[k + 1] += at[k];
	for (size_t i = 0; i < n; i++)
		order[at[shard[i]]++] = (uint32_t)i;
	for (size_t i = 0, k; rc == 0 && i < n; i = k) {
		lines.n = 0;
		for (k = i; k < n && shard[order[k]] == shard[order[i]]; k++) {
			seen_line(keys[order[k]], line);
			buf_add(&lines, line, SEEN_LINE);
		}
		rc = lines.failed ? err_set(e, "out of memory") :
		     append_shard(st, shard[order[i]], lines.s, lines.n, e);
	}
	buf_free(&lines);
	free(shard);
	free(order);
	return rc;
}

int store_append_lines(const struct store *st, const char *path, const char *lines,
		       size_t len, size_t n, bool *whole, struct err *e)
{
	struct stat sb = { .st_size = 1 };
	int fd;

	if ((fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600)) < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	/* a torn last line is cut off, so that these start a line (a file this run appended
	 * to ends with a whole one: only the run that holds the lock writes it) */
	bool ask = !whole || !*whole;
	int rc = (ask && fstat(fd, &sb) < 0) ||
		 (ask && (size_t)sb.st_size % n &&
		  ftruncate(fd, sb.st_size - (off_t)((size_t)sb.st_size % n)) < 0) ||
		 write(fd, lines, len) != (ssize_t)len || (!st->lazy && fsync(fd) < 0) ? -1 : 0;
	if (rc < 0)
		err_set(e, "cannot write %s: %s", path, strerror(errno));
	close(fd);
	if (rc == 0 && !st->lazy && sb.st_size == 0)
		rc = fs_sync_dir_of(path, e);    /* a new file's name durable too */
	if (whole)
		*whole = rc == 0;
	return rc;
}

int store_append_line(const struct store *st, const char *path, const char *line, size_t n,
		      struct err *e)
{
	return store_append_lines(st, path, line, n, n, NULL, e);
}
