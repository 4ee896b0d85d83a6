/* catalogue.h: a language's catalogue of the phrases the referee builds in C (refusal
 * reasons, notes, side names), read from a gettext PO file (templates/po/LL.po) by a
 * reader of our own: no locale need exist on the machine (docs/design.md, "Languages").
 *
 * An entry is keyed by its msgid, the English printf format as the code writes it
 * ("'%s' is not a square"). The referee formats its phrases in English; the text a
 * mail is about to show is translated back through the catalogue (catalogue_translate):
 * an English text that a msgid's format produces is read as that format and its
 * arguments, and written again with the msgstr. A phrase thus goes to each reader in
 * their own language, whichever player's mail made it.
 *
 * catalogue_parse() / catalogue_load() give a catalogue the caller frees with
 * catalogue_free(); lookups return borrowed strings. */
#ifndef TEMPEST_CATALOGUE_H
#define TEMPEST_CATALOGUE_H

#include <stddef.h>

#include "util/err.h"

struct catalogue;

/* Reads the PO text (name for the errors, "fr.po"); fuzzy, empty and plural entries are
 * left out as gettext leaves them. 0, or -1 with e naming the line. */
int catalogue_parse(const char *po, const char *name, struct catalogue **out, struct err *e);
/* catalogue_parse() of the file at path. */
int catalogue_load(const char *path, struct catalogue **out, struct err *e);
void catalogue_free(struct catalogue *c);
/* How many entries it holds. */
size_t catalogue_size(const struct catalogue *c);
/* The msgstr of msgid, or NULL when it has none. */
const char *catalogue_lookup(const struct catalogue *c, const char *msgid);
/* The translation of an English text built from the catalogue's formats: sentence by
 * sentence, each read as the longest msgid format that produces it, its arguments
 * translated in turn when they are entries themselves; text no format produces, and
 * an indented line (a quotation), are kept as they are. The caller frees the result; NULL when memory runs out. c may be NULL
 * (the text is copied). */
char *catalogue_translate(const struct catalogue *c, const char *text);
/* Each msgstr in turn (for the recogniser of the referee's own text); NULL past the end. */
const char *catalogue_msgstr(const struct catalogue *c, size_t i);

#endif
