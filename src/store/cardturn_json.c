/* cardturn_json.c: see cardturn_json.h. */
#include "store/cardturn_json.h"

#include <string.h>

void cardturn_json_set(json_t *o, const struct cardturn *ct)
{
	json_t *a;

	if (!ct->nstanding || !(a = json_array()))
		return;
	for (int i = 0; i < ct->nstanding; i++)
		json_array_append_new(a, json_pack("{s:i, s:s}", "card", ct->standing[i].card,
						   "answer", ct->standing[i].answer));
	json_object_set_new(o, "standing", a);
	json_object_set_new(o, "standing_by", json_integer(ct->standing_by));
}

int cardturn_json_get(const struct jnode *o, struct cardturn *ct)
{
	struct jnode a, v;
	size_t len;

	ct->nstanding = 0;
	if (jread_arr(o, "standing", true, &a, &len) < 0)
		return -1;
	if (!a.v)
		return 0;
	if (len > CT_STANDING_MAX)
		return jread_fail(o, "standing", "more than %d answers", CT_STANDING_MAX);
	for (size_t i = 0; i < len; i++) {
		struct ct_standing *st = &ct->standing[i];
		if (jread_at(&a, i, &v) < 0 || jread_i(&v, "card", false, 0, 999, &st->card) < 0 ||
		    jread_str(&v, "answer", false, st->answer, sizeof st->answer) < 0)
			return -1;
		if (!st->answer[0])
			return jread_fail(&v, "answer", "empty");
	}
	ct->nstanding = (int)len;
	return jread_i(o, "standing_by", false, 0, 1, &ct->standing_by);
}
