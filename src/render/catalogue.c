/* catalogue.c: see catalogue.h. The PO reader knows the part of the format the
 * catalogues use (comments, flags, msgctxt, msgid, msgid_plural, msgstr, continued
 * strings, C escapes); the translation reads English text back through the formats. */
#include "render/catalogue.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/fsutil.h"

#define CAPS_MAX 9              /* arguments of one format */
/* The steps one reading of a text by one format may take: "%s plays %s%s%s%s%s." could
 * otherwise try every split of a long sentence (a player's words are in some). */
#define MATCH_STEPS 20000
#define TRANSLATE_STEPS 1000000 /* and all the readings of one text: past them, English */
/* How deep an argument's own phrases are read ("(%s)" in "(((...)))"): each level is a
 * call, so a quoted line of brackets would otherwise overflow the stack. */
#define ARG_DEPTH_MAX 8

struct entry {
	char *id, *str;
	size_t lead, tail;      /* the literal text before the first and after the last
				 * conversion of id (all of it when it has none) */
	size_t literal;         /* its literal characters: the more, the more specific */
	size_t len;             /* strlen(id) */
	bool conversions;
};

struct catalogue {
	struct entry *v;        /* by id, for lookups */
	size_t n;
	size_t *specific;       /* indexes into v, the most literal text first */
	size_t run_max;         /* the most sentences a msgid spans: no longer run is tried */
};

static const char *sentence_end(const char *t);
static char *translate(const struct catalogue *c, const char *text, long *budget, int depth);

/* One PO entry being read. */
struct po_entry {
	struct buf id, str;
	struct buf *cur;        /* the string a continued "..." line adds to */
	bool fuzzy, plural, context, any, done;
};

/* The length of the conversion at f ("%s", "%-10s", "%zu", "%.*s", "%2$s"), 0 if f
 * holds none ("%%" is a literal). */
static size_t conversion_len(const char *f)
{
	size_t i = 1;

	if (f[0] != '%' || f[1] == '%' || !f[1])
		return 0;
	while (isdigit((unsigned char)f[i]) || strchr("$-+ #0.*", f[i]))
		i++;
	while (f[i] && strchr("hlLqjzt", f[i]))
		i++;
	return f[i] && strchr("sdiucxXfg", f[i]) ? i + 1 : 0;
}

static void entry_measure(struct entry *en)
{
	const char *f = en->id, *first = NULL, *after = f;

	for (const char *p = f; *p; p++) {
		size_t k = conversion_len(p);
		if (p[0] == '%' && p[1] == '%') {
			p++;
			continue;
		}
		if (!k)
			continue;
		if (!first)
			first = p;
		after = p + k;
		p += k - 1;
		en->conversions = true;
	}
	size_t len = en->len = strlen(f);
	en->lead = first ? (size_t)(first - f) : len;
	en->tail = first ? len - (size_t)(after - f) : len;
	en->literal = 0;
	for (const char *p = f; *p; p++) {
		size_t k = conversion_len(p);
		if (k)
			p += k - 1;
		else
			en->literal++;
	}
}

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

/* The conversions of a format, "%%" aside. */
static int conversions(const char *f)
{
	int n = 0;

	for (; *f; f++) {
		size_t k = conversion_len(f);
		if (f[0] == '%' && f[1] == '%')
			f++;
		else if (k)
			n++, f += k - 1;
	}
	return n;
}

/* The arguments a format takes, in their order: each conversion's length and type
 * ("s", "d", "ld", ".*s"), placed by its "%N$" if it has one. False when there are more
 * than CAPS_MAX. */
static bool signature(const char *f, char sig[CAPS_MAX][8])
{
	int next = 0;

	memset(sig, 0, CAPS_MAX * 8);
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
		while (strchr("-+ #0123456789", *type))
			type++;                         /* flags and width: not the argument's */
		if (i < 0 || i >= CAPS_MAX)
			return false;
		snprintf(sig[i], 8, "%.*s", (int)(f + k - type), type);
		f += k - 1;
	}
	return true;
}

/* Does the msgstr take the msgid's arguments (the same number and types, reordered
 * only with "%N$")? */
static bool same_arguments(const char *id, const char *str)
{
	char a[CAPS_MAX][8], b[CAPS_MAX][8];

	return conversions(id) == conversions(str) && signature(id, a) && signature(str, b) &&
	       !memcmp(a, b, sizeof a);
}

/* The entry read stored (when gettext would use it); 0, -1 out of memory, 2 when its
 * msgstr has not the msgid's arguments (pe->id then names it). */
