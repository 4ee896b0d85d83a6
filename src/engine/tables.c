/* tables.c: variant_compile()'s second half: precomputing moves, attack probes, castling
 * squares and hash keys for every square (see tables.h). */
#include "engine/tables.h"

#include <stdlib.h>
#include <string.h>

#define STEPS_MAX 192           /* longest line of squares a ray can cover */
#define KEYS_MAX  256           /* distinct step vectors hitting one square */


static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

#define PUSH(T, arr, cnt, cap, val) \
	(grow((void **)&(T)->arr, &(T)->cap, (T)->cnt + 1, sizeof *(T)->arr) < 0 ? -1 : \
	 ((T)->arr[(T)->cnt++] = (val), 0))

static sq_t at(const struct tables *T, int x, int y)
{
	x -= T->minx;
	y -= T->miny;
	if (x < 0 || y < 0 || x >= T->w || y >= T->h)
		return SQ_NONE;
	return T->at[x + y * T->w];
}

static int oom(struct err *e)
{
	return err_set(e, "out of memory building move tables");
}

/* The coordinate box and its square map. */
static int build_map(const struct variant *v, struct tables *T, struct err *e)
{
	int minx = v->file_of[0], maxx = minx, miny = v->rank_of[0], maxy = miny;

	for (int s = 1; s < v->nsq; s++) {
		if (v->file_of[s] < minx) minx = v->file_of[s];
		if (v->file_of[s] > maxx) maxx = v->file_of[s];
		if (v->rank_of[s] < miny) miny = v->rank_of[s];
		if (v->rank_of[s] > maxy) maxy = v->rank_of[s];
	}
	T->minx = minx, T->miny = miny, T->w = maxx - minx + 1, T->h = maxy - miny + 1;
	T->at = malloc((size_t)T->w * (size_t)T->h * sizeof *T->at);
	if (!T->at)
		return oom(e);
	for (int i = 0; i < T->w * T->h; i++)
		T->at[i] = SQ_NONE;
	/* reserve squares stay off the map: no power, ray or jump finds them */
	for (int s = 0; s < v->nsq; s++)
		if (!(v->sq_flags[s] & SQF_RESERVE))
			T->at[(v->file_of[s] - minx) + (v->rank_of[s] - miny) * T->w] = (sq_t)s;
	return 0;
}

/* Black's square for White's s (variant_mirror, on the map being built). */
static sq_t mirror(const struct variant *v, const struct tables *T, sq_t s)
{
	return at(T, v->file_of[s], v->ranks - 1 - v->rank_of[s]);
}

/* The index of the squares off the grid by name (variant_square_named). Square names are
 * letters and digits, so `| 0x20` folds their case. */
static int build_names(const struct variant *v, struct tables *T, struct err *e)
{
	int grid = v->files * v->ranks;
	uint32_t slots = 8;

	while (slots < 2 * (uint32_t)(v->nsq - grid))
		slots *= 2;
	if (!(T->named = malloc(slots * sizeof *T->named)))
		return oom(e);
	T->nnamed = slots;
	for (uint32_t i = 0; i < slots; i++)
		T->named[i] = SQ_NONE;
	for (int s = grid; s < v->nsq; s++) {
		uint32_t h = tables_name_hash(v->sq_name[s], strlen(v->sq_name[s]), slots);
		while (T->named[h] != SQ_NONE)
			h = (h + 1) & (slots - 1);
		T->named[h] = (sq_t)s;
	}
	return 0;
}

