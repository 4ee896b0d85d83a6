/* tourney_result.c: a tournament game's result posted (tourney.h, tourney_post). The
 * game's committed state is the truth: its result, and whether it was decided without
 * play (a forfeit: the withdrawal's referee action, or a loss on time before the loser
 * made a move, FIDE's Laws 6.7 reading of a game not begun). A rated one is rated, each
 * game its own rating period unless the configuration sets periods; the standings go to
 * both players and the arbiter, the final crosstable to everyone with the last result.
 * The ratings file follows the tournament's commit, which records the change: a run that
 * dies between them sets it from that record the next time. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pipeline/tourney.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/log.h"

/* Decided without play: forfeited by a withdrawal, or lost on time with no move made. */
static bool without_play(const struct game *g)
{
	const struct game_event *last = g->nevents ? &g->events[g->nevents - 1] : NULL;
	bool white_lost = !strcmp(g->result, "0-1");

	if (last && !strcmp(last->kind, "forfeit"))
		return true;
	if (!last || strcmp(last->kind, "timeout") || !strcmp(g->result, "1/2-1/2"))
		return false;
	return g->board[0].nmoves < (white_lost ? 1 : 2);
}

/* The ratings as the tournament records the game's change (a run that died after the
 * tournament's commit, before the ratings'). */
static int ratings_follow(struct pipeline *pl, const struct tournament *t, const struct tn_game *g,
			  struct err *e)
{
	struct tn_ratings r;
	char key[TN_RATED_KEY];

	if (!g->rated)
		return 0;
	if (store_ratings_load(&pl->st, pl->cfg.rating_period_days, &r, e) < 0)
		return -1;
	snprintf(key, sizeof key, "%d/%d", t->id, g->game);
	int rc = 0;
	bool changed = false;
	for (int c = 0; c < 2 && rc == 0; c++) {
		const struct tn_rated *p = tn_rated_of(&r, t->terms.variant,
						       t->players[c ? g->black : g->white].address);
		if (p && !strcmp(p->last, key))
			continue;
		changed = true;
		rc = tn_ratings_set(&r, t->terms.variant, t->players[c ? g->black : g->white].address,
				    &g->before[c], &g->after[c], key);
	}
	if (rc == 0 && changed)
		rc = store_ratings_save(&pl->st, &r, e);
	tn_ratings_free(&r);
	return rc < 0 ? (e->msg[0] ? -1 : err_set(e, "out of memory")) : 0;
}

/* The result's text in the log: what a replay applies, and the rating change it made. */
static void result_text(const struct tournament *t, const struct tn_game *g, struct buf *b)
{
	buf_printf(b, "result %d %s%s%s", g->game, g->result, g->forfeit ? " forfeit" : "",
		   g->rated ? "" : " unrated");
	for (int c = 0; g->rated && c < 2; c++)
		buf_printf(b, "\nrating %s %.17g %.17g %.17g -> %.17g %.17g %.17g",
			   t->players[c ? g->black : g->white].address, g->before[c].rating,
			   g->before[c].rd, g->before[c].volatility, g->after[c].rating,
			   g->after[c].rd, g->after[c].volatility);
}

/* The standings to the game's players and the arbiter; the final crosstable to all. */
static int tell(struct job *j, const struct tn_game *g)
{
	const struct tournament *t = j->t;
	char note[512];

	phrase_printf(note, sizeof note, "Game %d, %s v %s, has ended: %s.", g->game,
		 t->players[g->white].address, t->players[g->black].address, g->result);
	if (t->status == TN_FINISHED)
		return tourney_tell_all(j, REPLY_STANDINGS, note);
	for (int c = 0; c < 2; c++)
		if (tourney_tell(j, REPLY_STANDINGS, t->players[c ? g->black : g->white].address,
				 note) < 0)
			return -1;
	return t->terms.arbiter[0] ? tourney_tell(j, REPLY_STANDINGS, t->terms.arbiter, note) : 0;
}

/* The result of game g (over) posted to t, rated where it counts. */
static int post(struct pipeline *pl, struct tournament *t, const struct game *g, struct err *e)
{
	struct tournament *c = tn_copy(t);
	struct tn_ratings r = { 0 };
	char key[80], rated_key[TN_RATED_KEY];
	struct buf text = { 0 };
	struct job j = { 0 };
	bool forfeit = without_play(g);
	int rc;

	if (!c)
		return err_set(e, "out of memory");
	tn_result(c, g->id, g->result, forfeit, t->terms.rated);
	struct tn_game *tg = &c->games[tn_game_of(c, g->id)];
	if (tg->rated) {
		snprintf(rated_key, sizeof rated_key, "%d/%d", t->id, g->id);
		if (store_ratings_load(&pl->st, pl->cfg.rating_period_days, &r, e) < 0 ||
		    tn_ratings_apply(&r, c->terms.variant, c->players[tg->white].address,
				     c->players[tg->black].address, g->result, rated_key,
				     pipeline_now(pl), tg->before, tg->after) < 0) {
			tn_ratings_free(&r);
			tn_free(c);
			return e->msg[0] ? -1 : err_set(e, "out of memory");
		}
	}
	snprintf(key, sizeof key, "tournament:%d:result:%d", t->id, g->id);
	result_text(c, tg, &text);
	if (text.failed) {
		tn_free(c);
		c = NULL;
	}
	rc = !c ? err_set(e, "out of memory") : tourney_job(pl, &j, c, key, text.s, e);
	pl->ratings = tg->rated ? &r : NULL;    /* the standings show the ratings after */
	if (rc == 0)
		rc = tell(&j, tg) < 0 ? err_set(e, "out of memory") : tourney_commit(&j, text.s, e);
	pl->ratings = NULL;
	fault_point("tournament-posted");
	/* the ratings follow the commit that records their change */
	if (rc == 0 && tg->rated)
		rc = store_ratings_save(&pl->st, &r, e);
	tn_ratings_free(&r);
	buf_free(&text);
	job_free(&j);
	return rc;
}

int tourney_post(struct pipeline *pl, int id, struct err *e)
{
	struct game *g;
	struct tournament *t = NULL;
	char name[32];
	int rc = store_load(&pl->st, id, &g, e);

	snprintf(name, sizeof name, "game-%d", id);
	if (rc < 0)
		return -1;
	/* no such game, or its end not committed (a batch given up): nothing to post */
	if (rc > 0 || g->status != GAME_OVER || !g->tournament.id)
		goto done;
	if ((rc = store_tournament_load(&pl->st, g->tournament.id, &t, e)) < 0)
		goto fail;
	long i = rc == 0 ? tn_game_of(t, id) : -1;
	if (i < 0)
		goto done;              /* not one of its games (a replay's directory) */
	rc = t->games[i].result[0] ? ratings_follow(pl, t, &t->games[i], e) : post(pl, t, g, e);
	if (rc < 0)
		goto fail;
done:
	rc = store_pending_remove(&pl->st, name, e);
	game_free(g);
	tn_free(t);
	return rc;
fail:
	game_free(g);
	tn_free(t);
	return -1;
}
