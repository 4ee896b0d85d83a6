/* view_templates.c: the template files of the replies, each made once per kind with the
 * kind's parts in (templates/KIND/NAME.txt; docs/design.md, "Templates"), and rendered. */
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "render/catalogue.h"
#include "render/fit.h"
#include "render/view.h"
#include "render/view_kind.h"
#include "util/buf.h"
#include "util/fsutil.h"

static const char *const reply_names[REPLY_KINDS] = {
	"challenge-sent", "invitation", "started", "declined", "moved", "over", "refused",
	"intruder", "status", "history", "help", "test", "setup", "dealt", "notice", "reminder",
	"observed", "tournament", "standings", "confirm",
};

/* Every name a shared template may use (template_check); a kind's parts may use the
 * kind's own names too (struct kind_view's names). */
static const char *const shared_names[] = {
	"referee", "referee_name", "game", "variant", "title", "you", "opponent",
	"opponent_colour", "white", "black", "white_side", "black_side", "challenger", "invited", "colour_asked", "board",
	"fen", "moves", "pgn", "last_move", "mover", "to_move", "your_turn", "check", "result",
	"termination", "over", "playing", "invited_stage", "note", "errors", "line", "text",
	"applied", "kind_orders", "usage", "example", "read", "kind_terms", "label", "observing",
	"reason", "received", "orders", "ignored", "sender", "auth", "subject", "status",
	"move_number", "draw_offer", "draw_offer_to_you", "auth_results",
	/* clocks and reminders */
	"clock", "time_control", "timezone", "your_time", "opponent_time", "white_time",
	"black_time", "deadline", "deadline_for", "vacation", "count", "games", "what",
	"time_left", "window_note", "arbiter", "challenge_lapses",
	/* a confirmation asked of someone who plays no part in the game */
	"confirm_lapses", "confirm_arbiter",
	/* a game kept out of the public archive */
	"private",
	/* the reader's own lines given in advance (standing.h), as they write them */
	"conditional",
	/* tournaments: a tournament's game, and a tournament's own mails */
	"tournament", "tournament_id", "round", "section", "entrants", "players", "closes",
	"open", "final", "terms", "entrant_list", "crosstable", "done", "total", "ended",
	"points", "rated", NULL,
};

#define PART_MAX (64 * 1024)
#define PART_DEPTH 4            /* a part within a part within ... */
#define LANG_LEN 4              /* "fr": a translation is NAME.LL.txt beside NAME.txt */
#define LANGS_MAX 16

/* A kind's part as read from its folder, its own parts in (text NULL: the kind has
 * none). */
struct part_file {
	size_t kind;
	char name[64];
	char lang[LANG_LEN];            /* "" for English, NAME.txt */
	char *text;
};

struct part_cache {
	struct part_file *files;
	size_t n;
};

/* What a struct templates makes on first use (templates_open_in). */
struct templates_made {
	char dir[PATH_MAX];
	char lang[LANG_LEN];
	const struct catalogue *typeset;        /* the language's typography, or NULL */
	struct part_cache cache;                /* the kinds' parts read so far */
	char **recognised;                      /* the texts of the reader of mails */
	size_t nrecognised;
	bool recognised_done;
};

/* What template_expand asks for a part: whose parts (kind, or `nkinds` for a mail about
 * no game), read once each from dir. */
struct parts {
	const char *dir;
	size_t kind, nkinds;
	bool union_text;                /* every kind's part, for the reader of mails */
	const char *lang;               /* the parts' language: NAME.LL.txt first ("": none) */
	int depth;
	struct part_cache *cache;
	struct buf scratch;
	struct err *e;
	bool failed;
};

/* The names kind k's mails may use: the shared ones and the kind's (every kind's for a
 * mail about no game). The caller frees the array, not the names. */
static const char **known_names(size_t k, size_t nkinds)
{
	size_t n = sizeof shared_names / sizeof shared_names[0], at = 0;
	const char **known;

	for (size_t i = 0; i < nkinds; i++) {
		const struct kind_view *kv = view_kind_at(i)->part;
		for (size_t j = 0; kv && kv->names && kv->names[j] && (k == nkinds || k == i); j++)
			n++;
	}
	if (!(known = malloc(n * sizeof *known)))
		return NULL;
	for (size_t j = 0; shared_names[j]; j++)
		known[at++] = shared_names[j];
	for (size_t i = 0; i < nkinds; i++) {
		const struct kind_view *kv = view_kind_at(i)->part;
		for (size_t j = 0; kv && kv->names && kv->names[j] && (k == nkinds || k == i); j++)
			known[at++] = kv->names[j];
	}
	known[at] = NULL;
	return known;
}

