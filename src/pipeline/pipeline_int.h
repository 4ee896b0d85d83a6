/* pipeline_int.h: the pipeline's state, shared by its files (run.c keeps it and
 * answers for it; the order of the files: docs/design.md, "Layers"). Internal to
 * src/pipeline/. */
#ifndef TEMPEST_PIPELINE_INT_H
#define TEMPEST_PIPELINE_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#include "config/config.h"
#include "game/order.h"
#include "mail/mbox.h"
#include "mail/msg.h"
#include "mail/msgtext.h"
#include "mail/spool.h"
#include "game/game.h"
#include "pipeline/ahead.h"
#include "pipeline/pipeline.h"
#include "pipeline/robots.h"
#include "render/language.h"
#include "render/view.h"
#include "rules/cards.h"
#include "store/players.h"
#include "store/store.h"
#include "util/strindex.h"

#define VARIANTS_MAX 32

struct tn_ratings;

struct budget {
	char addr[ADDR_MAX];
	int n;
};

/* A game kept in memory across a batch (batch.c): loaded once, saved once. A committed
 * batch hands the games its mails used to the next batch (struct pipeline, kept), so that
 * a game that gets mail in batch after batch is read once a run. */
struct cached_game {
	struct game *g;
	int log_fd;                     /* its log, open from the first append, or -1 */
	struct mbox_end log_end;        /* its end after this run's appends (mbox.h): the
					 * run holds the lock, so that no one else writes it */
	bool used;                      /* a mail of this batch asked for it */
	bool dirty;                     /* changed: saved at the batch's commit */
	bool saved;                     /* its state is in place (the commit reached it) */
};

/* A reply the batch appended to its spool (spool.h), a record each in this order, and
 * what makes it committed: its game's state, or (a mail about no game) its mail's seen
 * mark. */
struct staged_reply {
	char name[33];                  /* its queue name: a reply staged twice is one */
	int game;
	size_t seen_index;
};

/* The group commit in progress (batch.c): what the batch's mails changed, not yet
 * durable. */
struct batch {
	bool on;
	bool flush;                     /* a mail wants the batch committed after it */
	struct cached_game *games;
	size_t ngames;
	char (*seen)[KEY_MAX];          /* the mails done, to mark seen at the commit */
	struct strindex seen_index;     /* look-ups in seen */
	size_t nseen, nmarked, seen_cap;
	struct staged_reply *replies;
	size_t nreplies, replies_cap;
	struct spool_writer spool;      /* DIR/outbox/staged/ID.spool, from the first reply */
	struct strindex names;          /* the replies' names */
	int other_fd;                   /* other.mbox, open from the first append, or -1 */
	long long other_size;           /* its size before the batch */
	bool players_dirty;
	char players_key[KEY_MAX];      /* the mail that changed the registry (the batch's */
	int players_game;               /* last) and its game, or 0 */
	struct pipeline_stats stats0;   /* the counts and budgets at the batch's start, */
	struct budget *budget0;         /* restored if it is given up */
	size_t nbudget0;
	long long latest;               /* the latest time of its mails (floor.c) */
	size_t mails;                   /* the mails taken so far */
};

/* poison.c: the mails that were being processed when a run died, and how many times. */
#define POISON_ID 33                    /* 32 hex digits and their NUL */
#define POISON_ATTEMPTS 3               /* runs killed before a mail is set aside */
struct poison_entry {
	char id[POISON_ID];
	int attempts;
};
struct poison {
	struct poison_entry *e;
	size_t n, cap;
	bool dirty;                     /* DATA/attempts to be written again */
	char absorbed[96];              /* the token of the last dead run's mark counted */
	size_t marks;                   /* made by this run (each mark's token differs) */
};

/* hold.c: the addresses and games a mail concerns. A mail that cannot be committed puts
 * its own in the run's held set; a later mail that meets the set waits with it. */
struct hold {
	char (*addr)[ADDR_MAX];
	size_t naddr, addr_cap;
	int *games;
	size_t ngames, games_cap;
	bool all;                       /* a failure that says nothing of its mail */
};

/* answers.c: the counts a batch has taken (enum quota_counter), per address and day, each
 * with its cause (the staged file's entries), and the bounces its notifications report:
 * counted at its commit. */
struct answer_taken {
	char addr[ADDR_MAX];
	int counter;
	long long day;
	int n;
};
struct answer_bounce {
	const char *raw;                /* the notification, borrowed: the batch's mails */
	size_t len;                     /* outlive its commit */
};
struct answers {
	struct answer_taken *t;
	size_t n;
	struct quota_entry *causes;     /* every take and text, with the mail that took it */
	size_t ncauses;
	char batch[QUOTA_BATCH_MAX];    /* staged as DIR/quota/BATCH.staged, or "" */
	struct answer_bounce *bounces;  /* notifications to count (pipeline_record_bounce) */
	size_t nbounces;
};

