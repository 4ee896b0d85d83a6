/* outbox.c: see outbox.h. A queued file is NAME.eml, NAME being 32 lower-case hex digits;
 * anything else in the directory (the temporary files of an interrupted write, failed/)
 * is not part of the queue. */
#include "mail/outbox.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/crypto.h"
#include "util/fsutil.h"

#define NAME_HEX 32                     /* 16 bytes of SHA-256 */
#define SUFFIX ".eml"
#define FAILED "failed"
#define STAGED "staged"

/* The queue file's name for a Message-ID: NAME.eml. */
static void name_of(const char *message_id, char out[NAME_HEX + sizeof SUFFIX])
{
	uint8_t hash[CRYPTO_HASH_LEN];

	crypto_sha256(message_id, strlen(message_id), hash);
	crypto_hex(hash, NAME_HEX / 2, out);
	memcpy(out + NAME_HEX, SUFFIX, sizeof SUFFIX);
}

bool outbox_queue_name(const char *name)
{
	for (int i = 0; i < NAME_HEX; i++)
		if (!isdigit((unsigned char)name[i]) && (name[i] < 'a' || name[i] > 'f'))
			return false;
	return !strcmp(name + NAME_HEX, SUFFIX);
}

/* The queue is sent oldest first. Files written within one tick of the file system's
 * clock would tie, so each gets a modification time later than the one before. */
static int stamp(const char *path, struct err *e)
{
	static struct timespec last;
	struct timespec now, times[2];

	clock_gettime(CLOCK_REALTIME, &now);
	if (now.tv_sec < last.tv_sec || (now.tv_sec == last.tv_sec && now.tv_nsec <= last.tv_nsec)) {
		now = last;
		if (++now.tv_nsec == 1000000000)
			now.tv_sec++, now.tv_nsec = 0;
	}
	last = now;
	times[0] = times[1] = now;
	if (utimensat(AT_FDCWD, path, times, 0) < 0)
		return err_set(e, "outbox: cannot stamp %s: %s", path, strerror(errno));
	return 0;
}

static int put(const char *dir, const char *message_id, const char *text, size_t len,
	       bool sync, char *path, size_t plen, struct err *e)
{
	char name[NAME_HEX + sizeof SUFFIX];

	/* The text is not judged here: a failure would leave the mail that caused the reply
	 * unprocessed, to fail again on every run. A reply that cannot be sent goes to
	 * failed/ when the outbox is flushed. */
	if (!message_id || !*message_id)
		return err_set(e, "outbox: a queued mail needs a Message-ID");
	name_of(message_id, name);
	if (snprintf(path, plen, "%s/%s", dir, name) >= (int)plen)
		return err_set(e, "outbox: path too long: %s", dir);
	if ((sync && fs_mkdirs(dir, 0700, e) < 0) ||
	    (sync ? fs_write_atomic : fs_write_replace)(path, text, len, 0600, e) < 0)
		return -1;
	return stamp(path, e);
}

int outbox_put(const char *dir, const char *message_id, const char *text, size_t len,
	       struct err *e)
{
	char path[PATH_MAX];

	return put(dir, message_id, text, len, true, path, sizeof path, e);
}

void outbox_name(const char *message_id, char out[NAME_HEX + 1])
{
	char name[NAME_HEX + sizeof SUFFIX];

	name_of(message_id, name);
	memcpy(out, name, NAME_HEX);
	out[NAME_HEX] = 0;
}

int outbox_stage(const char *dir, int game, const char *cause_key, const char *message_id,
		 const char *text, size_t len, bool sync, char *path, size_t plen, struct err *e)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char cause[2 * CRYPTO_HASH_LEN + 1], name[NAME_HEX + sizeof SUFFIX];

	if (!message_id || !*message_id)
		return err_set(e, "outbox: a queued mail needs a Message-ID");
	crypto_sha256(cause_key, strlen(cause_key), h);
	crypto_hex(h, sizeof h, cause);
	name_of(message_id, name);
	char sdir[PATH_MAX];
	snprintf(sdir, sizeof sdir, "%s/" STAGED, dir);
	if (snprintf(path, plen, "%s/%d.%s.%s", sdir, game, cause, name) >= (int)plen)
		return err_set(e, "outbox: path too long: %s", dir);
	if ((sync && fs_mkdirs(sdir, 0700, e) < 0) ||
	    (sync ? fs_write_atomic : fs_write_replace)(path, text, len, 0600, e) < 0)
		return -1;
	return stamp(path, e);          /* the queue's order: the time of the staging */
}

