/* recover.c: what a dead run left in the outbox, settled at the start of each run
 * (pipeline_recover_outbox, docs/design.md "How a mail is processed"): a staged reply whose cause
 * was committed is queued, any other dropped; the temporary files of interrupted writes
 * removed. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/mbox.h"
#include "mail/outbox.h"
#include "mail/spool.h"
#include "pipeline/pipeline_int.h"
#include "store/other.h"
#include "store/store.h"
#include "store/tournament_json.h"
#include "pipeline/tourney.h"
#include "util/fsutil.h"
#include "util/log.h"

/* Was a staged reply's cause committed? Its game's saved state lists what was sent
 * (commit.c remembers every reply in the game before saving it); a mail about no game is
 * committed by its seen mark; a tournament's action (game -T) by its state, which lists
 * what it sent too (tourney_commit.c). -1 if the game cannot be read (the reply waits).
 * *g keeps the game last read, for the next reply of a spool. */
static int staged_committed(struct pipeline *pl, int game, const char *cause, const char *qname,
			    struct game **g, struct err *e)
{
	char name[33];

	if (!game)
		return store_seen_hash(&pl->st, cause);
	if (game < 0)
		return tourney_sent(pl, -game, qname, e);
	if (!*g || (*g)->id != game) {
		char path[PATH_MAX + 64];
		game_free(*g);
		*g = NULL;
		snprintf(path, sizeof path, "%s/games/%d.json", pl->st.dir, game);
		if (!fs_exists(path))
			return 0;               /* a new game that was never saved */
		if (store_load(&pl->st, game, g, e) < 0)
			return -1;
	}
	for (size_t i = 0; i < (*g)->sent.n; i++) {
		outbox_name(strlist_at(&(*g)->sent, i), name);
		if (!strcmp(name, qname))
			return 1;
	}
	return 0;
}

/* A spool a dead run left staged: its committed records queued, the rest dropped. */
static int settle_spool(struct pipeline *pl, const char *path, int *queued, int *dropped,
			struct err *e)
{
	struct spool_rec *r;
	struct game *g = NULL;
	bool *keep;
	size_t n;
	int rc = 0;

	if (spool_records(path, &r, &n, e) < 0)
		return -1;
	if (!(keep = calloc(n ? n : 1, sizeof *keep))) {
		free(r);
		return err_set(e, "out of memory");
	}
	for (size_t i = 0; i < n && rc == 0; i++) {
		int c = staged_committed(pl, r[i].game, r[i].cause, r[i].name, &g, e);
		if (c < 0)
			rc = -1;
		keep[i] = c > 0;
		*queued += c > 0;
		*dropped += c == 0;
	}
	game_free(g);
	if (rc == 0)
		rc = spool_queue(pl->outbox, path, keep, n, e);
	free(keep);
	free(r);
	return rc;
}

/* The single staged files of earlier releases (and of the referee's actions). */
static void settle_files(struct pipeline *pl, struct outbox_staged *s, size_t n, int *queued,
			 int *dropped)
{
	struct game *g = NULL;
	struct err le;

	for (size_t i = 0; i < n; i++) {
		int c = staged_committed(pl, s[i].game, s[i].cause, s[i].name, &g, &le);
		if (c < 0)
			log_warn("%s: kept staged (%s)", s[i].path, le.msg);
		else if (c ? outbox_promote(pl->outbox, s[i].path, &le) == 0 && ++*queued :
			 unlink(s[i].path) == 0 && ++*dropped)
			continue;
		else if (c >= 0)
			log_warn("%s: %s", s[i].path, c ? le.msg : strerror(errno));
	}
	game_free(g);
}

/* A registry staged by a run that died before putting it in place (batch.c): put in place
 * if the mail that changed it was committed (its game's state lists it; a mail about no
 * game, its seen mark), else dropped: the registry changes with that mail's commit, never
 * before nor without it. */
static int settle_registry(struct pipeline *pl, struct err *e)
{
	char key[KEY_MAX], path[PATH_MAX + 64];
	struct game *g = NULL;
	int game, rc = players_staged(&pl->st, key, sizeof key, &game, e);
	bool committed;

	if (rc <= 0)
		return rc;
	snprintf(path, sizeof path, "%s/games/%d.json", pl->st.dir, game);
	if (!game)
		committed = store_seen(&pl->st, key);
	else if (!fs_exists(path))
		committed = false;
	else if (store_load(&pl->st, game, &g, e) < 0)
		return -1;
	else
		committed = game_has_mail(g, key);
	game_free(g);
	if (!committed) {
		players_unstage(&pl->st);
		return 0;
	}
	log_info("the players' registry of a committed mail put in place");
	if (players_place(&pl->st, NULL, e) < 0 || fs_sync_fs(pl->st.dir, e) < 0)
		return -1;
	players_free(&pl->players);
	return players_load(&pl->st, &pl->players, e);
}

/* ---- other.mbox after a dead batch ---- */

