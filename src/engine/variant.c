/* variant.c: building a variant definition (see variant.h). It is checked and compiled in
 * compile.c, its move tables built in tables.c; squares are found in squares.c. */
#include "engine/variant.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct variant *variant_new(const char *name)
{
	struct variant *v = calloc(1, sizeof *v);

	if (!v)
		return NULL;
	snprintf(v->name, sizeof v->name, "%s", name ? name : "");
	v->draws = (struct draw_rules){ 100, 150, 3, 5, true };
	return v;
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

const char *variant_square_name(const struct variant *v, sq_t s)
{
	return s < v->nsq ? v->sq_name[s] : "-";
}

int variant_relative_rank(const struct variant *v, sq_t s, enum color c)
{
	return c == WHITE ? v->rank_of[s] + 1 : v->ranks - v->rank_of[s];
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
