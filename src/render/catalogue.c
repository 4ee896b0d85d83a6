/* catalogue.c: see catalogue.h. The PO reader knows the part of the format the
 * catalogues use (comments, flags, msgctxt, msgid, msgid_plural, msgstr and msgstr[N],
 * continued strings, C escapes) and the header's Plural-Forms expression, a C
 * expression of n, which it evaluates itself. */
#include "render/catalogue.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/fsutil.h"

#define PLURALS_MAX 6           /* plural forms of a language (Arabic has six) */
#define ARGS_MAX 12             /* arguments of one format */
#define EXPR_DEPTH 32           /* parentheses within parentheses in Plural-Forms */

struct entry {
	char *ctx;              /* NULL: none */
	char *id, *plural;      /* plural NULL: not a plural entry */
	char *str[PLURALS_MAX];
	int nstr;
	size_t nctx, nid;
	size_t seq;             /* its place in the file */
	bool translated;        /* gettext would use it: not fuzzy, every msgstr there */
};

struct catalogue {
	struct entry *v;        /* by context (none first), then msgid */
	size_t n, ntranslated;
	int nplurals;
	char plural_expr[256];  /* "n != 1" */
	char marks[8];          /* X-Tempest-Space-Before */
	bool capitals;
	char group[8];
	int group_min;
};

/* One PO entry being read. */
struct po_entry {
	struct buf ctx, id, plural, str[PLURALS_MAX];
	struct buf *cur;        /* the string a continued "..." line adds to */
	int nstr;
	bool fuzzy, has_ctx, has_plural, any, done;
};

/* ---- Plural-Forms ------------------------------------------------------------------ */

struct expr {
	const char *s;
	unsigned long n;
	int depth;
	bool bad;
};

static unsigned long ternary(struct expr *x);

static void blanks(struct expr *x)
{
	while (*x->s == ' ' || *x->s == '\t')
		x->s++;
}

static bool take(struct expr *x, const char *op)
{
	size_t k = strlen(op);

	blanks(x);
	/* "<" is not the start of "<=", nor "!" of "!=" */
	if (strncmp(x->s, op, k) || (k == 1 && strchr("<>!=", *op) && x->s[1] == '='))
		return false;
	x->s += k;
	return true;
}

static unsigned long primary(struct expr *x)
{
	blanks(x);
	if (take(x, "!"))
		return !primary(x);
	if (take(x, "(")) {
		if (++x->depth > EXPR_DEPTH)
			return x->bad = true, 0;
		unsigned long v = ternary(x);
		x->depth--;
		x->bad |= !take(x, ")");
		return v;
	}
	if (*x->s == 'n') {
		x->s++;
		return x->n;
	}
	if (!isdigit((unsigned char)*x->s))
		return x->bad = true, 0;
	return strtoul(x->s, (char **)&x->s, 10);
}

/* The binary operators, loosest first: || && == != < > <= >= + - * / %. */
static unsigned long binary(struct expr *x, int level)
{
	static const char *const ops[][4] = {
		{ "||" }, { "&&" }, { "==", "!=" }, { "<=", ">=", "<", ">" }, { "+", "-" },
		{ "*", "/", "%" },
	};
	if (level == 6 || x->bad)
		return level == 6 ? primary(x) : 0;
	unsigned long v = binary(x, level + 1);
	for (bool more = true; more && !x->bad; ) {
		more = false;
		for (int i = 0; i < 4 && ops[level][i] && !more; i++) {
			if (!take(x, ops[level][i]))
				continue;
			unsigned long w = binary(x, level + 1);
			const char *op = ops[level][i];
			more = true;
			v = !strcmp(op, "||") ? v || w : !strcmp(op, "&&") ? v && w :
			    !strcmp(op, "==") ? v == w : !strcmp(op, "!=") ? v != w :
			    !strcmp(op, "<=") ? v <= w : !strcmp(op, ">=") ? v >= w :
			    !strcmp(op, "<") ? v < w : !strcmp(op, ">") ? v > w :
			    !strcmp(op, "+") ? v + w : !strcmp(op, "-") ? v - w :
			    !strcmp(op, "*") ? v * w : w == 0 ? 0 : !strcmp(op, "/") ? v / w : v % w;
		}
	}
	return v;
}

