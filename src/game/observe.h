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
/* Does the mail ask to observe or to stop observing? The game it names in *id (0:
 * `unobserve all`, every game). */
bool observe_asked(const struct orders *o, int *id);
bool unobserve_all_asked(const struct orders *o);

/* Consent: no game's mail goes to an address that plays no part in it until it has asked
 * for it from that address. `observe N` is answered by a confirmation mail (REPLY_CONFIRM,
 * templates/confirm.txt) whose subject carries a token made for that address, game and
 * day; the address confirms by replying with `observe N`, the token in the subject. An
 * arbiter the challenge named is asked the same way when the game begins and confirms
 * with `accept`. A request holds nothing: no slot, no state; its token lapses after the
 * policy's confirm_days. */
enum consent_role { CONSENT_OBSERVER, CONSENT_ARBITER };
void consent_token(const uint8_t *key, size_t klen, enum consent_role role, int id,
		   const char *address, long long day, char out[TOKEN_LEN + 1]);
/* Does the sender's subject token confirm, for its address and game g, a request of the
 * last confirm_days (by s->now)? */
bool consent_proved(const uint8_t *key, size_t klen, enum consent_role role,
		    const struct game *g, const struct sender *s);

/* Applies an `observe` or `unobserve` mail from s to game g: the confirmation asked, the
 * observer added (confirmed) or removed (out->changed), or the refusal; the sender's
 * answer in out. key: the referee's, which the tokens derive from. */
int game_observe(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		 const struct orders *o, struct outcome *out);
/* After a change of the game that every side hears of (a move, the start, the end), a
 * REPLY_OBSERVED for each observer in out; nothing for a private game. At the start, the
 * confirmation asked of the arbiter. */
int game_observers_tell(const struct game *g, struct outcome *out);
/* The referee drops an observer whose mail keeps failing, or one that asked to hear no
 * more of every game (`unobserve all`): the action "unobserve ADDRESS" (game log), applied
 * by the pipeline; an arbiter's consent is withdrawn the same way. 1 applied, 0 the
 * address was neither. */
int game_observer_action(struct game *g, const char *action, struct outcome *out);
/* Is the address mailed of game g though it plays no part in it (an observer, a confirmed
 * arbiter)? */
bool game_observed_by(const struct game *g, const char *address);

/* Is the game's arbiter mailed (named, and confirmed)? */
bool game_arbiter_mailed(const struct game *g);
/* Is the mail the arbiter's answer to its confirmation (`accept`, from the arbiter not yet
 * confirmed, nothing else but `game N`)? Applied by game_arbiter_accept: confirmed with
 * the token, else asked again. */
bool arbiter_asked(const struct game *g, const struct sender *s, const struct orders *o);
int game_arbiter_accept(struct game *g, const uint8_t *key, size_t klen,
			const struct sender *s, struct outcome *out);

#endif
