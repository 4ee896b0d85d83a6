/* players.c: see players.h. */
#include "store/players.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "game/spelling.h"
#include "tournament/tournament.h"
#include "store/jread.h"
#include "util/clock.h"
#include "util/crypto.h"
#include "util/fsutil.h"

/* Requests older than this matter to no allowance (a calendar year) and are dropped. */
#define KEEP_SECONDS (400 * DAY)

/* "language" came after the first release: a registry without it reads as before */
static const char *const kind_names[] = { "vacation", "vacation-end", "timezone", "language",
					  "name", "address" };
#define NKINDS (sizeof kind_names / sizeof kind_names[0])

static void path_of(const struct store *st, char *out, size_t len)
{
	snprintf(out, len, "%s/players.json", st->dir);
}

static void staged_path(const struct store *st, char *out, size_t len)
{
	snprintf(out, len, "%s/players.json.staged", st->dir);
}

static struct player_rec *find(const struct players *ps, const char *address)
{
	for (size_t i = 0; i < ps->n; i++)
		if (!strcasecmp(ps->p[i].address, address))
			return &ps->p[i];
	return NULL;
}

static struct player_rec *get(struct players *ps, const char *address)
{
	struct player_rec *p = find(ps, address);

	if (p)
		return p;
	if (!(p = realloc(ps->p, (ps->n + 1) * sizeof *p)))
		return NULL;
	ps->p = p;
	p += ps->n++;
	memset(p, 0, sizeof *p);
	snprintf(p->address, sizeof p->address, "%s", address);
	return p;
}

static struct player_req *add_req(struct player_rec *p)
{
	struct player_req *r = realloc(p->req, (p->nreq + 1) * sizeof *r);

	if (!r)
		return NULL;
	p->req = r;
	r += p->nreq++;
	memset(r, 0, sizeof *r);
	return r;
}

void players_view(const struct players *ps, const char *address, const char *except,
		  struct vacations *vac, char tz[64])
{
	const struct player_rec *p = find(ps, address);

	vac->n = 0;
	tz[0] = 0;
	for (size_t i = 0; p && i < p->nreq; i++) {
		const struct player_req *r = &p->req[i];
		if (except && !strcmp(r->key, except))
			continue;
		switch (r->kind) {
		case REQ_VACATION:
			if (vac->n == VACATIONS_MAX) {  /* the oldest goes: it lies in a past year */
				memmove(&vac->v[0], &vac->v[1], (VACATIONS_MAX - 1) * sizeof vac->v[0]);
				vac->n--;
			}
			vac->v[vac->n++] = (struct vacation){ r->start, r->end };
			break;
		case REQ_VACATION_END:
			for (int k = 0; k < vac->n; k++)
				if (vac->v[k].start <= r->at && r->at < vac->v[k].end)
					vac->v[k].end = r->at;
			break;
		case REQ_TIMEZONE:
			snprintf(tz, 64, "%s", r->tz);
			break;
		case REQ_LANGUAGE:
		case REQ_NAME:
		case REQ_ADDRESS:
			break;
		}
	}
}

void players_language(const struct players *ps, const char *address, const char *except,
		      char lang[8])
{
	const struct player_rec *p = find(ps, address);

	lang[0] = 0;
	for (size_t i = 0; p && i < p->nreq; i++)
		if (p->req[i].kind == REQ_LANGUAGE && !(except && !strcmp(p->req[i].key, except)))
			snprintf(lang, 8, "%s", p->req[i].tz);
}

void players_public(const struct players *ps, const char *address, char name[64],
		    bool *address_public)
{
	const struct player_rec *p = find(ps, address);

	name[0] = 0;
	*address_public = false;
	for (size_t i = 0; p && i < p->nreq; i++) {
		if (p->req[i].kind == REQ_NAME)
			snprintf(name, 64, "%s", p->req[i].tz);
		else if (p->req[i].kind == REQ_ADDRESS)
			*address_public = !strcmp(p->req[i].tz, "public");
	}
}

