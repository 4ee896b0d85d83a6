/* tourney.h: the pipeline's side of tournaments (docs/game-masters.md, "Tournaments";
 * docs/design.md, "Tournaments"). Internal to src/pipeline/.
 *
 * A tournament changes by actions, each committed on its own, outside any batch: a mail
 * (an entry, a withdrawal, an arbiter's proposal or opening), or the referee's own (the
 * entry closing, games started, a result posted, a withdrawn player's games ended by
 * forfeit, the next rolling tournament opened). An action's replies are staged in a
 * spool of its own (its records' game -T), the action and its replies appended to the
 * tournament's log, one barrier, then the state replaced: the commit point; then the
 * mail's seen mark, and the replies queued. A run that dies before the state leaves the
 * action to do again from the same state; after it, its replies are queued by the next
 * run (recover.c: the state lists them).
 *
 * What an action leaves for later is marked in DATA/tournaments/pending/ before the
 * commit that needs it, and done by tourney_settle(): after each batch, each referee
 * action, and when a run opens (the work of a run that died). A game is the truth of its
 * own result: a tournament game's end marks game-G in its own commit (durable before its
 * state), and the settling posts the result to the tournament, rates it, and mails the
 * standings; a mail that ends a tournament's game ends its batch, so that results are
 * posted in the order the games ended, in a clean run and in one that died. Starting a
 * game is idempotent: its creation is keyed by the tournament and the game's index in
 * the tables (the created/ notes), so a start done again finds its game. */
#ifndef TEMPEST_TOURNEY_H
#define TEMPEST_TOURNEY_H

#include <stdbool.h>

#include "pipeline/pipeline_int.h"
#include "render/tournament_view.h"
#include "tournament/ratings.h"
#include "tournament/tournament.h"

/* A tournament's game: "new VARIANT WHITE BLACK tournament T round R section S", and on
 * the lines after it "event NAME", "site NAME" and the games' terms. The words taken off
 * the end of the first line's (0 or TOURNEY_SUFFIX), and what they say into *tn (its id
 * 0 for another game). */
#define TOURNEY_SUFFIX 6
int tourney_new_suffix(char (*words)[ADDR_MAX], int n, struct game_tournament *tn);
/* The game j->g (new, number id) set up as a tournament's, from the action's lines. */
int tourney_game_create(struct job *j, const struct variant *v, const char *const *addr,
			int seats, int id, const struct game_tournament *tn, struct err *e);
/* Is the address among the configuration's arbiters (who may propose a tournament)? */
bool tourney_is_arbiter(const struct pipeline *pl, const char *address);
/* Does the mail hold a tournament's order (join, withdraw, standings, open, new)? */
bool tourney_asked(const struct orders *o);
/* The mail's tournament orders (tourney.c). PIPELINE_DEFER: the mail changes a tournament
 * and others came before it in the batch: the batch commits first, then takes it alone. */
int tourney_on_mail(struct job *j, struct err *e);
/* A tournament made from its terms (lines tn_terms_line reads, "entrants ..." lines),
 * proposed by `proposer` (an arbiter's mail, which waits for `open`) or opened at once
 * ("": the game master's command). 0 (*id), 1 refused (why), -1 a failure. */
int tourney_create(struct pipeline *pl, const char *terms, const char *proposer,
		   const char *key, int *id, char *why, size_t wlen, struct err *e);

/* The terms' lines read into t (status open; "entrants" lines joined, an entry given
 * whole closing at its number): 0, or 1 refused (why). */
int tourney_read_terms(struct tournament *t, const char *terms, char *why, size_t wlen);
/* tourney_create with its number given (a rolling tournament's successor, which follows
 * `previous` on its terms, under the name's next number: "Blitz #2", "Blitz #3"). */
int tourney_create_as(struct pipeline *pl, const char *terms, int id, int previous,
		      const char *key, int *made, char *why, size_t wlen, struct err *e);

/* tourney_commit.c: the action's commit (above); the mail that caused it is j->m (NULL
 * for the referee's own), its key j->s.msg_key, its text for the log `action`. */
int tourney_commit(struct job *j, const char *action, struct err *e);
/* A job for the referee's own action on t (no mail), keyed `key`, now; the job owns t
 * (job_free frees it). */
int tourney_job(struct pipeline *pl, struct job *j, struct tournament *t, const char *key,
		const char *action, struct err *e);
/* tourney_view.c: the tournament's token for an address: the code of its mails' subject
 * tag. */
void tourney_token(const uint8_t *key, size_t klen, int id, const char *address,
		   char out[TOKEN_LEN + 1]);
/* What a tournament's mail shows its reader (rcpt; NULL: no one in particular): their
 * section, the headings in their language, the ratings; *ratings is the caller's to
 * free. -1 out of memory. */
int tourney_view(struct job *j, const char *rcpt, const struct language *lang,
		 struct tn_view *v, struct glicko **ratings);
/* Does tournament id's saved state list the reply queued as qname (recover.c)? 1, 0, -1. */
int tourney_sent(struct pipeline *pl, int id, const char *qname, struct err *e);
/* The replies of job j to every entrant of t (kind, with note) and to its arbiter. */
int tourney_tell_all(struct job *j, enum reply_kind kind, const char *note);
/* The reply of job j to one address. */
int tourney_tell(struct job *j, enum reply_kind kind, const char *to, const char *note);

/* tourney_result.c: the result of game G posted to its tournament, rated, and mailed as
 * the standings (once: a result posted is in the tournament); its marker removed. */
int tourney_post(struct pipeline *pl, int game, struct err *e);

/* tourney_settle.c */
int tourney_settle(struct pipeline *pl, struct err *e);
/* commit.c: the job's game, of a tournament, has ended: its result waits to be posted (a
 * marker made before the game's commit; in a batch not synced, and the batch ends after
 * it). */
int tourney_note_end(struct job *j, struct err *e);
/* tourney_commit.c: the tournament's pending work marked (tn-T) if it has any; the mark
 * dropped if not. Has t work for a run: an entry to close (now or on its date), games to
 * start or to end by forfeit, its successor to open? Is it a full rolling tournament,
 * whose successor opens? */
int tourney_mark_work(struct pipeline *pl, const struct tournament *t, bool add, struct err *e);
bool tourney_has_work(const struct pipeline *pl, const struct tournament *t);
bool tourney_full_rolling(const struct tournament *t);

#endif
