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
#include "game/tempete.h"
#include "util/clock.h"

static const char *side(int c)
{
	return c == WHITE ? "White" : "Black";
}

static int colour_of(const char *w)
{
	return !strcasecmp(w, "white") ? WHITE : !strcasecmp(w, "black") ? BLACK : -1;
}

/* A refusal of the action itself (for the game master's terminal): nothing changes. */
static int refuse(struct outcome *out, const char *action, const char *fmt, const char *arg)
{
	return outcome_error(out, 0, action, fmt, arg);
}

/* `kind` to both players (and to the arbiter when asked), each with the note. */
static int tell(struct game *g, struct outcome *out, enum reply_kind kind, const char *note,
		bool arbiter)
{
	for (int c = 0; c < 3; c++) {
		if (c == 2 && (!arbiter || !g->arbiter[0]))
			break;
		if (outcome_reply(out, kind, c < 2 ? c : -1, c < 2 ? NULL : g->arbiter) < 0)
			return -1;
		snprintf(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note, "%s", note);
	}
	return 0;
}

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
	char note[512], when[64];

	if (g->status != GAME_PLAYING || !due)
		return refuse(out, action, "%s's clock is not running", side(c));
	if (due > s->now) {
		clock_local(due, "UTC", when, sizeof when);
		return refuse(out, action, "the deadline has not passed: it is %s", when);
	}
	bool window = chessclock_move_deadline(cl, c, g->vac[c]) > s->now;
	if (window && cl->window == WINDOW_ANSWER && g->tp) {
		char text[64];
		struct orders o;
		struct order_line lines[2];
		int n = 0;
		if (tempete_default_answer(g, text, sizeof text) < 0)
			return refuse(out, action, "%s", "no answer is pending");
		for (char *p = strtok(text, "\n"); p && n < 2; p = strtok(NULL, "\n")) {
			lines[n] = (struct order_line){ .lineno = n + 1, .text = p };
			n++;
		}
		if (order_parse(lines, (size_t)n, &o, e) < 0)
			return -1;
		int rc = game_apply_for(g, key, klen, s, c, &o, out, e);
		orders_free(&o);
		if (rc < 0)
			return -1;
		if (out->changed) {
			for (size_t i = 0; i < out->nreplies; i++) {
				char *nt = out->replies[i].note;
				snprintf(note, sizeof note, "%s's time to answer the interception has passed: "
					 "the referee accepts it for them.%s%s", side(c), *nt ? " " : "", nt);
				snprintf(nt, sizeof out->replies[0].note, "%s", note);
			}
			return 0;
		}
		/* no answer can be given for them (a double move's hit part must be replayed):
		 * the window closes and the answer is owed on their own time */
		outcome_free(out);
		memset(out, 0, sizeof *out);
		out->auth = -1;
		cl->window = WINDOW_NONE;
		snprintf(note, sizeof note, "%s's time to answer the interception has passed; the "
			 "answer is still owed, on %s's own time.", side(c), side(c));
		return tell(g, out, REPLY_NOTICE, note, false);
	}
	if (window && cl->window == WINDOW_INTERCEPT && g->tp && g->tp->expect == TP_MOVE) {
		tempete_close_interception(g);
		game_clock_update(g, -1, false, s->now);
		snprintf(note, sizeof note, "The time to intercept %s's move has passed: %s moves.",
			 side(1 - c), side(c));
		return tell(g, out, REPLY_NOTICE, note, false);
	}
	if (window && cl->window == WINDOW_INTERCEPT && g->tp && g->tp->expect == TP_MATED) {
		apply_finish(&a, c == WHITE ? "0-1" : "1-0", "checkmate");
		game_clock_update(g, -1, false, s->now);
		snprintf(note, sizeof note, "The time to intercept the mating move has passed: %s is "
			 "checkmated.", side(c));
		return tell(g, out, REPLY_OVER, note, false);
	}
	bool bare = g->pos && status_bare(g->pos, 1 - c);
	apply_finish(&a, bare ? "1/2-1/2" : c == WHITE ? "0-1" : "1-0",
		     bare ? "time forfeit, but the opponent cannot mate" : "time forfeit");
	game_clock_update(g, -1, false, s->now);
	clock_local(due, "UTC", when, sizeof when);
	snprintf(note, sizeof note, "%s's time ran out on %s: %s.", side(c), when,
		 bare ? "the game is drawn, since " : "they lose on time");
	if (bare)
		snprintf(note + strlen(note) - 1, sizeof note - strlen(note) + 1, "%s has only a king "
			 "left and cannot mate.", side(1 - c));
	return tell(g, out, REPLY_OVER, note, true);
}

