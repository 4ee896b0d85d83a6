/* fsf.h: a variant's rules as a Fairy-Stockfish variants.ini section, so that Fairy-Stockfish,
 * ffish and XBoard can replay the PGN the referee writes ([Variant] holds the section's
 * name, the variant's own). Pure: text in a buffer. */
#ifndef TEMPEST_RENDER_FSF_H
#define TEMPEST_RENDER_FSF_H

#include <stddef.h>

#include "engine/variant.h"
#include "util/buf.h"

/* Appends v's section ("[lancer:chess]" and its keys) to out and returns 0; or returns -1,
 * out untouched, with why (in words, for a person) the format cannot say v's rules. A
 * section may carry "#" lines naming what it only approximates. */
int fsf_section(const struct variant *v, struct buf *out, char *why, size_t len);

#endif
