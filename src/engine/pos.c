/* pos.c: playing and taking back moves (see pos.h). FEN is in fen.c. */
#include "engine/pos.h"

#include "engine/exchange.h"
#include "engine/chains.h"
#include "engine/tables.h"

static inline uint64_t zkey(const struct tables *T, piece_t pc, sq_t s)
{
	return T->zob[(size_t)pc * (size_t)T->nsq + s];
}

/* Puts a piece on an empty square, keeping lists, counts and the royal square. */
static inline void put(struct pos *p, const struct tables *T, piece_t pc, sq_t s)
{
	enum color c = PIECE_COLOR(pc);

	p->board[s] = pc;
	p->pidx[s] = p->npieces[c];
	p->plist[c][p->npieces[c]++] = s;
	p->count[pc]++;
	p->key ^= zkey(T, pc, s);
	if (T->royal_mask >> PIECE_TYPE(pc) & 1) {
		p->nroyal[c]++;
		p->royal[c] = s;
	}
}

static void find_royal(struct pos *p, const struct tables *T, enum color c)
{
	p->royal[c] = SQ_NONE;
	for (int i = 0; i < p->npieces[c]; i++) {
		sq_t s = p->plist[c][i];
		if (T->royal_mask >> PIECE_TYPE(p->board[s]) & 1) {
			p->royal[c] = s;
			return;
		}
	}
}

/* Takes the piece off s and returns it. */
static inline piece_t take(struct pos *p, const struct tables *T, sq_t s)
{
	piece_t pc = p->board[s];
	enum color c = PIECE_COLOR(pc);
	sq_t last = p->plist[c][--p->npieces[c]];

	p->plist[c][p->pidx[s]] = last;
	p->pidx[last] = p->pidx[s];
	p->board[s] = PIECE_NONE;
	p->count[pc]--;
	p->key ^= zkey(T, pc, s);
	if (T->royal_mask >> PIECE_TYPE(pc) & 1) {
		/* a lone royal piece leaves no other to look for (every move of a King) */
		if (--p->nroyal[c] == 0)
			p->royal[c] = SQ_NONE;
		else if (p->royal[c] == s)
			find_royal(p, T, c);
	}
	return pc;
}

/* Could a pawn of `by` take en passant on s? Pawns capture by leaps, so only the first
 * step of each probe ray matters. */
static bool ep_possible(const struct pos *p, const struct tables *T, sq_t s, enum color by)
{
	const struct probe_entry *pe = &T->probes[by * T->nsq + s];

	for (int i = 0; i < pe->n; i++) {
		const struct probe_step *st = &T->probe_steps[T->probe_rays[pe->start + i].start];
		piece_t pc = p->board[st->sq];
		if (pc && PIECE_COLOR(pc) == by && (st->mask & T->ep_mask) >> PIECE_TYPE(pc) & 1)
			return true;
	}
	return false;
}

void pos_set_ep(struct pos *p, sq_t ep, sq_t victim);
void pos_set_ep(struct pos *p, sq_t ep, sq_t victim)
{
	const struct tables *T = p->v->t;

	if (p->ep != SQ_NONE)
		p->key ^= T->zob_ep[p->ep];
	p->ep = p->ep_victim = SQ_NONE;
	if (ep != SQ_NONE && ep_possible(p, T, ep, p->side)) {
		p->ep = ep;
		p->ep_victim = victim;
		p->key ^= T->zob_ep[ep];
	}
}

/* Marks ride along with their pieces; only positions that have marks pay for them. */
static void mark_clear(struct pos *p, sq_t s)
{
	if (p->mark[s]) {
		p->key ^= pos_mark_key(s, p->mark[s]);
		p->mark[s] = 0;
		p->nmarked--;
	}
}

void pos_set_mark(struct pos *p, sq_t s, uint8_t m)
{
	mark_clear(p, s);
	if (m && p->board[s]) {
		p->mark[s] = m;
		p->key ^= pos_mark_key(s, m);
		p->nmarked++;
	}
}

/* Moves the marks of the pieces that went from[i] -> to[i] (all lifted at once). */
static void marks_shift(struct pos *p, const sq_t *from, const sq_t *to, int n)
{
	uint8_t m[2];

	for (int i = 0; i < n; i++) {
		m[i] = p->mark[from[i]];
		mark_clear(p, from[i]);
	}
	for (int i = 0; i < n; i++)
		pos_set_mark(p, to[i], m[i]);
}