static int add_entry(struct catalogue *c, struct po_entry *pe)
{
	bool keep = pe->any && !pe->fuzzy && !pe->plural && !pe->context && pe->id.n && pe->str.n;

	if (keep && !same_arguments(pe->id.s, pe->str.s))
		return 2;
	if (keep) {
		struct entry *v = realloc(c->v, (c->n + 1) * sizeof *v);
		if (!v)
			return -1;
		c->v = v;
		v[c->n] = (struct entry){ .id = strdup(pe->id.s), .str = strdup(pe->str.s) };
		if (!v[c->n].id || !v[c->n].str) {
			free(v[c->n].id), free(v[c->n].str);
			return -1;
		}
		entry_measure(&v[c->n++]);
	}
	buf_free(&pe->id), buf_free(&pe->str);
	*pe = (struct po_entry){ 0 };
	return 0;
}

/* One line of a PO file into the entry being read (the previous one stored first when
 * this one starts: a comment, msgctxt or msgid after a msgstr). 0, 1 for a line it does
 * not know, -1 out of memory. */
static int po_line(struct catalogue *c, struct po_entry *pe, const char *l)
{
	bool starts = l[0] == '#' || !strncmp(l, "msgctxt ", 8) || !strncmp(l, "msgid ", 6);

	int rc;

	if (starts && pe->done && (rc = add_entry(c, pe)) != 0)
		return rc;
	if (!strncmp(l, "#,", 2)) {
		pe->fuzzy |= strstr(l, "fuzzy") != NULL;
		return 0;
	}
	if (l[0] == '#' || !l[strspn(l, " \t\r")])
		return 0;
	pe->any = true;
	if (!strncmp(l, "msgctxt ", 8)) {
		pe->context = true, pe->cur = &pe->str;   /* read, then dropped */
		return po_string(l + 8, &pe->str) ? 0 : 1;
	}
	if (!strncmp(l, "msgid ", 6)) {
		buf_free(&pe->str);
		pe->cur = &pe->id;
		return po_string(l + 6, &pe->id) ? 0 : 1;
	}
	if (!strncmp(l, "msgid_plural ", 13)) {
		pe->plural = true, pe->cur = &pe->str;
		return po_string(l + 13, &pe->str) ? 0 : 1;
	}
	if (!strncmp(l, "msgstr", 6)) {
		const char *s = l + 6;
		if (*s == '[')
			pe->plural = true, s = strchr(s, ']') ? strchr(s, ']') + 1 : s;
		if (!pe->done)
			buf_free(&pe->str);
		pe->cur = &pe->str, pe->done = true;
		return po_string(s, &pe->str) ? 0 : 1;
	}
	if (l[0] == '"' && pe->cur)
		return po_string(l, pe->cur) ? 0 : 1;
	return 1;
}

static int by_id(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->id, ((const struct entry *)b)->id);
}

static const struct catalogue *sort_cat;

static int by_literal(const void *a, const void *b)
{
	size_t x = sort_cat->v[*(const size_t *)a].literal, y = sort_cat->v[*(const size_t *)b].literal;

	return x > y ? -1 : x < y;
}

/* The catalogue's two orders: by id for lookups, by specificity for translations. */
static int catalogue_index(struct catalogue *c)
{
	if (c->n)
		qsort(c->v, c->n, sizeof *c->v, by_id);
	if (!(c->specific = malloc((c->n + 1) * sizeof *c->specific)))
		return -1;
	for (size_t i = 0; i < c->n; i++)
		c->specific[i] = i;
	sort_cat = c;
	if (c->n)
		qsort(c->specific, c->n, sizeof *c->specific, by_literal);
	c->run_max = 1;
	for (size_t i = 0; i < c->n; i++) {
		size_t runs = 1;
		for (const char *s = sentence_end(c->v[i].id); *s; s = sentence_end(s + 1))
			runs++;
		if (runs > c->run_max)
			c->run_max = runs;
	}
	return 0;
}

int catalogue_parse(const char *po, const char *name, struct catalogue **out, struct err *e)
{
	struct catalogue *c = calloc(1, sizeof *c);
	struct po_entry pe = { 0 };
	int lineno = 0, rc = 0;

	*out = NULL;
	for (const char *l = po; c && l && *l && rc == 0; ) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		char *line = strndup(l, n);
		lineno++;
		rc = line ? po_line(c, &pe, line) : -1;
		free(line);
		l = nl ? nl + 1 : NULL;
	}
	if (c && rc == 0 && (rc = add_entry(c, &pe)) == 0 && catalogue_index(c) < 0)
		rc = -1;
	if (rc == 2)
		err_set(e, "%s: the msgstr of \"%.60s\" has not the msgid's %d arguments in their "
			"order (reorder them with %%N$)", name, pe.id.s, conversions(pe.id.s));
	else if (rc > 0)
		err_set(e, "%s: line %d: not a PO line", name, lineno);
	else if (rc < 0 || !c)
		err_set(e, "out of memory reading %s", name);
	buf_free(&pe.id), buf_free(&pe.str);
	if (!c || rc != 0) {
		catalogue_free(c);
		return -1;
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
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].id), free(c->v[i].str);
	free(c->v);
	free(c->specific);
	free(c);
}

