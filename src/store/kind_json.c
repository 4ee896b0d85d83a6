/* kind_json.c: see kind_json.h. */
#include "store/kind_json.h"

#include <string.h>

int kjson_bad(const struct kind_reader *r, const char *field, const char *why)
{
	return err_set(r->e, "%s: %s.%s: %s", r->what, r->kind, field, why);
}

int kjson_int(const struct kind_reader *r, json_t *o, const char *k, int lo, int hi, int *out)
{
	json_t *v = json_object_get(o, k);

	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return kjson_bad(r, k, "missing or out of range");
	*out = (int)json_integer_value(v);
	return 0;
}

int kjson_bool(const struct kind_reader *r, json_t *v, const char *k, bool *out)
{
	if (!json_is_boolean(v))
		return kjson_bad(r, k, "missing or not true/false");
	*out = json_is_true(v);
	return 0;
}

int kjson_str(const struct kind_reader *r, json_t *v, const char *k, char *out, size_t len)
{
	if (!json_is_string(v) || json_string_length(v) >= len)
		return kjson_bad(r, k, "missing, not text or too long");
	memcpy(out, json_string_value(v), json_string_length(v) + 1);
	return 0;
}
