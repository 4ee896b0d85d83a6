/* movegen.c: move generation from the compiled tables, attack detection by probe rays,
 * and legality: pins and checks are found once per position so that most moves need not
 * be played to be judged (see tables.h). */
#include "engine/movegen.h"

#include "engine/exchange.h"
#include "engine/chains.h"
#include "engine/tables.h"

#include <string.h>

/* With a tally, a move is only counted (perft's last ply writes no list). */
static inline void emit(struct movelist *ml, int *tally, sq_t from, sq_t to, uint8_t kind,
			uint8_t promo)
{
	if (tally)
		++*tally;
	else if (ml->n < MOVES_MAX)
		ml->m[ml->n++] = (struct move){ from, to, kind, promo, 0, 0 };
}

/* A pawn arriving where it promotes becomes one move per promotion choice; `row` is the
 * mover's generation row (tables_gen at square 0), found once per piece. A pawn that
 * promotes by exchange is expanded after its piece's moves (gen_special), off this path. */
static inline void emit_piece(struct movelist *ml, int *tally, const struct tables *T,
			      const struct gen_entry *row, bool pawn, sq_t from, sq_t to, uint8_t kind)
{
	if (pawn) {
		const struct gen_entry *g = &row[to];
		if (g->npromo) {
			for (int i = 0; i < g->npromo; i++)
				emit(ml, tally, from, to, kind, (uint8_t)(T->promos[g->promo + i] + 1));
			return;
		}
	}
	emit(ml, tally, from, to, kind, 0);
}

static bool path_ok(const struct pos *p, const struct tables *T, uint32_t path, int npath,
		    bool hop)
{
	int occupied = 0;

	for (int k = 0; k < npath; k++)
		occupied += p->board[T->pool[path + k]] != PIECE_NONE;
	return hop ? occupied == 1 : occupied == 0;
}

/* May a piece of `us` capture the piece q on `to`? Never a royal piece: "the King cannot
 * be captured", even when a card has left it in check on its owner's move; nor one a card
 * made immune, by its kind or by a shield on that one piece. */
static inline bool capturable(const struct pos *p, const struct tables *T, sq_t to, piece_t q,
			      enum color us)
{
	return (T->prey[us] >> (q - 1) & 1) && p->mark[to] != MARK_SHIELD;
}

/* Is `to` open to a piece of `us` with these move/capture rights? */
static inline bool target_ok(const struct pos *p, const struct tables *T, sq_t to,
			     enum color us, uint8_t flags)
{
	piece_t q = p->board[to];

	return q ? (flags & BETZA_CAPTURE) && capturable(p, T, to, q, us) : (flags & BETZA_MOVE);
}

/* Drops the moves from `start` on that repeat an earlier one (pieces like "WR"). */
static void dedup(struct movelist *ml, int start)
{
	int n = start;

	for (int i = start; i < ml->n; i++) {
		bool seen = false;
		for (int k = start; k < n && !seen; k++)
			seen = move_equal(ml->m[k], ml->m[i]);
		if (!seen)
			ml->m[n++] = ml->m[i];
	}
	ml->n = n;
}

/* What only some pieces need after their plain moves: doubles weeded out, exchanges
 * expanded (exchange.h), capture chains (chains.h). Kept out of gen_piece so that the
 * common piece pays one test for all three. */
static void gen_special(const struct pos *p, const struct tables *T, int type, sq_t from,
			struct movelist *ml, int start)
{
	if (T->dedup_mask >> type & 1)
		dedup(ml, start);
	if (T->exchange_mask >> type & 1) {
		struct move base[MOVES_MAX];
		int n = ml->n - start;

		memcpy(base, ml->m + start, (size_t)n * sizeof *base);
		ml->n = start;
		for (int i = 0; i < n; i++)
			exchange_emit(p, base[i], ml);
	}
	if (T->chain_mask >> type & 1)
		chains_gen(p, from, ml);
}

/* The moves of the piece on `from`: appended to ml, or only counted in *tally (never for
 * a piece with gen_special's needs). Inlined into gen_piece and count_piece, each with
 * its tally or none. */
