/* digests.c: the digests of team games, sent at the end of a run (game/digest.h), and the
 * intruder notices, one per member and game a run. The games whose mails this run left
 * something for a digest are noted; at the end of the run each gets a referee action
 * "digest", committed like any other (its game log records it, so a replay sends the
 * same). A game a dead run left items in is noted by the next run that touches it, or by
 * `tick`, which reads every game. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/digest.h"
#include "pipeline/pipeline_int.h"
#include "util/log.h"

int pipeline_digest_note(struct pipeline *pl, int id)
{
	for (size_t i = 0; i < pl->ndigest_games; i++)
		if (pl->digest_games[i] == id)
			return 0;
	int *d = realloc(pl->digest_games, (pl->ndigest_games + 1) * sizeof *d);
	if (!d)
		return -1;
	pl->digest_games = d;
	d[pl->ndigest_games++] = id;
	return 0;
}

int pipeline_digests(struct pipeline *pl, struct err *e)
{
	int sent = 0;
	bool failed = false;

	if (pl->flags & (PIPELINE_DRY_RUN | PIPELINE_REPLAY))
		return 0;
	for (size_t i = 0; i < pl->ndigest_games; i++) {
		char why[256], action[64];
		struct err ge = { 0 };
		struct game *g;
		struct vacations vac[SEATS_MAX];
		int rc = pipeline_load_game(pl, pl->digest_games[i], &g, vac, &ge);
		if (rc == 0) {
			/* the game's count of mails makes each digest's record a mail of its own
			 * (a referee action is known by its game, time and text) */
			snprintf(action, sizeof action, "digest %zu", g->mails.n);
			rc = g->ndigest ? 0 : 1;
			pipeline_put_game(pl, g);
		}
		if (rc == 0)
			rc = pipeline_referee(pl, pl->digest_games[i], action, NULL, why, sizeof why, &ge);
		if (rc < 0) {
			/* the items stay in the game's state, for the next run */
			log_warn("game %d: the digest waits: %s", pl->digest_games[i], ge.msg);
			err_set(e, "game %d: %s", pl->digest_games[i], ge.msg);
			failed = true;
		}
		sent += rc == 0;
	}
	pl->ndigest_games = 0;
	return failed ? -1 : sent;
}

bool pipeline_intruder_once(struct pipeline *pl, int game, const char *rcpt)
{
	if (pl->flags & PIPELINE_REPLAY)
		return true;
	for (size_t i = 0; i < pl->nintruders; i++)
		if (pl->intruders[i].game == game && !strcasecmp(pl->intruders[i].addr, rcpt))
			return false;
	struct intruder_told *t = realloc(pl->intruders, (pl->nintruders + 1) * sizeof *t);
	if (!t)
		return true;
	pl->intruders = t;
	t[pl->nintruders].game = game;
	snprintf(t[pl->nintruders++].addr, ADDR_MAX, "%s", rcpt);
	return true;
}

void pipeline_digests_free(struct pipeline *pl)
{
	free(pl->digest_games);
	free(pl->intruders);
	pl->digest_games = NULL;
	pl->intruders = NULL;
	pl->ndigest_games = pl->nintruders = 0;
}
