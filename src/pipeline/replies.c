/* replies.c: composing a job's replies (pipeline_int.h): each reply rendered from its
 * template for its reader, in their time zone, and made into a mail with a stable
 * Message-ID (so that a job done again after a crash writes the same outbox files). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/kind.h"
#include "game/observe.h"
#include "mail/compose.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"
#include "store/store.h"
#include "util/clock.h"
#include "util/log.h"

static bool within_budget(struct pipeline *pl, const char *addr)
{
	for (size_t i = 0; i < pl->nbudget; i++)
		if (!strcasecmp(pl->budget[i].addr, addr))
			return ++pl->budget[i].n <= pl->cfg.max_replies_per_sender;
	struct budget *b = realloc(pl->budget, (pl->nbudget + 1) * sizeof *b);
	if (!b)
		return false;
	pl->budget = b;
	snprintf(b[pl->nbudget].addr, ADDR_MAX, "%s", addr);
	b[pl->nbudget++].n = 1;
	return pl->cfg.max_replies_per_sender >= 1;
}

static void outgoing_id(const struct job *j, int game, size_t index, char *out)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX];

	crypto_sha256(j->s.msg_key, strlen(j->s.msg_key), h);
	crypto_hex(h, 8, hex);
	snprintf(out, KEY_MAX, "tempest.%d.%s.%zu@%s", game, hex, index, j->pl->domain);
}

/* The day's counters reply r to rcpt takes (store.h, enum quota_counter), and their
 * limits: an answer to a mail that changed nothing (max_answers_per_day, or once a day
 * for an auto-responder's text again: robots.c), a confirmation asked (once a day), a
 * mail to someone who plays no part in the game (max_observer_mails_per_day), any mail a
 * stranger's or a forged mail draws (once a day). Their number. */
static int counters_of(struct job *j, const struct reply *r, const char *rcpt, bool answer,
		       enum quota_counter c[QUOTA_COUNTERS], int limit[QUOTA_COUNTERS])
{
	struct pipeline *pl = j->pl;
	const struct game *g = j->g;
	int n = 0;

	if (answer) {
		c[n] = QUOTA_ANSWERS;
		limit[n++] = robots_answer_limit(j, rcpt);
	}
	if (r->kind == REPLY_CONFIRM) {
		c[n] = QUOTA_CONSENT;
		limit[n++] = 1;
	} else if (r->to < 0 && g && game_seat_of(g, rcpt) < 0 && game_observed_by(g, rcpt) &&
		   (j->action || strcasecmp(rcpt, j->s.address))) {
		c[n] = QUOTA_NOTICES;
		limit[n++] = pl->cfg.max_observer_mails_per_day;
	}
	if (r->kind == REPLY_INTRUDER || robots_stranger(j)) {
		c[n] = QUOTA_STRANGERS;
		limit[n++] = 1;
	}
	return n;
}

/* Whether rcpt may be answered once more: 1, 0 (said in the log), or -1 with e set. A mail
 * that changed nothing (a refusal, a test, a question) is answered at most
 * max_replies_per_sender times a run, which stops a loop with an auto-responder; a notice
 * that a game changed to a player is never dropped (delivery spreads it over runs). The
 * day's counters (counters_of) are checked across runs: a reply goes only if it fits in
 * every one, and then takes them all. */
