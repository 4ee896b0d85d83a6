/* notation.c: SAN and coordinate output, and the lenient move reader (see notation.h). */
#include "engine/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/chains.h"
#include "engine/movegen.h"
#include "engine/tables.h"

/* ---- output ---- */

/* Pawns go without a letter in SAN: the only pawn type, or the one lettered P. */
static bool letter_omitted(const struct variant *v, int type)
{
	int pawns = 0;

	for (int t = 0; t < v->ntypes; t++)
		pawns += v->type[t].pawn.is_pawn;
	/* with several pawn types (TigerChess's Pikemen and Swordsmen), SAN's P goes unsaid */
	return v->type[type].pawn.is_pawn && (pawns == 1 || v->type[type].letter == 'P');
}

static size_t append(char *buf, size_t len, size_t at, const char *s)
{
	while (*s && at + 1 < len)
		buf[at++] = *s++;
	if (len)
		buf[at < len ? at : len - 1] = 0;
	return at;
}

static size_t append_char(char *buf, size_t len, size_t at, char c)
{
	char s[2] = { c, 0 };

	return append(buf, len, at, s);
}

/* A capture chain as its squares: the start, then every landing, joined by `sep`
 * ("c3xe5xg7"; coordinates join them with nothing: "c3e5g7"). */
static size_t chain_text(const struct pos *p, struct move m, const char *sep, char *buf,
			 size_t len, size_t at)
{
	struct chain_path jp;

	at = append(buf, len, at, p->v->sq_name[m.from]);
	if (chains_path(p, m, &jp) < 0)
		return append(buf, len, at, "?");
	for (int i = 0; i < jp.n; i++) {
		at = append(buf, len, at, sep);
		at = append(buf, len, at, p->v->sq_name[jp.land[i]]);
	}
	return at;
}

static bool is_capture(const struct pos *p, struct move m)
{
	return m.kind == MOVE_EN_PASSANT || m.kind == MOVE_CHAIN ||
	       (m.kind != MOVE_CASTLE && m.kind != MOVE_DROP && p->board[m.to] != PIECE_NONE);
}

/* "", a file, a rank or a square: whatever tells m's piece apart from its twins. */
static size_t disambiguate(struct pos *p, struct move m, const struct movelist *legal,
			   char *buf, size_t len, size_t at)
{
	const struct variant *v = p->v;
	struct movelist own;
	const struct movelist *ml = legal;
	piece_t pc = p->board[m.from];
	bool twin = false, same_file = false, same_rank = false;

	if (!ml) {
		movegen_legal(p, &own);
		ml = &own;
	}
	for (int i = 0; i < ml->n; i++) {
		struct move o = ml->m[i];
		if (o.to != m.to || o.from == m.from || o.kind == MOVE_CASTLE ||
		    o.kind == MOVE_DROP || p->board[o.from] != pc)
			continue;
		twin = true;
		same_file |= v->file_of[o.from] == v->file_of[m.from];
		same_rank |= v->rank_of[o.from] == v->rank_of[m.from];
	}
	if (!twin)
		return at;
	const char *name = v->sq_name[m.from];
	bool grid = m.from < v->files * v->ranks;
	if (grid && !same_file)
		return append_char(buf, len, at, name[0]);
	if (grid && !same_rank)
		return append(buf, len, at, name + 1);
	return append(buf, len, at, name);
}

static size_t append_check(struct pos *p, struct move m, char *buf, size_t len, size_t at)
{
	struct undo u;

	pos_make(p, m, &u);
	if (movegen_in_check(p))
		at = append_char(buf, len, at, movegen_count(p) ? '+' : '#');
	pos_unmake(p, m, &u);
	return at;
}

void notation_san(struct pos *p, struct move m, char *buf, size_t len)
{
	notation_san_in(p, m, NULL, buf, len);
}

