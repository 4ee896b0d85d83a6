/* observe.c: see observe.h. */
#include "game/observe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The `private` a challenge may ask for (issue 26): observers read it here only. */
bool game_private(const struct game *g)
{
	return g->private_;
}

int game_observer_of(const struct game *g, const char *address)
{
	for (size_t i = 0; i < g->nobservers; i++)
		if (!strcasecmp(g->observers[i], address))
			return (int)i;
	return -1;
}

int game_observer_add(struct game *g, const char *address)
{
	if (g->nobservers >= OBSERVERS_MAX || strlen(address) >= ADDR_MAX)
		return -1;
	char (*o)[ADDR_MAX] = realloc(g->observers, (g->nobservers + 1) * sizeof *o);
	if (!o)
		return -1;
	g->observers = o;
	snprintf(o[g->nobservers++], ADDR_MAX, "%s", address);
	return 0;
}

bool game_observer_drop(struct game *g, const char *address)
{
	int i = game_observer_of(g, address);

	if (i < 0)
		return false;
	memmove(g->observers[i], g->observers[i + 1],
		(g->nobservers - (size_t)i - 1) * sizeof *g->observers);
	g->nobservers--;
	return true;
}

bool observe_asked(const struct orders *o, int *id)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind == ORDER_OBSERVE || o->o[i].kind == ORDER_UNOBSERVE) {
			*id = o->o[i].number;
			return true;
		}
	return false;
}

/* A line refused, in the one refusal mail to the sender. */
static int refuse(struct outcome *out, const struct sender *s, int lineno, const char *text,
		  const char *why)
{
	if (outcome_error(out, lineno, text, "%s", why) < 0)
		return -1;
	for (size_t i = 0; i < out->nreplies; i++)
		if (out->replies[i].kind == REPLY_REFUSED)
			return 0;
	return outcome_reply(out, REPLY_REFUSED, -1, s->address);
}

static int answer(struct outcome *out, const struct sender *s, const char *note)
{
	if (outcome_reply(out, REPLY_OBSERVED, -1, s->address) < 0)
		return -1;
	phrase_fit(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note, note);
	return 0;
}

/* The one observe or unobserve order of a mail that holds nothing else (but `game N` for
 * the same game), or NULL with the refusals in out. */
static const struct order *the_order(const struct game *g, const struct sender *s,
				     const struct orders *o, struct outcome *out)
{
	const struct order *ask = NULL;
	int rc = 0;

	for (size_t i = 0; i < o->nerr && rc == 0; i++)
		rc = refuse(out, s, o->err[i].lineno, o->err[i].text, o->err[i].reason);
	for (size_t i = 0; i < o->n && rc == 0; i++) {
		const struct order *od = &o->o[i];
		if ((od->kind == ORDER_OBSERVE || od->kind == ORDER_UNOBSERVE) && !ask &&
		    od->number == g->id)
			ask = od;
		else if (od->kind != ORDER_GAME || od->number != g->id)
			rc = refuse(out, s, od->lineno, od->text, "observe and unobserve go in a "
				    "mail of their own, for one game: nothing of this mail was done");
	}
	return rc == 0 && !out->nerrors ? ask : NULL;
}

static int observe(struct game *g, const struct sender *s, const struct order *od,
		   struct outcome *out)
{
	char why[256];

	if (game_private(g))
		phrase_printf(why, sizeof why, "game %d is private: its players asked that only they "
			 "get its mails", g->id);
	else if (g->status == GAME_OVER || g->status == GAME_DECLINED)
		phrase_printf(why, sizeof why, "game %d is over: there is nothing more to follow", g->id);
	else if (game_observer_of(g, s->address) >= 0)
		return answer(out, s, N_("You already observe this game: nothing was changed."));
	else if (g->nobservers >= OBSERVERS_MAX)
		phrase_printf(why, sizeof why, "game %d has as many observers as a game may have (%d)",
			 g->id, OBSERVERS_MAX);
	else {
		if (game_observer_add(g, s->address) < 0)
			return -1;
		out->changed = true;
		return answer(out, s, N_("You now observe this game: after each move I send you "
				 "the board as anyone may see it, until the game ends."));
	}
	return refuse(out, s, od->lineno, od->text, why);
}

int game_observe(struct game *g, const struct sender *s, const struct orders *o,
		 struct outcome *out)
{
	char why[128];

	out->auth = -1;
	out->auth_how = "none";
	const struct order *od = the_order(g, s, o, out);
	if (!od)
		return out->nerrors ? 0 : -1;
	if (game_seat_of(g, s->address) >= 0) {
		phrase_printf(why, sizeof why, "you play in game %d: its mails come to you already",
			 g->id);
		return refuse(out, s, od->lineno, od->text, why);
	}
	if (od->kind == ORDER_OBSERVE)
		return observe(g, s, od, out);
	if (!game_observer_drop(g, s->address)) {
		phrase_printf(why, sizeof why, "you do not observe game %d", g->id);
		return refuse(out, s, od->lineno, od->text, why);
	}
	out->changed = true;
	return answer(out, s, N_("You no longer observe this game: I will send you nothing "
				 "more about it."));
}

int game_observers_tell(const struct game *g, struct outcome *out)
{
	unsigned sides = 0;

	if (!out->changed || !g->nobservers || game_private(g))
		return 0;
	/* only what both sides hear of: a team's vote, a card's private step, stay theirs */
	for (size_t i = 0; i < out->nreplies; i++) {
		const struct reply *r = &out->replies[i];
		bool public = r->kind == REPLY_STARTED || r->kind == REPLY_DEALT ||
			      r->kind == REPLY_MOVED || r->kind == REPLY_OVER ||
			      r->kind == REPLY_DECLINED;
		if (public && r->to >= 0 && r->to < g->nseats)
			sides |= 1u << (g->seat[r->to].side & 1);
	}
	if (sides != 3)
		return 0;
	for (size_t i = 0; i < g->nobservers; i++)
		if (outcome_reply(out, REPLY_OBSERVED, -1, g->observers[i]) < 0)
			return -1;
	return 0;
}

int game_observer_action(struct game *g, const char *action, struct outcome *out)
{
	if (strncmp(action, "unobserve ", 10) || !game_observer_drop(g, action + 10))
		return 0;
	out->changed = true;
	return 1;
}