int outbox_promote(const char *dir, const char *staged_path, struct err *e)
{
	const char *name = strrchr(staged_path, '.');
	char path[PATH_MAX];

	/* NAME.eml: the last two dot-separated parts */
	while (name && name > staged_path && name[-1] != '.')
		name--;
	if (!name || name == staged_path || strlen(name) != NAME_HEX + strlen(SUFFIX))
		return err_set(e, "outbox: %s is not a staged reply", staged_path);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (rename(staged_path, path) < 0)
		return err_set(e, "outbox: cannot queue %s: %s", staged_path, strerror(errno));
	return 0;
}

/* G.CAUSE.NAME.eml into s; false if the name is not one. */
static bool staged_name(const char *name, struct outbox_staged *s)
{
	char *end;
	long g = strtol(name, &end, 10);
	size_t n = strlen(name);

	if (end == name || g < 0 || g > 1000000000L || *end != '.' ||
	    n != (size_t)(end - name) + 1 + 64 + 1 + NAME_HEX + strlen(SUFFIX))
		return false;
	const char *c = end + 1, *q = c + 65;
	for (int i = 0; i < 64; i++)
		if (!isxdigit((unsigned char)c[i]))
			return false;
	if (c[64] != '.' || !outbox_queue_name(q))
		return false;
	s->game = (int)g;
	memcpy(s->cause, c, 64);
	s->cause[64] = 0;
	memcpy(s->name, q, NAME_HEX);
	s->name[NAME_HEX] = 0;
	return true;
}

int outbox_staged_list(const char *dir, struct outbox_staged **out, size_t *n, struct err *e)
{
	char sdir[PATH_MAX];
	struct dirent *de;
	DIR *d;

	*out = NULL;
	*n = 0;
	snprintf(sdir, sizeof sdir, "%s/" STAGED, dir);
	if (!(d = opendir(sdir)))
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot open %s: %s", sdir,
						     strerror(errno));
	while ((de = readdir(d))) {
		struct outbox_staged s;
		if (!staged_name(de->d_name, &s))
			continue;
		struct outbox_staged *a = realloc(*out, (*n + 1) * sizeof *a);
		if (!a) {
			closedir(d);
			return err_set(e, "outbox: out of memory");
		}
		*out = a;
		snprintf(s.path, sizeof s.path, "%s/%s", sdir, de->d_name);
		a[(*n)++] = s;
	}
	closedir(d);
	return 0;
}

int outbox_clean(const char *dir, int *removed, struct err *e)
{
	/* every folder the outbox writes a file in by a rename (held/ and bounced/ are
	 * defined further down) */
	static const char *const sub[] = { "", "/" STAGED, "/" FAILED, "/held", "/bounced" };
	char sdir[PATH_MAX];

	*removed = 0;
	for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
		snprintf(sdir, sizeof sdir, "%s%s", dir, sub[i]);
		if (fs_clean_tmp(sdir, removed, e) < 0)
			return -1;
	}
	return 0;
}

struct queued {
	char *path;
	struct timespec mtime;
};

