/* template.c: see template.h. Templates are cut into tokens, the standalone tag lines
 * removed, and the tokens walked with the context. */
#include "render/template.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/phrase.h"

struct tvar {
	size_t name, nlen;      /* the name: at name in its context's names, nlen bytes */
	char *str;
	struct tctx **items;
	size_t nitems;
};

#define HASH_SLOTS 256            /* a context's variables by name: a reply sets about 80 */

struct tctx {
	size_t n, cap;
	struct tvar *v;
	struct buf names;       /* the variables' names, each NUL-ended, in one block */
	const struct tctx *parent;
	const struct phrase_lang *lang; /* the reader's (tctx_language); NULL: English */
	uint16_t slot[HASH_SLOTS];      /* 1 + an index into v, 0: free; past HASH_SLOTS / 2
					 * variables the rest are found by a scan */
};

static unsigned name_hash(const char *s, size_t len)
{
	unsigned h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The variable called name (len bytes, hash h: name_hash's) in c alone, or NULL. */
static struct tvar *find_hashed(const struct tctx *c, const char *name, size_t len, unsigned h)
{
	for (unsigned i = h % HASH_SLOTS;; i = (i + 1) % HASH_SLOTS) {
		if (!c->slot[i])
			break;
		struct tvar *v = &c->v[c->slot[i] - 1];
		if (v->nlen == len && !memcmp(c->names.s + v->name, name, len))
			return v;
	}
	for (size_t i = HASH_SLOTS / 2; i < c->n; i++)  /* those the table has no room for */
		if (c->v[i].nlen == len && !memcmp(c->names.s + c->v[i].name, name, len))
			return &c->v[i];
	return NULL;
}

static struct tvar *find(const struct tctx *c, const char *name, size_t len)
{
	return find_hashed(c, name, len, name_hash(name, len));
}

struct tctx *tctx_new(void)
{
	return calloc(1, sizeof(struct tctx));
}

void tctx_free(struct tctx *c)
{
	if (!c)
		return;
	buf_free(&c->names);
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].str);
		for (size_t k = 0; k < c->v[i].nitems; k++)
			tctx_free(c->v[i].items[k]);
		free(c->v[i].items);
	}
	free(c->v);
	free(c);
}

static struct tvar *slot(struct tctx *c, const char *name)
{
	size_t len = strlen(name);
	unsigned h = name_hash(name, len);
	struct tvar *found = find_hashed(c, name, len, h);

	if (found)
		return found;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 4 * c->cap : 16;  /* a reply's 80: grown twice */
		struct tvar *v = realloc(c->v, cap * sizeof *v);
		if (!v)
			return NULL;
		c->v = v;
		c->cap = cap;
	}
	struct tvar *v = c->v + c->n;
	memset(v, 0, sizeof *v);
	/* the names in one block, not one allocation each: a reply's context has 80 */
	v->name = c->names.n;
	v->nlen = len;
	buf_add(&c->names, name, len + 1);
	if (c->names.failed)
		return NULL;
	if (c->n < HASH_SLOTS / 2) {    /* at most half full: a probe ends soon */
		unsigned i = h % HASH_SLOTS;
		while (c->slot[i])
			i = (i + 1) % HASH_SLOTS;
		c->slot[i] = (uint16_t)(c->n + 1);
	}
	c->n++;
	return v;
}

int tctx_set(struct tctx *c, const char *name, const char *fmt, ...)
{
	struct tvar *v = slot(c, name);
	va_list ap;
	char *s;

	if (!v)
		return -1;
	va_start(ap, fmt);
	int rc;
	if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
		/* most values are a string as it is: copied, not formatted (as printf, NULL
		 * reads "(null)") */
		const char *a = va_arg(ap, const char *);
		rc = (s = strdup(a ? a : "(null)")) ? 0 : -1;
	} else if (fmt[0] == '%' && (fmt[1] == 'd' || fmt[1] == 'u') && !fmt[2]) {
		/* a number (a game's, a move's, a count): the next most common */
		char d[22];
		int a = va_arg(ap, int);
		size_t k = fmt[1] == 'd' && a < 0 ? (d[0] = '-', 1) : 0;
		fmt_uint(d + k, k ? 0 - (unsigned long long)a :
			 fmt[1] == 'u' ? (unsigned)a : (unsigned long long)a);
		rc = (s = strdup(d)) ? 0 : -1;
	} else if (!strchr(fmt, '%')) {
		rc = (s = strdup(fmt)) ? 0 : -1;        /* "yes" */
	} else {
		/* formatted once on the stack and copied at its size (vasprintf grows and
		 * shrinks a block of its own); formatted again only when longer */
		char tmp[256];
		va_list aq;
		va_copy(aq, ap);
		int n = vsnprintf(tmp, sizeof tmp, fmt, aq);
		va_end(aq);
		if (n >= 0 && (size_t)n < sizeof tmp)
			rc = (s = strdup(tmp)) ? 0 : -1;
		else
			rc = vasprintf(&s, fmt, ap);
	}
	va_end(ap);
	if (rc < 0)
		return -1;
	free(v->str);
	v->str = s;
	return 0;
}

