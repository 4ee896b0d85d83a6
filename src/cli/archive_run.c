/* archive_run.c: the public archive brought up to date (archive.h). The pages come from
 * render/archive*.c; this file reads the games and owns the files of the archive:
 *
 *   OUTDIR/index.html       the public games, a line each, grouped by tournament
 *   OUTDIR/game-N.html      game N's page; OUTDIR/game-N.pgn its PGN
 *   OUTDIR/tournament-T.html  tournament T's page: its crosstable, its games by round
 *   OUTDIR/archive.css      the pages' style sheet
 *   OUTDIR/.manifest        what the last run saw of each game: its state file's inode,
 *                           time and size, and its line of the index
 *
 * A game whose state file is as the manifest remembers it is not read again: a run over
 * 1,000 unchanged games reads the manifest and stats 1,000 files. Every file is written
 * beside its name and renamed over it; the manifest last, once the pages are durable, so
 * that a run that dies leaves pages a next run rewrites, never a page it takes for done. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/archive.h"
#include "game/kind.h"
#include "render/archive.h"
#include "render/view.h"
#include "store/cards_load.h"
#include "store/rules_load.h"
#include "store/players.h"
#include "store/store.h"
#include "store/tournament_json.h"
#include "util/clock.h"
#include "util/fsutil.h"
#include "util/log.h"
#include "util/phrase.h"

/* 2: a tournament's game and its round on each line; the players named as the public
 * names them, not by their addresses (a manifest of 1 makes every page new: the next run
 * writes the old pages again); its second line says how ("naming RULE FINGERPRINT": the
 * configuration's rule, players_public_hash): when it changes, every page is written
 * again */
#define MANIFEST_HEAD "tempest-archive 2\n"

/* What the archive knows of one game. */
struct known {
	int id;
	unsigned long long ino, size;
	long long mtime_ns;
	bool published;         /* it has a page (else: private, or not begun) */
	struct archive_entry entry;
};

/* One run: the games' rules, card catalogues and templates, loaded once. */
struct run {
	const struct config *cfg;
	const char *outdir;
	struct store st;
	struct templates tpl;
	struct variant *variants[16];
	int nvariants;
	struct card_catalogue *cats[4];
	int ncats;
	struct known *old, *now;
	size_t nold, nnow;
	struct archive_stats *stats;
	struct players players;         /* the names the players chose, their consents */
	int naming;                     /* enum naming_rule */
	char naming_line[128];          /* "naming RULE FINGERPRINT" */
	bool renamed;                   /* it differs from the manifest's: every page anew */
};

static void path_in(const struct run *r, const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", r->outdir, name);
}

/* A manifest line's fields, tab-separated; a text field holds no tab or newline. */
static int known_parse(char *line, struct known *k)
{
	char *f[14], *save = NULL;
	int n = 0;

	for (char *t = strtok_r(line, "\t", &save); t && n < 14; t = strtok_r(NULL, "\t", &save))
		f[n++] = t;
	if (n != 14)
		return -1;
	memset(k, 0, sizeof *k);
	k->id = atoi(f[0]);
	k->ino = strtoull(f[1], NULL, 10);
	k->mtime_ns = strtoll(f[2], NULL, 10);
	k->size = strtoull(f[3], NULL, 10);
	k->published = f[4][0] == 'p';
	k->entry.id = k->id;
	snprintf(k->entry.kind, sizeof k->entry.kind, "%s", f[5]);
	snprintf(k->entry.white, sizeof k->entry.white, "%s", f[6]);
	snprintf(k->entry.black, sizeof k->entry.black, "%s", f[7]);
	snprintf(k->entry.result, sizeof k->entry.result, "%s", f[8]);
	snprintf(k->entry.created, sizeof k->entry.created, "%s", f[9]);
	snprintf(k->entry.updated, sizeof k->entry.updated, "%s", f[10]);
	k->entry.plies = atoi(f[11]);
	k->entry.tournament = atoi(f[12]);
	k->entry.round = atoi(f[13]);
	return k->id > 0 ? 0 : -1;
}

/* A field as the manifest keeps it: tabs and line ends as blanks, never empty. */
static void field(struct buf *b, const char *s)
{
	buf_str(b, "\t");
	if (!*s)
		buf_str(b, "-");
	for (; *s; s++)
		buf_add(b, *s == '\t' || *s == '\n' || *s == '\r' ? " " : s, 1);
}

