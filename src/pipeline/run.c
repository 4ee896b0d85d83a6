/* run.c: a run's state as the pipeline's files share it (pipeline_int.h): the games it
 * holds (loaded once a batch, with their variant, card catalogue and players' settings;
 * given back with pipeline_put_game), what a batch stages before its commit (the seen
 * marks, the replies, the logs it keeps open), a job's refusal and end, and the referee's
 * action, which pipeline.c runs and hands the run at its opening (open.c). It calls none
 * of the files that use it: they stand above it (docs/design.md, "Layers"). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/game.h"
#include "mail/outbox.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"
#include "store/cards_load.h"
#include "store/other.h"
#include "store/rules_load.h"
#include "store/store.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

#define LOG_FDS_MAX 512                 /* the game logs a batch keeps open */

struct cached_game *batch_find(struct pipeline *pl, int id)
{
	for (size_t i = 0; i < pl->batch.ngames; i++)
		if (pl->batch.games[i].g->id == id)
			return &pl->batch.games[i];
	return NULL;
}

int batch_adopt(struct pipeline *pl, struct game *g, struct err *e)
{
	struct batch *b = &pl->batch;
	struct cached_game *c = realloc(b->games, (b->ngames + 1) * sizeof *c);

	if (!c)
		return err_set(e, "out of memory");
	b->games = c;
	b->games[b->ngames++] = (struct cached_game){ .g = g, .log_fd = -1, .used = true };
	return 0;
}

static void free_games(struct cached_game *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (c[i].log_fd >= 0)
			close(c[i].log_fd);
		game_free(c[i].g);
	}
	free(c);
}

void pipeline_forget_games(struct pipeline *pl)
{
	free_games(pl->kept, pl->nkept);
	pl->kept = NULL;
	pl->nkept = 0;
}

/* A game the batch keeps waits parked (game_park): its positions packed, 16 KB a board
 * that a batch of hundreds of games would hold for nothing between their mails. */
void pipeline_put_game(struct pipeline *pl, struct game *g)
{
	if (g && !(pl->batch.on && batch_find(pl, g->id) && batch_find(pl, g->id)->g == g))
		game_free(g);
	else if (g)
		game_park(g);
}

bool batch_seen(struct pipeline *pl, const char *msg_key)
{
	struct batch *b = &pl->batch;

	if (!b->on || !b->nseen)
		return false;
	long i = strindex_find(&b->seen_index, b->seen[0], sizeof *b->seen, b->nseen, msg_key);
	for (size_t k = 0; i == -2 && k < b->nseen; k++)        /* no memory for the index */
		if (!strcmp(b->seen[k], msg_key))
			i = (long)k;
	return i >= 0;
}

