/* vocabulary.c: see vocabulary.h. The entries of the two contexts are read by the
 * catalogues' own reader (catalogue.c: one PO reader for the phrases and the order words
 * alike, fuzzy entries left out as gettext leaves them), given only those entries: a run
 * reads a language's whole catalogue when it writes a mail in it, not at start-up. */
#include "render/vocabulary.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/order_words.h"
#include "render/catalogue.h"
#include "util/buf.h"
#include "util/fsutil.h"

/* The entries of the two contexts of the PO text po, each from the blank line before its
 * msgctxt (its comments, a "#, fuzzy") to the blank line after it, with as many newlines
 * between them as the text has, so that a line named in an error is the file's line; a
 * catalogue's other entries are passed over at the speed of strstr(). */
static void order_entries(const char *po, struct buf *out)
{
	static const char key[] = "msgctxt \"order";
	const char *done = po;          /* the text copied into out, or counted as lines */

	for (const char *p = po; (p = strstr(p, key)); p += sizeof key - 1) {
		const char *start = p, *end;
		if (start > po && start[-1] != '\n')
			continue;                       /* not at a line's start */
		while (start > done + 1 && !(start[-1] == '\n' && start[-2] == '\n'))
			start--;
		if (start < done)
			continue;                       /* within the entry copied last */
		for (const char *l = done; (l = memchr(l, '\n', (size_t)(start - l))); l++)
			buf_add(out, "\n", 1);
		end = strstr(p, "\n\n");
		end = end ? end + 1 : p + strlen(p);
		buf_add(out, start, (size_t)(end - start));
		done = end;
	}
}

/* What one entry of the catalogue's order words is read with. */
struct reading {
	const char *lang, *name;
	struct err *e;
	bool refused;           /* a word was: e says why */
};

/* One entry read: an order word or an argument word of the language added. */
static int add_word(void *arg, const char *ctx, const char *id, const char *words)
{
	struct reading *r = arg;
	bool argument = ctx && !strcmp(ctx, "order argument");
	char why[256];

	if (!ctx || (strcmp(ctx, "order") && !argument) || !*id || !words)
		return 0;               /* another context's, or untranslated */
	if (order_words_add(r->lang, argument, id, words, why, sizeof why) < 0) {
		r->refused = true;
		return err_set(r->e, "%s: %s", r->name, why);
	}
	return 0;
}

/* The entries are added in the file's order: where a word is given to two synonyms (an
 * order's two English words, "resign" and "concede"), the first stands for both. */
int vocabulary_parse(const char *po, const char *lang, const char *name, struct err *e)
{
	struct buf entries = { 0 };
	struct catalogue *c = NULL;
	struct reading r = { lang, name, e, false };
	int rc;

	order_entries(po, &entries);
	if (entries.failed)
		return buf_free(&entries), err_set(e, "out of memory reading %s", name);
	if (!entries.s)
		return 0;
	rc = catalogue_parse(entries.s, name, &c, e);
	buf_free(&entries);
	if (rc == 0 && (rc = catalogue_each(c, add_word, &r)) < 0 && !r.refused)
		err_set(e, "out of memory reading %s", name);
	catalogue_free(c);
	return rc < 0 ? -1 : 0;
}

int vocabulary_load(const char *dir, const struct order_word *kinds, size_t nkinds,
		    struct err *e)
{
	char path[PATH_MAX + 16], why[256];
	struct dirent *d;
	DIR *dp;
	int rc = 0;

	order_words_clear();
	snprintf(path, sizeof path, "%s/po", dir);
	if (!(dp = opendir(path)))
		return 0;
	while (rc == 0 && (d = readdir(dp))) {
		size_t n = strspn(d->d_name, "abcdefghijklmnopqrstuvwxyz");
		char lang[8], *text;
		if (n < 2 || n > 3 || strcmp(d->d_name + n, ".po"))
			continue;
		snprintf(lang, sizeof lang, "%.*s", (int)n, d->d_name);
		snprintf(path, sizeof path, "%s/po/%s", dir, d->d_name);
		if ((rc = fs_read(path, 4 << 20, &text, NULL, e)) == 0) {
			rc = vocabulary_parse(text, lang, path, e);
			free(text);
		}
	}
	closedir(dp);
	if (rc == 0 && order_words_check(kinds, nkinds, why, sizeof why) < 0)
		rc = err_set(e, "%s/po: %s", dir, why);
	if (rc < 0)
		order_words_clear();
	return rc;
}