static unsigned long ternary(struct expr *x)
{
	unsigned long c = binary(x, 0);

	if (!take(x, "?"))
		return c;
	unsigned long a = ternary(x);
	x->bad |= !take(x, ":");
	unsigned long b = ternary(x);
	return c ? a : b;
}

/* The form of count n by expression s; -1 when s cannot be read. */
static long plural_of(const char *s, unsigned long n)
{
	struct expr x = { .s = s, .n = n };
	unsigned long v = ternary(&x);

	blanks(&x);
	return x.bad || (*x.s && *x.s != ';') ? -1 : (long)v;
}

int catalogue_plural(const struct catalogue *c, unsigned long n)
{
	long f = c ? plural_of(c->plural_expr, n) : n != 1;

	return f < 0 || f >= (c ? c->nplurals : 2) ? 0 : (int)f;
}

int catalogue_nplurals(const struct catalogue *c)
{
	return c ? c->nplurals : 2;
}

/* ---- The header ---------------------------------------------------------------------- */

/* The value of field `name` in the header text h, into out. */
static bool header_field(const char *h, const char *name, char *out, size_t len)
{
	size_t k = strlen(name);

	for (const char *l = h; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (strncasecmp(l, name, k) || l[k] != ':')
			continue;
		const char *v = l + k + 1;
		while (*v == ' ')
			v++;
		snprintf(out, len, "%.*s", (int)strcspn(v, "\n"), v);
		return true;
	}
	return false;
}

/* The character "U+202F" (or the text itself) in UTF-8. */
static void code_point(const char *s, char out[8])
{
	unsigned long u;

	if (strncmp(s, "U+", 2) || !(u = strtoul(s + 2, NULL, 16)) || u > 0xFFFF) {
		snprintf(out, 8, "%.*s", (int)strcspn(s, " "), s);
		return;
	}
	if (u < 0x80)
		snprintf(out, 8, "%c", (int)u);
	else if (u < 0x800)
		snprintf(out, 8, "%c%c", (int)(0xC0 | u >> 6), (int)(0x80 | (u & 0x3F)));
	else
		snprintf(out, 8, "%c%c%c", (int)(0xE0 | u >> 12), (int)(0x80 | (u >> 6 & 0x3F)),
			 (int)(0x80 | (u & 0x3F)));
}

static int read_header(struct catalogue *c, const char *h, const char *name, struct err *e)
{
	char v[256];

	/* xgettext's template says "nplurals=INTEGER": no language's forms yet */
	if (header_field(h, "Plural-Forms", v, sizeof v) && !strstr(v, "INTEGER")) {
		const char *np = strstr(v, "nplurals="), *pl = strstr(v, "plural=");
		while (pl && pl > v && pl[-1] != ' ' && pl[-1] != ';')
			pl = strstr(pl + 1, "plural=");
		c->nplurals = np ? atoi(np + 9) : 0;
		if (!np || !pl || c->nplurals < 1 || c->nplurals > PLURALS_MAX ||
		    plural_of(pl + 7, 1) < 0)
			return err_set(e, "%s: the header's Plural-Forms cannot be read: '%s'", name, v);
		snprintf(c->plural_expr, sizeof c->plural_expr, "%s", pl + 7);
	}
	if (header_field(h, "X-Tempest-Space-Before", v, sizeof v))
		for (size_t i = 0, k = 0; v[i] && k + 1 < sizeof c->marks; i++)
			if (strchr(":;?!", v[i]))
				c->marks[k++] = v[i];
	if (header_field(h, "X-Tempest-Capitals", v, sizeof v))
		c->capitals = !strcasecmp(v, "yes");
	if (header_field(h, "X-Tempest-Digits", v, sizeof v)) {
		code_point(v, c->group);
		const char *min = strchr(v, ' ');
		c->group_min = min ? atoi(min + 1) : 5;
	}
	return 0;
}

