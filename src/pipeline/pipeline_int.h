/* pipeline_int.h: the pipeline's state, shared by pipeline.c (mails and the referee's
 * actions) and tick.c (what time decides). Internal to src/pipeline/. */
#ifndef TEMPEST_PIPELINE_INT_H
#define TEMPEST_PIPELINE_INT_H

#include <limits.h>
#include <stdio.h>

#include "config/config.h"
#include "game/game.h"
#include "pipeline/pipeline.h"
#include "render/view.h"
#include "rules/cards.h"
#include "store/players.h"
#include "store/store.h"

#define VARIANTS_MAX 32

struct budget {
	char addr[ADDR_MAX];
	int n;
};

struct pipeline {
	struct config cfg;
	unsigned flags;
	struct store st;
	struct templates tpl;
	char rules_dir[PATH_MAX], outbox[PATH_MAX + 16], domain[256];
	struct { char name[32]; struct variant *v; } variants[VARIANTS_MAX];
	int nvariants;
	struct card_catalogue *catalogue;       /* loaded on first need (one card game today) */
	struct budget *budget;
	size_t nbudget;
	struct pipeline_stats stats;
	FILE *out;
	struct replay_check *replay;    /* set by the replay command */
	struct players players;         /* time zones and vacations (players.h) */
	struct policy policy;
};

/* A game's players' vacations (into vac, which must outlive the game's use of them) and
 * the referee's limits, leaving out what the mail `except` asked (NULL: nothing). */
void pipeline_attach(struct pipeline *pl, struct game *g, struct vacations vac[2],
		     const char *except);
/* The time zone mails to this address are written in. */
const char *pipeline_timezone(const struct pipeline *pl, const char *address, char tz[64]);
/* Loads game id with its variant, position and players' vacations: 0, 1 (no such game),
 * -1 (e says why). */
int pipeline_load_game(struct pipeline *pl, int id, struct game **g, struct vacations vac[2],
		       struct err *e);

/* Applies to game id what time has decided by `now` (as `tempest tick` would), before a
 * mail about it is read: a move that comes after the deadline finds the game lost. */
int pipeline_settle(struct pipeline *pl, int id, long long now, struct err *e);

#endif
