/* view_clock.c: the clock's template variables: each reader's time left and the next
 * deadline, written in the reader's time zone, and the reminder mail's list of games. */
#include <stdio.h>
#include <string.h>

#include "game/kind.h"
#include "render/view_clock.h"
#include "util/clock.h"

/* What the player expected now owes by their deadline, in a few words, as a word of
 * context ctx: "owed by you" (after "your", or in the reminder's list) or "owed by
 * another" (after another seat's name), so that each language gives the noun the article,
 * possessive and case its sentence needs ("votre coup", "le coup des Noirs"; "Ihren Zug",
 * "den Zug von Schwarz"): the nouns are listed in templates/po/data_pot.py. */
static const char *owed(const struct game *g, const char *ctx, char *buf, size_t len)
{
	const char *what = kind_of(g)->owes ? kind_of(g)->owes(g) : NULL;

	return phrase_word(buf, len, ctx, what ? what : "move");
}


long long view_due(const struct game *g, int c)
{
	return chessclock_due(g, c);    /* the clock decides; the view only shows it */
}

void view_clock(const struct game *g, int reader, struct tctx *c, const struct view_extra *x)
{
	const struct chessclock *cl = &g->clock;
	const char *tz = x->timezone && *x->timezone ? x->timezone : "UTC";
	bool player = reader >= 0 && reader < g->nseats;
	char buf[CLOCK_LOCAL_MAX];

	if (g->arbiter[0])
		tctx_set(c, "arbiter", "%s", g->arbiter);
	if (cl->tc.kind == TC_NONE)
		return;
	chessclock_describe(&cl->tc, buf, sizeof buf);
	tctx_set(c, "time_control", "%s", buf);
	tctx_set(c, "timezone", "%s", tz);
	if (g->status == GAME_INVITED && x->challenge_days > 0 && g->created[0]) {
		clock_local(clock_parse(g->created) + x->challenge_days * DAY, tz, buf, sizeof buf);
		tctx_set(c, "challenge_lapses", "%s", buf);
	}
	if (g->status != GAME_PLAYING)
		return;
	tctx_set(c, "clock", "yes");
	for (int s = 0; s < g->nseats; s++) {
		clock_duration(chessclock_left(cl, s, x->now, g->vac[s]), buf, sizeof buf);
		if (s == reader)
			tctx_set(c, "your_time", "%s", buf);
		else if (player && g->seat[s].side != g->seat[reader].side &&
			 g->seat[s].board == g->seat[reader].board)
			tctx_set(c, "opponent_time", "%s", buf);
		if (s < 2)
			tctx_set(c, s == WHITE ? "white_time" : "black_time", "%s", buf);
	}
	/* the deadline that matters to the reader: their own if their clock runs, else their
	 * board's (a boardman's opponent's, not another board's), else the first running one */
	int who = player && (cl->running >> reader & 1) ? reader : -1;
	int board = player ? g->seat[reader].board : -1;
	for (int s = 0; who < 0 && board >= 0 && s < g->nseats; s++)
		if ((cl->running >> s & 1) && g->seat[s].board == board)
			who = s;
	for (int s = 0; who < 0 && (board < 0 || g->nboards == 1) && s < g->nseats; s++)
		if (cl->running >> s & 1)
			who = s;
	if (who < 0)
		return;
	bool mine = who == reader;
	clock_local(view_due(g, who), tz, buf, sizeof buf);
	tctx_set(c, "deadline", "%s", buf);
	char name[160], what[96];
	if (mine)
		tctx_phrase(c, "deadline_for", "your %s", owed(g, "owed by you", what, sizeof what));
	else
		tctx_phrase(c, "deadline_for", "%s's %s", seat_name(g, who, name, sizeof name),
			    owed(g, "owed by another", what, sizeof what));
	long long window = chessclock_deadline(cl, who, g->vac[who]);
	clock_local(window, tz, buf, sizeof buf);
	char note[256];
	if (kind_of(g)->window_text &&
	    kind_of(g)->window_text(g, mine ? NULL : game_side_name(g, g->seat[who].side), buf,
				    note, sizeof note))
		tctx_set(c, "window_note", "%s", note);
	for (int i = 0; g->vac[who] && i < g->vac[who]->n; i++) {
		const struct vacation *v = &g->vac[who]->v[i];
		if (v->start <= x->now && x->now < v->end) {
			clock_local(v->end, tz, buf, sizeof buf);
			if (mine)
				tctx_phrase(c, "vacation", "You are on vacation until %s", buf);
			else
				tctx_phrase(c, "vacation", "%s is on vacation until %s",
					    game_side_name(g, g->seat[who].side), buf);
		}
	}
}

struct tctx *view_reminder(const struct reminder_item *items, size_t n, const struct view_extra *x)
{
	struct tctx *c = tctx_new();
	const char *tz = x->timezone && *x->timezone ? x->timezone : "UTC";
	char buf[CLOCK_LOCAL_MAX];

	if (!c)
		return NULL;
	tctx_set(c, "referee", "%s", x->referee);
	tctx_set(c, "referee_name", "%s", x->referee_name);
	tctx_set(c, "timezone", "%s", tz);
	tctx_set(c, "count", "%zu", n);
	if (n == 1)
		tctx_set(c, "game", "%d", items[0].g->id);
	for (size_t i = 0; i < n; i++) {
		const struct game *g = items[i].g;
		struct tctx *it = tctx_item(c, "games");
		if (!it)
			break;
		tctx_set(it, "game", "%d", g->id);
		tctx_set(it, "variant", "%s", game_title(g, buf, sizeof buf));
		int me = items[i].colour, side = g->seat[me].side;
		int b = g->seat[me].board >= 0 ? g->seat[me].board : 0, them = game_mover(g, b, 1 - side);
		tctx_set(it, "opponent", "%s", them >= 0 ? g->seat[them].address : "");
		tctx_set(it, "you", "%s", game_side_name(g, side));
		tctx_set(it, "what", "%s", owed(g, "owed by you", buf, sizeof buf));
		clock_duration(items[i].deadline - x->now, buf, sizeof buf);
		tctx_set(it, "time_left", "%s", buf);
		clock_local(items[i].deadline, tz, buf, sizeof buf);
		tctx_set(it, "deadline", "%s", buf);
	}
	return c;
}