void notation_san_in(struct pos *p, struct move m, const struct movelist *legal, char *buf,
		     size_t len)
{
	const struct variant *v = p->v;
	size_t at = append(buf, len, 0, "");

	if (m.kind == MOVE_CASTLE) {
		at = append(buf, len, at, v->castle[m.castle].san);
	} else if (m.kind == MOVE_DROP) {
		at = append_char(buf, len, at, v->type[m.promo - 1].letter);
		at = append_char(buf, len, at, '@');
		at = append(buf, len, at, v->sq_name[m.to]);
	} else if (m.kind == MOVE_CHAIN) {
		at = chain_text(p, m, "x", buf, len, at);
		if (m.promo) {                  /* an exchange at the chain's end */
			at = append_char(buf, len, at, '=');
			at = append_char(buf, len, at, v->type[m.promo - 1].letter);
		}
	} else {
		int type = PIECE_TYPE(p->board[m.from]);
		bool capture = is_capture(p, m);
		if (letter_omitted(v, type)) {
			if (capture && m.from < v->files * v->ranks) {
				char fn[3];
				variant_file_name(v->file_of[m.from], fn);
				at = append(buf, len, at, fn);
			}
			else if (capture)
				at = append(buf, len, at, v->sq_name[m.from]);
		} else {
			at = append_char(buf, len, at, v->type[type].letter);
			at = disambiguate(p, m, legal, buf, len, at);
		}
		if (capture)
			at = append_char(buf, len, at, 'x');
		at = append(buf, len, at, v->sq_name[m.to]);
		if (m.promo) {
			at = append_char(buf, len, at, '=');
			at = append_char(buf, len, at, v->type[m.promo - 1].letter);
		}
	}
	append_check(p, m, buf, len, at);
}

void notation_coord(const struct pos *p, struct move m, char *buf, size_t len)
{
	const struct variant *v = p->v;
	size_t at = append(buf, len, 0, "");

	if (m.kind == MOVE_DROP) {
		at = append_char(buf, len, at, v->type[m.promo - 1].letter);
		at = append_char(buf, len, at, '@');
		append(buf, len, at, v->sq_name[m.to]);
		return;
	}
	if (m.kind == MOVE_CHAIN)
		at = chain_text(p, m, "", buf, len, at);
	else {
		at = append(buf, len, at, v->sq_name[m.from]);
		at = append(buf, len, at, v->sq_name[m.to]);
	}
	if (m.promo)
		append_char(buf, len, at, (char)tolower((unsigned char)v->type[m.promo - 1].letter));
}

/* ---- input ---- */

/* What a reading of the text asks for. -1 / SQ_NONE: not constrained. */
struct want {
	int type;               /* -1 any piece; -2 a letterless pawn */
	int from_file, from_rank;
	sq_t from;
	sq_t to;
	int promo;              /* type promoted to, -1 none given */
	bool capture;           /* an 'x' was written */
};

/* Removes move numbers, annotations, check signs and "e.p.", spaces, figurines. */
static void normalize(const char *text, char *out, size_t len)
{
	static const struct { const char *glyph; char letter; } figurines[] = {
		{ "\xe2\x99\x94", 'K' }, { "\xe2\x99\x95", 'Q' }, { "\xe2\x99\x96", 'R' },
		{ "\xe2\x99\x97", 'B' }, { "\xe2\x99\x98", 'N' }, { "\xe2\x99\x99", 'P' },
		{ "\xe2\x99\x9a", 'K' }, { "\xe2\x99\x9b", 'Q' }, { "\xe2\x99\x9c", 'R' },
		{ "\xe2\x99\x9d", 'B' }, { "\xe2\x99\x9e", 'N' }, { "\xe2\x99\x9f", 'P' },
	};
	size_t n = 0;
	const char *s = text;

	while (isspace((unsigned char)*s))
		s++;
	const char *num = s;
	while (isdigit((unsigned char)*num))
		num++;
	if (num > s && *num == '.') {           /* "12." or "12..." before the move */
		while (*num == '.')
			num++;
		s = num;
	}
	for (; *s && n + 1 < len; s++) {
		bool glyph = false;
		/* every figurine is three bytes starting with 0xE2 */
		for (size_t g = 0; *s == '\xe2' && g < sizeof figurines / sizeof figurines[0] && !glyph;
		     g++)
			if (!strncmp(s, figurines[g].glyph, 3)) {
				out[n++] = figurines[g].letter;
				s += 2;
				glyph = true;
			}
		if (!glyph && !isspace((unsigned char)*s))
			out[n++] = *s;
	}
	out[n] = 0;
	for (;;) {                              /* trailing decorations */
		size_t k = strlen(out);
		if (k >= 4 && !strcasecmp(out + k - 4, "e.p."))
			out[k - 4] = 0;
		else if (k >= 3 && !strcasecmp(out + k - 3, "e.p"))
			out[k - 3] = 0;
		else if (k >= 3 && (!strcmp(out + k - 2, "ep") || !strcmp(out + k - 2, "EP")) &&
			 isdigit((unsigned char)out[k - 3]))
			out[k - 2] = 0;
		else if (k && strchr("+#!?", out[k - 1]))
			out[k - 1] = 0;
		else
			break;
	}
}