static inline __attribute__((always_inline)) void
gen_moves(const struct pos *restrict p, const struct tables *restrict T, sq_t from,
	  struct movelist *restrict ml, int *tally)
{
	enum color us = p->side;
	int type = PIECE_TYPE(p->board[from]), start = tally ? 0 : ml->n;
	const struct gen_entry *row = tables_gen(T, type, us, 0), *g = &row[from];
	/* a pawn promoting by exchange emits its plain moves here, gen_special the rest */
	bool pawn = g->promotes;

	for (int i = 0; i < g->nleap; i++) {
		const struct leap *l = &T->leaps[g->leap + i];
		if (target_ok(p, T, l->to, us, l->flags))
			emit_piece(ml, tally, T, row, pawn, from, l->to, MOVE_NORMAL);
		else if (l->to == p->ep && (T->ep_mask >> type & 1) && (l->flags & BETZA_CAPTURE) &&
			 !(T->uncapturable_mask >> PIECE_TYPE(p->board[p->ep_victim]) & 1) &&
			 p->mark[p->ep_victim] != MARK_SHIELD)
			emit(ml, tally, from, l->to, MOVE_EN_PASSANT, 0);
	}
	for (int i = 0; i < g->nride; i++) {
		const struct ride *r = &T->rides[g->ride + i];
		for (int k = 0; k < r->len; k++) {
			sq_t to = T->pool[r->start + k];
			piece_t q = p->board[to];
			if (!q) {
				if (r->flags & BETZA_MOVE)
					emit_piece(ml, tally, T, row, pawn, from, to, MOVE_NORMAL);
				continue;
			}
			if ((r->flags & BETZA_CAPTURE) && capturable(p, T, to, q, us))
				emit_piece(ml, tally, T, row, pawn, from, to, MOVE_NORMAL);
			break;
		}
	}
	for (int i = 0; i < g->npleap; i++) {
		const struct path_leap *l = &T->pleaps[g->pleap + i];
		if (path_ok(p, T, l->path, l->npath, l->flags & BETZA_HOP) &&
		    target_ok(p, T, l->to, us, l->flags))
			emit_piece(ml, tally, T, row, pawn, from, l->to, MOVE_NORMAL);
	}
	if (g->dbl_to != SQ_NONE && !p->board[g->dbl_mid] && !p->board[g->dbl_to])
		emit_piece(ml, tally, T, row, pawn, from, g->dbl_to, MOVE_DOUBLE);
	if (!tally && (T->dedup_mask | T->exchange_mask | T->chain_mask) >> type & 1)
		gen_special(p, T, type, from, ml, start);
}

static void gen_piece(const struct pos *p, const struct tables *T, sq_t from,
		      struct movelist *ml)
{
	gen_moves(p, T, from, ml, NULL);
}

static int count_piece(const struct pos *p, const struct tables *T, sq_t from)
{
	int n = 0;

	gen_moves(p, T, from, NULL, &n);
	return n;
}


/* Does the piece q, met first on its ray at step st, attack the probed square? */
static inline bool probe_hits(const struct probe_step *st, piece_t q, enum color by)
{
	return PIECE_COLOR(q) == by && (st->mask >> PIECE_TYPE(q) & 1);
}

bool movegen_attacked(const struct pos *p, sq_t s, enum color by)
{
	const struct tables *T = p->v->t;
	const struct probe_entry *pe = &T->probes[by * T->nsq + s];
	const struct probe_step *st = &T->probe_steps[pe->step], *end = st + pe->nstep;

	/* the rays' steps in one run: the first piece on a ray decides it, the next ray
	 * starts `rest` steps further on */
	while (st < end) {
		piece_t q = p->board[st->sq];
		if (!q) {
			st++;
			continue;
		}
		if (probe_hits(st, q, by))
			return true;
		st += st->rest + 1;
	}
	for (int i = 0; i < pe->ncond; i++) {
		const struct cond_probe *c = &T->conds[pe->cond + i];
		piece_t q = p->board[c->from];
		if (q && PIECE_COLOR(q) == by && (c->mask >> PIECE_TYPE(q) & 1) &&
		    path_ok(p, T, c->path, c->npath, c->hop))
			return true;
	}
	/* a draughts capture power checks as a chess one does (docs/tigerchess.md) */
	return T->chain_mask && chains_attack(p, s, by);
}