static int may_answer(struct job *j, const struct reply *r, const char *rcpt, struct err *e)
{
	struct pipeline *pl = j->pl;
	/* an observer's own answer (observe, unobserve) changes the game but is counted as
	 * an answer: a forged sender cannot have the referee write to an address at will */
	bool to_sender = !j->action && !strcasecmp(rcpt, j->s.address);
	bool answer = !j->out.changed || (to_sender && (r->kind == REPLY_OBSERVED ||
						       (r->kind == REPLY_NOTICE &&
							!strcmp(j->out.auth_how, "consent"))));
	enum quota_counter c[QUOTA_COUNTERS];
	int limit[QUOTA_COUNTERS], room;

	if (!(pl->flags & PIPELINE_REPLAY) && answer && !within_budget(pl, rcpt)) {
		log_warn("not answering %s again in this run (max_replies_per_sender = %d)", rcpt,
			 pl->cfg.max_replies_per_sender);
		return 0;
	}
	if (pl->flags & (PIPELINE_REPLAY | PIPELINE_DRY_RUN))
		return 1;
	int n = counters_of(j, r, rcpt, answer, c, limit);
	for (int i = 0; i < n; i++) {
		if ((room = answers_room(j, c[i], rcpt, limit[i])) < 0)
			return err_set(e, "out of memory");
		if (!room) {
			/* an answer held back is news to the operator; a stranger's or an
			 * observer's mail held back is the rule doing its work (-v) */
			(c[i] == QUOTA_ANSWERS ? log_warn : log_info)("not writing to %s again today "
				"(%s = %d)", rcpt, quota_counter_name(c[i], limit[i] <
				pl->cfg.max_answers_per_day), limit[i]);
			return 0;
		}
	}
	for (int i = 0; i < n; i++)
		if (answers_take(j, c[i], rcpt, limit[i], e) < 0)
			return -1;
	return answer && robots_answered(j, rcpt, e) < 0 ? -1 : 1;
}

/* Reply r's subject and body for rcpt, from its template in their language (the caller
 * frees both). */
static int render_reply(struct job *j, const struct game *g, const struct reply *r,
			const char *rcpt, const struct tn_view *tv, char **subject, char **body,
			struct err *e)
{
	struct pipeline *pl = j->pl;
	char who[160], auth[320], tz[64];
	const struct language *lang = pipeline_language(pl, rcpt);
	const struct templates *tpl = lang ? &lang->tpl : &pl->tpl;

	if (j->out.auth >= 0 && j->g && !strcmp(j->out.auth_how, "password"))
		phrase_printf(auth, sizeof auth, "%s, by password",
			      seat_name(j->g, j->out.auth, who, sizeof who));
	else if (j->out.auth >= 0 && j->g)
		phrase_printf(auth, sizeof auth, "%s, by token",
			      seat_name(j->g, j->out.auth, who, sizeof who));
	else
		phrase_printf(auth, sizeof auth, "not a player of this game");
	struct view_extra x = {
		.referee = pl->cfg.referee_address, .referee_name = pl->cfg.referee_name,
		.sender = j->s.address, .auth = auth, .applied = j->out.changed,
		.to_sender = !strcasecmp(rcpt, j->s.address) && !j->action,
		.subject = j->m->subject, .lines = j->lines, .nlines = j->lines ? j->text.n : 0,
		.orders = &j->orders, .errors = j->out.errors, .nerrors = j->out.nerrors,
		.auth_results = j->m->auth_results, .nauth = j->m->nauth,
		.now = j->s.now, .timezone = rcpt ? pipeline_timezone(pl, rcpt, tz) : "UTC",
		.challenge_days = pl->cfg.challenge_days,
		/* the help's order words in the mail's language: English with its phrases when
		 * the mail has no translation (never half and half) */
		.language = lang && language_phrases(lang, r->kind) ? lang->code : NULL,
		.confirm_days = pl->cfg.observe_confirm_days,
		.tournament = tv,
	};
	const struct game *about = g && game_pos(g) ? g : NULL;
	const struct kind *k = about ? kind_of(about) : NULL;
	x.no_pgn = !template_uses(templates_of(tpl, k, r->kind), "pgn");
	struct tctx *c = view_context(about, r, &x);
	if (c)
		tctx_language(c, language_phrases(lang, r->kind));
	if (!c || view_render(tpl, k, r, c, subject, body, e) < 0) {
		tctx_free(c);
		return c ? -1 : err_set(e, "out of memory");
	}
	tctx_free(c);
	return 0;
}

/* The subject's tag: the game and the reader's token (a seat's, or the token of a
 * confirmation asked of this address today), the game alone, a tournament and the
 * reader's code, or none. */
