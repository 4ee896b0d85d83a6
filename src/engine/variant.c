/* variant.c: building and checking a variant definition (see variant.h). The move tables
 * are built in tables.c. */
#include "engine/variant.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/tables.h"


struct variant *variant_new(const char *name)
{
	struct variant *v = calloc(1, sizeof *v);

	if (!v)
		return NULL;
	snprintf(v->name, sizeof v->name, "%s", name ? name : "");
	v->draws = (struct draw_rules){ 100, 150, 3, 5, true };
	return v;
}

void variant_free(struct variant *v)
{
	if (!v)
		return;
	tables_free(v->t);
	free(v);
}

struct variant *variant_clone(const struct variant *v, struct err *e)
{
	struct variant *c = malloc(sizeof *c);

	if (!c) {
		err_set(e, "out of memory copying variant %s", v->name);
		return NULL;
	}
	memcpy(c, v, sizeof *c);
	c->t = NULL;
	if (v->t && variant_compile(c, e) < 0) {
		variant_free(c);
		return NULL;
	}
	return c;
}

void variant_file_name(int file, char out[3])
{
	if (file < 26) {
		out[0] = (char)('a' + file), out[1] = 0;
	} else {
		out[0] = (char)('a' + (file - 26) / 26);
		out[1] = (char)('a' + (file - 26) % 26);
		out[2] = 0;
	}
}

int variant_file_named(const struct variant *v, const char *s, size_t n)
{
	int f;

	/* the inverse of variant_file_name: a..z, then aa (26), ab ... */
	if (n == 1 && isalpha((unsigned char)s[0]))
		f = tolower((unsigned char)s[0]) - 'a';
	else if (n == 2 && isalpha((unsigned char)s[0]) && isalpha((unsigned char)s[1]))
		f = 26 + (tolower((unsigned char)s[0]) - 'a') * 26 + tolower((unsigned char)s[1]) - 'a';
	else
		return -1;
	return f < v->files ? f : -1;
}

int variant_set_board(struct variant *v, int files, int ranks, struct err *e)
{
	if (v->nsq)
		return err_set(e, "the board is already set");
	if (files < 1 || files > FILES_MAX || ranks < 1 || ranks > RANKS_MAX)
		return err_set(e, "a board has 1 to %d files and 1 to %d ranks, not %dx%d",
			       FILES_MAX, RANKS_MAX, files, ranks);
	if (files * ranks > SQ_MAX)
		return err_set(e, "a %dx%d board has more than %d squares", files, ranks, SQ_MAX);
	v->files = files;
	v->ranks = ranks;
	for (int r = 0; r < ranks; r++)
		for (int f = 0; f < files; f++) {
			int s = v->nsq++;
			v->file_of[s] = (int16_t)f;
			v->rank_of[s] = (int16_t)r;
			char fn[3];
			variant_file_name(f, fn);
			snprintf(v->sq_name[s], sizeof v->sq_name[s], "%s%d", fn, r + 1);
		}
	return 0;
}

int variant_add_square(struct variant *v, const char *name, int file, int rank, struct err *e)
{
	size_t len = strlen(name);

	if (len == 0 || len >= sizeof v->sq_name[0])
		return err_set(e, "square name '%s' must have 1 to %zu characters", name,
			       sizeof v->sq_name[0] - 1);
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]))
			return err_set(e, "square name '%s' may hold only letters and digits", name);
	if (v->nsq >= SQ_MAX)
		return err_set(e, "more than %d squares", SQ_MAX);
	if (file < -64 || file > 96 || rank < -64 || rank > 96)
		return err_set(e, "square '%s' at (%d,%d) is too far from the board", name,
			       file, rank);
	for (int s = 0; s < v->nsq; s++) {
		if (!strcasecmp(v->sq_name[s], name))
			return err_set(e, "square '%s' is defined twice", name);
		if (v->file_of[s] == file && v->rank_of[s] == rank)
			return err_set(e, "square '%s' sits where '%s' already is", name,
				       v->sq_name[s]);
	}
	int s = v->nsq++;
	v->file_of[s] = (int16_t)file;
	v->rank_of[s] = (int16_t)rank;
	snprintf(v->sq_name[s], sizeof v->sq_name[s], "%s", name);
	return 0;
}

int variant_add_piece(struct variant *v, char letter, const char *name, const char *betza,
		      struct err *e)
{
	struct piece_def *p;

	if (!isupper((unsigned char)letter))
		return err_set(e, "piece letter '%c' must be an upper-case letter A-Z", letter);
	if (variant_type_by_letter(v, letter) >= 0)
		return err_set(e, "piece letter '%c' is used twice", letter);
	if (v->ntypes >= TYPE_MAX)
		return err_set(e, "more than %d piece types", TYPE_MAX);
	if (strlen(betza) >= sizeof v->type[0].betza)
		return err_set(e, "the Betza text of '%c' is too long", letter);
	p = &v->type[v->ntypes];
	memset(p, 0, sizeof *p);
	if (betza_parse(betza, &p->powers, e) < 0)
		return -1;
	p->letter = letter;
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->betza, sizeof p->betza, "%s", betza);
	return v->ntypes++;
}

