/* chessme_text.c: ChessMe's squares, moves and positions as text (chessme.h). */
#include "kinds/chessme/chessme.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/err.h"
#include "util/phrase.h"

const char *cm_piece_word(char type, char *buf, size_t len)
{
	static const char *const names[] = { "king", "queen", "rook", "bishop", "knight", "pawn" };
	const char *at = strchr("KQRBNP", toupper((unsigned char)type));

	return phrase_word(buf, len, NULL, at && *at ? names[at - "KQRBNP"] : "?");
}

const char *cm_piece_name(char type)
{
	switch (toupper((unsigned char)type)) {
	case 'K': return N_("King");
	case 'Q': return N_("Queen");
	case 'R': return N_("Rook");
	case 'B': return N_("Bishop");
	case 'N': return N_("Knight");
	case 'P': return N_("Pawn");
	default: return "?";
	}
}

/* Files as a spreadsheet's columns: a..z, aa..zz, aaa...; left of a, the same after '-'. */
static void file_name(int x, char *out, size_t len)
{
	char rev[16];
	int n = 0, v = x < 0 ? -x - 1 : x;
	size_t at = 0;

	do {
		rev[n++] = (char)('a' + v % 26);
		v = v / 26 - 1;
	} while (v >= 0 && n < (int)sizeof rev);
	if (x < 0 && at + 1 < len)
		out[at++] = '-';
	while (n > 0 && at + 1 < len)
		out[at++] = rev[--n];
	out[at] = 0;
}

const char *cm_square_name(int x, int y, char out[CM_SQ_MAX])
{
	char f[16];

	file_name(x, f, sizeof f);
	snprintf(out, CM_SQ_MAX, "%s%d", f, y);
	return out;
}

size_t cm_square_read(const char *s, int *x, int *y)
{
	size_t i = 0;
	bool left = s[0] == '-';
	long v = -1, r = 0;

	i += left;
	if (!isalpha((unsigned char)s[i]))
		return 0;
	for (; isalpha((unsigned char)s[i]); i++) {
		v = (v + 1) * 26 + (tolower((unsigned char)s[i]) - 'a');
		if (v > CM_COORD)
			return 0;
	}
	bool below = s[i] == '-';
	i += below;
	if (!isdigit((unsigned char)s[i]))
		return 0;
	for (; isdigit((unsigned char)s[i]); i++)
		if ((r = r * 10 + (s[i] - '0')) > CM_COORD)
			return 0;
	*x = left ? (int)(-v - 1) : (int)v;
	*y = below ? (int)-r : (int)r;
	return i;
}

void cm_move_coord(const struct cm_move *m, char *out, size_t len)
{
	char a[CM_SQ_MAX], b[CM_SQ_MAX];

	snprintf(out, len, "%s%s%s%c", cm_square_name(m->fx, m->fy, a), cm_square_name(m->tx, m->ty, b),
		 m->promo ? "=" : "", m->promo ? m->promo : 0);
}

/* SAN without its check mark; `dis`: 0 minimal disambiguation, 1 none, 2 the square. */
static void san_plain(const struct cm_pos *p, const struct cm_move *m, const struct cm_move *all,
		      int n, int dis, char *out, size_t len)
{
	const struct cm_piece *q = &p->p[cm_at(p, m->fx, m->fy)];
	bool capture = cm_at(p, m->tx, m->ty) >= 0;
	char to[CM_SQ_MAX], from[CM_SQ_MAX], f[16], pre[CM_SQ_MAX + 2] = "";

	cm_square_name(m->tx, m->ty, to);
	cm_square_name(m->fx, m->fy, from);
	file_name(m->fx, f, sizeof f);
	if (q->type == 'P') {
		snprintf(out, len, "%s%s%s%s%c", capture ? f : "", capture ? "x" : "", to,
			 m->promo ? "=" : "", m->promo ? m->promo : 0);
		return;
	}
	bool same_file = false, same_rank = false, other = false;
	for (int i = 0; i < n && dis == 0; i++) {
		const struct cm_move *o = &all[i];
		if ((o->fx == m->fx && o->fy == m->fy) || o->tx != m->tx || o->ty != m->ty ||
		    p->p[cm_at(p, o->fx, o->fy)].type != q->type)
			continue;
		other = true;
		same_file |= o->fx == m->fx;
		same_rank |= o->fy == m->fy;
	}
	if (dis == 2 || (other && same_file && same_rank))
		snprintf(pre, sizeof pre, "%s", from);
	else if (other && !same_file)
		snprintf(pre, sizeof pre, "%s", f);
	else if (other)
		snprintf(pre, sizeof pre, "%d", m->fy);
	snprintf(out, len, "%c%s%s%s", q->type, pre, capture ? "x" : "", to);
}