/* digests.c: an intruder notice sent this run (one per member and game). */
struct intruder_told {
	int game;
	char addr[ADDR_MAX];
};

struct pipeline {
	struct config cfg;
	unsigned flags;
	struct store st;
	struct templates tpl;
	struct languages langs;          /* the other languages' templates and phrases */
	struct msgtext_referee *referee_text;   /* the templates' lines, to set aside in a
						 * mail; made on the first mail of a run */
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
	struct robots robots;           /* who is known here (robots.h) */
	struct policy policy;
	int naming;                     /* enum naming_rule: cfg.public_names */
	struct batch batch;
	struct ahead *read_ahead;       /* the batch's mails being read ahead, or NULL */
	struct cached_game *kept;       /* the last committed batch's games, as committed */
	size_t nkept;
	struct poison poison;
	struct hold touch;              /* what the last mail processed concerns */
	struct hold held;               /* what waits behind a mail not committed this run */
	struct answers answers;         /* taken by the batch, not yet committed */
	long long floor;                /* the latest time recorded here (floor.c) */
	bool behind;                    /* the clock is behind it: nothing on time */
	bool ahead;                     /* far ahead of it: nothing on time, no mail */
	long long previous_run;         /* the last run recorded before this one (last-run):
					 * a mail that arrived after it waited for the referee */
	bool behind_told;
	int *digest_games;              /* games with a digest to send at the run's end */
	size_t ndigest_games;
	struct intruder_told *intruders;
	size_t nintruders;
	bool settling;                  /* tourney_settle at work: not again from within */
	const struct tn_ratings *ratings;       /* the ratings as a result being posted
						 * leaves them, before their file follows */
	/* the referee's action, the whole way of a mail (pipeline.c's, set by pipeline_open):
	 * what pipeline_referee_keyed runs */
	int (*referee)(struct pipeline *pl, int game, const char *action, const char *key,
		       int *id, char *why, size_t wlen, struct err *e);
};

/* run.c: a refusal about no game (the reason a phrase of the catalogues); a job's
 * memory given back. */
struct job;
int pipeline_refuse(struct job *j, int lineno, const char *text, const char *reason);
void job_free(struct job *j);

/* One outgoing mail of the mail being processed. */
struct outgoing {
	char id[KEY_MAX];
	char rcpt[ADDR_MAX];
	char *text;
	char *log_text;                 /* as the game log keeps it: without its HTML part,
					 * which the text and the state make again; NULL: text */
	char staged[PATH_MAX];          /* where it waits for the commit (outbox_stage) */
};

/* Everything about the mail (or the referee's action) being processed. */
struct job {
	struct pipeline *pl;
	/* While a mail's replies are composed (job_compose_all), the state they all carry
	 * (X-Tempest-State), hashed once for the game it is of. */
	const struct game *hashed;
	char state_hash[HASH_HEX];
	const char *raw;
	size_t len;
	struct msg *m;
	struct sender s;
	struct msgtext text;
	bool text_read;                 /* text was read with the mail, ahead (ahead.h) */
	bool from_ahead;                /* m came from the reader, which frees it */
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
	size_t oversize;                /* a mail over max_message_size: its size, its text
					 * unread; else 0 */
	int tag_tournament;             /* the tournament its subject's tag names, or 0 */
	char tag_ttoken[TOKEN_LEN + 1]; /* ... and the code there */
	struct tournament *t;           /* the tournament it concerns (tourney.h), or NULL */
	bool committed;                 /* the job committed itself: a tournament's action */
	int stranger;                   /* robots_stranger: -1 not known yet, 0, 1 */
	long long arrived;              /* the mailbox's word on its arrival (pipeline_mail),
					 * or 0 */
};

/* run.c: is a mail over max_message_size (then answered from its headers alone), and how
 * much of it is read (all of it, or those headers; ahead_start's head). */
bool pipeline_over_limit(const struct pipeline *pl, const struct pipeline_mail *mail);
size_t pipeline_mail_head(const struct pipeline_mail *mail, const void *pipeline);
/* pipeline.c: the recogniser of the referee's own text in a mail, made on first need. */
int pipeline_referee_text(struct pipeline *pl, const struct msgtext_referee **out,
			  struct err *e);

/* pipeline_message's answer for a mail that changes a tournament with other mails before
 * it in the batch: not processed; the batch commits, and the next takes it alone. */
#define PIPELINE_DEFER 2

