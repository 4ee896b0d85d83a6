/* deck.h: what card games share about a secret order of cards: the salted SHA-256
 * commitment that the referee shows at the start and opens at the end (the bytes are
 * util/commit.h's), and the shuffle from the referee's random stream. A card game commits to
 * each player's list or each deck's order with it. */
#ifndef TEMPEST_RULES_DECK_H
#define TEMPEST_RULES_DECK_H

#include <stdint.h>

#include "util/buf.h"
#include "util/crypto.h"

#define DECK_SALT 16

/* The exact bytes committed to: "TAG game G WHOSE\n" LIST "\nsalt " HEX "\n", WHOSE
 * "white", "black" or "common 2" (a common deck's second order), LIST the numbers
 * separated by single spaces, HEX the salt in lower-case hex. */
void deck_commit_text(const char *tag, int game, const char *whose, const int *list, int n,
		      const uint8_t salt[DECK_SALT], struct buf *out);
/* SHA-256 (lower-case hex) of deck_commit_text. */
void deck_commitment(const char *tag, int game, const char *whose, const int *list, int n,
		     const uint8_t salt[DECK_SALT], char out[65]);
/* Fisher-Yates over a[0..n-1] from the stream. */
void deck_shuffle(int *a, int n, struct drbg *d);

#endif