static const char *part_text(void *arg, const char *name, const char *fallback, bool all,
			     bool lines);

/* The file of template `name` in dir/sub (sub "" for a shared one) in language lang:
 * NAME.LL.txt when there is one (true), else NAME.txt (English; lang "" or NULL). */
static bool file_in(const char *dir, const char *sub, const char *name, const char *lang,
		    char *path, size_t len)
{
	snprintf(path, len, "%s/%s%s%s.%s.txt", dir, sub, *sub ? "/" : "", name, lang ? lang : "");
	if (lang && *lang && fs_exists(path))
		return true;
	snprintf(path, len, "%s/%s%s%s.txt", dir, sub, *sub ? "/" : "", name);
	return false;
}

/* Kind k's part `name` read from dir/KIND/name.LL.txt in language f->lang, else
 * dir/KIND/name.txt, its own parts expanded with the kind's; NULL in f->text if there is
 * no such file. */
static int part_load(struct parts *p, size_t k, struct part_file *f)
{
	char path[PATH_MAX + 128], *raw = NULL;
	struct parts sub = { .dir = p->dir, .kind = k, .nkinds = p->nkinds, .lang = f->lang,
			     .depth = p->depth + 1, .cache = p->cache, .e = p->e };
	const char *kind = view_kind_at(k)->kind->name;
	int rc;

	/* a part not translated is the English one */
	snprintf(path, sizeof path, "%s/%s/%s.%s.txt", p->dir, kind, f->name, f->lang);
	if (!f->lang[0] || !fs_exists(path))
		snprintf(path, sizeof path, "%s/%s/%s.txt", p->dir, kind, f->name);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, PART_MAX, &raw, NULL, p->e) < 0)
		return -1;
	if (!strstr(raw, "{{>") && !strstr(raw, "{{#>"))
		f->text = raw, raw = NULL, rc = 0;
	else if (sub.depth > PART_DEPTH)
		rc = err_set(p->e, "parts within parts too deep");
	else
		rc = template_expand(raw, &(struct template_parts){ part_text, &sub }, &f->text, p->e);
	free(raw);
	buf_free(&sub.scratch);
	if (rc == 0 && !sub.failed) {   /* a part is whole sections, of its kind's names */
		const char **known = known_names(k, p->nkinds);
		rc = known ? template_check(f->text, known, p->e) : err_set(p->e, "out of memory");
		free(known);
	}
	return rc < 0 || sub.failed ? err_prefix(p->e, "%s: ", path), -1 : 0;
}

/* Kind k's part `name`, or NULL if its folder has none (or on an error: p->failed). */
static const char *part_read(struct parts *p, size_t k, const char *name)
{
	struct part_cache *c = p->cache;

	const char *lang = p->lang ? p->lang : "";

	for (size_t i = 0; i < c->n; i++)
		if (c->files[i].kind == k && !strcmp(c->files[i].name, name) &&
		    !strcmp(c->files[i].lang, lang))
			return c->files[i].text;
	struct part_file *f, file = { .kind = k };

	snprintf(file.name, sizeof file.name, "%s", name);
	snprintf(file.lang, sizeof file.lang, "%s", lang);
	/* read first: a part within it may add to the cache */
	if (part_load(p, k, &file) < 0) {
		free(file.text);
		p->failed = true;
		return NULL;
	}
	if (!(f = realloc(c->files, (c->n + 1) * sizeof *f))) {
		free(file.text);
		p->failed = err_set(p->e, "out of memory") < 0;
		return NULL;
	}
	c->files = f;
	c->files[c->n++] = file;
	return file.text;
}

/* The parts of every kind one after the other ({{>* name}}). */
static void part_all(struct parts *p, const char *name)
{
	for (size_t k = 0; k < p->nkinds; k++) {
		const char *t = part_read(p, k, name);
		if (t)
			buf_str(&p->scratch, t);
	}
}

/* Every kind's part, each where a section would be, then the default: the mail as
 * the reader of mails sees it, whatever the game's kind (msgtext_referee.c). */