/* A leap whose path matters: its squares go to the pool. 1 = added, 0 = impossible here. */
static int add_path_leap(struct tables *T, int x, int y, int sgn, const struct betza_vec *bv,
			 sq_t to, struct err *e)
{
	int8_t path[64][2];
	int np = betza_leap_path(bv->dx, bv->dy, path, 64);
	uint32_t start = (uint32_t)T->npool;
	int cnt = 0;

	for (int k = 0; k < np && k < 64; k++) {
		sq_t ps = at(T, x + path[k][0], y + path[k][1] * sgn);
		if (ps == SQ_NONE) {
			if (bv->flags & BETZA_LAME) {
				T->npool = start;       /* cannot pass through a hole */
				return 0;
			}
			continue;                       /* a hole holds nothing to hop over */
		}
		if (PUSH(T, pool, npool, cap_pool, ps) < 0)
			return oom(e);
		cnt++;
	}
	struct path_leap pl = { to, start, (uint8_t)cnt,
				(uint8_t)(bv->flags & (BETZA_MOVE | BETZA_CAPTURE | BETZA_LAME |
						       BETZA_HOP)) };
	if (PUSH(T, pleaps, npleaps, cap_pleaps, pl) < 0)
		return oom(e);
	return 1;
}

/* The move/capture rights of a leap of `type` onto `to`: an SQF_ENTRY square is open only
 * to its listed types, and only for a capture. */
static uint8_t entry_rights(const struct variant *v, int type, sq_t to, uint8_t flags)
{
	if (to == SQ_NONE || !(v->sq_flags[to] & SQF_ENTRY))
		return flags;
	return v->sq_entry[to] >> type & 1 ? flags & BETZA_CAPTURE : 0;
}

static int add_ride(const struct variant *v, struct tables *T, int x, int y, int dx, int dy,
		    const struct betza_vec *bv, struct err *e)
{
	int first = (bv->flags & BETZA_SKIP) ? 2 : 1, max = bv->range ? bv->range : STEPS_MAX;
	uint32_t start = (uint32_t)T->npool;
	uint16_t len = 0;

	if (first == 2 && at(T, x + dx, y + dy) == SQ_NONE)
		return 0;
	for (int k = first; k <= max; k++) {
		sq_t s = at(T, x + k * dx, y + k * dy);
		if (s == SQ_NONE || (v->sq_flags[s] & SQF_ENTRY))
			break;
		if (PUSH(T, pool, npool, cap_pool, s) < 0)
			return oom(e);
		len++;
	}
	if (!len)
		return 0;
	struct ride r = { start, len, (uint8_t)(bv->flags & (BETZA_MOVE | BETZA_CAPTURE |
							    BETZA_SKIP)) };
	return PUSH(T, rides, nrides, cap_rides, r) < 0 ? oom(e) : 0;
}

/* Can a square be reached two ways (e.g. "WR")? Then generation must weed out doubles. */
static bool has_duplicate_target(const struct tables *T, const struct gen_entry *g,
				 uint32_t *seen, uint32_t stamp)
{
	bool dup = false;

	for (int i = 0; i < g->nleap; i++) {
		sq_t s = T->leaps[g->leap + i].to;
		dup |= seen[s] == stamp;
		seen[s] = stamp;
	}
	for (int i = 0; i < g->nride; i++) {
		const struct ride *r = &T->rides[g->ride + i];
		for (int k = 0; k < r->len; k++) {
			sq_t s = T->pool[r->start + k];
			dup |= seen[s] == stamp;
			seen[s] = stamp;
		}
	}
	for (int i = 0; i < g->npleap; i++) {
		sq_t s = T->pleaps[g->pleap + i].to;
		dup |= seen[s] == stamp;
		seen[s] = stamp;
	}
	return dup;
}

static int build_promos(const struct variant *v, struct tables *T, struct gen_entry *g,
			const struct piece_def *pd, enum color c, sq_t s, struct err *e)
{
	int rr = variant_relative_rank(v, s, c);

	g->promo = (uint32_t)T->npromos;
	if (!(pd->pawn.promotion_ranks & variant_rank_bit(rr)))
		return 0;
	for (int k = 0; k < pd->pawn.npromo; k++) {
		const struct promo_choice *pc = &pd->pawn.promo[k];
		if (pc->colour_of != SQ_NONE) {
			sq_t ref = c == WHITE ? pc->colour_of : mirror(v, T, pc->colour_of);
			if (ref == SQ_NONE || variant_square_dark(v, ref) != variant_square_dark(v, s))
				continue;
		}
		if (PUSH(T, promos, npromos, cap_promos, pc->type) < 0)
			return oom(e);
		g->npromo++;
	}
	return 0;
}

