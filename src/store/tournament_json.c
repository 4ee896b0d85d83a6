/* tournament_json.c: see tournament_json.h. A tournament's state as JSON, written from the
 * tournament and read back with every field checked (a state file is outside input). */
#include "store/tournament_json.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/jread.h"
#include "store/store_int.h"
#include "util/fsutil.h"

/* 1: the first. A later format is read by its own reader beside this one. */
#define TOURNAMENT_FORMAT 1
#define TOURNAMENT_MAX (16L * 1024 * 1024)

static void path_of(const struct store *st, int id, const char *ext, char *out, size_t len)
{
	snprintf(out, len, "%s/tournaments/%d.%s", st->dir, id, ext);
}

/* ---- JSON out ---- */

json_t *store_glicko_json(const struct glicko *g)
{
	return json_pack("{s:f, s:f, s:f}", "rating", g->rating, "rd", g->rd,
			 "volatility", g->volatility);
}

static json_t *terms_json(const struct tn_terms *t)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:b, s:b, s:b, s:i, s:[i,i,i], s:i, s:I, s:s}",
			 "variant", t->variant, "name", t->name, "site", t->site,
			 "arbiter", t->arbiter, "double", t->double_rr, "rolling", t->rolling,
			 "rated", t->rated, "sections", t->section, "points", t->win, t->draw,
			 t->loss, "players", t->players, "closes", (json_int_t)t->closes,
			 "games", t->games);
}

static json_t *player_json(const struct tn_player *p)
{
	return json_pack("{s:s, s:s, s:i, s:i, s:b, s:s, s:s}", "address", p->address,
			 "name", p->name, "section", p->section, "number", p->number,
			 "withdrawn", p->withdrawn, "joined", p->joined, "withdrew", p->withdrew);
}

static json_t *game_json(const struct tn_game *g)
{
	json_t *j = json_pack("{s:i, s:i, s:i, s:i, s:i, s:s, s:b, s:b}", "section", g->section,
			      "round", g->round, "white", g->white, "black", g->black,
			      "game", g->game, "result", g->result, "forfeit", g->forfeit,
			      "rated", g->rated);

	if (j && g->rated && g->result[0])      /* the rating change it made */
		for (int c = 0; c < 2; c++)
			json_object_set_new(j, c ? "black_rating" : "white_rating",
					    json_pack("{s:o, s:o}", "before", store_glicko_json(&g->before[c]),
						      "after", store_glicko_json(&g->after[c])));
	return j;
}

static json_t *texts(char (*list)[TN_KEY_MAX], size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(list[i]));
	return a;
}

char *store_tournament_to_json(const struct tournament *t)
{
	json_t *players = json_array(), *games = json_array();
	char hash[TN_HASH_HEX];

	for (size_t i = 0; i < t->nplayers; i++)
		json_array_append_new(players, player_json(&t->players[i]));
	for (size_t i = 0; i < t->ngames; i++)
		json_array_append_new(games, game_json(&t->games[i]));
	tn_hash(t, hash);
	json_t *root = json_pack("{s:i, s:i, s:s, s:s, s:s, s:s, s:i, s:i, s:o, s:o, s:o, s:o,"
				 " s:o, s:I, s:i, s:s}",
				 "format", TOURNAMENT_FORMAT, "id", t->id,
				 "status", tn_status_name(t->status), "created", t->created,
				 "updated", t->updated, "proposer", t->proposer, "next", t->next,
				 "previous", t->previous, "terms", terms_json(&t->terms),
				 "players", players, "games", games,
				 "keys", texts(t->keys, t->nkeys), "sent", texts(t->sent, t->nsent),
				 "log_size", (json_int_t)t->log_size, "actions", t->actions,
				 "hash", hash);
	char *text = root ? json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
	json_decref(root);
	return text;
}

/* ---- JSON in ---- */

int store_glicko_load(const struct jnode *n, const char *key, struct glicko *g)
{
	struct jnode o;

	return jread_obj(n, key, false, &o) < 0 ||
	       jread_real(&o, "rating", false, -100000, 100000, &g->rating) < 0 ||
	       jread_real(&o, "rd", false, 0, 10000, &g->rd) < 0 ||
	       jread_real(&o, "volatility", false, 0, 10, &g->volatility) < 0 ? -1 : 0;
}

