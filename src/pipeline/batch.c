/* batch.c: the group commit (pipeline.h, pipeline_batch). The mails of a batch are
 * applied one after the other to games kept in memory; what they write before the
 * commit point (replies in the outbox, the games' logs, the players' registry, the notes
 * of created games, other.mbox) is written without fsync. The commit then runs:
 *   1. barrier: one syncfs(2) makes all of it durable, with the games' journals (what
 *      only grows: store.h), appended, and their new states written beside the old;
 *   2. each changed game's state put in place (an exchange), in ascending order of number;
 *   3. barrier: the states durable, the batch's mails committed;
 *   4. each mail's key marked seen;
 *   5. barrier: the marks durable, before any reply leaves (a mail about no game is
 *      committed by its mark alone).
 * Why each barrier is where it is: docs/design.md, "How a mail is processed". */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/outbox.h"
#include "store/other.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

static void batch_begin(struct pipeline *pl)
{
	struct batch *b = &pl->batch;

	*b = (struct batch){ .on = true, .other_fd = -1, .stats0 = pl->stats, .spool.fd = -1,
		.games = pl->kept, .ngames = pl->nkept };
	pl->kept = NULL;
	pl->nkept = 0;
	for (size_t i = 0; i < b->ngames; i++)
		b->games[i].used = b->games[i].dirty = b->games[i].saved = false;
	if (pl->nbudget && (b->budget0 = malloc(pl->nbudget * sizeof *b->budget0))) {
		memcpy(b->budget0, pl->budget, pl->nbudget * sizeof *b->budget0);
		b->nbudget0 = pl->nbudget;
	}
	pl->st.lazy = true;
}

/* The batch ends. Committed, the games its mails used are kept for the next batch (those
 * it only carried are let go, so that memory stays bounded by one batch's games); given
 * up, every game goes, as some hold what was not committed. */
static void batch_end(struct pipeline *pl, bool committed)
{
	struct batch *b = &pl->batch;
	size_t n = 0;

	for (size_t i = 0; i < b->ngames; i++) {
		if (committed && b->games[i].used) {
			b->games[n++] = b->games[i];
			continue;
		}
		if (b->games[i].log_fd >= 0)
			close(b->games[i].log_fd);
		game_free(b->games[i].g);
	}
	if (n) {
		pl->kept = b->games;
		pl->nkept = n;
		b->games = NULL;
	}
	spool_close(&b->spool);
	strindex_free(&b->names);
	strindex_free(&b->seen_index);
	if (b->other_fd >= 0)
		close(b->other_fd);
	free(b->games);
	free(b->seen);
	free(b->replies);
	free(b->budget0);
	*b = (struct batch){ .other_fd = -1, .spool.fd = -1 };
	pl->st.lazy = false;
}

static bool reply_committed(struct pipeline *pl, const struct staged_reply *r)
{
	const struct cached_game *c = r->game ? batch_find(pl, r->game) : NULL;
	const struct batch *b = &pl->batch;

	if (r->game)
		return c && c->saved;
	/* a mail about no game, committed by its mark: made, or among those of a write that
	 * failed, which the seen set tells */
	return r->seen_index < b->nmarked ||
	       (r->seen_index < b->nseen && store_seen(&pl->st, b->seen[r->seen_index]));
}

/* The replies of the batch's committed mails join the queue: all of them (one rename of
 * the spool, one sync of the outbox) or, for a batch given up, those committed. */
static int queue_committed(struct pipeline *pl, bool all, struct err *e)
{
	struct batch *b = &pl->batch;
	char dir[PATH_MAX];
	bool *keep = NULL;

	if (b->spool.fd < 0)
		return 0;
	spool_close(&b->spool);
	if (!all && !(keep = calloc(b->nreplies ? b->nreplies : 1, sizeof *keep)))
		return err_set(e, "out of memory");
	for (size_t i = 0; keep && i < b->nreplies; i++)
		keep[i] = reply_committed(pl, &b->replies[i]);
	int rc = spool_queue(pl->outbox, b->spool.path, keep, b->nreplies, e);
	free(keep);
	snprintf(dir, sizeof dir, "%s/.", pl->outbox);
	return rc < 0 ? -1 : all ? fs_sync_dir_of(dir, e) : 0;
}