/* The pawn's double step is the longer form of its forward step: a pawn whose powers
 * no longer step straight forward to an empty square (Flexichess "rule P cF", a card) has
 * none (docs/perplexichess.md, Interpretations). */
static bool steps_forward(const struct piece_def *pd)
{
	for (int i = 0; i < pd->powers.n; i++)
		if (pd->powers.v[i].dx == 0 && pd->powers.v[i].dy == 1 &&
		    (pd->powers.v[i].flags & BETZA_MOVE))
			return true;
	return false;
}

static int build_gen_entry(const struct variant *v, struct tables *T, int type, enum color c,
			   sq_t s, struct err *e)
{
	struct gen_entry *g = &T->gen[((size_t)type * 2 + c) * (size_t)T->nsq + s];
	const struct piece_def *pd = &v->type[type];
	int x = v->file_of[s], y = v->rank_of[s], sgn = c == WHITE ? 1 : -1;

	memset(g, 0, sizeof *g);
	g->dbl_mid = g->dbl_to = SQ_NONE;
	g->leap = (uint32_t)T->nleaps, g->ride = (uint32_t)T->nrides;
	g->pleap = (uint32_t)T->npleaps;
	g->promo = (uint32_t)T->npromos;
	if (v->sq_flags[s] & SQF_RESERVE)
		return 0;                       /* a waiting piece has no moves */
	for (int i = 0; i < pd->powers.n; i++) {
		struct betza_vec bv = pd->powers.v[i];
		int dx = bv.dx, dy = bv.dy * sgn;
		sq_t to = at(T, x + dx, y + dy);
		uint8_t rights = entry_rights(v, type, to, bv.flags & (BETZA_MOVE | BETZA_CAPTURE));
		if (bv.range == 1 && !rights)
			continue;
		bv.flags = (uint8_t)((bv.flags & ~(BETZA_MOVE | BETZA_CAPTURE)) | rights);
		if (bv.range == 1 && !(bv.flags & (BETZA_LAME | BETZA_HOP))) {
			struct leap l = { to, rights };
			if (to != SQ_NONE && PUSH(T, leaps, nleaps, cap_leaps, l) < 0)
				return oom(e);
		} else if (bv.range == 1) {
			if (to != SQ_NONE && add_path_leap(T, x, y, sgn, &bv, to, e) < 0)
				return -1;
		} else if (add_ride(v, T, x, y, dx, dy, &bv, e) < 0)
			return -1;
	}
	g->nleap = (uint16_t)(T->nleaps - g->leap);
	g->nride = (uint16_t)(T->nrides - g->ride);
	g->npleap = (uint16_t)(T->npleaps - g->pleap);
	if (pd->pawn.is_pawn) {
		int rr = variant_relative_rank(v, s, c);
		if ((pd->pawn.double_step_ranks & variant_rank_bit(rr)) && steps_forward(pd)) {
			g->dbl_mid = at(T, x, y + sgn);
			g->dbl_to = at(T, x, y + 2 * sgn);
			if (g->dbl_mid == SQ_NONE || g->dbl_to == SQ_NONE)
				g->dbl_mid = g->dbl_to = SQ_NONE;
		}
		return build_promos(v, T, g, pd, c, s, e);
	}
	g->promo = (uint32_t)T->npromos;
	return 0;
}

/* Sets g->promotes: does some move of the entry's pawn arrive where it promotes? Only the
 * moves gen_moves emits count: a pawn promoting by exchange is expanded elsewhere. */
static void mark_promotes(const struct tables *T, const struct gen_entry *row,
			  struct gen_entry *g)
{
	bool any = g->dbl_to != SQ_NONE && row[g->dbl_to].npromo;