void cm_move_san(const struct cm_pos *p, const struct cm_move *m, char *out, size_t len)
{
	static struct cm_move all[CM_MOVES];   /* not reentrant: the core is single-threaded */
	int n = cm_legal_moves(p, all, CM_MOVES);
	struct cm_pos after = *p;

	san_plain(p, m, all, n, 0, out, len);
	cm_make(&after, m);
	cm_pass(&after);
	if (cm_in_check(&after, after.side)) {
		struct cm_move reply[1];
		size_t l = strlen(out);
		snprintf(out + l, len - l, "%s", cm_legal_moves(&after, reply, 1) ? "+" : "#");
	}
}

/* The input as compared: without check marks, annotations or a final full stop. */
bool cm_ascii_dashes(const char *in, char *out, size_t len)
{
	size_t at = 0;

	for (const unsigned char *c = (const unsigned char *)in; *c; c++) {
		if (at + 1 >= len)
			return out[at] = 0, false;
		/* U+2212 minus; U+2010 to U+2013: hyphens, figure dash, en dash */
		if ((c[0] == 0xe2 && c[1] == 0x88 && c[2] == 0x92) ||
		    (c[0] == 0xe2 && c[1] == 0x80 && c[2] >= 0x90 && c[2] <= 0x93)) {
			out[at++] = '-';
			c += 2;
		} else {
			out[at++] = (char)*c;
		}
	}
	out[at] = 0;
	return true;
}

static void trimmed(const char *in, char *out, size_t len)
{
	while (isspace((unsigned char)*in))
		in++;
	cm_ascii_dashes(in, out, len);
	size_t n = strlen(out);
	while (n && strchr("+#!?. \t", out[n - 1]))
		out[--n] = 0;
}

/* The ways a player may write move m (docs/orders.md: SAN, long, coordinates, promotions). */
static int forms(const struct cm_pos *p, const struct cm_move *m, const struct cm_move *all,
		 int n, char out[][64])
{
	const struct cm_piece *q = &p->p[cm_at(p, m->fx, m->fy)];
	bool capture = cm_at(p, m->tx, m->ty) >= 0;
	char to[CM_SQ_MAX], from[CM_SQ_MAX], f[16], base[8][64];
	int nb = 0, k = 0;

	cm_square_name(m->tx, m->ty, to);
	cm_square_name(m->fx, m->fy, from);
	file_name(m->fx, f, sizeof f);
	struct cm_move plain = *m;
	plain.promo = 0;
	for (int d = 0; d < 3; d++)
		san_plain(p, &plain, all, n, d, base[nb++], 64);
	snprintf(base[nb++], 64, "%s%s", from, to);
	snprintf(base[nb++], 64, "%sx%s", from, to);
	if (q->type == 'P') {
		snprintf(base[nb++], 64, "P%s%s%s", capture ? f : "", capture ? "x" : "", to);
		if (capture)
			snprintf(base[nb++], 64, "%s%s", f, to);
	} else {
		snprintf(base[nb++], 64, "%c%s%s%s", q->type, f, capture ? "x" : "", to);
		snprintf(base[nb++], 64, "%c%d%s%s", q->type, m->fy, capture ? "x" : "", to);
	}
	for (int b = 0; b < nb; b++) {
		if (!m->promo) {
			snprintf(out[k++], 64, "%s", base[b]);
			continue;
		}
		static const char *const marks[] = { "=%c", "%c", "(%c)", "/%c" };
		for (int i = 0; i < 4; i++) {
			char suffix[8];
			snprintf(suffix, sizeof suffix, marks[i], m->promo);
			snprintf(out[k++], 64, "%s%s", base[b], suffix);
		}
	}
	return k;
}

