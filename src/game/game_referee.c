/* game_referee.c: the referee's own actions on a game (game.h, game_referee): what
 * `tempest tick` decides when time passes and what the game master orders with
 * `tempest adjust`. Each action is one line of text, which is also its record in the game
 * log, so that a replay applies it again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/status.h"
#include "game/apply.h"
#include "game/kind.h"
#include "game/observe.h"
#include "game/standing.h"
#include "util/clock.h"

static const char *side(const struct game *g, int c)
{
	return game_side_name(g, c);
}

/* The seat an action names: white or black (seats 0 and 1), or its number. */
static int seat_named(const struct game *g, const char *w)
{
	char *end;
	long n;

	if (!strcasecmp(w, "white") || !strcasecmp(w, "black"))
		return g->nseats == 2 ? (!strcasecmp(w, "white") ? WHITE : BLACK) : -1;
	n = strtol(w, &end, 10);
	return end != w && !*end && n >= 0 && n < g->nseats ? (int)n : -1;
}

/* A refusal of the action itself (for the game master's terminal): nothing changes. */
static int refuse(struct outcome *out, const char *action, const char *fmt, const char *arg)
{
	return outcome_error(out, 0, action, fmt, arg);
}

int game_tell(struct game *g, struct outcome *out, enum reply_kind kind, const char *note,
	      bool arbiter)
{
	for (int c = 0; c <= g->nseats; c++) {
		bool seat = c < g->nseats;
		/* an arbiter hears only once it confirmed from its address (observe.h) */
		if (!seat && (!arbiter || !game_arbiter_mailed(g)))
			break;
		if (outcome_reply(out, kind, seat ? c : -1, seat ? NULL : g->arbiter) < 0)
			return -1;
		phrase_fit(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note, note);
	}
	return 0;
}

int game_answer_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		    int seat, char *text, struct outcome *out, struct err *e)
{
	char note[sizeof out->replies[0].note];
	struct order_line lines[2];
	struct orders o;
	size_t n = 0;

	for (char *save, *p = strtok_r(text, "\n", &save); p && n < 2; p = strtok_r(NULL, "\n", &save)) {
		lines[n] = (struct order_line){ .lineno = (int)n + 1, .text = p };
		n++;
	}
	if (order_parse(lines, n, g->k->orders, g->k->norders, &o, e) < 0)
		return -1;
	order_resolve(&o, g->k->orders, g->k->norders);
	int rc = game_apply_for(g, key, klen, s, seat, &o, out, e);
	orders_free(&o);
	if (rc < 0)
		return -1;
	if (!out->changed)
		return 0;
	for (size_t i = 0; i < out->nreplies; i++) {
		char *nt = out->replies[i].note;
		phrase_printf(note, sizeof note, "%s's time to answer the interception has passed: "
			      "the referee accepts it for them.", side_name(seat));
		phrase_cat(note, sizeof note, " ", nt);
		phrase_fit(nt, sizeof out->replies[0].note, note);
	}
	return 1;
}

#define tell game_tell

/* "3 days", "12 hours", "90 minutes", or the short forms "3d", "1d12h". */
static long long duration(const char *s)
{
	char *unit;
	long long n = strtoll(s, &unit, 10);

	while (*unit == ' ')
		unit++;
	if (unit != s && n > 0 && n <= 100000 && *unit && !strchr(unit, ' ')) {
		if (!strncasecmp(unit, "day", 3))
			return n * DAY;
		if (!strncasecmp(unit, "hour", 4))
			return n * HOUR;
		if (!strncasecmp(unit, "minute", 6))
			return n * 60;
	}
	return clock_parse_duration(s);
}