static void subject_tag(const struct job *j, const struct game *g, const struct reply *r,
			const char *rcpt, char *tag, size_t len)
{
	const struct pipeline *pl = j->pl;

	if (g && r->kind == REPLY_CONFIRM) {
		char token[TOKEN_LEN + 1];
		consent_token(pl->st.key, sizeof pl->st.key, r->arbiter ? CONSENT_ARBITER :
			      CONSENT_OBSERVER, g->id, r->address, j->s.now / 86400, token);
		snprintf(tag, len, "[tempest %d %s]", g->id, token);
	} else if (!g && j->t) {
		char token[TOKEN_LEN + 1];
		tourney_token(pl->st.key, sizeof pl->st.key, j->t->id, rcpt, token);
		snprintf(tag, len, "[tempest tournament %d %s]", j->t->id, token);
	} else if (g && r->to >= 0) {
		char token[TOKEN_LEN + 1];
		game_token(pl->st.key, sizeof pl->st.key, g->id, r->to, token);
		snprintf(tag, len, "[tempest %d %s]", g->id, token);
	} else if (g)
		snprintf(tag, len, "[tempest %d]", g->id);
	else
		snprintf(tag, len, "[tempest]");
}

/* Outgoing mail o (its id set) to rcpt made whole: threaded on the game and the mail
 * answered, with the game's headers, and the HTML board when the configuration asks. */
static int compose_outgoing(struct job *j, const struct game *g, const struct reply *r,
			    const char *rcpt, const struct tn_view *tv, struct outgoing *o,
			    const char *subject, const char *body, struct err *e)
{
	struct pipeline *pl = j->pl;
	char refs[2 * KEY_MAX + 8], head[3][96], hash[HASH_HEX] = "";
	bool to_sender = !strcasecmp(rcpt, j->s.address) && j->m->message_id;

	if (g)
		snprintf(refs, sizeof refs, "tempest-game-%d@%s%s%s", g->id, pl->domain,
			 to_sender ? " " : "", to_sender ? j->m->message_id : "");
	else if (j->t)          /* a tournament's mails thread together */
		snprintf(refs, sizeof refs, "tempest-tournament-%d@%s%s%s", j->t->id, pl->domain,
			 to_sender ? " " : "", to_sender ? j->m->message_id : "");
	else
		snprintf(refs, sizeof refs, "%s", to_sender ? j->m->message_id : "");
	if (g && j->hashed == g) {
		memcpy(hash, j->state_hash, sizeof hash);
	} else if (g) {
		game_hash(g, hash);
	}
	snprintf(head[0], sizeof head[0], "X-Tempest-Game: %d", g ? g->id : 0);
	snprintf(head[1], sizeof head[1], "X-Tempest-Kind: %s", reply_kind_name(r->kind));
	snprintf(head[2], sizeof head[2], "X-Tempest-State: %s", hash);
	/* a mail about no game carries only its kind */
	const char *extra[] = { head[1], g ? head[0] : NULL, g ? head[2] : NULL, NULL };
	struct mail_out mo = {
		.from_name = pl->cfg.referee_name, .from_addr = pl->cfg.referee_address,
		.to = rcpt, .subject = subject, .message_id = o->id,
		.in_reply_to = to_sender ? j->m->message_id : NULL,
		.references = refs[0] ? refs : NULL, .date = j->s.now, .body = body,
		.extra = extra,
	};
	struct html_reader hr = { .referee = pl->cfg.referee_address,
				  .l = language_phrases(pipeline_language(pl, rcpt), r->kind) };
	char *html = g && game_pos(g) && pl->cfg.html_board ? view_html(g, r, subject, body, &hr) :
		     tv && r->kind == REPLY_STANDINGS && pl->cfg.html_board ?
		     tn_view_html(tv, subject, body) : NULL;
	mo.html = html;
	int failed = compose_mail_pair(&mo, &o->text, &o->log_text);
	free(html);
	if (failed < 0) {
		free(o->text), free(o->log_text);
		return err_set(e, "out of memory composing a reply");
	}
	return 0;
}

/* Reply r about game g (the job's game, or another game of the sender's). */
int job_compose_reply(struct job *j, const struct game *g, const struct reply *r, size_t index,
			 struct err *e)
{
	const char *rcpt = r->to >= 0 && g ? g->seat[r->to].address : r->address;
	char *subject = NULL, *body = NULL, tag[64], full[1024];
	int rc;

