/* tourney_mail.c: a mail's tournament orders (tourney.h, tourney_on_mail): `join
 * tournament T` from anyone (as a challenge may come from anyone), `withdraw tournament
 * T` only with the proof of a tournament's or a tournament game's mail (its subject's
 * code: a withdrawal forfeits games), `standings T` from anyone, `tournament new VARIANT`
 * from an arbiter the configuration names (a proposal that waits for their `open
 * tournament T`, from a reply to the proposal's mail). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pipeline/tourney.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/log.h"

static bool tournament_order(int kind)
{
	return kind >= ORDER_JOIN_TOURNAMENT && kind <= ORDER_TOURNAMENT_NEW;
}

static int refused(struct job *j, const struct order *od, const char *why)
{
	j->result = "refused";
	return pipeline_refuse(j, od ? od->lineno : 0, od ? od->text : "", why);
}

/* Does the mail prove its sender: the tournament's code for them in its subject, or the
 * code of their seat in one of the tournament's games? */
static bool proves(const struct job *j, const struct tournament *t)
{
	const uint8_t *key = j->pl->st.key;
	size_t klen = sizeof j->pl->st.key;
	char token[TOKEN_LEN + 1];
	long gi = j->tag_game ? tn_game_of(t, j->tag_game) : -1;

	if (j->tag_tournament == t->id && j->tag_ttoken[0]) {
		tourney_token(key, klen, t->id, j->s.address, token);
		if (!strcmp(token, j->tag_ttoken))
			return true;
	}
	for (int c = 0; gi >= 0 && j->s.tag_token[0] && c < 2; c++) {
		int p = c ? t->games[gi].black : t->games[gi].white;
		game_token(key, klen, j->tag_game, c, token);
		if (!strcasecmp(t->players[p].address, j->s.address) &&
		    !strcmp(token, j->s.tag_token))
			return true;
	}
	return false;
}

/* The change a mail asks of t (a copy), and the notes of its replies: 0, or -1 refused
 * (why filled). */
static int change(struct job *j, const struct order *od, struct tournament *t, char *note,
		  char *arbiter_note, size_t len, char *why, size_t wlen)
{
	char now[CLOCK_ISO_MAX];
	const char *me = j->s.address;

	clock_iso(j->s.now, now);
	switch (od->kind) {
	case ORDER_JOIN_TOURNAMENT:
		if (tn_join(t, me, j->s.name, now, why, wlen) < 0)
			return -1;
		phrase_printf(note, len, "You are entered in tournament %d: entrant %zu.", t->id,
			 t->nplayers);
		if (t->terms.rolling && t->nplayers > 1)
			phrase_cat(note, len, " ",
				   N_("Your games against the entrants before you start now."));
		else if (!t->terms.rolling)
			phrase_cat(note, len, " ", N_("The games start when the entry closes."));
		phrase_printf(arbiter_note, len, "%s has entered tournament %d: entrant %zu.", me,
			 t->id, t->nplayers);
		return 0;
	case ORDER_WITHDRAW_TOURNAMENT: {
		long p = tn_player_of(t, me);
		bool drawn = p >= 0 && t->players[p].number;
		if (tn_withdraw(t, me, now, why, wlen) < 0)
			return -1;
		phrase_printf(note, len, drawn ? F_("You have withdrawn from tournament %d: your "
			      "games not yet decided are lost by forfeit.") : F_("Your entry to "
			      "tournament %d is struck out."), t->id);
		phrase_printf(arbiter_note, len, "%s has withdrawn from tournament %d.", me, t->id);
		return 0;
	}
	default:                        /* open */
		if (t->status != TN_PROPOSED || strcasecmp(t->proposer, me))
			return phrase_printf(why, wlen, "tournament %d is not waiting for you to open "
						      "it", t->id), -1;
		t->status = TN_OPEN;
		phrase_printf(note, len, "Tournament %d is open for entries.", t->id);
		arbiter_note[0] = 0;
		return 0;
	}
}

/* The action's text in the tournament's log: what a replay applies again. */
static void action_text(const struct job *j, const struct order *od, char *out, size_t len)
{
	const char *verb = od->kind == ORDER_JOIN_TOURNAMENT ? "join" :
			   od->kind == ORDER_WITHDRAW_TOURNAMENT ? "withdraw" : "open";

	snprintf(out, len, "%s %s%s%s", verb, j->s.address, j->s.name[0] ? " " : "", j->s.name);
}