static void part_union(struct parts *p, const char *name, const char *fallback, bool lines)
{
	const char *nl = lines ? "\n" : "";
	int open = 0;

	for (size_t k = 0; k < p->nkinds; k++) {
		const char *t = part_read(p, k, name);
		if (!t || !strcmp(t, fallback))
			continue;
		size_t n = strlen(t);
		if (n && t[n - 1] == '\n')
			n--;
		/* an empty part (the kind says nothing there) is an empty section */
		buf_printf(&p->scratch, "{{#if part}}%s%.*s%s{{else}}%s", nl, (int)n, t,
			   n ? nl : "", nl);
		open++;
	}
	size_t n = strlen(fallback);
	buf_printf(&p->scratch, "%.*s%s", (int)(n && fallback[n - 1] == '\n' ? n - 1 : n),
		   fallback, n && lines ? "\n" : "");
	while (open--)
		buf_printf(&p->scratch, "{{/if}}%s", nl);
}

static const char *part_text(void *arg, const char *name, const char *fallback, bool all,
			     bool lines)
{
	struct parts *p = arg;
	const char *t = NULL;

	buf_free(&p->scratch);
	if (all)
		part_all(p, name);
	else if (p->union_text)
		part_union(p, name, fallback, lines);
	else if (p->kind < p->nkinds && (t = part_read(p, p->kind, name)))
		return t;
	else
		return p->failed ? NULL : fallback;
	if (p->failed)
		return NULL;
	if (!p->scratch.s && p->scratch.failed)
		p->failed = err_set(p->e, "out of memory") < 0;
	return p->scratch.s ? p->scratch.s : p->failed ? NULL : "";
}

const char *reply_kind_name(enum reply_kind k)
{
	return k < REPLY_KINDS ? reply_names[k] : "?";
}

const char *templates_dir(const char *override)
{
	static char buf[PATH_MAX];

	return fs_data_dir(override, "TEMPEST_TEMPLATES_DIR", "templates", buf, sizeof buf);
}

/* Reply r's template with kind k's parts in (k == nkinds: a mail about no game), checked
 * and compiled. */
static int template_make(const struct templates *t, struct parts *p, size_t k, int r,
			 struct err *e)
{
	size_t at = k * REPLY_KINDS + (size_t)r;
	const char **known = known_names(k, t->nkinds);
	int rc;

	p->kind = k;
	if (!known)
		return err_set(e, "out of memory");
	rc = template_expand(t->text[r], &(struct template_parts){ part_text, p },
			     &t->expanded[at], e);
	if (rc == 0 && t->made->typeset) {     /* the language's typography: its own text */
		size_t head = strncmp(t->expanded[at], "Subject:", 8) ? 0 : 8;   /* a header */
		char *set = catalogue_typeset(t->made->typeset, t->expanded[at] + head), *whole;
		if (set && asprintf(&whole, "%.*s%s", (int)head, t->expanded[at], set) < 0)
			whole = NULL;
		rc = set && whole ? 0 : err_set(e, "out of memory");
		free(set);
		free(t->expanded[at]);
		t->expanded[at] = rc == 0 ? whole : NULL;
	}
	if (rc == 0)
		rc = template_check(t->expanded[at], known, e);
	if (rc == 0)
		rc = template_compile(t->expanded[at], &t->compiled[at], e);
	free(known);
	if (rc < 0 && k < t->nkinds)
		err_prefix(e, "%s/%s%s%s.txt with the parts in %s/%s/: ", p->dir, reply_names[r],
			   p->lang[0] ? "." : "", p->lang, p->dir, view_kind_at(k)->kind->name);
	else if (rc < 0)
		err_prefix(e, "%s/%s%s%s.txt: ", p->dir, reply_names[r], p->lang[0] ? "." : "",
			   p->lang);
	return rc;
}

/* A shared template's text with every kind's parts in language lang, for the reader of
 * mails, added to t->recognised. */
static int recognised_add(struct templates_made *m, struct parts *p, const char *text,
			  const char *lang, struct err *e)
{
	char **all = realloc(m->recognised, (m->nrecognised + 1) * sizeof *all);
	const char *was = p->lang;

	if (!all)
		return err_set(e, "out of memory");
	m->recognised = all;
	p->union_text = true;
	p->lang = lang;
	int rc = template_expand(text, &(struct template_parts){ part_text, p },
				 &m->recognised[m->nrecognised], e);
	p->union_text = false;
	p->lang = was;
	if (rc == 0)
		m->nrecognised++;
	return rc;
}

/* Reply r's shared template, read; and its text for the reader of mails. */
static int template_read(struct templates *t, struct parts *p, int r, struct err *e)
{
	char path[PATH_MAX + 64];

	t->translated[r] = file_in(p->dir, "", reply_names[r], p->lang, path, sizeof path);
	if (fs_read(path, 1 << 20, &t->text[r], NULL, e) < 0)
		return -1;
	if (strncmp(t->text[r], "Subject:", 8) || !strchr(t->text[r], '\n'))
		return err_set(e, "%s: line 1: a template starts with 'Subject: ...'", path);
	return 0;
}

