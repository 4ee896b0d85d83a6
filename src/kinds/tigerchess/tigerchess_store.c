/* tigerchess_store.c: the "tigerchess" object of a game's state file: the seed, the
 * casts, the Guards' wings and the postings; read back with every value checked (a state
 * file is outside input). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "kinds/tigerchess/tigerchess.h"
#include "kinds/tigerchess/tigerchess_store.h"
#include "util/crypto.h"

static json_t *tc_to_json(const struct game *g)
{
	const struct tigerchess *tc = g->kstate;
	char hex[2 * TC_SEED + 1];
	json_t *posted = json_array();

	crypto_hex(tc->seed, sizeof tc->seed, hex);
	for (int k = 0; k < tc->nposted; k++)
		json_array_append_new(posted, json_string(tc->posted[k]));
	json_t *o = json_pack("{s:s, s:b, s:i, s:[i,i], s:i, s:[i,i], s:o}", "seed", hex,
			      "agreed_open", tc->agreed_open, "die", tc->die, "dice", tc->dice[0],
			      tc->dice[1], "stage", tc->stage, "guards", tc->guard[0], tc->guard[1],
			      "posted", posted);
	if (o && (tc->lapsed[0] || tc->lapsed[1]))     /* rule 11; absent in older files */
		json_object_set_new(o, "lapsed", json_pack("[b,b]", tc->lapsed[0], tc->lapsed[1]));
	return o;
}

static int seed_from_hex(const char *hex, uint8_t *out)
{
	if (!hex || strlen(hex) != 2 * TC_SEED)
		return -1;
	for (int i = 0; i < TC_SEED; i++) {
		unsigned x;
		if (sscanf(hex + 2 * i, "%2x", &x) != 1)
			return -1;
		out[i] = (uint8_t)x;
	}
	return 0;
}

static int tc_from_json(json_t *o, const char *what, struct game *g, struct err *e)
{
	struct tigerchess *tc = g->kstate;
	const char *hex = NULL;
	int open = 0;
	json_t *posted = NULL, *x;
	size_t i;

	memset(tc, 0, sizeof *tc);
	if (json_unpack(o, "{s:s, s:b, s:i, s:[i,i], s:i, s:[i,i], s:o}", "seed", &hex,
			"agreed_open", &open, "die", &tc->die, "dice", &tc->dice[0], &tc->dice[1],
			"stage", &tc->stage, "guards", &tc->guard[0], &tc->guard[1], "posted",
			&posted) < 0 || seed_from_hex(hex, tc->seed) < 0)
		return err_set(e, "%s: tigerchess: not a TigerChess state", what);
	tc->agreed_open = open;
	int lapsed[2] = { 0, 0 };
	if (json_unpack(o, "{s?[b,b]}", "lapsed", &lapsed[0], &lapsed[1]) < 0)
		return err_set(e, "%s: tigerchess.lapsed: two true or false", what);
	tc->lapsed[0] = lapsed[0], tc->lapsed[1] = lapsed[1];
	struct tigerchess cast = *tc;   /* the casts must be the seed's */
	tc_cast(&cast);
	if (cast.die != tc->die || cast.dice[0] != tc->dice[0] || cast.dice[1] != tc->dice[1])
		return err_set(e, "%s: tigerchess: the dice are not the seed's", what);
	tc->variation = cast.variation, tc->tiger = cast.tiger;
	if (tc->stage < TC_GUARDS || tc->stage > TC_ENGAGED || tc->guard[0] < -1 ||
	    tc->guard[0] > 3 || tc->guard[1] < -1 || tc->guard[1] > 3 || !json_is_array(posted) ||
	    json_array_size(posted) > TC_POSTINGS)
		return err_set(e, "%s: tigerchess: a stage, Guard or posting out of range", what);
	json_array_foreach(posted, i, x) {
		const char *s = json_string_value(x);
		if (!s || strlen(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
			return err_set(e, "%s: tigerchess.posted[%zu]: not a square", what, i);
		memcpy(tc->posted[i], s, 3);
	}
	tc->nposted = (int)json_array_size(posted);
	return 0;
}

const struct kind_store kind_tigerchess_store = {
	.key = "tigerchess",
	.to_json = tc_to_json,
	.from_json = tc_from_json,
};
