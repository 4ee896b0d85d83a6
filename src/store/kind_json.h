/* kind_json.h: what the readers of the kinds' parts of a state file share. Every value is
 * checked (a state file is outside input); an error names the file, the kind's object
 * and the field: "games/3.json: KIND.hand: missing or out of range". Each reader
 * returns 0, or -1 with r->e set. */
#ifndef TEMPEST_KIND_JSON_H
#define TEMPEST_KIND_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

struct kind_reader {
	const char *what;               /* the file, as errors name it */
	const char *kind;               /* the kind's object's key */
	struct err *e;
};

/* -1 after setting r->e to "WHAT: KIND.FIELD: WHY". */
int kjson_bad(const struct kind_reader *r, const char *field, const char *why);
/* The integer member k of object o, within lo..hi. */
int kjson_int(const struct kind_reader *r, json_t *o, const char *k, int lo, int hi, int *out);
/* The value v, named k in errors, as true or false. */
int kjson_bool(const struct kind_reader *r, json_t *v, const char *k, bool *out);
/* The value v, named k in errors, as a text shorter than len. */
int kjson_str(const struct kind_reader *r, json_t *v, const char *k, char *out, size_t len);

#endif