/* join, withdraw, open: applied to a copy, committed alone. */
static int act(struct job *j, const struct order *od, struct err *e)
{
	struct pipeline *pl = j->pl;
	char note[1024], arbiter_note[1024], why[512], action[ADDR_MAX + NAME_MAX_ + 32];

	if (tn_has_key(j->t, j->s.msg_key)) {
		j->result = "duplicate";
		return 0;
	}
	if (od->kind != ORDER_JOIN_TOURNAMENT && !proves(j, j->t)) {
		phrase_printf(why, sizeof why, "'%s' must come in a reply to one of my mails about "
			 "tournament %d: its subject's code proves it is yours", od->text, j->t->id);
		return refused(j, od, why);
	}
	struct tournament *t = tn_copy(j->t);
	if (!t)
		return err_set(e, "out of memory");
	if (change(j, od, t, note, arbiter_note, sizeof note, why, sizeof why) < 0) {
		tn_free(t);
		return refused(j, od, why);
	}
	/* a change is committed alone: the mails before it in the batch commit first */
	if (pl->batch.on && pl->batch.mails > 1) {
		tn_free(t);
		return PIPELINE_DEFER;
	}
	tn_free(j->t);
	j->t = t;
	j->result = "applied";
	if (tourney_tell(j, REPLY_TOURNAMENT, j->s.address, note) < 0 ||
	    (arbiter_note[0] && t->terms.arbiter[0] &&
	     tourney_tell(j, REPLY_TOURNAMENT, t->terms.arbiter, arbiter_note) < 0))
		return err_set(e, "out of memory");
	action_text(j, od, action, sizeof action);
	if (pl->batch.on)
		pl->batch.flush = true;
	return tourney_commit(j, action, e);
}

/* The tournament a mail of this key created, or 0. */
static int created_by(struct pipeline *pl, const char *key)
{
	int *ids, found = 0;
	size_t n;
	struct err e;

	if (store_tournament_list(&pl->st, &ids, &n, &e) < 0)
		return 0;
	for (size_t i = n; i-- > 0 && !found;) {
		struct tournament *t;
		if (store_tournament_load(&pl->st, ids[i], &t, &e) == 0) {
			found = tn_has_key(t, key) ? t->id : 0;
			tn_free(t);
		}
	}
	free(ids);
	return found;
}

/* "tournament new VARIANT" and the terms on the lines under it, from an arbiter. */
static int proposal(struct job *j, const struct order *od, struct err *e)
{
	struct pipeline *pl = j->pl;
	struct buf terms = { 0 };
	char why[512];
	int id;

	if (!tourney_is_arbiter(pl, j->s.address))
		return refused(j, od, N_("only an arbiter of this referee may propose a tournament"));
	if (created_by(pl, j->s.msg_key)) {
		j->result = "duplicate";
		return 0;
	}
	if (pl->batch.on && pl->batch.mails > 1)
		return PIPELINE_DEFER;
	buf_printf(&terms, "variant %s", od->arg);
	for (size_t i = 0; i < j->text.n; i++)
		if (j->text.line[i].lineno > od->lineno)
			buf_printf(&terms, "\n%s", j->text.line[i].text);
	if (terms.failed)
		return err_set(e, "out of memory");
	int rc = tourney_create(pl, terms.s, j->s.address, j->s.msg_key, &id, why, sizeof why, e);
	buf_free(&terms);
	if (rc > 0)
		return refused(j, od, why);
	if (rc < 0)
		return -1;
	/* committed with the tournament's creation; the mail itself is marked as any */
	j->result = "applied";
	if (pl->batch.on)
		pl->batch.flush = true;
	log_info("tournament %d proposed by %s", id, j->s.address);
	return 0;
}

int tourney_on_mail(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct orders *o = &j->orders;
	const struct order *od = NULL;
	char why[256];
	bool others = false;

	if (o->nerr) {                  /* a mail is all or nothing */
		j->result = "refused";
		for (size_t i = 0; i < o->nerr; i++)
			pipeline_refuse(j, o->err[i].lineno, o->err[i].text, o->err[i].reason);
		return 0;
	}
	for (size_t i = 0; i < o->n; i++) {
		if (tournament_order(o->o[i].kind) && !od)
			od = &o->o[i];
		else if (o->o[i].kind != ORDER_GAME || tournament_order(o->o[i].kind))
			others = true;
	}
	if (others && od->kind != ORDER_TOURNAMENT_NEW)
		return refused(j, od, N_("a tournament's order goes in a mail of its own, one order "
					 "a mail"));
	if (od->kind == ORDER_TOURNAMENT_NEW)
		return proposal(j, od, e);
	int rc = store_tournament_load(&pl->st, od->number, &j->t, e);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		phrase_printf(why, sizeof why, "there is no tournament %d here", od->number);
		return refused(j, od, why);
	}
	if (od->kind == ORDER_STANDINGS) {
		j->result = "answered";
		return outcome_reply(&j->out, REPLY_STANDINGS, -1, j->s.address) < 0 ?
		       err_set(e, "out of memory") : 0;
	}
	return act(j, od, e);
}
