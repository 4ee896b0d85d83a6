/* tigerchess.h: TigerChess by mail (seed 003) beyond the board: the dice that choose the
 * deployment variation and the TigerVariation (rules 17, 17a), the posting of the Royal
 * Guards (TigerVariation 2) and of the Swordsmen (the four deployment variations, rule
 * 18), and the game points of a result (rules 13-16, TigerVariation 1 and 6).
 *
 * The board's rules (personnel, exchanges, the Palace wings) are rules/tigerchess.json.
 * Everything here is plain data and pure functions; tigerchess_kind.c wires it to the
 * game layer. */
#ifndef TEMPEST_KINDS_TIGERCHESS_H
#define TEMPEST_KINDS_TIGERCHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/pos.h"
#include "game/order.h"

enum {
	ORDER_DEPLOYMENT = ORDER_KIND_FIRST,    /* "deployment open": the players agree (17) */
	ORDER_POST,                             /* "post c6" or "post f4 b3" (rule 18) */
	ORDER_GUARD,                            /* "guard e": the Royal Guard's wing */
};

enum tc_variation { TC_OPEN, TC_COUNTDOWN, TC_DRAGON, TC_SYMMETRICAL };
enum tc_stage { TC_GUARDS, TC_POSTING, TC_ENGAGED };

#define TC_POSTINGS 8
#define TC_SEED 32

struct tigerchess {
	int variation;                  /* enum tc_variation */
	bool tiger;                     /* the TigerVariation is played */
	bool agreed_open;               /* the challenge proposed Open, the opponent accepted */
	int die;                        /* rule 17's die (0: not cast, Open was agreed) */
	int dice[2];                    /* rule 17a's two dice */
	uint8_t seed[TC_SEED];          /* the dice's seed: secret until the game starts */
	int stage;                      /* enum tc_stage */
	int guard[2];                   /* each side's Guard's wing, 0..3 = C..F; -1 not yet */
	int nposted;
	char posted[TC_POSTINGS][3];    /* the squares of the postings, in order */
	bool lapsed[2];                 /* rule 11: out of deployment time, his opponent posts
					 * the rest of his personnel */
};

/* Who posts each Swordsman (WHITE = Bengal, BLACK = Siberian): S B B S S B B S. */
extern const int tc_poster[TC_POSTINGS];
const char *tc_variation_name(const struct tigerchess *tc);
/* "Bengal", "Siberian": a side's name in the seed's words, as a phrase. */
const char *tc_side(int side);

/* The game's seed from the referee's key, then the casts from the seed (docs/tigerchess.md,
 * "TigerChess by mail": the dice). */
void tc_seed(struct tigerchess *tc, const uint8_t *key, size_t klen, int game);
void tc_cast(struct tigerchess *tc);
/* The text committed to before the game starts, and its commitment (SHA-256, hex). */
void tc_commit_text(const struct tigerchess *tc, int game, char *buf, size_t len);
void tc_commitment(const struct tigerchess *tc, int game, char out[65]);

/* The squares the next posting may use, as a bit per grid square (a1 = bit 0); the
 * seed's rules for each variation. */
uint64_t tc_allowed(const struct tigerchess *tc, const struct variant *v);
/* The side whose Guard or Swordsman is posted next (WHITE/BLACK), or -1 once engaged. */
int tc_owner(const struct tigerchess *tc);
/* The side that acts next before engagement (WHITE/BLACK), or -1 once engaged: the
 * owner, or his opponent once the owner has lapsed. */
int tc_next(const struct tigerchess *tc);

/* The Guard's wing (TigerVariation 2): the King's Lancer takes the Standard, the Guard
 * goes to the wing, the TigerKnight to the Watchtower. 0, or -1 with the reason. */
int tc_post_guard(struct tigerchess *tc, struct pos *p, int side, const char *wing,
		  char *why, size_t wlen);
/* The next Swordsman onto `square`. 0, or -1 with the reason. */
int tc_post(struct tigerchess *tc, struct pos *p, const char *square, char *why, size_t wlen);

/* A move written with the seed's abbreviations ("BKL-f3", "BQe2", "BPK-e4", "SKTxd1"):
 * the abbreviation, a '-' if any, then the rest of a SAN or coordinate move, given as
 * SAN (`buf`); a text without one is returned as it is. The Baron and the Baroness are
 * told apart by their squares' colour. NULL with the reason for an abbreviation of the
 * other army or none of the seed's. */
const char *tc_abbrev_move(const struct pos *p, const char *in, char *buf, size_t len,
			   char *why, size_t wlen);

/* The game points of each side for a result ("1-0", "0-1", "1/2-1/2") and the way the
 * game ended (its termination); points[side]. */
void tc_points(const struct tigerchess *tc, const struct pos *p, const char *result,
	       const char *termination, int points[2]);

#endif