/* ---- Formats --------------------------------------------------------------------------- */

/* The length of the conversion at f ("%s", "%-10s", "%zu", "%2$s"), 0 if f holds none
 * ("%%" is a literal). */
static size_t conversion_len(const char *f)
{
	size_t i = 1;

	if (f[0] != '%' || f[1] == '%' || !f[1])
		return 0;
	while (isdigit((unsigned char)f[i]) || (f[i] && strchr("$-+ #0.*'", f[i])))
		i++;
	while (f[i] && strchr("hlLqjzt", f[i]))
		i++;
	return f[i] && strchr("sdiucxXofgeEp", f[i]) ? i + 1 : 0;
}

/* The arguments a format takes: each one's type ("s", "d", "zu"), placed by its "%N$"
 * if it has one; *n the most. False when a place is out of range. */
static bool signature(const char *f, char sig[ARGS_MAX][8], int *n)
{
	int next = 0;

	memset(sig, 0, ARGS_MAX * 8);
	*n = 0;
	for (; *f; f++) {
		size_t k = conversion_len(f);
		if (f[0] == '%' && f[1] == '%') {
			f++;
			continue;
		}
		if (!k)
			continue;
		int i = next++;
		const char *type = f + 1, *dollar = memchr(f, '$', k);
		if (dollar)
			i = atoi(f + 1) - 1, type = dollar + 1;
		while (*type && strchr("-+ #0123456789.*'", *type))
			type++;                         /* flags and width: not the argument's */
		if (i < 0 || i >= ARGS_MAX)
			return false;
		snprintf(sig[i], 8, "%.*s", (int)(f + k - type), *type == 'i' ? "d" : type);
		if (i + 1 > *n)
			*n = i + 1;
		f += k - 1;
	}
	return true;
}

/* Does str take the arguments of id (each of the same type; all of them, unless a
 * plural form may leave some out)? */
static bool same_arguments(const char *id, const char *str, bool subset)
{
	char a[ARGS_MAX][8], b[ARGS_MAX][8];
	int na, nb;

	if (!signature(id, a, &na) || !signature(str, b, &nb) || nb > na)
		return false;
	for (int i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) && (b[i][0] || !subset))
			return false;
	return true;
}

/* ---- Reading PO -------------------------------------------------------------------- */

/* Appends the C string literal at s ("...") to out; the end of the line past it, or NULL
 * when it is not one. */
static const char *po_string(const char *s, struct buf *out)
{
	static const char esc_in[] = "ntr\"\\'?", esc_out[] = "\n\t\r\"\\'?";

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s++ != '"')
		return NULL;
	for (; *s && *s != '"'; s++) {
		char c = *s;
		if (c == '\\') {
			const char *k = s[1] ? strchr(esc_in, s[1]) : NULL;
			if (!k)
				return NULL;
			c = esc_out[k - esc_in];
			s++;
		}
		buf_add(out, &c, 1);
	}
	return *s == '"' ? s + 1 : NULL;
}

static void po_entry_free(struct po_entry *pe)
{
	buf_free(&pe->ctx), buf_free(&pe->id), buf_free(&pe->plural);
	for (int i = 0; i < PLURALS_MAX; i++)
		buf_free(&pe->str[i]);
	*pe = (struct po_entry){ 0 };
}

static char *dup_or_empty(const struct buf *b)
{
	return strdup(b->s ? b->s : "");
}

/* Checks a translated entry's msgstrs against its msgid; 0, or -1 with e set. */
static int entry_check(const struct catalogue *c, const struct entry *en, const char *name,
		       struct err *e)
{
	if (en->plural && en->nstr != c->nplurals)
		return err_set(e, "%s: \"%.60s\" has %d plural forms, not the %d of the header",
			       name, en->id, en->nstr, c->nplurals);
	for (int i = 0; i < en->nstr; i++)
		if (!same_arguments(en->plural ? en->plural : en->id, en->str[i], en->plural != NULL))
			return err_set(e, "%s: the msgstr%s of \"%.60s\" does not take the msgid's "
				       "arguments in their order (reorder them with %%N$)", name,
				       en->plural ? "[]" : "", en->id);
	return 0;
}

