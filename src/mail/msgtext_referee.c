/* msgtext_referee.c: the referee's own text, recognised when a client pastes it back
 * without '>' (Yahoo, Outlook) or a player copies a few lines of it.
 *
 * The recogniser is built once a run from the texts the referee sends (its templates,
 * the help lines made from the kinds' orders): each line becomes a skeleton, its
 * variables and sections wildcards. A mail line matches a skeleton when it is the same
 * text, blanks collapsed and ASCII case ignored, the wildcards standing for any text.
 * Skeletons are indexed by their first two bytes, so a mail line is compared with the
 * few that can match; a line is never compared with more than a few dozen. No mail the
 * referee sent is read: what it sends is its templates filled in, and the templates need
 * no I/O (docs/orders.md "Reading rules"). */
#include "mail/msgtext_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WILD '\x01'
#define MATCH_MAX 8             /* the matches of a line kept for pairing */
#define PAIR_WINDOW 40          /* lines apart in a template, for two lines to pair */
#define LINE_MAX 4096           /* a longer mail line is nobody's template line */

struct ref_line {
	char *skel;             /* normalised, WILD for a variable or a section */
	size_t len;
	uint16_t key;           /* its first two bytes, or 0 if a wildcard comes first */
	int source, index;      /* its text, its rank among that text's lines */
	int words;              /* words outside the wildcards (blank-separated) */
	bool listed;            /* indented in a list of such lines, as the help's orders */
	bool lone;              /* one word and no wildcard: "accept", "resign" */
	bool part;              /* the left column of a listed line ("  status") */
	bool opening;           /* in the first paragraph of a template's body */
};

struct msgtext_referee {
	struct ref_line *line;
	size_t n, cap;
	size_t *by_key;         /* indexes of line[], sorted by key (0 first: the loose) */
	size_t nloose;
	struct msgtext_diagram diagram; /* the board's lines: their shape, as drawn */
	bool has_diagram;
};

/* ---- Skeletons --------------------------------------------------------------------- */

static bool is_word_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (unsigned char)c >= 0x80;
}

/* Appends c to the normalised text out[*o] (cap bytes): blanks collapse into one space,
 * none at the start, ASCII letters lower-cased. */
static void norm_put(char *out, size_t *o, size_t cap, char c)
{
	if (c == '\t' || c == '\r')
		c = ' ';
	/* a wildcard takes the blanks beside it: "Game {{game}}" matches "Game 17" and
	 * "{{note}} played" matches " played" */
	if (c == ' ' && (!*o || out[*o - 1] == ' ' || out[*o - 1] == WILD))
		return;
	if (c == WILD && *o && out[*o - 1] == ' ')
		(*o)--;
	/* French sets a (no-break) blank before these marks, English none: "courriel :" and
	 * "courriel:" are one line, as its template and as a client pasted it */
	if (c && strchr(":;?!", c) && *o && out[*o - 1] == ' ')
		(*o)--;
	if (c == WILD && *o && out[*o - 1] == WILD)
		return;
	if (*o + 1 < cap)
		out[(*o)++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static size_t norm_end(char *out, size_t o)
{
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = 0;
	return o;
}

/* The kind of the tag at s ("{{...}}"): 'v' variable, '#' open, '/' close, 'e' else,
 * '!' comment; its length in *len; 0 if s holds no complete tag. */
static char tag_at(const char *s, size_t n, size_t *len)
{
	const char *end;

	if (n < 4 || s[0] != '{' || s[1] != '{' || !(end = memmem(s, n, "}}", 2)))
		return 0;
	*len = (size_t)(end - s) + 2;
	if (s[2] == '#' || s[2] == '/' || s[2] == '!')
		return s[2];
	return *len == 8 && !memcmp(s, "{{else}}", 8) ? 'e' : 'v';
}

/* Where the section opened by the tag at s[i] closes on this line (the index just past
 * its closing tag), or 0 if it closes on a later line. */
static size_t section_end(const char *s, size_t n, size_t i)
{
	int depth = 0;

	while (i < n) {
		size_t len;
		char t = tag_at(s + i, n - i, &len);

		if (!t) {
			i++;
			continue;
		}
		depth += t == '#' ? 1 : t == '/' ? -1 : 0;
		i += len;
		if (!depth)
			return i;
	}
	return 0;
}

/* Makes the skeleton of a template line into out (cap bytes); *tags_only is set when
 * the line holds only section tags and comments (it disappears when rendered). A
 * section that closes on the line is one wildcard (what it holds depends on the game);
 * a variable, an {{else}} and a tag whose section spans lines are wildcards. */
static size_t skeleton(const char *s, size_t n, char *out, size_t cap, bool *tags_only)
{
	size_t o = 0, i = 0;

	*tags_only = true;
	while (i < n) {
		size_t len, end;
		char t = tag_at(s + i, n - i, &len);

		if (!t) {
			if (s[i] != ' ' && s[i] != '\t')
				*tags_only = false;
			norm_put(out, &o, cap, s[i++]);
			continue;
		}
		if (t != '!')
			norm_put(out, &o, cap, WILD);
		if (t == 'v')
			*tags_only = false;
		i += t == '#' && (end = section_end(s, n, i)) ? end - i : len;
	}
	return norm_end(out, o);
}

/* The words of a skeleton: blank-separated runs with a letter or digit in them, a
 * wildcard ending one ("bob@example.org" is one word, "{{game}}" none). */
static int count_words(const char *s, size_t n)
{
	int w = 0;
	bool in = false, counted = false;

	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == ' ' || s[i] == WILD) {
			in = counted = false;
			continue;
		}
		in = true;
		if (in && !counted && is_word_byte(s[i])) {
			w++;
			counted = true;
		}
	}
	return w;
}

