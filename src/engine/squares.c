/* squares.c: a square found by its coordinates or its name (see variant.h), through the
 * map and the index of names a compiled variant holds (tables.h), or by a search of the
 * variant's squares before it is compiled (the rules loader). */
#include <ctype.h>
#include <strings.h>

#include "engine/tables.h"

sq_t variant_square_at(const struct variant *v, int file, int rank)
{
	const struct tables *t = v->t;

	if (t) {
		int x = file - t->minx, y = rank - t->miny;
		if (x < 0 || y < 0 || x >= t->w || y >= t->h)
			return SQ_NONE;
		return t->at[x + y * t->w];
	}
	for (int s = 0; s < v->nsq; s++)
		if (v->file_of[s] == file && v->rank_of[s] == rank)
			return (sq_t)s;
	return SQ_NONE;
}

/* The grid square named so ("e4", "aa10": variant_set_board's names), or SQ_NONE. */
static sq_t grid_square_named(const struct variant *v, const char *name, size_t len)
{
	size_t nf = 0;
	int rank = 0;

	while (nf < len && nf < 2 && isalpha((unsigned char)name[nf]))
		nf++;
	int file = variant_file_named(v, name, nf);
	if (file < 0 || nf == len || name[nf] == '0')
		return SQ_NONE;
	for (size_t i = nf; i < len; i++) {
		if (!isdigit((unsigned char)name[i]) || rank > v->ranks)
			return SQ_NONE;
		rank = rank * 10 + (name[i] - '0');
	}
	return rank <= v->ranks ? (sq_t)((rank - 1) * v->files + file) : SQ_NONE;
}

/* A square off the grid (TigerChess's reserves and palaces) by its name. */
static sq_t extra_square_named(const struct variant *v, const char *name, size_t len)
{
	const struct tables *t = v->t;

	if (!t) {                               /* not compiled yet: the rules loader */
		for (int s = v->files * v->ranks; s < v->nsq; s++)
			if (!strncasecmp(v->sq_name[s], name, len) && v->sq_name[s][len] == 0)
				return (sq_t)s;
		return SQ_NONE;
	}
	for (uint32_t h = tables_name_hash(name, len, t->nnamed); t->named[h] != SQ_NONE;
	     h = (h + 1) & (t->nnamed - 1)) {
		const char *n = v->sq_name[t->named[h]];
		if (!strncasecmp(n, name, len) && n[len] == 0)
			return t->named[h];
	}
	return SQ_NONE;
}

sq_t variant_square_named(const struct variant *v, const char *name, size_t len)
{
	if (len == 0 || len >= sizeof v->sq_name[0])
		return SQ_NONE;
	sq_t s = grid_square_named(v, name, len);
	return s != SQ_NONE ? s : extra_square_named(v, name, len);
}

sq_t variant_mirror(const struct variant *v, sq_t s)
{
	return variant_square_at(v, v->file_of[s], v->ranks - 1 - v->rank_of[s]);
}