static void known_line(const struct known *k, struct buf *b)
{
	buf_printf(b, "%d\t%llu\t%lld\t%llu\t%c", k->id, k->ino, k->mtime_ns, k->size,
		   k->published ? 'p' : '-');
	field(b, k->entry.kind);
	field(b, k->entry.white);
	field(b, k->entry.black);
	field(b, k->entry.result);
	field(b, k->entry.created);
	field(b, k->entry.updated);
	buf_printf(b, "\t%d\t%d\t%d\n", k->entry.plies, k->entry.tournament, k->entry.round);
}

/* The last run's manifest (none, or one of another format: every game is new). */
static int manifest_read(struct run *r, struct err *e)
{
	char path[PATH_MAX + 16], *text, *save = NULL;
	size_t len;

	path_in(r, ".manifest", path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (fs_read(path, 64u << 20, &text, &len, e) < 0)
		return -1;
	if (strncmp(text, MANIFEST_HEAD, sizeof MANIFEST_HEAD - 1)) {
		free(text);
		r->renamed = true;
		return 0;
	}
	for (char *l = strtok_r(text + sizeof MANIFEST_HEAD - 1, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		struct known k, *more;
		if (!strncmp(l, "naming ", 7)) {
			r->renamed = strcmp(l, r->naming_line) != 0;
			continue;
		}
		if (known_parse(l, &k) < 0)
			continue;
		if (!(more = realloc(r->old, (r->nold + 1) * sizeof *more))) {
			free(text);
			return err_set(e, "out of memory");
		}
		r->old = more;
		r->old[r->nold++] = k;
	}
	free(text);
	return 0;
}

static int manifest_write(struct run *r, struct err *e)
{
	char path[PATH_MAX + 16];
	struct buf b = { 0 };
	int rc;

	buf_str(&b, MANIFEST_HEAD);
	buf_printf(&b, "%s\n", r->naming_line);
	for (size_t i = 0; i < r->nnow; i++)
		known_line(&r->now[i], &b);
	if (b.failed)
		return buf_free(&b), err_set(e, "out of memory");
	path_in(r, ".manifest", path, sizeof path);
	rc = fs_write_atomic(path, b.s, b.n, 0644, e);
	buf_free(&b);
	return rc;
}

/* The manifest's record of game id, or NULL (both lists ascend). */
static const struct known *old_of(const struct run *r, int id, size_t *at)
{
	while (*at < r->nold && r->old[*at].id < id)
		(*at)++;
	return *at < r->nold && r->old[*at].id == id ? &r->old[*at] : NULL;
}

/* A file of the archive replaced whole (temporary file, rename); synced later, once. */
static int put(struct run *r, const char *name, const struct buf *b, struct err *e)
{
	char path[PATH_MAX + 80];

	if (b->failed)
		return err_set(e, "out of memory");
	path_in(r, name, path, sizeof path);
	return fs_write_replace(path, b->s ? b->s : "", b->n, 0644, e);
}

static void unpublish(struct run *r, int id)
{
	char name[64], path[PATH_MAX + 80];

	archive_page_name(id, name, sizeof name);
	path_in(r, name, path, sizeof path);
	if (unlink(path) == 0)
		r->stats->removed++;
	archive_pgn_name(id, name, sizeof name);
	path_in(r, name, path, sizeof path);
	unlink(path);
}

/* The variant of a game, loaded once a run (a run meets a handful). */
static const struct variant *variant_of(struct run *r, const char *name, struct err *e)
{
	for (int i = 0; i < r->nvariants; i++)
		if (!strcmp(r->variants[i]->name, name))
			return r->variants[i];
	struct variant *v = rules_load(rules_dir(r->cfg->rules_dir), name, e);
	if (!v)
		return NULL;
	if (r->nvariants == (int)(sizeof r->variants / sizeof r->variants[0]))
		variant_free(r->variants[--r->nvariants]);
	return r->variants[r->nvariants++] = v;
}

static const struct card_catalogue *catalogue_of(struct run *r, const char *name, struct err *e)
{
	for (int i = 0; i < r->ncats; i++)
		if (!strcmp(r->cats[i]->name, name))
			return r->cats[i];
	struct card_catalogue *c = malloc(sizeof *c);
	if (!c)
		return err_set(e, "out of memory"), NULL;
	if (cards_load(rules_dir(r->cfg->rules_dir), name, r->cfg->card_names,
		       r->cfg->card_catalogue, c, e) < 0) {
		free(c);
		return NULL;
	}
	if (r->ncats == (int)(sizeof r->cats / sizeof r->cats[0]))
		free(r->cats[--r->ncats]);
	return r->cats[r->ncats++] = c;
}

/* Game id read with its rules, cards and position: 0, 1 if there is no such game. */
static int game_read(struct run *r, int id, struct game **g, struct err *e)
{
	const struct variant *v;
	int rc = store_load(&r->st, id, g, e);

	if (rc != 0)
		return rc;
	if (!(v = variant_of(r, (*g)->variant, e)) ||
	    (v->cards[0] && !((*g)->cat = catalogue_of(r, v->cards, e))) ||
	    game_load_position(*g, v, e) < 0) {
		game_free(*g);
		*g = NULL;
		return -1;
	}
	/* the players as the public names them, as the mails to observers do */
	for (int c = 0; c < (*g)->nseats; c++) {
		char name[64];
		bool address_public;
		players_public(&r->players, (*g)->seat[c].address, name, &address_public);
		seat_label_set(*g, c, name, address_public, (enum naming_rule)r->naming);
	}
	return 0;
}

/* Game g's page and PGN. */
static int publish(struct run *r, const struct game *g, struct err *e)
{
	char page[64], pgn[64];
	struct buf b = { 0 };
	char *text = archive_account(&r->tpl, g, r->cfg->referee_address, r->cfg->referee_name, e);
	int rc;

	if (!text)
		return -1;
	archive_page_name(g->id, page, sizeof page);
	archive_pgn_name(g->id, pgn, sizeof pgn);
	archive_page(g, text, pgn, &b);
	free(text);
	struct buf en = { 0 };          /* the archive is everyone's: its phrases in English */
	phrase_render(&en, b.s ? b.s : "", NULL);
	en.failed |= b.failed;
	buf_free(&b);
	rc = put(r, page, &en, e);
	buf_free(&en);
	if (rc == 0) {
		view_pgn(g, "By email", &b);
		rc = put(r, pgn, &b, e);
		buf_free(&b);
	}
	if (rc == 0)
		r->stats->written++;
	return rc;
}

/* May the world see game g? Not if a player asked for privacy, nor before both sides
 * agreed to play (a challenge waiting, or declined). */
static bool is_public(const struct game *g)
{
	return !g->private_ && (g->status == GAME_PLAYING || g->status == GAME_OVER);
}

/* Game id brought up to date in *k: read and written again only if its state changed.
 * 0; -1 if the game cannot be read; -2 if its page cannot be written. */
static int one_game(struct run *r, int id, const struct known *before, bool all,
		    struct known *k, bool *changed, struct err *e)
{
	char path[PATH_MAX + 64], page[64], ppath[PATH_MAX + 80];
	struct stat sb;
	struct game *g = NULL;

	snprintf(path, sizeof path, "%s/games/%d.json", r->st.dir, id);
	if (stat(path, &sb) < 0)
		return err_set(e, "%s: %s", path, strerror(errno));
	*k = (struct known){ .id = id, .ino = (unsigned long long)sb.st_ino,
			     .size = (unsigned long long)sb.st_size,
			     .mtime_ns = (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec };
	archive_page_name(id, page, sizeof page);
	path_in(r, page, ppath, sizeof ppath);
	if (!all && before && before->ino == k->ino && before->size == k->size &&
	    before->mtime_ns == k->mtime_ns && (!before->published || fs_exists(ppath))) {
		k->published = before->published;
		k->entry = before->entry;
		return 0;
	}
	*changed = true;
	int rc = game_read(r, id, &g, e);
	if (rc != 0)
		return rc > 0 ? err_set(e, "game %d is gone", id) : -1;
	k->published = is_public(g);
	if (k->published) {
		archive_entry_of(g, &k->entry);
		rc = publish(r, g, e) < 0 ? -2 : 0;
	} else {
		k->entry.id = id;
		unpublish(r, id);
	}
	game_free(g);
	return rc;
}

/* Is a tournament's page public? Not while proposed (its arbiter has not opened it),
 * nor when its games are private. */
static bool tournament_public(const struct tournament *t)
{
	for (const char *l = t->terms.games; *l; l += strcspn(l, "\n"), l += *l == '\n')
		if (!strncmp(l, "private", 7) && (!l[7] || l[7] == '\n'))
			return false;
	return t->status != TN_PROPOSED;
}

/* Tournament t's page, written again when its state is newer than the page. */
static int tournament_page(struct run *r, const struct tournament *t, bool all, bool *changed,
			   struct err *e)
{
	char name[64], path[PATH_MAX + 80], state[PATH_MAX + 64];
	struct stat ps, ss;
	struct buf b = { 0 };
	struct err ignored;

	archive_tournament_name(t->id, name, sizeof name);
	path_in(r, name, path, sizeof path);
	snprintf(state, sizeof state, "%s/tournaments/%d.json", r->st.dir, t->id);
	if (!all && stat(path, &ps) == 0 && stat(state, &ss) == 0 &&
	    (ps.st_mtim.tv_sec > ss.st_mtim.tv_sec || (ps.st_mtim.tv_sec == ss.st_mtim.tv_sec &&
						       ps.st_mtim.tv_nsec >= ss.st_mtim.tv_nsec)))
		return 0;
	const struct variant *v = variant_of(r, t->terms.variant, &ignored);
	const char **names = players_entrant_names(&r->players, t, r->naming);
	if (!names)
		return err_set(e, "out of memory");
	archive_tournament_page(t, v ? v->title : t->terms.variant, names, &b);
	free(names);
	int rc = put(r, name, &b, e);
	buf_free(&b);
	if (rc == 0)
		*changed = true, r->stats->written++;
	return rc;
}

/* The tournaments, each page brought up to date, and their list for the index. */
static int tournaments(struct run *r, bool all, bool *changed, struct archive_tournament **list,
		       size_t *n, struct err *e)
{
	int *ids;
	size_t count;

	*list = NULL;
	*n = 0;
	if (store_tournament_list(&r->st, &ids, &count, e) < 0)
		return -1;
	if (!(*list = calloc(count + 1, sizeof **list)))
		return free(ids), err_set(e, "out of memory");
	for (size_t i = 0; i < count; i++) {
		struct tournament *t;
		struct err te;
		if (store_tournament_load(&r->st, ids[i], &t, &te) != 0) {
			log_warn("archive: tournament %d: %s", ids[i], te.msg);
			continue;
		}
		if (tournament_public(t)) {
			struct archive_tournament *a = &(*list)[(*n)++];
			const struct variant *v = variant_of(r, t->terms.variant, &te);
			a->id = t->id;
			tn_event(t, a->name, sizeof a->name);
			snprintf(a->variant, sizeof a->variant, "%s", v ? v->title : t->terms.variant);
			snprintf(a->status, sizeof a->status, "%s", tn_status_name(t->status));
			if (tournament_page(r, t, all, changed, e) < 0) {
				tn_free(t);
				free(ids);
				return -1;
			}
		}
		tn_free(t);
	}
	free(ids);
	return 0;
}

/* The index of the public games, grouped by tournament. */
static int index_write(struct run *r, const struct archive_tournament *t, size_t nt,
		       struct err *e)
{
	struct archive_entry *list = calloc(r->nnow + 1, sizeof *list);
	struct buf b = { 0 };
	size_t n = 0;
	char when[CLOCK_ISO_MAX];
	int rc;

	if (!list)
		return err_set(e, "out of memory");
	for (size_t i = 0; i < r->nnow; i++)
		if (r->now[i].published)
			list[n++] = r->now[i].entry;
	r->stats->published = (int)n;
	clock_iso(clock_now(), when);
	archive_index(list, n, t, nt, when, &b);
	free(list);
	rc = put(r, "index.html", &b, e);
	buf_free(&b);
	return rc;
}

static int css_write(struct run *r, struct err *e)
{
	char path[PATH_MAX + 16], *text = NULL;
	size_t len;
	struct err ignored;
	struct buf b = { 0 };
	int rc = 0;

	path_in(r, "archive.css", path, sizeof path);
	if (fs_exists(path) && fs_read(path, 1u << 20, &text, &len, &ignored) == 0 &&
	    !strcmp(text, archive_css)) {
		free(text);
		return 0;
	}
	free(text);
	buf_str(&b, archive_css);
	rc = put(r, "archive.css", &b, e);
	buf_free(&b);
	return rc;
}

/* Every game of the data directory, in order; the pages of games gone removed. */
static int all_games(struct run *r, bool all, bool *changed, struct err *e)
{
	int *ids;
	size_t n, at = 0;

	if (store_list(&r->st, &ids, &n, e) < 0)
		return -1;
	if (!(r->now = calloc(n + 1, sizeof *r->now)))
		return free(ids), err_set(e, "out of memory");
	r->stats->games = (int)n;
	for (size_t i = 0; i < n; i++) {
		size_t from = at;
		const struct known *before = old_of(r, ids[i], &at);
		struct err ge = { 0 };
		for (size_t j = from; j < at; j++)      /* in the manifest, no longer here */
			unpublish(r, r->old[j].id), *changed = true;
		if (before)
			at++;
		int rc = one_game(r, ids[i], before, all, &r->now[r->nnow], changed, &ge);
		if (rc == 0) {
			r->nnow++;
			continue;
		}
		if (rc == -2)
			return free(ids), err_set(e, "%s", ge.msg);
		log_warn("archive: game %d: %s", ids[i], ge.msg);
		r->stats->unreadable++;
		if (before)             /* its page, if any, stays as it was */
			r->now[r->nnow++] = *before;
	}
	for (; at < r->nold; at++)
		unpublish(r, r->old[at].id), *changed = true;
	free(ids);
	return 0;
}

static void run_free(struct run *r)
{
	for (int i = 0; i < r->nvariants; i++)
		variant_free(r->variants[i]);
	for (int i = 0; i < r->ncats; i++)
		free(r->cats[i]);
	templates_free(&r->tpl);
	players_free(&r->players);
	store_close(&r->st);
	free(r->old);
	free(r->now);
}

/* The data directory read without its lock, as `tempest list` reads it: every state is
 * replaced whole, so a game is seen as it was or as it is. */
static int open_games(struct run *r, struct err *e)
{
	char games[PATH_MAX + 16];

	r->st.lock_fd = -1;
	snprintf(r->st.dir, sizeof r->st.dir, "%s", r->cfg->data_dir);
	snprintf(games, sizeof games, "%s/games", r->cfg->data_dir);
	if (access(games, R_OK | X_OK) < 0)
		return err_set(e, "no games in data directory %s: %s", r->cfg->data_dir,
			       strerror(errno));
	return 0;
}

int archive_update(const struct config *cfg, const char *outdir, bool all,
		   struct archive_stats *st, struct err *e)
{
	struct run r = { .cfg = cfg, .outdir = outdir, .stats = st };
	struct archive_tournament *tlist = NULL;
	size_t ntlist = 0;
	bool changed = false;
	int removed = 0, rc = -1, lock_fd = -1;
	char index[PATH_MAX + 16], lock[PATH_MAX + 16];

	bool busy = false;

	memset(st, 0, sizeof *st);
	if (open_games(&r, e) < 0)
		goto for_a_person;
	if (fs_mkdirs(outdir, 0755, e) < 0)
		goto done;
	/* one writer at a time: a poll's and a game master's run may meet */
	path_in(&r, ".lock", lock, sizeof lock);
	if ((lock_fd = fs_lock(lock, cfg->lock_timeout, "tempest archive", e)) < 0) {
		busy = errno == EWOULDBLOCK;
		goto done;
	}
	if (fs_clean_tmp(outdir, &removed, e) < 0)
		goto done;
	if (templates_open(&r.tpl, templates_dir(cfg->templates_dir), e) < 0 ||
	    players_load(&r.st, &r.players, e) < 0)
		goto for_a_person;
	char fingerprint[65];
	r.naming = naming_rule(cfg->public_names) < 0 ? NAMING_NAMES : naming_rule(cfg->public_names);
	players_public_hash(&r.players, fingerprint);
	snprintf(r.naming_line, sizeof r.naming_line, "naming %s %s", cfg->public_names, fingerprint);
	if (manifest_read(&r, e) < 0)
		goto done;
	/* the names changed (a new rule, a player's new name or consent): every page anew */
	all |= r.renamed;
	changed |= r.renamed;
	if (all_games(&r, all, &changed, e) < 0 ||
	    tournaments(&r, all, &changed, &tlist, &ntlist, e) < 0)
		goto done;
	path_in(&r, "index.html", index, sizeof index);
	if (changed || !fs_exists(index)) {
		if (index_write(&r, tlist, ntlist, e) < 0)
			goto done;
	} else {
		for (size_t i = 0; i < r.nnow; i++)
			st->published += r.now[i].published;
	}
	if (css_write(&r, e) < 0)
		goto done;
	/* the pages durable before the manifest that says they are done */
	if ((changed && fs_sync_fs(outdir, e) < 0) || (changed && manifest_write(&r, e) < 0))
		goto done;
	rc = 0;
	goto done;
for_a_person:
	errno = 0;
done:
	free(tlist);
	/* a full disk, or another run at work, is for later (exit 75); the rest for a person */
	if (rc < 0 && !busy && !fs_full(errno))
		err_for_a_person(e);
	run_free(&r);
	fs_unlock(lock_fd);
	return rc;
}

void archive_after_run(const struct config *cfg)
{
	struct archive_stats st;
	struct err e = { 0 };

	if (!cfg->archive_dir[0])
		return;
	if (archive_update(cfg, cfg->archive_dir, false, &st, &e) < 0)
		log_warn("archive %s not brought up to date: %s", cfg->archive_dir, e.msg);
}