int tctx_take(struct tctx *c, const char *name, struct buf *b)
{
	struct tvar *v = slot(c, name);
	char *s = buf_take(b);

	if (!v || !s) {
		free(s);
		return -1;
	}
	free(v->str);
	v->str = s;
	return 0;
}

int tctx_phrase(struct tctx *c, const char *name, const char *fmt, ...)
{
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	phrase_vencode(&b, NULL, fmt, NULL, 0, ap);
	va_end(ap);
	return tctx_take(c, name, &b);
}

int tctx_nphrase(struct tctx *c, const char *name, unsigned long n, const char *one,
		 const char *many, ...)
{
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, many);
	phrase_vencode(&b, NULL, one, many, n, ap);
	va_end(ap);
	return tctx_take(c, name, &b);
}

void tctx_language(struct tctx *c, const struct phrase_lang *l)
{
	c->lang = l;
}

/* The language of the context c is part of (its outermost's). */
static const struct phrase_lang *language_of(const struct tctx *c)
{
	while (c->parent)
		c = c->parent;
	return c->lang;
}

struct tctx *tctx_item(struct tctx *c, const char *name)
{
	struct tvar *v = slot(c, name);
	struct tctx **items, *it;

	if (!v || !(it = tctx_new()))
		return NULL;
	if (!(items = realloc(v->items, (v->nitems + 1) * sizeof *items))) {
		free(it);
		return NULL;
	}
	v->items = items;
	it->parent = c;
	items[v->nitems++] = it;
	return it;
}

static const struct tvar *lookup(const struct tctx *c, const char *name, size_t len)
{
	const struct tvar *v = NULL;

	for (; c && !v; c = c->parent)
		v = find(c, name, len);
	return v;
}

const char *tctx_get(const struct tctx *c, const char *name)
{
	const struct tvar *v = lookup(c, name, strlen(name));

	return v && v->str ? v->str : "";
}

/* ---- tokens ---- */

enum tok_kind { TOK_TEXT, TOK_VAR, TOK_IF, TOK_ELSE, TOK_ENDIF, TOK_EACH, TOK_ENDEACH, TOK_COMMENT };

struct tok {
	enum tok_kind kind;
	const char *s;          /* text, or the name */
	size_t len;
	int line;
	int match;              /* IF/EACH: index of its end; ELSE: of its ENDIF */
	int els;                /* IF: index of its ELSE or -1 */
};

struct toks {
	size_t n, cap;
	struct tok *t;
};

/* A template cut into tokens once (template_compile), to be rendered many times. */
struct template {
	struct toks ts;
};

static int push(struct toks *ts, struct tok t)
{
	if (ts->n == ts->cap) {
		size_t cap = ts->cap ? 2 * ts->cap : 64;
		struct tok *a = realloc(ts->t, cap * sizeof *a);
		if (!a)
			return -1;
		ts->t = a;
		ts->cap = cap;
	}
	ts->t[ts->n++] = t;
	return 0;
}

