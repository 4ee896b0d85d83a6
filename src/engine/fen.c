/* fen.c: reading and writing positions in FEN, with the variant's piece letters.
 *
 * Extensions (docs/design.md, "Position text"): rank lengths above 9 are written as numbers
 * ("10"); pieces in hand follow the placement in brackets, as in Crazyhouse
 * ("...RNBQKBNR[Qn]"); pieces on squares outside the files x ranks rectangle follow in
 * braces as piece@square ("{K@wpal,n@bt1}"); a marked piece has its mark in parentheses
 * after its letter ("N(1)"); castling rights may also be given by the partner's file
 * (Shredder-FEN "HAha"). A position without such squares, pieces or marks is plain FEN. */
#include "engine/pos.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/tables.h"
#include "util/buf.h"

void pos_set_ep(struct pos *p, sq_t ep, sq_t victim);

static void pos_clear(struct pos *p, const struct variant *v)
{
	memset(p, 0, offsetof(struct pos, board));
	memset(p->board, 0, sizeof p->board);
	memset(p->mark, 0, sizeof p->mark);
	p->v = v;
	p->ep = p->ep_victim = SQ_NONE;
	p->royal[0] = p->royal[1] = SQ_NONE;
	p->fullmove = 1;
}

static void place(struct pos *p, piece_t pc, sq_t s)
{
	const struct tables *T = p->v->t;
	enum color c = PIECE_COLOR(pc);

	p->board[s] = pc;
	p->pidx[s] = p->npieces[c];
	p->plist[c][p->npieces[c]++] = s;
	p->count[pc]++;
	p->key ^= T->zob[(size_t)pc * (size_t)T->nsq + s];
	if (T->royal_mask >> PIECE_TYPE(pc) & 1) {
		p->nroyal[c]++;
		p->royal[c] = s;
	}
}

static int piece_from_char(const struct variant *v, char ch, piece_t *pc)
{
	int t = variant_type_by_letter(v, ch);

	if (t < 0 || !isalpha((unsigned char)ch))
		return -1;
	*pc = PIECE_MAKE(t, isupper((unsigned char)ch) ? WHITE : BLACK);
	return 0;
}

/* An optional mark after a piece letter: "(1)" to "(255)". Advances *s past it. */
static int parse_mark(const char **s, uint8_t *mark, struct err *e)
{
	char *end;
	long n;

	*mark = 0;
	if (**s != '(')
		return 0;
	n = strtol(*s + 1, &end, 10);
	if (end == *s + 1 || *end != ')' || n < 1 || n > 255)
		return err_set(e, "a mark is written (1) to (255), not '%.6s'", *s);
	*mark = (uint8_t)n;
	*s = end + 1;
	return 0;
}

static void place_marked(struct pos *p, piece_t pc, sq_t s, uint8_t mark)
{
	place(p, pc, s);
	if (mark) {
		p->mark[s] = mark;
		p->nmarked++;
		p->key ^= pos_mark_key(s, mark);
	}
}

/* Pieces in hand up to ']'; returns the rest of the text after it. */
static const char *parse_hand(struct pos *p, const char *s, struct err *e)
{
	for (; *s != ']'; s++) {
		piece_t pc;
		if (!*s)
			return err_set(e, "the hand '[' has no ']'"), NULL;
		if (*s == '-')
			continue;
		if (piece_from_char(p->v, *s, &pc) < 0)
			return err_set(e, "'%c' in the hand is not a piece of %s", *s, p->v->name),
			       NULL;
		if (p->hand[PIECE_COLOR(pc)][PIECE_TYPE(pc)] == 255)
			return err_set(e, "more than 255 of '%c' in the hand", *s), NULL;
		p->hand[PIECE_COLOR(pc)][PIECE_TYPE(pc)]++;
	}
	return s + 1;
}

static bool in_rectangle(const struct variant *v, sq_t s)
{
	return v->file_of[s] >= 0 && v->file_of[s] < v->files && v->rank_of[s] >= 0 &&
	       v->rank_of[s] < v->ranks;
}

