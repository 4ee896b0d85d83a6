/* treplay.c: `tempest replay` of a tournament's log (DATA/tournaments/T.mbox): every
 * action applied again, as the log records it, to a tournament made afresh, and the state
 * hash after each compared with the one recorded; each rating change of a game its own
 * period computed again from the ratings before it that the record gives, and compared.
 * The tournament and the ratings it made are written into the new data directory, where
 * `tempest tournament show` and `tempest ratings` read them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/mbox.h"
#include "mail/msg.h"
#include "pipeline/pipeline.h"
#include "pipeline/replay.h"
#include "pipeline/tourney.h"
#include "store/store.h"
#include "store/tournament_json.h"
#include "util/clock.h"

struct treplay {
	struct tournament *t;
	struct tn_ratings r;
	struct replay_check *rc;
	char error[1024];
	bool failed;
};

/* "name=value" in the record "a=1; b=2". */
static bool field(const char *rec, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name);

	for (const char *p = rec; (p = strstr(p, name)); p += nl)
		if ((p == rec || p[-1] == ' ' || p[-1] == ';') && p[nl] == '=') {
			snprintf(out, len, "%.*s", (int)strcspn(p + nl + 1, ";"), p + nl + 1);
			return true;
		}
	return false;
}

static int fail(struct treplay *rp, const char *fmt, const char *a, const char *b)
{
	snprintf(rp->error, sizeof rp->error, fmt, a, b);
	rp->failed = true;
	return 1;
}

/* "rating ADDRESS R RD V -> R RD V": the change of one player at a result. */
static int rating_line(struct treplay *rp, const char *line, struct tn_game *g)
{
	char addr[TN_ADDR_MAX];
	struct glicko b, a;

	if (sscanf(line, "rating %255s %lf %lf %lf -> %lf %lf %lf", addr, &b.rating, &b.rd,
		   &b.volatility, &a.rating, &a.rd, &a.volatility) != 7)
		return fail(rp, "'%s': not a rating's change%s", line, "");
	int c = !strcasecmp(rp->t->players[g->white].address, addr) ? 0 :
		!strcasecmp(rp->t->players[g->black].address, addr) ? 1 : -1;
	if (c < 0)
		return fail(rp, "'%s': not a player of the game%s", line, "");
	g->before[c] = b;
	g->after[c] = a;
	return 0;
}

/* Each game its own period: White's and Black's ratings after, from theirs before. */
static int check_ratings(struct treplay *rp, const struct tn_game *g)
{
	double score = !strcmp(g->result, "1-0") ? 1 : !strcmp(g->result, "0-1") ? 0 : 0.5;

	for (int c = 0; c < 2 && !rp->r.period_days; c++) {
		struct glicko_game opp = { g->before[1 - c].rating, g->before[1 - c].rd,
					   c ? 1 - score : score };
		struct glicko after;
		glicko2_rate(&g->before[c], &opp, 1, GLICKO_TAU, &after);
		if (after.rating != g->after[c].rating || after.rd != g->after[c].rd ||
		    after.volatility != g->after[c].volatility)
			return fail(rp, "the rating of %s after game %s is not the one recorded",
				    rp->t->players[c ? g->black : g->white].address, "");
	}
	return 0;
}

static int result_action(struct treplay *rp, const char *text)
{
	char result[8], rest[64] = "";
	int game;
	struct tournament *t = rp->t;

	if (sscanf(text, "result %d %7s%63[^\n]", &game, result, rest) < 2)
		return fail(rp, "'%s': not a result%s", text, "");
	if (tn_result(t, game, result, strstr(rest, "forfeit") != NULL,
		      t->terms.rated && !strstr(rest, "unrated")))
		return fail(rp, "'%s': no such game undecided%s", text, "");
	struct tn_game *g = &t->games[tn_game_of(t, game)];
	for (const char *l = strchr(text, '\n'); g->rated && l; l = strchr(l + 1, '\n'))
		if (!strncmp(l + 1, "rating ", 7) && rating_line(rp, l + 1, g))
			return 1;
	if (!g->rated || check_ratings(rp, g))
		return rp->failed;
	char key[TN_RATED_KEY];
	snprintf(key, sizeof key, "%d/%d", t->id, game);
	for (int c = 0; c < 2; c++)
		tn_ratings_set(&rp->r, t->terms.variant, t->players[c ? g->black : g->white].address,
			       &g->before[c], &g->after[c], key);
	return 0;
}

/* "close" and the draw it made: each entrant's section and number. */
static int close_action(struct treplay *rp, const char *text)
{
	for (const char *l = strchr(text, '\n'); l && l[1]; l = strchr(l + 1, '\n')) {
		char addr[TN_ADDR_MAX];
		int s, n;
		if (sscanf(l + 1, "player %255s section %d number %d", addr, &s, &n) != 3)
			return fail(rp, "'%.60s': not an entrant's draw%s", l + 1, "");
		long p = tn_player_of(rp->t, addr);
		if (p < 0)
			return fail(rp, "%s: not an entrant%s", addr, "");
		rp->t->players[p].section = s;
		rp->t->players[p].number = n;
	}
	return tn_close_drawn(rp->t) < 0 ? fail(rp, "the entry cannot close%s%s", "", "") : 0;
}

