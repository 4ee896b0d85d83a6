/* replay.h: rebuilding games from a game log and checking each step against what the
 * log recorded (used through the pipeline in PIPELINE_REPLAY mode).
 *
 * Each incoming mail in a log carries the referee's record of it: X-Tempest-Key (the
 * mail's key), X-Tempest-Event (game, result, number of events, state hash after, time,
 * how the sender was identified). A replay feeds the mails again and compares. */
#ifndef TEMPEST_REPLAY_H
#define TEMPEST_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "util/err.h"

struct replay_check {
	int mails;              /* incoming mails replayed */
	int matched;            /* whose recorded state hash was reproduced */
	bool differed;
	char difference[1024];  /* the first difference, if any */
};

/* The unfolded value of the first header `name` of a logged message, into out. */
bool replay_header(const char *raw, size_t len, const char *name, char *out, size_t olen);
/* Is this logged message one the referee sent (skip it) rather than received? */
bool replay_is_outgoing(const char *raw, size_t len);
/* Reads the record of a logged incoming mail into the sender and the event text. */
int replay_prepare(struct replay_check *rc, const char *raw, size_t len, struct sender *s,
		   char *event, size_t elen, struct err *e);
/* The game number a logged challenge created. */
int replay_forced_id(const struct replay_check *rc, const char *event);
/* Compares the replayed outcome with the record; -1 (and the difference) if they differ. */
int replay_compare(struct replay_check *rc, const struct game *g, const char *result,
		   const char *event, struct err *e);

#endif
