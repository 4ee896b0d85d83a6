/* knightmaretest.h: the harness shared by the Knightmare unit tests (test_knightmare.c,
 * the effect language, decks and variants; test_knightmare_conflicts.c, the seed's
 * conflicts, Veto and the Checkmate Rule). Pure game logic: orders read from text and
 * given to game_challenge / game_apply; no files, no mail.
 *
 * The caller loads kv and kcat (main) before any game. Games are the caller's (game_free);
 * km_mail(), km_board() and moves_of() return static buffers, good until their next call. */
#ifndef TEMPEST_TEST_KNIGHTMARETEST_H
#define TEMPEST_TEST_KNIGHTMARETEST_H

#include <stdint.h>

#include "game/game.h"
#include "kinds/knightmare/knightmare.h"
#include "rules/cards.h"
#include "util/crypto.h"

#define KM(g) ((struct knightmare *)(g)->kstate)
/* A zero-ended list of cards: CARDS(20, 13). */
#define CARDS(...) ((const int[]){ __VA_ARGS__, 0 })

extern const uint8_t kkey[CRYPTO_HASH_LEN];
extern struct variant *kv;
extern struct card_catalogue kcat;
/* The id of the last game made (the next takes the one after). */
extern int kid;

/* Orders from text lines, numbered from 1. */
void km_read(const char *text, struct orders *o);
/* A sender for colour c (alice White, bob Black) with the game's token. */
struct sender km_from(const struct game *g, int c);
/* c's mail; the first refusal's reason, or "" if it was applied. */
const char *km_mail(struct game *g, int c, const char *text);
/* alice (White) challenges bob with `options`, from `fen` (NULL: the setup); bob accepts. */
struct game *km_game(const char *options, const char *fen);
/* A dealt game of personal sets from `fen`, each hand set to the cards given. */
struct game *dealt(const char *fen, const int *white, const int *black);
/* The placement and the side to move. */
const char *km_board(const struct game *g);
/* The legal moves (coordinates) of the piece on `from`, side to move set to its own. */
const char *moves_of(const struct game *g, const char *from);
/* A refused mail leaves the state as it was: the reason must be `why`. */
void refused(struct game *g, int c, const char *text, const char *why);

#endif
