/* tourney_settle.c: the tournaments' work a commit leaves (tourney.h, tourney_settle):
 * an entry that closes (by its number, its date, or a list), the games of the tables
 * started, a withdrawn player's games ended by forfeit, a full rolling tournament's
 * successor opened, and each ended game's result posted, rated and mailed as the
 * standings (the final crosstable to everyone after the last). Each is an action of its
 * own, committed on its own, and each can be done again: a game started is found by its
 * key, a result posted is in the tournament. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pipeline/tourney.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/log.h"

/* ---- the entry closes ---- */

static int close_entry(struct pipeline *pl, struct tournament **tp, struct err *e)
{
	struct tournament *t = tn_copy(*tp);
	double *rating = NULL;
	struct tn_ratings r;
	char key[64], note[512];
	struct job j = { 0 };

	if (!t)
		return err_set(e, "out of memory");
	if (t->terms.rated && t->nplayers &&
	    store_ratings_load(&pl->st, pl->cfg.rating_period_days, &r, e) == 0) {
		if ((rating = calloc(t->nplayers, sizeof *rating)))
			for (size_t i = 0; i < t->nplayers; i++)
				rating[i] = tn_rating_now(&r, t->terms.variant, t->players[i].address,
							  NULL).rating;
		tn_ratings_free(&r);
	}
	int rc = tn_close(t, rating);
	free(rating);
	if (rc < 0) {
		tn_free(t);
		return err_set(e, "out of memory");
	}
	snprintf(key, sizeof key, "tournament:%d:close", t->id);
	if (tourney_job(pl, &j, t, key, "close", e) < 0) {
		job_free(&j);
		return -1;
	}
	if (t->status == TN_CANCELLED)
		phrase_printf(note, sizeof note, "Tournament %d is cancelled: its entry closed with "
			 "fewer than two entrants.", t->id);
	else
		phrase_printf(note, sizeof note, "The entry to tournament %d is closed with %zu "
			 "entrants: its games start now.", t->id, t->nplayers);
	struct buf action = { 0 };              /* the draw, as a replay applies it */
	buf_str(&action, "close");
	for (size_t i = 0; i < t->nplayers; i++)
		buf_printf(&action, "\nplayer %s section %d number %d", t->players[i].address,
			   t->players[i].section, t->players[i].number);
	rc = tourney_tell_all(&j, REPLY_TOURNAMENT, note) < 0 ? err_set(e, "out of memory") :
	     tourney_commit(&j, action.s ? action.s : "close", e);
	buf_free(&action);
	if (rc == 0) {
		tn_free(*tp);
		*tp = j.t;
		j.t = NULL;
	}
	job_free(&j);
	return rc;
}

int pipeline_tournament_close(struct pipeline *pl, int id, char *why, size_t wlen,
			      struct err *e)
{
	struct tournament *t;
	int rc = store_tournament_load(&pl->st, id, &t, e);

	if (rc != 0)
		return rc < 0 ? -1 : (snprintf(why, wlen, "there is no tournament %d here", id), 1);
	if (t->status != TN_OPEN) {
		snprintf(why, wlen, "tournament %d is %s: its entry is not open", id,
			 tn_status_name(t->status));
		tn_free(t);
		return 1;
	}
	rc = close_entry(pl, &t, e);
	tn_free(t);
	return rc < 0 || tourney_settle(pl, e) < 0 ? -1 : 0;
}

int pipeline_tournament_new(struct pipeline *pl, const char *terms, int *id, char *why,
			    size_t wlen, struct err *e)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX], key[KEY_MAX];

	crypto_sha256(terms, strlen(terms), h);
	crypto_hex(h, 8, hex);
	snprintf(key, sizeof key, "referee:tournament:%lld:%s", pipeline_now(pl), hex);
	int rc = tourney_create(pl, terms, NULL, key, id, why, wlen, e);
	if (rc == 0 && tourney_settle(pl, e) < 0)
		return -1;
	return rc;
}

/* ---- games started ---- */

