/* consent.c: `unobserve all` (docs/orders.md, "Observers"): an address stops at once every
 * mail it gets of games it plays no part in — as an observer of any game, as the arbiter
 * of any. Each game is changed by a referee action "unobserve ADDRESS" (observe.h), which
 * its log records and a replay applies again, committed with the mail; the mail itself
 * is about no game (other.mbox). A run that dies part way leaves the mail to do again,
 * which finds the games it already left and says the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/observe.h"
#include "pipeline/pipeline_int.h"
#include "util/log.h"

/* The games that mail address though it plays no part in them, as the batch left them:
 * their numbers (*ids to free). */
static int games_of(struct pipeline *pl, const char *address, int **out, size_t *nout,
		    struct err *e)
{
	int *ids;
	size_t n;

	*out = NULL;
	*nout = 0;
	if (pipeline_game_ids(pl, &ids, &n, e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct game *g;
		struct vacations vac[SEATS_MAX];
		int rc = pipeline_load_game(pl, ids[i], &g, vac, e);
		if (rc < 0) {
			free(ids);
			return -1;      /* a game not read: the mail waits, not half done */
		}
		if (rc == 0 && game_seat_of(g, address) < 0 && game_observed_by(g, address))
			ids[(*nout)++] = ids[i];
		if (rc == 0)
			pipeline_put_game(pl, g);
	}
	*out = ids;
	return 0;
}

int on_unobserve_all(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct orders *o = &j->orders;
	char action[ADDR_MAX + 16], why[256];
	int *ids;
	size_t n;

	j->out.auth = -1;
	j->out.auth_how = "none";
	j->result = "refused";
	/* anything else in the mail: refused once, on the order's own line, so that the
	 * answer's "Read in your mail" still shows the sender every line that was read */
	for (size_t i = 0; i < o->n && (o->n > 1 || o->nerr); i++)
		if (o->o[i].kind == ORDER_UNOBSERVE && !o->o[i].number &&
		    outcome_error(&j->out, o->o[i].lineno, o->o[i].text, "%s",
				  N_("unobserve all goes in a mail of its own: nothing of this mail "
				     "was done")) < 0)
			return err_set(e, "out of memory");
	for (size_t i = 0; i < o->nerr && j->out.nerrors; i++)
		if (outcome_error(&j->out, o->err[i].lineno, o->err[i].text, "%s",
				  o->err[i].reason) < 0)
			return err_set(e, "out of memory");
	if (j->out.nerrors)
		return outcome_reply(&j->out, REPLY_REFUSED, -1, j->s.address) < 0 ?
		       err_set(e, "out of memory") : 0;
	if (games_of(pl, j->s.address, &ids, &n, e) < 0)
		return -1;
	snprintf(action, sizeof action, "unobserve %s", j->s.address);
	for (size_t i = 0; i < n; i++)
		if (pipeline_referee(pl, ids[i], action, NULL, why, sizeof why, e) < 0) {
			free(ids);
			return -1;
		}
	free(ids);
	log_info("%s asked to hear no more of any game: %zu left", j->s.address, n);
	j->result = "applied";
	if (outcome_reply(&j->out, REPLY_OBSERVED, -1, j->s.address) < 0)
		return err_set(e, "out of memory");
	snprintf(j->out.replies[0].note, sizeof j->out.replies[0].note, "%s",
		 N_("You no longer get mail of any game here that you play no part in: not as "
		    "an observer, not as an arbiter. To follow a game again, write \"observe\" "
		    "and its number to me."));
	return 0;
}
