/* pipeline.h: the batch driver: one raw mail in, orders applied, replies queued, all
 * committed or nothing (docs/design.md, "How a mail is processed").
 *
 * pipeline_open() takes the data directory's lock for the pipeline's lifetime;
 * pipeline_close() releases it. Each mail is isolated: a bad mail gets a reply (or, if it
 * is noise, nothing) and never stops the run; a storage failure leaves the mail
 * unprocessed (pipeline_message returns -1) so that the next run retries it. */
#ifndef TEMPEST_PIPELINE_H
#define TEMPEST_PIPELINE_H

#include <stdbool.h>
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
	bool for_a_person;      /* a mail failed on what no later run cures by itself (a
				 * damaged state or journal: err_for_a_person) */
};

int pipeline_open(struct pipeline **pl, const struct config *cfg, unsigned flags,
		  struct err *e);
/* Processes one raw message (a mail over max_message_size is answered from its header
 * block, msg_head_len, the rest not read). 0: done with it (applied, refused, ignored or already
 * seen; the caller may mark it processed); -1: a transient failure, e retains why (the
 * caller leaves the mail for the next run). */
struct pipeline_mail;
int pipeline_message(struct pipeline *pl, const struct pipeline_mail *m, struct err *e);
/* A group commit (docs/design.md, "How a mail is processed"): the mails are applied in order,
 * each game loaded once and kept in memory, and committed together with one file-system
 * sync per barrier (outbox and logs, then states, then seen marks) instead of one per
 * mail, with the same crash guarantees. At most PIPELINE_BATCH_MAX mails are committed at
 * a time (the callers gather fewer: `process` batch_size, `poll` imap_batch_size, `replay`
 * REPLAY_BATCH); a mail that changes the players' registry (a vacation, a time zone) ends its
 * batch. If a mail of a batch fails (a storage error, out of memory), what the batch has
 * not committed is given up and its mails are processed again one at a time, so that the
 * failure stays with its own mail. status[i] (n entries, the caller's) receives 0 (done:
 * applied, refused, ignored or already seen; the caller may mark the mail processed,
 * e.g. move it on the IMAP server) or -1 (a transient failure: leave the mail for the
 * next run), or PIPELINE_QUARANTINED (a mail that killed three runs in a row, set aside
 * in DATA/quarantine/ unanswered: the caller moves it to its quarantine, e.g. the IMAP
 * folder Quarantine). A mail that cannot be committed holds back every later mail of the
 * run about the same games or addresses (-1 too). A run that died within a batch left a
 * mark (DATA/processing): the next processes that batch's mails one at a time, so that a
 * mail that kills the run is known by itself. Returns 0, or -1 if any mail failed (e:
 * the last failure). `tempest poll`
 * calls it once per fetched batch; `process` once per batch_size mails. In a dry
 * run the mails are processed one at a time; a replay stops at its first failure (every
 * later status -1), its batch not committed. */
#define PIPELINE_BATCH_MAX 10000
#define PIPELINE_QUARANTINED 1
/* A caller that gathers raw mails for a batch also ends it at this many bytes, so that
 * large mails (a long quoted thread each) keep the memory a batch holds bounded: with the
 * batch's games parked (game_park), the raw mails are the most of it (docs/sysadmin.md, "Memory"). */
#define PIPELINE_BATCH_BYTES (4u << 20)
struct pipeline_mail {
	const char *raw;
	size_t len;
	size_t size;    /* the whole mail's size when raw holds only its first len bytes
			 * (a reader that stopped past max_message_size), else 0 */
	long long arrived;      /* when it reached the referee's mailbox, as the mailbox
				 * says (an mbox's "From " line), or 0: its topmost Received
				 * header is read instead */
};
int pipeline_batch(struct pipeline *pl, const struct pipeline_mail *mails, size_t n,
		   int *status, struct err *e);
/* Where dry-run mails are printed (default stdout). */
void pipeline_set_output(struct pipeline *pl, FILE *f);
const struct pipeline_stats *pipeline_stats(const struct pipeline *pl);
/* The data directory's outbox path. */
const char *pipeline_outbox(const struct pipeline *pl);
/* Tells the players of the addresses that have bounced bounce_limit times in a row since
 * they were last told (outbox/bounced/; a run does it when it opens, and after its mails,
 * for the bounces they brought): the number of games told, or -1. */
int pipeline_bounces(struct pipeline *pl, struct err *e);
/* The digests of the team games this run left something for (game/digest.h), each a
 * referee action committed like any other: how many games, or -1 (e says why; the others
 * were sent, the failed ones wait in their state for the next run). */
int pipeline_digests(struct pipeline *pl, struct err *e);
/* The store the pipeline holds open (and locked). */
struct store *pipeline_store(struct pipeline *pl);
struct replay_check;
/* Replay mode: each mail's record is read and the outcome compared with it. */
void pipeline_set_replay(struct pipeline *pl, struct replay_check *rc);
/* The game master's "tempest new": a game between two addresses, started at once; both
 * players are mailed. private_game: the game is `private` (as a challenge's `private`
 * line makes it: out of the archive, no observers). *id is its number. */
int pipeline_new_game(struct pipeline *pl, const char *variant, char *const *addresses,
		      int n, bool private_game, int *id, struct err *e);
/* The referee's own action on game `game` (game_referee in game.h), or "new VARIANT
 * WHITE BLACK" (game 0), committed like a mail and recorded in the game log. 0: done
 * (*id, if asked, is the game); 1: it does not apply (why says so; nothing changed);
 * -1: a failure (e). */
int pipeline_referee(struct pipeline *pl, int game, const char *action, int *id, char *why,
		     size_t wlen, struct err *e);
/* Is the log at path a tournament's (DATA/tournaments/T.mbox) rather than a game's? */
bool pipeline_log_is_tournament(const char *path);
struct replay_check;
/* `tempest replay` of a tournament's log (treplay.c) into cfg's data directory: 0 every
 * recorded state reproduced, 1 a difference (why), -1 a failure (e). */
int pipeline_replay_tournament(const struct config *cfg, const char *log,
			       struct replay_check *rc, char *why, size_t wlen, struct err *e);
/* The game master's tournament (docs/game-masters.md, "Tournaments"): made from its
 * terms (a line each, as tn_terms_line reads them, and "entrants ..." lines), opened at
 * once; what it starts (an entry given whole closes: every game starts) is done before
 * it returns. 0 (*id), 1 refused (why), -1 a failure (e). */
int pipeline_tournament_new(struct pipeline *pl, const char *terms, int *id, char *why,
			    size_t wlen, struct err *e);
/* The game master closes a tournament's entry now (`tempest tournament close`): the draw,
 * and every game started. 0, 1 it is not open (why), -1 a failure (e). */
int pipeline_tournament_close(struct pipeline *pl, int id, char *why, size_t wlen,
			      struct err *e);
/* What time decides (docs/game-masters.md, "Time"): losses on time, windows that close, draw offers and
 * challenges that lapse, and reminders (one mail per player per run). */
struct tick_stats {
	int games, actions, refused, reminders;
};
int pipeline_tick(struct pipeline *pl, struct tick_stats *ts, struct err *e);
void pipeline_close(struct pipeline *pl);

#endif
