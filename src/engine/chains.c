/* chains.c: draughts-style capture chains (see chains.h).
 *
 * A depth-first search from the jumper's square. While it runs, the board is edited in
 * place (the jumper lifted, each captured piece removed) and put back exactly before it
 * returns; nothing else in the position is touched. */
#include "engine/chains.h"

#include "engine/exchange.h"
#include "engine/tables.h"

struct search {
	struct pos *p;
	const struct piece_def *pd;
	enum color us;
	sq_t from;
	struct chain_path cur;
	int count;                      /* chains found so far */
	int want;                       /* the chain sought, or -1: list them all */
	struct movelist *ml;
	struct chain_path *out;
	bool done;
	piece_t jumper;
	bool exchange;                  /* the jumper promotes by exchange (exchange.h) */
	sq_t target;                    /* chains_attack: the royal square sought, else SQ_NONE */
};

/* The next square along a line; the squares a piece enters only by its own leap
 * (SQF_ENTRY: a palace wing) and the places where pieces wait (SQF_RESERVE: no jump
 * reaches them) are no part of any line. */
static sq_t step(const struct variant *v, sq_t s, int dx, int dy)
{
	sq_t t = variant_square_at(v, v->file_of[s] + dx, v->rank_of[s] + dy);

	return t != SQ_NONE && (v->sq_flags[t] & (SQF_ENTRY | SQF_RESERVE)) ? SQ_NONE : t;
}

static void found(struct search *S)
{
	int k = S->count++;

	if (S->target != SQ_NONE)
		return;                         /* an attack lists nothing */
	if (S->want < 0) {
		struct move m = { S->from, S->cur.land[S->cur.n - 1], MOVE_CHAIN, 0,
				  (uint8_t)(k & 0xFF), (uint8_t)(k >> 8) };
		if (S->exchange) {              /* a Swordsman's chain may end on his 8th rank */
			S->p->board[S->from] = S->jumper;       /* lifted for the search */
			exchange_emit(S->p, m, S->ml);
			S->p->board[S->from] = PIECE_NONE;
		} else if (S->ml->n < MOVES_MAX)
			S->ml->m[S->ml->n++] = m;
	} else if (k == S->want) {
		*S->out = S->cur;
		S->done = true;
	}
}

static void search_from(struct search *S, sq_t at);

/* Jumps the piece on `cap` and lands on `land`, then looks for more. */
static void jump(struct search *S, sq_t cap, sq_t land)
{
	struct pos *p = S->p;
	piece_t victim = p->board[cap];

	S->cur.cap[S->cur.n] = cap;
	S->cur.land[S->cur.n++] = land;
	found(S);
	if (!S->done && S->cur.n < LEGS_MAX && S->count < 0xFFFF) {
		p->board[cap] = PIECE_NONE;
		search_from(S, land);
		p->board[cap] = victim;
	}
	S->cur.n--;
}

static bool jumpable(const struct search *S, sq_t s)
{
	const struct tables *T = S->p->v->t;
	piece_t q = S->p->board[s];

	return q && PIECE_COLOR(q) != S->us && !(T->uncapturable_mask >> PIECE_TYPE(q) & 1) &&
	       S->p->mark[s] != MARK_SHIELD;
}

static void search_from(struct search *S, sq_t at)
{
	const struct variant *v = S->p->v;
	int sign = S->us == WHITE ? 1 : -1;

	for (int i = 0; i < S->pd->nchain_dir && !S->done; i++) {
		const struct betza_vec *d = &S->pd->chain_dir[i];
		int dx = d->dx, dy = d->dy * sign;
		bool flying = d->range == 0;
		sq_t s = step(v, at, dx, dy);
		while (flying && s != SQ_NONE && s != S->target && !S->p->board[s])
			s = step(v, s, dx, dy);
		if (s != SQ_NONE && s == S->target) {
			/* the royal piece is never removed: her jump ends the attack */
			sq_t l = step(v, s, dx, dy);
			S->done = l != SQ_NONE && !S->p->board[l];
			continue;
		}
		if (s == SQ_NONE || !jumpable(S, s))
			continue;
		for (sq_t l = step(v, s, dx, dy);
		     l != SQ_NONE && !S->p->board[l] && l != S->target && !S->done;
		     l = flying && !S->pd->jump_land_near ? step(v, l, dx, dy) : SQ_NONE)
			jump(S, s, l);
	}
}

static void search(struct search *S)
{
	struct pos *p = S->p;
	piece_t jumper = p->board[S->from];

	if (p->v->sq_flags[S->from] & SQF_RESERVE)
		return;                         /* a waiting piece does not jump */
	S->jumper = jumper;
	S->exchange = p->v->t->exchange_mask >> PIECE_TYPE(jumper) & 1;
	S->pd = &p->v->type[PIECE_TYPE(jumper)];
	S->us = PIECE_COLOR(jumper);
	S->cur.n = 0;
	p->board[S->from] = PIECE_NONE;
	search_from(S, S->from);
	p->board[S->from] = jumper;
}

void chains_gen(const struct pos *p, sq_t from, struct movelist *ml)
{
	/* the board is borrowed for the search and given back unchanged */
	struct search S = { .p = (struct pos *)p, .from = from, .want = -1, .ml = ml,
			    .target = SQ_NONE };

	search(&S);
}

int chains_path(const struct pos *p, struct move m, struct chain_path *out)
{
	struct search S = { .p = (struct pos *)p, .from = m.from,
			    .want = m.castle | m.pad << 8, .out = out, .target = SQ_NONE };

	out->n = 0;
	if (m.kind != MOVE_CHAIN || m.from == SQ_NONE || !p->board[m.from] ||
	    !p->v->type[PIECE_TYPE(p->board[m.from])].nchain_dir)
		return -1;
	search(&S);
	return S.done && out->land[out->n - 1] == m.to ? 0 : -1;
}

/* Is `target` between two squares of a line some jumper of `by` jumps along, and (open)
 * is the landing square beyond it free or held by `by` (perhaps the jumper itself)? */
static bool jump_line(const struct pos *p, sq_t target, enum color by, bool open)
{
	const struct variant *v = p->v;
	const struct tables *T = v->t;
	int sign = by == WHITE ? 1 : -1;

	for (int t = 0; t < v->ntypes; t++) {
		if (!(T->chain_mask >> t & 1))
			continue;
		for (int i = 0; i < v->type[t].nchain_dir; i++) {
			const struct betza_vec *d = &v->type[t].chain_dir[i];
			sq_t l = step(v, target, d->dx, d->dy * sign);
			if (l != SQ_NONE && step(v, target, -d->dx, -d->dy * sign) != SQ_NONE &&
			    (!open || !p->board[l] || PIECE_COLOR(p->board[l]) == by))
				return true;
		}
	}
	return false;
}

bool chains_exposed(const struct pos *p, sq_t target, enum color by)
{
	return p->v->t->chain_mask && jump_line(p, target, by, false);
}

bool chains_attack(const struct pos *p, sq_t target, enum color by)
{
	const struct tables *T = p->v->t;

	if (!jump_line(p, target, by, true))
		return false;           /* most positions end the search here */
	for (int i = 0; i < p->npieces[by]; i++) {
		sq_t s = p->plist[by][i];
		if (s == target || !(T->chain_mask >> PIECE_TYPE(p->board[s]) & 1))
			continue;               /* a jumper the royal piece is taking attacks nothing */
		struct search S = { .p = (struct pos *)p, .from = s, .want = -1, .target = target };
		search(&S);
		if (S.done)
			return true;
	}
	return false;
}
