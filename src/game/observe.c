/* observe.c: see observe.h. */
#include "game/observe.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/crypto.h"

#define CONFIRM_DAYS_DEFAULT 7  /* without the referee's policy (a test) */

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

bool unobserve_all_asked(const struct orders *o)
{
	int id;

	return observe_asked(o, &id) && id == 0;
}

/* ---- consent ---- */

void consent_token(const uint8_t *key, size_t klen, enum consent_role role, int id,
		   const char *address, long long day, char out[TOKEN_LEN + 1])
{
	char data[ADDR_MAX + 64], lower[ADDR_MAX];
	uint8_t mac[CRYPTO_HASH_LEN];
	size_t n = 0;

	for (; address[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)tolower((unsigned char)address[n]);
	lower[n] = 0;
	int len = snprintf(data, sizeof data, "consent %s %d %s %lld",
			   role == CONSENT_ARBITER ? "arbiter" : "observe", id, lower, day);
	crypto_hmac(key, klen, data, (size_t)len, mac);
	crypto_base32(mac, sizeof mac, out, TOKEN_LEN);
}

static int confirm_days(const struct game *g)
{
	return g->policy && g->policy->confirm_days > 0 ? g->policy->confirm_days :
	       CONFIRM_DAYS_DEFAULT;
}

bool consent_proved(const uint8_t *key, size_t klen, enum consent_role role,
		    const struct game *g, const struct sender *s)
{
	long long today = s->now / 86400;
	char want[TOKEN_LEN + 1];

	if (strlen(s->tag_token) != TOKEN_LEN)
		return false;
	for (long long day = today; day > today - confirm_days(g); day--) {
		consent_token(key, klen, role, g->id, s->address, day, want);
		if (crypto_equal(want, s->tag_token, TOKEN_LEN))
			return true;
	}
	return false;
}

/* A confirmation asked of address: the mail it must answer from there, with the token of
 * today in its subject (the pipeline writes it), to go at most once a day. */
static int ask_consent(struct outcome *out, const char *address, bool arbiter)
{
	if (outcome_reply(out, REPLY_CONFIRM, -1, address) < 0)
		return -1;
	out->replies[out->nreplies - 1].arbiter = arbiter;
	return 0;
}

/* ---- observe, unobserve ---- */

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
			rc = refuse(out, s, od->lineno, od->text, N_("observe and unobserve go in a "
				    "mail of their own, for one game: nothing of this mail was done"));
	}
	return rc == 0 && !out->nerrors ? ask : NULL;
}

/* `observe N`: without a confirmation, the mail that asks for one; with it (the token of
 * the confirmation mail in the subject, from the address it went to), the observer. */
static int observe(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		   const struct order *od, struct outcome *out)
{
	char why[256];

	if (game_private(g))
		phrase_printf(why, sizeof why, "game %d is private: its players asked that only they "
			 "get its mails", g->id);
	else if (g->status == GAME_OVER || g->status == GAME_DECLINED)
		phrase_printf(why, sizeof why, "game %d is over: there is nothing more to follow", g->id);
	else if (game_observer_of(g, s->address) >= 0)
		return answer(out, s, N_("You already observe this game: nothing was changed."));
	else if (!consent_proved(key, klen, CONSENT_OBSERVER, g, s))
		return ask_consent(out, s->address, false);
	else if (g->nobservers >= OBSERVERS_MAX)
		phrase_printf(why, sizeof why, "game %d has as many observers as a game may have (%d)",
			 g->id, OBSERVERS_MAX);
	else {
		if (game_observer_add(g, s->address) < 0)
			return -1;
		out->changed = true;
		out->auth_how = "consent";
		return answer(out, s, N_("You now observe this game: after each move I send you "
			      "the board as anyone may see it, until the game ends."));
	}
	return refuse(out, s, od->lineno, od->text, why);
}

int game_observe(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		 const struct orders *o, struct outcome *out)
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
		return observe(g, key, klen, s, od, out);
	char action[ADDR_MAX + 16];
	snprintf(action, sizeof action, "unobserve %s", s->address);
	if (game_observer_action(g, action, out) == 0) {
		phrase_printf(why, sizeof why, "you do not observe game %d", g->id);
		return refuse(out, s, od->lineno, od->text, why);
	}
	out->changed = true;
	return answer(out, s, N_("You no longer observe this game: I will send you nothing more "
		      "about it."));
}

/* The arbiter the challenge named is asked, once, when the game begins: until it
 * confirms from its address, it is mailed nothing. */
static int ask_arbiter(const struct game *g, struct outcome *out)
{
	for (size_t i = 0; i < out->nreplies; i++)
		if (out->replies[i].kind == REPLY_STARTED && out->replies[i].to == 0)
			return g->arbiter[0] && g->arbiter_unconfirmed &&
			       game_seat_of(g, g->arbiter) < 0 ? ask_consent(out, g->arbiter, true) : 0;
	return 0;
}

int game_observers_tell(const struct game *g, struct outcome *out)
{
	unsigned sides = 0;

	if (out->changed && ask_arbiter(g, out) < 0)
		return -1;
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
	if (strncmp(action, "unobserve ", 10))
		return 0;
	const char *address = action + 10;
	bool arbiter = g->arbiter[0] && !g->arbiter_unconfirmed && !strcasecmp(g->arbiter, address);
	if (!game_observer_drop(g, address) && !arbiter)
		return 0;
	if (arbiter)
		g->arbiter_unconfirmed = true;  /* it asked to hear no more: consent withdrawn */
	out->changed = true;
	return 1;
}

bool game_observed_by(const struct game *g, const char *address)
{
	return game_observer_of(g, address) >= 0 ||
	       (g->arbiter[0] && !g->arbiter_unconfirmed && !strcasecmp(g->arbiter, address));
}

/* ---- the arbiter's consent ---- */

bool game_arbiter_mailed(const struct game *g)
{
	return g->arbiter[0] && !g->arbiter_unconfirmed;
}

bool arbiter_asked(const struct game *g, const struct sender *s, const struct orders *o)
{
	bool accept = false;

	if (!g->arbiter[0] || !g->arbiter_unconfirmed || strcasecmp(g->arbiter, s->address) ||
	    game_seat_of(g, s->address) >= 0 || o->nerr)
		return false;
	for (size_t i = 0; i < o->n; i++) {
		if (o->o[i].kind == ORDER_ACCEPT)
			accept = true;
		else if (o->o[i].kind != ORDER_GAME || o->o[i].number != g->id)
			return false;
	}
	return accept;
}

int game_arbiter_accept(struct game *g, const uint8_t *key, size_t klen,
			const struct sender *s, struct outcome *out)
{
	out->auth = -1;
	out->auth_how = "none";
	if (!consent_proved(key, klen, CONSENT_ARBITER, g, s)) {
		if (g->status != GAME_PLAYING)
			return 0;       /* nothing to be told of any more: no answer */
		return ask_consent(out, s->address, true);
	}
	g->arbiter_unconfirmed = false;
	out->changed = true;
	out->auth_how = "consent";
	if (outcome_reply(out, REPLY_NOTICE, -1, s->address) < 0)
		return -1;
	phrase_printf(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note,
		 "You are the arbiter of game %d: I will tell you of its losses on time and of "
		    "the game master's decisions. Write \"unobserve %d\" to me to hear no more of "
		    "it.", g->id, g->id);
	return 0;
}