	for (int i = 0; i < g->nleap; i++)
		any |= row[T->leaps[g->leap + i].to].npromo != 0;
	for (int i = 0; i < g->nride; i++) {
		const struct ride *r = &T->rides[g->ride + i];
		for (int k = 0; k < r->len; k++)
			any |= row[T->pool[r->start + k]].npromo != 0;
	}
	for (int i = 0; i < g->npleap; i++)
		any |= row[T->pleaps[g->pleap + i].to].npromo != 0;
	g->promotes = any;
}

static int build_gen(const struct variant *v, struct tables *T, struct err *e)
{
	uint32_t *seen = calloc((size_t)T->nsq, sizeof *seen), stamp = 0;

	T->gen = calloc((size_t)v->ntypes * 2 * (size_t)T->nsq, sizeof *T->gen);
	if (!T->gen || !seen) {
		free(seen);
		return oom(e);
	}
	for (int type = 0; type < v->ntypes; type++)
		for (int c = 0; c < 2; c++)
			for (int s = 0; s < T->nsq; s++) {
				if (build_gen_entry(v, T, type, (enum color)c, (sq_t)s, e) < 0) {
					free(seen);
					return -1;
				}
				if (has_duplicate_target(T, tables_gen(T, type, (enum color)c, (sq_t)s),
							 seen, ++stamp))
					T->dedup_mask |= 1u << type;
			}
	for (int type = 0; type < v->ntypes; type++)
		for (int c = 0; c < 2 && v->type[type].pawn.is_pawn && !v->type[type].pawn.exchange;
		     c++) {
			struct gen_entry *row = &T->gen[((size_t)type * 2 + c) * (size_t)T->nsq];
			for (int s = 0; s < T->nsq; s++)
				mark_promotes(T, row, &row[s]);
		}
	free(seen);
	return 0;
}

/* Scratch space for the probe rays of one square: per step vector, a mask per step. */
struct probe_scratch {
	int nkeys;
	int8_t key[KEYS_MAX][2];
	uint32_t mask[KEYS_MAX][STEPS_MAX + 1];
};

/* The index of step vector (kx, ky) in ps, added if new; -1 if there are too many. */
static int scratch_key(struct probe_scratch *ps, int kx, int ky, struct err *e)
{
	int k;

	for (k = 0; k < ps->nkeys; k++)
		if (ps->key[k][0] == kx && ps->key[k][1] == ky)
			return k;
	if (k == KEYS_MAX)
		return err_set(e, "too many distinct piece powers (more than %d directions)",
			       KEYS_MAX);
	ps->nkeys++;
	ps->key[k][0] = (int8_t)kx, ps->key[k][1] = (int8_t)ky;
	memset(ps->mask[k], 0, sizeof ps->mask[k]);
	return k;
}

/* Steps `first` to `last` of vector (kx, ky) hit with the types in `bit`. */
static int scratch_add(struct probe_scratch *ps, int kx, int ky, int first, int last,
		       uint32_t bit, struct err *e)
{
	int k = scratch_key(ps, kx, ky, e);

	if (k < 0)
		return -1;
	for (int step = first; step <= last && step <= STEPS_MAX; step++)
		ps->mask[k][step] |= bit;
	return 0;
}

static int gcd(int a, int b)
{
	a = abs(a), b = abs(b);
	while (b) {
		int t = a % b;
		a = b, b = t;
	}
	return a;
}

static int add_cond(struct tables *T, sq_t from, uint32_t bit, const sq_t *path, int npath,
		    int hop, struct err *e)
{
	struct cond_probe cp = { from, bit, (uint32_t)T->npool, (uint8_t)npath, (uint8_t)hop };

	for (int i = 0; i < npath; i++)
		if (PUSH(T, pool, npool, cap_pool, path[i]) < 0)
			return oom(e);
	return PUSH(T, conds, nconds, cap_conds, cp) < 0 ? oom(e) : 0;
}