static bool matches(const char *in, char form[][64], int nf, bool exact)
{
	for (int i = 0; i < nf; i++)
		if (exact ? !strcmp(in, form[i]) : !strcasecmp(in, form[i]))
			return true;
	return false;
}

/* The moves the text names: exact spelling first, then in any case. */
static int named(const struct cm_pos *p, const char *in, const struct cm_move *all, int n,
		 int *hit, int maxhit)
{
	int nh = 0;

	for (int pass = 0; pass < 2 && !nh; pass++)
		for (int i = 0; i < n && nh < maxhit; i++) {
			char form[40][64];
			int nf = forms(p, &all[i], all, n, form);
			if (matches(in, form, nf, pass == 0))
				hit[nh++] = i;
		}
	return nh;
}

/* What a move text names, as far as it can be read: the piece (its letter, a pawn without
 * one), where it comes from (a file, a rank or a square; any), a capture, the square it
 * goes to and the tile a pawn is exchanged for. false if no square ends it. */
struct named {
	char type, promo;
	bool capture;
	int tx, ty;
	char from[CM_SQ_MAX];
};

static bool name_read(const char *in, struct named *w)
{
	char t[64];
	size_t n;

	memset(w, 0, sizeof *w);
	if (strchr(in, '@'))            /* a placement as the record writes it: not a move */
		return false;
	snprintf(t, sizeof t, "%s", in);
	n = strlen(t);
	if (n >= 3 && t[n - 3] == '(' && t[n - 1] == ')')                 /* e6(R) */
		w->promo = t[n - 2], t[n -= 3] = 0;
	else if (n >= 2 && (t[n - 2] == '=' || t[n - 2] == '/'))          /* e6=R, e6/R */
		w->promo = t[n - 1], t[n -= 2] = 0;
	else if (n >= 2 && strchr("QRBN", t[n - 1]) && isdigit((unsigned char)t[n - 2]))
		w->promo = t[n - 1], t[--n] = 0;                          /* e6R */
	w->promo = (char)toupper((unsigned char)w->promo);
	const char *r = t;
	w->type = strchr("KQRBN", r[0]) && r[0] ? r[0] : 'P';
	r += w->type != 'P';
	/* a capture's mark first ("dxe3", not the square "dxe3"), then the longest square */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; r[i]; i++) {
			bool mark = r[i] == 'x' || r[i] == 'X' || r[i] == ':';
			if ((pass == 0 && !mark) ||
			    cm_square_read(r + i + !pass, &w->tx, &w->ty) != strlen(r + i + !pass))
				continue;
			w->capture = pass == 0;
			snprintf(w->from, sizeof w->from, "%.*s", (int)(i < sizeof w->from ? i : 0), r);
			return true;
		}
	return false;
}

/* Does piece q stand where `from` (a file, a rank, a square, or "") says? */
static bool stands(const struct cm_piece *q, const char *from)
{
	char sq[CM_SQ_MAX], f[16], r[16];

	if (!*from)
		return true;
	cm_square_name(q->x, q->y, sq);
	file_name(q->x, f, sizeof f);
	snprintf(r, sizeof r, "%d", q->y);
	return !strcasecmp(from, sq) || !strcasecmp(from, f) || !strcmp(from, r);
}

/* Why piece i may not make the move w names, which its powers allow (ChessMe's own rules,
 * seed "Déplacer une pièce" and "Promotion d'un pion"); "" if nothing forbids it but
 * check. */