/* poison.c (see there): the mark of the mails being processed, their attempts, the
 * quarantine. poison_open at the pipeline's start (under its lock); poison_id gives a
 * raw mail's id. */
int poison_open(struct pipeline *pl, struct err *e);
void poison_id(const char *raw, size_t len, char out[POISON_ID]);
int poison_attempts(const struct pipeline *pl, const char *id);
void poison_mark(struct pipeline *pl, char (*ids)[POISON_ID], size_t n);
void poison_clear(struct pipeline *pl, char (*ids)[POISON_ID], size_t n);
int poison_save(struct pipeline *pl, struct err *e);
int poison_quarantine(struct pipeline *pl, const char *raw, size_t len, const char *id,
		      struct err *e);
void poison_free(struct pipeline *pl);

/* hold.c (see there). */
void hold_note_job(struct pipeline *pl, const struct job *j);
int hold_check_job(struct job *j, struct err *e);
void hold_fail_last(struct pipeline *pl);
void hold_free(struct hold *h);

/* answers.c (see there): 1 if one more count of the counter for addr on the job's day
 * fits in limit (and it is taken, with the job's mail as its cause), 0 if not, -1 on
 * failure; a text of the address's answered, in the batch or before; the text noted as
 * answered; the batch's counts staged (before its commit: DIR/quota/BATCH.staged),
 * applied (after its mails are committed) or forgotten (a batch given up: those of its
 * committed mails are applied); the counts a dead run left staged, settled at the start. */
int answers_take(struct job *j, enum quota_counter counter, const char *addr, int limit,
		 struct err *e);
/* Whether one more fits (1, 0; -1 out of memory), taking nothing; how a log names the
 * counter (again: an auto-responder's text again). */
int answers_room(struct job *j, enum quota_counter counter, const char *addr, int limit);
const char *quota_counter_name(enum quota_counter c, bool again);
bool answers_text_known(struct pipeline *pl, const char *addr, const char *hex);
int answers_note_text(struct job *j, const char *addr, const char *hex, struct err *e);
/* A delivery status notification's bounces, counted with the batch's commit (at once
 * outside a batch): 0 or -1. */
int answers_note_bounce(struct pipeline *pl, const char *raw, size_t len, struct err *e);
int answers_stage(struct pipeline *pl, struct err *e);
void answers_commit(struct pipeline *pl);
void answers_forget(struct pipeline *pl);
int answers_recover(struct pipeline *pl, struct err *e);

/* floor.c (see there): the time a run takes for now (the clock, or the recorded time it is
 * behind); whether it is behind game g's last event or the recorded time (then *now is
 * raised to it, and nothing is decided on time this run); the clock found behind, told
 * once; a job committed at time t (recorded at once, or with the batch's commit). */
long long pipeline_now(struct pipeline *pl);
/* At the pipeline's opening: the recorded time reset if the operator asked
 * (cfg.clock_floor), then a clock far ahead of it told (pl->ahead: this run decides
 * nothing on time and processes no mail), or taken as right (cfg.accept_clock). */
int pipeline_clock_open(struct pipeline *pl, struct err *e);
bool pipeline_game_behind(struct pipeline *pl, const struct game *g, long long *now);
void pipeline_behind(struct pipeline *pl, long long now, long long recorded);
void pipeline_time_done(struct pipeline *pl, long long t);
void pipeline_time_commit(struct pipeline *pl);

/* replies.c: the job's replies rendered and composed (j->mails), within the per-sender
 * budget; r about game g (the job's, or another of the sender's games). */
int job_compose_reply(struct job *j, const struct game *g, const struct reply *r, size_t index,
		      struct err *e);
int job_compose_all(struct job *j, struct err *e);
/* A vacation concerns all of a player's games: notices to the opponents in the others. */
int job_tell_others(struct job *j, struct err *e);
/* consent.c: `unobserve all`, the job's sender dropped from every game that mails it
 * though it plays no part in it (observe.h). */
int on_unobserve_all(struct job *j, struct err *e);
/* commit.c: the job's commit, in the order that makes a crash safe (pipeline.c's header
 * comment); a dry run prints the mails instead. */
int job_commit(struct job *j, struct err *e);
/* A dry run's mails printed (to the pipeline's output) instead of committed. */
int job_print_mails(struct job *j, struct err *e);

/* digests.c (see there): game id has something for a digest this run (0, or -1 out of
 * memory); whether an intruder notice to rcpt about game may go (one a run); freed at the
 * pipeline's close. */
int pipeline_digest_note(struct pipeline *pl, int id);
bool pipeline_intruder_once(struct pipeline *pl, int game, const char *rcpt);
void pipeline_digests_free(struct pipeline *pl);