static int load_terms(const struct jnode *root, struct tn_terms *t)
{
	struct jnode n;
	int points[3];

	if (jread_obj(root, "terms", false, &n) < 0 ||
	    jread_str(&n, "variant", false, t->variant, sizeof t->variant) < 0 ||
	    jread_str(&n, "name", false, t->name, sizeof t->name) < 0 ||
	    jread_str(&n, "site", false, t->site, sizeof t->site) < 0 ||
	    jread_str(&n, "arbiter", false, t->arbiter, sizeof t->arbiter) < 0 ||
	    jread_bool(&n, "double", false, &t->double_rr) < 0 ||
	    jread_bool(&n, "rolling", false, &t->rolling) < 0 ||
	    jread_bool(&n, "rated", false, &t->rated) < 0 ||
	    jread_i(&n, "sections", false, 0, TN_SECTION_MAX, &t->section) < 0 ||
	    jread_ints(&n, "points", false, 3, 3, 0, 100, points, NULL) < 0 ||
	    jread_i(&n, "players", false, 0, TN_PLAYERS_MAX, &t->players) < 0 ||
	    jread_int(&n, "closes", false, 0, LLONG_MAX, &t->closes) < 0 ||
	    jread_str(&n, "games", false, t->games, sizeof t->games) < 0)
		return -1;
	t->win = points[0], t->draw = points[1], t->loss = points[2];
	return 0;
}

static int load_players(const struct jnode *root, struct tournament *t)
{
	struct jnode a, x;
	size_t n;

	if (jread_arr(root, "players", false, &a, &n) < 0)
		return -1;
	if (n > TN_PLAYERS_MAX)
		return jread_fail(root, "players", "more than %d", TN_PLAYERS_MAX);
	if (n && !(t->players = calloc(n, sizeof *t->players)))
		return jread_fail(root, "players", "out of memory");
	for (size_t i = 0; i < n; i++) {
		struct tn_player *p = &t->players[i];
		if (jread_at(&a, i, &x) < 0 ||
		    jread_str(&x, "address", false, p->address, sizeof p->address) < 0 ||
		    jread_str(&x, "name", false, p->name, sizeof p->name) < 0 ||
		    jread_i(&x, "section", false, 0, TN_PLAYERS_MAX, &p->section) < 0 ||
		    jread_i(&x, "number", false, 0, TN_PLAYERS_MAX, &p->number) < 0 ||
		    jread_bool(&x, "withdrawn", false, &p->withdrawn) < 0 ||
		    jread_str(&x, "joined", false, p->joined, sizeof p->joined) < 0 ||
		    jread_str(&x, "withdrew", false, p->withdrew, sizeof p->withdrew) < 0)
			return -1;
		t->nplayers++;
	}
	return 0;
}

static int load_game(const struct jnode *x, const struct tournament *t, struct tn_game *g)
{
	int last = t->nplayers ? (int)t->nplayers - 1 : 0;

	if (jread_i(x, "section", false, 0, TN_PLAYERS_MAX, &g->section) < 0 ||
	    jread_i(x, "round", false, 1, 2 * TN_PLAYERS_MAX, &g->round) < 0 ||
	    jread_i(x, "white", false, 0, last, &g->white) < 0 ||
	    jread_i(x, "black", false, 0, last, &g->black) < 0 ||
	    jread_i(x, "game", false, 0, 99999999, &g->game) < 0 ||
	    jread_str(x, "result", false, g->result, sizeof g->result) < 0 ||
	    jread_bool(x, "forfeit", false, &g->forfeit) < 0 ||
	    jread_bool(x, "rated", false, &g->rated) < 0)
		return -1;
	if (g->result[0] && strcmp(g->result, "1-0") && strcmp(g->result, "0-1") &&
	    strcmp(g->result, "1/2-1/2"))
		return jread_fail(x, "result", "'%s' is not a result", g->result);
	for (int c = 0; g->rated && g->result[0] && c < 2; c++) {
		struct jnode r;
		if (jread_obj(x, c ? "black_rating" : "white_rating", false, &r) < 0 ||
		    store_glicko_load(&r, "before", &g->before[c]) < 0 ||
		    store_glicko_load(&r, "after", &g->after[c]) < 0)
			return -1;
	}
	return 0;
}

static int load_games(const struct jnode *root, struct tournament *t)
{
	struct jnode a, x;
	size_t n;

	if (jread_arr(root, "games", false, &a, &n) < 0)
		return -1;
	if (n && !(t->games = calloc(n, sizeof *t->games)))
		return jread_fail(root, "games", "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&a, i, &x) < 0 || load_game(&x, t, &t->games[i]) < 0)
			return -1;
		t->ngames++;
	}
	return 0;
}

static int load_texts(const struct jnode *root, const char *key, char (**list)[TN_KEY_MAX],
		      size_t *count)
{
	struct jnode a, x;
	size_t n;

	if (jread_arr(root, key, false, &a, &n) < 0)
		return -1;
	if (n && !(*list = calloc(n, TN_KEY_MAX)))
		return jread_fail(root, key, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&a, i, &x) < 0 || jread_str(&x, NULL, false, (*list)[i], TN_KEY_MAX) < 0)
			return -1;
		(*count)++;
	}
	return 0;
}

