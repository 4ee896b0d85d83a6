/* rules_load.h: variant definitions read from rules/<name>.json into a compiled struct variant.
 *
 * The loader validates every field and rejects unknown ones; its errors name the file and
 * the field ("rules/lancer.json: pieces[3].betza: ..."). The file format is documented in
 * docs/design.md ("Variant files"). rules_load() returns a variant the caller frees with
 * variant_free(). */
#ifndef TEMPEST_STORE_RULES_LOAD_H
#define TEMPEST_STORE_RULES_LOAD_H

#include <stdbool.h>

#include "engine/variant.h"
#include "util/err.h"

/* Loads a variant by name (rules_dir/<name>.json; names are [a-z0-9_-]+) or by a path
 * containing '/' or ending in ".json". */
struct variant *rules_load(const char *rules_dir, const char *name_or_path, struct err *e);

/* Is this a well-formed variant name (no path tricks)? */
bool rules_name_ok(const char *name);

/* The rules directory: `override` if set, else $TEMPEST_RULES_DIR, else rules/ beside the
 * binary's directory (a source tree), else the installed data directory. The result is a
 * static buffer. */
const char *rules_dir(const char *override);

#endif