/* run.c: pipeline_referee with the action's key given (NULL: the referee's usual key,
 * made of the game, the time and the action): a tournament's game is created under a key
 * of its own, so that its creation done again finds it (store_game_created_by). */
int pipeline_referee_keyed(struct pipeline *pl, int game, const char *action, const char *key,
			   int *id, char *why, size_t wlen, struct err *e);
/* pipeline.c: the action routed and committed as a mail is (what pipeline_referee_keyed
 * runs: pipeline_open hands it to the run). */
int pipeline_referee_job(struct pipeline *pl, int game, const char *action, const char *key,
			 int *id, char *why, size_t wlen, struct err *e);

/* run.c: the variant of that name, loaded once a run; NULL if there is none here. */
const struct variant *pipeline_variant(struct pipeline *pl, const char *name);
/* A game's players' vacations (into vac, which must outlive the game's use of them) and
 * the referee's limits, leaving out what the mail `except` asked (NULL: nothing). */
void pipeline_attach(struct pipeline *pl, struct game *g, struct vacations vac[SEATS_MAX],
		     const char *except);
/* The time zone mails to this address are written in. */
const char *pipeline_timezone(const struct pipeline *pl, const char *address, char tz[64]);
/* The language an address reads its mails in (the players' registry's), or NULL: English. */
const struct language *pipeline_language(struct pipeline *pl, const char *address);
/* Loads game id with its variant, position and players' vacations: 0, 1 (no such game),
 * -1 (e says why). */
int pipeline_load_game(struct pipeline *pl, int id, struct game **g, struct vacations vac[SEATS_MAX],
		       struct err *e);
/* The card catalogue variant v names, read once and kept for the run, or NULL
 * (an error in e) if it cannot be read. */
const struct card_catalogue *pipeline_catalogue(struct pipeline *pl, const struct variant *v,
						struct err *e);

/* run.c: the game cache and what the group commit (batch.c) stages. While a batch is on,
 * games come from the cache (pipeline_load_game) and are given back with
 * pipeline_put_game, which frees only a game the cache does not hold. */
struct cached_game *batch_find(struct pipeline *pl, int id);
int batch_adopt(struct pipeline *pl, struct game *g, struct err *e);
/* The games kept from the last batch are let go: anything done outside a batch may change
 * a game behind them. */
void pipeline_forget_games(struct pipeline *pl);
void pipeline_put_game(struct pipeline *pl, struct game *g);
bool batch_seen(struct pipeline *pl, const char *msg_key);
/* The mail's key marked seen: at once, or in a batch at its commit. */
int pipeline_mark_seen(struct pipeline *pl, const char *msg_key, struct err *e);
/* The games' numbers, ascending: those stored and those the batch made. */
int pipeline_game_ids(struct pipeline *pl, int **ids, size_t *n, struct err *e);
/* A number for a new game: past the stored ones and the batch's. */
int pipeline_next_id(struct pipeline *pl, int *id, struct err *e);
/* The batch's part of job_commit: the reply staged, the log appended (not synced). */
/* Does the address play, or has it played, in a game here, or wait for the answer to its
 * challenge? (robots.c: a stranger's mail is answered only if it is a challenge.) */
bool pipeline_known_address(struct pipeline *pl, const char *address);
/* bounce.c: a delivery status notification's failed recipients counted against them (the
 * number found); the players told of the addresses that failed bounce_limit times in a
 * row (the number of games told, -1 on failure). */
int pipeline_record_bounce(struct pipeline *pl, const char *raw, size_t len);
/* The staged replies whose cause is committed join the queue, the others are dropped
 * (a run that died before its replies were queued, pipeline_open). */
int pipeline_recover_outbox(struct pipeline *pl, struct err *e);
int batch_stage_reply(struct pipeline *pl, const struct job *j, const char *id,
		      const char *text, struct err *e);
int batch_log_fd(struct pipeline *pl, struct game *g, int *fd, struct mbox_end **end,
		 struct err *e);
int batch_other_fd(struct pipeline *pl, int *fd, struct err *e);

/* The first thing time has decided for game g (loaded, with its vacations) by `now`: a
 * referee action for game_referee ("timeout white", "expire draw-offer"...), or "" (always
 * in a run whose clock is behind: floor.c). */
void pipeline_due(struct pipeline *pl, const struct game *g, long long now, char *out,
		  size_t len);
/* Applies to game id what time has decided by `now` (as `tempest tick` would), before a
 * mail about it is read: a move that comes after the deadline finds the game lost. */
int pipeline_settle(struct pipeline *pl, int id, long long now, struct err *e);

#endif