/* Does the template line begin with blanks (after any leading section tags)? */
static bool line_indented(const char *s, size_t n)
{
	size_t i = 0, len;
	char t;

	while ((t = tag_at(s + i, n - i, &len)) && t != 'v')
		i += len;
	return i < n && (s[i] == '\t' || (n - i >= 2 && s[i] == ' ' && s[i + 1] == ' '));
}

static int add_line(struct msgtext_referee *r, const char *skel, size_t len,
		    const struct ref_line *proto)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 256;
		struct ref_line *l = realloc(r->line, cap * sizeof *l);

		if (!l)
			return -1;
		r->line = l;
		r->cap = cap;
	}
	r->line[r->n] = *proto;
	if (!(r->line[r->n].skel = strndup(skel, len)))
		return -1;
	r->line[r->n].len = len;
	r->line[r->n].key = len >= 2 && skel[0] != WILD && skel[1] != WILD ?
			    (uint16_t)((unsigned char)skel[0] << 8 | (unsigned char)skel[1]) : 0;
	r->n++;
	return 0;
}

/* One line of a text being added. */
struct raw {
	const char *s;
	size_t n;
	bool blank, tags_only, indented;
	int depth;              /* sections open at its start */
};

/* How the line changes the number of open sections. */
static int depth_change(const char *s, size_t n)
{
	int d = 0;

	for (size_t i = 0, len; i < n; i++) {
		char t = tag_at(s + i, n - i, &len);

		if (t) {
			d += t == '#' ? 1 : t == '/' ? -1 : 0;
			i += len - 1;
		}
	}
	return d;
}

/* Is the nearest line from i in direction d (+1/-1), section tags passed over, an
 * indented one? */
static bool neighbour_indented(const struct raw *l, size_t nl, size_t i, int d)
{
	for (size_t j = i + (size_t)d; j < nl; j += (size_t)d)
		if (!l[j].tags_only)
			return !l[j].blank && l[j].indented;
	return false;
}

/* Where the left column of a listed line ends ("  status      the board again": after
 * "status"), or 0 if it has no second column. */
static size_t left_column(const char *s, size_t n)
{
	size_t i = msgtext_skip_space(s, n);
	const char *gap = i < n ? memmem(s + i, n - i, "   ", 3) : NULL;

	return gap && strspn(gap, " ") < n - (size_t)(gap - s) ? (size_t)(gap - s) : 0;
}

/* Adds one line of a text; a listed line with a second column adds its left column too. */
static int add_raw(struct msgtext_referee *r, const struct raw *l, bool listed,
		   struct ref_line *proto)
{
	char skel[LINE_MAX];
	bool tags;
	size_t len = skeleton(l->s, l->n, skel, sizeof skel, &tags), left;

