/* kind.h: a game kind (chess, a card game, ...) behind one interface.
 *
 * The generic game code (identity, seats, boards, moves, draws, resignation, clocks)
 * calls a kind only through these operations and never names one; each kind lives in its
 * own folder under src/kinds/ and is found by name through src/kinds/registry.h. As in
 * fdm's fetch/match/deliver modules, an operation a kind does not need is NULL and the
 * generic behaviour applies: plain alternating moves on every board.
 *
 * Every kind fills the core table, struct kind. What only some kinds have is a facet, a
 * table of its own that the core one points to, NULL for a kind without it: the card turn
 * (`cardturn`, struct ct_ops in game/cardturn.h) and play by teams (`teams`, struct
 * kind_teams below). A facet is there whole or not at all: the generic code tests the
 * pointer to the facet, never its operations one by one.
 *
 * A kind's state (game->kstate) is its own plain data: the kind makes, copies (for an
 * all-or-nothing mail) and frees it. What the state file holds of it is the kind's
 * store part (kind_store in registry.h), what a mail shows of it is its view part
 * (kind_view); those live in the kind's folder too, in files of the store and render
 * layers. */
#ifndef TEMPEST_GAME_KIND_H
#define TEMPEST_GAME_KIND_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "util/buf.h"

struct apply_state;
struct choices;
struct ct_ops;
struct kind_teams;

/* One order word of a kind: its own order numbers start at ORDER_KIND_FIRST. */
struct kind {
	const char *name;               /* the variant file's "kind" */
	const struct order_word *orders;        /* the kind's own orders (NULL: none) */
	size_t norders;
	/* Refusal text for one of the kind's orders in a challenge it cannot take, or a
	 * game whose kind has no such order: e.g. "a game of %s has no cards". */
	const char *no_such_order;

	/* State: new (zeroed), copy for the snapshot of a mail, restore into, free. */
	void *(*state_new)(void);
	void (*state_copy)(void *dst, const void *src);
	size_t state_size;
	void (*state_free)(void *st);
	/* A new game: the challenge's orders that concern the kind (e.g. its card list), or
	 * o == NULL for the kind's defaults; -1 with the reason (and the line in *line). `key`
	 * is the referee's master key (NULL for a game the game master sets up): a kind
	 * derives its random choices from it, so that a replay makes the same ones. */
	int (*create)(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		      int *line, char *why, size_t wlen);
	/* Play begins (the invitation accepted): the kind's secret set-up from the referee's
	 * key, the same on replay, before anyone acts, so that the start mail can tell each
	 * player their share (ChessMe shuffles its piles, Knightmare divides the cards).
	 * NULL: nothing. */
	void (*started)(struct game *g, const uint8_t *key, size_t klen);

	/* Where the game is (within GAME_PLAYING: setup, deployment or play). */
	enum game_phase (*phase)(const struct game *g);
	/* Is this (generic or kind) order accepted now from this seat? NULL if so, else the
	 * reason for its refusal. */
	const char *(*order_refused)(const struct game *g, int seat, const struct order *od);
	/* The kind's orders of one mail (all of them, before the generic ones), applied as
	 * a->me; refusals go through apply_error. */
	int (*apply)(struct apply_state *a, const struct orders *o);
	/* Is this order the kind's to apply (the generic code then skips it)? */
	bool (*handles)(int order_kind);
	/* How the clock charges the event: a completed turn, part of one, or nothing. */
	enum clock_charge (*clock_charge)(const char *event);
	/* The reply every seat gets after the event (REPLY_KINDS: the generic choice). */
	enum reply_kind (*reply_for)(const struct game *g, const char *event, int seat);

	/* Who is expected to act now (bits by seat) and in what window. */
	unsigned (*expected)(const struct game *g, enum clock_window *window);
	/* What the seat is expected to do, in words, or NULL. */
	const char *(*expect_text)(const struct game *g, int seat, char *buf, size_t len);
	/* A sentence (a phrase, util/phrase.h) on the running window for the reader, or on
	 * what the deadline means when none runs (what happens if nothing comes): `who` the
	 * seat's side, NULL for the reader themselves, `until` when it closes; NULL if there
	 * is nothing to say. */
	const char *(*window_text)(const struct game *g, const char *who, const char *until,
				   char *buf, size_t len);
	/* The time of a window (not the seat's own time) has passed: the kind's action.
	 * 1 if it acted (out filled), 0 if the generic loss on time applies, -1 on failure. */
	int (*window_passed)(struct game *g, const uint8_t *key, size_t klen,
			     const struct sender *s, int seat, struct outcome *out, struct err *e);
	/* The seat's own time has run out: 1 if the kind takes something less than the game
	 * (note filled; the game goes on, the seat's time is charged), 0 for the loss on time.
	 * NULL: the loss. */
	int (*time_out)(struct game *g, int seat, char *note, size_t len);
	/* What the expected seat owes by its deadline, in a few English words, a noun that
	 * templates/po/data_pot.py lists (its "owed by" words; NULL: "move"). */
	const char *(*owes)(const struct game *g);
	/* Is the running window optional (what is due is then the move)? */
	bool (*window_optional)(const struct game *g);
	/* The kind's part of the state hash. */
	void (*hash_text)(const struct game *g, struct buf *out);
	/* Does the state file hold what a player may not see yet (show --json refuses)? */
	bool (*secret_state)(const struct game *g);

