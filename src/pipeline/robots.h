/* robots.h: whom the referee does not answer, and how often (docs/sysadmin.md, "Robots and
 * strangers"): mail marked as automatic, a player's auto-responder that does not say so,
 * a stranger's mail that is neither a challenge nor about a game of theirs, a flood of
 * challenges from one address. A human referee would answer none of these; a program that
 * does feeds loops and sends its replies to forged senders. Internal to src/pipeline/. */
#ifndef TEMPEST_ROBOTS_H
#define TEMPEST_ROBOTS_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "mail/msg.h"

struct pipeline;
struct job;

/* A challenge still waiting for its answer, by its challenger. */
struct robots_invitation {
	char addr[ADDR_MAX];
	int id;
};

/* What the pipeline knows of the addresses here, read once a run when first needed. */
struct robots {
	bool read;
	bool unreadable;                /* the games could not be listed: everyone is known */
	char (*known)[ADDR_MAX];        /* every seat's address, sorted */
	size_t nknown;
	struct robots_invitation *invited;      /* games GAME_INVITED by their challengers */
	size_t ninvited;
};

void robots_free(struct robots *r);

/* Why a mail must never be answered nor read (an automatic reply, a list, a bounce, the
 * referee itself), or NULL. */
const char *robots_noise(const struct pipeline *pl, const struct msg *m);

/* After the mail was routed: a stranger's mail that is neither a well-formed challenge nor
 * authenticated by a token or password, nor a plain `help`, loses every reply to its
 * sender (the players of a game it named are still told). Logged with -v. */
void robots_screen(struct job *j);

/* Is the job's mail a stranger's: from an address that plays (or played) in no game here
 * and waits for no answer to a challenge, and proves nothing (no token, no password, no
 * confirmation)? Every mail it draws counts against its recipient's one a day
 * (QUOTA_STRANGERS). Told once for the job, from what was known before it (a challenge
 * makes its challenger known). */
bool robots_stranger(struct job *j);

/* A challenge from an address that already has max_open_invitations unanswered: the
 * challenge's `new` order, with why in `why`; NULL if it may go. */
const struct order *robots_flood(struct job *j, char *why, size_t len);
/* A challenge made game g, or someone confirmed they want its mails: its players and
 * those who confirmed are known, its challenger waits for an answer. */
void robots_invited(struct pipeline *pl, const struct game *g);

/* How many answers to rcpt today the job's mail may count on (max_answers_per_day, or 1
 * when the mail says again what an earlier answered mail of the address said: an
 * auto-responder), and, once one is sent, the mail's text recorded as answered. */
int robots_answer_limit(struct job *j, const char *rcpt);
int robots_answered(struct job *j, const char *rcpt, struct err *e);

#endif