static bool valid_name(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

/* One {{...}} tag's content. */
/* line: the template's line that holds it (a tag never spans two) */
static int read_tag(int line, const char *in, size_t n, struct tok *t, struct err *e)
{
	while (n && isspace((unsigned char)*in))
		in++, n--;
	while (n && isspace((unsigned char)in[n - 1]))
		n--;
	t->line = line;
	if (n && in[0] == '!') {
		t->kind = TOK_COMMENT;
		return 0;
	}
	struct { const char *word; enum tok_kind kind; bool arg; } forms[] = {
		{ "#if", TOK_IF, true }, { "#each", TOK_EACH, true }, { "else", TOK_ELSE, false },
		{ "/if", TOK_ENDIF, false }, { "/each", TOK_ENDEACH, false },
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		size_t wl = strlen(forms[i].word);
		if (n < wl || strncmp(in, forms[i].word, wl) || (n > wl && !isspace((unsigned char)in[wl])))
			continue;
		t->kind = forms[i].kind;
		const char *arg = in + wl;
		size_t an = n - wl;
		while (an && isspace((unsigned char)*arg))
			arg++, an--;
		if (forms[i].arg != (an > 0) || (an && !valid_name(arg, an)))
			return err_set(e, "line %d: '{{%.*s}}' is not a valid tag", t->line, (int)n, in);
		t->s = arg, t->len = an;
		return 0;
	}
	if (!valid_name(in, n))
		return err_set(e, "line %d: '{{%.*s}}' is not a variable name", t->line, (int)n, in);
	t->kind = TOK_VAR;
	t->s = in, t->len = n;
	return 0;
}

/* Pairs sections with their ends. */
static int match(struct toks *ts, struct err *e)
{
	int stack[64], depth = 0;

	for (size_t i = 0; i < ts->n; i++) {
		struct tok *t = &ts->t[i];
		t->els = -1;
		switch (t->kind) {
		case TOK_IF:
		case TOK_EACH:
			if (depth == 64)
				return err_set(e, "line %d: sections nested too deep", t->line);
			stack[depth++] = (int)i;
			break;
		case TOK_ELSE:
			if (!depth || ts->t[stack[depth - 1]].kind != TOK_IF || ts->t[stack[depth - 1]].els >= 0)
				return err_set(e, "line %d: {{else}} outside {{#if}}", t->line);
			ts->t[stack[depth - 1]].els = (int)i;
			break;
		case TOK_ENDIF:
		case TOK_ENDEACH: {
			enum tok_kind want = t->kind == TOK_ENDIF ? TOK_IF : TOK_EACH;
			if (!depth || ts->t[stack[depth - 1]].kind != want)
				return err_set(e, "line %d: {{%s}} closes nothing open", t->line,
					       t->kind == TOK_ENDIF ? "/if" : "/each");
			struct tok *open = &ts->t[stack[--depth]];
			open->match = (int)i;
			if (open->els >= 0)
				ts->t[open->els].match = (int)i;
			break;
		}
		default:
			break;
		}
	}
	if (depth)
		return err_set(e, "line %d: section never closed", ts->t[stack[depth - 1]].line);
	return 0;
}

/* A line holding only a section tag or a comment: that tag, and the line disappears. */
static bool standalone_line(int lineno, const char *line, size_t n, struct toks *ts,
			    struct err *e, int *rc)
{
	const char *s = line, *end = line + n;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	if (end - s < 4 || strncmp(s, "{{", 2) || strncmp(end - 2, "}}", 2))
		return false;
	const char *in = s + 2;
	size_t len = (size_t)(end - 2 - in);
	if (memmem(in, len, "{{", 2) || memmem(in, len, "}}", 2))
		return false;
	struct tok t = { TOK_TEXT, NULL, 0, 0, 0, -1 };
	if (read_tag(lineno, in, len, &t, e) < 0) {
		*rc = -1;
		return true;
	}
	if (t.kind == TOK_VAR)
		return false;
	*rc = push(ts, t) < 0 ? err_set(e, "out of memory") : 0;
	return true;
}

static int tokenize_line(int line, const char *p, size_t n, struct toks *ts, struct err *e)
{
	const char *end = p + n;

	while (p < end) {
		const char *open = memmem(p, (size_t)(end - p), "{{", 2);
		size_t tn = open ? (size_t)(open - p) : (size_t)(end - p);
		if (tn && push(ts, (struct tok){ TOK_TEXT, p, tn, 0, 0, -1 }) < 0)
			return err_set(e, "out of memory");
		if (!open)
			break;
		const char *close = memmem(open + 2, (size_t)(end - open - 2), "}}", 2);
		if (!close)
			return err_set(e, "line %d: '{{' without '}}' on the same line", line);
		struct tok t = { TOK_TEXT, NULL, 0, 0, 0, -1 };
		if (read_tag(line, open + 2, (size_t)(close - open - 2), &t, e) < 0)
			return -1;
		if (push(ts, t) < 0)
			return err_set(e, "out of memory");
		p = close + 2;
	}
	return 0;
}

static int tokenize(const char *tpl, struct toks *ts, struct err *e)
{
	int line = 1;

	memset(ts, 0, sizeof *ts);
	for (const char *p = tpl; *p; line++) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl + 1 - p) : strlen(p);
		int rc = 0;
		if (standalone_line(line, p, nl ? (size_t)(nl - p) : n, ts, e, &rc)) {
			if (rc < 0)
				return -1;
		} else if (tokenize_line(line, p, n, ts, e) < 0)
			return -1;
		p += n;
	}
	return match(ts, e);
}

static bool truthy(const struct tvar *v)
{
	return v && ((v->str && *v->str) || v->nitems);
}

