/* test_chessclock.c: the correspondence clocks with an injected "now": days per move,
 * a bank of days per N moves and Fischer increments over many moves (against arithmetic
 * done here independently), vacations stopping the clock and the yearly allowance, the
 * interception and answer windows, the phased control (deployment, engagement, reserve), the texts, and deadlines shown across daylight-saving
 * changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game/chessclock.h"
#include "game/game.h"
#include "kinds/registry.h"
#include "kinds/tempete/tempete.h"
#include "util/clock.h"

#define T0 1793527200LL         /* 2026-11-01T10:00:00Z */
#define MIN 60LL
#define Y2027 1798761600LL  /* 2027-01-01T00:00:00Z */

static struct chessclock clock_of(const char *spec)
{
	struct chessclock cl;
	char why[256];

	memset(&cl, 0, sizeof cl);
	CHECK_INT(chessclock_parse(spec, &cl.tc, why, sizeof why), 0);
	return cl;
}

static void parse_texts(void)
{
	static const struct { const char *in, *out; } ok[] = {
		{ "3 days per move", "3 days per move" },
		{ "1 day per move", "1 day per move" },
		{ "30 days per 10 moves", "30 days per 10 moves" },
		{ "Fischer 10 days + 1 day, max 30 days", "fischer 10 days + 1 day, max 30 days" },
		{ "fischer 5 days + 2 days", "fischer 5 days + 2 days" },
		{ "none", "none" },
		{ "Deployment 5 days + 25 days, reserve 1 day per move",
		  "deployment 5 days + 25 days, reserve 1 day per move" },
		{ "deployment 1 day + 1 day, reserve 0 days per move",
		  "deployment 1 day + 1 day, reserve 0 days per move" },
	};
	static const char *const bad[] = {
		"3 weeks", "days per move", "0 days per move", "3 days per 0 moves",
		"fischer 10 days", "fischer 10 days + 1 day, max 5 days", "3 days per move please", "",
		"99999999999 days per move", "fischer 10 days + 99999999999999999999 days",
		"deployment 5 days", "deployment 5 days + 25 days", "deployment 5 days + 0 days, "
		"reserve 1 day per move", "deployment 5 days + 25 days, reserve 1 day",
	};
	struct time_control tc;
	char why[256], text[96];

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		check_context("%s", ok[i].in);
		memset(&tc, 0, sizeof tc);
		CHECK_INT(chessclock_parse(ok[i].in, &tc, why, sizeof why), 0);
		chessclock_describe(&tc, text, sizeof text);
		CHECK_STR(text, ok[i].out);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("%s", bad[i]);
		CHECK_INT(chessclock_parse(bad[i], &tc, why, sizeof why), -1);
		CHECK_HAS(why, "is not a time control");
	}
	check_context(NULL);
}

/* Days per move: each turn has its own days; running out is at the exact second. */
static void per_move(void)
{
	struct chessclock cl = clock_of("3 days per move");
	long long t = T0;

	chessclock_start(&cl, 1u << 0, t);
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), T0 + 3 * DAY);
	CHECK_INT(chessclock_deadline(&cl, 1, NULL), 0);
	CHECK_INT(chessclock_left(&cl, 0, T0 + 3 * DAY - MIN, NULL), MIN);
	CHECK_INT(chessclock_left(&cl, 0, T0 + DAY, NULL), 2 * DAY);
	CHECK_INT(chessclock_left(&cl, 1, T0 + DAY, NULL), 3 * DAY);
	/* twenty moves, each side using a different part of its days */
	for (int i = 0; i < 40; i++) {
		int c = i % 2;
		long long used = (i * 7919LL) % (3 * DAY);
		t += used;
		CHECK_INT(chessclock_deadline(&cl, c, NULL), t - used + 3 * DAY);
		chessclock_move(&cl, c, 1u << (1 - c), WINDOW_NONE, t, NULL);
		CHECK_INT(cl.running, 1u << (1 - c));
		CHECK_INT(cl.since, t);
	}
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), t + 3 * DAY);
}