const char **players_entrant_names(const struct players *ps, const struct tournament *t,
				   enum naming_rule rule)
{
	size_t n = t->nplayers ? t->nplayers : 1;
	const char **names = calloc(1, n * (sizeof *names + PUBLIC_NAME_MAX));
	char *text = (char *)(names + n);

	for (size_t i = 0; names && i < t->nplayers; i++, text += PUBLIC_NAME_MAX) {
		char chosen[64];
		bool pub;
		players_public(ps, t->players[i].address, chosen, &pub);
		public_label(chosen, t->players[i].name, t->players[i].address, pub, rule, "",
			     text, PUBLIC_NAME_MAX);
		names[i] = text;
	}
	return names;
}

void players_public_hash(const struct players *ps, char out[65])
{
	uint8_t h[CRYPTO_HASH_LEN], sum[CRYPTO_HASH_LEN] = { 0 };

	/* the records in any order: each address's part hashed, the parts added up */
	for (size_t i = 0; i < ps->n; i++) {
		char name[64], text[ADDR_MAX + 80];
		bool pub;
		players_public(ps, ps->p[i].address, name, &pub);
		if (!name[0] && !pub)
			continue;
		int n = snprintf(text, sizeof text, "%s\n%s\n%d", ps->p[i].address, name, pub);
		crypto_sha256(text, (size_t)n, h);
		for (int k = 0; k < CRYPTO_HASH_LEN; k++)
			sum[k] = (uint8_t)(sum[k] + h[k]);
	}
	/* hashed once more: never a run of zeros a page scan could take for something */
	crypto_sha256(sum, sizeof sum, h);
	crypto_hex(h, sizeof h, out);
}

static int put(struct player_rec *p, const char *key, enum player_req_kind kind, long long now,
	       const struct player_change *ch)
{
	struct player_req *r = NULL;

	for (size_t i = 0; i < p->nreq && !r; i++)
		if (!strcmp(p->req[i].key, key) && p->req[i].kind == kind)
			r = &p->req[i];         /* the same mail again: its request is replaced */
	if (!r && !(r = add_req(p)))
		return -1;
	snprintf(r->key, sizeof r->key, "%s", key);
	r->kind = kind;
	r->at = now;
	r->start = kind == REQ_VACATION ? ch->start : 0;
	r->end = kind == REQ_VACATION ? ch->end : 0;
	snprintf(r->tz, sizeof r->tz, "%s", kind == REQ_TIMEZONE ? ch->tz :
		 kind == REQ_LANGUAGE ? ch->lang : kind == REQ_NAME ? ch->public_name :
		 kind == REQ_ADDRESS ? (ch->address_public ? "public" : "hidden") : "");
	return 0;
}

int players_apply(struct players *ps, const char *address, const char *key,
		  const struct player_change *ch, long long now, struct err *e)
{
	struct player_rec *p;

	if (!ch->vacation && !ch->vacation_end && !ch->timezone && !ch->language && !ch->name &&
	    !ch->address)
		return 0;
	if (!(p = get(ps, address)) ||
	    (ch->vacation_end && put(p, key, REQ_VACATION_END, now, ch) < 0) ||
	    (ch->vacation && put(p, key, REQ_VACATION, now, ch) < 0) ||
	    (ch->timezone && put(p, key, REQ_TIMEZONE, now, ch) < 0) ||
	    (ch->language && put(p, key, REQ_LANGUAGE, now, ch) < 0) ||
	    (ch->name && put(p, key, REQ_NAME, now, ch) < 0) ||
	    (ch->address && put(p, key, REQ_ADDRESS, now, ch) < 0))
		return err_set(e, "out of memory recording %s's request", address);
	ps->dirty = true;
	return 0;
}

/* ---- the file ---- */

