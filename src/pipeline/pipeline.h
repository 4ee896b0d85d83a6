/* pipeline.h: the batch driver: one raw mail in, orders applied, replies queued, all
 * committed or nothing (README, "How a mail is processed").
 *
 * pipeline_open() takes the data directory's lock for the pipeline's lifetime;
 * pipeline_close() releases it. Each mail is isolated: a bad mail gets a reply (or, if it
 * is noise, nothing) and never stops the run; a storage failure leaves the mail
 * unprocessed (pipeline_message returns -1) so that the next run retries it. */
#ifndef TEMPEST_PIPELINE_H
#define TEMPEST_PIPELINE_H

#include <stddef.h>
#include <stdio.h>

#include "config/config.h"
#include "util/err.h"

enum pipeline_flags {
	PIPELINE_DRY_RUN = 1,   /* commit nothing; print the mails that would be sent */
	PIPELINE_REPLAY = 2,    /* rebuilding from a game log: trust its records, send nothing */
};

struct pipeline;

struct pipeline_stats {
	int mails, applied, refused, ignored, duplicates, failed, queued;
};

int pipeline_open(struct pipeline **pl, const struct config *cfg, unsigned flags,
		  struct err *e);
/* Processes one raw message. 0: done with it (applied, refused, ignored or already
 * seen; the caller may mark it processed); -1: a transient failure, e retains why (the
 * caller leaves the mail for the next run). */
int pipeline_message(struct pipeline *pl, const char *raw, size_t len, struct err *e);
/* Where dry-run mails are printed (default stdout). */
void pipeline_set_output(struct pipeline *pl, FILE *f);
const struct pipeline_stats *pipeline_stats(const struct pipeline *pl);
/* The data directory's outbox path. */
const char *pipeline_outbox(const struct pipeline *pl);
/* The store the pipeline holds open (and locked). */
struct store *pipeline_store(struct pipeline *pl);
struct replay_check;
/* Replay mode: each mail's record is read and the outcome compared with it. */
void pipeline_set_replay(struct pipeline *pl, struct replay_check *rc);
/* The game master's "tempest new": a game between two addresses, started at once; both
 * players are mailed. *id is its number. */
int pipeline_new_game(struct pipeline *pl, const char *variant, char *const *addresses,
		      int n, int *id, struct err *e);
/* The referee's own action on game `game` (game_referee in game.h), or "new VARIANT
 * WHITE BLACK" (game 0), committed like a mail and recorded in the game log. 0: done
 * (*id, if asked, is the game); 1: it does not apply (why says so; nothing changed);
 * -1: a failure (e). */
int pipeline_referee(struct pipeline *pl, int game, const char *action, int *id, char *why,
		     size_t wlen, struct err *e);
/* What time decides (README, "Time"): losses on time, windows that close, draw offers and
 * challenges that lapse, and reminders (one mail per player per run). */
struct tick_stats {
	int games, actions, refused, reminders;
};
int pipeline_tick(struct pipeline *pl, struct tick_stats *ts, struct err *e);
void pipeline_close(struct pipeline *pl);

#endif