/* A bank: 30 days, 30 more after every 10 moves of one's own. */
static void bank(void)
{
	struct chessclock cl = clock_of("30 days per 10 moves");
	long long t = T0, left[2] = { 30 * DAY, 30 * DAY };
	int moves[2] = { 0, 0 };

	chessclock_start(&cl, 1, t);
	for (int i = 0; i < 70; i++) {
		int c = i % 2;
		long long used = c ? 2 * DAY + 7 * HOUR : (i * 3571LL) % (4 * DAY);
		CHECK_INT(chessclock_deadline(&cl, c, NULL), t + left[c]);
		t += used;
		chessclock_move(&cl, c, 1u << (1 - c), WINDOW_NONE, t, NULL);
		left[c] -= used;
		if (++moves[c] % 10 == 0)
			left[c] += 30 * DAY;
		check_context("move %d", i);
		CHECK_INT(cl.remaining[c], left[c]);
		CHECK_INT(cl.moves[c], moves[c]);
		CHECK_INT(chessclock_left(&cl, c, t + DAY, NULL), left[c]);   /* not running */
	}
	check_context(NULL);
	/* Black used 2d7h a move: 35 moves = 80d13h against 30 + 3 * 30 days */
	CHECK_INT(cl.remaining[1], 120 * DAY - 35 * (2 * DAY + 7 * HOUR));
}

/* Fischer: 10 days, 1 more after each move, never above 12. */
static void fischer(void)
{
	struct chessclock cl = clock_of("fischer 10 days + 1 day, max 12 days");
	long long t = T0, left[2] = { 10 * DAY, 10 * DAY };

	chessclock_start(&cl, 1, t);
	for (int i = 0; i < 80; i++) {
		int c = i % 2;
		long long used = c ? 5 * HOUR : (i * 104729LL) % (2 * DAY);
		t += used;
		chessclock_move(&cl, c, 1u << (1 - c), WINDOW_NONE, t, NULL);
		left[c] = left[c] - used + DAY;
		if (left[c] > 12 * DAY)
			left[c] = 12 * DAY;
		check_context("move %d", i);
		CHECK_INT(cl.remaining[c], left[c]);
	}
	check_context(NULL);
	CHECK_INT(cl.remaining[1], 12 * DAY);         /* 5 hours a move: always at the cap */
	/* the deadline is the bank, to the second */
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), t + left[0]);
}

/* A vacation: the clock stops meanwhile; the deadline moves by what overlaps the turn. */
static void vacations(void)
{
	struct chessclock cl = clock_of("3 days per move");
	struct vacations vac = { .n = 1, .v = { { T0 + DAY, T0 + 6 * DAY } } };

	chessclock_start(&cl, 1, T0);
	CHECK_INT(chessclock_deadline(&cl, 0, &vac), T0 + 8 * DAY);
	CHECK_INT(chessclock_left(&cl, 0, T0 + DAY, &vac), 2 * DAY);
	CHECK_INT(chessclock_left(&cl, 0, T0 + 5 * DAY, &vac), 2 * DAY);    /* stopped */
	CHECK_INT(chessclock_left(&cl, 0, T0 + 7 * DAY, &vac), DAY);
	/* a second vacation inside the pushed-back turn pushes it again */
	vac.v[vac.n++] = (struct vacation){ T0 + 7 * DAY, T0 + 9 * DAY };
	CHECK_INT(chessclock_deadline(&cl, 0, &vac), T0 + 10 * DAY);
	/* a booked vacation after the deadline changes nothing */
	vac.n = 1;
	vac.v[0] = (struct vacation){ T0 + 4 * DAY, T0 + 9 * DAY };
	CHECK_INT(chessclock_deadline(&cl, 0, &vac), T0 + 3 * DAY);

	/* a bank is charged only the time off vacation */
	struct chessclock b = clock_of("fischer 10 days + 0 days");
	vac.n = 1;
	vac.v[0] = (struct vacation){ T0 + DAY, T0 + 3 * DAY };
	chessclock_start(&b, 1, T0);
	chessclock_move(&b, 0, 2, WINDOW_NONE, T0 + 4 * DAY, &vac);
	CHECK_INT(b.remaining[0], 8 * DAY);

	/* the allowance counts days in the calendar year, split at its end */
	struct vacations y = { .n = 2, .v = {
		{ Y2027 - 2 * DAY, Y2027 + 3 * DAY },                  /* 2026-12-30 .. 2027-01-04 */
		{ 1767225600LL + 10 * DAY, 1767225600LL + 15 * DAY },  /* 2026-01-11 .. 2026-01-16 */
	} };
	CHECK_INT(vacation_days_in_year(&y, Y2027 - DAY), 7);       /* 2026: 5 + 2 */
	CHECK_INT(vacation_days_in_year(&y, Y2027 + DAY), 3);       /* 2027 */
	CHECK_INT(vacation_overlap(&y, Y2027, Y2027 + 10 * DAY), 3 * DAY);
}