	if (!(proto->words = count_words(skel, len)))
		return 0;
	proto->listed = listed;
	proto->lone = proto->words == 1 && !memchr(skel, WILD, len);
	proto->part = false;
	if (add_line(r, skel, len, proto) < 0)
		return -1;
	if (!listed || !(left = left_column(l->s, l->n)))
		return 1;
	len = skeleton(l->s, left, skel, sizeof skel, &tags);
	proto->words = count_words(skel, len);
	proto->lone = proto->opening = false;
	proto->part = true;
	return proto->words && add_line(r, skel, len, proto) < 0 ? -1 : 1;
}

/* Adds the lines of one text (a template: its first line, the subject, is left out; or
 * the help lines). The opening lines are those a mail of the template can begin with:
 * of the first paragraph of the body, up to the first that is in no section. A referee
 * mail pasted below the player's text starts with one of them. */
static int add_text(struct msgtext_referee *r, const char *text, int source)
{
	size_t nl = 1, k = 0, start = 0;
	struct raw *l;
	int index = 0, rc = 0;
	bool first_par = !strncmp(text, "Subject:", 8);

	for (const char *q = text; (q = strchr(q, '\n')); q++)
		nl++;
	if (!(l = calloc(nl, sizeof *l)))
		return -1;
	for (const char *p = text; k < nl; k++) {
		char skel[LINE_MAX];

		l[k].depth = k ? l[k - 1].depth + depth_change(l[k - 1].s, l[k - 1].n) : 0;
		l[k].s = p;
		l[k].n = strcspn(p, "\n");
		l[k].blank = strspn(p, " \t\r") >= l[k].n;
		skeleton(p, l[k].n, skel, sizeof skel, &l[k].tags_only);
		l[k].tags_only &= !l[k].blank;
		l[k].indented = line_indented(p, l[k].n);
		p += l[k].n + (p[l[k].n] ? 1 : 0);
	}
	if (first_par)          /* the body begins after the subject's blank line */
		while (start < nl && !l[start++].blank)
			;
	for (k = start; k < nl && rc >= 0; k++) {
		struct ref_line proto = { .source = source, .index = index };
		bool listed = l[k].indented && (neighbour_indented(l, nl, k, -1) ||
						neighbour_indented(l, nl, k, +1));

		if (l[k].blank && index)
			first_par = false;
		if (l[k].blank || l[k].tags_only)
			continue;
		proto.opening = first_par;
		if ((rc = add_raw(r, &l[k], listed, &proto)) > 0) {
			index++;
			/* the first line every such mail has: the openings end with it */
			if (!l[k].depth)
				first_par = false;
		}
	}
	free(l);
	return rc < 0 ? -1 : 0;
}

static const struct msgtext_referee *sort_by;

static int cmp_key(const void *a, const void *b)
{
	uint16_t ka = sort_by->line[*(const size_t *)a].key, kb = sort_by->line[*(const size_t *)b].key;

	return ka < kb ? -1 : ka > kb;
}

int msgtext_referee_new(const char *const *texts, size_t ntexts,
			const struct msgtext_diagram *diagram, struct msgtext_referee **out,
			struct err *e)
{
	struct msgtext_referee *r = calloc(1, sizeof *r);

	*out = NULL;
	if (!r)
		return err_set(e, "out of memory reading the referee's texts");
	if (diagram) {
		r->diagram = *diagram;
		r->has_diagram = true;
	}
	for (size_t i = 0; i < ntexts; i++)
		if (texts[i] && add_text(r, texts[i], (int)i) < 0)
			goto oom;
	if (!(r->by_key = calloc(r->n + 1, sizeof *r->by_key)))
		goto oom;
	for (size_t i = 0; i < r->n; i++) {
		r->by_key[i] = i;
		if (!r->line[i].key)
			r->nloose++;
	}
	sort_by = r;            /* qsort has no context argument in C11 */
	qsort(r->by_key, r->n, sizeof *r->by_key, cmp_key);
	sort_by = NULL;
	*out = r;
	return 0;
oom:
	msgtext_referee_free(r);
	return err_set(e, "out of memory reading the referee's texts");
}

void msgtext_referee_free(struct msgtext_referee *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++)
		free(r->line[i].skel);
	free(r->line);
	free(r->by_key);
	free(r);
}

size_t msgtext_referee_lines(const struct msgtext_referee *r)
{
	return r ? r->n : 0;
}

/* ---- Matching ---------------------------------------------------------------------- */

