/* ratings_json.c: DATA/ratings.json, and the markers of the work a run leaves to the next
 * (DATA/tournaments/pending/): see tournament_json.h. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/jread.h"
#include "store/store_int.h"
#include "store/tournament_json.h"
#include "util/fsutil.h"

#define RATINGS_FORMAT 1
#define RATINGS_MAX (64L * 1024 * 1024)

/* ---- ratings ---- */

static json_t *rated_json(const struct tn_rated *p)
{
	json_t *period = json_array();

	for (size_t i = 0; i < p->nperiod; i++)
		json_array_append_new(period, json_pack("{s:f, s:f, s:f, s:s}",
			"rating", p->period[i].g.rating, "rd", p->period[i].g.rd,
			"score", p->period[i].g.score, "key", p->period[i].key));
	return json_pack("{s:s, s:o, s:o, s:o, s:i, s:s, s:o}", "address", p->address,
			 "rating", store_glicko_json(&p->rating), "prev", store_glicko_json(&p->prev),
			 "base", store_glicko_json(&p->base), "games", p->games, "last", p->last,
			 "period", period);
}

char *store_ratings_to_json(const struct tn_ratings *r)
{
	json_t *variants = json_array();

	for (size_t i = 0; i < r->n; i++) {
		json_t *players = json_array();
		for (size_t k = 0; k < r->v[i].n; k++)
			json_array_append_new(players, rated_json(&r->v[i].p[k]));
		json_array_append_new(variants, json_pack("{s:s, s:I, s:o}", "variant",
			r->v[i].variant, "period", (json_int_t)r->v[i].period, "players", players));
	}
	json_t *root = json_pack("{s:i, s:i, s:o}", "format", RATINGS_FORMAT, "period_days",
				 r->period_days, "variants", variants);
	char *text = root ? json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
	json_decref(root);
	return text;
}

static int load_period(const struct jnode *x, struct tn_rated *p)
{
	struct jnode a, y;
	size_t n;

	if (jread_arr(x, "period", false, &a, &n) < 0)
		return -1;
	if (n && !(p->period = calloc(n, sizeof *p->period)))
		return jread_fail(x, "period", "out of memory");
	for (size_t i = 0; i < n; i++) {
		struct tn_period_game *g = &p->period[i];
		if (jread_at(&a, i, &y) < 0 ||
		    jread_real(&y, "rating", false, -100000, 100000, &g->g.rating) < 0 ||
		    jread_real(&y, "rd", false, 0, 10000, &g->g.rd) < 0 ||
		    jread_real(&y, "score", false, 0, 1, &g->g.score) < 0 ||
		    jread_str(&y, "key", false, g->key, sizeof g->key) < 0)
			return -1;
		p->nperiod++;
	}
	return 0;
}

static int load_variant(const struct jnode *x, struct tn_variant_ratings *v)
{
	struct jnode a, y;
	size_t n;

	if (jread_str(x, "variant", false, v->variant, sizeof v->variant) < 0 ||
	    jread_int(x, "period", false, 0, LLONG_MAX, &v->period) < 0 ||
	    jread_arr(x, "players", false, &a, &n) < 0)
		return -1;
	if (n && !(v->p = calloc(n, sizeof *v->p)))
		return jread_fail(x, "players", "out of memory");
	for (size_t i = 0; i < n; i++) {
		struct tn_rated *p = &v->p[i];
		if (jread_at(&a, i, &y) < 0 ||
		    jread_str(&y, "address", false, p->address, sizeof p->address) < 0 ||
		    store_glicko_load(&y, "rating", &p->rating) < 0 || store_glicko_load(&y, "prev", &p->prev) < 0 ||
		    store_glicko_load(&y, "base", &p->base) < 0 ||
		    jread_i(&y, "games", false, 0, INT_MAX, &p->games) < 0 ||
		    jread_str(&y, "last", false, p->last, sizeof p->last) < 0)
			return -1;
		v->n++;
		if (load_period(&y, p) < 0)
			return -1;
	}
	return 0;
}

int store_ratings_load(const struct store *st, int period_days, struct tn_ratings *r,
		       struct err *e)
{
	char path[PATH_MAX + 32], *text;
	struct jread doc;
	struct jnode root, a, x;
	size_t n;