size_t catalogue_size(const struct catalogue *c)
{
	return c ? c->n : 0;
}

const char *catalogue_msgstr(const struct catalogue *c, size_t i)
{
	return c && i < c->n ? c->v[i].str : NULL;
}

const char *catalogue_lookup(const struct catalogue *c, const char *msgid)
{
	struct entry key = { .id = (char *)msgid };
	const struct entry *en = c && c->n ? bsearch(&key, c->v, c->n, sizeof *c->v, by_id) : NULL;

	return en ? en->str : NULL;
}

struct capture {
	const char *at[CAPS_MAX];
	size_t len[CAPS_MAX];
	int n;
	long steps;             /* left of MATCH_STEPS */
};

static bool match(const char *f, const char *t, const char *end, struct capture *cp);

/* A %s at t (its slot taken) followed by the format f: the shortest argument that lets
 * the rest match. Never one that holds the end of a sentence or a line, which is another
 * phrase's, nor half a bracket ("1), card 29 (your number 2"): a list reads item by item. */
static bool match_string(const char *f, const char *t, const char *end, struct capture *cp,
			 int slot)
{
	int depth = 0;

	for (const char *s = t; s <= end; s++) {
		if ((s > t && s[-1] == '\n') || (s > t + 1 && s[-1] == ' ' && strchr(".!?;", s[-2])))
			return false;
		if (s > t && (depth += (s[-1] == '(') - (s[-1] == ')')) < 0)
			return false;
		if (depth)
			continue;
		cp->len[slot] = (size_t)(s - t);
		int saved = cp->n;
		if (match(f, s, end, cp))
			return true;
		cp->n = saved;
	}
	return false;
}

/* The end of a number (or of one character, conv 'c') a conversion wrote at t; t when
 * there is none. */
static const char *number_end(char conv, const char *t, const char *end)
{
	const char *s = t;

	if (conv == 'c')
		return s + (s < end);
	s += s < end && *s == '-';
	while (s < end && (isdigit((unsigned char)*s) ||
			   (strchr("xXfg", conv) && (isxdigit((unsigned char)*s) || *s == '.'))))
		s++;
	return s;
}

/* Does the format f produce exactly the text [t, end)? Its arguments into cp. */
static bool match(const char *f, const char *t, const char *end, struct capture *cp)
{
	if (--cp->steps < 0)
		return false;
	for (; *f; f++) {
		size_t k = conversion_len(f);
		if (!k) {
			if (f[0] == '%' && f[1] == '%')
				f++;
			if (t == end || *t != *f)
				return false;
			t++;
			continue;
		}
		int slot = cp->n++;
		if (slot >= CAPS_MAX)
			return false;
		cp->at[slot] = t;
		if (f[k - 1] == 's')
			return match_string(f + k, t, end, cp, slot);
		const char *s = number_end(f[k - 1], t, end);
		if (s == t)
			return false;
		cp->len[slot] = (size_t)(s - t);
		t = s;
		f += k - 1;
	}
	return t == end;
}

/* An argument in the reader's language: itself an entry ("White"), or, unless the format
 * quotes it (a player's words: "'%s' is not a square"), phrases of its own ("e4; a
 * message for your opponent"). */
static void put_arg(const struct catalogue *c, const char *a, size_t n, bool quoted,
		    struct buf *out, long *budget, int depth)
{
	char *copy = strndup(a, n), *deeper = NULL;
	const char *tr = copy ? catalogue_lookup(c, copy) : NULL;

	if (tr && !strchr(copy, '%'))
		buf_str(out, tr);
	else if (copy && !quoted && depth < ARG_DEPTH_MAX && strchr(copy, ' ') &&
		 (deeper = translate(c, copy, budget, depth + 1)))
		buf_str(out, deeper);
	else
		buf_add(out, a, n);
	free(deeper);
	free(copy);
}

/* The msgstr s written with the arguments read (in their order, or "%2$s"). */
static void fill(const struct catalogue *c, const char *s, const struct capture *cp,
		 struct buf *out, long *budget, int depth)
{
	const char *start = s;
	int next = 0;