/* Squares outside the rectangle: "{K@wpal,n(2)@bt1}" up to '}'. */
static const char *parse_extra(struct pos *p, const char *s, struct err *e)
{
	const struct variant *v = p->v;

	while (*s != '}') {
		piece_t pc;
		uint8_t mark;
		const char *name;
		size_t n;
		if (piece_from_char(v, *s, &pc) < 0)
			return err_set(e, "'%c' outside the board is not a piece of %s", *s, v->name),
			       NULL;
		s++;
		if (parse_mark(&s, &mark, e) < 0)
			return NULL;
		if (*s != '@')
			return err_set(e, "a piece outside the board is written piece@square"), NULL;
		name = ++s;
		n = strcspn(name, ",}");
		sq_t sq = variant_square_named(v, name, n);
		if (sq == SQ_NONE)
			return err_set(e, "'%.*s' is not a square of %s", (int)n, name, v->name), NULL;
		if (in_rectangle(v, sq))
			return err_set(e, "square %s is on the grid: its piece belongs in the placement",
				       v->sq_name[sq]), NULL;
		if (p->board[sq])
			return err_set(e, "square %s is given twice", v->sq_name[sq]), NULL;
		place_marked(p, pc, sq, mark);
		s = name + n;
		if (*s == ',')
			s++;
		else if (*s != '}')
			return err_set(e, "the squares outside the board end with '}'"), NULL;
	}
	return s + 1;
}

/* The placement field: ranks from the top, '/' between them. */
static int parse_placement(struct pos *p, const char *f, struct err *e)
{
	const struct variant *v = p->v;
	int rank = v->ranks - 1, file = 0;
	const char *s = f;

	for (; *s && *s != '[' && *s != '{'; s++) {
		if (*s == '/') {
			if (file != v->files)
				return err_set(e, "rank %d has %d squares, not %d", rank + 1, file,
					       v->files);
			if (--rank < 0)
				return err_set(e, "more than %d ranks", v->ranks);
			file = 0;
		} else if (isdigit((unsigned char)*s)) {
			char *end;
			long n = strtol(s, &end, 10);
			/* n > files first: file + n would overflow for a huge count */
			if (n < 1 || n > v->files || file + n > v->files)
				return err_set(e, "rank %d is longer than %d squares", rank + 1, v->files);
			file += (int)n;
			s = end - 1;
		} else {
			piece_t pc;
			sq_t sq;
			if (piece_from_char(v, *s, &pc) < 0)
				return err_set(e, "'%c' is not a piece of %s", *s, v->name);
			uint8_t mark;
			if (file >= v->files)
				return err_set(e, "rank %d is longer than %d squares", rank + 1, v->files);
			sq = variant_square_at(v, file++, rank);
			if (sq == SQ_NONE)
				return err_set(e, "rank %d has no square at file %d", rank + 1, file);
			s++;
			if (parse_mark(&s, &mark, e) < 0)
				return -1;
			s--;
			place_marked(p, pc, sq, mark);
		}
	}
	if (rank != 0 || file != v->files)
		return err_set(e, "the placement '%.*s' does not fill the %dx%d board",
			       (int)(s - f), f, v->files, v->ranks);
	if (*s == '[' && !(s = parse_hand(p, s + 1, e)))
		return -1;
	if (*s == '{' && !(s = parse_extra(p, s + 1, e)))
		return -1;
	if (*s)
		return err_set(e, "'%s' after the placement is neither [hand] nor {squares}", s);
	return 0;
}

static const char *color_name(enum color c)
{
	return c == WHITE ? "White" : "Black";
}

static int parse_castling(struct pos *p, const char *f, struct err *e)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;

	if (!strcmp(f, "-"))
		return 0;
	for (; *f; f++) {
		enum color c = isupper((unsigned char)*f) ? WHITE : BLACK;
		char up = (char)toupper((unsigned char)*f);
		int found = -1;
		for (int i = 0; i < v->ncastle && found < 0; i++) {
			const struct castle_rt *r = &T->castle[c][i];
			if (v->castle[i].fen == up ||
			    (up >= 'A' && up - 'A' == v->file_of[r->partner_from] &&
			     v->castle[i].fen != up))
				found = i;
		}
		if (found < 0)
			return err_set(e, "castling right '%c' does not exist in %s", *f, v->name);
		const struct castle_rt *r = &T->castle[c][found];
		piece_t k = p->board[r->royal_from], q = p->board[r->partner_from];
		if (!k || PIECE_COLOR(k) != c || !v->type[PIECE_TYPE(k)].royal ||
		    !q || PIECE_COLOR(q) != c || !v->type[PIECE_TYPE(q)].castling_partner)
			return err_set(e, "castling right '%c' needs %s's royal piece on %s and its "
				       "partner on %s", *f, color_name(c),
				       variant_square_name(v, r->royal_from),
				       variant_square_name(v, r->partner_from));
		p->castle |= (uint8_t)(1u << r->bit);
	}
	return 0;
}