/* Windows: an interception window ends before the move deadline; closing it leaves the
 * turn's own time running from the turn's start. */
static void windows(void)
{
	struct chessclock cl = clock_of("3 days per move");

	cl.tc.intercept_hours = 48;
	cl.tc.answer_hours = 24;
	chessclock_start(&cl, 1, T0);
	chessclock_move(&cl, 0, 2, WINDOW_INTERCEPT, T0 + HOUR, NULL);
	CHECK_INT(chessclock_deadline(&cl, 1, NULL), T0 + HOUR + 48 * HOUR);
	CHECK_INT(chessclock_move_deadline(&cl, 1, NULL), T0 + HOUR + 3 * DAY);
	chessclock_set(&cl, 2, WINDOW_NONE, T0 + HOUR + 48 * HOUR);
	CHECK_INT(cl.since, T0 + HOUR);
	CHECK_INT(chessclock_deadline(&cl, 1, NULL), T0 + HOUR + 3 * DAY);
	/* an interception: the answer window for White */
	chessclock_move(&cl, 1, 1, WINDOW_ANSWER, T0 + 2 * DAY, NULL);
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), T0 + 3 * DAY);
	/* a window never outlasts the move time (a short per-move control) */
	struct chessclock s = clock_of("1 day per move");
	s.tc.answer_hours = 48;
	chessclock_start(&s, 1, T0);
	chessclock_set(&s, 1, WINDOW_ANSWER, T0);
	CHECK_INT(chessclock_deadline(&s, 0, NULL), T0 + DAY);
	/* the game master's extension moves the deadline of the turn, then lapses with it */
	s.extra[0] = 12 * HOUR;
	CHECK_INT(chessclock_deadline(&s, 0, NULL), T0 + DAY + 12 * HOUR);
	chessclock_move(&s, 0, 2, WINDOW_NONE, T0 + 30 * HOUR, NULL);
	CHECK_INT(s.extra[0], 0);
}

/* The deadline that is due: in an interception window on a plain move the move's (the
 * interception is optional); in every other case the clock's own. */
static void due(void)
{
	static struct game g;
	static struct tempete tp;

	g.clock = clock_of("3 days per move");
	g.clock.tc.intercept_hours = 48;
	chessclock_start(&g.clock, 1, T0);
	CHECK_INT(chessclock_due(&g, 0), T0 + 3 * DAY);
	CHECK_INT(chessclock_due(&g, 1), 0);    /* Black's clock is not running */
	chessclock_move(&g.clock, 0, 2, WINDOW_INTERCEPT, T0 + HOUR, NULL);
	CHECK_INT(chessclock_due(&g, 1), T0 + HOUR + 48 * HOUR);        /* chess: the window */
	g.k = kind_find("tempete");     /* the kind says its window is optional */
	g.kstate = &tp;
	tp.ct.expect = CT_MOVE;
	CHECK_INT(chessclock_due(&g, 1), T0 + HOUR + 3 * DAY);
	tp.ct.expect = CT_MATED;
	CHECK_INT(chessclock_due(&g, 1), T0 + HOUR + 48 * HOUR);
}