/* Attacks on (x, y) that depend on more than "the squares between are empty". */
static int probe_conditional(struct tables *T, int x, int y, int sgn, uint32_t bit,
			     const struct betza_vec *bv, struct err *e)
{
	int dx = bv->dx, dy = bv->dy * sgn;
	sq_t path[STEPS_MAX];

	if (bv->flags & BETZA_SKIP) {
		int max = bv->range ? bv->range : STEPS_MAX;
		for (int k = 2; k <= max; k++) {
			sq_t from = at(T, x - k * dx, y - k * dy);
			if (from == SQ_NONE || at(T, x - (k - 1) * dx, y - (k - 1) * dy) == SQ_NONE)
				break;
			for (int j = 1; j <= k - 2; j++)
				path[j - 1] = at(T, x - j * dx, y - j * dy);
			if (add_cond(T, from, bit, path, k - 2, 0, e) < 0)
				return -1;
		}
		T->exotic = true;
		return 0;
	}
	sq_t from = at(T, x - dx, y - dy);
	int8_t off[64][2];
	int np = betza_leap_path(bv->dx, bv->dy, off, 64), n = 0;

	if (from == SQ_NONE)
		return 0;
	int fx = x - dx, fy = y - dy;
	for (int k = 0; k < np && k < 64; k++) {
		sq_t s = at(T, fx + off[k][0], fy + off[k][1] * sgn);
		if (s == SQ_NONE) {
			if (bv->flags & BETZA_LAME)
				return 0;
			continue;
		}
		path[n++] = s;
	}
	T->exotic = true;
	return add_cond(T, from, bit, path, n, (bv->flags & BETZA_HOP) != 0, e);
}

/* Registers every capture of every type of colour c that could land on (x, y). */
static int probe_collect(const struct variant *v, struct tables *T, struct probe_scratch *ps,
			 enum color c, int x, int y, struct err *e)
{
	int sgn = c == WHITE ? 1 : -1, reach = T->w > T->h ? T->w : T->h;

	ps->nkeys = 0;
	for (int type = 0; type < v->ntypes; type++) {
		uint32_t bit = 1u << type;
		const struct betza *b = &v->type[type].powers;
		for (int i = 0; i < b->n; i++) {
			const struct betza_vec *bv = &b->v[i];
			int dx = bv->dx, dy = bv->dy * sgn, rc = 0;
			bool straight = dx == 0 || dy == 0 || abs(dx) == abs(dy);
			if (!(bv->flags & BETZA_CAPTURE))
				continue;
			if (bv->range == 1 && !(bv->flags & (BETZA_LAME | BETZA_HOP)))
				rc = scratch_add(ps, -dx, -dy, 1, 1, bit, e);
			else if (bv->range == 1 && (bv->flags & BETZA_LAME) && straight) {
				int g = gcd(dx, dy);
				rc = scratch_add(ps, -dx / g, -dy / g, g, g, bit, e);
			} else if (bv->range == 1 || (bv->flags & BETZA_SKIP))
				rc = probe_conditional(T, x, y, sgn, bit, bv, e);
			else    /* no step past the board's box is ever read (probe_emit) */
				rc = scratch_add(ps, -dx, -dy, 1, bv->range ? bv->range : reach, bit, e);
			if (rc < 0)
				return -1;
		}
	}
	return 0;
}

/* Turns the scratch masks of one square into probe rays, cut after their last attacker. */
static int probe_emit(struct tables *T, const struct probe_scratch *ps, int x, int y,
		      struct err *e)
{
	for (int k = 0; k < ps->nkeys; k++) {
		int kx = ps->key[k][0], ky = ps->key[k][1], last = 0, n = 0;
		for (int step = 1; step <= STEPS_MAX; step++) {
			if (at(T, x + step * kx, y + step * ky) == SQ_NONE)
				break;
			n = step;
			if (ps->mask[k][step])
				last = step;
		}
		if (last == 0 || n == 0)
			continue;
		struct probe_ray r = { (uint32_t)T->nprobe_steps, (uint16_t)last };
		for (int step = 1; step <= last; step++) {
			struct probe_step st = { at(T, x + step * kx, y + step * ky),
						 (uint16_t)(last - step), ps->mask[k][step] };
			if (PUSH(T, probe_steps, nprobe_steps, cap_probe_steps, st) < 0)
				return oom(e);
		}
		if (PUSH(T, probe_rays, nprobe_rays, cap_probe_rays, r) < 0)
			return oom(e);
	}
	return 0;
}

