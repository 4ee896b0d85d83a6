/* standing.h: what a player gives in advance for the opponent's next act, kept in the
 * game's state until that act comes (docs/orders.md, "Conditional moves"):
 * - conditional moves ("if Nf6: e5", "if Nf6 d6: e5 Nf3"): played by the referee within
 *   the opponent's mail when the opponent's move is the line's, several plies deep, and
 *   dropped when the opponent plays anything else or the board changes otherwise;
 * - a card game's answers in advance to an interception of its player's last move ("if
 *   intercepted: accept", seed 000's protocol, game/cardturn.h).
 * One store (struct game's `standing`, its part of the state file and of the state hash),
 * one way of being shown (to their player alone, in each of their mails) and one way of
 * being played: inside the opponent's mail, as if their player had sent the answer then,
 * kept whole or undone whole (apply_attempt). Pure game logic. */
#ifndef TEMPEST_GAME_STANDING_H
#define TEMPEST_GAME_STANDING_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "util/buf.h"
#include "util/err.h"

struct apply_state;

#define STANDING_TEXT 24                /* a move in SAN, or an answer as written */
#define STANDING_DEPTH_MAX 16           /* the opponent's moves one line answers, at most */
#define STANDING_LINES_MAX 32           /* a seat's conditional lines, at most */
/* The configuration's defaults (conditional_lines, conditional_depth: tempest.conf(5)). */
#define STANDING_LINES_DEFAULT 8
#define STANDING_DEPTH_DEFAULT 8

enum standing_on {
	STANDING_ON_MOVE = 0,           /* the opponent's move on the line's board */
	STANDING_ON_INTERCEPTION,       /* an interception of the owner's last move */
};

struct standing_step {
	char when[STANDING_TEXT];       /* the opponent's move in SAN ("" for an interception) */
	int card;                       /* an interception's card it answers (0: any) */
	char then[STANDING_TEXT];       /* the answer: a move in SAN (a conditional move), or
					 * a card game's answer as its player wrote it */
};

struct standing_line {
	int seat, board;
	enum standing_on on;
	int armed;                      /* a conditional line: the length of its board's list
					 * when it began to wait; its first step answers the entry
					 * made there */
	int nsteps;
	struct standing_step step[STANDING_DEPTH_MAX];
};

/* Appends a line (copied) to the game's; 0, or -1 when out of memory. */
int standing_add(struct game *g, const struct standing_line *l);
/* Drops seat's lines of kind `on` (seat -1: anyone's; board -1: on every board); how
 * many. */
int standing_drop(struct game *g, int seat, enum standing_on on, int board);
/* Drops the line at index i. */
void standing_remove(struct game *g, size_t i);
/* How many lines of kind `on` seat has (seat -1: anyone's). */
int standing_count(const struct game *g, int seat, enum standing_on on);
/* The answer in advance of seat to an interception by `card`: the line for that card,
 * else the one for any card; NULL if none. */
const struct standing_line *standing_interception(const struct game *g, int seat, int card);
/* A copy of the lines for a snapshot (*out NULL when there are none); -1 out of memory. */
int standing_save(const struct game *g, struct standing_line **out, size_t *n);
/* The lines put back from a copy, which the game takes over. */
void standing_restore(struct game *g, struct standing_line *saved, size_t n);
/* The game's part of the state hash: nothing while no line waits, so that older states
 * hash as they did; the answers in advance as the card kinds wrote them before. */
void standing_hash_text(const struct game *g, struct buf *out);
/* Seat's waiting lines as their player writes them, one a line ("if Nf6 d6: e5 Nf3",
 * "if intercepted by card 66: Nf3"), the moves in the piece letters of language `lang`
 * (spelling.h); nothing when none waits. */
void standing_text(const struct game *g, int seat, const char *lang, struct buf *out);
/* Is the state holding what a player may not see (a line waits)? */
bool standing_secret(const struct game *g);

/* ---- conditional moves (conditional.c) ---- */

/* The mail's conditional lines ("if ...", ORDER_CONDITIONAL), read from the position after
 * its move and kept for its sender, replacing those of theirs that waited on that board;
 * 0, or -1 (refused through apply_error). */
int standing_record(struct apply_state *a, const struct orders *o);
/* After a mail's changes: each waiting line whose opponent moved is played (the moves its
 * owner gave in advance, one after the other while the opponents' lines answer them) or
 * dropped, and its owner told; each conditional move is charged to its player's clock at
 * this instant and recorded as an event of the mail. 0, or -1 out of memory. */
int standing_react(struct apply_state *a, struct err *e);
/* Drops what can no longer apply, silently: every line of a game that is over, the lines
 * of a board that is over or whose seat no longer moves on it. */
void standing_settle(struct game *g);

#endif
