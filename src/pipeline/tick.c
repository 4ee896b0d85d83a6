/* tick.c: what time decides, for `tempest tick` (pipeline.h, pipeline_tick).
 *
 * First the actions: for each game, the first thing due (a challenge or a draw offer that
 * lapses, a deadline passed) goes through pipeline_referee(), which commits it and logs
 * it like a mail; a game is looked at again until nothing more is due (a closed window
 * can make the next deadline due as well).
 *
 * Then the reminders: a reminder step ("72h" before a deadline) is due once the deadline
 * is that near, if the turn began before the step. A player gets at most one mail per run,
 * covering all their games. DATA/reminders.json records the steps already reminded
 * ("GAME:COLOUR:TURN-START:STEP"); it is replaced atomically after the mails are in the
 * outbox, so a run that dies in between writes the very same mails (same Message-IDs,
 * the same outbox files) when it runs again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/compose.h"
#include "mail/mbox.h"
#include "mail/outbox.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"
#include "store/reminders.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

/* The decisions on one game in a run: every seat may time out once (a Perplexichess game
 * of 7 boards has up to 24 seats), and each may make the next deadline due; a bound that
 * cut them short would let a late move through as if in time. */
#define ROUNDS_MAX (2 * SEATS_MAX + 2)

/* ---- actions ---- */

void pipeline_due(struct pipeline *pl, const struct game *g, long long now, char *out,
		  size_t len)
{
	const struct config *cfg = &pl->cfg;
	long long first = 0;
	int who = -1;

	out[0] = 0;
	if (pipeline_game_behind(pl, g, &now))
		return;
	if (g->status == GAME_INVITED && cfg->challenge_days > 0 && g->created[0] &&
	    now >= clock_parse(g->created) + cfg->challenge_days * DAY) {
		snprintf(out, len, "expire challenge");
		return;
	}
	if (g->status != GAME_PLAYING)
		return;
	for (int c = 0; c < g->nseats; c++) {
		long long d = chessclock_deadline(&g->clock, c, g->vac[c]);
		if (d && d <= now && (!first || d < first))
			first = d, who = c;
	}
	if (who >= 0 && g->nseats == 2) {
		snprintf(out, len, "timeout %s", who == WHITE ? "white" : "black");
		return;
	}
	if (who >= 0) {
		snprintf(out, len, "timeout %d", who);
		return;
	}
	if (g->draw_offer >= 0 && g->clock.draw_offer_at && cfg->draw_offer_days > 0 &&
	    now >= g->clock.draw_offer_at + cfg->draw_offer_days * DAY)
		snprintf(out, len, "expire draw-offer");
}

static int game_actions(struct pipeline *pl, int id, long long now, struct tick_stats *ts,
			struct err *e)
{
	for (int round = 0; round < ROUNDS_MAX; round++) {
		struct game *g;
		struct vacations vac[SEATS_MAX];
		char action[64], why[512];
		int rc = pipeline_load_game(pl, id, &g, vac, e);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
		pipeline_due(pl, g, now, action, sizeof action);
		pipeline_put_game(pl, g);
		if (!action[0])
			return 0;
		if ((rc = pipeline_referee(pl, id, action, NULL, why, sizeof why, e)) < 0)
			return err_prefix(e, "game %d, %s: ", id, action), -1;
		if (rc == 1) {
			log_warn("game %d: %s does not apply: %s", id, action, why);
			ts->refused++;
			return 0;
		}
		log_info("game %d: %s", id, action);
		ts->actions++;
		if (pl->flags & PIPELINE_DRY_RUN)
			return 0;       /* nothing was saved: the same action would come again */
	}
	return 0;
}

int pipeline_settle(struct pipeline *pl, int id, long long now, struct err *e)
{
	struct tick_stats ts = { 0 };

	return game_actions(pl, id, now, &ts, e);
}

/* ---- reminders ---- */

/* One player's reminder. */
struct due {
	char address[ADDR_MAX];
	struct reminder_item *items;
	size_t n;
	struct buf keys;                /* what it reminds of, for its Message-ID */
};

struct held;

/* What a tick's reminders are made of, game after game. */
struct reminding {
	long long steps[CONFIG_REMINDERS_MAX];
	int nsteps;
	struct reminder_keys sent, now_keys;     /* steps reminded before this run; passed by now */
	struct due *dues;               /* one per player to remind */
	size_t ndue;
	struct held **held;             /* the games the dues refer to */
	size_t nheld;
};