/* Does text (normalised) match the skeleton, WILD standing for any text? */
static bool glob(const char *p, size_t pn, const char *s, size_t sn)
{
	size_t pi = 0, si = 0, star = SIZE_MAX, mark = 0;

	while (si < sn) {
		if (pi < pn && p[pi] == WILD) {
			star = pi++;
			mark = si;
		} else if (pi < pn && p[pi] == s[si]) {
			pi++;
			si++;
		} else if (star != SIZE_MAX) {
			pi = star + 1;
			si = ++mark;
		} else {
			return false;
		}
	}
	while (pi < pn && (p[pi] == WILD || p[pi] == ' '))
		pi++;
	return pi == pn;
}

/* What a mail line is, against the referee's lines. */
struct line_match {
	int n;                          /* matches kept */
	int source[MATCH_MAX], index[MATCH_MAX];
	bool pairable[MATCH_MAX];       /* neither a lone word nor a left column */
	bool strong, opening;
};

static void consider(const struct ref_line *l, const char *s, size_t sn, bool indented,
		     struct line_match *m)
{
	if (!glob(l->skel, l->len, s, sn))
		return;
	if (m->n < MATCH_MAX) {
		m->source[m->n] = l->source;
		m->index[m->n] = l->index;
		m->pairable[m->n] = !l->lone && !l->part;
		m->n++;
	}
	/* three words of the referee's are its own; a shorter line ("accept", "resign")
	 * is the player's unless indented as in the help's list of orders */
	if ((l->words >= 3 && !l->part) || (l->listed && indented)) {
		m->strong = true;
		m->opening |= l->opening && l->words >= 4;
	}
}

/* Does the mail line begin with two blanks (spaces, no-break spaces) or a tab? */
static bool mail_indented(const struct view *v)
{
	size_t i = 0, blanks = 0;

	while (i < v->n && blanks < 2) {
		if (v->s[i] == '\t')
			return true;
		if (v->s[i] == ' ')
			i++;
		else if (i + 1 < v->n && (unsigned char)v->s[i] == 0xc2 &&
			 (unsigned char)v->s[i + 1] == 0xa0)
			i += 2;
		else
			break;
		blanks++;
	}
	return blanks >= 2;
}

/* Matches the line v against every skeleton that can match it. */
static void match_line(const struct msgtext_referee *r, const struct view *v, struct line_match *m)
{
	char s[LINE_MAX];
	size_t o = 0, lo, hi;
	bool indented;
	uint16_t key;

	memset(m, 0, sizeof *m);
	if (v->n >= LINE_MAX)
		return;
	/* no-break spaces are blanks: a client flattening HTML writes indentation with them */
	for (size_t i = 0; i < v->n; i++) {
		bool nbsp = i + 1 < v->n && (unsigned char)v->s[i] == 0xc2 &&
			    (unsigned char)v->s[i + 1] == 0xa0;

		norm_put(s, &o, sizeof s, nbsp ? ' ' : v->s[i] == WILD ? '?' : v->s[i]);
		if (nbsp)
			i++;
	}
	o = norm_end(s, o);
	indented = mail_indented(v);
	if (o < 2)
		return;
	for (size_t i = 0; i < r->nloose; i++)
		consider(&r->line[r->by_key[i]], s, o, indented, m);
	key = (uint16_t)((unsigned char)s[0] << 8 | (unsigned char)s[1]);
	for (lo = r->nloose, hi = r->n; lo < hi;) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->line[r->by_key[mid]].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < r->n && r->line[r->by_key[i]].key == key; i++)
		consider(&r->line[r->by_key[i]], s, o, indented, m);
}

/* Do two lines, a above b, match lines of one template, b's a little after a's? Lone
 * words and left columns do not pair: "status" above "history" is two orders. */
static bool paired(const struct line_match *a, const struct line_match *b)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (a->pairable[i] && b->pairable[j] && a->source[i] == b->source[j] &&
			    b->index[j] > a->index[i] && b->index[j] <= a->index[i] + PAIR_WINDOW)
				return true;
	return false;
}

/* Is b, any match, between a and c, strong ones, of one template in that order (the
 * invitation's "accept" between the lines around it)? */
static bool sandwiched(const struct line_match *a, const struct line_match *b,
		       const struct line_match *c)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			for (int k = 0; k < c->n; k++)
				if (a->source[i] == b->source[j] && b->source[j] == c->source[k] &&
				    a->index[i] < b->index[j] && b->index[j] < c->index[k] &&
				    c->index[k] <= a->index[i] + PAIR_WINDOW)
					return true;
	return false;
}

