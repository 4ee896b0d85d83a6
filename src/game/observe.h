/* observe.h: observers, who follow a game by mail without playing in it (docs/orders.md,
 * "Observers"). A stranger or a club member writes `observe 17` and gets the public view of
 * game 17 after each move, with no token (the mails carry none, and an observer's orders
 * act on nothing); `unobserve 17` stops them. The observers are kept in the game's state
 * (g->observers); a game whose players asked for it to stay private takes none.
 *
 * Pure: no I/O. The functions that change a game return 0, or -1 out of memory. */
#ifndef TEMPEST_GAME_OBSERVE_H
#define TEMPEST_GAME_OBSERVE_H

#include <stdbool.h>

#include "game/game.h"
#include "game/order.h"

#define OBSERVERS_MAX 50        /* per game: each move mails every one of them */

/* Is the game one its players asked to keep to themselves (`private` at the challenge)?
 * Then nobody may observe it, and those who did are mailed no more. */
bool game_private(const struct game *g);
/* The index of this address among the game's observers (case-insensitive), or -1. */
int game_observer_of(const struct game *g, const char *address);
/* Adds an observer (not already one); -1 out of memory or beyond OBSERVERS_MAX. */
int game_observer_add(struct game *g, const char *address);
/* Removes an observer; false if the address was not one. */
bool game_observer_drop(struct game *g, const char *address);
/* Does the mail ask to observe or to stop observing? The game it names in *id. */
bool observe_asked(const struct orders *o, int *id);
/* Applies an `observe` or `unobserve` mail from s to game g: the observer added or removed
 * (out->changed), or the refusal; the sender's answer in out. */
int game_observe(struct game *g, const struct sender *s, const struct orders *o,
		 struct outcome *out);
/* After a change of the game that every side hears of (a move, the start, the end), a
 * REPLY_OBSERVED for each observer in out; nothing for a private game. */
int game_observers_tell(const struct game *g, struct outcome *out);
/* The referee drops an observer whose mail keeps failing: the action "unobserve ADDRESS"
 * (game log), applied by the pipeline. 1 applied, 0 not an observer of this game. */
int game_observer_action(struct game *g, const char *action, struct outcome *out);

#endif