static int remind_mail(struct pipeline *pl, const struct due *d, long long now, struct err *e)
{
	char tz[64], id[KEY_MAX], hex[HASH_HEX], tag[64], full[1024];
	uint8_t h[CRYPTO_HASH_LEN];
	char *subject, *body;
	struct view_extra x = { .referee = pl->cfg.referee_address, .referee_name = pl->cfg.referee_name,
				.now = now, .timezone = pipeline_timezone(pl, d->address, tz) };
	struct reply r = { .kind = REPLY_REMINDER, .to = -1, .about = -1 };
	struct tctx *c = view_reminder(d->items, d->n, &x);
	const struct language *lang = pipeline_language(pl, d->address);

	if (c)
		tctx_language(c, language_phrases(lang, REPLY_REMINDER));
	if (!c || view_render(lang ? &lang->tpl : &pl->tpl, NULL, &r, c, &subject, &body, e) < 0) {
		tctx_free(c);
		return c ? -1 : err_set(e, "out of memory");
	}
	tctx_free(c);
	crypto_sha256(d->keys.s ? d->keys.s : "", d->keys.n, h);
	crypto_hex(h, 8, hex);
	snprintf(id, sizeof id, "tempest.remind.%s@%s", hex, pl->domain);
	if (d->n == 1) {
		char token[TOKEN_LEN + 1];
		game_token(pl->st.key, sizeof pl->st.key, d->items[0].g->id,
			   (enum color)d->items[0].colour, token);
		snprintf(tag, sizeof tag, "[tempest %d %s]", d->items[0].g->id, token);
	} else
		snprintf(tag, sizeof tag, "[tempest]");
	snprintf(full, sizeof full, "%s %s", tag, subject);
	const char *extra[] = { "X-Tempest-Kind: reminder", NULL };
	struct mail_out mo = {
		.from_name = pl->cfg.referee_name, .from_addr = pl->cfg.referee_address,
		.to = d->address, .subject = full, .message_id = id, .date = now, .body = body,
		.extra = extra,
	};
	char *text = compose_mail(&mo);
	free(subject);
	free(body);
	if (!text)
		return err_set(e, "out of memory composing a reminder");
	int rc;
	if (pl->flags & PIPELINE_DRY_RUN) {
		fflush(pl->out);
		struct mbox_msg m = { text, strlen(text), pl->cfg.referee_address, now, .lf = true };
		rc = mbox_append_all(fileno(pl->out), &m, 1, e);
	} else
		rc = outbox_put(pl->outbox, id, text, strlen(text), e);
	free(text);
	return rc;
}

static struct due *due_for(struct due **list, size_t *n, const char *address)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcasecmp((*list)[i].address, address))
			return &(*list)[i];
	struct due *d = realloc(*list, (*n + 1) * sizeof *d);
	if (!d)
		return NULL;
	*list = d;
	d += (*n)++;
	memset(d, 0, sizeof *d);
	snprintf(d->address, sizeof d->address, "%s", address);
	return d;
}

/* The reminders of game g: steps now passed are recorded in `now_keys`; those not in
 * `sent` make a reminder for the player, which then refers to g. 1 if it does, 0 if not,
 * -1 out of memory. */
static int game_reminders(const struct game *g, const long long *steps, int nsteps, long long now,
			  const struct reminder_keys *sent, struct reminder_keys *now_keys, struct due **dues,
			  size_t *ndue)
{
	const struct chessclock *cl = &g->clock;
	int listed = 0;

	if (g->status != GAME_PLAYING)
		return 0;
	for (int c = 0; c < g->nseats; c++) {
		long long deadline = chessclock_due(g, c);
		bool fresh = false;
		char key[96];
		if (!deadline || deadline <= now)
			continue;
		for (int i = 0; i < nsteps; i++) {
			long long at = deadline - steps[i];
			if (at <= cl->since || now < at)
				continue;       /* the turn began after that step, or it is not yet */
			snprintf(key, sizeof key, "%d:%d:%lld:%lld", g->id, c, cl->since, steps[i]);
			if (!reminder_keys_has(sent, key))
				fresh = true;
			if (reminder_keys_add(now_keys, key) < 0)
				return -1;
		}
		if (!fresh)
			continue;
		struct due *d = due_for(dues, ndue, g->seat[c].address);
		struct reminder_item *it = d ? realloc(d->items, (d->n + 1) * sizeof *it) : NULL;
		if (!it)
			return -1;
		d->items = it;
		d->items[d->n++] = (struct reminder_item){ g, c, deadline };
		buf_printf(&d->keys, "%d:%d:%lld:%lld;", g->id, c, cl->since, deadline);
		listed = 1;
	}
	return listed;
}

/* A game a reminder refers to, kept with the vacations it points to. */
struct held {
	struct game *g;
	struct vacations vac[SEATS_MAX];
};

/* One game: what time decides is applied, then its reminders are listed. Each game is
 * read once (again only after an action), and kept only if a reminder refers to it. */