/* The action that starts games[i]: its first line, then its event, site and terms. */
static void start_action(const struct tournament *t, size_t i, struct buf *b)
{
	const struct tn_game *g = &t->games[i];
	char event[TN_TEXT_MAX];

	buf_printf(b, "new %s %s %s tournament %d round %d section %d", t->terms.variant,
		   t->players[g->white].address, t->players[g->black].address, t->id, g->round,
		   tn_sections(t) > 1 ? g->section : 0);
	if (t->terms.name[0])           /* else PGN's Event is "tempest tournament T" */
		buf_printf(b, "\nevent %s", tn_event(t, event, sizeof event));
	if (t->terms.site[0])
		buf_printf(b, "\nsite %s", t->terms.site);
	if (t->terms.arbiter[0] && !strstr(t->terms.games, "arbiter "))
		buf_printf(b, "\narbiter %s", t->terms.arbiter);
	if (t->terms.games[0])
		buf_printf(b, "\n%s", t->terms.games);
}

/* Each game due started (or found: a start done before a crash), then their numbers
 * recorded in one action. */
static int start_games(struct pipeline *pl, struct tournament **tp, struct err *e)
{
	struct tournament *t = *tp;
	size_t *idx = malloc((t->ngames ? t->ngames : 1) * sizeof *idx), n = tn_due(t, idx);
	int *ids = calloc(n ? n : 1, sizeof *ids), rc = 0;
	char key[64], why[512];

	if (!idx || !ids) {
		free(idx), free(ids);
		return err_set(e, "out of memory");
	}
	for (size_t k = 0; k < n && rc == 0; k++) {
		struct buf action = { 0 };
		snprintf(key, sizeof key, "tournament:%d:game:%zu", t->id, idx[k]);
		if ((ids[k] = store_game_created_by(&pl->st, key)))
			continue;
		start_action(t, idx[k], &action);
		if (k)
			fault_point("tournament-mid-start");
		rc = action.failed ? err_set(e, "out of memory") :
		     pipeline_referee_keyed(pl, 0, action.s, key, &ids[k], why, sizeof why, e);
		if (rc > 0)
			rc = err_set(e, "tournament %d: its game %zu cannot start: %s", t->id,
				     idx[k], why);
		buf_free(&action);
	}
	if (rc == 0 && n) {
		struct tournament *c = tn_copy(t);
		struct buf text = { 0 };
		struct job j = { 0 };
		for (size_t k = 0; c && k < n; k++) {
			tn_started(c, idx[k], ids[k]);
			buf_printf(&text, "%sstart %zu %d", k ? "\n" : "", idx[k], ids[k]);
		}
		snprintf(key, sizeof key, "tournament:%d:start:%d", t->id, t->actions);
		if (!c || text.failed) {
			rc = err_set(e, "out of memory");
			tn_free(c);
		} else {
			if ((rc = tourney_job(pl, &j, c, key, text.s, e)) == 0 &&
			    (rc = tourney_commit(&j, text.s, e)) == 0) {
				tn_free(*tp);
				*tp = j.t;
				j.t = NULL;
			}
			job_free(&j);
		}
		buf_free(&text);
	}
	free(idx);
	free(ids);
	return rc;
}

/* ---- a withdrawn player's games ended ---- */

static int end_forfeits(struct pipeline *pl, const struct tournament *t, struct err *e)
{
	size_t *idx = malloc((t->ngames ? t->ngames : 1) * sizeof *idx);
	size_t n = idx ? tn_forfeits_due(t, idx) : 0;
	char why[512], action[64];
	int rc = idx ? 0 : err_set(e, "out of memory");

	for (size_t k = 0; k < n && rc == 0; k++) {
		const struct tn_game *g = &t->games[idx[k]];
		bool white_out = t->players[g->white].withdrawn;
		snprintf(action, sizeof action, "forfeit %s", white_out ? "white" : "black");
		if ((rc = pipeline_referee(pl, g->game, action, NULL, why, sizeof why, e)) > 0) {
			log_info("tournament %d, game %d: %s", t->id, g->game, why);
			rc = 0;         /* it ended otherwise meanwhile: its result stands */
		}
	}
	free(idx);
	return rc;
}