static int parse_ep(struct pos *p, const char *f, struct err *e)
{
	const struct variant *v = p->v;
	sq_t ep, victim, origin;
	int dir = p->side == WHITE ? -1 : 1;    /* towards the pawn that just moved */

	if (!strcmp(f, "-"))
		return 0;
	ep = variant_square_named(v, f, strlen(f));
	if (ep == SQ_NONE)
		return err_set(e, "en-passant field '%s' is not a square", f);
	victim = variant_square_at(v, v->file_of[ep], v->rank_of[ep] + dir);
	origin = variant_square_at(v, v->file_of[ep], v->rank_of[ep] - dir);
	piece_t pc = victim == SQ_NONE ? PIECE_NONE : p->board[victim];
	if (p->board[ep] || origin == SQ_NONE || p->board[origin] || !pc ||
	    PIECE_COLOR(pc) == p->side || !(v->t->ep_mask >> PIECE_TYPE(pc) & 1))
		return err_set(e, "en-passant square %s does not follow a two-square pawn step",
			       f);
	pos_set_ep(p, ep, victim);
	return 0;
}

static int parse_counter(const char *f, long lo, long hi, long *out, const char *what,
			 struct err *e)
{
	char *end;
	long n = strtol(f, &end, 10);

	if (end == f || *end || n < lo || n > hi)
		return err_set(e, "%s '%s' is not a number from %ld to %ld", what, f, lo, hi);
	*out = n;
	return 0;
}

/* Positions the rules cannot reach or the engine cannot judge. */
static int check_sanity(struct pos *p, struct err *e)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;

	for (int c = 0; c < 2 && T->royal_mask; c++)
		if (p->nroyal[c] != 1) {
			int t = __builtin_ctz(T->royal_mask);
			return err_set(e, "%s has %d %s%s; the position needs exactly one",
				       color_name((enum color)c), p->nroyal[c], v->type[t].name,
				       p->nroyal[c] == 1 ? "" : "s");
		}
	for (int c = 0; c < 2; c++)
		for (int i = 0; i < p->npieces[c]; i++) {
			sq_t s = p->plist[c][i];
			const struct piece_def *pd = &v->type[PIECE_TYPE(p->board[s])];
			int rr = variant_relative_rank(v, s, (enum color)c);
			if (pd->pawn.is_pawn && !pd->pawn.may_rest &&
			    (pd->pawn.promotion_ranks & variant_rank_bit(rr)))
				return err_set(e, "the %s %s on %s should have promoted",
					       c == WHITE ? "white" : "black", pd->name,
					       variant_square_name(v, s));
		}
	p->side = COLOR_OTHER(p->side);
	bool bad = movegen_in_check(p);
	p->side = COLOR_OTHER(p->side);
	if (bad)
		return err_set(e, "%s is in check but it is %s's turn",
			       color_name(COLOR_OTHER(p->side)), color_name(p->side));
	return 0;
}

static int parse_fen(struct pos *p, const struct variant *v, const char *fen, struct err *e)
{
	char buf[FEN_MAX], *field[7], *save = NULL;
	int n = 0;
	long num;

	if (!v->t)
		return err_set(e, "variant %s is not compiled", v->name);
	if (strlen(fen) >= sizeof buf)
		return err_set(e, "the FEN is too long");
	snprintf(buf, sizeof buf, "%s", fen);
	for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == 6)
			return err_set(e, "the FEN has more than six fields");
		field[n++] = tok;
	}
	if (n < 2)
		return err_set(e, "a FEN needs at least the placement and the side to move");
	pos_clear(p, v);
	if (parse_placement(p, field[0], e) < 0)
		return -1;
	if (strcmp(field[1], "w") && strcmp(field[1], "b"))
		return err_set(e, "side to move '%s' is neither w nor b", field[1]);
	p->side = field[1][0] == 'w' ? WHITE : BLACK;
	if (p->side == BLACK)
		p->key ^= v->t->zob_side;
	if (n > 2 && parse_castling(p, field[2], e) < 0)
		return -1;
	p->key ^= v->t->zob_castle[p->castle];
	if (n > 3 && parse_ep(p, field[3], e) < 0)
		return -1;
	if (n > 4) {
		if (parse_counter(field[4], 0, 65535, &num, "half-move clock", e) < 0)
			return -1;
		p->halfmove = (uint16_t)num;
	}
	if (n > 5) {
		if (parse_counter(field[5], 1, 1000000, &num, "move number", e) < 0)
			return -1;
		p->fullmove = (uint32_t)num;
	}
	return check_sanity(p, e);
}