static const char *rule_broken(const struct cm_pos *p, int i, const struct named *w)
{
	const struct cm_piece *q = &p->p[i];
	int v = cm_at(p, w->tx, w->ty), back = q->color == 0 ? -1 : 1;
	bool king_rank = false;

	if (!cm_on_grid(w->tx, w->ty))
		return F_("%s lies past the last square that has a name");
	if (w->capture && v < 0)
		return F_("there is nothing to capture on %s");
	if (q->type == 'P' && w->tx != q->x && v < 0)
		return F_("a pawn goes diagonally only to capture, and %s is empty");
	if (q->type == 'P' && w->tx == q->x && v >= 0)
		return F_("a pawn captures diagonally, not straight ahead on %s");
	if (q->type == 'K' && w->ty - q->y == back && v < 0)
		return F_("the king steps back to %s only to capture");
	if (v < 0) {
		struct cm_pos lifted = *p;
		lifted.p[i] = lifted.p[--lifted.n];     /* the moving tile does not count */
		bool beside = false;
		for (int k = 0; k < lifted.n; k++)
			beside |= abs(lifted.p[k].x - w->tx) <= 1 && abs(lifted.p[k].y - w->ty) <= 1;
		if (!beside)
			return F_("%s touches no tile: a move that captures nothing ends beside "
				  "another tile (by a side or a corner)");
	}
	if (w->promo && q->type != 'P')
		return F_("only a pawn is exchanged for a captured tile");
	for (int k = 0; k < p->n; k++)
		king_rank |= p->p[k].type == 'K' && p->p[k].color != q->color && p->p[k].y == w->ty;
	if (w->promo && !king_rank)
		return F_("a pawn is exchanged only on the rank of the enemy king, not on %s");
	if (w->promo && (w->promo == 'P' || w->promo == 'K' ||
			 !memchr(p->captured[q->color], w->promo, (size_t)p->ncaptured[q->color])))
		return F_("a pawn is exchanged only for a tile of yours the opponent has captured");
	return "";
}

/* Does the text name a file or a rank past the last that has a name (a rank of twenty
 * digits)? */
static bool too_far(const char *in)
{
	for (const char *c = in; *c; ) {
		size_t d = strspn(c, "0123456789"), l = strspn(c, "abcdefghijklmnopqrstuvwxyz");
		long v = -1;
		if (d > 6 || (d && strtol(c, NULL, 10) > CM_COORD))
			return true;
		for (size_t i = 0; i < l && v <= CM_COORD; i++)
			v = (v + 1) * 26 + (c[i] - 'a');
		if (v > CM_COORD)
			return true;
		c += d + l + (!d && !l);
	}
	return false;
}

enum explained {
	UNEXPLAINED,            /* no reason told: the list of the legal moves */
	EXPLAINED,              /* the reason, whole */
	EXPLAINED_LIST,         /* the reason, the list of the legal moves after it */
};

/* The reason ChessMe's rules give for a move text that names no legal move, where one can
 * be told (docs/chessme.md: the move reader). */
static enum explained explain(const struct cm_pos *p, const char *in, char *why, size_t wlen)
{
	struct named w;
	char sq[CM_SQ_MAX], name[32];
	int mine = 0, there = 0, reach = -1;
	bool double_step = false;

