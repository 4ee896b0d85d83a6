/* bounce.c: addresses whose mail fails for good (pipeline_int.h, pipeline_bounces). A
 * delivery status notification coming back (or a plain bounce: dsn.h), or the SMTP server
 * refusing a recipient
 * (deliver.c), counts against the address in outbox/bounced/; once it has failed
 * bounce_limit times in a row, the other players of each of its running games, and the
 * game's arbiter, are told, by a referee action ("bounced SEAT COUNT") that the game log
 * records like any other. An observer of a game whose address failed as often is dropped
 * from it ("unobserve ADDRESS", observe.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/observe.h"
#include "mail/dsn.h"
#include "mail/outbox.h"
#include "pipeline/pipeline_int.h"
#include "util/log.h"

int pipeline_record_bounce(struct pipeline *pl, const char *raw, size_t len)
{
	char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX];
	int n = dsn_failed(raw, len, rcpt);
	struct err e;

	for (int i = 0; i < n; i++) {
		int count = outbox_bounced(pl->outbox, rcpt[i], &e);
		if (count < 0)
			log_warn("%s", e.msg);
		else
			log_info("mail to %s bounced (%d in a row)", rcpt[i], count);
	}
	return n;
}

struct due {
	struct pipeline *pl;
	int notified;
	struct err *e;
};

/* Tells the games of one address, if it has bounced enough since the players were told. */
static int tell_games(const char *rcpt, int count, int told, void *arg)
{
	struct due *d = arg;
	struct pipeline *pl = d->pl;
	int *ids, games = 0;
	size_t n;

	if (count < told + pl->cfg.bounce_limit)
		return 0;
	if (store_list(&pl->st, &ids, &n, d->e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct game *g = NULL;
		struct err le;
		if (store_load(&pl->st, ids[i], &g, &le) < 0)
			continue;
		int seat = g->status == GAME_PLAYING ? game_seat_of(g, rcpt) : -1;
		bool observer = game_observer_of(g, rcpt) >= 0;
		game_free(g);
		if (seat < 0 && !observer)
			continue;
		/* an observer is dropped, without a word (its mail does not arrive) */
		char action[ADDR_MAX + 16], why[256];
		if (observer)
			snprintf(action, sizeof action, "unobserve %s", rcpt);
		else
			snprintf(action, sizeof action, "bounced %d %d", seat, count);
		int rc = pipeline_referee(pl, ids[i], action, NULL, why, sizeof why, &le);
		if (rc < 0)
			log_warn("game %d: %s", ids[i], le.msg);
		else if (rc == 0)
			games++;
	}
	free(ids);
	if (outbox_bounce_told(pl->outbox, rcpt, count, d->e) < 0)
		return -1;
	if (games)
		log_info("%s has bounced %d times in a row: the players of %d game%s told", rcpt,
			 count, games, games == 1 ? "" : "s");
	d->notified += games;
	return 0;
}

int pipeline_bounces(struct pipeline *pl, struct err *e)
{
	struct due d = { pl, 0, e };

	return outbox_bounces(pl->outbox, tell_games, &d, e) < 0 ? -1 : d.notified;
}
