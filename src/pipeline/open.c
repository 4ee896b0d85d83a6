/* open.c: a pipeline's life (see pipeline.h): opened on the store with its templates,
 * players and outbox, and closed. What it loads once a run and keeps (the variants, the
 * card catalogue) and a game loaded with its players' settings are in run.c. */
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
	pl->referee = pipeline_referee_job;
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