static int by_age(const void *a, const void *b)
{
	const struct queued *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Adds dir/name to the list if it is a regular file. */
static int add_queued(struct queued **q, size_t *n, size_t *cap, const char *dir,
		      const char *name, struct err *e)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (stat(path, &st) < 0) {
		if (errno == ENOENT)            /* sent and removed meanwhile */
			return 0;
		return err_set(e, "outbox: cannot stat %s: %s", path, strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		return 0;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		struct queued *g = realloc(*q, c * sizeof **q);
		if (!g)
			return err_set(e, "outbox: out of memory");
		*q = g, *cap = c;
	}
	if (!((*q)[*n].path = strdup(path)))
		return err_set(e, "outbox: out of memory");
	(*q)[(*n)++].mtime = st.st_mtim;
	return 0;
}

static void free_queued(struct queued *q, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(q[i].path);
	free(q);
}

int outbox_list(const char *dir, char ***paths, size_t *n, struct err *e)
{
	struct queued *q = NULL;
	size_t count = 0, cap = 0;
	struct dirent *de;
	char **out;
	DIR *d;

	*paths = NULL;
	*n = 0;
	if (!(d = opendir(dir))) {
		if (errno == ENOENT)            /* nothing was ever queued */
			return 0;
		return err_set(e, "outbox: cannot open %s: %s", dir, strerror(errno));
	}
	while ((de = readdir(d)))
		if (outbox_queue_name(de->d_name) && add_queued(&q, &count, &cap, dir, de->d_name, e) < 0) {
			closedir(d);
			free_queued(q, count);
			return -1;
		}
	closedir(d);
	if (!(out = malloc((count ? count : 1) * sizeof *out))) {
		free_queued(q, count);
		return err_set(e, "outbox: out of memory");
	}
	if (count)
		qsort(q, count, sizeof *q, by_age);
	for (size_t i = 0; i < count; i++)
		out[i] = q[i].path;
	free(q);
	*paths = out;
	*n = count;
	return 0;
}

/* The end of the header section: the empty line (or the end of the text). A line at a
 * time: a reply's header runs to a kilobyte, read once for every mail sent. */
static const char *header_end(const char *text)
{
	if (*text == '\r' || *text == '\n')
		return text;
	for (const char *p = text, *nl; (nl = strchr(p, '\n')); ) {
		p = nl + 1;
		if (*p == '\n' || (*p == '\r' && p[1] == '\n'))
			return p;
	}
	return text + strlen(text);
}

/* The start of the line after p's, or end. */
static const char *next_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

/* Copies the unfolded value of the one To: header into out. */
static int to_value(const char *text, char *out, size_t len, struct err *e)
{
	const char *end = header_end(text), *found = NULL;

	for (const char *p = text; p < end; p = next_line(p, end))
		if (!strncasecmp(p, "To:", 3)) {
			if (found)
				return err_set(e, "two To: headers");
			found = p + 3;
		}
	if (!found)
		return err_set(e, "no To: header");
	size_t n = 0;
	for (const char *p = found; p < end; p++) {
		if (*p == '\n' && (p + 1 >= end || (p[1] != ' ' && p[1] != '\t')))
			break;                  /* the next header */
		if (*p == '\r' || *p == '\n')
			continue;               /* unfolding: the line end goes, the blank stays */
		if (n + 1 >= len)
			return err_set(e, "the To: header is too long");
		out[n++] = *p;
	}
	out[n] = 0;
	return 0;
}

/* Copies s[0..n) into out without its surrounding blanks. */
static int copy_trimmed(const char *s, size_t n, char *out, size_t len, struct err *e)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= len)
		return err_set(e, "the To: address is too long");
	memcpy(out, s, n);
	out[n] = 0;
	return 0;
}

/* Finds the address in a To: value: inside <> if any (outside quoted strings and
 * comments), else the value without its comments. One address only. */
static int address_of(const char *value, char *out, size_t len, struct err *e)
{
	char bare[1024];
	const char *start = NULL, *stop = NULL;
	bool quoted = false;
	int comment = 0;
	size_t n = 0;

	for (const char *p = value; *p; p++) {
		if (quoted || comment) {
			if (*p == '\\' && p[1])
				p++;
			else if (quoted)
				quoted = *p != '"';
			else
				comment += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		} else if (*p == '"')
			quoted = true;
		else if (*p == '(')
			comment = 1;
		else if (*p == ',' || (*p == '<' && start))
			return err_set(e, "the To: header names more than one address");
		else if (*p == '<')
			start = p + 1;
		else if (*p == '>' && start && !stop)
			stop = p;
		else if (!start && n + 1 < sizeof bare)
			bare[n++] = *p;
	}
	if (start && !stop)
		return err_set(e, "the To: address has no closing '>'");
	if (start)
		return copy_trimmed(start, (size_t)(stop - start), out, len, e);
	return copy_trimmed(bare, n, out, len, e);
}

int outbox_recipient(const char *text, char *out, size_t len, struct err *e)
{
	char value[1024];
	const char *at;

	if (len < 2)
		return err_set(e, "no room for the To: address");
	if (to_value(text, value, sizeof value, e) < 0 || address_of(value, out, len, e) < 0)
		return -1;
	for (const char *p = out; *p; p++)
		if ((unsigned char)*p <= ' ' || strchr("<>()\",;\\", *p) || (unsigned char)*p == 0x7f)
			return err_set(e, "the To: address '%s' is not a plain address", out);
	if (!(at = strchr(out, '@')) || at == out || !at[1] || strchr(at + 1, '@'))
		return err_set(e, "the To: header holds no address ('%s')", out);
	return 0;
}