	if (!rcpt || !*rcpt)
		return 0;
	/* a test from someone who plays no part in the game learns nothing of it, not even
	 * that it exists (its number, players, state): else `game N` + `test` lists them all */
	if (g && r->kind == REPLY_TEST && r->to < 0 && game_seat_of(g, j->s.address) < 0)
		g = NULL;
	/* ... nor does a refusal to someone outside a private game (observe.h) */
	if (g && r->kind == REPLY_REFUSED && r->to < 0 && game_private(g) &&
	    game_seat_of(g, rcpt) < 0)
		g = NULL;
	if ((rc = may_answer(j, r, rcpt, e)) <= 0)
		return rc;
	/* an intruder's attempts: a member hears of them once a game and run (issue 25) */
	if (g && r->kind == REPLY_INTRUDER && !pipeline_intruder_once(j->pl, g->id, rcpt)) {
		log_info("game %d: %s told of an intruder already in this run", g->id, rcpt);
		return 0;
	}
	/* a tournament's mail: what it shows of the tournament to this reader */
	struct tn_view tv = { 0 };
	struct glicko *ratings = NULL;
	bool tournament = !g && j->t;
	if (tournament && tourney_view(j, rcpt, pipeline_language(j->pl, rcpt), &tv, &ratings) < 0) {
		free(ratings), free((void *)tv.names);
		return err_set(e, "out of memory");
	}
	if (render_reply(j, g, r, rcpt, tournament ? &tv : NULL, &subject, &body, e) < 0) {
		free(ratings), free((void *)tv.names);
		return -1;
	}
	subject_tag(j, g, r, rcpt, tag, sizeof tag);
	snprintf(full, sizeof full, "%s %s", tag, subject);
	struct outgoing *o = realloc(j->mails, (j->nmails + 1) * sizeof *o);
	if (!o) {
		free(subject), free(body), free(ratings), free((void *)tv.names);
		return err_set(e, "out of memory");
	}
	j->mails = o;
	o += j->nmails;
	outgoing_id(j, g ? g->id : 0, index, o->id);
	snprintf(o->rcpt, sizeof o->rcpt, "%s", rcpt);
	rc = compose_outgoing(j, g, r, rcpt, tournament ? &tv : NULL, o, full, body, e);
	free(subject);
	free(body);
	free(ratings);
	free((void *)tv.names);
	if (rc < 0)
		return -1;
	j->nmails++;
	return 0;
}

int job_compose_all(struct job *j, struct err *e)
{
	int rc = 0;

	/* composing changes no game: every reply of the mail carries the same state */
	if (j->g) {
		game_hash(j->g, j->state_hash);
		j->hashed = j->g;
	}
	for (size_t i = 0; i < j->out.nreplies && rc == 0; i++)
		rc = job_compose_reply(j, j->g, &j->out.replies[i], i, e);
	j->hashed = NULL;
	return rc;
}

/* A vacation concerns all of a player's games: the opponents in the others are told. */
int job_tell_others(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct player_change *ch = &j->out.player;
	int *ids;
	size_t n;

	if (!(ch->vacation || ch->vacation_end) || !j->g)
		return 0;
	if (pipeline_game_ids(pl, &ids, &n, e) < 0)
		return -1;
	char note[600], until[CLOCK_LOCAL_MAX];
	clock_local(ch->end, "UTC", until, sizeof until);
	if (ch->vacation)
		phrase_printf(note, sizeof note, "Your opponent (%s) is on vacation until %s: their "
			      "clock does not run meanwhile, in any of their games.", j->s.address,
			      until);
	else
		phrase_printf(note, sizeof note, "Your opponent (%s) is back from vacation: their "
			      "clock runs again.", j->s.address);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct game *g;
		struct vacations vac[SEATS_MAX];
		if (ids[i] == j->g->id || pipeline_load_game(pl, ids[i], &g, vac, e) != 0)
			continue;
		int me = game_seat_of(g, j->s.address);
		for (int k = 0; me >= 0 && k < g->nseats && rc == 0 && g->status == GAME_PLAYING; k++) {
			if (g->seat[k].side == g->seat[me].side)
				continue;
			struct reply r = { .kind = REPLY_NOTICE, .to = k, .about = -1 };
			phrase_fit(r.note, sizeof r.note, note);
			/* two-player games keep the first release's Message-IDs */
			rc = job_compose_reply(j, g, &r, g->nseats == 2 ? 1000 + i :
					       1000 + i * SEATS_MAX + (size_t)k, e);
		}
		pipeline_put_game(pl, g);
	}
	free(ids);
	return rc;
}