static int build_probes(const struct variant *v, struct tables *T, struct err *e)
{
	struct probe_scratch *ps = malloc(sizeof *ps);
	int rc = 0;

	T->probes = calloc(2 * (size_t)T->nsq, sizeof *T->probes);
	if (!ps || !T->probes) {
		free(ps);
		return oom(e);
	}
	for (int c = 0; c < 2 && rc == 0; c++)
		for (int s = 0; s < T->nsq && rc == 0; s++) {
			struct probe_entry *pe = &T->probes[c * T->nsq + s];
			int x = v->file_of[s], y = v->rank_of[s];
			pe->start = (uint32_t)T->nprobe_rays;
			pe->cond = (uint32_t)T->nconds;
			pe->step = (uint32_t)T->nprobe_steps;
			rc = probe_collect(v, T, ps, (enum color)c, x, y, e);
			if (rc == 0)
				rc = probe_emit(T, ps, x, y, e);
			pe->n = (uint16_t)(T->nprobe_rays - pe->start);
			pe->ncond = (uint16_t)(T->nconds - pe->cond);
			pe->nstep = (uint16_t)(T->nprobe_steps - pe->step);
		}
	free(ps);
	return rc;
}

/* Could a piece of `by` attack `target` from beyond s, s shielding it (s on a line of
 * attack, not its last square)? */
static bool shields(const struct tables *T, enum color by, sq_t target, sq_t s)
{
	const struct probe_entry *pe = &T->probes[by * T->nsq + target];

	for (int i = 0; i < pe->n; i++) {
		const struct probe_ray *r = &T->probe_rays[pe->start + i];
		for (int k = 0; k + 1 < r->len; k++)
			if (T->probe_steps[r->start + k].sq == s)
				return true;
	}
	return false;
}

static int build_castling(const struct variant *v, struct tables *T, struct err *e)
{
	for (int c = 0; c < 2; c++)
		for (int i = 0; i < v->ncastle; i++) {
			const struct castling_def *d = &v->castle[i];
			struct castle_rt *r = &T->castle[c][i];
			sq_t sqs[4] = { d->royal_from, d->royal_to, d->partner_from, d->partner_to };
			for (int k = 0; k < 4 && c == BLACK; k++)
				if ((sqs[k] = mirror(v, T, sqs[k])) == SQ_NONE)
					return err_set(e, "castling %s has no mirror square for Black",
						       d->san);
			r->royal_from = sqs[0], r->royal_to = sqs[1];
			r->partner_from = sqs[2], r->partner_to = sqs[3];
			r->bit = (uint8_t)(c * v->ncastle + i);
			int y = v->rank_of[r->royal_from];
			int rf = v->file_of[r->royal_from], pf = v->file_of[r->partner_from];
			int lo = rf < pf ? rf : pf, hi = rf < pf ? pf : rf;
			int files[4] = { v->file_of[r->royal_to], v->file_of[r->partner_to] };
			r->nempty = r->nsafe = 0;
			for (int f = -64; f <= 96; f++) {
				bool between = f > lo && f < hi;
				bool dest = f == files[0] || f == files[1];
				if ((!between && !dest) || f == rf || f == pf)
					continue;
				sq_t s = at(T, f, y);
				if (s == SQ_NONE || r->nempty >= RANKS_MAX + 8)
					return err_set(e, "castling %s crosses a square that does not exist",
						       d->san);
				r->empty[r->nempty++] = s;
			}
			int a = rf, b = v->file_of[r->royal_to], step = a <= b ? 1 : -1;
			for (int f = a;; f += step) {
				if (r->nsafe >= RANKS_MAX + 8)
					return err_set(e, "castling %s moves too far", d->san);
				r->safe[r->nsafe++] = at(T, f, y);
				if (f == b)
					break;
			}
			r->settled = !shields(T, COLOR_OTHER((enum color)c), r->royal_to,
					      r->partner_from);
			T->castle_clear[r->royal_from] |= (uint8_t)(1u << r->bit);
			T->castle_clear[r->partner_from] |= (uint8_t)(1u << r->bit);
		}
	return 0;
}

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static int build_keys(struct tables *T, struct err *e)
{
	uint64_t seed = 0x7E3B57ull;
	size_t n = (size_t)PIECE_CODES * (size_t)T->nsq;

	T->zob = malloc(n * sizeof *T->zob);
	T->zob_ep = malloc((size_t)T->nsq * sizeof *T->zob_ep);
	if (!T->zob || !T->zob_ep)
		return oom(e);
	for (size_t i = 0; i < n; i++)
		T->zob[i] = splitmix(&seed);
	for (int s = 0; s < T->nsq; s++)
		T->zob_ep[s] = splitmix(&seed);
	T->zob_side = splitmix(&seed);
	uint64_t bitkey[8];
	for (int b = 0; b < 8; b++)
		bitkey[b] = splitmix(&seed);
	for (int i = 0; i < 256; i++) {
		T->zob_castle[i] = 0;
		for (int b = 0; b < 8; b++)
			if (i & (1 << b))
				T->zob_castle[i] ^= bitkey[b];
	}
	return 0;
}