static bool royal_attacked(const struct pos *p, enum color c)
{
	const struct tables *T = p->v->t;

	if (p->nroyal[c] == 1)
		return movegen_attacked(p, p->royal[c], COLOR_OTHER(c));
	for (int i = 0; i < p->npieces[c] && p->nroyal[c]; i++) {
		sq_t s = p->plist[c][i];
		if ((T->royal_mask >> PIECE_TYPE(p->board[s]) & 1) &&
		    movegen_attacked(p, s, COLOR_OTHER(c)))
			return true;
	}
	return false;
}

bool movegen_in_check(const struct pos *p)
{
	return royal_attacked(p, p->side);
}

/* `check`: whether the mover's royal piece stands attacked, -1 if not known. Known (the
 * legal generators' safety_scan), its own square need not be probed again: a castling
 * starts on the squares it must keep safe. */
static void gen_castling(const struct pos *p, const struct tables *T, struct movelist *ml,
			 int check)
{
	const struct variant *v = p->v;
	enum color us = p->side, them = COLOR_OTHER(us);
	struct pos *w = (struct pos *)p;        /* the royal piece is lifted, then put back */

	for (int i = 0; i < v->ncastle; i++) {
		const struct castle_rt *r = &T->castle[us][i];
		bool ok = p->castle >> r->bit & 1, known = check >= 0 && r->royal_from == p->royal[us];
		for (int k = 0; ok && k < r->nempty; k++)
			ok = !p->board[r->empty[k]];
		if (!ok || (known && check))
			continue;
		piece_t royal = p->board[r->royal_from];
		w->board[r->royal_from] = PIECE_NONE;
		for (int k = 0; ok && k < r->nsafe; k++)
			ok = (known && r->safe[k] == r->royal_from) || !movegen_attacked(p, r->safe[k], them);
		w->board[r->royal_from] = royal;
		if (ok && ml->n < MOVES_MAX)
			ml->m[ml->n++] = (struct move){ r->royal_from, r->royal_to, MOVE_CASTLE, 0,
							(uint8_t)i, 0 };
	}
}

static inline void gen_drops(const struct pos *p, const struct tables *T, struct movelist *ml)
{
	enum color us = p->side;

	for (int t = 0; t < p->v->ntypes; t++) {
		if (!p->hand[us][t])
			continue;
		for (int s = 0; s < T->nsq; s++)
			if (!p->board[s] && ml->n < MOVES_MAX)
				ml->m[ml->n++] = (struct move){ SQ_NONE, (sq_t)s, MOVE_DROP,
								(uint8_t)(t + 1), 0, 0 };
	}
}

static void gen_pseudo(const struct pos *p, struct movelist *ml, int check)
{
	const struct tables *T = p->v->t;
	enum color us = p->side;

	ml->n = 0;
	for (int i = 0; i < p->npieces[us]; i++)
		gen_moves(p, T, p->plist[us][i], ml, NULL);
	if (p->castle)
		gen_castling(p, T, ml, check);
	gen_drops(p, T, ml);
}

void movegen_pseudo(const struct pos *p, struct movelist *ml)
{
	gen_pseudo(p, ml, -1);
}

bool movegen_is_legal(struct pos *p, struct move m)
{
	struct undo u;
	enum color us = p->side;
	bool ok;

	pos_make(p, m, &u);
	ok = !royal_attacked(p, us);
	pos_unmake(p, m, &u);
	return ok;
}

#define PINS_MAX 32

/* What the position says about the mover's royal piece: who checks it, along which
 * ray, and which of the mover's pieces are pinned to it. */
struct safety {
	bool fast;              /* false: judge every move by playing it */
	int ncheckers;
	const struct probe_step *check_steps;
	int check_len;          /* steps up to and including the checker */
	int npins;
	sq_t pinned[PINS_MAX];
	const struct probe_step *pin_steps[PINS_MAX];
	int pin_len[PINS_MAX];
};

