/* language.h: the languages the referee writes its mails in besides English: for each,
 * its templates (NAME.LL.txt beside NAME.txt, English where a file is missing) and its
 * catalogue of phrases (templates/po/LL.po). A language is one that has a catalogue:
 * adding one is adding files (docs/design.md, "Languages").
 *
 * languages_load() fills a set the caller frees with languages_free(); languages_find()
 * returns a borrowed entry. */
#ifndef TEMPEST_LANGUAGE_H
#define TEMPEST_LANGUAGE_H

#include "render/catalogue.h"
#include "render/view.h"

#define LANGUAGES_MAX 16

struct language {
	char code[8];                   /* "fr" */
	struct templates tpl;
	struct catalogue *cat;
};

struct languages {
	struct language v[LANGUAGES_MAX];
	size_t n;
};

/* Every language with a catalogue in dir/po (none is no error: English only). */
int languages_load(struct languages *ls, const char *dir, struct err *e);
void languages_free(struct languages *ls);
/* The language whose code is `code` ("fr"), or NULL: English. */
const struct language *languages_find(const struct languages *ls, const char *code);
/* The context of reply kind r with its phrases in language l (NULL: English, left as
 * they are): each value but those a player or the game wrote (addresses, quoted lines,
 * the board) read back through l's catalogue. A reply whose template l lacks is English
 * whole, its phrases too. 0, or -1 when memory runs out. */
int language_context(const struct language *l, enum reply_kind r, struct tctx *c);

#endif
