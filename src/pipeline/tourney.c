/* tourney.c: a mail's tournament orders (tourney.h): an entry, a withdrawal, the
 * standings asked for, an arbiter's proposal and its opening; a tournament made from its
 * terms; a tournament's game set up from the action that starts it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/kind.h"
#include "kinds/registry.h"
#include "pipeline/tourney.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/log.h"

static bool tournament_order(int kind)
{
	return kind >= ORDER_JOIN_TOURNAMENT && kind <= ORDER_TOURNAMENT_NEW;
}

bool tourney_asked(const struct orders *o)
{
	for (size_t i = 0; i < o->n; i++)
		if (tournament_order(o->o[i].kind))
			return true;
	for (size_t i = 0; i < o->nerr; i++)
		if (tournament_order(o->err[i].kind))
			return true;
	return false;
}

/* ---- the games' terms ---- */

/* The lines of text (split in place) as order lines; their count. */
static size_t split_lines(char *text, struct order_line *lines, size_t max)
{
	size_t n = 0;

	for (char *l = text; l && *l && n < max;) {
		char *nl = strchr(l, '\n');
		if (nl)
			*nl = 0;
		if (*l)
			lines[n] = (struct order_line){ (int)n + 1, l }, n++;
		l = nl ? nl + 1 : NULL;
	}
	return n;
}

/* The games' terms read as a challenge's lines of variant v's kind into o: 0, or -1 with
 * why (a line that is no term of a tournament's games). */
static int terms_orders(const struct variant *v, const char *terms, struct orders *o,
			char *why, size_t wlen)
{
	char *copy = strdup(terms);
	struct order_line lines[64];
	size_t nwords, n = copy ? split_lines(copy, lines, 64) : 0;
	const struct order_word *words = kind_all_orders(&nwords);
	const struct kind *k = kind_find(v->protocol);
	struct err e;

	memset(o, 0, sizeof *o);
	if (!copy || order_parse(lines, n, words, nwords, o, &e) < 0 ||
	    (k && kind_orders(k, v->title, o) < 0)) {
		free(copy);
		return snprintf(why, wlen, "out of memory"), -1;
	}
	int rc = 0;
	if (o->nerr)
		rc = (snprintf(why, wlen, "'%s': %s", o->err[0].text, o->err[0].reason), -1);
	else if (o->nprose)
		rc = (phrase_printf(why, wlen, "'%s' is no term of a tournament or of its games",
			       o->prose[0].text), -1);
	for (size_t i = 0; rc == 0 && i < o->n; i++) {
		int kind = o->o[i].kind;
		if (kind != ORDER_TIME && kind != ORDER_PRIVATE && kind != ORDER_ARBITER &&
		    kind < ORDER_KIND_FIRST)
			rc = (phrase_printf(why, wlen, "'%s' is no term of a tournament's games",
				       o->o[i].text), -1);
	}
	free(copy);
	if (rc < 0)
		orders_free(o);
	return rc;
}

/* Can variant v's games be a tournament's on these terms? A trial game says. */
static int terms_valid(struct pipeline *pl, const struct variant *v, const char *terms,
		       char *why, size_t wlen, struct err *e)
{
	const struct kind *k = kind_find(v->protocol);
	const char *addr[2] = { "white@tempest.invalid", "black@tempest.invalid" };
	struct sender s = { .now = pipeline_now(pl) };
	struct outcome out = { 0 };
	struct orders o;
	int rc;

	if (!k || k->teams || v->boards > 1)
		return phrase_printf(why, wlen, "a tournament is of a game of two players: %s is "
					      "played by teams", v->title), 1;
	if (terms_orders(v, terms, &o, why, wlen) < 0)
		return 1;
	struct game *g = game_new();
	if (!g || !(g->k = k) || (v->cards[0] && !(g->cat = pipeline_catalogue(pl, v, e)))) {
		game_free(g);
		orders_free(&o);
		return g ? -1 : err_set(e, "out of memory");
	}
	rc = game_create_terms(g, 1, v, addr, 2, &o, pl->st.key, sizeof pl->st.key, &s, &out, e);
	if (rc < 0 && out.nerrors)
		rc = (snprintf(why, wlen, "%s", out.errors[0].reason), 1);
	outcome_free(&out);
	orders_free(&o);
	game_free(g);
	return rc;
}