static void safety_scan(const struct pos *p, const struct tables *T, struct safety *sf)
{
	enum color us = p->side, them = COLOR_OTHER(us);
	sq_t ksq = p->royal[us];

	sf->ncheckers = sf->npins = 0;
	/* a jump chain may reach the royal piece through any square, unless she stands
	 * where no jump can pass over her: no ray tells */
	sf->fast = p->nroyal[us] == 1 && !T->exotic &&
		   !(T->chain_mask && chains_exposed(p, ksq, them));
	if (!sf->fast)
		return;
	const struct probe_entry *pe = &T->probes[them * T->nsq + ksq];
	const struct probe_step *st = &T->probe_steps[pe->step], *end = st + pe->nstep;
	const struct probe_step *ray = st;      /* the first step of st's ray */

	/* the rays in one run, as movegen_attacked walks them */
	while (st < end) {
		piece_t q = p->board[st->sq];
		if (!q) {
			if (!st->rest)
				ray = st + 1;
			st++;
			continue;
		}
		const struct probe_step *next = st + st->rest + 1, *b = st + 1;
		if (probe_hits(st, q, them)) {
			sf->ncheckers++;
			sf->check_steps = ray;
			sf->check_len = (int)(st - ray) + 1;
		} else if (PIECE_COLOR(q) == us) {
			while (b < next && !p->board[b->sq])
				b++;
			if (b < next && probe_hits(b, p->board[b->sq], them)) {
				if (sf->npins == PINS_MAX) {
					sf->fast = false;
					return;
				}
				sf->pinned[sf->npins] = st->sq;
				sf->pin_steps[sf->npins] = ray;
				sf->pin_len[sf->npins++] = (int)(b - ray) + 1;
			}
		}
		st = ray = next;
	}
}

static bool on_steps(const struct probe_step *st, int len, sq_t s)
{
	for (int k = 0; k < len; k++)
		if (st[k].sq == s)
			return true;
	return false;
}

/* Which of sf's pinned pieces stands on `from`: its index, or -1. */
static int pin_of(const struct safety *sf, sq_t from)
{
	for (int i = 0; i < sf->npins; i++)
		if (sf->pinned[i] == from)
			return i;
	return -1;
}

/* 1 legal, 0 illegal, -1 play it to know. `pin`: pin_of(sf, m.from). */
static inline int judge(const struct pos *p, const struct tables *T, const struct safety *sf,
			struct move m, int pin)
{
	enum color us = p->side;

	/* gen_castling found its squares safe; only the partner's leaving could change that */
	if (m.kind == MOVE_CASTLE && sf->fast && !T->chain_mask &&
	    T->castle[us][m.castle].settled)
		return 1;
	if (!sf->fast || m.kind >= MOVE_EN_PASSANT)     /* e.p., castling, drops, jumps */
		return -1;
	if (m.from == p->royal[us]) {
		struct pos *w = (struct pos *)p;        /* lift the royal piece: no x-ray shelter */
		piece_t royal = p->board[m.from];
		w->board[m.from] = PIECE_NONE;
		bool hit = movegen_attacked(p, m.to, COLOR_OTHER(us));
		w->board[m.from] = royal;
		return !hit;
	}
	if (sf->ncheckers > 1)
		return 0;
	if (sf->ncheckers == 1)
		return pin >= 0 ? -1 : on_steps(sf->check_steps, sf->check_len, m.to);
	return pin < 0 || on_steps(sf->pin_steps[pin], sf->pin_len[pin], m.to);
}

/* Nothing checks the mover's royal piece and nothing is pinned to it (most positions):
 * every plain move (no e.p., castling, drop or jump) of another piece is legal, as judge()
 * would say, without asking it. The royal square then, else SQ_NONE. Not on a board with
 * calm squares, whose moves are looked at one by one. */
static sq_t quiet_royal(const struct pos *p, const struct tables *T, const struct safety *sf)
{
	return sf->fast && !sf->ncheckers && !sf->npins && !T->calm ? p->royal[p->side] : SQ_NONE;
}

/* What judging a list's moves in turn keeps from one to the next: a piece's moves come
 * together, so its pin is looked up once for all of them. */
