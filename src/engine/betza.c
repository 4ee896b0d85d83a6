/* betza.c: see betza.h. */
#include "engine/betza.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum atom_shape { SHAPE_ORTHO, SHAPE_DIAG, SHAPE_OBLIQUE };

/* What one letter of an atom stands for: up to two leaps and their default range. */
struct atom {
	char letter;
	int8_t leap[2][2];
	int nleap;
	uint8_t range;          /* 1 = leaper, 0 = rider */
};

static const struct atom atoms[] = {
	{ 'W', { { 1, 0 } }, 1, 1 }, { 'F', { { 1, 1 } }, 1, 1 },
	{ 'D', { { 2, 0 } }, 1, 1 }, { 'N', { { 2, 1 } }, 1, 1 },
	{ 'A', { { 2, 2 } }, 1, 1 }, { 'H', { { 3, 0 } }, 1, 1 },
	{ 'C', { { 3, 1 } }, 1, 1 }, { 'L', { { 3, 1 } }, 1, 1 },
	{ 'Z', { { 3, 2 } }, 1, 1 }, { 'J', { { 3, 2 } }, 1, 1 },
	{ 'G', { { 3, 3 } }, 1, 1 },
	{ 'K', { { 1, 0 }, { 1, 1 } }, 2, 1 }, { 'Q', { { 1, 0 }, { 1, 1 } }, 2, 0 },
	{ 'R', { { 1, 0 } }, 1, 0 }, { 'B', { { 1, 1 } }, 1, 0 },
};

static const struct atom *atom_find(char c)
{
	for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
		if (atoms[i].letter == c)
			return &atoms[i];
	return NULL;
}

static enum atom_shape shape_of(int x, int y)
{
	if (x == 0 || y == 0)
		return SHAPE_ORTHO;
	return abs(x) == abs(y) ? SHAPE_DIAG : SHAPE_OBLIQUE;
}

static bool vertical_letter(char c)
{
	return c == 'f' || c == 'b' || c == 'v';
}

/* Does the single direction letter c select the vector (dx, dy)? */
static bool single_match(char c, enum atom_shape shape, int dx, int dy)
{
	bool narrow = abs(dy) > abs(dx);

	switch (c) {
	case 'f': return dy > 0;
	case 'b': return dy < 0;
	case 'l': return dx < 0;
	case 'r': return dx > 0;
	case 'v': return shape == SHAPE_ORTHO ? dx == 0 : shape == SHAPE_DIAG || narrow;
	case 's': return shape == SHAPE_ORTHO ? dy == 0 : shape == SHAPE_DIAG || !narrow;
	}
	return false;
}

/* A pair "XY" on an oblique atom: Y is the main direction of the leap, X the side it
 * leans to ("fl" = two left, one forward; "lf" = two forward, one left; "ff" = the two
 * narrow forward leaps). On a diagonal atom a pair is the one diagonal in both. */
static bool pair_match(char x, char y, enum atom_shape shape, int dx, int dy)
{
	bool narrow = abs(dy) > abs(dx), major;

	if (shape == SHAPE_DIAG)
		return single_match(x, shape, dx, dy) && single_match(y, shape, dx, dy);
	switch (y) {
	case 'f': major = narrow && dy > 0; break;
	case 'b': major = narrow && dy < 0; break;
	case 'v': major = narrow; break;
	case 'l': major = !narrow && dx < 0; break;
	case 'r': major = !narrow && dx > 0; break;
	default:  major = !narrow; break;
	}
	if (!major)
		return false;
	if (x == y || x == 'v' || x == 's')
		return true;
	return single_match(x, SHAPE_OBLIQUE, dx, dy);
}

/* Is "xy" a pair (rather than two separate directions) on an atom of this shape? */
static bool is_pair(char x, char y, enum atom_shape shape)
{
	if (!strchr("fblrvs", x) || !strchr("fblrvs", y) || shape == SHAPE_ORTHO)
		return false;
	if (vertical_letter(x) != vertical_letter(y))
		return true;
	return shape == SHAPE_OBLIQUE && x == y;
}

/* Does the direction string `dirs` (possibly empty) select (dx, dy)? */
static int dirs_match(const char *dirs, enum atom_shape shape, int dx, int dy)
{
	size_t n = strlen(dirs);

	if (n == 0)
		return 1;
	for (size_t i = 0; i < n;) {
		if (i + 1 < n && dirs[i + 1] == 'h') {
			if (single_match(dirs[i], shape, dx, dy))
				return 1;
			i += 2;
		} else if (i + 1 < n && is_pair(dirs[i], dirs[i + 1], shape)) {
			if (pair_match(dirs[i], dirs[i + 1], shape, dx, dy))
				return 1;
			i += 2;
		} else {
			if (single_match(dirs[i], shape, dx, dy))
				return 1;
			i += 1;
		}
	}
	return 0;
}