/* The pieces on a and b change places, marks and all (an exchange, exchange.h). */
static void swap(struct pos *p, const struct tables *T, sq_t a, sq_t b)
{
	uint8_t ma = p->mark[a], mb = p->mark[b];

	mark_clear(p, a);
	mark_clear(p, b);
	piece_t pa = take(p, T, a), pb = take(p, T, b);
	put(p, T, pb, a);
	put(p, T, pa, b);
	pos_set_mark(p, a, mb);
	pos_set_mark(p, b, ma);
}

/* The chain's jumps: every captured piece goes at once, the jumper lands on the last. */
static void make_chain(struct pos *p, const struct tables *T, struct move m, struct undo *u)
{
	struct chain_path jp;

	chains_path(p, m, &jp);
	u->moved_mark = p->mark[m.from];
	mark_clear(p, m.from);
	u->moved = take(p, T, m.from);
	u->ncaps = (uint8_t)jp.n;
	for (int i = 0; i < jp.n; i++) {
		sq_t c = jp.cap[i];
		u->caps_sq[i] = c;
		u->caps_mark[i] = p->mark[c];
		mark_clear(p, c);
		u->caps[i] = take(p, T, c);
	}
	put(p, T, u->moved, m.to);
	pos_set_mark(p, m.to, u->moved_mark);
}

static void unmake_chain(struct pos *p, const struct tables *T, struct move m,
			 const struct undo *u)
{
	p->mark[m.to] = 0;
	take(p, T, m.to);
	put(p, T, u->moved, m.from);
	p->mark[m.from] = u->moved_mark;
	for (int i = u->ncaps - 1; i >= 0; i--) {
		put(p, T, u->caps[i], u->caps_sq[i]);
		p->mark[u->caps_sq[i]] = u->caps_mark[i];
		p->nmarked += u->caps_mark[i] != 0;
	}
}

/* A normal move's marks: the captured piece's goes, the mover's follows it. */
static void make_marks(struct pos *p, struct undo *u, sq_t from, sq_t to)
{
	u->captured_mark = u->cap_sq == SQ_NONE ? 0 : p->mark[u->cap_sq];
	if (u->cap_sq != SQ_NONE)
		mark_clear(p, u->cap_sq);
	u->moved_mark = p->mark[from];
	mark_clear(p, from);
	pos_set_mark(p, to, u->moved_mark);
}

/* A castling: the royal piece and its partner to their squares, with their marks. */
static inline void make_castle(struct pos *p, const struct tables *T, struct move m,
			       enum color us, struct undo *u)
{
	const struct castle_rt *r = &T->castle[us][m.castle];
	piece_t royal = take(p, T, r->royal_from), partner = take(p, T, r->partner_from);

	put(p, T, royal, r->royal_to);
	put(p, T, partner, r->partner_to);
	u->moved = royal;
	if (p->nmarked) {
		sq_t f[2] = { r->royal_from, r->partner_from }, t[2] = { r->royal_to, r->partner_to };
		u->moved_mark = p->mark[f[0]], u->captured_mark = p->mark[f[1]];
		marks_shift(p, f, t, 2);
	}
}

void pos_make(struct pos *p, struct move m, struct undo *u)
{
	const struct tables *T = p->v->t;
	enum color us = p->side;
	bool irreversible = false;
	sq_t ep = SQ_NONE, victim = SQ_NONE;

	u->castle = p->castle, u->ep = p->ep, u->ep_victim = p->ep_victim;
	u->halfmove = p->halfmove, u->key = p->key;
	u->captured = PIECE_NONE, u->cap_sq = SQ_NONE, u->moved = PIECE_NONE;
	u->moved_mark = u->captured_mark = 0;
	u->nmarked = p->nmarked;
	u->xsq = SQ_NONE;
	p->hist[p->nhist++ % HIST_MAX] = p->key;

	switch (m.kind) {
	case MOVE_CASTLE:
		make_castle(p, T, m, us, u);
		break;
	case MOVE_DROP:
		put(p, T, PIECE_MAKE(m.promo - 1, us), m.to);
		p->hand[us][m.promo - 1]--;
		break;
	case MOVE_CHAIN:
		make_chain(p, T, m, u);
		irreversible = true;
		break;
	default: {
		sq_t cap = m.kind == MOVE_EN_PASSANT ? p->ep_victim : m.to;
		if (p->board[cap]) {
			u->cap_sq = cap;
			u->captured = take(p, T, cap);
			irreversible = true;
		}
		piece_t pc = take(p, T, m.from);
		u->moved = pc;
		irreversible |= (T->pawn_mask >> PIECE_TYPE(pc)) & 1;
		bool exchange = m.promo && (T->exchange_mask >> PIECE_TYPE(pc) & 1);
		put(p, T, m.promo && !exchange ? PIECE_MAKE(m.promo - 1, us) : pc, m.to);
		if (m.kind == MOVE_DOUBLE) {
			ep = tables_gen(T, PIECE_TYPE(pc), us, m.from)->dbl_mid;
			victim = m.to;
		}
		if (p->nmarked)
			make_marks(p, u, m.from, m.to);
	}
	}
	if (m.promo && m.kind != MOVE_DROP && (T->exchange_mask >> PIECE_TYPE(u->moved) & 1)) {
		u->xsq = exchange_source(p, m.to, m.promo);
		if (u->xsq != SQ_NONE)
			swap(p, T, m.to, u->xsq);
	}
	p->key ^= T->zob_castle[p->castle];
	if (m.kind != MOVE_DROP)
		p->castle &= (uint8_t)~(T->castle_clear[m.from] | T->castle_clear[m.to]);
	p->key ^= T->zob_castle[p->castle];
	p->halfmove = irreversible ? 0 : (uint16_t)(p->halfmove + 1);
	if (us == BLACK)
		p->fullmove++;
	p->side = COLOR_OTHER(us);
	p->key ^= T->zob_side;
	pos_set_ep(p, ep, victim);
}