/* The entry read stored; 0, or -1 with e set. */
static int add_entry(struct catalogue *c, struct po_entry *pe, const char *name, struct err *e)
{
	int rc = 0;

	if (!pe->any)
		return 0;
	if (!pe->has_ctx && !pe->id.n) {        /* the header */
		rc = read_header(c, pe->str[0].s ? pe->str[0].s : "", name, e);
		po_entry_free(pe);
		return rc;
	}
	struct entry *v = realloc(c->v, (c->n + 1) * sizeof *v), *en;
	if (!v) {
		po_entry_free(pe);
		return err_set(e, "out of memory reading %s", name);
	}
	c->v = v;
	en = &v[c->n];
	*en = (struct entry){ .ctx = pe->has_ctx ? dup_or_empty(&pe->ctx) : NULL,
			      .id = dup_or_empty(&pe->id), .nstr = pe->nstr ? pe->nstr : 1,
			      .plural = pe->has_plural ? dup_or_empty(&pe->plural) : NULL };
	en->translated = !pe->fuzzy;
	en->seq = c->n;
	for (int i = 0; i < en->nstr; i++) {
		en->str[i] = dup_or_empty(&pe->str[i]);
		en->translated &= en->str[i] && en->str[i][0];
	}
	c->n++;
	en->nctx = en->ctx ? strlen(en->ctx) : 0;
	en->nid = en->id ? strlen(en->id) : 0;
	if (en->translated)
		rc = entry_check(c, en, name, e);
	po_entry_free(pe);
	return rc;
}

/* A "msgstr" or "msgstr[N]" line. */
static int po_msgstr(struct po_entry *pe, const char *s)
{
	int i = 0;

	if (*s == '[') {
		i = atoi(s + 1);
		if (i < 0 || i >= PLURALS_MAX || !strchr(s, ']'))
			return 1;
		s = strchr(s, ']') + 1;
	}
	if (!pe->done)
		for (int k = 0; k < PLURALS_MAX; k++)
			buf_free(&pe->str[k]);
	if (i + 1 > pe->nstr)
		pe->nstr = i + 1;
	pe->cur = &pe->str[i], pe->done = true;
	return po_string(s, pe->cur) ? 0 : 1;
}

/* One line of a PO file into the entry being read (the previous one stored first when
 * this one starts). 0, 1 for a line it does not know, -1 with e set. */
static int po_line(struct catalogue *c, struct po_entry *pe, const char *l, const char *name,
		   struct err *e)
{
	bool starts = l[0] == '#' || !strncmp(l, "msgctxt ", 8) || !strncmp(l, "msgid ", 6);

	if (starts && pe->done && add_entry(c, pe, name, e) < 0)
		return -1;
	if (!strncmp(l, "#,", 2)) {
		pe->fuzzy |= strstr(l, "fuzzy") != NULL;
		return 0;
	}
	if (l[0] == '#' || !l[strspn(l, " \t\r")])
		return 0;
	pe->any = true;
	if (!strncmp(l, "msgctxt ", 8)) {
		pe->has_ctx = true, pe->cur = &pe->ctx;
		return po_string(l + 8, &pe->ctx) ? 0 : 1;
	}
	if (!strncmp(l, "msgid ", 6)) {
		pe->cur = &pe->id;
		return po_string(l + 6, &pe->id) ? 0 : 1;
	}
	if (!strncmp(l, "msgid_plural ", 13)) {
		pe->has_plural = true, pe->cur = &pe->plural;
		return po_string(l + 13, &pe->plural) ? 0 : 1;
	}
	if (!strncmp(l, "msgstr", 6))
		return po_msgstr(pe, l + 6);
	if (l[0] == '"' && pe->cur)
		return po_string(l, pe->cur) ? 0 : 1;
	return 1;
}