static void render_range(const struct toks *ts, int from, int to, const struct tctx *c,
			 struct buf *out)
{
	for (int i = from; i < to; i++) {
		const struct tok *t = &ts->t[i];
		const struct tvar *v;
		switch (t->kind) {
		case TOK_TEXT:
			buf_add(out, t->s, t->len);
			break;
		case TOK_VAR:
			if (!(v = lookup(c, t->s, t->len)) || !v->str)
				break;
			/* one pass finds a phrase's marker or the value's end */
			size_t plain = strcspn(v->str, PHRASE_MARKS);
			if (v->str[plain])
				phrase_render(out, v->str, language_of(c));
			else
				buf_add(out, v->str, plain);
			break;
		case TOK_IF:
			v = lookup(c, t->s, t->len);
			if (truthy(v))
				render_range(ts, i + 1, t->els >= 0 ? t->els : t->match, c, out);
			else if (t->els >= 0)
				render_range(ts, t->els + 1, t->match, c, out);
			i = t->match;
			break;
		case TOK_EACH:
			v = lookup(c, t->s, t->len);
			for (size_t k = 0; v && k < v->nitems; k++)
				render_range(ts, i + 1, t->match, v->items[k], out);
			i = t->match;
			break;
		default:
			break;
		}
	}
}