	memset(r, 0, sizeof *r);
	r->period_days = period_days;
	snprintf(path, sizeof path, "%s/ratings.json", st->dir);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, RATINGS_MAX, &text, NULL, e) < 0)
		return -1;
	int rc = jread_text(&doc, text, "ratings.json", &root, e);
	free(text);
	if (rc < 0)
		return store_damaged(e);
	int format = 0, days = 0;
	rc = jread_i(&root, "format", false, 1, RATINGS_FORMAT, &format) < 0 ||
	     jread_i(&root, "period_days", false, 0, 3660, &days) < 0 ||
	     jread_arr(&root, "variants", false, &a, &n) < 0 ? -1 : 0;
	if (rc == 0 && n && !(r->v = calloc(n, sizeof *r->v)))
		rc = jread_fail(&root, "variants", "out of memory");
	for (size_t i = 0; rc == 0 && i < n; i++) {
		rc = jread_at(&a, i, &x);
		r->n++;
		if (rc == 0)
			rc = load_variant(&x, &r->v[i]);
	}
	jread_close(&doc);
	if (rc < 0) {
		tn_ratings_free(r);
		return store_damaged(e);
	}
	return 0;
}

int store_ratings_save(const struct store *st, const struct tn_ratings *r, struct err *e)
{
	char path[PATH_MAX + 32], *text = store_ratings_to_json(r);

	if (!text)
		return err_set(e, "out of memory");
	snprintf(path, sizeof path, "%s/ratings.json", st->dir);
	int rc = (st->lazy ? fs_write_replace : fs_write_atomic)(path, text, strlen(text), 0600, e);
	free(text);
	return rc;
}

/* ---- the work left for the next run ---- */

static void pending_dir(const struct store *st, char *out, size_t len)
{
	snprintf(out, len, "%s/tournaments/pending", st->dir);
}

static bool name_ok(const char *name)
{
	return (!strncmp(name, "game-", 5) || !strncmp(name, "tn-", 3)) &&
	       strspn(strchr(name, '-') + 1, "0123456789") == strlen(strchr(name, '-') + 1) &&
	       strchr(name, '-')[1];
}

int store_pending_add(const struct store *st, const char *name, struct err *e)
{
	char dir[PATH_MAX + 32], path[PATH_MAX + 64];

	pending_dir(st, dir, sizeof dir);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (fs_exists(path))
		return 0;
	if (fs_mkdirs(dir, 0700, e) < 0)
		return -1;
	return (st->lazy ? fs_write_replace : fs_write_atomic)(path, "", 0, 0600, e);
}

int store_pending_remove(const struct store *st, const char *name, struct err *e)
{
	char path[PATH_MAX + 64];

	pending_dir(st, path, sizeof path);
	snprintf(path + strlen(path), sizeof path - strlen(path), "/%s", name);
	if (unlink(path) < 0 && errno != ENOENT)
		return err_set(e, "cannot remove %s: %s", path, strerror(errno));
	return 0;
}

bool store_pending_has(const struct store *st, const char *name)
{
	char path[PATH_MAX + 64];

	pending_dir(st, path, sizeof path);
	snprintf(path + strlen(path), sizeof path - strlen(path), "/%s", name);
	return fs_exists(path);
}

/* tn- before game-, then by number. */
static int by_work(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	int tx = x[0] == 't', ty = y[0] == 't';

	if (tx != ty)
		return ty - tx;
	return atoi(strchr(x, '-') + 1) - atoi(strchr(y, '-') + 1);
}

int store_pending_list(const struct store *st, char ***names, size_t *n, struct err *e)
{
	char dir[PATH_MAX + 32];
	struct dirent *de;
	DIR *d;

	*names = NULL;
	*n = 0;
	pending_dir(st, dir, sizeof dir);
	if (!(d = opendir(dir)))
		return errno == ENOENT ? 0 : err_set(e, "cannot list %s: %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		if (!name_ok(de->d_name))
			continue;
		char **a = realloc(*names, (*n + 1) * sizeof *a);
		if (a)
			*names = a;
		if (!a || !(a[*n] = strdup(de->d_name))) {
			closedir(d);
			for (size_t i = 0; i < *n; i++)
				free((*names)[i]);
			free(*names);
			*names = NULL;
			*n = 0;
			return err_set(e, "out of memory");
		}
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*names, *n, sizeof **names, by_work);
	return 0;
}
