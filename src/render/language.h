/* language.h: the languages the referee writes its mails in besides English: for each,
 * its catalogue of phrases (templates/po/LL.po) and its templates (NAME.LL.txt beside
 * NAME.txt, English where a file is missing). A language is one that has a catalogue:
 * adding one is adding files (docs/design.md, "Languages").
 *
 * languages_open() only lists them: a language is read when its first reader's mail is
 * rendered (languages_find()), its templates made as they are used, so that a run pays
 * for the languages it writes in. languages_load() reads and checks them all (`tempest
 * -n`). The set is freed with languages_free(); languages_find() returns a borrowed
 * entry. */
#ifndef TEMPEST_LANGUAGE_H
#define TEMPEST_LANGUAGE_H

#include <limits.h>

#include "render/catalogue.h"
#include "render/view.h"
#include "util/phrase.h"

#define LANGUAGES_MAX 16

struct language {
	char code[8];                   /* "fr" */
	bool loaded, failed;
	struct catalogue *cat;
	struct templates tpl;
	struct phrase_lang lang;        /* for phrase_render(): the catalogue's lookups */
};

struct languages {
	struct language v[LANGUAGES_MAX];
	size_t n;
	char dir[PATH_MAX];
	unsigned long missing;          /* phrases written in English for want of a msgstr */
	bool mark_missing;              /* ... and marked so (TEMPEST_MARK_UNTRANSLATED: the
					 * tests' scan for untranslated text) */
};

/* Lists every language with a catalogue in dir/po (none is no error: English only). */
int languages_open(struct languages *ls, const char *dir, struct err *e);
/* The same, each read and every template made: 0, or -1 with e naming what is wrong. */
int languages_load(struct languages *ls, const char *dir, struct err *e);
void languages_free(struct languages *ls);
/* The language whose code is `code` ("fr"), read on first use; NULL: English (no such
 * language, or one that cannot be read, which is logged once). */
const struct language *languages_find(struct languages *ls, const char *code);
/* The language reply r's phrases are written in for a reader of l (NULL: English): l's,
 * unless r's template has no translation in l, whose mail is then English whole rather
 * than half and half. */
const struct phrase_lang *language_phrases(const struct language *l, enum reply_kind r);

#endif