/* ---- a tournament's game ---- */

int tourney_new_suffix(char (*words)[ADDR_MAX], int n, struct game_tournament *tn)
{
	memset(tn, 0, sizeof *tn);
	if (n < 1 + TOURNEY_SUFFIX || strcmp(words[n - 6], "tournament") ||
	    strcmp(words[n - 4], "round") || strcmp(words[n - 2], "section"))
		return 0;
	tn->id = atoi(words[n - 5]);
	tn->round = atoi(words[n - 3]);
	tn->section = atoi(words[n - 1]);
	return tn->id > 0 && tn->round > 0 && tn->section >= 0 ? TOURNEY_SUFFIX :
	       (memset(tn, 0, sizeof *tn), 0);
}

int tourney_game_create(struct job *j, const struct variant *v, const char *const *addr,
			int seats, int id, const struct game_tournament *tn, struct err *e)
{
	struct pipeline *pl = j->pl;
	struct game_tournament info = *tn;
	struct buf terms = { 0 };
	struct orders o;
	char why[512];
	const char *text = j->m && j->m->text ? j->m->text : j->action;

	/* after the first line: the event, the site, then the games' terms */
	for (const char *l = strchr(text, '\n'); l && *l;) {
		l++;
		size_t n = strcspn(l, "\n");
		if (!strncmp(l, "event ", 6))
			snprintf(info.event, sizeof info.event, "%.*s", (int)n - 6, l + 6);
		else if (!strncmp(l, "site ", 5))
			snprintf(info.site, sizeof info.site, "%.*s", (int)n - 5, l + 5);
		else if (n)
			buf_printf(&terms, "%s%.*s", terms.n ? "\n" : "", (int)n, l);
		l += n;
	}
	int rc = terms_orders(v, terms.s ? terms.s : "", &o, why, sizeof why);
	buf_free(&terms);
	if (rc < 0)
		return pipeline_refuse(j, 1, j->action, why);
	rc = game_create_terms(j->g, id, v, addr, seats, &o, pl->st.key, sizeof pl->st.key, &j->s,
			       &j->out, e);
	orders_free(&o);
	if (rc < 0)
		return j->out.nerrors ? 0 : -1;         /* refused: the reason is in out */
	j->g->tournament = info;
	pipeline_attach(pl, j->g, j->vac, NULL);
	j->game_is_new = true;
	j->result = "created";
	return 0;
}

/* ---- a tournament made ---- */

int tourney_read_terms(struct tournament *t, const char *terms, char *why, size_t wlen)
{
	char *copy = strdup(terms), addr[TN_PLAYERS_MAX][TN_ADDR_MAX], *save = NULL;
	int n = 0, rc = 0;

	if (!copy)
		return snprintf(why, wlen, "out of memory"), 1;
	for (char *l = strtok_r(copy, "\n", &save); l && rc == 0; l = strtok_r(NULL, "\n", &save)) {
		while (isspace((unsigned char)*l))
			l++;
		if (!*l)
			continue;
		if (!strncasecmp(l, "entrants", 8) && (!l[8] || isspace((unsigned char)l[8])))
			rc = tn_entrants_line(l, addr, TN_PLAYERS_MAX, &n) < 0 ?
			     (phrase_printf(why, wlen, "'%s': write entrants and their addresses", l), 1) : 0;
		else if (tn_terms_line(&t->terms, l, why, wlen) < 0)
			rc = 1;
	}
	free(copy);
	if (rc == 0 && tn_terms_check(&t->terms, why, wlen) < 0)
		rc = 1;
	for (int i = 0; rc == 0 && i < n; i++)
		if (tn_join(t, addr[i], "", t->created, why, wlen) < 0)
			rc = 1;
	if (rc == 0 && n && !t->terms.players)
		t->terms.players = n;   /* a list is the whole entry: it closes with it */
	return rc;
}