/* The key a mail's copy in a log carries (X-Tempest-Key), into key; false for a reply. */
static bool copy_key(const char *raw, size_t len, char *key, size_t klen)
{
	const char *p = raw, *end = raw + len;

	while (p < end && *p != '\r' && *p != '\n') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 15 && !strncmp(p, "X-Tempest-Key: ", 15)) {
			size_t k = n - 15;
			while (k && p[15 + k - 1] == '\r')
				k--;
			snprintf(key, klen, "%.*s", (int)k, p + 15);
			return true;
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}

struct other_cut {
	const struct store *st;
	long long from;
	long at;
};

static int first_uncommitted(const char *raw, size_t len, long offset, void *arg)
{
	struct other_cut *c = arg;
	char key[KEY_MAX];

	if (offset < c->from || !copy_key(raw, len, key, sizeof key) || store_seen(c->st, key))
		return 0;
	c->at = offset;
	return 1;
}

/* A batch that died left its mails about no game in other.mbox, some not committed (no
 * seen mark): the file is cut back before the first of those, which will be appended
 * again when it is processed again (store/other.h). */
static int settle_other(struct pipeline *pl, struct err *e)
{
	char path[PATH_MAX + 32];
	struct other_cut c = { &pl->st, store_other_batch_from(&pl->st), -1 };
	struct stat sb;

	if (c.from < 0)
		return 0;
	snprintf(path, sizeof path, "%s/other.mbox", pl->st.dir);
	if (stat(path, &sb) == 0 && sb.st_size > c.from &&
	    mbox_read(path, first_uncommitted, &c, e) < 0)
		return -1;
	if (c.at >= 0) {
		if (truncate(path, c.at) < 0)
			return err_set(e, "cannot cut %s back: %s", path, strerror(errno));
		log_info("other.mbox: the uncommitted mails of a dead batch cut off");
	}
	store_other_batch_done(&pl->st);
	return 0;
}

/* ---- a queued spool cut short ---- */

/* What rebuild_reply looks for in a log: the referee's mail of that queue name. */
struct lost_reply {
	const char *name;
	char *text;
	size_t len;
};