/* What the batch has not committed is undone: its replies leave the outbox, other.mbox
 * is cut back, the registry and the counts are as before (the game logs are cut back by
 * their next append). The games it committed stay committed. A spool that cannot be
 * settled now waits for the next run, which settles it the same way. */
static void batch_abort(struct pipeline *pl)
{
	struct batch *b = &pl->batch;
	struct err e;

	if (queue_committed(pl, false, &e) < 0)
		log_warn("%s (settled at the next run)", e.msg);
	if (b->other_fd >= 0 && ftruncate(b->other_fd, (off_t)b->other_size) < 0)
		log_warn("cannot cut other.mbox back: %s", strerror(errno));
	/* a mail may have changed the registry in memory before it failed, short of its
	 * commit: read again, always (an abort is rare) */
	if (b->players_dirty)
		players_unstage(&pl->st);
	players_free(&pl->players);
	if (players_load(&pl->st, &pl->players, &e) < 0)
		log_warn("%s", e.msg);
	bool for_a_person = pl->stats.for_a_person;     /* a damaged file stays said */
	pl->stats = b->stats0;
	pl->stats.for_a_person |= for_a_person;
	answers_forget(pl);
	if (b->budget0 || !b->nbudget0) {
		pl->nbudget = b->nbudget0;
		if (b->nbudget0)
			memcpy(pl->budget, b->budget0, b->nbudget0 * sizeof *b->budget0);
	}
	batch_end(pl, false);
}

static int by_id(const void *a, const void *b)
{
	const struct cached_game *x = a, *y = b;

	return x->g->id - y->g->id;
}

/* The changed games' journals appended and their states written beside those in place,
 * before the barrier that makes them durable. */
static int stage_states(struct pipeline *pl, struct err *e)
{
	struct batch *b = &pl->batch;

	/* a game at a time, unparked for it (game_park): a batch of hundreds of games never
	 * holds all their positions at once */
	for (size_t i = 0; i < b->ngames; i++) {
		struct game *g = b->games[i].g;
		if (!b->games[i].dirty)
			continue;
		if (game_unpark(g) < 0)
			return err_set(e, "out of memory");
		if (store_save_journal(&pl->st, g, e) < 0 || store_stage_state(&pl->st, g, e) < 0)
			return -1;
		game_park(g);
	}
	return 0;
}

/* The states put in place, in ascending order of number: a crash part way leaves every
 * game made by the batch but not saved above those saved, so that its challenge,
 * processed again, gets the same number. */
static int place_states(struct pipeline *pl, int later, struct err *e)
{
	struct batch *b = &pl->batch;
	size_t done = 0;

	if (b->ngames)
		qsort(b->games, b->ngames, sizeof *b->games, by_id);
	for (size_t i = 0; i < b->ngames; i++) {
		struct cached_game *c = &b->games[i];
		if (!c->dirty || c->g->id == later)
			continue;
		if (done++)
			fault_point("mid-save");
		if (store_place_state(&pl->st, c->g, e) < 0)
			return -1;
		c->saved = true;
	}
	return 0;
}

/* One barrier: everything written so far durable. A replay rebuilds into a directory of
 * its own, which a crash leaves to be made again from scratch: it needs none. */
static int barrier(struct pipeline *pl, struct err *e)
{
	return pl->flags & PIPELINE_REPLAY ? 0 : fs_sync_fs(pl->st.dir, e);
}

/* The seen marks up to `upto`, but those of the mails of game `later` (whose state is
 * not in place yet: commit_registry) when later is not 0. */