/* ---- the next rolling tournament ---- */

static int open_next(struct pipeline *pl, struct tournament **tp, struct err *e)
{
	struct tournament *t = *tp;
	char key[64], why[512], terms[TN_TERMS_MAX + 512], path[64];
	int id;

	if (!t->next) {         /* its number reserved first, then it is made */
		struct tournament *c = tn_copy(t);
		struct job j = { 0 };
		if (!c || store_tournament_next_id(&pl->st, 0, &c->next, e) < 0) {
			tn_free(c);
			return c ? -1 : err_set(e, "out of memory");
		}
		snprintf(key, sizeof key, "tournament:%d:next", t->id);
		snprintf(why, sizeof why, "next %d", c->next);
		int rc = tourney_job(pl, &j, c, key, why, e);
		if (rc == 0 && (rc = tourney_commit(&j, why, e)) == 0) {
			tn_free(*tp);
			*tp = t = j.t;
			j.t = NULL;
		}
		job_free(&j);
		if (rc < 0)
			return -1;
	}
	snprintf(path, sizeof path, "tn-%d", t->next);
	struct tournament *there = NULL;
	int rc = store_tournament_load(&pl->st, t->next, &there, e);
	tn_free(there);
	if (rc <= 0)
		return rc;              /* made already */
	tn_terms_text(&t->terms, terms, sizeof terms);
	snprintf(key, sizeof key, "tournament:%d:open-next", t->id);
	if ((rc = tourney_create_as(pl, terms, t->next, t->id, key, &id, why, sizeof why, e)) > 0)
		return err_set(e, "tournament %d: its successor cannot open: %s", t->id, why);
	return rc;
}

/* ---- a tournament's work ---- */

static int settle_tournament(struct pipeline *pl, int id, struct err *e)
{
	struct tournament *t;
	char name[32];
	int rc = store_tournament_load(&pl->st, id, &t, e);

	snprintf(name, sizeof name, "tn-%d", id);
	if (rc != 0)
		return rc < 0 ? -1 : store_pending_remove(&pl->st, name, e);
	if (tn_closing_due(t, pipeline_now(pl)))
		rc = close_entry(pl, &t, e);
	if (rc == 0)
		rc = start_games(pl, &t, e);
	if (rc == 0)
		rc = end_forfeits(pl, t, e);
	if (rc == 0 && tourney_full_rolling(t))
		rc = open_next(pl, &t, e);
	if (rc == 0 && !tourney_has_work(pl, t))
		rc = store_pending_remove(&pl->st, name, e);
	tn_free(t);
	return rc;
}

/* Was this marker's work done already in this call (it stays marked: its date)? */
static bool done_already(char **done, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(done[i], name))
			return true;
	return false;
}

int tourney_settle(struct pipeline *pl, struct err *e)
{
	char **done = NULL;
	size_t ndone = 0;
	int rc = 0;

	if (pl->settling || pl->batch.on || (pl->flags & (PIPELINE_DRY_RUN | PIPELINE_REPLAY)))
		return 0;
	pl->settling = true;
	/* each marker once, the ones its work made after it too (a forfeit's game ended) */
	for (bool more = true; more && rc == 0;) {
		char **names;
		size_t n;
		more = false;
		if (store_pending_list(&pl->st, &names, &n, e) < 0)
			rc = -1;
		for (size_t i = 0; rc == 0 && i < n; i++) {
			if (done_already(done, ndone, names[i]))
				continue;
			char **d = realloc(done, (ndone + 1) * sizeof *d);
			if (!d) {
				rc = err_set(e, "out of memory");
				break;
			}
			done = d;
			done[ndone++] = strdup(names[i]);
			more = true;
			int id = atoi(strchr(names[i], '-') + 1);
			rc = names[i][0] == 't' ? settle_tournament(pl, id, e) : tourney_post(pl, id, e);
		}
		for (size_t i = 0; i < n; i++)
			free(names[i]);
		free(names);
	}
	for (size_t i = 0; i < ndone; i++)
		free(done[i]);
	free(done);
	pl->settling = false;
	return rc;
}