void pos_unmake(struct pos *p, struct move m, const struct undo *u)
{
	const struct tables *T = p->v->t;
	enum color us = COLOR_OTHER(p->side);

	p->side = us;
	if (us == BLACK)
		p->fullmove--;
	if (u->xsq != SQ_NONE)
		swap(p, T, m.to, u->xsq);
	switch (m.kind) {
	case MOVE_CASTLE: {
		const struct castle_rt *r = &T->castle[us][m.castle];
		piece_t royal = take(p, T, r->royal_to), partner = take(p, T, r->partner_to);
		put(p, T, royal, r->royal_from);
		put(p, T, partner, r->partner_from);
		if (u->nmarked) {
			p->mark[r->royal_to] = p->mark[r->partner_to] = 0;
			p->mark[r->royal_from] = u->moved_mark;
			p->mark[r->partner_from] = u->captured_mark;
		}
		break;
	}
	case MOVE_DROP:
		take(p, T, m.to);
		p->hand[us][m.promo - 1]++;
		break;
	case MOVE_CHAIN:
		unmake_chain(p, T, m, u);
		break;
	default:
		take(p, T, m.to);
		put(p, T, u->moved, m.from);
		if (u->captured)
			put(p, T, u->captured, u->cap_sq);
		if (u->nmarked) {
			p->mark[m.to] = 0;
			p->mark[m.from] = u->moved_mark;
			if (u->captured)
				p->mark[u->cap_sq] = u->captured_mark;
		}
	}
	p->nmarked = u->nmarked;
	p->castle = u->castle, p->ep = u->ep, p->ep_victim = u->ep_victim;
	p->halfmove = u->halfmove, p->key = u->key;
	p->nhist--;
}

int pos_repetitions(const struct pos *p)
{
	uint32_t back = p->halfmove;
	int n = 0;

	if (back > p->nhist)
		back = p->nhist;
	if (back > HIST_MAX)
		back = HIST_MAX;
	for (uint32_t k = 2; k <= back; k += 2)
		if (p->hist[(p->nhist - k) % HIST_MAX] == p->key)
			n++;
	return n;
}

/* After any edit: no en passant, a fresh history. */
static void edited(struct pos *p, const struct tables *T, sq_t s)
{
	p->key ^= T->zob_castle[p->castle];
	if (s != SQ_NONE)
		p->castle &= (uint8_t)~T->castle_clear[s];
	p->key ^= T->zob_castle[p->castle];
	if (p->ep != SQ_NONE)
		p->key ^= T->zob_ep[p->ep];
	p->ep = p->ep_victim = SQ_NONE;
	p->halfmove = 0;
	p->nhist = 0;
}

void pos_edit_remove(struct pos *p, sq_t s)
{
	const struct tables *T = p->v->t;

	mark_clear(p, s);
	if (p->board[s])
		take(p, T, s);
	edited(p, T, s);
}

void pos_edit_place(struct pos *p, sq_t s, piece_t pc)
{
	const struct tables *T = p->v->t;

	mark_clear(p, s);
	if (p->board[s])
		take(p, T, s);
	put(p, T, pc, s);
	edited(p, T, s);
}

void pos_edit_side(struct pos *p, enum color c)
{
	const struct tables *T = p->v->t;

	if (p->side != c) {
		if (c == WHITE)
			p->fullmove++;          /* Black's turn passed: a new move number */
		p->side = c;
		p->key ^= T->zob_side;
	}
	edited(p, T, SQ_NONE);
}