static int extend(struct game *g, const struct sender *s, int c, const char *how,
		  const char *action, struct outcome *out)
{
	struct chessclock *cl = &g->clock;
	long long secs = duration(how);
	char note[256], d[64];

	if (g->status != GAME_PLAYING)
		return refuse(out, action, "%s", "the game is not being played");
	if (cl->tc.kind == TC_NONE)
		return refuse(out, action, "%s", "the game has no time control");
	if (secs <= 0)
		return refuse(out, action, "'%s' is not a duration (3 days, 12 hours, 1d12h)", how);
	if (cl->running >> c & 1)
		cl->extra[c] += secs;
	else if (cl->tc.kind != TC_MOVE)
		cl->remaining[c] += secs;
	else
		return refuse(out, action, "it is not %s's turn: with a time per move, extend a "
			      "turn while it runs", side(c));
	(void)s;
	clock_duration(secs, d, sizeof d);
	snprintf(note, sizeof note, "The game master gives %s %s more.", side(c), d);
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
		return refuse(out, action, "%s", "the game is not being played");
	apply_finish(&a, result, *reason ? reason : "adjudication");
	game_clock_update(g, -1, false, s->now);
	snprintf(note, sizeof note, "The game master has decided the game: %s%s%s.", result,
		 *reason ? ", " : "", reason);
	return tell(g, out, REPLY_OVER, note, true);
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
	if (!strcmp(verb, "timeout") && colour_of(what) >= 0 && !rest[0]) {
		rc = timeout(g, key, klen, s, colour_of(what), action, out, e);
		if (rc == 0 && out->changed)
			return 0;       /* the player's answer, recorded as theirs */
	} else if (!strcmp(verb, "extend") && colour_of(what) >= 0) {
		rc = extend(g, s, colour_of(what), rest, action, out);
	} else if (!strcmp(verb, "result") && what[0]) {
		rc = adjudicate(g, s, what, rest, action, out);
		snprintf(kind, sizeof kind, "adjudication");
	} else if (!strcmp(verb, "expire") && !strcmp(what, "draw-offer") && !rest[0]) {
		if (g->status != GAME_PLAYING || g->draw_offer < 0)
			rc = refuse(out, action, "%s", "no draw offer is pending");
		else {
			char note[160];
			snprintf(note, sizeof note, "%s's draw offer has lapsed unanswered.",
				 side(g->draw_offer));
			g->draw_offer = -1;
			g->clock.draw_offer_at = 0;
			rc = tell(g, out, REPLY_NOTICE, note, false);
		}
	} else if (!strcmp(verb, "expire") && !strcmp(what, "challenge") && !rest[0]) {
		if (g->status != GAME_INVITED)
			rc = refuse(out, action, "%s", "the challenge is not pending");
		else {
			g->status = GAME_DECLINED;
			snprintf(g->termination, sizeof g->termination, "the challenge lapsed unanswered");
			rc = tell(g, out, REPLY_DECLINED, "", false);
		}
	} else
		rc = refuse(out, action, "%s", "write: timeout white|black, extend white|black "
			    "DURATION, result 1-0|0-1|1/2-1/2 [REASON], expire draw-offer, "
			    "expire challenge");
	if (rc < 0)
		return e->msg[0] ? -1 : err_set(e, "out of memory");
	if (out->nerrors)
		return 0;
	out->changed = true;
	if (game_add_event(g, kind, -1, action, s, before) < 0)
		return err_set(e, "out of memory");
	return 0;
}
