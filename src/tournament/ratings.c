/* ratings.c: see ratings.h. */
#include "tournament/ratings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DAY 86400LL

void tn_ratings_free(struct tn_ratings *r)
{
	for (size_t i = 0; i < r->n; i++) {
		for (size_t k = 0; k < r->v[i].n; k++)
			free(r->v[i].p[k].period);
		free(r->v[i].p);
	}
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

static struct tn_variant_ratings *variant_of(const struct tn_ratings *r, const char *variant)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].variant, variant))
			return &r->v[i];
	return NULL;
}

const struct tn_rated *tn_rated_of(const struct tn_ratings *r, const char *variant,
				   const char *address)
{
	const struct tn_variant_ratings *v = variant_of(r, variant);

	for (size_t i = 0; v && i < v->n; i++)
		if (!strcasecmp(v->p[i].address, address))
			return &v->p[i];
	return NULL;
}

struct glicko tn_rating_now(const struct tn_ratings *r, const char *variant,
			    const char *address, bool *known)
{
	const struct tn_rated *p = tn_rated_of(r, variant, address);

	if (known)
		*known = p != NULL;
	return p ? p->rating : glicko2_new();
}

static struct tn_variant_ratings *variant_get(struct tn_ratings *r, const char *variant)
{
	struct tn_variant_ratings *v = variant_of(r, variant);

	if (v)
		return v;
	if (!(v = realloc(r->v, (r->n + 1) * sizeof *v)))
		return NULL;
	r->v = v;
	v += r->n++;
	memset(v, 0, sizeof *v);
	snprintf(v->variant, sizeof v->variant, "%s", variant);
	return v;
}

static struct tn_rated *player_get(struct tn_variant_ratings *v, const char *address)
{
	for (size_t i = 0; i < v->n; i++)
		if (!strcasecmp(v->p[i].address, address))
			return &v->p[i];
	struct tn_rated *p = realloc(v->p, (v->n + 1) * sizeof *p);
	if (!p)
		return NULL;
	v->p = p;
	p += v->n++;
	memset(p, 0, sizeof *p);
	snprintf(p->address, sizeof p->address, "%s", address);
	p->rating = p->prev = p->base = glicko2_new();
	return p;
}

/* Periods by option: the periods that ended before `period` are rated, each player's
 * games of the last together; a period without games lets the deviation grow. */
static void close_periods(struct tn_variant_ratings *v, long long period)
{
	if (!v->period)
		v->period = period;
	for (; v->period < period; v->period++)
		for (size_t i = 0; i < v->n; i++) {
			struct tn_rated *p = &v->p[i];
			struct glicko_game g[64] = { { 0, 0, 0 } };
			int n = 0;
			for (size_t k = 0; k < p->nperiod && n < 64; k++)
				g[n++] = p->period[k].g;
			glicko2_rate(&p->base, g, n, GLICKO_TAU, &p->base);
			p->rating = p->base;
			free(p->period);
			p->period = NULL;
			p->nperiod = 0;
		}
}

/* The player's rating with this period's games so far (periods by option). */
static void period_rating(struct tn_rated *p)
{
	struct glicko_game g[64] = { { 0, 0, 0 } };
	int n = 0;

	for (size_t k = 0; k < p->nperiod && n < 64; k++)
		g[n++] = p->period[k].g;
	glicko2_rate(&p->base, g, n, GLICKO_TAU, &p->rating);
	if (!n)
		p->rating = p->base;
}

static int period_add(struct tn_rated *p, const struct glicko *opp, double score,
		      const char *key)
{
	struct tn_period_game *a = realloc(p->period, (p->nperiod + 1) * sizeof *a);

	if (!a)
		return -1;
	p->period = a;
	a[p->nperiod].g = (struct glicko_game){ opp->rating, opp->rd, score };
	snprintf(a[p->nperiod++].key, TN_RATED_KEY, "%s", key);
	return 0;
}

int tn_ratings_apply(struct tn_ratings *r, const char *variant, const char *white,
		     const char *black, const char *result, const char *key, long long now,
		     struct glicko before[2], struct glicko after[2])
{
	struct tn_variant_ratings *v = variant_get(r, variant);
	struct tn_rated *p[2];
	double score = !strcmp(result, "1-0") ? 1 : !strcmp(result, "0-1") ? 0 : 0.5;

	if (!v || !(p[0] = player_get(v, white)) || !(p[1] = player_get(v, black)))
		return -1;
	p[0] = player_get(v, white);    /* a realloc for black may have moved white */
	if (!strcmp(p[0]->last, key) && !strcmp(p[1]->last, key)) {
		for (int c = 0; c < 2; c++)
			before[c] = p[c]->prev, after[c] = p[c]->rating;
		return 0;
	}
	if (r->period_days > 0)
		close_periods(v, now / (r->period_days * DAY));
	for (int c = 0; c < 2; c++)
		before[c] = p[c]->rating;
	for (int c = 0; c < 2; c++) {
		struct tn_rated *me = p[c], *opp = p[1 - c];
		double s = c ? 1 - score : score;
		if (r->period_days > 0) {
			if (period_add(me, &opp->base, s, key) < 0)
				return -1;
			period_rating(me);
		} else {
			struct glicko_game g = { before[1 - c].rating, before[1 - c].rd, s };
			glicko2_rate(&before[c], &g, 1, GLICKO_TAU, &me->rating);
			me->base = me->rating;
		}
	}
	for (int c = 0; c < 2; c++) {
		after[c] = p[c]->rating;
		p[c]->prev = before[c];
		p[c]->games++;
		snprintf(p[c]->last, sizeof p[c]->last, "%s", key);
	}
	return 0;
}

int tn_ratings_set(struct tn_ratings *r, const char *variant, const char *address,
		   const struct glicko *before, const struct glicko *after, const char *key)
{
	struct tn_variant_ratings *v = variant_get(r, variant);
	struct tn_rated *p = v ? player_get(v, address) : NULL;

	if (!p)
		return -1;
	if (!strcmp(p->last, key))
		return 0;
	p->prev = *before;
	p->rating = *after;
	if (!r->period_days)
		p->base = *after;
	p->games++;
	snprintf(p->last, sizeof p->last, "%s", key);
	return 0;
}

static int by_rating(const void *a, const void *b)
{
	const struct tn_rated *x = *(const struct tn_rated *const *)a;
	const struct tn_rated *y = *(const struct tn_rated *const *)b;

	if (x->rating.rating != y->rating.rating)
		return x->rating.rating < y->rating.rating ? 1 : -1;
	return strcasecmp(x->address, y->address);
}

const struct tn_rated **tn_ratings_sorted(const struct tn_ratings *r, const char *variant,
					  size_t *n)
{
	const struct tn_variant_ratings *v = variant_of(r, variant);
	const struct tn_rated **a;

	*n = 0;
	if (!v || !v->n || !(a = malloc(v->n * sizeof *a)))
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		a[i] = &v->p[i];
	qsort(a, v->n, sizeof *a, by_rating);
	*n = v->n;
	return a;
}
