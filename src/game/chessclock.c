/* chessclock.c: see chessclock.h. */
#include "game/chessclock.h"

#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <string.h>
#include <time.h>

#include "game/game.h"
#include "game/kind.h"
#include "util/clock.h"

static long long budget_start(const struct time_control *tc)
{
	switch (tc->kind) {
	case TC_BANK: return tc->days * DAY;
	case TC_FISCHER:
	case TC_PHASED: return tc->initial * DAY;
	default: return 0;
	}
}

void chessclock_start(struct chessclock *cl, unsigned running, long long now)
{
	for (int c = 0; c < CLOCKS_MAX; c++) {
		cl->remaining[c] = budget_start(&cl->tc);
		cl->moves[c] = 0;
		cl->extra[c] = 0;
		cl->reserve[c] = 0;
	}
	cl->running = cl->tc.kind == TC_NONE ? 0 : running;
	cl->since = now;
	cl->window = WINDOW_NONE;
}

void chessclock_release(struct chessclock *cl, int c)
{
	cl->running &= ~(1u << c);
}

void chessclock_engage(struct chessclock *cl)
{
	if (cl->tc.kind != TC_PHASED)
		return;
	for (int c = 0; c < CLOCKS_MAX; c++) {
		long long left = cl->remaining[c] + cl->reserve[c];     /* no reserve is built yet */
		cl->remaining[c] = (left > 0 ? left : 0) + cl->tc.increment * DAY;
		cl->reserve[c] = 0;
	}
}

void chessclock_scale(struct time_control *tc, int factor)
{
	tc->days *= factor, tc->initial *= factor, tc->increment *= factor;
	tc->cap *= factor, tc->reserve *= factor;
}

void chessclock_stop(struct chessclock *cl)
{
	cl->running = 0;
	cl->window = WINDOW_NONE;
}

long long vacation_overlap(const struct vacations *vac, long long from, long long to)
{
	long long total = 0;

	for (int i = 0; vac && i < vac->n; i++) {
		long long a = vac->v[i].start > from ? vac->v[i].start : from;
		long long b = vac->v[i].end < to ? vac->v[i].end : to;
		if (b > a)
			total += b - a;
	}
	return total;
}

int vacation_days_in_year(const struct vacations *vac, long long when)
{
	time_t t = (time_t)when;
	struct tm tm;

	gmtime_r(&t, &tm);
	tm.tm_mon = 0, tm.tm_mday = 1, tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
	long long from = (long long)timegm(&tm);
	tm.tm_year++;
	long long to = (long long)timegm(&tm);
	long long secs = vacation_overlap(vac, from, to);
	return (int)((secs + DAY - 1) / DAY);
}

/* The time a turn may use, counted from `since`, before vacations. */
static long long allowance(const struct chessclock *cl, int c)
{
	switch (cl->tc.kind) {
	case TC_MOVE: return cl->tc.days * DAY + cl->extra[c];
	case TC_BANK:
	case TC_FISCHER: return cl->remaining[c] + cl->extra[c];
	case TC_PHASED: return cl->remaining[c] + cl->reserve[c] + cl->extra[c];
	default: return 0;
	}
}

/* since + t of the player's own time: vacations push it back. */
static long long after(const struct vacations *vac, long long since, long long t)
{
	long long end = since + t, pushed = 0;

	for (int guard = 0; guard < 2 * VACATIONS_MAX + 2; guard++) {
		long long ov = vacation_overlap(vac, since, end);
		if (ov == pushed)
			break;
		end += ov - pushed;
		pushed = ov;
	}
	return end;
}

long long chessclock_move_deadline(const struct chessclock *cl, int c, const struct vacations *vac)
{
	if (!(cl->running >> c & 1))
		return 0;
	return after(vac, cl->since, allowance(cl, c));
}

long long chessclock_deadline(const struct chessclock *cl, int c, const struct vacations *vac)
{
	long long move = chessclock_move_deadline(cl, c, vac);
	int hours = cl->window == WINDOW_ANSWER ? cl->tc.answer_hours :
		    cl->window == WINDOW_INTERCEPT ? cl->tc.intercept_hours : 0;

	if (!move || !hours)
		return move;
	long long w = after(vac, cl->since, hours * HOUR);
	return w < move ? w : move;
}

