/* catalogue.h: a language's catalogue of the referee's phrases, read from a gettext PO
 * file (templates/po/LL.po) by a reader of our own: no locale need exist on the machine
 * (docs/design.md, "Languages").
 *
 * An entry is keyed by its context (msgctxt, or none) and its msgid, the English printf
 * format as the code writes it ("'%s' is not a square"); a plural entry has a msgstr
 * for each of the language's plural forms, chosen by the header's Plural-Forms
 * expression, as gettext chooses. A phrase (util/phrase.h) is formatted for a reader by
 * phrase_render() with catalogue_lang()'s lookups. The header may also say how the
 * language is set (docs/design.md, "Languages"):
 *   X-Tempest-Space-Before: :;?!   a no-break space before these marks (French)
 *   X-Tempest-Capitals: yes        a phrase that starts a sentence starts with a capital
 *   X-Tempest-Digits: U+202F 5     numbers of 5 digits or more grouped by threes
 *
 * catalogue_parse() / catalogue_load() give a catalogue the caller frees with
 * catalogue_free(); lookups return borrowed strings. */
#ifndef TEMPEST_CATALOGUE_H
#define TEMPEST_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"
#include "util/phrase.h"

struct catalogue;

/* Reads the PO text (name for the errors, "fr.po"). An entry that gettext would not use
 * (fuzzy, or without a msgstr) is kept as untranslated. -1 with e naming the entry: a
 * line that is not PO, a header whose Plural-Forms cannot be read, a msgstr that does
 * not take its msgid's arguments (their number and types; %N$ may reorder them; a
 * plural form may leave some out), a plural entry without every form. */
int catalogue_parse(const char *po, const char *name, struct catalogue **out, struct err *e);
/* catalogue_parse() of the file at path. */
int catalogue_load(const char *path, struct catalogue **out, struct err *e);
void catalogue_free(struct catalogue *c);
/* How many entries have a msgstr. */
size_t catalogue_size(const struct catalogue *c);
/* The msgstr of msgid in context ctx (NULL: none) for the count n when plural, or
 * NULL when it has none. The slices need not end with a NUL. */
const char *catalogue_lookup(const struct catalogue *c, const char *ctx, size_t nctx,
			     const char *id, size_t nid, bool plural, unsigned long n);
/* The same for NUL-terminated strings. */
const char *catalogue_get(const struct catalogue *c, const char *ctx, const char *id);
/* The phrase_render() language of c: its lookups and the header's settings. */
void catalogue_lang(const struct catalogue *c, struct phrase_lang *l);
/* text set as the header says (the space before marks), a new string (free()); the
 * lines indented by two blanks (examples a player copies) as written. NULL: out of
 * memory. */
char *catalogue_typeset(const struct catalogue *c, const char *text);
/* The entries of pot (the template catalogue, tempest.pot) that c does not translate:
 * their count; each is passed to each() when it is not NULL. */
size_t catalogue_missing(const struct catalogue *c, const struct catalogue *pot,
			 void (*each)(void *arg, const char *ctx, const char *id), void *arg);
/* Entry i (in the catalogue's order) for the tests that format every entry: its
 * context (or NULL), msgid, plural msgid (or NULL); false past the end. */
bool catalogue_entry(const struct catalogue *c, size_t i, const char **ctx, const char **id,
		     const char **plural);
/* Calls each() for every entry that is not a plural one, in the file's order (for a
 * reader whose first entry wins: the order words), with its context (or NULL), msgid and
 * msgstr (NULL: untranslated); stops at the first that returns non-zero. That value, or
 * -1 when memory runs out, else 0. */
int catalogue_each(const struct catalogue *c,
		   int (*each)(void *arg, const char *ctx, const char *id, const char *str),
		   void *arg);
/* The language's number of plural forms, and the form of count n. */
int catalogue_nplurals(const struct catalogue *c);
int catalogue_plural(const struct catalogue *c, unsigned long n);

#endif