	for (; *s; s++) {
		size_t k = conversion_len(s);
		if (!k) {
			buf_add(out, s, 1);
			s += s[0] == '%' && s[1] == '%';
			continue;
		}
		int i = next++;
		if (isdigit((unsigned char)s[1]) && strchr(s, '$') && strchr(s, '$') < s + k)
			i = atoi(s + 1) - 1;
		if (i >= 0 && i < cp->n)
			put_arg(c, cp->at[i], cp->len[i], s > start && strchr("'\"", s[-1]), out,
				budget, depth);
		s += k - 1;
	}
}

/* The entry whose format produces [t, end), the most specific first; its arguments in cp.
 * The steps taken come off *budget. */
static const struct entry *reading(const struct catalogue *c, const char *t, const char *end,
				   struct capture *cp, long *budget)
{
	size_t n = (size_t)(end - t);

	for (size_t i = 0; i < c->n; i++) {
		const struct entry *en = &c->v[c->specific[i]];
		if (!en->literal || en->lead > n || en->tail > n || (en->lead && en->id[0] != *t) ||
		    strncmp(en->id, t, en->lead) ||
		    strncmp(en->id + en->len - en->tail, end - en->tail, en->tail))
			continue;
		long give = *budget < MATCH_STEPS ? *budget : MATCH_STEPS;
		if (give <= 0)
			return NULL;
		*cp = (struct capture){ .steps = give };
		bool read = match(en->id, t, end, cp);
		*budget -= give - (cp->steps > 0 ? cp->steps : 0);
		if (read)
			return en;
	}
	return NULL;
}

/* Where a sentence may end after t: after ". ", "! ", "? ", ": ", "; ", ", " (an item of
 * a list: "card 54 (your number 1), card 29 (your number 2)"), at a new line, or before
 * " (" (an aside: "e4 (and 1 line passed over as prose)"). A run of several is read as
 * one when a format spans them. */
static const char *sentence_end(const char *t)
{
	for (const char *s = t; *s; s++)
		if ((*s == ' ' || *s == '\n') && s > t &&
		    (strchr(".!?:;,", s[-1]) || *s == '\n' || (*s == ' ' && s[1] == '(')))
			return s;
	return t + strlen(t);
}

/* The longest run of sentences from t that an entry produces, translated into out;
 * false (nothing written) when none does. */
static bool translate_run(const struct catalogue *c, const char *t, const char **next,
			  struct buf *out, long *budget, int depth)
{
	const char *ends[64];
	size_t n = 0, most = c->run_max + 1 < 64 ? c->run_max + 1 : 64;
	struct capture cp;

	for (const char *s = t; n < most; s++) {
		s = sentence_end(s);
		ends[n++] = s;
		if (!*s)
			break;
	}
	while (n--) {
		/* a run that ends on ": ", "; " or ", " is read without that mark, then given
		 * it (unless a format holds it: "Piles committed:") */
		const char *end = ends[n];
		bool mark = end - t > 1 && strchr(":;,", end[-1]);
		const struct entry *en = mark ? reading(c, t, end - 1, &cp, budget) : NULL;
		bool marked = en != NULL;
		if (!en)
			en = reading(c, t, end, &cp, budget);
		if (en) {
			fill(c, en->str, &cp, out, budget, depth);
			if (marked)
				buf_add(out, end - 1, 1);
			*next = end;
			return true;
		}
	}
	return false;
}

char *catalogue_translate(const struct catalogue *c, const char *text)
{
	long budget = TRANSLATE_STEPS;

	return c && c->n ? translate(c, text, &budget, 0) : strdup(text);
}

/* catalogue_translate() at an argument's depth, its steps off the whole text's budget. */
static char *translate(const struct catalogue *c, const char *text, long *budget, int depth)
{
	struct buf out = { 0 };

	for (const char *t = text; *t; ) {
		const char *next;
		if ((t == text || t[-1] == '\n') && !strncmp(t, "  ", 2)) {
			/* an indented line quotes someone (a relayed message): as written */
			next = t + strcspn(t, "\n");
			buf_add(&out, t, (size_t)(next - t));
		} else if ((t == text || t[-1] == '\n') && !strncmp(t, "- ", 2)) {
			buf_add(&out, t, 2);    /* an item of a list: its phrase after the dash */
			t += 2;
			continue;
		} else if (!translate_run(c, t, &next, &out, budget, depth)) {
			next = sentence_end(t);
			buf_add(&out, t, (size_t)(next - t));
		}
		for (t = next; *t == ' ' || *t == '\n'; t++) {
			buf_add(&out, t, 1);
			if (*t == '\n' && !strncmp(t + 1, "  ", 2)) {
				t++;            /* the quotation's line: the loop sees it */
				break;
			}
		}
	}
	return buf_take(&out);
}