static int add_vec(struct betza *out, int dx, int dy, int range, int flags, struct err *e,
		   const char *text)
{
	for (int i = 0; i < out->n; i++) {
		struct betza_vec *v = &out->v[i];
		int path = BETZA_LAME | BETZA_HOP | BETZA_SKIP;
		if (v->dx == dx && v->dy == dy && v->range == range &&
		    (v->flags & path) == (flags & path)) {
			v->flags |= flags;      /* "mWcW" is just "W" */
			return 0;
		}
	}
	if (out->n == BETZA_MAX)
		return err_set(e, "'%s' has more than %d directions", text, BETZA_MAX);
	out->v[out->n++] = (struct betza_vec){ (int8_t)dx, (int8_t)dy, (uint8_t)range,
					       (uint8_t)flags };
	return 0;
}

/* All symmetric images of the leap (x, y) that `dirs` selects, added to out. */
static int add_atom(struct betza *out, int x, int y, int range, int flags, const char *dirs,
		    struct err *e, const char *text)
{
	static const int sign[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
	enum atom_shape shape = shape_of(x, y);
	int found = 0;

	for (int swap = 0; swap < 2; swap++) {
		for (int s = 0; s < 4; s++) {
			int dx = (swap ? y : x) * sign[s][0], dy = (swap ? x : y) * sign[s][1];
			if (!dirs_match(dirs, shape, dx, dy))
				continue;
			/* images that coincide (W's four, F's four) merge in add_vec */
			if (add_vec(out, dx, dy, range, flags, e, text) < 0)
				return -1;
			found = 1;
		}
	}
	if (!found)
		return err_set(e, "'%s': the directions '%s' select no move", text, dirs);
	return 0;
}

/* Reads "(x,y)" at text[*i]; returns 0 and advances, or -1. */
static int read_vector(const char *text, size_t *i, int *x, int *y, struct err *e)
{
	char *end;
	long a, b;
	const char *p = text + *i + 1;

	a = strtol(p, &end, 10);
	if (end == p || *end != ',')
		return err_set(e, "'%s': a leap is written (x,y), e.g. (4,1)", text);
	p = end + 1;
	b = strtol(p, &end, 10);
	if (end == p || *end != ')')
		return err_set(e, "'%s': a leap is written (x,y), e.g. (4,1)", text);
	if (a < 0 || b < 0 || a > 15 || b > 15 || (a == 0 && b == 0))
		return err_set(e, "'%s': leap (%ld,%ld) must have coordinates 0..15, not both 0",
			       text, a, b);
	*x = (int)a;
	*y = (int)b;
	*i = (size_t)(end + 1 - text);
	return 0;
}

/* A power's modifiers (the lower-case letters before its atom): moving or capturing
 * (*mode), lame or jumping (*path), and its directions (dirs, 16 bytes). */
static int read_modifiers(const char *text, size_t *i, int *mode, int *path, char *dirs,
			  struct err *e)
{
	size_t nd = 0;

