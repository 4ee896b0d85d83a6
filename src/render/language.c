/* language.c: see language.h. */
#include "render/language.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"

/* Is name "LL.po" with LL a language code (two or three lower-case letters)? */
static bool po_name(const char *name, char code[8])
{
	size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz");

	if (n < 2 || n > 3 || strcmp(name + n, ".po"))
		return false;
	snprintf(code, 8, "%.*s", (int)n, name);
	return strcmp(code, "en") != 0;
}

static int by_code(const void *a, const void *b)
{
	return strcmp(((const struct language *)a)->code, ((const struct language *)b)->code);
}

int languages_open(struct languages *ls, const char *dir, struct err *e)
{
	char path[PATH_MAX + 8], code[8];
	struct dirent *d;
	DIR *dp;

	memset(ls, 0, sizeof *ls);
	snprintf(ls->dir, sizeof ls->dir, "%s", dir);
	ls->mark_missing = getenv("TEMPEST_MARK_UNTRANSLATED") != NULL;
	snprintf(path, sizeof path, "%s/po", dir);
	if (!(dp = opendir(path)))
		return 0;
	while ((d = readdir(dp))) {
		if (!po_name(d->d_name, code))
			continue;
		if (ls->n == LANGUAGES_MAX) {
			closedir(dp);
			return err_set(e, "%s: more than %d languages", path, LANGUAGES_MAX);
		}
		snprintf(ls->v[ls->n++].code, sizeof ls->v[0].code, "%s", code);
	}
	closedir(dp);
	qsort(ls->v, ls->n, sizeof ls->v[0], by_code);  /* the same order on every machine */
	return 0;
}

/* Language l's catalogue and templates (all of them made when `all`). */
static int language_read(struct languages *ls, struct language *l, bool all, struct err *e)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof path, "%s/po/%s.po", ls->dir, l->code);
	if (catalogue_load(path, &l->cat, e) < 0)
		return -1;
	if ((all ? templates_load_in : templates_open_in)(&l->tpl, ls->dir, l->code, l->cat, e) < 0) {
		catalogue_free(l->cat);
		l->cat = NULL;
		return -1;
	}
	catalogue_lang(l->cat, &l->lang);
	l->lang.mark_missing = ls->mark_missing;
	l->lang.missing = &ls->missing;
	l->loaded = true;
	return 0;
}

int languages_load(struct languages *ls, const char *dir, struct err *e)
{
	if (languages_open(ls, dir, e) < 0)
		return -1;
	for (size_t i = 0; i < ls->n; i++)
		if (language_read(ls, &ls->v[i], true, e) < 0) {
			languages_free(ls);
			return -1;
		}
	return 0;
}

void languages_free(struct languages *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		if (ls->v[i].loaded)
			templates_free(&ls->v[i].tpl);
		catalogue_free(ls->v[i].cat);
	}
	memset(ls, 0, sizeof *ls);
}

const struct language *languages_find(struct languages *ls, const char *code)
{
	struct err e;

	for (size_t i = 0; ls && code && *code && i < ls->n; i++) {
		struct language *l = &ls->v[i];
		if (strcmp(l->code, code))
			continue;
		if (!l->loaded && !l->failed && language_read(ls, l, false, &e) < 0) {
			l->failed = true;
			log_error("%s (mails to readers of %s are written in English)", e.msg, code);
		}
		return l->loaded ? l : NULL;
	}
	return NULL;
}

const struct phrase_lang *language_phrases(const struct language *l, enum reply_kind r)
{
	return l && l->tpl.translated[r] ? &l->lang : NULL;
}
