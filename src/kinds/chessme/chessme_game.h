/* chessme_game.h: a ChessMe game's own state (game->kstate, kind.h): the position on the
 * unbounded grid, each side's committed pile and the salt of its commitment; shared by
 * the kind (chessme_kind.c), its state file part and its view. Plain data, copied whole. */
#ifndef TEMPEST_KINDS_CHESSME_GAME_H
#define TEMPEST_KINDS_CHESSME_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "kinds/chessme/chessme.h"
#include "util/buf.h"

struct chessme {
	struct cm_pos pos;
	bool dealt;                             /* the piles are shuffled and committed */
	char order[2][CM_TILES];                /* each side's pile, in the committed order */
	int drawn[2];                           /* tiles taken from it so far (3 at the deal) */
	uint8_t salt[2][CM_SALT];
	char drew[2];                           /* the tile a side drew after its last
						 * placement (told to it alone), or 0 */
};

/* Each side's eleven other tiles: Q R R B B N N P P P P. */
extern const char chessme_tiles[CM_TILES + 1];

/* Tiles left in side c's pile. */
int chessme_pile(const struct chessme *cm, int c);
/* The bytes committed to for side c's pile (docs/chessme.md, "ChessMe by mail": the pile). */
void chessme_commit_text(const struct chessme *cm, int game, int c, struct buf *out);
/* Its SHA-256 in hex. */
void chessme_commitment(const struct chessme *cm, int game, int c, char out[65]);
/* The position text of the game, the hands hidden ('?') unless `hands`. */
void chessme_hash_text(const struct chessme *cm, struct buf *out);

#endif