int template_compile(const char *tpl, struct template **out, struct err *e)
{
	struct template *t = calloc(1, sizeof *t);

	*out = NULL;
	if (!t)
		return err_set(e, "out of memory");
	if (tokenize(tpl, &t->ts, e) < 0) {
		template_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

void template_free(struct template *t)
{
	if (t)
		free(t->ts.t);
	free(t);
}

int template_render_compiled(const struct template *t, const struct tctx *c, char **out,
			     struct err *e)
{
	struct buf b = { 0 };

	render_range(&t->ts, 0, (int)t->ts.n, c, &b);
	if (!(*out = buf_take(&b)))
		return err_set(e, "out of memory rendering a template");
	return 0;
}

bool template_uses(const struct template *t, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; t && i < t->ts.n; i++) {
		const struct tok *k = &t->ts.t[i];
		if ((k->kind == TOK_VAR || k->kind == TOK_IF || k->kind == TOK_EACH) && k->len == n &&
		    !memcmp(k->s, name, n))
			return true;
	}
	return false;
}

int template_render(const char *tpl, const struct tctx *c, char **out, struct err *e)
{
	struct template *t;

	if (template_compile(tpl, &t, e) < 0)
		return -1;
	int rc = template_render_compiled(t, c, out, e);
	template_free(t);
	return rc;
}

int template_check(const char *tpl, const char *const *known, struct err *e)
{
	struct toks ts;
	int rc = 0;

	if (tokenize(tpl, &ts, e) < 0) {
		free(ts.t);
		return -1;
	}
	for (size_t i = 0; i < ts.n && rc == 0; i++) {
		const struct tok *t = &ts.t[i];
		bool ok = false;
		if (t->kind != TOK_VAR && t->kind != TOK_IF && t->kind != TOK_EACH)
			continue;
		for (size_t k = 0; known[k] && !ok; k++)
			ok = strlen(known[k]) == t->len && !strncmp(known[k], t->s, t->len);
		if (!ok)
			rc = err_set(e, "line %d: unknown name '%.*s'", t->line, (int)t->len, t->s);
	}
	free(ts.t);
	return rc;
}

/* ---- parts ({{> name}}, {{>* name}}, {{#> name}}...{{/> name}}) ---- */

struct part_tag {
	const char *open, *close;       /* the tag's "{{" and just past its "}}" */
	const char *name;
	size_t len;
	bool all, block, end;           /* {{>* }}, {{#> }}, {{/> }} */
	const char *line, *line_end;    /* the whole line, its newline included, if the tag
					 * stands alone on it; else NULL */
};

/* A part's name is a file's: letters, digits, '_' and '-' ("board-info"). */
static bool part_name(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-')
			return false;
	return n > 0;
}

struct expander {
	const struct template_parts *parts;
	const char *text;               /* the whole template, for where its lines begin */
	struct err *e;
};

/* The next part tag in [s, end), or false; *rc -1 on a malformed one. */
static bool part_next(const struct expander *x, const char *s, const char *end,
		      struct part_tag *t, int *rc)
{
	for (const char *p = s; (p = memmem(p, (size_t)(end - p), "{{", 2)); p += 2) {
		const char *q = p + 2;
		memset(t, 0, sizeof *t);
		if (*q == '#' || *q == '/')
			t->block = *q == '#', t->end = *q == '/', q++;
		if (*q != '>')
			continue;
		if (*++q == '*')
			t->all = true, q++;
		const char *close = memmem(q, (size_t)(end - q), "}}", 2);
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		if (!close || (nl && nl < close)) {
			*rc = err_set(x->e, "'%.*s' without '}}' on the same line", (int)(q - p), p);
			return true;
		}
		while (q < close && isspace((unsigned char)*q))
			q++;
		t->name = q;
		while (q < close && !isspace((unsigned char)*q))
			q++;
		t->len = (size_t)(q - t->name);
		if (!part_name(t->name, t->len) || q != close || (t->all && (t->block || t->end))) {
			*rc = err_set(x->e, "'%.*s' is not a valid part tag", (int)(close + 2 - p), p);
			return true;
		}
		t->open = p, t->close = close + 2;
		const char *ls = p, *le = t->close, *tend = x->text + strlen(x->text);
		while (ls > x->text && (ls[-1] == ' ' || ls[-1] == '\t'))
			ls--;
		while (le < tend && (*le == ' ' || *le == '\t' || *le == '\r'))
			le++;
		if ((ls == x->text || ls[-1] == '\n') && (le == tend || *le == '\n'))
			t->line = ls, t->line_end = le < tend ? le + 1 : le;
		*rc = 0;
		return true;
	}
	return false;
}

static int expand_range(const struct expander *x, const char *s, const char *end,
			struct buf *out);


/* A part's text in its place: a part on a line of its own is whole lines (its last
 * newline added if it lacks one), a part within a line loses its last newline. */
static void part_put(struct buf *out, const char *text, bool lines)
{
	size_t n = strlen(text);

	if (!lines && n && text[n - 1] == '\n')
		n--;
	buf_add(out, text, n);
	if (lines && n && text[n - 1] != '\n')
		buf_str(out, "\n");
}

/* The block opened by t: its default text, parts expanded, into fallback; *after is
 * where the template goes on past its {{/> name}}. */
static int part_block(const struct expander *x, const struct part_tag *t, const char *end,
		      struct buf *fallback, const char **after)
{
	const char *from = t->line ? t->line_end : t->close;
	struct part_tag c;
	int rc = 0;

	for (const char *p = from; part_next(x, p, end, &c, &rc); p = c.close) {
		if (rc < 0)
			return -1;
		if (!c.end || c.len != t->len || strncmp(c.name, t->name, t->len))
			continue;
		if (!t->line != !c.line)
			return err_set(x->e, "part '%.*s': its block opens and closes on lines of "
				       "their own, or both within lines", (int)t->len, t->name);
		*after = c.line ? c.line_end : c.close;
		return expand_range(x, from, c.line ? c.line : c.open, fallback);
	}
	return err_set(x->e, "part '%.*s': '{{/> %.*s}}' missing", (int)t->len, t->name,
		       (int)t->len, t->name);
}

static int expand_range(const struct expander *x, const char *s, const char *end,
			struct buf *out)
{
	struct part_tag t;
	int rc = 0;

	while (part_next(x, s, end, &t, &rc)) {
		struct buf fallback = { 0 };
		const char *after = t.line ? t.line_end : t.close;
		char name[64];
		if (rc < 0)
			return -1;
		if (t.end)
			return err_set(x->e, "'{{/> %.*s}}' closes no part", (int)t.len, t.name);
		if (t.len >= sizeof name)
			return err_set(x->e, "part '%.*s': name too long", (int)t.len, t.name);
		buf_add(out, s, (size_t)((t.line ? t.line : t.open) - s));
		if (t.block && part_block(x, &t, end, &fallback, &after) < 0) {
			buf_free(&fallback);
			return -1;
		}
		snprintf(name, sizeof name, "%.*s", (int)t.len, t.name);
		const char *text = x->parts->text(x->parts->arg, name, fallback.s ? fallback.s : "",
						  t.all, t.line != NULL);
		if (text)
			part_put(out, text, t.line != NULL);
		buf_free(&fallback);
		if (!text)
			return -1;
		s = after;
	}
	if (rc < 0)
		return -1;
	buf_add(out, s, (size_t)(end - s));
	return 0;
}

int template_expand(const char *tpl, const struct template_parts *parts, char **out,
		    struct err *e)
{
	struct expander x = { parts, tpl, e };
	struct buf b = { 0 };

	*out = NULL;
	if (expand_range(&x, tpl, tpl + strlen(tpl), &b) < 0) {
		buf_free(&b);
		return -1;
	}
	if (!(*out = buf_take(&b)))
		return err_set(e, "out of memory");
	return 0;
}
