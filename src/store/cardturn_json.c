/* cardturn_json.c: see cardturn_json.h. */
#include "store/cardturn_json.h"

#include <string.h>

#include "game/cardturn.h"
#include "game/standing.h"

int cardturn_json_get(const struct jnode *o, struct game *g)
{
	struct jnode a, v;
	size_t len;
	int by = 0;

	if (jread_arr(o, "standing", true, &a, &len) < 0)
		return -1;
	if (!a.v)
		return 0;
	if (len > CT_STANDING_MAX)
		return jread_fail(o, "standing", "more than %d answers", CT_STANDING_MAX);
	if (jread_i(o, "standing_by", false, 0, 1, &by) < 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		struct standing_line l = { .seat = by, .on = STANDING_ON_INTERCEPTION, .nsteps = 1 };
		if (jread_at(&a, i, &v) < 0 || jread_i(&v, "card", false, 0, 999, &l.step[0].card) < 0 ||
		    jread_str(&v, "answer", false, l.step[0].then, sizeof l.step[0].then) < 0)
			return -1;
		if (!l.step[0].then[0])
			return jread_fail(&v, "answer", "empty");
		if (standing_add(g, &l) < 0)
			return jread_fail(&v, "answer", "out of memory");
	}
	return 0;
}