static void build_masks(const struct variant *v, struct tables *T)
{
	for (int i = 0; i < v->ntypes; i++) {
		const struct piece_def *p = &v->type[i];
		bool bound = !p->pawn.is_pawn;
		for (int k = 0; k < p->powers.n; k++)
			bound &= ((p->powers.v[k].dx + p->powers.v[k].dy) & 1) == 0;
		if (p->royal) T->royal_mask |= 1u << i;
		if (p->royal || p->immune) T->uncapturable_mask |= 1u << i;
		if (p->nchain_dir) T->chain_mask |= 1u << i;
		if (p->pawn.is_pawn) T->pawn_mask |= 1u << i;
		if (p->pawn.is_pawn && p->pawn.en_passant) T->ep_mask |= 1u << i;
		if (p->pawn.is_pawn && p->pawn.exchange) T->exchange_mask |= 1u << i;
		if (p->minor) T->minor_mask |= 1u << i;
		if (bound) T->colorbound_mask |= 1u << i;
		for (int c = 0; c < 2 && !(T->uncapturable_mask >> i & 1); c++)
			T->prey[c] |= 1ull << (PIECE_MAKE(i, COLOR_OTHER((enum color)c)) - 1);
	}
}

int tables_build(struct variant *v, struct err *e)
{
	struct tables *T = calloc(1, sizeof *T);

	if (!T)
		return oom(e);
	v->t = T;
	T->nsq = v->nsq;
	if (build_map(v, T, e) < 0 || build_names(v, T, e) < 0 || build_gen(v, T, e) < 0 ||
	    build_probes(v, T, e) < 0 ||
	    build_castling(v, T, e) < 0 || build_keys(T, e) < 0)
		goto fail;
	build_masks(v, T);
	for (int s = 0; s < v->nsq; s++)
		T->calm |= (v->sq_flags[s] & SQF_CALM) != 0;
	return 0;
fail:
	tables_free(T);
	v->t = NULL;
	return -1;
}

void tables_free(struct tables *t)
{
	if (!t)
		return;
	free(t->at);
	free(t->named);
	free(t->gen);
	free(t->leaps);
	free(t->rides);
	free(t->pleaps);
	free(t->pool);
	free(t->promos);
	free(t->probes);
	free(t->probe_rays);
	free(t->probe_steps);
	free(t->conds);
	free(t->zob);
	free(t->zob_ep);
	free(t);
}