long long chessclock_left(const struct chessclock *cl, int c, long long now, const struct vacations *vac)
{
	if (cl->tc.kind == TC_NONE)
		return 0;
	if (!(cl->running >> c & 1))
		return cl->tc.kind == TC_MOVE ? cl->tc.days * DAY : cl->remaining[c] + cl->reserve[c];
	long long used = now - cl->since - vacation_overlap(vac, cl->since, now);
	return allowance(cl, c) - (used > 0 ? used : 0);
}

void chessclock_resume(struct chessclock *cl, long long now)
{
	if (cl->tc.kind != TC_NONE && cl->running && cl->since < now)
		cl->since = now;
}

void chessclock_set(struct chessclock *cl, unsigned next, enum clock_window window, long long now)
{
	if (cl->tc.kind == TC_NONE)
		return;
	/* clocks that were running already go on from where they started: a window that
	 * closes leaves the turn's own time running since the turn began */
	bool continuing = next && (cl->running & next) == next;
	if (!continuing) {
		cl->since = now;
		memset(cl->extra, 0, sizeof cl->extra);
	}
	cl->running = next;
	cl->window = window;
}

/* c's time since the clocks started is charged; a completed turn counts a move and earns
 * the bank's period or Fischer's increment. */
static void charge(struct chessclock *cl, int c, bool turn, unsigned next,
		   enum clock_window window, long long now, const struct vacations *vac)
{
	if (cl->tc.kind == TC_NONE)
		return;
	if ((cl->running >> c & 1) && cl->tc.kind != TC_MOVE) {
		long long used = now - cl->since - vacation_overlap(vac, cl->since, now);
		if (used < 0)
			used = 0;
		cl->remaining[c] += cl->extra[c] - used;
		cl->extra[c] = 0;
		if (cl->tc.kind == TC_PHASED && cl->remaining[c] < 0) {
			cl->reserve[c] += cl->remaining[c];     /* main time gone: the reserve pays */
			cl->remaining[c] = 0;
		}
	}
	if ((cl->running >> c & 1) && cl->tc.kind != TC_MOVE && turn) {
		cl->moves[c]++;
		if (cl->tc.kind == TC_BANK && cl->tc.moves > 0 && cl->moves[c] % cl->tc.moves == 0)
			cl->remaining[c] += cl->tc.days * DAY;
		if (cl->tc.kind == TC_FISCHER) {
			cl->remaining[c] += cl->tc.increment * DAY;
			if (cl->tc.cap && cl->remaining[c] > cl->tc.cap * DAY)
				cl->remaining[c] = cl->tc.cap * DAY;
		}
		if (cl->tc.kind == TC_PHASED && cl->remaining[c] > 0)
			cl->reserve[c] += cl->tc.reserve * DAY;  /* moves in the reserve build none */
	}
	if (cl->running >> c & 1)
		cl->running &= ~(1u << c);      /* c's turn is over: its clock does not go on */
	chessclock_set(cl, next, window, now);
}

void chessclock_move(struct chessclock *cl, int c, unsigned next, enum clock_window window,
		     long long now, const struct vacations *vac)
{
	charge(cl, c, true, next, window, now, vac);
}

void chessclock_charge(struct chessclock *cl, int c, unsigned next, enum clock_window window,
		       long long now, const struct vacations *vac)
{
	charge(cl, c, false, next, window, now, vac);
}

/* ---- text ---- */

static int read_int(const char **s)
{
	int n = 0;

	while (isspace((unsigned char)**s))
		(*s)++;
	if (!isdigit((unsigned char)**s))
		return -1;
	while (isdigit((unsigned char)**s)) {
		n = n * 10 + (*(*s)++ - '0');
		if (n > 10000)
			return -1;      /* no clock counts in decades */
	}
	return n;
}

static bool word(const char **s, const char *w)
{
	size_t n = strlen(w);

	while (isspace((unsigned char)**s))
		(*s)++;
	if (strncasecmp(*s, w, n))
		return false;
	*s += n;
	return true;
}