	if (too_far(in))
		return phrase_printf(why, wlen, "'%s': no square lies that far: files and ranks go %d "
				"squares from a1 at most, either way", in, CM_COORD), EXPLAINED;
	if (!name_read(in, &w))
		return UNEXPLAINED;
	cm_square_name(w.tx, w.ty, sq);
	cm_piece_word(w.type, name, sizeof name);
	for (int i = 0; i < p->n; i++) {
		const struct cm_piece *q = &p->p[i];
		if (q->color != p->side || q->type != w.type)
			continue;
		mine++;
		if (!stands(q, w.from))
			continue;
		there++;
		/* "e3" is the e-pawn's step; a capture or a file named, a diagonal one */
		bool straight = q->type != 'P' || w.capture || *w.from || q->x == w.tx;
		if (reach < 0 && straight && cm_reaches(p, i, w.tx, w.ty))
			reach = i;
		if (q->type == 'P' && q->x == w.tx && w.ty - q->y == 2 * (q->color ? -1 : 1))
			double_step = true;
	}
	int v = cm_at(p, w.tx, w.ty);
	if (!mine)
		phrase_printf(why, wlen, "'%s': you have no %s on the table", in, name);
	else if (!there)
		phrase_printf(why, wlen, "'%s': no %s of yours stands on %s", in, name, w.from);
	else if (v >= 0 && p->p[v].color == p->side) {
		char own[32];
		cm_piece_word(p->p[v].type, own, sizeof own);
		phrase_printf(why, wlen, "'%s': %s is occupied by your own %s", in, sq, own);
	} else if (reach < 0 && double_step)
		phrase_printf(why, wlen, "'%s': a pawn steps one square forward: ChessMe has no double "
			 "step", in);
	else if (reach < 0)
		return phrase_printf(why, wlen, "'%s': no %s of yours can go to %s", in, name, sq),
		       EXPLAINED_LIST;
	else {
		const char *rule = rule_broken(p, reach, &w);
		char reason[256];
		if (!*rule)
			phrase_printf(why, wlen, "'%s' would leave your king in check", in);
		else {
			phrase_printf(reason, sizeof reason, rule, sq);
			phrase_printf(why, wlen, "'%s': %s", in, reason);
		}
	}
	return EXPLAINED;
}

int cm_move_read(const struct cm_pos *p, const char *text, struct cm_move *m, char *why,
		 size_t wlen)
{
	static struct cm_move all[CM_MOVES];
	char in[128];
	int hit[8];

	trimmed(text, in, sizeof in);
	if (!strcasecmp(in, "O-O") || !strcasecmp(in, "0-0") || !strcasecmp(in, "O-O-O") ||
	    !strcasecmp(in, "0-0-0"))
		return phrase_printf(why, wlen, "ChessMe has no castling"), -1;
	for (const char *c = in; *c; c++)
		if (isdigit((unsigned char)c[0]) && c[1] == '-')
			return phrase_printf(why, wlen, "'%s': write a move without '-' between its squares "
					"(Nb1c3 or Nc3); a '-' before a file means a file left of a, "
					"before a rank a rank below 0", in), -1;
	int n = cm_legal_moves(p, all, CM_MOVES);
	int nh = named(p, in, all, n, hit, 8);
	if (nh == 1) {
		*m = all[hit[0]];
		return 0;
	}
	char list[1024] = "";
	size_t at = 0;
	if (nh > 1) {
		for (int i = 0; i < nh && at < sizeof list; i++) {
			char san[64];
			san_plain(p, &all[hit[i]], all, n, 0, san, sizeof san);
			at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? N_(" or ") : "",
					       san);
		}
		return phrase_printf(why, wlen, "'%s' is ambiguous: %s", in, list), -1;
	}
	enum explained ex = explain(p, in, why, wlen);
	if (ex == EXPLAINED)
		return -1;
	for (int i = 0; i < n && at + 16 < wlen / 2; i++) {
		char san[64];
		san_plain(p, &all[i], all, n, 0, san, sizeof san);
		at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? " " : "", san);
	}
	if (ex == EXPLAINED_LIST) {     /* the reason, then the moves there are */
		char tail[sizeof list + 64];
		phrase_cat(why, wlen, "; ", n ? phrase_printf(tail, sizeof tail, "yours are: %s", list) :
			   N_("you have none"));
		return -1;
	}
	if (!n)
		return phrase_printf(why, wlen, "'%s' is not a legal move here; you have none", in), -1;
	return phrase_printf(why, wlen, "'%s' is not a legal move here; yours are: %s", in, list), -1;
}

static char piece_letter(const char *w)
{
	static const char *const names[] = { "queen", "rook", "bishop", "knight", "pawn", "king" };

	if (strlen(w) == 1 && strchr("QRBNPK", toupper((unsigned char)w[0])))
		return (char)toupper((unsigned char)w[0]);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcasecmp(w, names[i]))
			return (char)toupper((unsigned char)(i == 3 ? 'N' : names[i][0]));
	return 0;
}