/* Deadlines as a player in Paris or New York reads them, across the changes of 2026
 * (EU: 29 March and 25 October at 01:00 UTC; US: 8 March and 1 November, 2:00 local). */
static void local_times(void)
{
	char buf[64];

	clock_local(1774699200LL, "Europe/Paris", buf, sizeof buf);        /* 2026-03-28T12:00Z */
	CHECK_STR(buf, "Sat 28 Mar 2026 13:00 CET");
	clock_local(1774699200LL + DAY, "Europe/Paris", buf, sizeof buf);
	CHECK_STR(buf, "Sun 29 Mar 2026 14:00 CEST");
	/* a 3-day turn started on Friday evening ends an hour later on the wall clock */
	struct chessclock cl = clock_of("3 days per move");
	chessclock_start(&cl, 1, 1774647000LL);                              /* 2026-03-27T21:30Z */
	clock_local(1774647000LL, "Europe/Paris", buf, sizeof buf);
	CHECK_STR(buf, "Fri 27 Mar 2026 22:30 CET");
	clock_local(chessclock_deadline(&cl, 0, NULL), "Europe/Paris", buf, sizeof buf);
	CHECK_STR(buf, "Mon 30 Mar 2026 23:30 CEST");
	clock_local(1792800000LL, "Europe/Paris", buf, sizeof buf);        /* 2026-10-24T00:00Z */
	CHECK_STR(buf, "Sat 24 Oct 2026 02:00 CEST");
	clock_local(1792800000LL + 2 * DAY, "Europe/Paris", buf, sizeof buf);
	CHECK_STR(buf, "Mon 26 Oct 2026 01:00 CET");
	clock_local(1772971200LL, "America/New_York", buf, sizeof buf);    /* 2026-03-08T12:00Z */
	CHECK_STR(buf, "Sun 08 Mar 2026 08:00 EDT");
	clock_local(1772971200LL - DAY, "America/New_York", buf, sizeof buf);
	CHECK_STR(buf, "Sat 07 Mar 2026 07:00 EST");
	clock_local(1772971200LL, "Nowhere/Atlantis", buf, sizeof buf);    /* unknown: UTC */
	CHECK_STR(buf, "Sun 08 Mar 2026 12:00 UTC");
	CHECK(clock_timezone_ok("Europe/Paris"));
	CHECK(clock_timezone_ok("UTC"));
	CHECK(!clock_timezone_ok("../../etc/passwd"));
	CHECK(!clock_timezone_ok("Nowhere/Atlantis"));
	CHECK(!clock_timezone_ok(""));
	/* the process's own TZ is left as it was */
	CHECK(getenv("TZ") == NULL || strcmp(getenv("TZ"), "Europe/Paris"));
}

static void durations(void)
{
	char buf[64];

	clock_duration(30 * DAY, buf, sizeof buf);
	CHECK_STR(buf, "30 days");
	clock_duration(DAY + 5 * HOUR + 59 * MIN, buf, sizeof buf);
	CHECK_STR(buf, "1 day 5 hours");
	clock_duration(23 * HOUR + 55 * MIN, buf, sizeof buf);
	CHECK_STR(buf, "23 hours 55 minutes");
	clock_duration(MIN, buf, sizeof buf);
	CHECK_STR(buf, "1 minute");
	clock_duration(0, buf, sizeof buf);
	CHECK_STR(buf, "no time");
	CHECK_INT(clock_parse_duration("72h"), 72 * HOUR);
	CHECK_INT(clock_parse_duration("1d12h"), 36 * HOUR);
	CHECK_INT(clock_parse_duration("90m"), 90 * MIN);
	CHECK_INT(clock_parse_duration("3 days"), -1);
	CHECK_INT(clock_parse_duration("99999999999999999999d"), -1);
	CHECK_INT(clock_parse_duration(""), -1);
}