static int tick_game(struct pipeline *pl, int id, long long now, struct tick_stats *ts,
		     struct reminding *rm, struct err *e)
{
	struct held *h = malloc(sizeof *h);
	char due[64];
	int rc;

	if (!h)
		return err_set(e, "out of memory");
	if ((rc = pipeline_load_game(pl, id, &h->g, h->vac, e)) == 0) {
		pipeline_due(pl, h->g, now, due, sizeof due);
		if (due[0]) {
			game_free(h->g);
			h->g = NULL;
			if ((rc = game_actions(pl, id, now, ts, e)) == 0)
				rc = pipeline_load_game(pl, id, &h->g, h->vac, e);
		}
	}
	/* a digest a dead run left in the state goes with this one */
	if (rc == 0 && h->g->ndigest && pipeline_digest_note(pl, id) < 0)
		rc = -1;
	if (rc == 0 && (rc = game_reminders(h->g, rm->steps, rm->nsteps, now, &rm->sent,
					    &rm->now_keys, &rm->dues, &rm->ndue)) == 1) {
		struct held **kept = realloc(rm->held, (rm->nheld + 1) * sizeof *kept);
		if (kept) {
			rm->held = kept;
			rm->held[rm->nheld++] = h;
			return 0;
		}
		/* the due list refers to g: it is not freed */
		return err_set(e, "out of memory");
	}
	game_free(h->g);
	free(h);
	return rc < 0 ? (e->msg[0] ? -1 : err_set(e, "out of memory")) : 0;
}

/* The reminders listed: one mail per player, then the record of what was reminded. */
static int remind(struct pipeline *pl, struct reminding *rm, long long now, struct tick_stats *ts,
		  struct err *e)
{
	for (size_t i = 0; i < rm->ndue; i++) {
		if (remind_mail(pl, &rm->dues[i], now, e) < 0)
			return -1;
		log_info("reminded %s of %zu game%s", rm->dues[i].address, rm->dues[i].n,
			 rm->dues[i].n == 1 ? "" : "s");
		ts->reminders++;
	}
	fault_point("after-reminders");
	/* the commit point: what has been reminded */
	if (!(pl->flags & PIPELINE_DRY_RUN) && (rm->ndue || rm->now_keys.n != rm->sent.n) &&
	    reminders_save(&pl->st, &rm->now_keys, e) < 0)
		return -1;
	return 0;
}

static void reminding_free(struct reminding *rm)
{
	for (size_t i = 0; i < rm->ndue; i++) {
		free(rm->dues[i].items);
		buf_free(&rm->dues[i].keys);
	}
	free(rm->dues);
	for (size_t i = 0; i < rm->nheld; i++) {
		game_free(rm->held[i]->g);
		free(rm->held[i]);
	}
	free(rm->held);
	reminder_keys_free(&rm->sent);
	reminder_keys_free(&rm->now_keys);
}

int pipeline_tick(struct pipeline *pl, struct tick_stats *ts, struct err *e)
{
	long long now = pipeline_now(pl);
	struct reminding rm = { 0 };
	int *ids;
	size_t n;
	int rc = 0;

	memset(ts, 0, sizeof *ts);
	if (pl->ahead)                  /* nothing on time, nothing recorded (floor.c) */
		return err_set(e, "the clock is far ahead of the time recorded here: nothing "
			       "was decided on time");
	rm.nsteps = clock_parse_durations(pl->cfg.reminders, rm.steps, CONFIG_REMINDERS_MAX);
	if (reminders_load(&pl->st, &rm.sent, e) < 0)
		return -1;
	if (store_list(&pl->st, &ids, &n, e) < 0) {
		reminding_free(&rm);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct err ge = { 0 };
		if (tick_game(pl, ids[i], now, ts, &rm, &ge) < 0) {
			/* one broken game does not hold up the others; the run reports it */
			log_error("game %d: %s", ids[i], ge.msg);
			err_set(e, "game %d: %s", ids[i], ge.msg);
			rc = -1;
		}
		ts->games++;
	}
	/* the tournaments' entries that close on their date, and any work left */
	struct err te = { 0 };
	if (tourney_settle(pl, &te) < 0) {
		log_error("tournaments: %s", te.msg);
		err_set(e, "tournaments: %s", te.msg);
		rc = -1;
	}
	struct err de = { 0 };
	if (pipeline_digests(pl, &de) < 0) {
		log_error("%s", de.msg);
		err_set(e, "%s", de.msg);
		rc = -1;
	}
	/* a clock behind the recorded time reminds no one (floor.c) */
	if (!pl->behind && remind(pl, &rm, now, ts, e) < 0)
		rc = -1;
	reminding_free(&rm);
	free(ids);
	return rc;
}