int outbox_unqueue(const char *path, struct err *e)
{
	if (unlink(path) < 0 && errno != ENOENT)
		return err_set(e, "outbox: cannot remove %s: %s", path, strerror(errno));
	return 0;
}

int outbox_remove(const char *path, struct err *e)
{
	return outbox_unqueue(path, e) < 0 ? -1 : fs_sync_dir_of(path, e);
}

int outbox_fail(const char *dir, const char *path, struct err *e)
{
	char failed[PATH_MAX], dest[PATH_MAX];
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (snprintf(failed, sizeof failed, "%s/" FAILED, dir) >= (int)sizeof failed ||
	    snprintf(dest, sizeof dest, "%s/%s", failed, base) >= (int)sizeof dest)
		return err_set(e, "outbox: path too long: %s", dir);
	if (fs_mkdirs(failed, 0700, e) < 0)
		return -1;
	if (rename(path, dest) < 0)
		return err_set(e, "outbox: cannot move %s to %s: %s", path, failed, strerror(errno));
	if (fs_sync_dir_of(dest, e) < 0)
		return -1;
	return fs_sync_dir_of(path, e);
}

/* ---- recipients held back ---- */

#define HELD "held"
#define HOLD_FIRST 300LL                /* seconds: about one cron interval */
#define HOLD_MAX (4 * 3600LL)

static void held_path(const char *dir, const char *rcpt, char *out, size_t len)
{
	char hex[CRYPTO_ADDRESS_NAME];

	crypto_address_name(rcpt, hex);
	snprintf(out, len, "%s/" HELD "/%s", dir, hex);
}

/* "ATTEMPTS UNTIL ADDRESS": 0 if there is no record. */
static int held_read(const char *path, long long *until)
{
	FILE *f = fopen(path, "r");
	int attempts = 0;

	*until = 0;
	if (f) {
		if (fscanf(f, "%d %lld", &attempts, until) != 2)
			attempts = 0, *until = 0;
		fclose(f);
	}
	return attempts;
}

int outbox_hold(const char *dir, const char *rcpt, long long now, long long *until,
		struct err *e)
{
	char path[PATH_MAX], hdir[PATH_MAX], line[600];
	long long was;
	int attempts = held_read((held_path(dir, rcpt, path, sizeof path), path), &was) + 1;
	long long wait = HOLD_FIRST;

	for (int i = 1; i < attempts && wait < HOLD_MAX; i++)
		wait *= 2;
	*until = now + (wait < HOLD_MAX ? wait : HOLD_MAX);
	snprintf(hdir, sizeof hdir, "%s/" HELD, dir);
	int n = snprintf(line, sizeof line, "%d %lld %s\n", attempts, *until, rcpt);
	if (fs_mkdirs(hdir, 0700, e) < 0 || fs_write_atomic(path, line, (size_t)n, 0600, e) < 0)
		return -1;
	return attempts;
}

long long outbox_held_until(const char *dir, const char *rcpt)
{
	char path[PATH_MAX];
	long long until;

	held_path(dir, rcpt, path, sizeof path);
	held_read(path, &until);
	return until;
}

/* ---- recipients whose mail fails for good ---- */

#define BOUNCED "bounced"

static void record_path(const char *dir, const char *sub, const char *rcpt, char *out, size_t len)
{
	char held[PATH_MAX];

	held_path(dir, rcpt, held, sizeof held);
	snprintf(out, len, "%s/%s/%s", dir, sub, strrchr(held, '/') + 1);
}

static int bounce_write(const char *dir, const char *rcpt, int count, int told, struct err *e)
{
	char path[PATH_MAX], bdir[PATH_MAX], line[600];
	int n = snprintf(line, sizeof line, "%d %d %s\n", count, told, rcpt);

	snprintf(bdir, sizeof bdir, "%s/" BOUNCED, dir);
	record_path(dir, BOUNCED, rcpt, path, sizeof path);
	return fs_mkdirs(bdir, 0700, e) < 0 || fs_write_atomic(path, line, (size_t)n, 0600, e) < 0 ?
	       -1 : 0;
}