/* ---- Board diagrams ---------------------------------------------------------------- */

/* A line of the referee's board diagram, in the shape render draws it (d): its rule,
 * "  +-----------------+", a rank, "8 | r n b q k b n r |", or its files,
 * "    a b c d e f g h". */
static bool is_board_line(const struct msgtext_diagram *d, const struct view *v)
{
	size_t i = msgtext_skip_space(v->s, v->n), n = v->n, k = 0;
	const char *s = v->s;

	if (n - i >= 6 && s[i] == d->corner && s[n - 1] == d->corner) {
		for (k = i + 1; k < n - 1 && s[k] == d->rule; k++)
			;
		if (k == n - 1)
			return true;
		k = 0;
	}
	if (i < n && s[i] >= '0' && s[i] <= '9') {
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (n - i < 6 || s[i] != ' ' || s[i + 1] != d->side || s[n - 1] != d->side)
			return false;
		for (i += 2; i < n - 1; i++)
			if (s[i] == d->side || ((unsigned char)s[i] >= 0x80))
				return false;
		return true;
	}
	for (; i < n; k++) {
		size_t w = 0;

		while (i + w < n && s[i + w] >= 'a' && s[i + w] <= 'z')
			w++;
		if (!w || w > 2)
			return false;
		i += w;
		i += msgtext_skip_space(s + i, n - i);
	}
	return k >= 5;
}

/* ---- Marking ----------------------------------------------------------------------- */

/* A mail line's state in the pass: its match, whether it is the referee's. */
struct slot {
	size_t i;                       /* its index in v */
	struct line_match m;
	bool board;
};

static void classify(const struct msgtext_referee *r, const struct view *v, size_t i,
		     struct slot *s)
{
	s->i = i;
	s->board = r->has_diagram && is_board_line(&r->diagram, &v[i]);
	if (s->board)
		memset(&s->m, 0, sizeof s->m);
	else
		match_line(r, &v[i], &s->m);
}

/* The next line from i on that is not set aside, or n. */
static size_t next_line(const bool *skip, size_t n, size_t i)
{
	while (i < n && skip[i])
		i++;
	return i;
}

/* A line is the referee's when it is a strong match or a board line; when it and the
 * line above match two lines of one template in order ("Moves: 1. e4" above "FEN: ...");
 * or when it matches a line of a template between two strong lines of that template.
 * From a pasted mail's opening line, or from a run of three of the referee's lines
 * (blank and quoted lines between them do not break it; a diagram counts once), the rest
 * is history: the index of its first line, or n. */
size_t msgtext_referee_mark(const struct msgtext_referee *r, const struct view *v, size_t n,
			    const bool *skip, bool *drop)
{
	struct slot w[3], text = { .i = 0 };    /* above, the line, below; the last not a board */
	size_t run = 0, run_start = n, i = next_line(skip, n, 0);
	bool above = false, have_text = false, board_since = false;

	if (i >= n)
		return n;
	classify(r, v, i, &w[1]);
	for (;;) {
		size_t j = next_line(skip, n, w[1].i + 1);
		bool below = j < n, d = w[1].board || w[1].m.strong;

		if (below)
			classify(r, v, j, &w[2]);
		/* "White played 1. e4." above the board, "It is your move..." below it */
		if (have_text && !w[1].board && paired(&text.m, &w[1].m)) {
			d = true;
			if (!drop[text.i]) {    /* the line above joins, and starts the run */
				drop[text.i] = true;
				run = board_since ? 2 : 1;
				run_start = text.i;
			}
		}
		if (!d && above && below && w[1].m.n && w[0].m.strong && w[2].m.strong &&
		    sandwiched(&w[0].m, &w[1].m, &w[2].m))
			d = true;
		drop[w[1].i] = d;
		if (!d) {
			run = 0;
		} else {
			if (!run)
				run_start = w[1].i;
			if (!(w[1].board && above && w[0].board))
				run++;
			if (run >= 3 || w[1].m.opening)
				return run_start;
		}
		if (!w[1].board)
			text = w[1];
		have_text |= !w[1].board;
		board_since = w[1].board;
		if (!below)
			return n;
		w[0] = w[1];
		w[1] = w[2];
		above = true;
	}
}