/* A piece type's name as a phrase (each language names it), in lower case. */
static const char *type_name(const struct variant *v, int type, char *buf, size_t len)
{
	char lower[PIECE_NAME_MAX];

	snprintf(lower, sizeof lower, "%s", v->type[type].name);
	for (char *c = lower; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return phrase_word(buf, len, NULL, lower);
}

static int royal_type(const struct variant *v)
{
	for (int t = 0; t < v->ntypes; t++)
		if (v->type[t].royal)
			return t;
	return -1;
}

/* ---- castling ---- */

/* Why a castling the rules define is not legal now. */
static int castle_reason(struct pos *p, int i, const char *text, struct err *e)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;
	const struct castle_rt *r = &T->castle[p->side][i];
	char rn[PIECE_NAME_MAX + 8];
	int rt = royal_type(v);
	const char *royal = rt >= 0 ? type_name(v, rt, rn, sizeof rn) : N_("royal piece");

	if (!(p->castle >> r->bit & 1))
		return err_phrase(e, "'%s': you can no longer castle that way (your %s or that "
			       "partner has moved)", text, royal);
	for (int k = 0; k < r->nempty; k++)
		if (p->board[r->empty[k]])
			return err_phrase(e, "'%s': you cannot castle while %s is occupied", text,
				       v->sq_name[r->empty[k]]);
	if (movegen_in_check(p))
		return err_phrase(e, "'%s': you cannot castle out of check", text);
	for (int k = 0; k < r->nsafe; k++)
		if (movegen_attacked(p, r->safe[k], COLOR_OTHER(p->side)))
			return err_phrase(e, "'%s': your %s would %s %s, which is attacked", text, royal,
				       r->safe[k] == r->royal_to ? N_("land on") : N_("pass"),
				       v->sq_name[r->safe[k]]);
	return err_phrase(e, "'%s': castling would leave your %s in check", text, royal);
}

static int parse_castle(struct pos *p, const char *s, const char *text, struct move *out,
			struct err *e)
{
	const struct variant *v = p->v;
	char norm[16];
	size_t n = 0;

	for (; *s && n + 1 < sizeof norm; s++)
		norm[n++] = (*s == '0' || *s == 'o') ? 'O' : *s;
	norm[n] = 0;
	for (int i = 0; i < v->ncastle; i++) {
		if (strcmp(norm, v->castle[i].san))
			continue;
		struct movelist ml;
		movegen_legal(p, &ml);
		for (int k = 0; k < ml.n; k++)
			if (ml.m[k].kind == MOVE_CASTLE && ml.m[k].castle == i) {
				*out = ml.m[k];
				return 0;
			}
		return castle_reason(p, i, text, e);
	}
	return 1;               /* not a castling */
}

/* ---- reading the squares ---- */

/* The square written at the end of s[0..n), if any: its length, or 0. A name that starts
 * with a capital (a piece letter) gives way to the shorter square after it: "Sa4" is a
 * Swordsman to a4, not TigerChess's waiting place sa4, which no move reaches. */