	for (; islower((unsigned char)text[*i]); (*i)++) {
		char c = text[*i];
		if (c == 'm')
			*mode |= BETZA_MOVE;
		else if (c == 'c')
			*mode |= BETZA_CAPTURE;
		else if (c == 'n' || c == 'j')
			*path = c;
		else if (strchr("fblrvsh", c)) {
			if (c == 'h' && (nd == 0 || dirs[nd - 1] == 'h'))
				return err_set(e, "'%s': 'h' (half) must follow a direction, at %zu",
					       text, *i + 1);
			if (nd + 1 >= 16)
				return err_set(e, "'%s': too many direction letters", text);
			dirs[nd++] = c;
		} else
			return err_set(e, "'%s': '%c' at %zu is not a Betza modifier "
				       "(use m c n j f b l r v s h)", text, c, *i + 1);
	}
	dirs[nd] = 0;
	return 0;
}

/* Parses one power: modifiers, an atom, doubling or a range. */
static int parse_term(const char *text, size_t *i, struct betza *out, struct err *e)
{
	char dirs[16];
	int mode = 0, path = 0;
	const struct atom *a = NULL;
	int vx = 0, vy = 0;

	if (read_modifiers(text, i, &mode, &path, dirs, e) < 0)
		return -1;
	if (text[*i] == '(') {
		if (read_vector(text, i, &vx, &vy, e) < 0)
			return -1;
	} else if (!(a = atom_find(text[*i]))) {
		if (!text[*i])
			return err_set(e, "'%s' ends with modifiers but no piece letter", text);
		return err_set(e, "'%s': '%c' at %zu is not a Betza atom "
			       "(W F D N A H C Z G, K Q R B, or (x,y))", text, text[*i], *i + 1);
	} else
		(*i)++;

	int range = a ? a->range : 1;
	if (a && text[*i] == a->letter) {
		range = 0;              /* doubled letter: a rider */
		(*i)++;
	}
	if (isdigit((unsigned char)text[*i])) {
		long r = strtol(text + *i, NULL, 10);
		while (isdigit((unsigned char)text[*i]))
			(*i)++;
		if (r > 64)
			return err_set(e, "'%s': range %ld is too long (at most 64)", text, r);
		range = (int)r;
	}
	if (!mode)
		mode = BETZA_MOVE | BETZA_CAPTURE;
	int flags = mode;
	if (path == 'n') {
		if (range != 1)
			return err_set(e, "'%s': 'n' (lame) applies to leapers, not riders", text);
		flags |= BETZA_LAME;
	} else if (path == 'j')
		flags |= range == 1 ? BETZA_HOP : BETZA_SKIP;

	int nleap = a ? a->nleap : 1;
	for (int k = 0; k < nleap; k++) {
		int x = a ? a->leap[k][0] : vx, y = a ? a->leap[k][1] : vy;
		if ((flags & BETZA_HOP) && betza_leap_path(x, y, NULL, 0) == 0)
			return err_set(e, "'%s': 'j' needs a leap with squares to jump over "
				       "(not W, F or K)", text);
		if (add_atom(out, x, y, range, flags, dirs, e, text) < 0)
			return -1;
	}
	return 0;
}

int betza_parse(const char *text, struct betza *out, struct err *e)
{
	size_t i = 0;

	out->n = 0;
	if (!text || !*text)
		return err_set(e, "a piece needs its powers in Betza notation, e.g. \"N\"");
	while (text[i])
		if (parse_term(text, &i, out, e) < 0)
			return -1;
	return 0;
}

int betza_leap_path(int dx, int dy, int8_t path[][2], int max)
{
	int ax = abs(dx), ay = abs(dy), sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
	int sy = dy > 0 ? 1 : dy < 0 ? -1 : 0, n = 0, x = 0, y = 0;
	int diag = ax < ay ? ax : ay, straight = (ax > ay ? ax : ay) - diag;

	if (ax != 0 && ay != 0 && ax != ay) {
		for (int k = 0; k < straight; k++) {
			if (ax > ay)
				x += sx;
			else
				y += sy;
			if (path && n < max)
				path[n][0] = (int8_t)x, path[n][1] = (int8_t)y;
			n++;
		}
		for (int k = 0; k < diag - 1; k++) {
			x += sx, y += sy;
			if (path && n < max)
				path[n][0] = (int8_t)x, path[n][1] = (int8_t)y;
			n++;
		}
		return n;
	}
	int len = ax > ay ? ax : ay;
	for (int k = 1; k < len; k++) {
		if (path && n < max)
			path[n][0] = (int8_t)(sx * k), path[n][1] = (int8_t)(sy * k);
		n++;
	}
	return n;
}

/* Does a power hold the vector (dx, dy, range) with these path flags and this of m / c? */
static bool holds(const struct betza *b, const struct betza_vec *want, uint8_t mc)
{
	const uint8_t path = BETZA_LAME | BETZA_HOP | BETZA_SKIP;

	for (int i = 0; i < b->n; i++)
		if (b->v[i].dx == want->dx && b->v[i].dy == want->dy &&
		    b->v[i].range == want->range && (b->v[i].flags & path) == (want->flags & path) &&
		    (b->v[i].flags & mc))
			return true;
	return false;
}

/* Is every power of a (its moves and its captures apart) one of b's? */
static bool within(const struct betza *a, const struct betza *b)
{
	for (int i = 0; i < a->n; i++)
		for (uint8_t mc = BETZA_MOVE; mc <= BETZA_CAPTURE; mc <<= 1)
			if ((a->v[i].flags & mc) && !holds(b, &a->v[i], mc))
				return false;
	return true;
}

bool betza_same(const struct betza *a, const struct betza *b)
{
	return within(a, b) && within(b, a);
}
