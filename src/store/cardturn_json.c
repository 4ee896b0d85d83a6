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

int cardturn_json_get(const struct kind_reader *r, json_t *o, struct cardturn *ct)
{
	json_t *a = json_object_get(o, "standing");

	ct->nstanding = 0;
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > CT_STANDING_MAX)
		return kjson_bad(r, "standing", "not a list of at most 4 answers");
	for (size_t i = 0; i < json_array_size(a); i++) {
		struct ct_standing *st = &ct->standing[i];
		json_t *v = json_array_get(a, i);
		if (kjson_int(r, v, "card", 0, 999, &st->card) < 0 ||
		    kjson_str(r, json_object_get(v, "answer"), "standing.answer", st->answer,
			      sizeof st->answer) < 0)
			return -1;
		if (!st->answer[0])
			return kjson_bad(r, "standing.answer", "empty");
	}
	ct->nstanding = (int)json_array_size(a);
	return kjson_int(r, o, "standing_by", 0, 1, &ct->standing_by);
}