/* Every msgstr set as the header says, once, when read. */
static int typeset_all(struct catalogue *c)
{
	for (size_t i = 0; i < c->n; i++)
		for (int k = 0; c->v[i].translated && k < c->v[i].nstr; k++) {
			char *t = catalogue_typeset(c, c->v[i].str[k]);
			if (!t)
				return -1;
			free(c->v[i].str[k]);
			c->v[i].str[k] = t;
		}
	return 0;
}

/* Orders entries by context (none first), then msgid. */
static int by_key(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (!x->ctx != !y->ctx)
		return x->ctx ? 1 : -1;
	int r = x->ctx ? strcmp(x->ctx, y->ctx) : 0;
	return r ? r : strcmp(x->id, y->id);
}

int catalogue_parse(const char *po, const char *name, struct catalogue **out, struct err *e)
{
	struct catalogue *c = calloc(1, sizeof *c);
	struct po_entry pe = { 0 };
	int lineno = 0, rc = 0;

	*out = NULL;
	if (!c)
		return err_set(e, "out of memory reading %s", name);
	c->nplurals = 2;
	snprintf(c->plural_expr, sizeof c->plural_expr, "n != 1");     /* gettext's default */
	for (const char *l = po; l && *l && rc == 0; ) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		char *line = strndup(l, n);
		lineno++;
		rc = line ? po_line(c, &pe, line, name, e) : err_set(e, "out of memory reading %s", name);
		free(line);
		l = nl ? nl + 1 : NULL;
	}
	if (rc == 0)
		rc = add_entry(c, &pe, name, e);
	if (rc > 0)
		err_set(e, "%s: line %d: not a PO line", name, lineno);
	po_entry_free(&pe);
	if (rc != 0) {
		catalogue_free(c);
		return -1;
	}
	if (c->n)
		qsort(c->v, c->n, sizeof *c->v, by_key);
	for (size_t i = 0; i < c->n; i++)
		c->ntranslated += c->v[i].translated;
	if (c->marks[0] && typeset_all(c) < 0) {
		catalogue_free(c);
		return err_set(e, "out of memory reading %s", name);
	}
	*out = c;
	return 0;
}

int catalogue_load(const char *path, struct catalogue **out, struct err *e)
{
	char *text;

	*out = NULL;
	if (fs_read(path, 4 << 20, &text, NULL, e) < 0)
		return -1;
	int rc = catalogue_parse(text, path, out, e);
	free(text);
	return rc;
}

void catalogue_free(struct catalogue *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].ctx), free(c->v[i].id), free(c->v[i].plural);
		for (int k = 0; k < c->v[i].nstr; k++)
			free(c->v[i].str[k]);
	}
	free(c->v);
	free(c);
}

size_t catalogue_size(const struct catalogue *c)
{
	return c ? c->ntranslated : 0;
}

/* ---- Lookups ----------------------------------------------------------------------------- */

static int slice_cmp(const char *a, size_t na, const char *b, size_t nb)
{
	int r = memcmp(a, b, na < nb ? na : nb);

	return r ? r : na < nb ? -1 : na > nb;
}