static int read_req(const struct jnode *o, struct player_rec *p)
{
	static const char *const fields[] = { "key", "kind", "at", "start", "end", "timezone",
					      "language", "name", "address", NULL };
	static const char *const address_words[] = { "hidden", "public" };
	struct player_req r = { .kind = 0 };
	int kind;

	if (jread_only(o, fields) < 0 || jread_str(o, "key", false, r.key, sizeof r.key) < 0 ||
	    jread_enum(o, "kind", false, kind_names, NKINDS, &kind) < 0 ||
	    jread_int(o, "at", false, 0, LLONG_MAX, &r.at) < 0 ||
	    jread_int(o, "start", true, 0, LLONG_MAX, &r.start) < 0 ||
	    jread_int(o, "end", true, r.start, LLONG_MAX, &r.end) < 0 ||
	    jread_str(o, "timezone", true, r.tz, sizeof r.tz) < 0 ||
	    (kind == REQ_LANGUAGE && jread_str(o, "language", false, r.tz, 8) < 0) ||
	    (kind == REQ_NAME && jread_str(o, "name", false, r.tz, sizeof r.tz) < 0))
		return -1;
	int pub;
	if (kind == REQ_ADDRESS) {
		if (jread_enum(o, "address", false, address_words, 2, &pub) < 0)
			return -1;
		snprintf(r.tz, sizeof r.tz, "%s", address_words[pub]);
	}
	if (r.start > r.end)
		return err_set(o->doc->e, "%s: %s: a vacation that ends before it starts",
			       o->doc->name, o->path);
	if (kind == REQ_LANGUAGE && (!spelling_language_code(r.tz) ||
				     strcmp(spelling_language_code(r.tz), r.tz)))
		return err_set(o->doc->e, "%s: %s: '%s' is not a language code (%s)", o->doc->name,
			       o->path, r.tz, spelling_languages());
	r.kind = (enum player_req_kind)kind;
	struct player_req *to = add_req(p);
	if (!to)
		return err_set(o->doc->e, "out of memory");
	*to = r;
	return 0;
}

static int read_players(const struct jnode *root, struct players *out)
{
	static const char *const fields[] = { "format", "players", "cause", NULL };
	struct jnode players, list, x;
	const char *addr;
	void *it = NULL;
	long long format;
	size_t n;

	if (jread_only(root, fields) < 0 || jread_int(root, "format", true, 1, 1, &format) < 0 ||
	    jread_obj(root, "players", false, &players) < 0)
		return -1;
	while (jread_member(&players, &it, &addr, &list) == 1) {
		struct player_rec *p = strlen(addr) < ADDR_MAX ? get(out, addr) : NULL;
		if (!p)
			return err_set(root->doc->e, "%s: players.%s: not an address of at most %d "
				       "characters", root->doc->name, addr, ADDR_MAX - 1);
		if (jread_arr(&players, addr, false, &list, &n) < 0)
			return -1;
		for (size_t i = 0; i < n; i++)
			if (jread_at(&list, i, &x) < 0 || read_req(&x, p) < 0)
				return -1;
	}
	return 0;
}