static size_t square_suffix(const struct variant *v, const char *s, size_t n, sq_t *sq)
{
	for (size_t k = n < 7 ? n : 7; k >= 2; k--) {
		sq_t q = variant_square_named(v, s + n - k, k);
		if (q != SQ_NONE && k > 2 && isupper((unsigned char)s[n - k]) &&
		    square_suffix(v, s + n - k + 1, k - 1, &(sq_t){ 0 }))
			continue;
		if (q != SQ_NONE) {
			*sq = q;
			return k;
		}
	}
	return 0;
}

/* Looks like a square ("f9", "i3") without being one? Then say so. */
static int not_a_square(const char *s, size_t n, const char *text, struct err *e)
{
	size_t d = 0;

	while (d < n && isdigit((unsigned char)s[n - 1 - d]))
		d++;
	if (d >= 1 && d <= 2 && n > d && isalpha((unsigned char)s[n - 1 - d]))
		return err_phrase(e, "'%s': '%.*s' is not a square", text, (int)(d + 1), s + n - 1 - d);
	return err_phrase(e, "'%s' is not a move I can read (examples: Nf3, e4, exd5, O-O, "
		       "e7e8q, Ng1-f3)", text);
}

/* An origin spec: "", a file, a rank or a square. */
static bool parse_origin(const struct variant *v, const char *s, size_t n, struct want *w)
{
	w->from_file = w->from_rank = -1;
	w->from = SQ_NONE;
	if (n == 0)
		return true;
	if (n <= 2 && islower((unsigned char)s[0]) && islower((unsigned char)s[n - 1]) &&
	    (w->from_file = variant_file_named(v, s, n)) >= 0)
		return true;
	bool digits = true;
	for (size_t i = 0; i < n; i++)
		digits &= isdigit((unsigned char)s[i]) != 0;
	if (digits && n <= 2) {
		int r = s[0] - '0';
		if (n == 2)
			r = r * 10 + (s[1] - '0');
		if (r < 1 || r > v->ranks)
			return false;
		w->from_rank = r - 1;
		return true;
	}
	w->from = variant_square_named(v, s, n);
	return w->from != SQ_NONE;
}

static bool matches(const struct pos *p, const struct want *w, struct move m)
{
	const struct variant *v = p->v;

	if (m.kind == MOVE_DROP || m.to != w->to || (m.kind == MOVE_CHAIN && !w->capture))
		return false;
	int type = PIECE_TYPE(p->board[m.from]);
	if (m.kind == MOVE_CASTLE)      /* "e1g1", "Ke1-g1": the royal piece's move */
		return w->from == m.from && (w->type == -1 || w->type == type);
	if (w->type == -2 ? !letter_omitted(v, type) : (w->type >= 0 && type != w->type))
		return false;
	if (w->from != SQ_NONE && m.from != w->from)
		return false;
	if (w->from_file >= 0 && v->file_of[m.from] != w->from_file)
		return false;
	if (w->from_rank >= 0 && v->rank_of[m.from] != w->from_rank)
		return false;
	if (w->promo >= 0 && m.promo && m.promo - 1 != w->promo)
		return false;
	return true;
}

/* Up to three readings of the text before the destination: with a piece letter (as
 * written, or lower case as in "ng1f3"), or none. */
static int readings(const struct variant *v, const char *s, size_t n, struct want base,
		    struct want out[3])
{
	int k = 0;
	int t = n ? variant_type_by_letter(v, s[0]) : -1;

	if (n && t >= 0 && isupper((unsigned char)s[0])) {
		out[k] = base, out[k].type = t;
		if (parse_origin(v, s + 1, n - 1, &out[k]))
			k++;
	}
	out[k] = base;
	out[k].type = -1;
	if (parse_origin(v, s, n, &out[k])) {
		if (out[k].from == SQ_NONE)
			out[k].type = -2;       /* "e4", "exd5": SAN pawn moves */
		k++;
	}
	if (n && t >= 0 && islower((unsigned char)s[0])) {
		out[k] = base, out[k].type = t;
		if (parse_origin(v, s + 1, n - 1, &out[k]))
			k++;
	}
	return k;
}