/* The entry of (ctx, id), or NULL. */
static const struct entry *find(const struct catalogue *c, const char *ctx, size_t nctx,
				const char *id, size_t nid)
{
	size_t lo = 0, hi = c ? c->n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct entry *en = &c->v[mid];
		int r = !ctx != !en->ctx ? (ctx ? 1 : -1) :
			ctx ? slice_cmp(ctx, nctx, en->ctx, en->nctx) : 0;
		if (!r)
			r = slice_cmp(id, nid, en->id, en->nid);
		if (!r)
			return en;
		if (r < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const char *catalogue_lookup(const struct catalogue *c, const char *ctx, size_t nctx,
			     const char *id, size_t nid, bool plural, unsigned long n)
{
	const struct entry *en = find(c, ctx, nctx, id, nid);

	if (!en || !en->translated)
		return NULL;
	int form = plural && en->plural ? catalogue_plural(c, n) : 0;
	return en->str[form < en->nstr ? form : 0];
}

const char *catalogue_get(const struct catalogue *c, const char *ctx, const char *id)
{
	return catalogue_lookup(c, ctx, ctx ? strlen(ctx) : 0, id, strlen(id), false, 1);
}

static const char *lang_lookup(const void *arg, const char *ctx, size_t nctx, const char *id,
			       size_t nid, bool plural, unsigned long n)
{
	return catalogue_lookup(arg, ctx, nctx, id, nid, plural, n);
}

void catalogue_lang(const struct catalogue *c, struct phrase_lang *l)
{
	*l = (struct phrase_lang){ .lookup = lang_lookup, .arg = c, .capitals = c->capitals,
				   .group_min = c->group_min };
	snprintf(l->group, sizeof l->group, "%s", c->group);
}

/* Has the format a letter outside its conversions? One of no words ("(%s)", "%-10s") is
 * the same in every language: never missing (a catalogue may still give it its
 * typography, "%s :"). */
static bool words_in(const char *f)
{
	for (; *f; f++) {
		size_t k = conversion_len(f);
		if (k) {
			f += k - 1;
			continue;
		}
		if ((*f | 0x20) >= 'a' && (*f | 0x20) <= 'z')
			return true;
	}
	return false;
}

size_t catalogue_missing(const struct catalogue *c, const struct catalogue *pot,
			 void (*each)(void *arg, const char *ctx, const char *id), void *arg)
{
	size_t n = 0;

	for (size_t i = 0; pot && i < pot->n; i++) {
		const struct entry *p = &pot->v[i];
		const struct entry *en = find(c, p->ctx, p->nctx, p->id, p->nid);
		if ((en && en->translated) || (!p->ctx && !words_in(p->id)))
			continue;
		n++;
		if (each)
			each(arg, p->ctx, p->id);
	}
	return n;
}

bool catalogue_entry(const struct catalogue *c, size_t i, const char **ctx, const char **id,
		     const char **plural)
{
	if (!c || i >= c->n)
		return false;
	*ctx = c->v[i].ctx, *id = c->v[i].id, *plural = c->v[i].plural;
	return true;
}

int catalogue_each(const struct catalogue *c,
		   int (*each)(void *arg, const char *ctx, const char *id, const char *str),
		   void *arg)
{
	const struct entry **by_seq = c->n ? calloc(c->n, sizeof *by_seq) : NULL;
	int rc = 0;

	if (c->n && !by_seq)
		return -1;
	for (size_t i = 0; i < c->n; i++)
		by_seq[c->v[i].seq] = &c->v[i];
	for (size_t i = 0; rc == 0 && i < c->n; i++) {
		const struct entry *en = by_seq[i];
		if (!en->plural)
			rc = each(arg, en->ctx, en->id, en->translated ? en->str[0] : NULL);
	}
	free(by_seq);
	return rc;
}

/* ---- Typography -------------------------------------------------------------------- */

/* May a mark be set off at s (the byte after it decides: the end of a word, not "18:00"
 * nor "http://")? */
static bool mark_ends(const char *s, const char *marks)
{
	return !*s || strchr(" \n\t\"')]", *s) || strchr(marks, *s) ||
	       !strncmp(s, "\xC2\xBB", 2);     /* » */
}

char *catalogue_typeset(const struct catalogue *c, const char *text)
{
	static const char nbsp[] = "\xC2\xA0";
	struct buf b = { 0 };
	bool indented = !strncmp(text, "  ", 2);

	for (const char *s = text; *s; s++) {
		if (s > text && s[-1] == '\n')
			indented = !strncmp(s, "  ", 2);
		if (!c || !c->marks[0] || indented || !strchr(c->marks, *s) || !mark_ends(s + 1, c->marks) ||
		    s == text || strchr(c->marks, s[-1]) || s[-1] == '\n' ||
		    (s - text >= 2 && !strncmp(s - 2, nbsp, 2))) {
			buf_add(&b, s, 1);
			continue;
		}
		if (s[-1] == ' ')       /* the blank before it no longer breaks */
			b.n--;
		buf_str(&b, nbsp);
		buf_add(&b, s, 1);
	}
	if (!b.s && !b.failed)
		return strdup("");
	return buf_take(&b);
}