	/* A move as the player wrote it, in the engine's notation (e.g. squares written as
	 * numbers), for position p (the board's, or one of a conditional line's); NULL if it
	 * cannot be read (why filled). NULL operation: as written. */
	const char *(*move_text)(const struct game *g, const struct pos *p, const char *in,
				 char *buf, size_t len, char *why, size_t wlen);
	/* `tempest moves`: the legal moves (and placements) of a position in the kind's own
	 * text, one a line; -1 with the reason. For a kind that keeps its own position. */
	int (*moves_text)(const char *position, struct buf *out, char *why, size_t wlen);
	/* A finished game's result with what the kind scores beside it ("1-0, points 3-0"),
	 * for `tempest list`. NULL: the result alone. */
	const char *(*result_text)(const struct game *g, char *buf, size_t len);
	/* What seat may send now, for the HTML part's one-click moves (game/choices.h), when
	 * the kind has its own forms (postings, placements, transfers, a card game's
	 * answers); 0, or -1 when out of memory. NULL: the legal moves of the boards where
	 * the seat is to move. */
	int (*choices)(const struct game *g, int seat, struct choices *out);
	/* Why the kind has no conditional moves (docs/orders.md, "Conditional moves"), or
	 * NULL: a player may give them with a move, in the play phase. */
	const char *no_conditional;
	/* A card kind's part of the card-turn protocol (game/cardturn.h), for the
	 * operations above that the protocol supplies (cardturn_expected, ...). NULL:
	 * not a card kind. */
	const struct ct_ops *cardturn;
	/* Play by teams (struct kind_teams). NULL: two players, one seat a side on each
	 * board, a two-player challenge that the invited player's accept starts. */
	const struct kind_teams *teams;
};

/* The facet of a game played by teams (Perplexichess): several seats on several boards, a
 * challenge that names every member, messages to a team or a member, votes a team alone
 * hears. A kind that has it fills every operation. */
struct kind_teams {
	/* The kind seats every member the challenge names in create(); each accepts, and
	 * play starts once all have. Records the seat's acceptance: 1 when every seat has
	 * accepted, 0 while some have not, -1 if this seat had accepted already. */
	int (*accept)(struct game *g, int seat);
	/* The seats of a game the game master sets up on n boards (tempest new), in the
	 * order its addresses fill them. */
	int (*seats)(int nboards);
	/* Who reads the `message` line `arg` of seat `from` (bits by seat; `text` set to
	 * what they read), or -1 with the reason. */
	long (*message_to)(const struct game *g, int from, const char *arg, const char **text,
			   char *why, size_t wlen);
	/* Does seat `seat` hear of the event that seat `from` caused (a team's vote: its
	 * own members only)? */
	bool (*hears)(const struct game *g, const char *event, int from, int seat);
	/* Board b of several has ended: what the kind does to it (Perplexichess removes its
	 * kings), through board_op. */
	int (*board_ended)(struct game *g, int b, struct err *e);
};

/* The kind of a game (its variant's), or the generic one. */
const struct kind *kind_of(const struct game *g);
/* The generic kind: one or more boards, each side moving in turn on each board. */
extern const struct kind kind_generic;
/* A new game's boards, seats (a side on each board, unless the caller made them) and the
 * kind's state, from the challenge's orders (o) or the kind's defaults (o == NULL); -1
 * with the reason in out->errors, or without one when out of memory. */
int kind_setup(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
	       struct outcome *out);
/* Gives each of the kind's orders its number; an order of another kind becomes an error
 * of the mail ("a game of TITLE has no cards"), a line refused or asked about on another
 * kind's word prose (order_notes_for_kind). -1 when out of memory. */
int kind_orders(const struct kind *k, const char *title, struct orders *o);
/* `kind` with the note to every seat (and to the arbiter when asked). */
int game_tell(struct game *g, struct outcome *out, enum reply_kind kind, const char *note,
	      bool arbiter);
/* A card game's answer window closed: the referee sends `text` (the kind's orders, one or
 * two lines; changed in place) as `seat`'s answer, and each reply says so before its own
 * note. 1 if the answer changed the game, 0 if it could not be given, -1 on failure. */
int game_answer_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		    int seat, char *text, struct outcome *out, struct err *e);

#endif
