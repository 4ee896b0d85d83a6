/* open.c: a pipeline's life (see pipeline.h): opened on the store with its templates,
 * players and outbox, and closed; what it loads once a run and keeps (the variants, the
 * card catalogue); a game loaded with its players' settings. */
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "mail/msgtext.h"
#include "kinds/registry.h"
#include "render/view.h"
#include "render/vocabulary.h"
#include "store/cards_load.h"
#include "store/rules_load.h"
#include "store/store.h"
#include "util/clock.h"
#include "util/fsutil.h"
#include "util/log.h"

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

int pipeline_open(struct pipeline **out, const struct config *cfg, unsigned flags,
		  struct err *e)
{
	struct pipeline *pl = calloc(1, sizeof *pl);

	*out = NULL;
	if (!pl)
		return err_set(e, "out of memory");
	pl->cfg = *cfg;
	pl->flags = flags;
	pl->out = stdout;
	pl->st.lock_fd = -1;
	snprintf(pl->rules_dir, sizeof pl->rules_dir, "%s", rules_dir(cfg->rules_dir));
	const char *at = strrchr(cfg->referee_address, '@');
	snprintf(pl->domain, sizeof pl->domain, "%s", at ? at + 1 : "localhost");
	pl->naming = naming_rule(cfg->public_names) < 0 ? NAMING_NAMES : naming_rule(cfg->public_names);
	pl->policy = (struct policy){ .vacation_days = cfg->vacation_days,
		.max_vacation_days = cfg->max_vacation_days, .timezone_ok = clock_timezone_ok,
		.confirm_days = cfg->observe_confirm_days,
		.conditional_lines = cfg->conditional_lines,
		.conditional_depth = cfg->conditional_depth };
	size_t nkw;
	const struct order_word *kw = kind_all_orders(&nkw);
	if (templates_open(&pl->tpl, templates_dir(cfg->templates_dir), e) < 0 ||
	    languages_open(&pl->langs, templates_dir(cfg->templates_dir), e) < 0 ||
	    /* every language's order words, read from everyone */
	    vocabulary_load(templates_dir(cfg->templates_dir), kw, nkw, e) < 0) {
		err_for_a_person(e);    /* an installation to mend: no later run would do better */
		pipeline_close(pl);
		return -1;
	}
	if (store_open(&pl->st, cfg->data_dir, flags & PIPELINE_DRY_RUN ? STORE_READ_ONLY :
		       STORE_CREATE, cfg->lock_timeout, cfg->command, e) < 0 ||
	    players_load(&pl->st, &pl->players, e) < 0) {
		pipeline_close(pl);
		return -1;
	}
	if (!(flags & PIPELINE_REPLAY))
		pl->floor = store_last_time(&pl->st);
	/* a safeguard, not a commit: the run goes on without it (a full disk), and the next
	 * counts what this one could not */
	struct err pe;
	if (!(flags & (PIPELINE_DRY_RUN | PIPELINE_REPLAY)) && poison_open(pl, &pe) < 0)
		log_warn("%s", pe.msg);
	snprintf(pl->outbox, sizeof pl->outbox, "%s/outbox", cfg->data_dir);
	char staged[PATH_MAX + 16];
	snprintf(staged, sizeof staged, "%s/staged", pl->outbox);
	if ((!(flags & PIPELINE_DRY_RUN) && fs_mkdirs(staged, 0700, e) < 0) ||
	    (!(flags & PIPELINE_DRY_RUN) && pipeline_recover_outbox(pl, e) < 0) ||
	    pipeline_clock_open(pl, e) < 0 ||
	    (!(flags & (PIPELINE_DRY_RUN | PIPELINE_REPLAY)) && !pl->ahead &&
	     pipeline_bounces(pl, e) < 0)) {
		pipeline_close(pl);
		return -1;
	}
	/* the tournaments' work a run that died left (each action can be done again) */
	struct err te;
	if (tourney_settle(pl, &te) < 0)
		log_warn("tournaments: %s (left for the next run)", te.msg);
	*out = pl;
	return 0;
}

void pipeline_close(struct pipeline *pl)
{
	if (!pl)
		return;
	for (int i = 0; i < pl->nvariants; i++)
		variant_free(pl->variants[i].v);
	pipeline_forget_games(pl);
	free(pl->catalogue);
	players_free(&pl->players);
	robots_free(&pl->robots);
	templates_free(&pl->tpl);
	languages_free(&pl->langs);
	msgtext_referee_free(pl->referee_text);
	answers_forget(pl);
	store_close(&pl->st);
	free(pl->budget);
	poison_free(pl);
	hold_free(&pl->touch);
	hold_free(&pl->held);
	pipeline_digests_free(pl);
	free(pl);
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

void pipeline_set_output(struct pipeline *pl, FILE *f)
{
	pl->out = f;
}

const struct pipeline_stats *pipeline_stats(const struct pipeline *pl)
{
	return &pl->stats;
}

const char *pipeline_outbox(const struct pipeline *pl)
{
	return pl->outbox;
}

struct store *pipeline_store(struct pipeline *pl)
{
	return &pl->st;
}

void pipeline_set_replay(struct pipeline *pl, struct replay_check *rc)
{
	pl->replay = rc;
}