static int bounce_read(const char *path, int *told, char *rcpt, size_t len)
{
	FILE *f = fopen(path, "r");
	char fmt[32];
	int count = 0;

	*told = 0;
	if (rcpt)
		rcpt[0] = 0;
	snprintf(fmt, sizeof fmt, "%%d %%d %%%zus", len - 1);
	if (f) {
		char who[512];
		if (fscanf(f, fmt, &count, told, rcpt ? rcpt : who) != 3)
			count = 0, *told = 0;
		fclose(f);
	}
	return count;
}

int outbox_bounced(const char *dir, const char *rcpt, struct err *e)
{
	char path[PATH_MAX];
	int told, count;

	record_path(dir, BOUNCED, rcpt, path, sizeof path);
	count = bounce_read(path, &told, NULL, 512) + 1;
	return bounce_write(dir, rcpt, count, told, e) < 0 ? -1 : count;
}

int outbox_bounce_told(const char *dir, const char *rcpt, int count, struct err *e)
{
	char path[PATH_MAX];
	int told, now;

	record_path(dir, BOUNCED, rcpt, path, sizeof path);
	now = bounce_read(path, &told, NULL, 512);
	return bounce_write(dir, rcpt, now > count ? now : count, count, e);
}

int outbox_bounces(const char *dir, int (*each)(const char *rcpt, int count, int told, void *arg),
		   void *arg, struct err *e)
{
	char bdir[PATH_MAX];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	snprintf(bdir, sizeof bdir, "%s/" BOUNCED, dir);
	if (!(d = opendir(bdir)))
		return errno == ENOENT ? 0 : err_set(e, "outbox: cannot open %s: %s", bdir,
						     strerror(errno));
	while (rc == 0 && (de = readdir(d))) {
		char path[PATH_MAX], rcpt[512];
		int told, count;
		if (de->d_name[0] == '.' || strstr(de->d_name, ".tmp."))
			continue;
		snprintf(path, sizeof path, "%s/%s", bdir, de->d_name);
		if ((count = bounce_read(path, &told, rcpt, sizeof rcpt)) > 0)
			rc = each(rcpt, count, told, arg);
	}
	closedir(d);
	return rc;
}

void outbox_records_load(const char *dir, struct outbox_records *r)
{
	static const char *const sub[] = { HELD, BOUNCED };

	*r = (struct outbox_records){ 0 };
	for (size_t i = 0; i < sizeof sub / sizeof sub[0] && !r->all; i++) {
		char path[PATH_MAX];
		struct dirent *de;
		DIR *d;
		snprintf(path, sizeof path, "%s/%s", dir, sub[i]);
		if (!(d = opendir(path))) {
			r->all = errno != ENOENT;       /* unreadable: any address may have one */
			continue;
		}
		while (!r->all && (de = readdir(d))) {
			if (strlen(de->d_name) != CRYPTO_ADDRESS_NAME - 1)
				continue;
			char (*a)[CRYPTO_ADDRESS_NAME] = realloc(r->name, (r->n + 1) * sizeof *a);
			if (!a) {
				r->all = true;
				break;
			}
			r->name = a;
			memcpy(a[r->n++], de->d_name, CRYPTO_ADDRESS_NAME);
		}
		closedir(d);
	}
}

bool outbox_records_has(const struct outbox_records *r, const char *rcpt)
{
	char name[CRYPTO_ADDRESS_NAME];

	if (r->all)
		return true;
	if (!r->n)
		return false;
	crypto_address_name(rcpt, name);
	for (size_t i = 0; i < r->n; i++)
		if (!memcmp(r->name[i], name, CRYPTO_ADDRESS_NAME))
			return true;
	return false;
}

void outbox_records_add(struct outbox_records *r, const char *rcpt)
{
	char (*a)[CRYPTO_ADDRESS_NAME];

	if (r->all || outbox_records_has(r, rcpt))
		return;
	if (!(a = realloc(r->name, (r->n + 1) * sizeof *a))) {
		r->all = true;
		return;
	}
	r->name = a;
	crypto_address_name(rcpt, a[r->n++]);
}

void outbox_records_free(struct outbox_records *r)
{
	free(r->name);
	*r = (struct outbox_records){ 0 };
}

void outbox_release(const char *dir, const char *rcpt)
{
	char path[PATH_MAX];

	held_path(dir, rcpt, path, sizeof path);
	unlink(path);
	record_path(dir, BOUNCED, rcpt, path, sizeof path);
	unlink(path);
}