static int create_action(struct treplay *rp, const char *text, int id, const char *at)
{
	char why[512], proposer[TN_ADDR_MAX] = "";
	int previous = 0;

	if (rp->t)
		return fail(rp, "a second creation%s%s", "", "");
	if (!(rp->t = tn_new()))
		return fail(rp, "out of memory%s%s", "", "");
	sscanf(text, "create previous %d proposer %255s", &previous, proposer);
	rp->t->id = id;
	rp->t->status = TN_OPEN;
	rp->t->previous = previous;
	snprintf(rp->t->created, sizeof rp->t->created, "%s", at);
	const char *terms = strchr(text, '\n');
	if (tourney_read_terms(rp->t, terms ? terms + 1 : "", why, sizeof why))
		return fail(rp, "its terms: %s%s", why, "");
	if (proposer[0]) {
		rp->t->status = TN_PROPOSED;
		snprintf(rp->t->proposer, sizeof rp->t->proposer, "%s", proposer);
	}
	return 0;
}

/* One action as its record has it. */
static int apply(struct treplay *rp, const char *text, int id, const char *at)
{
	char verb[16] = "", addr[TN_ADDR_MAX] = "", why[512];
	struct tournament *t = rp->t;
	int n = 0;

	sscanf(text, "%15s %255s %n", verb, addr, &n);
	if (!strcmp(verb, "create"))
		return create_action(rp, text, id, at);
	if (!t)
		return fail(rp, "'%s' before the tournament's creation%s", verb, "");
	if (!strcmp(verb, "join") && tn_join(t, addr, n ? text + n : "", at, why, sizeof why) < 0)
		return fail(rp, "%s: %s", text, why);
	if (!strcmp(verb, "withdraw") && tn_withdraw(t, addr, at, why, sizeof why) < 0)
		return fail(rp, "%s: %s", text, why);
	if (!strcmp(verb, "open"))
		t->status = TN_OPEN;
	if (!strcmp(verb, "close"))
		return close_action(rp, text);
	if (!strcmp(verb, "next"))
		t->next = atoi(addr);
	if (!strcmp(verb, "result"))
		return result_action(rp, text);
	for (const char *l = text; !strcmp(verb, "start") && l && *l; l = strchr(l, '\n')) {
		size_t i;
		int game;
		l += *l == '\n';
		if (!*l)
			break;
		if (sscanf(l, "start %zu %d", &i, &game) != 2 || i >= t->ngames)
			return fail(rp, "'%.60s': not a game started%s", l, "");
		tn_started(t, i, game);
	}
	return 0;
}

static int each(const char *raw, size_t len, long offset, void *arg)
{
	struct treplay *rp = arg;
	char rec[512], key[TN_KEY_MAX], want[TN_HASH_HEX + 8] = "", got[TN_HASH_HEX], id[16], at[32];
	struct msg *m;
	struct err e;

	(void)offset;
	if (replay_is_outgoing(raw, len))
		return 0;
	if (!replay_header(raw, len, "X-Tempest-Tournament", rec, sizeof rec) ||
	    !replay_header(raw, len, "X-Tempest-Key", key, sizeof key))
		return fail(rp, "a record of the log has no X-Tempest-Tournament or X-Tempest-Key%s%s",
			    "", "");
	if (msg_parse(raw, len, &m, &e) < 0)
		return fail(rp, "a record cannot be read: %s%s", e.msg, "");
	field(rec, "tournament", id, sizeof id);
	field(rec, "after", want, sizeof want);
	long long when = field(rec, "at", at, sizeof at) ? atoll(at) : 0;
	clock_iso(when, at);
	clock_set(when);
	rp->rc->mails++;
	int rc = apply(rp, m->text, atoi(id), at);
	msg_free(m);
	if (rc)
		return 1;
	rp->t->actions++;
	if (!tn_has_key(rp->t, key))
		tn_add_key(rp->t, key);
	snprintf(rp->t->updated, sizeof rp->t->updated, "%s", at);
	tn_hash(rp->t, got);
	if (strcmp(got, want)) {
		snprintf(rp->rc->difference, sizeof rp->rc->difference, "action %d (%s) of "
			 "tournament %s: the log records state %s, the replay gives %s",
			 rp->rc->mails, key, id, want, got);
		rp->rc->differed = true;
		return 1;
	}
	rp->rc->matched++;
	return 0;
}

bool pipeline_log_is_tournament(const char *path)
{
	char head[8193];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;

	if (f)
		fclose(f);
	head[n] = 0;
	return strstr(head, "\nX-Tempest-Tournament: ") != NULL;
}

int pipeline_replay_tournament(const struct config *cfg, const char *log,
			       struct replay_check *rc, char *why, size_t wlen, struct err *e)
{
	struct treplay rp = { .rc = rc };
	struct store st;

	rp.r.period_days = cfg->rating_period_days;
	int r = mbox_read(log, each, &rp, e);
	clock_set(-1);
	if (r < 0 || rp.failed || rc->differed) {
		snprintf(why, wlen, "%s", r < 0 ? e->msg : rp.failed ? rp.error : rc->difference);
		tn_free(rp.t);
		tn_ratings_free(&rp.r);
		return r < 0 ? -1 : 1;
	}
	r = 0;
	if (rp.t && store_open(&st, cfg->data_dir, STORE_CREATE, 0, "tempest replay", e) < 0)
		r = -1;
	else if (rp.t) {
		if (store_tournament_save(&st, rp.t, e) < 0 || store_ratings_save(&st, &rp.r, e) < 0)
			r = -1;
		store_close(&st);
	}
	tn_free(rp.t);
	tn_ratings_free(&rp.r);
	return r;
}
