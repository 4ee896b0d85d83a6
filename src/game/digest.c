/* digest.c: see digest.h. */
#include "game/digest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool game_team(const struct game *g)
{
	return g->nboards > 1;
}

static unsigned expected_now(const struct game *g)
{
	enum clock_window w;

	return g->status == GAME_PLAYING ? game_expected(g, &w) : 0;
}

void game_digest_before(const struct game *g, struct digest_before *b)
{
	memset(b, 0, sizeof *b);
	for (int i = 0; i < g->nboards && i < BOARDS_MAX; i++)
		b->len[i] = g->board[i].nmoves;
	b->expected = expected_now(g);
	b->invited = g->status == GAME_INVITED;
}

/* Does an order of the mail name seat s: a message it reads, an address it elects or
 * assigns? */
static bool named(const struct game *g, int s, int actor, const struct orders *o)
{
	char buf[256];

	if (!o)
		return false;
	if (actor >= 0 && *game_message_note(g, actor, s, o, buf, sizeof buf))
		return true;
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind != ORDER_MESSAGE && strcasestr(o->o[i].arg, g->seat[s].address))
			return true;
	return false;
}

/* Does reply r concern its reader at once? */
static bool concerns(const struct game *g, const struct digest_before *b, unsigned now,
		     int actor, const struct orders *o, const struct reply *r)
{
	int s = r->to, bd = g->seat[s].board;

	if (r->kind != REPLY_MOVED && r->kind != REPLY_NOTICE)
		return true;            /* the start, the end, a refusal, an answer ... */
	if (s == actor || (g->mail_each >> s & 1))
		return true;
	if ((now & ~b->expected) >> s & 1)
		return true;            /* their turn has come */
	if (bd >= 0 && bd < g->nboards && g->board[bd].nmoves != b->len[bd])
		return true;            /* their own board changed: a move, a transfer, a rule */
	return named(g, s, actor, o);
}

/* The line a reply leaves in the digest: the move and who made it, or its note. */
static void item_text(const struct game *g, const struct reply *r, char *out, size_t len)
{
	const struct game_event *ev = g->nevents ? &g->events[g->nevents - 1] : NULL;
	char san[SAN_MAX] = "", who[96];
	int b = 0;
	size_t at = 0;

	out[0] = 0;
	if (ev && !strcmp(ev->kind, "move") && ev->by >= 0 && ev->by < g->nseats &&
	    sscanf(ev->detail, "%d:%15s", &b, san) == 2 && b >= 1 && b <= g->nboards) {
		int side = g->seat[ev->by].side;
		unsigned n = g->board[b - 1].pos ? g->board[b - 1].pos->fullmove : 1;
		at = (size_t)snprintf(out, len, "board %d: %u.%s %s, by %s (%s)", b,
				      side == BLACK && n > 1 ? n - 1 : n, side == BLACK ? ".." : "",
				      san, seat_name(g, ev->by, who, sizeof who),
				      g->seat[ev->by].address);
	}
	if (r->note[0] && at < len)
		snprintf(out + at, len - at, "%s%s", at ? "; " : "", r->note);
	else if (!at)
		snprintf(out, len, "%s", ev ? ev->kind : "a change of the game");
	for (char *p = out; *p; p++)
		if (*p == '\n')
			*p = ' ';
	if (strlen(out) == len - 1)
		memcpy(out + len - 4, "...", 4);
}

/* Keeps text for seat s: 1, or 0 when the game holds as many items as it may. */
static int add_item(struct game *g, int s, const char *text)
{
	for (size_t i = g->ndigest; i-- > 0;)
		if (!strcmp(g->digest[i].text, text)) {
			g->digest[i].seats |= 1ull << s;
			return 1;
		}
	if (g->ndigest >= DIGEST_MAX)
		return 0;
	struct digest_item *d = realloc(g->digest, (g->ndigest + 1) * sizeof *d);
	if (!d)
		return -1;
	g->digest = d;
	d += g->ndigest++;
	d->seats = 1ull << s;
	snprintf(d->text, sizeof d->text, "%s", text);
	return 1;
}

int game_digest_defer(struct game *g, const struct digest_before *b, int actor,
		      const struct orders *o, struct outcome *out)
{
	unsigned now = expected_now(g);
	size_t kept = 0;
	int deferred = 0;

	if (!game_team(g) || !out->changed)
		return 0;
	/* play has begun: the start mail, which every member gets at once, names the teams,
	 * so who accepted before it is news to nobody. The items stay, for nobody, so that
	 * the run's digest action is the same record it was (a log replays as it did). */
	for (size_t i = 0; b->invited && g->status != GAME_INVITED && i < g->ndigest; i++)
		g->digest[i].seats = 0;
	for (size_t i = 0; i < out->nreplies; i++) {
		const struct reply *r = &out->replies[i];
		char text[DIGEST_TEXT];
		int rc = 0;
		if (r->to >= 0 && r->to < g->nseats && !concerns(g, b, now, actor, o, r)) {
			item_text(g, r, text, sizeof text);
			if ((rc = add_item(g, r->to, text)) < 0)
				return -1;
		}
		if (rc == 0 && kept != i)
			out->replies[kept] = *r;
		kept += rc == 0;
		deferred += rc;
	}
	out->nreplies = kept;
	return deferred;
}

/* Seat s's digest into note: each item for it, as many as fit. */
static void digest_note(const struct game *g, int s, char *note, size_t len)
{
	size_t at = (size_t)snprintf(note, len, "Elsewhere in the game since my last mails:"), more = 0;

	for (size_t i = 0; i < g->ndigest; i++) {
		if (!(g->digest[i].seats >> s & 1))
			continue;
		if (at + strlen(g->digest[i].text) + 80 < len)
			at += (size_t)snprintf(note + at, len - at, "\n- %s", g->digest[i].text);
		else
			more++;
	}
	if (more)
		snprintf(note + at, len - at, "\n- ... and %zu more: \"history\" shows the moves.", more);
}

int game_digest_action(struct game *g, struct outcome *out)
{
	if (!g->ndigest)
		return 0;
	for (int s = 0; s < g->nseats; s++) {
		bool any = false;
		for (size_t i = 0; i < g->ndigest && !any; i++)
			any = g->digest[i].seats >> s & 1;
		if (!any)
			continue;
		if (outcome_reply(out, REPLY_NOTICE, s, NULL) < 0)
			return -1;
		digest_note(g, s, out->replies[out->nreplies - 1].note, sizeof out->replies[0].note);
	}
	free(g->digest);
	g->digest = NULL;
	g->ndigest = 0;
	out->changed = true;
	return 1;
}

int game_mail_mode(struct game *g, int me, const char *mode, char *why, size_t len)
{
	if (!game_team(g)) {
		snprintf(why, len, "every mail of this game comes at once: digests are for team "
			 "games");
		return -1;
	}
	if (!strcasecmp(mode, "each"))
		g->mail_each |= 1ull << me;
	else
		g->mail_each &= ~(1ull << me);
	return 0;
}
