/* standing_json.c: see standing_json.h. */
#include "store/standing_json.h"

#include <stdio.h>
#include <string.h>

#include "game/standing.h"

json_t *standing_to_json(const struct game *g)
{
	json_t *a;

	if (!g->nstanding || !(a = json_array()))
		return NULL;
	for (size_t i = 0; i < g->nstanding; i++) {
		const struct standing_line *l = &g->standing[i];
		json_t *o, *moves;
		if (l->on == STANDING_ON_INTERCEPTION) {
			o = json_pack("{s:i, s:i, s:s}", "seat", l->seat, "card", l->step[0].card,
				      "answer", l->step[0].then);
		} else {
			moves = json_array();
			for (int k = 0; moves && k < l->nsteps; k++) {
				json_array_append_new(moves, json_string(l->step[k].when));
				json_array_append_new(moves, json_string(l->step[k].then));
			}
			o = json_pack("{s:i, s:i, s:i, s:o}", "seat", l->seat, "board", l->board,
				      "armed", l->armed, "moves", moves);
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* A move of a conditional line: a SAN's text, not empty. */
static int one_move(const struct jnode *moves, size_t i, char *out)
{
	struct jnode v;

	if (jread_at(moves, i, &v) < 0 || jread_str(&v, NULL, false, out, STANDING_TEXT) < 0)
		return -1;
	return out[0] ? 0 : jread_fail(&v, NULL, "empty");
}

static int one_line(const struct jnode *v, const struct game *g, struct standing_line *l)
{
	static const char *const conditional[] = { "seat", "board", "armed", "moves", NULL };
	static const char *const answer[] = { "seat", "card", "answer", NULL };
	struct jnode moves;
	size_t n;

	memset(l, 0, sizeof *l);
	l->nsteps = 1;
	if (jread_i(v, "seat", false, 0, g->nseats - 1, &l->seat) < 0)
		return -1;
	if (!jread_has(v, "moves")) {
		l->on = STANDING_ON_INTERCEPTION;
		if (jread_only(v, answer) < 0 || jread_i(v, "card", false, 0, 999, &l->step[0].card) < 0 ||
		    jread_str(v, "answer", false, l->step[0].then, STANDING_TEXT) < 0)
			return -1;
		return l->step[0].then[0] ? 0 : jread_fail(v, "answer", "empty");
	}
	if (jread_only(v, conditional) < 0 ||
	    jread_i(v, "board", false, 0, g->nboards - 1, &l->board) < 0 ||
	    jread_i(v, "armed", false, 0, g->board[l->board].nmoves, &l->armed) < 0 ||
	    jread_arr(v, "moves", false, &moves, &n) < 0)
		return -1;
	if (n < 2 || n % 2 || n > 2 * STANDING_DEPTH_MAX)
		return jread_fail(v, "moves", "%zu moves: pairs of moves, 1 to %d of them", n,
				  STANDING_DEPTH_MAX);
	l->nsteps = (int)n / 2;
	for (size_t i = 0; i < n; i++)
		if (one_move(&moves, i, i % 2 ? l->step[i / 2].then : l->step[i / 2].when) < 0)
			return -1;
	return 0;
}

int standing_from_json(const struct jnode *root, struct game *g)
{
	struct jnode a, v;
	size_t n;

	if (jread_arr(root, "standing", true, &a, &n) < 0)
		return -1;
	if (n > (size_t)g->nseats * STANDING_LINES_MAX)
		return jread_fail(root, "standing", "more than %d lines a seat", STANDING_LINES_MAX);
	for (size_t i = 0; i < n; i++) {
		struct standing_line l;
		if (jread_at(&a, i, &v) < 0 || one_line(&v, g, &l) < 0)
			return -1;
		if (standing_add(g, &l) < 0)
			return jread_fail(&v, NULL, "out of memory");
	}
	return 0;
}