/* The promotion piece at the end of s, if one is written: "=Q", "(Q)", "/Q", "Q". */
static size_t promo_suffix(const struct variant *v, const char *s, size_t n, int *promo,
			   char *letter)
{
	*promo = -1;
	if (n >= 3 && s[n - 1] == ')' && s[n - 3] == '(') {
		*letter = s[n - 2];
		*promo = variant_type_by_letter(v, s[n - 2]);
		return *promo >= 0 || isalpha((unsigned char)s[n - 2]) ? 3 : 0;
	}
	if (n >= 2 && (s[n - 2] == '=' || s[n - 2] == '/') && isalpha((unsigned char)s[n - 1])) {
		*letter = s[n - 1];
		*promo = variant_type_by_letter(v, s[n - 1]);
		return 2;
	}
	if (n >= 3 && isalpha((unsigned char)s[n - 1]) && isdigit((unsigned char)s[n - 2])) {
		*letter = s[n - 1];
		*promo = variant_type_by_letter(v, s[n - 1]);
		return 1;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* "Nbd2 or Nfd2": the candidates in SAN, sorted so that the message is stable. */
static void list_san(struct pos *p, const struct move *m, int n, char *buf, size_t len)
{
	char (*san)[SAN_MAX] = malloc((size_t)n * SAN_MAX);
	size_t at = append(buf, len, 0, "");

	if (!san)
		return;
	for (int i = 0; i < n; i++)
		notation_san(p, m[i], san[i], SAN_MAX);
	qsort(san, (size_t)n, SAN_MAX, cmp_str);
	for (int i = 0; i < n; i++) {
		if (i)
			at = append(buf, len, at, i == n - 1 ? N_(" or ") : ", ");
		at = append(buf, len, at, san[i]);
	}
	free(san);
}

/* The promotion choices of the moves in m (all to one square) in the variant's own
 * pieces, letter and name: "Q (queen), R (rook), B (bishop) or N (knight)". */
static void list_promos(const struct variant *v, const struct move *m, int n, char *buf,
			size_t len)
{
	size_t at = append(buf, len, 0, "");
	int done = 0;
	uint32_t seen = 0;

	for (int i = 0; i < n; i++)
		if (m[i].promo && !(seen >> (m[i].promo - 1) & 1))
			seen |= 1u << (m[i].promo - 1), done++;
	for (int t = 0, k = 0; t < v->ntypes; t++)
		if (seen >> t & 1) {
			if (k++)
				at = append(buf, len, at, k == done ? N_(" or ") : ", ");
			char name[PIECE_NAME_MAX + 8];
			at = append_char(buf, len, at, v->type[t].letter);
			at = append(buf, len, at, " (");
			at = append(buf, len, at, type_name(v, t, name, sizeof name));
			at = append(buf, len, at, ")");
		}
}

/* No legal move fits: find the most useful reason. */
static int explain(struct pos *p, const struct want *w, char promo_letter, const char *text,
		   struct err *e)
{
	const struct variant *v = p->v;
	struct movelist ml;
	struct move fit[MOVES_MAX];
	char tn[PIECE_NAME_MAX + 8], rn[PIECE_NAME_MAX + 8], list[256];
	int nfit = 0, rt = royal_type(v);
	piece_t at_to = p->board[w->to];

	struct want any = *w;

	any.promo = -1;
	movegen_pseudo(p, &ml);
	for (int i = 0; i < ml.n; i++)
		if (matches(p, &any, ml.m[i]))
			fit[nfit++] = ml.m[i];
	if (nfit && promo_letter && !fit[0].promo)
		return err_phrase(e, "'%s': a move to %s is not a promotion", text, v->sq_name[w->to]);
	if (nfit && promo_letter) {
		bool chosen = false;
		for (int i = 0; i < nfit; i++)
			chosen |= matches(p, w, fit[i]);
		list_promos(v, fit, nfit, list, sizeof list);
		if (!chosen)
			return err_phrase(e, "'%s': on %s you can promote to %s, not %c", text,
				       v->sq_name[w->to], list, promo_letter);
	}
	if (nfit)
		return err_phrase(e, "'%s' would leave your %s in check", text,
			       rt >= 0 ? type_name(v, rt, rn, sizeof rn) : N_("royal piece"));
	if (w->from != SQ_NONE) {
		piece_t q = p->board[w->from];
		if (!q)
			return err_phrase(e, "'%s': there is no piece on %s", text, v->sq_name[w->from]);
		if (PIECE_COLOR(q) != p->side)
			return err_phrase(e, "'%s': the piece on %s is not yours", text,
				       v->sq_name[w->from]);
		if (w->type >= 0 && PIECE_TYPE(q) != w->type)
			return err_phrase(e, "'%s': the piece on %s is a %s, not a %s", text,
				       v->sq_name[w->from], type_name(v, PIECE_TYPE(q), rn, sizeof rn),
				       type_name(v, w->type, tn, sizeof tn));
	}
	if (at_to && PIECE_COLOR(at_to) == p->side)
		return err_phrase(e, "'%s': %s is occupied by your own %s", text, v->sq_name[w->to],
			       type_name(v, PIECE_TYPE(at_to), rn, sizeof rn));
	if (w->capture && !at_to && w->to != p->ep)
		return err_phrase(e, "'%s': there is nothing to capture on %s", text, v->sq_name[w->to]);
	int type = w->type;
	if (type == -2)
		for (int t = 0; t < v->ntypes; t++)
			if (letter_omitted(v, t))
				type = t;
	if (type >= 0 && !p->count[PIECE_MAKE(type, p->side)])
		return err_phrase(e, "'%s': you have no %s", text, type_name(v, type, tn, sizeof tn));
	if (w->from != SQ_NONE)
		return err_phrase(e, "'%s': the %s on %s cannot move to %s", text,
			       type_name(v, PIECE_TYPE(p->board[w->from]), tn, sizeof tn),
			       v->sq_name[w->from], v->sq_name[w->to]);
	if (type >= 0)
		return err_phrase(e, "'%s': no %s of yours can move to %s", text,
			       type_name(v, type, tn, sizeof tn), v->sq_name[w->to]);
	return err_phrase(e, "'%s': none of your pieces can move to %s", text, v->sq_name[w->to]);
}

/* A capture chain written out in full, "c3xe5xg7" or "c3e5g7" (a piece letter may come
 * first, ':' or '-' may join the squares): 1 and *out set, 0 if no chain reads so. */
static int parse_chain(struct pos *p, const char *s, struct move *out)
{
	const struct variant *v = p->v;
	struct movelist ml;
	char want[192], have[192];
	size_t n = 0;

	if (!v->t->chain_mask)
		return 0;
	for (; *s && n + 1 < sizeof want; s++)
		if (!strchr("xX:-=", *s))
			want[n++] = (char)tolower((unsigned char)*s);
	want[n] = 0;
	movegen_legal(p, &ml);
	/* pass 0: as written, an exchange at the end with its letter ("b4xd6xf8=A"); pass 1:
	 * a compulsory exchange may go unsaid */
	for (int i = 0; i < 2 * ml.n; i++) {
		struct move m = ml.m[i % ml.n];
		if (m.kind != MOVE_CHAIN || (i >= ml.n && !m.promo))
			continue;
		if (i >= ml.n)
			m.promo = 0;
		size_t k = chain_text(p, m, "", have, sizeof have, 0);
		if (m.promo && k + 1 < sizeof have)
			have[k++] = v->type[m.promo - 1].letter, have[k] = 0;
		for (size_t j = 0; j < k; j++)
			have[j] = (char)tolower((unsigned char)have[j]);
		const char *w = want;
		if (strcmp(w, have) && isalpha((unsigned char)w[0]) &&
		    tolower((unsigned char)v->type[PIECE_TYPE(p->board[m.from])].letter) == w[0])
			w++;            /* "Dd3xf5xd7" */
		if (!strcmp(w, have)) {
			*out = ml.m[i % ml.n];
			return 1;
		}
	}
	return 0;
}

/* The one legal move among those the text fits (nfound of them, found), or why there is
 * none: a promotion's letter missing, several moves, a capture or a promotion the text
 * says and the move is not. */
static int choose(struct pos *p, struct move *found, int nfound, char letter, bool capture,
		  const char *text, struct move *out, struct err *e)
{
	const struct variant *v = p->v;

	/* where an exchange may be foregone (TigerChess), the letter tells the two apart */
	int kept = 0;
	for (int i = 0; i < nfound; i++)
		if (!found[i].promo == !letter)
			found[kept++] = found[i];
	if (kept)
		nfound = kept;
	/* several promotions of one pawn: the choice is missing */
	bool same = true;
	for (int i = 1; i < nfound; i++)
		same &= found[i].from == found[0].from && found[i].to == found[0].to;
	if (nfound > 1 && same && found[0].promo) {
		char list[256], pawn[PIECE_NAME_MAX + 8];
		list_promos(v, found, nfound, list, sizeof list);
		return err_phrase(e, "'%s': say what the %s promotes to on %s: %s", text,
			       type_name(v, PIECE_TYPE(p->board[found[0].from]), pawn, sizeof pawn),
			       v->sq_name[found[0].to], list);
	}
	if (nfound > 1) {
		char list[512];
		list_san(p, found, nfound, list, sizeof list);
		return err_phrase(e, "'%s' is ambiguous: %s", text, list);
	}
	if (capture && !is_capture(p, found[0]))
		return err_phrase(e, "'%s': there is nothing to capture on %s", text,
			       v->sq_name[found[0].to]);
	if (letter && !found[0].promo)
		return err_phrase(e, "'%s': a move to %s is not a promotion", text,
			       v->sq_name[found[0].to]);
	*out = found[0];
	return 0;
}

int notation_parse(struct pos *p, const char *text, struct move *out, struct err *e)
{
	const struct variant *v = p->v;
	char s[192];
	struct want base = { .type = -1, .from = SQ_NONE }, rd[3];
	struct movelist ml;
	struct move found[MOVES_MAX];
	int nfound = 0;
	char letter = 0, title[96];

	if (strlen(text) >= sizeof s)
		return err_phrase(e, "'%.20s...' is too long to be a move", text);
	normalize(text, s, sizeof s);
	if (!*s)
		return err_phrase(e, "no move given");
	int rc = parse_castle(p, s, text, out, e);
	if (rc <= 0)
		return rc;
	if (parse_chain(p, s, out))
		return 0;
	size_t n = strlen(s), k = promo_suffix(v, s, n, &base.promo, &letter);
	if (k && base.promo < 0)
		return err_phrase(e, "'%s': '%c' is not a piece of %s", text, letter,
				  phrase_word(title, sizeof title, "variant", v->title));
	n -= k;
	if (!(k = square_suffix(v, s, n, &base.to)))
		return not_a_square(s, n, text, e);
	n -= k;
	if (n && (s[n - 1] == 'x' || s[n - 1] == 'X' || s[n - 1] == ':')) {
		base.capture = true;
		n--;
	} else if (n && s[n - 1] == '-')
		n--;
	int nr = readings(v, s, n, base, rd);
	if (nr == 0)
		return err_phrase(e, "'%s': cannot read '%.*s' as a piece or a square", text, (int)n, s);
	/* the first reading that fits wins: "bxc3" is the b-pawn even if a bishop could go */
	movegen_legal(p, &ml);
	for (int r = 0; r < nr && nfound == 0; r++)
		for (int i = 0; i < ml.n; i++)
			if (matches(p, &rd[r], ml.m[i]))
				found[nfound++] = ml.m[i];
	if (nfound == 0)
		return explain(p, &rd[0], letter, text, e);
	return choose(p, found, nfound, letter, base.capture, text, out, e);
}
