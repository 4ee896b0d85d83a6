/* language.c: see language.h. */
#include "render/language.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

/* Values that are not the referee's phrases: what players wrote, addresses, the board and
 * the moves, numbers. Any other value no catalogue format produces is kept anyway. */
static const char *const as_written[] = {
	"referee", "referee_name", "sender", "subject", "text", "white", "black", "challenger",
	"invited", "opponent", "fen", "pgn", "last_move", "game", "variant", "title", "usage",
	"line", "move_number", "auth_results", "timezone", "arbiter", "conditional", NULL,
};

/* The move record's comments, {a card removes the piece on e4}, in the reader's
 * language; its moves as they are. */
static char *comments(const struct catalogue *cat, const char *moves)
{
	struct buf out = { 0 };

	for (const char *s = moves; *s; ) {
		const char *open = strchr(s, '{'), *close = open ? strchr(open, '}') : NULL;
		if (!close) {
			buf_str(&out, s);
			break;
		}
		buf_add(&out, s, (size_t)(open + 1 - s));
		char *inner = strndup(open + 1, (size_t)(close - open - 1));
		char *tr = inner ? catalogue_translate(cat, inner) : NULL;
		buf_str(&out, tr ? tr : "");
		if (!tr)
			out.failed = true;
		free(inner), free(tr);
		s = close;
	}
	return buf_take(&out);
}

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

/* Language `code`'s catalogue and templates into l. */
static int language_load(struct language *l, const char *dir, const char *code, struct err *e)
{
	char path[PATH_MAX + 32];

	memset(l, 0, sizeof *l);
	snprintf(l->code, sizeof l->code, "%s", code);
	snprintf(path, sizeof path, "%s/po/%s.po", dir, code);
	if (catalogue_load(path, &l->cat, e) < 0)
		return -1;
	if (templates_load_in(&l->tpl, dir, code, e) < 0) {
		catalogue_free(l->cat);
		l->cat = NULL;
		return -1;
	}
	return 0;
}

int languages_load(struct languages *ls, const char *dir, struct err *e)
{
	char path[PATH_MAX + 8], code[8];
	struct dirent *d;
	DIR *dp;

	memset(ls, 0, sizeof *ls);
	snprintf(path, sizeof path, "%s/po", dir);
	if (!(dp = opendir(path)))
		return 0;
	while ((d = readdir(dp))) {
		if (!po_name(d->d_name, code))
			continue;
		if (ls->n == LANGUAGES_MAX) {
			closedir(dp);
			languages_free(ls);
			return err_set(e, "%s: more than %d languages", path, LANGUAGES_MAX);
		}
		if (language_load(&ls->v[ls->n], dir, code, e) < 0) {
			closedir(dp);
			languages_free(ls);
			return -1;
		}
		ls->n++;
	}
	closedir(dp);
	qsort(ls->v, ls->n, sizeof ls->v[0], by_code);  /* the same order on every machine */
	return 0;
}

void languages_free(struct languages *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		templates_free(&ls->v[i].tpl);
		catalogue_free(ls->v[i].cat);
	}
	memset(ls, 0, sizeof *ls);
}

const struct language *languages_find(const struct languages *ls, const char *code)
{
	for (size_t i = 0; ls && code && i < ls->n; i++)
		if (!strcmp(ls->v[i].code, code))
			return &ls->v[i];
	return NULL;
}

/* Is this line of a board prose (a note, "Beside the board: ...", a legend), not a
 * diagram's row or boards drawn side by side, whose columns must stay as they are? */
static bool prose_line(const char *line)
{
	return ((*line >= 'A' && *line <= 'Z') || (*line >= 'a' && *line <= 'z')) &&
	       !strstr(line, "  ") && !strchr(line, '|');
}

/* The board's lines of prose in the reader's language; its diagrams as drawn. */
static char *board_notes(const struct catalogue *cat, const char *board)
{
	struct buf out = { 0 };

	for (const char *s = board; *s; ) {
		size_t n = strcspn(s, "\n");
		char *line = strndup(s, n), *tr = NULL;
		if (line && prose_line(line))
			tr = catalogue_translate(cat, line);
		buf_str(&out, tr ? tr : line ? line : "");
		out.failed |= !line;
		free(line), free(tr);
		s += n;
		if (*s)
			buf_add(&out, s++, 1);
	}
	return buf_take(&out);
}

/* A value in the reader's language: the move record's comments alone, the board's notes
 * alone, any other whole. */
static char *translate(const char *name, const char *value, void *arg)
{
	if (!strcmp(name, "moves"))
		return comments(arg, value);
	if (!strcmp(name, "board"))
		return board_notes(arg, value);
	return catalogue_translate(arg, value);
}

int language_context(const struct language *l, enum reply_kind r, struct tctx *c)
{
	if (!l || !catalogue_size(l->cat) || !l->tpl.translated[r])
		return 0;
	return tctx_rewrite(c, as_written, translate, l->cat);
}
