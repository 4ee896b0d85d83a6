/* tigerchess_store.c: the "tigerchess" object of a game's state file: the seed, the
 * casts, the Guards' wings and the postings; read back with every value checked (a state
 * file is outside input). */
#include <jansson.h>
#include <limits.h>
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

/* The posted Guards' squares, a1 to h8. */
static int posted_from_json(const struct jnode *o, struct tigerchess *tc)
{
	struct jnode a, x;
	size_t n;
	const char *s;

	if (jread_arr(o, "posted", false, &a, &n) < 0)
		return -1;
	if (n > TC_POSTINGS)
		return jread_fail(o, "posted", "%zu postings, more than %d", n, TC_POSTINGS);
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&a, i, &x) < 0 || jread_strref(&x, NULL, false, 2, &s) < 0)
			return -1;
		if (strlen(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
			return jread_fail(&x, NULL, "'%s' is not a square", s);
		memcpy(tc->posted[i], s, 3);
	}
	tc->nposted = (int)n;
	return 0;
}

static int tc_from_json(const struct jnode *o, struct game *g)
{
	struct tigerchess *tc = g->kstate;
	char hex[2 * TC_SEED + 1];
	bool open = false, lapsed[2] = { false, false };

	memset(tc, 0, sizeof *tc);
	if (jread_str(o, "seed", false, hex, sizeof hex) < 0 ||
	    jread_bool(o, "agreed_open", false, &open) < 0 ||
	    jread_i(o, "die", false, INT_MIN, INT_MAX, &tc->die) < 0 ||
	    jread_ints(o, "dice", false, 2, 2, INT_MIN, INT_MAX, tc->dice, NULL) < 0 ||
	    jread_i(o, "stage", false, TC_GUARDS, TC_ENGAGED, &tc->stage) < 0 ||
	    jread_ints(o, "guards", false, 2, 2, -1, 3, tc->guard, NULL) < 0 ||
	    jread_bools(o, "lapsed", true, 2, 2, lapsed, NULL) < 0)   /* rule 11; absent in older files */
		return -1;
	if (seed_from_hex(hex, tc->seed) < 0)
		return jread_fail(o, "seed", "not %d hex digits", 2 * TC_SEED);
	tc->agreed_open = open;
	tc->lapsed[0] = lapsed[0], tc->lapsed[1] = lapsed[1];
	struct tigerchess cast = *tc;   /* the casts must be the seed's */
	tc_cast(&cast);
	if (cast.die != tc->die || cast.dice[0] != tc->dice[0] || cast.dice[1] != tc->dice[1])
		return jread_fail(o, "dice", "not the seed's");
	tc->variation = cast.variation, tc->tiger = cast.tiger;
	return posted_from_json(o, tc);
}

const struct kind_store kind_tigerchess_store = {
	.key = "tigerchess",
	.to_json = tc_to_json,
	.from_json = tc_from_json,
};