static int mark_seen(struct pipeline *pl, size_t upto, int later, struct err *e)
{
	struct batch *b = &pl->batch;
	const struct cached_game *c = later ? batch_find(pl, later) : NULL;
	const char **keys = malloc((upto > b->nmarked ? upto - b->nmarked : 1) * sizeof *keys);
	size_t n = 0;

	if (!keys || (c && game_unpark(c->g) < 0)) {    /* its mail keys read */
		free(keys);
		return err_set(e, "out of memory");
	}
	for (size_t i = b->nmarked; i < upto; i++)
		if (!c || !game_has_mail(c->g, b->seen[i]))
			keys[n++] = b->seen[i];
	/* the batch's first mark alone, so that a crash can come between two (mid-seen); the
	 * others a write per shard. nmarked counts the marks made: a batch given up that
	 * failed among these asks the seen set which were (reply_committed). */
	int rc = 0;
	size_t first = !b->nmarked && n;
	if (first && (rc = store_mark_seen(&pl->st, keys[0], e)) == 0)
		b->nmarked = 1;
	if (rc == 0 && n > first)
		fault_point("mid-seen");
	if (rc == 0 && (rc = store_mark_seen_all(&pl->st, keys + first, n - first, e)) == 0 &&
	    upto > b->nmarked)
		b->nmarked = upto;
	free(keys);
	return rc;
}

/* The marks mark_seen left for after the registry's game: that game's mails. */
static int mark_later(struct pipeline *pl, int later, struct err *e)
{
	struct batch *b = &pl->batch;
	const struct cached_game *c = later ? batch_find(pl, later) : NULL;
	const char **keys = malloc((b->nmarked ? b->nmarked : 1) * sizeof *keys);
	size_t n = 0;

	if (!keys || (c && game_unpark(c->g) < 0)) {
		free(keys);
		return err_set(e, "out of memory");
	}
	for (size_t i = 0; c && i < b->nmarked; i++)
		if (game_has_mail(c->g, b->seen[i]))
			keys[n++] = b->seen[i];
	int rc = n ? store_mark_seen_all(&pl->st, keys, n, e) : 0;
	free(keys);
	return rc;
}

/* The registry with the mail that changed it, the batch's last: once every other mail of
 * the batch is committed (states and marks durable), that mail's game state is put in
 * place, then the registry. A crash before the state leaves that one mail to do again,
 * against the registry as it was (and, keyed by mail, it would see the same without its
 * own request); after it, the next run puts the staged registry in place (recover.c). A
 * mail about no game is committed by its mark, which follows the registry: a crash
 * between, and the mail done again finds its own request, which it replaces. */
static int commit_registry(struct pipeline *pl, struct err *e)
{
	struct batch *b = &pl->batch;
	struct cached_game *c = b->players_game ? batch_find(pl, b->players_game) : NULL;

	if (barrier(pl, e) < 0)
		return -1;
	fault_point("registry-before");
	if (c && c->dirty) {
		if (store_place_state(&pl->st, c->g, e) < 0 || barrier(pl, e) < 0)
			return -1;
		c->saved = true;
		fault_point("registry-state");
	}
	if (players_place(&pl->st, &pl->players, e) < 0)
		return -1;
	fault_point("registry-placed");
	return barrier(pl, e);
}

