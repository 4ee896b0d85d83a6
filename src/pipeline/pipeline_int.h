/* pipeline_int.h: the pipeline's state, shared by pipeline.c (mails and the referee's
 * actions) and tick.c (what time decides). Internal to src/pipeline/. */
#ifndef TEMPEST_PIPELINE_INT_H
#define TEMPEST_PIPELINE_INT_H

#include <limits.h>
#include <stdio.h>

#include "config/config.h"
#include "game/order.h"
#include "mail/msg.h"
#include "mail/msgtext.h"
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

/* One outgoing mail of the mail being processed. */
struct outgoing {
	char id[KEY_MAX];
	char rcpt[ADDR_MAX];
	char *text;
};

/* Everything about the mail (or the referee's action) being processed. */
struct job {
	struct pipeline *pl;
	const char *raw;
	size_t len;
	struct msg *m;
	struct sender s;
	struct msgtext text;
	struct order_line *lines;       /* the text's lines, as the orders read them */
	struct orders orders;
	struct game *g;                 /* the game it concerns, or NULL */
	struct vacations vac[SEATS_MAX];        /* its players' (g->vac points here) */
	bool game_is_new;
	struct outcome out;
	struct outgoing *mails;
	size_t nmails;
	int tag_game;
	const char *result;             /* "applied", "refused", "created", "answered" */
	char replay_event[512];         /* the X-Tempest-Event of a replayed mail */
	const char *action;             /* the referee's action (game_referee), or NULL */
};

/* replies.c: the job's replies rendered and composed (j->mails), within the per-sender
 * budget; r about game g (the job's, or another of the sender's games). */
int job_compose_reply(struct job *j, const struct game *g, const struct reply *r, size_t index,
		      struct err *e);
int job_compose_all(struct job *j, struct err *e);
/* A vacation concerns all of a player's games: notices to the opponents in the others. */
int job_tell_others(struct job *j, struct err *e);
/* commit.c: the job's commit, in the order that makes a crash safe (pipeline.c's header
 * comment); a dry run prints the mails instead. */
int job_commit(struct job *j, struct err *e);

/* A game's players' vacations (into vac, which must outlive the game's use of them) and
 * the referee's limits, leaving out what the mail `except` asked (NULL: nothing). */
void pipeline_attach(struct pipeline *pl, struct game *g, struct vacations vac[SEATS_MAX],
		     const char *except);
/* The time zone mails to this address are written in. */
const char *pipeline_timezone(const struct pipeline *pl, const char *address, char tz[64]);
/* Loads game id with its variant, position and players' vacations: 0, 1 (no such game),
 * -1 (e says why). */
int pipeline_load_game(struct pipeline *pl, int id, struct game **g, struct vacations vac[SEATS_MAX],
		       struct err *e);

/* The first thing time has decided for game g (loaded, with its vacations) by `now`: a
 * referee action for game_referee ("timeout white", "expire draw-offer"...), or "". */
void pipeline_due(const struct pipeline *pl, const struct game *g, long long now, char *out,
		  size_t len);
/* Applies to game id what time has decided by `now` (as `tempest tick` would), before a
 * mail about it is read: a move that comes after the deadline finds the game lost. */
int pipeline_settle(struct pipeline *pl, int id, long long now, struct err *e);

#endif
