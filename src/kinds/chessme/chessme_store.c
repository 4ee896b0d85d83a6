/* chessme_store.c: the "chessme" object of a game's state file: the position (tiles with
 * their coordinates' names, side to move, hands, captured tiles) in its one-line text,
 * each side's pile in its committed order, how many tiles were taken from it, the salts,
 * the tile each side last drew. Read back with every value checked (a state file is
 * outside input). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds/chessme/chessme_game.h"
#include "kinds/chessme/chessme_store.h"
#include "util/crypto.h"

static json_t *cm_to_json(const struct game *g)
{
	const struct chessme *cm = g->kstate;
	char text[1024], salt[2][2 * CM_SALT + 1], drew[2][2] = { "", "" };

	cm_pos_text(&cm->pos, true, text, sizeof text);
	for (int c = 0; c < 2; c++) {
		crypto_hex(cm->salt[c], CM_SALT, salt[c]);
		drew[c][0] = cm->drew[c];
	}
	size_t n = cm->dealt ? CM_TILES : 0;
	return json_pack("{s:i, s:s, s:b, s:[s%, s%], s:[i, i], s:[s, s], s:[s, s]}", "format", 1,
			 "position", text, "dealt", cm->dealt, "piles", cm->order[0], n,
			 cm->order[1], n, "drawn", cm->drawn[0], cm->drawn[1],
			 "salts", salt[0], salt[1], "drew", drew[0], drew[1]);
}

static int by_char(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

/* A pile: the eleven tiles in some order. */
static bool pile_ok(const char *s)
{
	char a[CM_TILES + 1], b[CM_TILES + 1];

	if (strlen(s) != CM_TILES)
		return false;
	memcpy(a, s, CM_TILES + 1);
	memcpy(b, chessme_tiles, CM_TILES + 1);
	qsort(a, CM_TILES, 1, by_char);
	qsort(b, CM_TILES, 1, by_char);
	return !memcmp(a, b, CM_TILES);
}

static int salt_read(const char *s, uint8_t *out)
{
	if (strlen(s) != 2 * CM_SALT)
		return -1;
	for (int i = 0; i < CM_SALT; i++) {
		unsigned x;
		if (sscanf(s + 2 * i, "%2x", &x) != 1)
			return -1;
		out[i] = (uint8_t)x;
	}
	return 0;
}

/* One side's pile, tiles drawn, salt and last tile drawn: element c of each pair. */
static int side_read(const struct jnode *o, struct chessme *cm, int c)
{
	struct jnode piles[2], salts[2], drew[2];
	const char *pile, *salt, *tile;

	if (jread_pair(o, "piles", false, piles) < 0 || jread_pair(o, "salts", false, salts) < 0 ||
	    jread_pair(o, "drew", false, drew) < 0 ||
	    jread_strref(&piles[c], NULL, false, CM_TILES, &pile) < 0 ||
	    jread_strref(&salts[c], NULL, false, 2 * CM_SALT, &salt) < 0 ||
	    jread_strref(&drew[c], NULL, false, 1, &tile) < 0)
		return -1;
	if (!(cm->dealt ? pile_ok(pile) : !strcmp(pile, "")))
		return jread_fail(&piles[c], NULL, "not the eleven tiles %s", chessme_tiles);
	memcpy(cm->order[c], pile, strlen(pile));
	if (salt_read(salt, cm->salt[c]) < 0)
		return jread_fail(&salts[c], NULL, "not %d hex digits", 2 * CM_SALT);
	if (*tile && !strchr(chessme_tiles, *tile))
		return jread_fail(&drew[c], NULL, "not a tile or \"\"");
	cm->drew[c] = *tile;
	return 0;
}

static int cm_from_json(const struct jnode *o, struct game *g)
{
	struct chessme *cm = g->kstate;
	const char *text;
	char why[256];
	int format;

	memset(cm, 0, sizeof *cm);
	if (jread_i(o, "format", false, 1, 1, &format) < 0 ||
	    jread_strref(o, "position", false, 4096, &text) < 0)
		return -1;
	if (cm_pos_read(&cm->pos, text, why, sizeof why) < 0)
		return jread_fail(o, "position", "%s", why);
	if (jread_bool(o, "dealt", false, &cm->dealt) < 0 ||
	    jread_ints(o, "drawn", false, 2, 2, 0, CM_TILES, cm->drawn, NULL) < 0)
		return -1;
	for (int c = 0; c < 2; c++)
		if (side_read(o, cm, c) < 0)
			return -1;
	return 0;
}

const struct kind_store kind_chessme_store = {
	.key = "chessme",
	.to_json = cm_to_json,
	.from_json = cm_from_json,
};