struct judging {
	sq_t from;
	int pin;
	int in_check;           /* -1: not asked yet (calm squares) */
	sq_t quiet;             /* quiet_royal() */
};

static void judging_start(struct judging *jg, const struct pos *p, const struct tables *T,
			  const struct safety *sf)
{
	jg->from = SQ_NONE;
	jg->pin = -1;
	jg->in_check = -1;
	jg->quiet = quiet_royal(p, T, sf);
}

/* Is the pseudo-legal move m legal? judge(), the calm squares (SQF_CALM: not entered
 * while in check), and the move played where neither can tell. */
static inline bool verdict(struct pos *p, const struct tables *T, const struct safety *sf,
			   struct judging *jg, struct move m)
{
	if (jg->quiet != SQ_NONE && m.from != jg->quiet && m.kind < MOVE_EN_PASSANT)
		return true;
	if (T->calm && (p->v->sq_flags[m.to] & SQF_CALM)) {
		if (jg->in_check < 0)
			jg->in_check = movegen_in_check(p);
		if (jg->in_check)
			return false;
	}
	if (m.from != jg->from) {
		jg->from = m.from;
		jg->pin = pin_of(sf, m.from);
	}
	int j = judge(p, T, sf, m, jg->pin);
	return j < 0 ? movegen_is_legal(p, m) : j;
}

void movegen_legal(struct pos *p, struct movelist *ml)
{
	const struct tables *T = p->v->t;
	struct safety sf;
	struct judging jg;
	int n = 0;

	safety_scan(p, T, &sf);
	gen_pseudo(p, ml, sf.fast ? sf.ncheckers > 0 : -1);
	judging_start(&jg, p, T, &sf);
	for (int i = 0; i < ml->n; i++)
		if (verdict(p, T, &sf, &jg, ml->m[i]))
			ml->m[n++] = ml->m[i];
	ml->n = n;
}

/* perft's last ply where nothing checks the mover's royal piece (safety_scan can tell,
 * no calm squares, no en-passant capture, no chains): every plain move of a piece not
 * pinned is legal, so those are counted, not listed; the royal piece's and the pinned
 * pieces' moves, castlings and drops are listed and judged. */
static int count_unchecked(struct pos *p, const struct tables *T, const struct safety *sf,
			   struct judging *jg, struct movelist *ml)
{
	enum color us = p->side;
	uint32_t special = T->dedup_mask | T->exchange_mask | T->chain_mask;
	sq_t royal = p->royal[us];
	int n = 0;

	ml->n = 0;
	for (int i = 0; i < p->npieces[us]; i++) {
		sq_t s = p->plist[us][i];
		if (s == royal || (sf->npins && pin_of(sf, s) >= 0))
			continue;
		if (special >> PIECE_TYPE(p->board[s]) & 1)
			gen_piece(p, T, s, ml);         /* listed to be weeded or expanded */
		else
			n += count_piece(p, T, s);
	}
	n += ml->n;
	ml->n = 0;
	gen_piece(p, T, royal, ml);
	for (int i = 0; i < sf->npins; i++)
		if (pin_of(sf, sf->pinned[i]) == i)     /* a piece pinned along two lines */
			gen_piece(p, T, sf->pinned[i], ml);
	if (p->castle)
		gen_castling(p, T, ml, 0);
	gen_drops(p, T, ml);
	for (int i = 0; i < ml->n; i++)
		n += verdict(p, T, sf, jg, ml->m[i]);
	return n;
}

/* The last ply of perft. */
int movegen_count(struct pos *p)
{
	const struct tables *T = p->v->t;
	struct movelist ml;
	struct safety sf;
	struct judging jg;
	int n = 0;

	safety_scan(p, T, &sf);
	judging_start(&jg, p, T, &sf);
	if (sf.fast && !sf.ncheckers && !T->calm && p->ep == SQ_NONE && !T->chain_mask)
		return count_unchecked(p, T, &sf, &jg, &ml);
	gen_pseudo(p, &ml, sf.fast ? sf.ncheckers > 0 : -1);
	for (int i = 0; i < ml.n; i++)
		n += verdict(p, T, &sf, &jg, ml.m[i]);
	return n;
}
