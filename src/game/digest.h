/* digest.h: the mails of a team game, gathered (docs/perplexichess.md, "Digests"). A
 * member of a game of several boards gets a mail at once only about what concerns them —
 * their own mail answered, their turn come, their board changed, a message or an order
 * naming them — and one digest a run for the rest (the other boards, transfers, votes,
 * members joining). `mail each` asks for every mail at once; `mail digest` (the default)
 * back. What waits is kept in the game's state (g->digest), so that it is committed with
 * the mail that caused it, and sent at the end of the run by a referee action ("digest")
 * the game log records: a run that dies and runs again sends the same digest.
 *
 * Pure: no I/O. The functions that change a game return 0, or -1 out of memory. */
#ifndef TEMPEST_GAME_DIGEST_H
#define TEMPEST_GAME_DIGEST_H

#include <stdbool.h>

#include "game/game.h"
#include "game/order.h"

#define DIGEST_MAX 200          /* items waiting in a game; beyond, mails go at once */

/* The game before a mail is applied: each board's length and who was expected. */
struct digest_before {
	int len[BOARDS_MAX];
	unsigned expected;
	bool invited;                   /* play had not started */
};

/* Is g a team game, whose members' mails are gathered? (A game of several boards.) */
bool game_team(const struct game *g);
void game_digest_before(const struct game *g, struct digest_before *b);
/* After a change of a team game by seat `actor` (-1: the referee) with orders o (NULL: none),
 * the replies in out that do not concern their reader are taken out and kept for the
 * reader's digest. Returns how many were kept for later, or -1 out of memory. */
int game_digest_defer(struct game *g, const struct digest_before *b, int actor,
		      const struct orders *o, struct outcome *out);
/* The referee's action "digest": a notice to each seat something waits for, the waiting
 * items cleared (out->changed). 0 if nothing waited. */
int game_digest_action(struct game *g, struct outcome *out);
/* `mail each|digest` from seat `me`: 0, or -1 with why (not a team game). */
int game_mail_mode(struct game *g, int me, const char *mode, char *why, size_t len);

#endif
