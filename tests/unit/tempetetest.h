/* tempetetest.h: the harness shared by the Tempete unit tests (test_tempete.c, the setup
 * and the refusals; test_tempete_play.c, the plays that must be accepted). Pure game logic:
 * orders are read from text and given to game_challenge / game_apply; no files, no mail.
 *
 * Call tempete_test_setup() first and tempete_test_free() last. Games from accepted_game()
 * and standard_game() are the caller's (game_free); the outcome passed to mail() is the
 * caller's (outcome_free). hand(), ints_text() and board() return static buffers: hand()
 * one per colour, ints_text() two in turn, board() one, each good until its next call.
 *
 * The standard game: alice (White) and bob (Black) send explicit lists and the opening
 * numbers 1 2 3 4 5, so every draw is known in advance:
 *   White's list  18 12 32 57 23, then the other cards ascending (6:1 7:2 8:3 ...)
 *   Black's list  66 34 28 23 57, then the other cards descending (6:70 7:69 8:68 ...)
 * White opens with 18 12 32 57 23, Black with 66 34 28 23 57; Black's number 6 gives
 * White card 1, White's number 6 gives Black card 70. */
#ifndef TEMPEST_TEST_TEMPETETEST_H
#define TEMPEST_TEST_TEMPETETEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"
#include "rules/cards.h"

/* The game's Tempete state. */
#define TP(g) ((struct tempete *)(g)->kstate)

/* The back rank: a mate on a8 once the rook on d8 is gone. */
#define FEN_A "3r3k/6pp/8/8/8/8/8/R5K1 w - - 0 1"
/* An interception that takes the move just made back. */
#define TAKEBACK "intercept\ncard 66\neffect takeback"
/* White's knight double move with card 18, as a step for play(). */
#define DOUBLE "w:card 18\nNf3\nNg5"

/* The key the game tokens are made with. */
extern const uint8_t key[CRYPTO_HASH_LEN];
/* The Tempete variant and its cards, loaded by tempete_test_setup(). */
extern struct variant *tv;
extern struct card_catalogue cat;
/* The id of the last game made; accepted_game() takes the next. A test may set it (and
 * should put it back to 40 after). */
extern int next_id;
/* The first five cards of the standard game's lists. */
extern const int white_front[5], black_front[5];

/* Loads the variant and its cards; exits (status 2) if it cannot. */
void tempete_test_setup(void);
/* Frees what tempete_test_setup() loaded. */
void tempete_test_free(void);

/* Orders from text lines, numbered from 1. */
void read_orders(const char *text, struct orders *o);
/* A sender for colour c (alice or bob), with a fresh message key and, if c >= 0, the token
 * of the game's tag. */
struct sender from(const struct game *g, int c);
/* Applies c's mail; returns how many errors the refusal lists (0: applied). */
int mail(struct game *g, int c, const char *text, struct outcome *out);
/* Applies steps "w:TEXT|b:TEXT|..." (lines of TEXT separated by \n); each must pass. */
void play(struct game *g, const char *steps);
/* alice challenges bob (`cards` a card list or NULL), from `fen` (NULL: the setup); bob
 * accepts. */
struct game *accepted_game(const char *cards, const char *fen);
/* The standard game (above), dealt: White to move. */
struct game *standard_game(const char *fen);

/* The cards in use, ascending (the default list: 1-72 without 11, 22, 71, 72); the count. */
int default_cards(int *out);
/* "list F1 F2 ... then the other cards", ascending or descending. */
void list_text(const int *front, int nf, bool descending, char *out, size_t len);
/* qsort's comparison for ints, ascending. */
int cmp_int(const void *a, const void *b);

/* c's hand as ascending numbers, "1 12 18 32 57". */
const char *hand(const struct game *g, int c);
/* n numbers, space-separated. */
const char *ints_text(const int *a, int n);
/* The position as "placement side" (the move counters after card edits are not ours to
 * pin down). */
const char *board(const struct game *g);
/* The first reason a refusal gives, or "". */
const char *first_error(const struct outcome *o);
/* The note of the first reply, or "". */
const char *note_of(const struct outcome *o);
/* Whether a reply of kind k goes to `to` (a colour, or -1 for an address). */
bool has_reply(const struct outcome *o, enum reply_kind k, int to);

#endif