static int batch_commit(struct pipeline *pl, struct err *e)
{
	struct batch *b = &pl->batch;
	int later = b->players_dirty ? b->players_game : 0;

	/* beside the one in place, durable at the first barrier, in place with its mail */
	if (b->players_dirty &&
	    players_stage(&pl->st, &pl->players, b->players_key, b->players_game, e) < 0)
		return -1;
	for (size_t i = 0; i < b->ngames; i++)
		if (b->games[i].log_fd >= 0 && b->games[i].log_end.known) {
			b->games[i].g->log_size = b->games[i].log_end.size;
		} else if (b->games[i].log_fd >= 0) {
			struct stat sb;
			if (fstat(b->games[i].log_fd, &sb) < 0)
				return err_set(e, "game %d: cannot read its log's size: %s",
					       b->games[i].g->id, strerror(errno));
			b->games[i].g->log_size = (long long)sb.st_size;
		}
	if (stage_states(pl, e) < 0 || (b->spool.fd >= 0 && spool_finish(&b->spool, e) < 0) ||
	    answers_stage(pl, e) < 0)
		return -1;
	if ((b->nreplies || b->ngames || b->other_fd >= 0 || b->players_dirty ||
	     pl->answers.batch[0]) && barrier(pl, e) < 0)
		return -1;
	fault_point("before-save");
	if (place_states(pl, later, e) < 0)
		return -1;
	if (b->ngames && barrier(pl, e) < 0)
		return -1;
	fault_point("after-commit");
	/* a registry changed: every other mail committed first, then the registry with the
	 * mail that changed it (the batch's last) and the other mails of its game */
	if (mark_seen(pl, b->nseen - (b->players_dirty && b->nseen), later, e) < 0 ||
	    (b->players_dirty && (commit_registry(pl, e) < 0 || mark_later(pl, later, e) < 0)) ||
	    mark_seen(pl, b->nseen, 0, e) < 0)
		return -1;
	if (b->nseen && barrier(pl, e) < 0)
		return -1;
	/* the batch's mails committed: the answers they took are counted, not before, and
	 * their time is the data directory's latest */
	answers_commit(pl);
	pipeline_time_commit(pl);
	fault_point("before-queue");
	if (queue_committed(pl, true, e) < 0)
		return -1;
	if (b->other_fd >= 0 && !(pl->flags & PIPELINE_REPLAY))
		store_other_batch_done(&pl->st);
	batch_end(pl, true);
	return 0;
}

/* One batch from mails[from]: up to max mails, fewer if one of them asks for the commit.
 * *to is past the last mail taken. 0: all committed; -1: given up (e says why). */
static int run_batch(struct pipeline *pl, const struct pipeline_mail *m, size_t n,
		     size_t from, size_t max, size_t *to, struct err *e)
{
	int failed = 0;

	batch_begin(pl);
	/* the texts too, knowing the referee's own (made here, before the reader starts);
	 * a replay reads a record of the referee's own action otherwise: its own */
	const struct msgtext_referee *referee = NULL;
	struct err te;
	if (!(pl->flags & PIPELINE_REPLAY) && n - from >= 3 &&
	    pipeline_referee_text(pl, &referee, &te) < 0)
		referee = NULL;
	pl->read_ahead = ahead_start(m + from, n - from < max ? n - from : max, pipeline_mail_head,
				     pl, referee);
	for (*to = from; *to < n && *to - from < max && !failed && !pl->batch.flush;) {
		if (*to > from)
			fault_point("mid-batch");
		fault_mail(m[*to].raw, m[*to].len);
		pl->batch.mails++;
		int rc = pipeline_message(pl, &m[*to], e);
		if (rc == PIPELINE_DEFER)       /* a tournament's action: alone, next */
			break;
		failed = rc < 0;
		++*to;
	}
	size_t ahead = ahead_stop(pl->read_ahead);
	pl->read_ahead = NULL;
	if (ahead)
		log_debug("%zu mail%s of the batch read ahead", ahead, ahead == 1 ? "" : "s");
	if (!failed && batch_commit(pl, e) == 0) {
		/* the tournaments' work it left: marked, so a failure waits for the next run */
		struct err le;
		if (tourney_settle(pl, &le) < 0)
			log_warn("tournaments: %s (left for the next run)", le.msg);
		return 0;
	}
	batch_abort(pl);
	return -1;
}

/* A replay or a dry run: no mark, no quarantine, nothing held. A replay stops at its first
 * difference (nothing to retry); a dry run takes its mails one at a time. */
