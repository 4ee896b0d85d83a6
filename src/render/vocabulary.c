/* vocabulary.c: see vocabulary.h. Only the entries of the two contexts are read here (the
 * rest of a catalogue is the phrases', catalogue.c's): a msgctxt, a msgid and a msgstr,
 * each a string that may go on over lines, a "#, fuzzy" before them leaving the entry
 * out as gettext does. */
#include "render/vocabulary.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/order_words.h"
#include "util/fsutil.h"

#define FIELD_MAX 512

/* The entry being read. */
struct entry {
	char ctxt[64], id[FIELD_MAX], str[FIELD_MAX];
	char *cur;              /* the field a continued "..." line adds to */
	size_t cur_len;
	bool fuzzy, done;       /* done: its msgstr has begun */
};

/* Appends the string literal at s to field f (len bytes); false when s is not one or
 * the field is full. */
static bool literal(const char *s, char *f, size_t len)
{
	size_t at = strlen(f);

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s++ != '"')
		return false;
	for (; *s && *s != '"'; s++) {
		char c = *s;
		if (c == '\\' && s[1])
			c = *++s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
		if (at + 1 >= len)
			return false;
		f[at++] = c;
	}
	f[at] = 0;
	return *s == '"';
}

/* The entry read, added when it is an order word. */
static int finish(struct entry *en, const char *lang, const char *name, struct err *e)
{
	char why[256];
	bool order = !strcmp(en->ctxt, "order"), argument = !strcmp(en->ctxt, "order argument");

	if ((order || argument) && !en->fuzzy && en->id[0] && en->str[0] &&
	    order_words_add(lang, argument, en->id, en->str, why, sizeof why) < 0)
		return err_set(e, "%s: %s", name, why);
	memset(en, 0, sizeof *en);
	return 0;
}

/* One line into the entry being read (the last one finished when a new one starts). */
static int po_line(struct entry *en, const char *l, const char *lang, const char *name,
		   struct err *e)
{
	struct { const char *key; char *field; size_t len; } fields[] = {
		{ "msgctxt ", en->ctxt, sizeof en->ctxt }, { "msgid ", en->id, sizeof en->id },
		{ "msgstr ", en->str, sizeof en->str },
	};
	bool starts = !strncmp(l, "#,", 2) || !strncmp(l, "msgctxt ", 8) || !strncmp(l, "msgid ", 6);

	if (starts && en->done && finish(en, lang, name, e) < 0)
		return -1;
	if (!strncmp(l, "#,", 2))
		en->fuzzy |= strstr(l, "fuzzy") != NULL;
	if (l[0] == '#' || !l[0])
		return 0;
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (!strncmp(l, fields[i].key, strlen(fields[i].key))) {
			en->cur = fields[i].field, en->cur_len = fields[i].len;
			en->cur[0] = 0;
			en->done |= i == 2;
			l += strlen(fields[i].key);
			break;
		}
	/* msgid_plural, msgstr[N]: a plural's, never an order word's */
	if (!strncmp(l, "msgid_plural", 12) || !strncmp(l, "msgstr[", 7))
		en->cur = NULL, en->done = true;
	else if (en->cur && !literal(l, en->cur, en->cur_len) && en->ctxt[0])
		return err_set(e, "%s: msgctxt \"%s\": \"%.40s\" is not a PO string, or one too long "
			       "for an order word", name, en->ctxt, l);
	return 0;
}

/* The lines of one entry, text[start..end), read. */
static int read_entry(const char *text, size_t start, size_t end, const char *lang,
		      const char *name, struct err *e)
{
	struct entry en = { 0 };

	for (size_t at = start; at < end; ) {
		const char *l = text + at, *nl = memchr(l, '\n', end - at);
		size_t n = nl ? (size_t)(nl - l) : end - at;
		char line[FIELD_MAX + 64];
		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), l);
		line[strcspn(line, "\r")] = 0;
		if (po_line(&en, line, lang, name, e) < 0)
			return -1;
		at += n + 1;
	}
	return finish(&en, lang, name, e);
}

/* Only the entries of the two contexts are read: each from the blank line before its
 * msgctxt (its comments, a "#, fuzzy") to the blank line after it; a catalogue's few
 * hundred other entries are passed over at the speed of strstr(). */
int vocabulary_parse(const char *po, const char *lang, const char *name, struct err *e)
{
	static const char key[] = "msgctxt \"order";

	for (const char *p = po; (p = strstr(p, key)); p += sizeof key - 1) {
		size_t start = (size_t)(p - po), end;
		if (start && po[start - 1] != '\n')
			continue;                       /* not at a line's start */
		while (start > 1 && !(po[start - 1] == '\n' && po[start - 2] == '\n'))
			start--;
		const char *blank = strstr(p, "\n\n");
		end = blank ? (size_t)(blank - po) : start + strlen(po + start);
		if (read_entry(po, start, end, lang, name, e) < 0)
			return -1;
	}
	return 0;
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