/* The languages of the translations in folder path (its files NAME.LL.txt), added to
 * langs (sorted, each once). */
static void langs_scan(const char *path, char langs[][LANG_LEN], size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		const char *name = de->d_name, *end = name + strlen(name) - 4, *at = end;
		if (end <= name || strcmp(end, ".txt"))
			continue;
		while (at > name && islower((unsigned char)at[-1]))
			at--;
		if (at - 1 <= name || at[-1] != '.' || end - at < 2 || end - at >= LANG_LEN)
			continue;
		size_t i = 0;
		while (i < *n && strncmp(langs[i], at, (size_t)(end - at)) < 0)
			i++;
		if ((i < *n && !strncmp(langs[i], at, (size_t)(end - at)) && !langs[i][end - at]) ||
		    *n == LANGS_MAX)
			continue;
		memmove(langs[i + 1], langs[i], (*n - i) * sizeof langs[0]);
		snprintf(langs[i], LANG_LEN, "%.*s", (int)(end - at), at);
		(*n)++;
	}
	if (d)
		closedir(d);
}

/* The referee's text in each language some template is translated to (a shared one, or
 * a kind's part), for the reader of mails: a mail not translated in the shared
 * templates reads as the English one, with the kinds' parts in that language. */
static int recognised_langs(const struct templates *t, struct parts *p, struct err *e)
{
	char langs[LANGS_MAX][LANG_LEN], path[PATH_MAX + 128];
	size_t n = 0;
	int rc = 0;

	langs_scan(p->dir, langs, &n);
	for (size_t k = 0; k < p->nkinds; k++) {
		snprintf(path, sizeof path, "%s/%s", p->dir, view_kind_at(k)->kind->name);
		langs_scan(path, langs, &n);
	}
	for (size_t i = 0; i < n && rc == 0; i++)
		for (int r = 0; r < REPLY_KINDS && rc == 0; r++) {
			char *text = NULL;
			snprintf(path, sizeof path, "%s/%s.%s.txt", p->dir, reply_names[r], langs[i]);
			if (fs_exists(path) && fs_read(path, 1 << 20, &text, NULL, e) < 0)
				return -1;
			rc = recognised_add(t->made, p, text ? text : t->text[r], langs[i], e);
			if (rc < 0 && text)
				err_prefix(e, "%s: ", path);
			free(text);
		}
	return rc;
}

/* The parts' reader of t's directory and language. */
static struct parts parts_of(const struct templates *t, struct err *e)
{
	return (struct parts){ .dir = t->made->dir, .nkinds = t->nkinds, .lang = t->made->lang,
			       .cache = &t->made->cache, .e = e };
}

int templates_open_in(struct templates *t, const char *dir, const char *lang,
		      const struct catalogue *typeset, struct err *e)
{
	struct parts p = { .dir = dir, .nkinds = view_kinds_count(), .lang = lang ? lang : "",
			   .e = e };
	size_t n = (p.nkinds + 1) * REPLY_KINDS;
	int rc = 0;

	/* templates read before the kinds are handed down would lack every kind's text */
	assert(p.nkinds > 0);
	memset(t, 0, sizeof *t);
	t->nkinds = p.nkinds;
	if (!(t->expanded = calloc(n, sizeof *t->expanded)) ||
	    !(t->compiled = calloc(n, sizeof *t->compiled)) ||
	    !(t->made = calloc(1, sizeof *t->made)))
		rc = err_set(e, "out of memory");
	if (rc == 0) {
		snprintf(t->made->dir, sizeof t->made->dir, "%s", dir);
		snprintf(t->made->lang, sizeof t->made->lang, "%s", p.lang);
		t->made->typeset = typeset;
	}
	for (int r = 0; r < REPLY_KINDS && rc == 0; r++)
		rc = template_read(t, &p, r, e);
	if (rc < 0)
		templates_free(t);
	return rc;
}

int templates_open(struct templates *t, const char *dir, struct err *e)
{
	return templates_open_in(t, dir, NULL, NULL, e);
}

/* Reply r's template for kind k (k == nkinds: a mail about no game), made on first use. */
static const struct template *template_get(const struct templates *t, size_t k, int r,
					   struct err *e)
{
	size_t at = k * REPLY_KINDS + (size_t)r;