/* The clock of c ran out; what that means depends on what c owed. */
static int timeout(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		   int c, const char *action, struct outcome *out, struct err *e)
{
	struct chessclock *cl = &g->clock;
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	long long due = chessclock_deadline(cl, c, g->vac[c]);
	char note[1024], when[CLOCK_LOCAL_MAX];

	if (g->status != GAME_PLAYING || !due)
		return refuse(out, action, "%s's clock is not running", side(g, c));
	if (due > s->now) {
		clock_local(due, "UTC", when, sizeof when);
		return refuse(out, action, "the deadline has not passed: it is %s", when);
	}
	bool window = chessclock_move_deadline(cl, c, g->vac[c]) > s->now;
	if (window && cl->window != WINDOW_NONE && kind_of(g)->window_passed) {
		int rc = kind_of(g)->window_passed(g, key, klen, s, c, out, e);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (!window && kind_of(g)->time_out && kind_of(g)->time_out(g, c, note, sizeof note)) {
		game_clock_update(g, c, CLOCK_CHARGE, s->now);
		return tell(g, out, REPLY_NOTICE, note, true);
	}
	int side_c = g->seat[c].side, b = g->seat[c].board;
	bool one_board = g->nboards > 1 && b >= 0;     /* a boardman loses the board only */
	const struct pos *p = g->board[b >= 0 ? b : 0].pos;
	bool bare = p && status_bare(p, 1 - side_c);
	const char *result = bare ? "1/2-1/2" : side_c == WHITE ? "0-1" : "1-0";
	const char *why = bare ? N_("time forfeit, but the opponent cannot mate") : N_("time forfeit");
	char who[160];
	if (one_board)
		apply_board_ends(&a, b, result, why);
	else
		apply_finish(&a, result, why);
	game_clock_update(g, -1, CLOCK_FREE, s->now);
	clock_local(due, "UTC", when, sizeof when);
	seat_name(g, c, who, sizeof who);
	if (bare)
		phrase_printf(note, sizeof note, "%s's time ran out on %s: the game is drawn, since "
			      "%s has only a king left and cannot mate.", who, when, side(g, 1 - side_c));
	else if (one_board)
		phrase_printf(note, sizeof note, "%s's time ran out on %s: they lose the board on "
			      "time.", who, when);
	else
		phrase_printf(note, sizeof note, "%s's time ran out on %s: they lose on time.", who,
			      when);
	if (one_board)
		phrase_cat(note, sizeof note, " ", a.note);
	return tell(g, out, a.ended || !one_board ? REPLY_OVER : REPLY_NOTICE, note, true);
}

/* Time is called on a game of several boards (Perplexichess rule 2A: "boards on which a
 * conclusion has not been reached shall be awarded to the side with the most pieces left
 * on that board"); equal numbers draw the board. */
static int close_boards(struct game *g, const struct sender *s, const char *action,
			struct outcome *out)
{
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	char note[1024];

	if (g->status != GAME_PLAYING)
		return refuse(out, action, "the game is not being played", "");
	if (g->nboards < 2)
		return refuse(out, action, "'close' ends a game of several boards; a game of "
			      "one is decided with 'result'", "");
	for (int b = 0; b < g->nboards && !a.ended; b++) {
		const struct pos *p = g->board[b].pos;
		int w = p->npieces[WHITE], k = p->npieces[BLACK];
		char why[64];
		if (strcmp(g->board[b].result, "*"))
			continue;
		phrase_printf(why, sizeof why, "time called, %d pieces to %d", w, k);
		apply_board_ends(&a, b, w > k ? "1-0" : w < k ? "0-1" : "1/2-1/2", why);
	}
	game_clock_update(g, -1, CLOCK_FREE, s->now);
	phrase_printf(note, sizeof note, "The game master calls time: each board still in play "
		      "goes to the side with more pieces on it.");
	phrase_cat(note, sizeof note, " ", a.note);
	return tell(g, out, REPLY_OVER, note, true);
}

static int extend(struct game *g, const struct sender *s, int c, const char *how,
		  const char *action, struct outcome *out)
{
	struct chessclock *cl = &g->clock;
	long long secs = duration(how);
	char note[512], d[CLOCK_LOCAL_MAX];

	if (g->status != GAME_PLAYING)
		return refuse(out, action, "the game is not being played", "");
	if (cl->tc.kind == TC_NONE)
		return refuse(out, action, "the game has no time control", "");
	if (secs <= 0)
		return refuse(out, action, "'%s' is not a duration (3 days, 12 hours, 1d12h)", how);
	if (cl->running >> c & 1)
		cl->extra[c] += secs;
	else if (cl->tc.kind != TC_MOVE)
		cl->remaining[c] += secs;
	else
		return refuse(out, action, "it is not %s's turn: with a time per move, extend a "
			      "turn while it runs", side(g, c));
	(void)s;
	clock_duration(secs, d, sizeof d);
	phrase_printf(note, sizeof note, "The game master gives %s %s more.", side(g, c), d);
	return tell(g, out, REPLY_NOTICE, note, true);
}

static int adjudicate(struct game *g, const struct sender *s, const char *result,
		      const char *reason, const char *action, struct outcome *out)
{
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	char note[512];

	if (strcmp(result, "1-0") && strcmp(result, "0-1") && strcmp(result, "1/2-1/2"))
		return refuse(out, action, "'%s' is not a result (1-0, 0-1 or 1/2-1/2)", result);
	if (g->status != GAME_PLAYING)
		return refuse(out, action, "the game is not being played", "");
	/* the game master's own words are kept as written */
	apply_finish(&a, result, *reason ? reason : N_("adjudication"));
	game_clock_update(g, -1, CLOCK_FREE, s->now);
	if (*reason)
		phrase_printf(note, sizeof note, "The game master has decided the game: %s, %s.",
			      result, reason);
	else
		phrase_printf(note, sizeof note, "The game master has decided the game: %s.", result);
	return tell(g, out, REPLY_OVER, note, true);
}

/* A tournament's game whose player withdrew from the tournament: lost by forfeit (ICCF's
 * rule for a withdrawal: every game not yet decided is lost), both players told. */
static int forfeit(struct game *g, const struct sender *s, int c, const char *action,
		   struct outcome *out)
{
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	char note[256];

	if (g->status != GAME_PLAYING)
		return refuse(out, action, "%s", "the game is not being played");
	apply_finish(&a, c == WHITE ? "0-1" : "1-0", N_("forfeit: a withdrawal from the "
		     "tournament"));
	game_clock_update(g, -1, CLOCK_FREE, s->now);
	phrase_printf(note, sizeof note, "%s has withdrawn from the tournament: the game is lost "
		 "by forfeit.", side(g, c));
	return tell(g, out, REPLY_OVER, note, true);
}

/* A seat's address bounced `count` times in a row: the other seats and the arbiter are
 * told (the seat itself cannot be reached). Nothing of the game changes. */
static int bounced(struct game *g, int seat, int count, const char *action, struct outcome *out)
{
	char note[800], who[160];

	if (g->status != GAME_PLAYING && g->status != GAME_INVITED)
		return refuse(out, action, "the game is not being played", "");
	phrase_nprintf(note, sizeof note, (unsigned long)count, "Mail to %s (%s) has failed %d "
		       "time in a row: the address may no longer work. The game goes on, and the "
		       "clock with it; the referee keeps writing to that address.", "Mail to %s (%s) "
		       "has failed %d times in a row: the address may no longer work. The game goes "
		       "on, and the clock with it; the referee keeps writing to that address.",
		       g->seat[seat].address, seat_name(g, seat, who, sizeof who), count);
	for (int c = 0; c <= g->nseats; c++) {
		bool arbiter = c == g->nseats;
		if (c == seat || (arbiter && !game_arbiter_mailed(g)))
			continue;
		if (outcome_reply(out, REPLY_NOTICE, arbiter ? -1 : c, arbiter ? g->arbiter : NULL) < 0)
			return -1;
		phrase_fit(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note, note);
	}
	return 0;
}

int game_referee(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		 const char *action, struct outcome *out, struct err *e)
{
	char verb[16] = "", what[16] = "", rest[256] = "", before[HASH_HEX], kind[16];
	int n = 0, rc;

	memset(out, 0, sizeof *out);
	out->auth = -1;
	out->auth_how = "referee";
	e->msg[0] = 0;
	sscanf(action, "%15s %15s %n", verb, what, &n);
	if (n)
		snprintf(rest, sizeof rest, "%s", action + n);
	game_hash(g, before);
	snprintf(kind, sizeof kind, "%s", verb);
	if (!strcmp(verb, "timeout") && seat_named(g, what) >= 0 && !rest[0]) {
		rc = timeout(g, key, klen, s, seat_named(g, what), action, out, e);
		if (rc == 0 && out->changed)
			return 0;       /* the player's answer, recorded as theirs */
	} else if (!strcmp(verb, "extend") && seat_named(g, what) >= 0) {
		rc = extend(g, s, seat_named(g, what), rest, action, out);
	} else if (!strcmp(verb, "result") && what[0]) {
		rc = adjudicate(g, s, what, rest, action, out);
		snprintf(kind, sizeof kind, "adjudication");
	} else if (!strcmp(verb, "expire") && !strcmp(what, "draw-offer") && !rest[0]) {
		if (g->status != GAME_PLAYING || g->draw_offer < 0)
			rc = refuse(out, action, "no draw offer is pending", "");
		else {
			char note[160];
			phrase_printf(note, sizeof note, "%s's draw offer has lapsed unanswered.",
				      side(g, g->draw_offer));
			g->draw_offer = -1;
			g->clock.draw_offer_at = 0;
			rc = tell(g, out, REPLY_NOTICE, note, false);
		}
	} else if (!strcmp(verb, "expire") && !strcmp(what, "challenge") && !rest[0]) {
		if (g->status != GAME_INVITED)
			rc = refuse(out, action, "the challenge is not pending", "");
		else {
			g->status = GAME_DECLINED;
			snprintf(g->termination, sizeof g->termination, "%s",
				 N_("the challenge lapsed unanswered"));
			rc = tell(g, out, REPLY_DECLINED, "", false);
		}
	} else if (!strcmp(verb, "forfeit") && g->nseats == 2 && seat_named(g, what) >= 0 &&
		   !rest[0]) {
		rc = forfeit(g, s, g->seat[seat_named(g, what)].side, action, out);
	} else if (!strcmp(verb, "close") && !what[0]) {
		rc = close_boards(g, s, action, out);
	} else if (!strcmp(verb, "bounced") && seat_named(g, what) >= 0 && atoi(rest) > 0) {
		rc = bounced(g, seat_named(g, what), atoi(rest), action, out);
	} else
		rc = refuse(out, action, "write: timeout white|black, extend white|black "
			    "DURATION, result 1-0|0-1|1/2-1/2 [REASON], expire draw-offer, "
			    "expire challenge, bounced white|black|SEAT COUNT, close (a game of several "
			    "boards)", "");
	if (rc < 0)
		return e->msg[0] ? -1 : err_set(e, "out of memory");
	if (out->nerrors)
		return 0;
	standing_settle(g);             /* a game or a board the action ended */
	out->changed = true;
	if (game_add_event(g, kind, -1, action, s, before) < 0)
		return err_set(e, "out of memory");
	return 0;
}