static int load_root(const struct jnode *root, struct tournament *t)
{
	char status[16];
	int format = 0;

	if (jread_i(root, "format", false, 1, TOURNAMENT_FORMAT, &format) < 0 ||
	    jread_i(root, "id", false, 1, 99999999, &t->id) < 0 ||
	    jread_str(root, "status", false, status, sizeof status) < 0)
		return -1;
	if (tn_status_of(status) < 0)
		return jread_fail(root, "status", "'%s' is not a tournament's status", status);
	t->status = (enum tn_status)tn_status_of(status);
	if (jread_str(root, "created", false, t->created, sizeof t->created) < 0 ||
	    jread_str(root, "updated", false, t->updated, sizeof t->updated) < 0 ||
	    jread_str(root, "proposer", false, t->proposer, sizeof t->proposer) < 0 ||
	    jread_i(root, "next", false, 0, 99999999, &t->next) < 0 ||
	    jread_i(root, "previous", false, 0, 99999999, &t->previous) < 0 ||
	    load_terms(root, &t->terms) < 0 || load_players(root, t) < 0 ||
	    load_games(root, t) < 0 || load_texts(root, "keys", &t->keys, &t->nkeys) < 0 ||
	    load_texts(root, "sent", &t->sent, &t->nsent) < 0 ||
	    jread_int(root, "log_size", false, 0, LLONG_MAX, &t->log_size) < 0 ||
	    jread_i(root, "actions", false, 0, INT_MAX, &t->actions) < 0)
		return -1;
	return 0;
}

int store_tournament_from_json(const char *text, const char *what, struct tournament **out,
			       struct err *e)
{
	struct jread r;
	struct jnode root;
	struct tournament *t = tn_new();

	*out = NULL;
	if (!t)
		return err_set(e, "out of memory");
	if (jread_text(&r, text, what, &root, e) < 0) {
		tn_free(t);
		return -1;
	}
	int rc = load_root(&root, t);
	jread_close(&r);
	if (rc < 0) {
		tn_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

/* ---- files ---- */

int store_tournament_load(const struct store *st, int id, struct tournament **t,
			  struct err *e)
{
	char path[PATH_MAX + 64], what[64], *text;

	*t = NULL;
	path_of(st, id, "json", path, sizeof path);
	if (!fs_exists(path))
		return 1;
	if (fs_read(path, TOURNAMENT_MAX, &text, NULL, e) < 0)
		return -1;
	snprintf(what, sizeof what, "tournaments/%d.json", id);
	int rc = store_tournament_from_json(text, what, t, e);
	free(text);
	return rc < 0 ? store_damaged(e) : 0;
}

int store_tournament_save(const struct store *st, const struct tournament *t, struct err *e)
{
	char path[PATH_MAX + 64], *text = store_tournament_to_json(t);

	if (!text)
		return err_set(e, "out of memory");
	snprintf(path, sizeof path, "%s/tournaments", st->dir);
	int rc = fs_mkdirs(path, 0700, e);
	path_of(st, t->id, "json", path, sizeof path);
	if (rc == 0)
		rc = (st->lazy ? fs_write_replace : fs_write_atomic)(path, text, strlen(text), 0600, e);
	free(text);
	return rc;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int store_tournament_list(const struct store *st, int **ids, size_t *n, struct err *e)
{
	char path[PATH_MAX + 16];
	struct dirent *de;
	DIR *d;

	*ids = NULL;
	*n = 0;
	snprintf(path, sizeof path, "%s/tournaments", st->dir);
	if (!(d = opendir(path)))
		return errno == ENOENT ? 0 : err_set(e, "cannot list %s: %s", path, strerror(errno));
	while ((de = readdir(d))) {
		char *end;
		long id = strtol(de->d_name, &end, 10);
		if (end == de->d_name || strcmp(end, ".json") || id < 1 || id > 99999999)
			continue;
		int *a = realloc(*ids, (*n + 1) * sizeof *a);
		if (!a) {
			closedir(d);
			return err_set(e, "out of memory");
		}
		*ids = a;
		a[(*n)++] = (int)id;
	}
	closedir(d);
	if (*n)
		qsort(*ids, *n, sizeof **ids, cmp_int);
	return 0;
}

int store_tournament_next_id(const struct store *st, int also, int *id, struct err *e)
{
	int *ids;
	size_t n;

	if (store_tournament_list(st, &ids, &n, e) < 0)
		return -1;
	*id = n ? ids[n - 1] + 1 : 1;
	if (also >= *id)
		*id = also + 1;
	free(ids);
	return 0;
}

void store_tournament_log_path(const struct store *st, int id, char *out, size_t len)
{
	path_of(st, id, "mbox", out, len);
}

int store_tournament_log_open(const struct store *st, const struct tournament *t, int *fd,
			      struct err *e)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof path, "%s/tournaments", st->dir);
	if (fs_mkdirs(path, 0700, e) < 0)
		return -1;
	path_of(st, t->id, "mbox", path, sizeof path);
	*fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (*fd < 0)
		return err_set(e, "cannot open %s: %s", path, strerror(errno));
	if (ftruncate(*fd, (off_t)t->log_size) < 0) {
		int saved = errno;
		close(*fd);
		return err_set(e, "cannot cut %s back: %s", path, strerror(saved));
	}
	return 0;
}