static bool days(const char **s)
{
	return word(s, "days") || word(s, "day");
}

int chessclock_parse(const char *spec, struct time_control *tc, char *why, int wlen)
{
	const char *s = spec;
	int a, b, c;

	if (word(&s, "none") && !*s) {
		tc->kind = TC_NONE;
		return 0;
	}
	s = spec;
	if (word(&s, "deployment")) {
		if ((a = read_int(&s)) < 0 || !days(&s) || !word(&s, "+") || (b = read_int(&s)) < 1 ||
		    !days(&s) || !word(&s, ",") || !word(&s, "reserve") || (c = read_int(&s)) < 0 ||
		    !days(&s) || !word(&s, "per") || !word(&s, "move"))
			goto bad;
		tc->kind = TC_PHASED, tc->initial = a, tc->increment = b, tc->reserve = c;
	} else if (word(&s, "fischer")) {
		if ((a = read_int(&s)) < 1 || !(word(&s, "days") || word(&s, "day")) || !word(&s, "+") ||
		    (b = read_int(&s)) < 0 || !(word(&s, "days") || word(&s, "day")))
			goto bad;
		c = 0;
		word(&s, ",");
		if (word(&s, "max") && ((c = read_int(&s)) < a || !(word(&s, "days") || word(&s, "day"))))
			goto bad;
		tc->kind = TC_FISCHER, tc->initial = a, tc->increment = b, tc->cap = c;
	} else if ((a = read_int(&s)) >= 1 && (word(&s, "days") || word(&s, "day")) && word(&s, "per")) {
		if (word(&s, "move") && !word(&s, "s")) {
			tc->kind = TC_MOVE, tc->days = a;
		} else if ((b = read_int(&s)) >= 1 && word(&s, "moves")) {
			tc->kind = TC_BANK, tc->days = a, tc->moves = b;
		} else
			goto bad;
	} else
		goto bad;
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		goto bad;
	return 0;
bad:
	phrase_printf(why, (size_t)wlen, "'%s' is not a time control: write '3 days per move', "
		 "'30 days per 10 moves', 'fischer 10 days + 1 day, max 30 days', 'deployment 5 days + 25 days, reserve 1 day "
		 "per move' or 'none'", spec);
	return -1;
}

void chessclock_describe(const struct time_control *tc, char *buf, int len)
{
	size_t n = (size_t)len;
	char d[3][64];

	switch (tc->kind) {
	case TC_MOVE:
		phrase_nprintf(buf, n, (unsigned long)tc->days, "%d day per move", "%d days per move",
			       tc->days);
		break;
	case TC_BANK:
		phrase_nprintf(buf, n, (unsigned long)tc->moves, "%d days per %d move",
			       "%d days per %d moves", tc->days, tc->moves);
		break;
	case TC_FISCHER:
		if (tc->cap)
			phrase_nprintf(buf, n, (unsigned long)tc->increment,
				       "fischer %d days + %d day, max %d days",
				       "fischer %d days + %d days, max %d days", tc->initial,
				       tc->increment, tc->cap);
		else
			phrase_nprintf(buf, n, (unsigned long)tc->increment, "fischer %d days + %d day",
				       "fischer %d days + %d days", tc->initial, tc->increment);
		break;
	case TC_PHASED:
		clock_days(tc->initial, d[0], sizeof d[0]);
		clock_days(tc->increment, d[1], sizeof d[1]);
		clock_days(tc->reserve, d[2], sizeof d[2]);
		phrase_printf(buf, n, "deployment %s + %s, reserve %s per move", d[0], d[1], d[2]);
		break;
	default:
		phrase_printf(buf, n, "none");
	}
}

long long chessclock_due(const struct game *g, int c)
{
	const struct chessclock *cl = &g->clock;

	if (cl->window != WINDOW_NONE && kind_of(g)->window_optional &&
	    kind_of(g)->window_optional(g))
		return chessclock_move_deadline(cl, c, g->vac[c]);
	return chessclock_deadline(cl, c, g->vac[c]);
}