int players_load(const struct store *st, struct players *out, struct err *e)
{
	char path[PATH_MAX + 16];
	struct jread r;
	struct jnode root;

	memset(out, 0, sizeof *out);
	path_of(st, path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (jread_file(&r, path, NULL, &root, e) < 0)
		return store_damaged(e);
	int rc = read_players(&root, out);
	jread_close(&r);
	if (rc < 0)
		players_free(out);
	return rc;
}

/* Old vacations and superseded time zones and languages are of no further use. */
static bool keep(const struct player_rec *p, size_t i, long long now)
{
	const struct player_req *r = &p->req[i];

	if (r->kind == REQ_TIMEZONE || r->kind == REQ_LANGUAGE || r->kind == REQ_NAME ||
	    r->kind == REQ_ADDRESS) {
		for (size_t k = i + 1; k < p->nreq; k++)
			if (p->req[k].kind == r->kind && now - p->req[k].at > DAY)
				return false;
		return true;
	}
	return (r->kind == REQ_VACATION ? r->end : r->at) > now - KEEP_SECONDS;
}

/* The registry's text; a staged one also names the mail that changed it ("cause"). */
static char *players_text(const struct players *ps, const char *key, int game)
{
	json_t *players = json_object();
	long long now = clock_now();

	for (size_t i = 0; players && i < ps->n; i++) {
		const struct player_rec *p = &ps->p[i];
		json_t *list = json_array();
		for (size_t k = 0; list && k < p->nreq; k++) {
			const struct player_req *r = &p->req[k];
			if (!keep(p, k, now))
				continue;
			json_t *o = json_pack("{s:s, s:s, s:I}", "key", r->key, "kind", kind_names[r->kind],
					      "at", (json_int_t)r->at);
			if (r->kind == REQ_VACATION) {
				json_object_set_new(o, "start", json_integer(r->start));
				json_object_set_new(o, "end", json_integer(r->end));
			}
			if (r->kind == REQ_TIMEZONE)
				json_object_set_new(o, "timezone", json_string(r->tz));
			if (r->kind == REQ_LANGUAGE)
				json_object_set_new(o, "language", json_string(r->tz));
			if (r->kind == REQ_NAME)
				json_object_set_new(o, "name", json_string(r->tz));
			if (r->kind == REQ_ADDRESS)
				json_object_set_new(o, "address", json_string(r->tz));
			json_array_append_new(list, o);
		}
		if (json_array_size(list))
			json_object_set_new(players, p->address, list);
		else
			json_decref(list);
	}
	json_t *root = json_pack("{s:i, s:o}", "format", 1, "players", players);
	if (root && key)
		json_object_set_new(root, "cause", json_pack("{s:s, s:i}", "key", key, "game", game));
	char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
	json_decref(root);
	return text;
}

int players_save(const struct store *st, struct players *ps, struct err *e)
{
	char path[PATH_MAX + 16];
	char *text = players_text(ps, NULL, 0);

	if (!text)
		return err_set(e, "out of memory saving the players");
	path_of(st, path, sizeof path);
	int rc = fs_write_atomic(path, text, strlen(text), 0600, e);
	free(text);
	if (rc == 0)
		ps->dirty = false;
	return rc;
}

int players_stage(const struct store *st, struct players *ps, const char *key, int game,
		  struct err *e)
{
	char path[PATH_MAX + 32];
	char *text = players_text(ps, key, game);

	if (!text)
		return err_set(e, "out of memory saving the players");
	staged_path(st, path, sizeof path);
	FILE *f = fopen(path, "we");
	size_t n = strlen(text);
	bool ok = f && fwrite(text, 1, n, f) == n;
	if (f && fclose(f) != 0)
		ok = false;
	free(text);
	return ok ? 0 : err_set(e, "cannot write %s: %s", path, strerror(errno));
}

int players_place(const struct store *st, struct players *ps, struct err *e)
{
	char path[PATH_MAX + 16], staged[PATH_MAX + 32];

	path_of(st, path, sizeof path);
	staged_path(st, staged, sizeof staged);
	if (rename(staged, path) < 0)
		return err_set(e, "cannot rename %s: %s", staged, strerror(errno));
	if (ps)
		ps->dirty = false;
	return 0;
}

int players_staged(const struct store *st, char *key, size_t klen, int *game, struct err *e)
{
	char path[PATH_MAX + 32];
	struct jread r;
	struct jnode root, cause;
	long long id = 0;

	staged_path(st, path, sizeof path);
	if (!fs_exists(path))
		return 0;
	/* cut short by a crash before the barrier that makes it durable: not staged */
	if (jread_file(&r, path, NULL, &root, e) < 0) {
		unlink(path);
		return 0;
	}
	int rc = jread_obj(&root, "cause", false, &cause) < 0 ||
		 jread_str(&cause, "key", false, key, klen) < 0 ||
		 jread_int(&cause, "game", false, 0, INT_MAX, &id) < 0 ? -1 : 1;
	jread_close(&r);
	*game = (int)id;
	if (rc < 0)
		unlink(path);
	return rc < 0 ? 0 : 1;
}

void players_unstage(const struct store *st)
{
	char path[PATH_MAX + 32];

	staged_path(st, path, sizeof path);
	unlink(path);
}

void players_free(struct players *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		free(ps->p[i].req);
	free(ps->p);
	memset(ps, 0, sizeof *ps);
}