static int batch_unmarked(struct pipeline *pl, const struct pipeline_mail *m, size_t n,
			  int *status, struct err *e)
{
	int rc = 0;

	for (size_t from = 0, to; from < n; from = to) {
		if (pl->flags & PIPELINE_DRY_RUN) {
			to = from + 1;
			if ((status[from] = pipeline_message(pl, &m[from], e)) < 0)
				rc = -1;
			continue;
		}
		if (run_batch(pl, m, n, from, PIPELINE_BATCH_MAX, &to, e) == 0) {
			for (size_t i = from; i < to; i++)
				status[i] = 0;
			continue;
		}
		for (rc = -1; from < n; from++)
			status[from] = -1;
		to = n;
	}
	return rc;
}

/* How many mails from `from` the next batch may take: one if the mail at `from` was in
 * a batch a run died in, else up to the next such mail. */
static size_t batch_span(const struct pipeline *pl, char (*ids)[POISON_ID], size_t from,
			 size_t n)
{
	size_t k = from + 1;

	if (!ids || !pl->poison.n)
		return PIPELINE_BATCH_MAX;
	if (poison_attempts(pl, ids[from]))
		return 1;
	while (k < n && k - from < PIPELINE_BATCH_MAX && !poison_attempts(pl, ids[k]))
		k++;
	return k - from;
}

/* One batch under its mark; a batch of one that fails holds back what concerns the same
 * games and players. */
static int marked_batch(struct pipeline *pl, const struct pipeline_mail *m, size_t n,
			char (*ids)[POISON_ID], size_t from, size_t max, size_t *to,
			struct err *e)
{
	if (ids)
		poison_mark(pl, ids + from, max < n - from ? max : n - from);
	int rc = run_batch(pl, m, n, from, max, to, e);
	if (rc < 0 && *to - from == 1)
		hold_fail_last(pl);
	if (ids)
		poison_clear(pl, ids + from, *to - from);
	return rc;
}

int pipeline_batch(struct pipeline *pl, const struct pipeline_mail *m, size_t n, int *status,
		   struct err *e)
{
	int rc = 0;
	struct err le;
	char (*ids)[POISON_ID];

	/* a clock far ahead would record its time: every mail waits (floor.c) */
	if (pl->ahead) {
		for (size_t i = 0; i < n; i++)
			status[i] = -1;
		pl->stats.failed += (int)n;
		return n ? err_set(e, "the clock is far ahead of the time recorded here: the "
				   "mails wait for a run whose clock is right") : 0;
	}
	if (pl->flags & (PIPELINE_REPLAY | PIPELINE_DRY_RUN))
		return batch_unmarked(pl, m, n, status, e);
	/* no memory for the ids: the batch runs unmarked, as before this safeguard */
	if ((ids = malloc((n ? n : 1) * sizeof *ids)))
		for (size_t i = 0; i < n; i++)
			poison_id(m[i].raw, m[i].len, ids[i]);
	for (size_t from = 0, to; from < n; from = to) {
		if (ids && poison_attempts(pl, ids[from]) >= POISON_ATTEMPTS) {
			to = from + 1;
			status[from] = PIPELINE_QUARANTINED;
			if (poison_quarantine(pl, m[from].raw, m[from].len, ids[from], &le) < 0)
				rc = status[from] = -1, *e = le;
			continue;
		}
		if (marked_batch(pl, m, n, ids, from, batch_span(pl, ids, from, n), &to, &le) == 0) {
			for (size_t i = from; i < to; i++)
				status[i] = 0;
			log_debug("a batch of %zu mail%s committed", to - from, to - from == 1 ? "" : "s");
			continue;
		}
		if (to - from == 1) {
			rc = status[from] = -1;
			*e = le;
			continue;
		}
		log_warn("a batch of %zu mails is given up (%s); its mails are processed one at "
			 "a time", to - from, le.msg);
		/* alone, a mail that fails again fails by itself (a batch of one), and what
		 * comes after it about the same games or players waits with it */
		for (size_t i = from, past; i < to; i++)
			if ((status[i] = marked_batch(pl, m, n, ids, i, 1, &past, e)) < 0)
				rc = -1;
	}
	if (poison_save(pl, &le) < 0)
		log_warn("%s", le.msg);
	free(ids);
	return rc;
}
