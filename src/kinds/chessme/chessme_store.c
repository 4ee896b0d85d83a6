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

static int side_read(json_t *o, const char *what, struct chessme *cm, int c, struct err *e)
{
	const char *pile = json_string_value(json_array_get(json_object_get(o, "piles"), (size_t)c));
	const char *salt = json_string_value(json_array_get(json_object_get(o, "salts"), (size_t)c));
	const char *drew = json_string_value(json_array_get(json_object_get(o, "drew"), (size_t)c));
	json_t *drawn = json_array_get(json_object_get(o, "drawn"), (size_t)c);

	if (!pile || !(cm->dealt ? pile_ok(pile) : !strcmp(pile, "")))
		return err_set(e, "%s: chessme.piles[%d]: not the eleven tiles %s", what, c, chessme_tiles);
	memcpy(cm->order[c], pile, strlen(pile));
	if (!json_is_integer(drawn) || json_integer_value(drawn) < 0 ||
	    json_integer_value(drawn) > CM_TILES)
		return err_set(e, "%s: chessme.drawn[%d]: not 0 to %d", what, c, CM_TILES);
	cm->drawn[c] = (int)json_integer_value(drawn);
	if (!salt || salt_read(salt, cm->salt[c]) < 0)
		return err_set(e, "%s: chessme.salts[%d]: not %d hex digits", what, c, 2 * CM_SALT);
	if (!drew || strlen(drew) > 1 || (*drew && !strchr(chessme_tiles, *drew)))
		return err_set(e, "%s: chessme.drew[%d]: not a tile or \"\"", what, c);
	cm->drew[c] = *drew;
	return 0;
}

static int cm_from_json(json_t *o, const char *what, struct game *g, struct err *e)
{
	struct chessme *cm = g->kstate;
	const char *text = json_string_value(json_object_get(o, "position"));
	char why[256];

	memset(cm, 0, sizeof *cm);
	if (!json_is_object(o) || json_integer_value(json_object_get(o, "format")) != 1)
		return err_set(e, "%s: chessme: not an object of format 1", what);
	if (!text || cm_pos_read(&cm->pos, text, why, sizeof why) < 0)
		return err_set(e, "%s: chessme.position: %s", what, text ? why : "not a string");
	if (!json_is_boolean(json_object_get(o, "dealt")))
		return err_set(e, "%s: chessme.dealt: not true or false", what);
	cm->dealt = json_is_true(json_object_get(o, "dealt"));
	for (int c = 0; c < 2; c++)
		if (side_read(o, what, cm, c, e) < 0)
			return -1;
	return 0;
}

const struct kind_store kind_chessme_store = {
	.key = "chessme",
	.to_json = cm_to_json,
	.from_json = cm_from_json,
};