	if (!t->compiled[at]) {
		struct parts p = parts_of(t, e);
		free(t->expanded[at]);
		t->expanded[at] = NULL;
		int rc = template_make(t, &p, k, r, e);
		buf_free(&p.scratch);
		if (rc < 0)
			return NULL;
	}
	return t->compiled[at];
}

int templates_load_in(struct templates *t, const char *dir, const char *lang,
		      const struct catalogue *typeset, struct err *e)
{
	if (templates_open_in(t, dir, lang, typeset, e) < 0)
		return -1;
	for (int r = 0; r < REPLY_KINDS; r++)
		for (size_t k = 0; k <= t->nkinds; k++)
			if (!template_get(t, k, r, e)) {
				templates_free(t);
				return -1;
			}
	if (!lang && templates_recognised_make(t, e) < 0) {
		templates_free(t);
		return -1;
	}
	return 0;
}

int templates_load(struct templates *t, const char *dir, struct err *e)
{
	return templates_load_in(t, dir, NULL, NULL, e);
}

int templates_recognised_make(const struct templates *t, struct err *e)
{
	struct templates_made *m = t->made;
	struct parts p = parts_of(t, e);
	int rc = 0;

	if (m->recognised_done)
		return 0;
	p.lang = "";
	for (int r = 0; r < REPLY_KINDS && rc == 0; r++)
		if ((rc = recognised_add(m, &p, t->text[r], "", e)) < 0)
			err_prefix(e, "%s/%s.txt: ", m->dir, reply_names[r]);
	if (rc == 0)
		rc = recognised_langs(t, &p, e);
	buf_free(&p.scratch);
	m->recognised_done = rc == 0;
	return rc;
}

const char **templates_recognised(const struct templates *t, const char *more, size_t *n)
{
	struct err e;
	const char **texts;

	*n = 0;
	if (templates_recognised_make(t, &e) < 0 ||
	    !(texts = malloc((t->made->nrecognised + 1) * sizeof *texts)))
		return NULL;
	for (size_t i = 0; i < t->made->nrecognised; i++)
		texts[(*n)++] = t->made->recognised[i];
	texts[(*n)++] = more;
	return texts;
}

void templates_free(struct templates *t)
{
	for (size_t i = 0; t->expanded && i < (t->nkinds + 1) * REPLY_KINDS; i++) {
		template_free(t->compiled ? t->compiled[i] : NULL);
		free(t->expanded[i]);
	}
	for (int r = 0; r < REPLY_KINDS; r++)
		free(t->text[r]);
	if (t->made) {
		for (size_t i = 0; i < t->made->nrecognised; i++)
			free(t->made->recognised[i]);
		free(t->made->recognised);
		for (size_t i = 0; i < t->made->cache.n; i++)
			free(t->made->cache.files[i].text);
		free(t->made->cache.files);
		free(t->made);
	}
	free(t->expanded);
	free(t->compiled);
	memset(t, 0, sizeof *t);
}

/* The index of kind k's templates: a kind render was not handed has no parts (the mail
 * of no game's). */
static size_t parts_index(const struct templates *t, const struct kind *k)
{
	size_t i = k ? view_kind_index(k) : t->nkinds;

	return i < t->nkinds ? i : t->nkinds;
}

const struct template *templates_of(const struct templates *t, const struct kind *k,
				    enum reply_kind r)
{
	struct err e;

	return template_get(t, parts_index(t, k), r, &e);
}

int view_render(const struct templates *t, const struct kind *k, const struct reply *r,
		const struct tctx *c, char **subject, char **body, struct err *e)
{
	char *text, *nl;

	*subject = *body = NULL;
	const struct template *tpl = template_get(t, parts_index(t, k), r->kind, e);
	if (!tpl || template_render_compiled(tpl, c, &text, e) < 0)
		return err_prefix(e, "template %s: ", reply_names[r->kind]), -1;
	nl = strchr(text, '\n');
	if (!nl || strncmp(text, "Subject:", 8)) {
		free(text);
		return err_set(e, "template %s: the first line must be 'Subject: ...'",
			       reply_names[r->kind]);
	}
	*nl = 0;
	const char *s = text + 8;
	while (*s == ' ')
		s++;
	*subject = strdup(s);
	const char *b = nl + 1;
	while (*b == '\n')              /* the blank line after the subject */
		b++;
	*body = fit_text(b, FIT_WIDTH);     /* lines that fit a phone: fit.h */
	free(text);
	if (!*subject || !*body) {
		free(*subject);
		free(*body);
		return err_set(e, "out of memory");
	}
	return 0;
}