int cm_place_read(const struct cm_pos *p, int c, const char *text, struct cm_place *pl,
		  char *why, size_t wlen)
{
	char w[2][64], sq[CM_SQ_MAX];
	struct cm_place all[CM_PIECES * 2 * CM_HAND];
	int x, y;

	if (sscanf(text, "%63s %63s", w[0], w[1]) != 2 || !(pl->type = piece_letter(w[0])))
		return phrase_printf(why, wlen, "write a placement as the word place, a tile's letter "
				"(or name), then a square"), -1;
	trimmed(w[1], sq, sizeof sq);
	if (cm_square_read(sq, &x, &y) != strlen(sq))
		return phrase_printf(why, wlen, "'%s' is not a square", w[1]), -1;
	if (!memchr(p->hand[c], pl->type, (size_t)p->nhand[c]))
		return phrase_printf(why, wlen, "you hold no %s", cm_piece_name(pl->type)), -1;
	int n = cm_placements(p, c, all, (int)(sizeof all / sizeof all[0]));
	for (int i = 0; i < n; i++)
		if (all[i].type == pl->type && all[i].x == x && all[i].y == y)
			return pl->x = x, pl->y = y, 0;
	if (cm_at(p, x, y) >= 0)
		return phrase_printf(why, wlen, "%s is not free", cm_square_name(x, y, sq)), -1;
	bool pawns = false;
	for (int i = 0; i < p->n; i++)
		pawns |= p->p[i].type == 'P' && p->p[i].color == c;
	if (!pawns)
		return phrase_printf(why, wlen, "with no pawn of yours on the table you cannot place a tile"), -1;
	return phrase_printf(why, wlen, pl->type == 'P' ? F_("a pawn is placed beside one of your "
			     "pawns (left or right of it)") : F_("a tile other than a pawn is placed just "
			     "behind one of your pawns (below it, from your side)")), -1;
}

static void list_text(const char *l, int n, char *out, size_t len)
{
	if (n)
		snprintf(out, len, "%.*s", n, l);
	else
		snprintf(out, len, "-");
}

void cm_pos_text(const struct cm_pos *pos, bool hands, char *out, size_t len)
{
	struct cm_pos sorted = *pos, *p = &sorted;

	cm_canonical(p);
	size_t at = (size_t)snprintf(out, len, "%c ", p->side ? 'b' : 'w');
	char sq[CM_SQ_MAX], l[4][CM_PIECES + 1];

	for (int c = 0; c < 2; c++)             /* White's tiles first, each in board order */
		for (int i = 0; i < p->n && at < len; i++)
			if (p->p[i].color == c)
				at += (size_t)snprintf(out + at, len - at, "%s%c%s", at > 2 ? "," : "",
						       c ? tolower((unsigned char)p->p[i].type) : p->p[i].type,
						       cm_square_name(p->p[i].x, p->p[i].y, sq));
	if (at <= 2 && at < len)
		at += (size_t)snprintf(out + at, len - at, "-");
	list_text(p->hand[0], hands ? p->nhand[0] : 0, l[0], sizeof l[0]);
	list_text(p->hand[1], hands ? p->nhand[1] : 0, l[1], sizeof l[1]);
	list_text(p->captured[0], p->ncaptured[0], l[2], sizeof l[2]);
	list_text(p->captured[1], p->ncaptured[1], l[3], sizeof l[3]);
	if (at < len)
		snprintf(out + at, len - at, " %s %s %s %s", hands ? l[0] : "?", hands ? l[1] : "?", l[2], l[3]);
}

static int tiles_read(const char *w, char *out, int max, int *n)
{
	*n = 0;
	if (!strcmp(w, "-"))
		return 0;
	for (; *w; w++) {
		char t = (char)toupper((unsigned char)*w);
		if (!strchr("QRBNPK", t) || *n == max)
			return -1;
		out[(*n)++] = t;
	}
	return 0;
}