int variant_add_castling(struct variant *v, const struct castling_def *c, struct err *e)
{
	if (v->ncastle >= CASTLING_MAX)
		return err_set(e, "more than %d castlings", CASTLING_MAX);
	if (c->fen != 'K' && c->fen != 'Q')
		return err_set(e, "a castling's FEN letter is K (h-side) or Q (a-side), not '%c'",
			       c->fen);
	for (int i = 0; i < v->ncastle; i++)
		if (v->castle[i].fen == c->fen)
			return err_set(e, "two castlings use the FEN letter %c", c->fen);
	if (c->royal_from >= v->nsq || c->royal_to >= v->nsq || c->partner_from >= v->nsq ||
	    c->partner_to >= v->nsq)
		return err_set(e, "castling %s names a square that is not on the board", c->san);
	v->castle[v->ncastle++] = *c;
	return 0;
}

void variant_set_square_rules(struct variant *v, sq_t s, unsigned flags, uint32_t entry)
{
	v->sq_flags[s] = (uint8_t)flags;
	v->sq_entry[s] = entry;
}

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

const char *variant_square_name(const struct variant *v, sq_t s)
{
	return s < v->nsq ? v->sq_name[s] : "-";
}

int variant_relative_rank(const struct variant *v, sq_t s, enum color c)
{
	return c == WHITE ? v->rank_of[s] + 1 : v->ranks - v->rank_of[s];
}

sq_t variant_mirror(const struct variant *v, sq_t s)
{
	return variant_square_at(v, v->file_of[s], v->ranks - 1 - v->rank_of[s]);
}

bool variant_square_dark(const struct variant *v, sq_t s)
{
	return ((v->file_of[s] + v->rank_of[s]) & 1) == 0;
}

int variant_set_chains(struct variant *v, int type, const char *text, struct err *e)
{
	struct piece_def *pd = &v->type[type];
	struct betza b;

	if (strlen(text) >= sizeof pd->chains)
		return err_set(e, "the jumps of '%c' are too long", pd->letter);
	if (betza_parse(text, &b, e) < 0)
		return -1;
	if (b.n == 0 || b.n > (int)(sizeof pd->chain_dir / sizeof pd->chain_dir[0]))
		return err_set(e, "'%s' gives %d jump directions; 1 to %zu are possible", text,
			       b.n, sizeof pd->chain_dir / sizeof pd->chain_dir[0]);
	for (int i = 0; i < b.n; i++) {
		const struct betza_vec *x = &b.v[i];
		bool unit = abs(x->dx) <= 1 && abs(x->dy) <= 1;
		if (!unit || x->range > 1 || (x->flags & (BETZA_LAME | BETZA_HOP | BETZA_SKIP)) ||
		    (x->flags & (BETZA_MOVE | BETZA_CAPTURE)) != (BETZA_MOVE | BETZA_CAPTURE))
			return err_set(e, "'%s': jumps go along lines (W F K, or R B Q for flying "
				       "jumps) without m c n j modifiers", text);
		pd->chain_dir[i] = *x;
	}
	pd->nchain_dir = b.n;
	snprintf(pd->chains, sizeof pd->chains, "%s", text);
	return 0;
}

int variant_type_by_letter(const struct variant *v, char letter)
{
	letter = (char)toupper((unsigned char)letter);
	for (int i = 0; i < v->ntypes; i++)
		if (v->type[i].letter == letter)
			return i;
	return -1;
}

char variant_piece_char(const struct variant *v, piece_t p)
{
	char c = v->type[PIECE_TYPE(p)].letter;

	return PIECE_COLOR(p) == WHITE ? c : (char)tolower((unsigned char)c);
}

/* The checks that need the whole definition. */
static int variant_check(const struct variant *v, struct err *e)
{
	if (v->nsq == 0)
		return err_set(e, "the variant has no board");
	if (v->ntypes == 0)
		return err_set(e, "the variant has no pieces");
	for (int i = 0; i < v->ntypes; i++) {
		const struct piece_def *p = &v->type[i];
		if (p->pawn.promotion_ranks && p->pawn.npromo == 0)
			return err_set(e, "piece %c promotes but has no promotion choices", p->letter);
		for (int k = 0; k < p->pawn.npromo; k++) {
			const struct promo_choice *pc = &p->pawn.promo[k];
			if (pc->type >= v->ntypes || v->type[pc->type].royal)
				return err_set(e, "piece %c cannot promote to a royal or unknown piece",
					       p->letter);
			if (pc->colour_of != SQ_NONE && pc->colour_of >= v->nsq)
				return err_set(e, "piece %c: promotion colour square is not on the board",
					       p->letter);
		}
	}
	for (int i = 0; i < v->ncastle; i++) {
		const struct castling_def *c = &v->castle[i];
		if (c->royal_from == c->partner_from || c->royal_to == c->partner_to)
			return err_set(e, "castling %s: the royal piece and its partner share a square",
				       c->san);
		if (v->rank_of[c->royal_from] != v->rank_of[c->partner_from] ||
		    v->rank_of[c->royal_to] != v->rank_of[c->royal_from] ||
		    v->rank_of[c->partner_to] != v->rank_of[c->royal_from])
			return err_set(e, "castling %s: all four squares must be on one rank", c->san);
	}
	if (!v->setup[0])
		return err_set(e, "the variant has no starting position");
	return 0;
}

int variant_compile(struct variant *v, struct err *e)
{
	if (variant_check(v, e) < 0)
		return -1;
	tables_free(v->t);
	v->t = NULL;
	return tables_build(v, e);
}