int pos_from_fen(struct pos *p, const struct variant *v, const char *fen, struct err *e)
{
	if (parse_fen(p, v, fen, e) < 0) {
		err_prefix(e, "bad FEN: ");
		return -1;
	}
	return 0;
}

int pos_start(struct pos *p, const struct variant *v, struct err *e)
{
	return pos_from_fen(p, v, v->setup, e);
}

static size_t put_str(char *buf, size_t len, size_t at, const char *s)
{
	while (*s && at + 1 < len)
		buf[at++] = *s++;
	buf[at < len ? at : len - 1] = 0;
	return at;
}

/* A piece's letter and its mark, if it has one. */
static size_t put_piece(const struct pos *p, sq_t s, char *buf, size_t len, size_t at)
{
	char tmp[8];

	tmp[0] = variant_piece_char(p->v, p->board[s]), tmp[1] = 0;
	at = put_str(buf, len, at, tmp);
	if (p->mark[s]) {
		snprintf(tmp, sizeof tmp, "(%u)", (unsigned)p->mark[s]);
		at = put_str(buf, len, at, tmp);
	}
	return at;
}

/* The occupied squares outside the rectangle, in the variant's order of squares. */
static size_t put_extra(const struct pos *p, char *buf, size_t len, size_t at)
{
	const struct variant *v = p->v;
	bool first = true;

	for (sq_t s = 0; s < v->nsq; s++) {
		if (!p->board[s] || in_rectangle(v, s))
			continue;
		at = put_str(buf, len, at, first ? "{" : ",");
		first = false;
		at = put_piece(p, s, buf, len, at);
		at = put_str(buf, len, at, "@");
		at = put_str(buf, len, at, v->sq_name[s]);
	}
	return first ? at : put_str(buf, len, at, "}");
}

void pos_to_fen(const struct pos *p, char *buf, size_t len)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;
	char tmp[24];
	size_t at = 0;

	for (int r = v->ranks - 1; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < v->files; f++) {
			sq_t s = variant_square_at(v, f, r);
			if (s == SQ_NONE || !p->board[s]) {
				empty++;
				continue;
			}
			if (empty)
				fmt_uint(tmp, (unsigned)empty), at = put_str(buf, len, at, tmp);
			empty = 0;
			at = put_piece(p, s, buf, len, at);
		}
		if (empty)
			fmt_uint(tmp, (unsigned)empty), at = put_str(buf, len, at, tmp);
		if (r)
			at = put_str(buf, len, at, "/");
	}
	bool hand = false;
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < v->ntypes; t++)
			hand |= p->hand[c][t] != 0;
	if (hand) {
		at = put_str(buf, len, at, "[");
		for (int c = 0; c < 2; c++)
			for (int t = 0; t < v->ntypes; t++)
				for (int k = 0; k < p->hand[c][t]; k++) {
					tmp[0] = variant_piece_char(v, PIECE_MAKE(t, c)), tmp[1] = 0;
					at = put_str(buf, len, at, tmp);
				}
		at = put_str(buf, len, at, "]");
	}
	at = put_extra(p, buf, len, at);
	at = put_str(buf, len, at, p->side == WHITE ? " w " : " b ");
	size_t before = at;
	for (int c = 0; c < 2; c++)
		for (char want = 'K'; want; want = want == 'K' ? 'Q' : 0)
			for (int i = 0; i < v->ncastle; i++)
				if (v->castle[i].fen == want && (p->castle >> T->castle[c][i].bit & 1)) {
					tmp[0] = c == WHITE ? want : (char)tolower(want), tmp[1] = 0;
					at = put_str(buf, len, at, tmp);
				}
	if (at == before)
		at = put_str(buf, len, at, "-");
	/* digits without snprintf: every reply writes its position's FEN */
	at = put_str(buf, len, at, " ");
	at = put_str(buf, len, at, p->ep == SQ_NONE ? "-" : variant_square_name(v, p->ep));
	at = put_str(buf, len, at, " ");
	fmt_uint(tmp, p->halfmove);
	at = put_str(buf, len, at, tmp);
	at = put_str(buf, len, at, " ");
	fmt_uint(tmp, p->fullmove);
	put_str(buf, len, at, tmp);
}