int pipeline_mark_seen(struct pipeline *pl, const char *msg_key, struct err *e)
{
	struct batch *b = &pl->batch;

	if (!b->on)
		return store_mark_seen(&pl->st, msg_key, e);
	if (b->nseen == b->seen_cap) {
		size_t cap = b->seen_cap ? 2 * b->seen_cap : 64;
		char (*s)[KEY_MAX] = realloc(b->seen, cap * sizeof *s);
		if (!s)
			return err_set(e, "out of memory");
		b->seen = s;
		b->seen_cap = cap;
	}
	snprintf(b->seen[b->nseen++], KEY_MAX, "%s", msg_key);
	return 0;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int pipeline_game_ids(struct pipeline *pl, int **ids, size_t *n, struct err *e)
{
	if (store_list(&pl->st, ids, n, e) < 0)
		return -1;
	size_t stored = *n;
	for (size_t i = 0; pl->batch.on && i < pl->batch.ngames; i++) {
		int id = pl->batch.games[i].g->id;
		if (bsearch(&id, *ids, stored, sizeof **ids, cmp_int))
			continue;
		int *a = realloc(*ids, (*n + 1) * sizeof *a);
		if (!a)
			return err_set(e, "out of memory");
		*ids = a;
		(*ids)[(*n)++] = id;
	}
	if (*n > stored)
		qsort(*ids, *n, sizeof **ids, cmp_int);
	return 0;
}

int pipeline_next_id(struct pipeline *pl, int *id, struct err *e)
{
	if (store_next_id(&pl->st, id, e) < 0)
		return -1;
	for (size_t i = 0; pl->batch.on && i < pl->batch.ngames; i++)
		if (pl->batch.games[i].g->id >= *id)
			*id = pl->batch.games[i].g->id + 1;
	return 0;
}

int batch_stage_reply(struct pipeline *pl, const struct job *j, const char *id,
		      const char *text, struct err *e)
{
	struct batch *b = &pl->batch;
	char name[33];

	if (!id || !*id)
		return err_set(e, "outbox: a queued mail needs a Message-ID");
	outbox_name(id, name);
	/* the same reply staged twice (a mail repeated in the batch) is spooled once */
	if (b->nreplies && strindex_find(&b->names, b->replies[0].name, sizeof *b->replies,
					 b->nreplies, name) >= 0)
		return 0;
	if (b->nreplies == b->replies_cap) {
		size_t cap = b->replies_cap ? 2 * b->replies_cap : 128;
		struct staged_reply *a = realloc(b->replies, cap * sizeof *a);
		if (!a)
			return err_set(e, "out of memory");
		b->replies = a;
		b->replies_cap = cap;
	}
	struct staged_reply *r = b->replies;
	if ((b->spool.fd < 0 && spool_create(pl->outbox, &b->spool, e) < 0) ||
	    spool_add(&b->spool, j->g ? j->g->id : 0, j->s.msg_key, id, text, strlen(text), e) < 0)
		return -1;
	memcpy(r[b->nreplies].name, name, sizeof name);
	r[b->nreplies].game = j->g ? j->g->id : 0;
	r[b->nreplies++].seen_index = b->nseen;
	return 0;
}

int batch_log_fd(struct pipeline *pl, struct game *g, int *fd, struct mbox_end **end,
		 struct err *e)
{
	struct cached_game *c = batch_find(pl, g->id);

	if (!c && batch_adopt(pl, g, e) < 0)
		return -1;
	c = batch_find(pl, g->id);
	/* at most LOG_FDS_MAX logs open (a batch of thousands of games must not run out of
	 * file descriptors): another game's is closed, to be opened again at its next append
	 * (its log_size is its log's size since its last one) */
	size_t open = 0;
	struct cached_game *other = NULL;
	for (size_t i = 0; c->log_fd < 0 && i < pl->batch.ngames; i++)
		if (pl->batch.games[i].log_fd >= 0) {
			open++;
			other = &pl->batch.games[i];
		}
	if (open >= LOG_FDS_MAX) {
		close(other->log_fd);
		other->log_fd = -1;
	}
	/* opened once, cut back to what the committed state knows (a run that died after
	 * appending left a tail) */
	if (c->log_fd < 0) {
		c->log_end = (struct mbox_end){ 0 };    /* asked at its first append */
		if (store_log_open(&pl->st, g, &c->log_fd, e) < 0) {
			c->log_fd = -1;
			return -1;
		}
	}
	c->dirty = true;
	*fd = c->log_fd;
	*end = &c->log_end;
	return 0;
}

int batch_other_fd(struct pipeline *pl, int *fd, struct err *e)
{
	struct batch *b = &pl->batch;
	char path[PATH_MAX + 32];
	struct stat sb;

	if (b->other_fd < 0) {
		snprintf(path, sizeof path, "%s/other.mbox", pl->st.dir);
		b->other_fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
		if (b->other_fd < 0 || fstat(b->other_fd, &sb) < 0)
			return err_set(e, "cannot open %s: %s", path, strerror(errno));
		b->other_size = (long long)sb.st_size;
		/* before the first append: a run that dies now leaves what to cut back */
		if (!(pl->flags & PIPELINE_REPLAY) &&
		    store_other_batch_begun(&pl->st, b->other_size, e) < 0)
			return -1;
	}
	*fd = b->other_fd;
	return 0;
}

/* The variant of this name, loaded on first use and kept for the run; NULL if it cannot
 * be (the reason in the debug log). */
static const struct variant *variant_get(struct pipeline *pl, const char *name)
{
	struct err e;

	for (int i = 0; i < pl->nvariants; i++)
		if (!strcmp(pl->variants[i].name, name))
			return pl->variants[i].v;
	if (!rules_name_ok(name) || pl->nvariants == VARIANTS_MAX)
		return NULL;
	struct variant *v = rules_load(pl->rules_dir, name, &e);
	if (!v) {
		log_debug("variant %s: %s", name, e.msg);
		return NULL;
	}
	snprintf(pl->variants[pl->nvariants].name, sizeof pl->variants[0].name, "%s", name);
	pl->variants[pl->nvariants++].v = v;
	return v;
}

const struct variant *pipeline_variant(struct pipeline *pl, const char *name)
{
	return variant_get(pl, name);
}

const struct card_catalogue *pipeline_catalogue(struct pipeline *pl, const struct variant *v,
						struct err *e)
{
	if (!v->cards[0])
		return NULL;
	if (pl->catalogue && !strcmp(pl->catalogue->name, v->cards))
		return pl->catalogue;
	free(pl->catalogue);
	if (!(pl->catalogue = malloc(sizeof *pl->catalogue))) {
		err_set(e, "out of memory");
		return NULL;
	}
	if (cards_load(pl->rules_dir, v->cards, pl->cfg.card_names, pl->cfg.card_catalogue,
		       pl->catalogue, e) < 0) {
		free(pl->catalogue);
		pl->catalogue = NULL;
	}
	return pl->catalogue;
}

void pipeline_attach(struct pipeline *pl, struct game *g, struct vacations vac[SEATS_MAX],
		     const char *except)
{
	char tz[64];

	for (int c = 0; c < g->nseats; c++) {
		players_view(&pl->players, g->seat[c].address, except, &vac[c], tz);
		g->vac[c] = &vac[c];
		players_language(&pl->players, g->seat[c].address, except, g->lang[c]);
		char name[64];
		bool address_public;
		players_public(&pl->players, g->seat[c].address, name, &address_public);
		seat_label_set(g, c, name, address_public, (enum naming_rule)pl->naming);
	}
	g->policy = &pl->policy;
}

const char *pipeline_timezone(const struct pipeline *pl, const char *address, char tz[64])
{
	struct vacations vac;

	players_view(&pl->players, address, NULL, &vac, tz);
	if (!tz[0])
		snprintf(tz, 64, "%s", pl->cfg.timezone);
	return tz;
}

const struct language *pipeline_language(struct pipeline *pl, const char *address)
{
	char lang[8];

	if (!address)
		return NULL;
	players_language(&pl->players, address, NULL, lang);
	return languages_find(&pl->langs, lang);
}

int pipeline_load_game(struct pipeline *pl, int id, struct game **g, struct vacations vac[SEATS_MAX],
		       struct err *e)
{
	struct cached_game *c = pl->batch.on ? batch_find(pl, id) : NULL;

	if (!pl->batch.on)
		pipeline_forget_games(pl);
	if (c) {
		if (game_unpark(c->g) < 0)
			return err_set(e, "out of memory");
		c->used = true;
		*g = c->g;
		pipeline_attach(pl, *g, vac, NULL);
		return 0;
	}
	int rc = store_load(&pl->st, id, g, e);
	if (rc != 0)
		return rc;
	const struct variant *v = variant_get(pl, (*g)->variant);
	if (!v)
		rc = err_set(e, "game %d: variant %s cannot be loaded", id, (*g)->variant);
	else if (v->cards[0] && !((*g)->cat = pipeline_catalogue(pl, v, e)))
		rc = -1;
	else if (game_load_position(*g, v, e) < 0)
		rc = -1;
	if (rc == 0 && pl->batch.on)
		rc = batch_adopt(pl, *g, e);
	if (rc < 0) {
		game_free(*g);
		*g = NULL;
		return -1;
	}
	pipeline_attach(pl, *g, vac, NULL);
	return 0;
}

/* A refusal about no game, built here rather than by the game model; reason a phrase. */
int pipeline_refuse(struct job *j, int lineno, const char *text, const char *reason)
{
	if (outcome_error(&j->out, lineno, text, "%s", reason) < 0)
		return -1;
	for (size_t i = 0; i < j->out.nreplies; i++)
		if (j->out.replies[i].kind == REPLY_REFUSED)
			return 0;
	return outcome_reply(&j->out, REPLY_REFUSED, -1, j->s.address);
}

void job_free(struct job *j)
{
	tn_free(j->t);
	if (j->from_ahead) {    /* the reader's memory: freed by it (ahead.h) */
		ahead_give_back(j->pl->read_ahead, j->m, &j->text);
	} else {
		msg_free(j->m);
		msgtext_free(&j->text);
	}
	free(j->lines);
	orders_free(&j->orders);
	outcome_free(&j->out);
	pipeline_put_game(j->pl, j->g);
	for (size_t i = 0; i < j->nmails; i++) {
		free(j->mails[i].text);
		free(j->mails[i].log_text);
	}
	free(j->mails);
}

/* The action goes the whole way of a mail (pipeline.c, pipeline_referee_job): through the
 * run, which pipeline_open handed it, so that tick, the digests, the bounces, consent and
 * the tournaments act without calling up to the file that routes a mail. */
int pipeline_referee_keyed(struct pipeline *pl, int game, const char *action, const char *key,
			   int *id, char *why, size_t wlen, struct err *e)
{
	return pl->referee(pl, game, action, key, id, why, wlen, e);
}

int pipeline_referee(struct pipeline *pl, int game, const char *action, int *id, char *why,
		     size_t wlen, struct err *e)
{
	return pipeline_referee_keyed(pl, game, action, NULL, id, why, wlen, e);
}

bool tourney_is_arbiter(const struct pipeline *pl, const char *address)
{
	char copy[sizeof pl->cfg.arbiters];

	snprintf(copy, sizeof copy, "%s", pl->cfg.arbiters);
	for (char *save = NULL, *w = strtok_r(copy, " ,", &save); w;
	     w = strtok_r(NULL, " ,", &save))
		if (!strcasecmp(w, address))
			return true;
	return false;
}

/* A mail over the limit is known by its size, before libetpan reads any of it. */
bool pipeline_over_limit(const struct pipeline *pl, const struct pipeline_mail *mail)
{
	size_t size = mail->size > mail->len ? mail->size : mail->len;

	return size > (size_t)pl->cfg.max_message_size && !(pl->flags & PIPELINE_REPLAY);
}

size_t pipeline_mail_head(const struct pipeline_mail *mail, const void *pipeline)
{
	const struct pipeline *pl = pipeline;

	return pipeline_over_limit(pl, mail) ?
	       msg_head_len(mail->raw, mail->len, (size_t)pl->cfg.max_message_size) : mail->len;
}
