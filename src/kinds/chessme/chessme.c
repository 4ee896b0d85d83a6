/* chessme.c: ChessMe's rules on an unbounded grid (chessme.h): moves (seed "Déplacer une
 * pièce"), placements (seed "Poser une pièce") and the promotion to a captured tile. */
#include "kinds/chessme/chessme.h"

#include <stdlib.h>
#include <string.h>

static const int king_steps[8][2] = {
	{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
};
static const int knight_steps[8][2] = {
	{ 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
};

static int forward(int c)
{
	return c == 0 ? 1 : -1;
}

void cm_start(struct cm_pos *p)
{
	static const struct cm_piece layout[] = {
		{ 4, 1, 'K', 0 }, { 2, 2, 'P', 0 }, { 3, 2, 'P', 0 }, { 4, 2, 'P', 0 }, { 5, 2, 'P', 0 },
		{ 4, 6, 'K', 1 }, { 2, 5, 'P', 1 }, { 3, 5, 'P', 1 }, { 4, 5, 'P', 1 }, { 5, 5, 'P', 1 },
	};

	memset(p, 0, sizeof *p);
	p->n = (int)(sizeof layout / sizeof layout[0]);
	memcpy(p->p, layout, sizeof layout);
	cm_canonical(p);
}

int cm_at(const struct cm_pos *p, int x, int y)
{
	for (int i = 0; i < p->n; i++)
		if (p->p[i].x == x && p->p[i].y == y)
			return i;
	return -1;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

bool cm_on_grid(int x, int y)
{
	return x >= -CM_COORD - 1 && x <= CM_COORD && y >= -CM_COORD && y <= CM_COORD;
}

/* Does piece q attack (x, y) by its powers (the adjacency rule never limits a capture)? */
static bool attacks(const struct cm_pos *p, const struct cm_piece *q, int x, int y)
{
	int dx = x - q->x, dy = y - q->y, adx = abs(dx), ady = abs(dy);

	if (!dx && !dy)
		return false;
	switch (q->type) {
	case 'K': return adx <= 1 && ady <= 1;     /* backwards too: a capture */
	case 'N': return (adx == 1 && ady == 2) || (adx == 2 && ady == 1);
	case 'P': return adx == 1 && dy == forward(q->color);
	case 'R': if (dx && dy) return false; break;
	case 'B': if (adx != ady) return false; break;
	case 'Q': if (dx && dy && adx != ady) return false; break;
	default: return false;
	}
	int sx = sign(dx), sy = sign(dy), steps = adx > ady ? adx : ady;
	for (int i = 0; i < p->n; i++) {        /* a piece strictly between blocks the line */
		int ex = p->p[i].x - q->x, ey = p->p[i].y - q->y, k = sx ? ex / sx : ey / sy;
		if (k > 0 && k < steps && ex == k * sx && ey == k * sy)
			return false;
	}
	return true;
}

bool cm_reaches(const struct cm_pos *p, int i, int x, int y)
{
	const struct cm_piece *q = &p->p[i];

	if (q->type == 'P')     /* a step forward, or a diagonal one */
		return y - q->y == forward(q->color) && abs(x - q->x) <= 1;
	return attacks(p, q, x, y);
}

bool cm_attacked(const struct cm_pos *p, int x, int y, int c)
{
	for (int i = 0; i < p->n; i++)
		if (p->p[i].color == c && attacks(p, &p->p[i], x, y))
			return true;
	return false;
}

bool cm_in_check(const struct cm_pos *p, int c)
{
	for (int i = 0; i < p->n; i++)
		if (p->p[i].type == 'K' && p->p[i].color == c)
			return cm_attacked(p, p->p[i].x, p->p[i].y, 1 - c);
	return false;
}

/* Does (x, y) touch (side or corner) a piece other than piece `self`? The moving tile has
 * left its square: it does not count (docs/chessme.md, Interpretations (ChessMe)). */
static bool touches(const struct cm_pos *p, int self, int x, int y)
{
	for (int i = 0; i < p->n; i++)
		if (i != self && abs(p->p[i].x - x) <= 1 && abs(p->p[i].y - y) <= 1)
			return true;
	return false;
}

struct gen {
	const struct cm_pos *p;
	struct cm_move *out;
	int n, max;
	int minx, maxx, miny, maxy;     /* the tiles' box: no empty square past it by more
					 * than one touches a tile */
};

static void kind_removed(char *list, int *n, char type)
{
	char *at = memchr(list, type, (size_t)*n);

	if (at) {
		memmove(at, at + 1, (size_t)(list + *n - at - 1));
		(*n)--;
	}
}

void cm_make(struct cm_pos *p, const struct cm_move *m)
{
	int i = cm_at(p, m->fx, m->fy), v = cm_at(p, m->tx, m->ty);
	struct cm_piece *q = &p->p[i];

	if (v >= 0) {
		int c = p->p[v].color;
		if (p->ncaptured[c] < CM_PIECES)
			p->captured[c][p->ncaptured[c]++] = p->p[v].type;
		p->p[v] = p->p[--p->n];
		if (i == p->n)
			i = v;
		q = &p->p[i];
	}
	q->x = m->tx;
	q->y = m->ty;
	if (m->promo) {                 /* an exchange: the pawn takes the tile's place */
		int c = q->color;
		kind_removed(p->captured[c], &p->ncaptured[c], m->promo);
		p->captured[c][p->ncaptured[c]++] = 'P';
		q->type = m->promo;
	}
}

static void push(struct gen *g, int i, int tx, int ty, char promo)
{
	struct cm_pos after = *g->p;
	struct cm_move m = { g->p->p[i].x, g->p->p[i].y, tx, ty, promo };

	if (g->n >= g->max || !cm_on_grid(tx, ty))     /* no square has a name past it */
		return;
	cm_make(&after, &m);
	if (!cm_in_check(&after, g->p->side))
		g->out[g->n++] = m;
}

/* A pawn arriving on the enemy king's rank: the plain move, and an exchange for each kind
 * of its side's tiles the opponent has captured (seed "Promotion d'un pion"). */
static void pawn_arrives(struct gen *g, int i, int tx, int ty)
{
	const struct cm_pos *p = g->p;
	int c = p->p[i].color;
	bool seen[128] = { false };

	push(g, i, tx, ty, 0);
	for (int k = 0; k < p->n; k++)
		if (p->p[k].type == 'K' && p->p[k].color != c && p->p[k].y == ty)
			for (int j = 0; j < p->ncaptured[c]; j++) {
				char t = p->captured[c][j];
				if (t != 'P' && t != 'K' && !seen[(int)t]) {
					seen[(int)t] = true;
					push(g, i, tx, ty, t);
				}
			}
}

/* A destination: a capture of an enemy tile, or an empty square touching another tile. */
static bool destination(struct gen *g, int i, int tx, int ty, bool capture_only,
			bool quiet_only)
{
	int v = cm_at(g->p, tx, ty);

	if (v >= 0) {
		if (g->p->p[v].color != g->p->p[i].color && !quiet_only)
			push(g, i, tx, ty, 0);
		return false;
	}
	if (!capture_only && touches(g->p, i, tx, ty))
		push(g, i, tx, ty, 0);
	return true;
}

static void rides(struct gen *g, int i, int dx, int dy)
{
	int x = g->p->p[i].x + dx, y = g->p->p[i].y + dy;

	while (x >= g->minx - 1 && x <= g->maxx + 1 && y >= g->miny - 1 && y <= g->maxy + 1) {
		if (!destination(g, i, x, y, false, false))
			return;
		x += dx;
		y += dy;
	}
}

static void pawn_moves(struct gen *g, int i)
{
	const struct cm_piece *q = &g->p->p[i];
	int f = forward(q->color), ty = q->y + f;

	if (cm_at(g->p, q->x, ty) < 0 && touches(g->p, i, q->x, ty))
		pawn_arrives(g, i, q->x, ty);
	for (int dx = -1; dx <= 1; dx += 2) {
		int v = cm_at(g->p, q->x + dx, ty);
		if (v >= 0 && g->p->p[v].color != q->color)
			pawn_arrives(g, i, q->x + dx, ty);
	}
}

static void piece_moves(struct gen *g, int i)
{
	const struct cm_piece *q = &g->p->p[i];
	int f = forward(q->color);

	switch (q->type) {
	case 'P':
		pawn_moves(g, i);
		return;
	case 'N':
		for (int k = 0; k < 8; k++)
			destination(g, i, q->x + knight_steps[k][0], q->y + knight_steps[k][1], false, false);
		return;
	case 'K':       /* sideways or forwards; backwards only to capture */
		for (int k = 0; k < 8; k++)
			destination(g, i, q->x + king_steps[k][0], q->y + king_steps[k][1],
				    king_steps[k][1] == -f, false);
		return;
	default:
		for (int k = 0; k < 8; k++) {
			bool diagonal = king_steps[k][0] && king_steps[k][1];
			if ((q->type == 'R' && diagonal) || (q->type == 'B' && !diagonal))
				continue;
			rides(g, i, king_steps[k][0], king_steps[k][1]);
		}
	}
}

int cm_legal_moves(const struct cm_pos *p, struct cm_move *out, int max)
{
	struct gen g = { .p = p, .out = out, .max = max };

	if (!p->n)
		return 0;
	g.minx = g.maxx = p->p[0].x;
	g.miny = g.maxy = p->p[0].y;
	for (int i = 1; i < p->n; i++) {
		g.minx = p->p[i].x < g.minx ? p->p[i].x : g.minx;
		g.maxx = p->p[i].x > g.maxx ? p->p[i].x : g.maxx;
		g.miny = p->p[i].y < g.miny ? p->p[i].y : g.miny;
		g.maxy = p->p[i].y > g.maxy ? p->p[i].y : g.maxy;
	}
	for (int i = 0; i < p->n; i++)
		if (p->p[i].color == p->side)
			piece_moves(&g, i);
	return g.n;
}

/* Seed "Poser une pièce": a pawn beside one's own pawn, any other tile below one (behind
 * it, from its owner's side); on a free square; with no pawn of one's own, nothing. */
int cm_placements(const struct cm_pos *p, int c, struct cm_place *out, int max)
{
	int n = 0, f = forward(c);
	bool seen[128] = { false };

	for (int h = 0; h < p->nhand[c]; h++) {
		char t = p->hand[c][h];
		if (seen[(int)t])
			continue;
		seen[(int)t] = true;
		for (int i = 0; i < p->n; i++) {
			const struct cm_piece *q = &p->p[i];
			if (q->type != 'P' || q->color != c)
				continue;
			for (int k = 0; k < (t == 'P' ? 2 : 1); k++) {
				int x = t == 'P' ? q->x + (k ? 1 : -1) : q->x, y = t == 'P' ? q->y : q->y - f;
				bool dup = false;
				for (int j = 0; j < n; j++)
					dup |= out[j].type == t && out[j].x == x && out[j].y == y;
				if (!dup && cm_at(p, x, y) < 0 && cm_on_grid(x, y) && n < max)
					out[n++] = (struct cm_place){ t, x, y };
			}
		}
	}
	return n;
}

void cm_place(struct cm_pos *p, int c, const struct cm_place *pl)
{
	kind_removed(p->hand[c], &p->nhand[c], pl->type);
	if (p->n < CM_PIECES)
		p->p[p->n++] = (struct cm_piece){ pl->x, pl->y, pl->type, (int8_t)c };
}

void cm_pass(struct cm_pos *p)
{
	p->side = 1 - p->side;
	cm_canonical(p);
}

static int rank_of(char type)
{
	const char *at = strchr("KQRBNP", type);

	return at ? (int)(at - "KQRBNP") : 6;
}

static int piece_order(const void *a, const void *b)
{
	const struct cm_piece *p = a, *q = b;

	if (p->color != q->color)
		return p->color - q->color;
	if (p->type != q->type)
		return rank_of(p->type) - rank_of(q->type);
	return p->x != q->x ? (p->x > q->x) - (p->x < q->x) : (p->y > q->y) - (p->y < q->y);
}

void cm_canonical(struct cm_pos *p)
{
	qsort(p->p, (size_t)p->n, sizeof p->p[0], piece_order);
}