/* A deployment allowance, the engagement time added to what is left, and a reserve built
 * by each move made with main time left, spent only once the main time is gone (the
 * TigerClocks of TigerChess rule 11, in days). */
static void phased(void)
{
	struct chessclock cl = clock_of("deployment 5 days + 25 days, reserve 1 day per move");
	long long t = T0;

	chessclock_start(&cl, 1, t);
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), T0 + 5 * DAY);
	t += 2 * DAY;                                   /* postings: charged, no reserve */
	chessclock_charge(&cl, 0, 2, WINDOW_NONE, t, NULL);
	CHECK_INT(cl.remaining[0], 3 * DAY);
	CHECK_INT(chessclock_deadline(&cl, 1, NULL), t + 5 * DAY);
	t += 5 * DAY + 3 * HOUR;                        /* the other posts 3 hours late */
	chessclock_charge(&cl, 1, 1, WINDOW_NONE, t, NULL);
	CHECK_INT(chessclock_left(&cl, 1, t, NULL), -3 * HOUR);
	chessclock_engage(&cl);                         /* out of time: from nothing */
	CHECK_INT(cl.remaining[0], 28 * DAY);
	CHECK_INT(cl.remaining[1], 25 * DAY);
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), t + 28 * DAY);
	/* ten moves a side, a day each: each builds a day of reserve */
	for (int i = 0; i < 20; i++) {
		int c = i % 2;
		t += DAY;
		chessclock_move(&cl, c, 1u << (1 - c), WINDOW_NONE, t, NULL);
	}
	CHECK_INT(cl.remaining[0], 18 * DAY);
	CHECK_INT(cl.reserve[0], 10 * DAY);
	CHECK_INT(cl.remaining[1], 15 * DAY);
	CHECK_INT(cl.reserve[1], 10 * DAY);
	CHECK_INT(cl.moves[1], 10);
	/* the deadline counts both; the main time goes first, then the reserve */
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), t + 28 * DAY);
	CHECK_INT(chessclock_left(&cl, 0, t + 20 * DAY, NULL), 8 * DAY);
	t += 20 * DAY;
	chessclock_move(&cl, 0, 2, WINDOW_NONE, t, NULL);
	CHECK_INT(cl.remaining[0], 0);
	CHECK_INT(cl.reserve[0], 8 * DAY);              /* a move in the reserve builds none */
	t += 12 * HOUR;                                 /* the other: main time only */
	chessclock_move(&cl, 1, 1, WINDOW_NONE, t, NULL);
	CHECK_INT(cl.remaining[1], 14 * DAY + 12 * HOUR);
	CHECK_INT(cl.reserve[1], 11 * DAY);
	t += 2 * DAY;
	chessclock_move(&cl, 0, 2, WINDOW_NONE, t, NULL);
	CHECK_INT(cl.reserve[0], 6 * DAY);
	CHECK_INT(chessclock_left(&cl, 0, t, NULL), 6 * DAY);   /* not running */
	t += DAY;
	chessclock_move(&cl, 1, 1, WINDOW_NONE, t, NULL);
	CHECK_INT(chessclock_deadline(&cl, 0, NULL), t + 6 * DAY);
	/* another control is untouched by the engagement; doubling doubles every time */
	struct chessclock bank = clock_of("30 days per 10 moves");
	chessclock_start(&bank, 1, T0);
	chessclock_engage(&bank);
	CHECK_INT(bank.remaining[0], 30 * DAY);
	char text[96];
	chessclock_scale(&cl.tc, 2);
	chessclock_describe(&cl.tc, text, sizeof text);
	CHECK_STR(text, "deployment 10 days + 50 days, reserve 2 days per move");
	chessclock_start(&cl, 2, T0);
	CHECK_INT(chessclock_deadline(&cl, 1, NULL), T0 + 10 * DAY);
	CHECK_INT(cl.reserve[1], 0);
}

int main(void)
{
	parse_texts();
	per_move();
	bank();
	fischer();
	phased();
	vacations();
	windows();
	due();
	local_times();
	durations();
	return check_done();
}
