/* recover.c: what a dead run left in the outbox, settled at the start of each run
 * (pipeline_recover_outbox, README "How a mail is processed"): a staged reply whose cause
 * was committed is queued, any other dropped; the temporary files of interrupted writes
 * removed. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mail/outbox.h"
#include "mail/spool.h"
#include "pipeline/pipeline_int.h"
#include "store/store.h"
#include "util/fsutil.h"
#include "util/log.h"

/* Was a staged reply's cause committed? Its game's saved state lists what was sent
 * (commit.c remembers every reply in the game before saving it); a mail about no game is
 * committed by its seen mark. -1 if the game cannot be read (the reply waits). *g keeps
 * the game last read, for the next reply of a spool. */
static int staged_committed(struct pipeline *pl, int game, const char *cause, const char *qname,
			    struct game **g, struct err *e)
{
	char name[33];

	if (!game)
		return store_seen_hash(&pl->st, cause);
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
	for (size_t i = 0; i < (*g)->nsent; i++) {
		outbox_name((*g)->sent[i].id, name);
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

int pipeline_recover_outbox(struct pipeline *pl, struct err *e)
{
	struct outbox_staged *s;
	char **spools = NULL;
	size_t n, nspools = 0;
	int cleaned, tmps, queued = 0, dropped = 0;
	struct err le;

	if (settle_registry(pl, e) < 0 ||
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
	if (rc < 0)
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