/* The Message-ID of a mail in a log (in its header, without the angle brackets) into id. */
static bool log_message_id(const char *raw, size_t len, char *id, size_t idlen)
{
	const char *end = raw + len, *p = raw;

	while (p < end && *p != '\r' && *p != '\n') {     /* up to the blank line */
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 13 && !strncasecmp(p, "Message-ID: <", 13)) {
			const char *gt = memchr(p + 13, '>', n - 13);
			if (gt && (size_t)(gt - p - 13) < idlen) {
				snprintf(id, idlen, "%.*s", (int)(gt - p - 13), p + 13);
				return true;
			}
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}

static int find_reply(const char *raw, size_t len, long offset, void *arg)
{
	struct lost_reply *l = arg;
	char id[KEY_MAX], name[33];

	(void)offset;
	if (!log_message_id(raw, len, id, sizeof id))
		return 0;
	outbox_name(id, name);
	if (strcmp(name, l->name))
		return 0;
	if (!(l->text = malloc(len + 1)))
		return 2;
	memcpy(l->text, raw, len + 1);
	l->len = len;
	return 1;
}

/* The reply a spool's cut record held, found again in its game's log (other.mbox for a
 * mail about no game: the log keeps every reply, as sent but for an HTML board, which
 * the text part holds too) and queued as a file of its own: 1, 0 (not found), -1. */
static int rebuild_reply(struct pipeline *pl, const struct spool_rec *cut, struct err *e)
{
	char path[PATH_MAX + 64], id[KEY_MAX];
	struct lost_reply l = { .name = cut->name };

	if (cut->game < 0)
		store_tournament_log_path(&pl->st, -cut->game, path, sizeof path);
	else if (cut->game)
		store_log_path(&pl->st, cut->game, path, sizeof path);
	else
		snprintf(path, sizeof path, "%s/other.mbox", pl->st.dir);
	if (!fs_exists(path))
		return 0;
	int rc = mbox_read(path, find_reply, &l, e);
	if (rc == 2)
		return err_set(e, "out of memory");
	if (rc < 0 || !l.text)
		return rc < 0 ? -1 : 0;
	log_message_id(l.text, l.len, id, sizeof id);
	rc = outbox_put(pl->outbox, id, l.text, l.len, e);
	free(l.text);
	return rc < 0 ? -1 : 1;
}

/* Was record `index` of the queued spool at path marked sent (its ID.sent: spool.h)? A
 * record sent whole and cut afterwards (a disk damaged later) must not go twice. */
static bool marked_sent(const char *path, size_t index)
{
	char marks[PATH_MAX], line[32];
	size_t i;
	bool sent = false;
	FILE *f;

	snprintf(marks, sizeof marks, "%.*s.sent", (int)(strlen(path) - strlen(".spool")), path);
	if (!(f = fopen(marks, "r")))
		return false;
	while (!sent && fgets(line, sizeof line, f))
		sent = strchr(line, '\n') && sscanf(line, "%zu", &i) == 1 && i == index;
	fclose(f);
	return sent;
}

/* The replies of a cut spool that its readable records do not hold, queued again from
 * their games' logs: with its index (spool_finish), every record from the cut on; without
 * one (an earlier release's spool), the cut record whose head can still be read. Those
 * marked sent went before the damage. The number found in *found, not found in *lost. */
static int rebuild_after_cut(struct pipeline *pl, const char *path, size_t n,
			     const struct spool_rec *cut, int *found, int *lost, struct err *e)
{
	struct spool_rec *ix;
	size_t nix;
	int rc = 0;

	if (spool_index(path, &ix, &nix, e) < 0)
		return -1;
	if (!nix && cut->name[0] && !marked_sent(path, n) && (rc = rebuild_reply(pl, cut, e)) >= 0) {
		*found += rc;
		*lost += !rc;
	}
	for (size_t i = n; rc >= 0 && i < nix; i++) {
		if (marked_sent(path, i) || (rc = rebuild_reply(pl, &ix[i], e)) < 0)
			continue;
		*found += rc;
		*lost += !rc;
	}
	free(ix);
	return rc < 0 ? -1 : 0;
}

/* A queued spool cut short (spool_cut): the replies after the cut are queued again from
 * the logs where they can be found, and a copy of the spool kept in failed/ for a person,
 * which also lets the queue drop it once its readable records went (queue.c). Told, never
 * silent. */
static int settle_cut(struct pipeline *pl, const char *path, struct err *e)
{
	struct spool_rec *r, cut;
	char kept[PATH_MAX + 16], *bytes;
	size_t n, len;
	int found = 0, lost = 0;

	spool_damaged_path(path, kept, sizeof kept);
	if (fs_exists(kept) || spool_records(path, &r, &n, e) < 0)
		return fs_exists(kept) ? 0 : -1;
	int c = spool_cut(path, r, n, &cut);
	free(r);
	if (!c)
		return 0;
	if (rebuild_after_cut(pl, path, n, &cut, &found, &lost, e) < 0)
		return -1;
	char dir[PATH_MAX + 16];
	snprintf(dir, sizeof dir, "%s/failed", pl->outbox);
	if (fs_read(path, SIZE_MAX, &bytes, &len, e) < 0)
		return -1;
	int rc = fs_mkdirs(dir, 0700, e) < 0 ? -1 : fs_write_atomic(kept, bytes, len, 0600, e);
	free(bytes);
	if (rc < 0)
		return -1;
	log_warn("outbox: %s was cut short after %zu whole record%s: %d repl%s after the cut "
		 "queued again from the game logs%s; a copy is kept in %s", path, n,
		 n == 1 ? "" : "s", found, found == 1 ? "y" : "ies",
		 lost ? ", some not found there" : "", kept);
	return 0;
}

/* Every queued spool cut short settled; one that cannot be stays queued and told. */
static int settle_cut_spools(struct pipeline *pl, struct err *e)
{
	char **paths;
	size_t n;
	struct err le = { 0 };

	if (spool_queued(pl->outbox, &paths, &n, e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (settle_cut(pl, paths[i], &le) < 0)
			log_warn("%s: a spool cut short not settled: %s", paths[i], le.msg);
		free(paths[i]);
	}
	free(paths);
	return 0;
}

int pipeline_recover_outbox(struct pipeline *pl, struct err *e)
{
	struct outbox_staged *s;
	char **spools = NULL;
	size_t n, nspools = 0;
	int cleaned, tmps, queued = 0, dropped = 0;
	struct err le;

	if (settle_registry(pl, e) < 0 || answers_recover(pl, e) < 0 || settle_other(pl, e) < 0 ||
	    store_clean(&pl->st, &tmps, e) < 0 || outbox_clean(pl->outbox, &cleaned, e) < 0 ||
	    outbox_staged_list(pl->outbox, &s, &n, e) < 0)
		return -1;
	settle_files(pl, s, n, &queued, &dropped);
	free(s);
	int rc = spool_staged(pl->outbox, &spools, &nspools, e);
	for (size_t i = 0; i < nspools; i++) {
		if (rc == 0 && settle_spool(pl, spools[i], &queued, &dropped, &le) < 0)
			log_warn("%s: kept staged (%s)", spools[i], le.msg);
		free(spools[i]);
	}
	free(spools);
	spool_staged_orphans(pl->outbox);
	if (rc < 0 || settle_cut_spools(pl, e) < 0)
		return -1;
	if (queued + dropped) {
		char dir[PATH_MAX + 8];
		snprintf(dir, sizeof dir, "%s/.", pl->outbox);
		if (fs_sync_dir_of(dir, e) < 0)
			return -1;
		log_info("outbox: %d staged repl%s of committed work queued, %d of uncommitted work "
			 "dropped", queued, queued == 1 ? "y" : "ies", dropped);
	}
	if (tmps + cleaned)
		log_info("%d temporary file%s of interrupted writes removed", tmps + cleaned,
			 tmps + cleaned == 1 ? "" : "s");
	return 0;
}