/* The successor's name: "NAME #2" after "NAME", "NAME #4" after "NAME #3"; none stays
 * none ("tempest tournament N" names it by its own number). */
static void next_name(char *name, size_t len)
{
	char *hash = strrchr(name, '#');
	size_t n = strlen(name);

	if (!*name)
		return;
	if (hash && hash > name && hash[-1] == ' ' && hash[1] &&
	    strspn(hash + 1, "0123456789") == strlen(hash + 1))
		snprintf(hash + 1, len - (size_t)(hash + 1 - name), "%d", atoi(hash + 1) + 1);
	else if (n + 3 < len)
		snprintf(name + n, len - n, " #2");
}

static int create(struct pipeline *pl, const char *terms, const char *proposer,
		  const char *key, int fixed, int previous, int *id, char *why, size_t wlen,
		  struct err *e)
{
	struct tournament *t = tn_new();
	struct job j = { 0 };
	char note[512];
	int rc;

	if (!t)
		return err_set(e, "out of memory");
	t->status = TN_OPEN;
	t->previous = previous;
	clock_iso(pipeline_now(pl), t->created);
	if (tourney_read_terms(t, terms, why, wlen)) {
		tn_free(t);
		return 1;
	}
	if (previous)
		next_name(t->terms.name, sizeof t->terms.name);
	const struct variant *v = pipeline_variant(pl, t->terms.variant);
	if (!v) {
		phrase_printf(why, wlen, "there is no variant '%s' here", t->terms.variant);
		tn_free(t);
		return 1;
	}
	if ((rc = terms_valid(pl, v, t->terms.games, why, wlen, e)) != 0 ||
	    (!fixed && store_tournament_next_id(&pl->st, 0, &fixed, e) < 0)) {
		tn_free(t);
		return rc > 0 ? 1 : -1;
	}
	t->id = fixed;
	if (proposer && *proposer) {
		t->status = TN_PROPOSED;
		snprintf(t->proposer, sizeof t->proposer, "%s", proposer);
	}
	char text[TN_TERMS_MAX + 64], body[TN_TERMS_MAX + 512];
	tn_terms_text(&t->terms, text, sizeof text);
	snprintf(body, sizeof body, "create previous %d%s%s\n%s", previous,
		 t->proposer[0] ? " proposer " : "", t->proposer, text);
	struct buf action = { 0 };
	buf_str(&action, body);
	for (size_t i = 0; i < t->nplayers; i++)
		buf_printf(&action, "\nentrants %s", t->players[i].address);
	if (action.failed) {
		buf_free(&action);
		tn_free(t);
		return err_set(e, "out of memory");
	}
	if (tourney_job(pl, &j, t, key, action.s, e) < 0) {
		buf_free(&action);
		job_free(&j);           /* t with it: the job owns it */
		return -1;
	}
	rc = 0;
	if (t->status == TN_PROPOSED) {
		phrase_printf(note, sizeof note, "Tournament %d is proposed on the terms below: "
			 "nothing is sent to anyone else until you open it. To open it for entries, "
			 "reply to this mail with a line of its own: open tournament %d", t->id, t->id);
		rc = tourney_tell(&j, REPLY_TOURNAMENT, proposer, note);
	} else if (t->terms.arbiter[0]) {
		phrase_printf(note, sizeof note, "Tournament %d is open: you are its arbiter, told "
			 "of every result.", t->id);
		rc = tourney_tell(&j, REPLY_TOURNAMENT, t->terms.arbiter, note);
	}
	rc = rc < 0 ? err_set(e, "out of memory") : tourney_commit(&j, action.s, e);
	*id = t->id;
	buf_free(&action);
	job_free(&j);
	return rc;
}

int tourney_create(struct pipeline *pl, const char *terms, const char *proposer,
		   const char *key, int *id, char *why, size_t wlen, struct err *e)
{
	return create(pl, terms, proposer, key, 0, 0, id, why, wlen, e);
}

int tourney_create_as(struct pipeline *pl, const char *terms, int id, int previous,
		      const char *key, int *made, char *why, size_t wlen, struct err *e)
{
	return create(pl, terms, NULL, key, id, previous, made, why, wlen, e);
}