int cm_pos_read(struct cm_pos *p, const char *text, char *why, size_t wlen)
{
	char side[8], pieces[2048], l[4][64];

	memset(p, 0, sizeof *p);
	if (sscanf(text, "%7s %2047s %63s %63s %63s %63s", side, pieces, l[0], l[1], l[2], l[3]) != 6 ||
	    (strcmp(side, "w") && strcmp(side, "b")))
		return phrase_printf(why, wlen, "a position is: w|b PIECES HAND-W HAND-B CAPTURED-W "
				"CAPTURED-B"), -1;
	p->side = side[0] == 'b';
	for (char *t = strcmp(pieces, "-") ? strtok(pieces, ",") : NULL; t; t = strtok(NULL, ",")) {
		struct cm_piece q = { .type = (char)toupper((unsigned char)t[0]),
				      .color = (int8_t)!!islower((unsigned char)t[0]) };
		if (!strchr("QRBNPK", q.type) || p->n == CM_PIECES ||
		    cm_square_read(t + 1, &q.x, &q.y) != strlen(t + 1) || cm_at(p, q.x, q.y) >= 0)
			return phrase_printf(why, wlen, "'%s' is not a tile on a free square", t), -1;
		p->p[p->n++] = q;
	}
	cm_canonical(p);
	if (tiles_read(l[0], p->hand[0], CM_HAND, &p->nhand[0]) < 0 ||
	    tiles_read(l[1], p->hand[1], CM_HAND, &p->nhand[1]) < 0 ||
	    tiles_read(l[2], p->captured[0], CM_PIECES, &p->ncaptured[0]) < 0 ||
	    tiles_read(l[3], p->captured[1], CM_PIECES, &p->ncaptured[1]) < 0)
		return phrase_printf(why, wlen, "a hand holds up to 3 tiles (QRBNP), a list of captured "
				"tiles letters, '-' if none"), -1;
	for (int c = 0; c < 2; c++) {
		int kings = 0;
		for (int i = 0; i < p->n; i++)
			kings += p->p[i].type == 'K' && p->p[i].color == c;
		if (kings != 1)
			return phrase_printf(why, wlen, "each side has one king on the table"), -1;
	}
	if (cm_in_check(p, 1 - p->side))        /* its king could be taken: no game gets here */
		return phrase_printf(why, wlen, "the side not to move is in check: no game reaches "
				"that position"), -1;
	return 0;
}

void cm_turn_example(const struct cm_pos *p, char *move, size_t mlen, char *place, size_t plen)
{
	static struct cm_move all[CM_MOVES];   /* not reentrant: the core is single-threaded */
	struct cm_place pl[CM_PIECES * 2 * CM_HAND];
	int n = cm_legal_moves(p, all, CM_MOVES), best = -1, best_np = 0;

	move[0] = place[0] = 0;
	/* a pawn's move that leaves a square to place on, else any move that does, else any */
	for (int pass = 0; pass < 3 && best < 0; pass++)
		for (int i = 0; i < n && best < 0; i++) {
			struct cm_pos after = *p;
			int at = cm_at(p, all[i].fx, all[i].fy);
			if (pass == 0 && (at < 0 || p->p[at].type != 'P'))
				continue;
			cm_make(&after, &all[i]);
			int np = cm_placements(&after, p->side, pl, (int)(sizeof pl / sizeof pl[0]));
			if (np || pass == 2)
				best = i, best_np = np;
		}
	if (best < 0)
		return;
	struct cm_pos after = *p;
	char sq[CM_SQ_MAX];
	cm_move_san(p, &all[best], move, mlen);
	cm_make(&after, &all[best]);
	if (best_np && cm_placements(&after, p->side, pl, (int)(sizeof pl / sizeof pl[0])))
		snprintf(place, plen, "%c %s", pl[0].type, cm_square_name(pl[0].x, pl[0].y, sq));
}
