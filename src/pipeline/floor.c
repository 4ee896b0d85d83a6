/* floor.c: the clock's floor (docs/game-masters.md, "Time"). The data directory keeps the latest time
 * of the work it committed (store_last_time), and each game the time of its last event. A
 * clock behind either is wrong (a lost battery, a restored snapshot, a bad NTP answer):
 * trusted, it would record a move before the game's last event and make the next tick
 * count the weeks between as the opponent's. Such a run acts on nothing by time — no loss
 * on time, no reminder, no challenge or draw offer lapsing — and takes its mails as of
 * the recorded time; it says so once. */
#include "pipeline/pipeline_int.h"
#include "util/clock.h"
#include "util/log.h"

void pipeline_behind(struct pipeline *pl, long long now, long long recorded)
{
	char a[CLOCK_ISO_MAX], b[CLOCK_ISO_MAX];

	pl->behind = true;
	if (pl->behind_told)
		return;
	pl->behind_told = true;
	clock_iso(now, a);
	clock_iso(recorded, b);
	log_warn("the clock (%s) is behind the last time recorded here (%s): this run decides "
		 "nothing on time (no loss on time, no reminder, nothing lapses) and takes its "
		 "mails as of %s; check the system clock", a, b, b);
}

/* A clock far ahead of the recorded time (max_clock_leap_hours): a clock that jumped, or a
 * referee down for that long. Nothing it would record can be taken back, so the run does
 * nothing that time decides or that records its time — no mail processed (they wait,
 * unanswered, for a later run), no loss on time, no reminder, nothing lapses — until the
 * clock comes back or the operator says it is right (--accept-clock). Told once; the run
 * exits 75. */
static void ahead(struct pipeline *pl, long long now, long long recorded)
{
	char a[CLOCK_ISO_MAX], b[CLOCK_ISO_MAX];

	pl->ahead = true;
	clock_iso(now, a);
	clock_iso(recorded, b);
	log_warn("the clock (%s) is %lld hours ahead of the last time recorded here (%s), more "
		 "than max_clock_leap_hours (%d): this run decides nothing on time and processes "
		 "no mail (it waits); if the clock is right (the referee was down), run "
		 "`tempest poll --accept-clock` (or `process --accept-clock`) to take it, else "
		 "set the clock right", a, (now - recorded) / 3600, b, pl->cfg.max_clock_leap_hours);
}

int pipeline_clock_open(struct pipeline *pl, struct err *e)
{
	const struct config *cfg = &pl->cfg;
	bool write = !(pl->flags & PIPELINE_DRY_RUN);
	char iso[CLOCK_ISO_MAX];

	if (pl->flags & PIPELINE_REPLAY)
		return 0;
	if (cfg->clock_floor > 0 && write) {
		if (store_reset_last_time(&pl->st, cfg->clock_floor, e) < 0 ||
		    store_set_last_run(&pl->st, cfg->clock_floor, e) < 0)
			return -1;
		pl->floor = cfg->clock_floor;
		clock_iso(pl->floor, iso);
		log_info("the time recorded here is set to %s", iso);
	}
	long long now = clock_now(), run = store_last_run(&pl->st);
	pl->previous_run = run;
	long long seen = run > pl->floor ? run : pl->floor;
	if (!seen || now <= seen + (long long)cfg->max_clock_leap_hours * 3600) {
		/* a run records its time, an hour at a time, mail or none: a referee that ran
		 * through a quiet weekend has not leapt over it */
		if (write && now >= run + 3600 && store_set_last_run(&pl->st, now, e) < 0)
			return -1;
		return 0;
	}
	if (!cfg->accept_clock) {
		ahead(pl, now, seen);
		return 0;
	}
	clock_iso(now, iso);
	log_warn("the clock (%s) is taken as right, %lld hours after the last time recorded "
		 "here: the time recorded moves to it", iso, (now - seen) / 3600);
	if (write && (store_set_last_time(&pl->st, now, e) < 0 ||
		      store_set_last_run(&pl->st, now, e) < 0))
		return -1;
	pl->floor = now;
	return 0;
}

long long pipeline_now(struct pipeline *pl)
{
	long long now = clock_now();

	if (pl->flags & PIPELINE_REPLAY)
		return now;             /* a replay takes each mail's recorded time */
	if (now < pl->floor) {
		pipeline_behind(pl, now, pl->floor);
		return pl->floor;
	}
	return now;
}

bool pipeline_game_behind(struct pipeline *pl, const struct game *g, long long *now)
{
	long long last = g->updated[0] ? clock_parse(g->updated) : -1;

	if (pl->flags & PIPELINE_REPLAY)
		return false;
	if (pl->ahead)
		return true;            /* nothing on time (pipeline_clock_open) */
	if (last > *now) {
		pipeline_behind(pl, *now, last);
		*now = last;
	}
	return pl->behind;
}

/* The floor moved up to t, durably enough: a failure costs a lower floor, told. */
static void record(struct pipeline *pl, long long t)
{
	struct err e;

	if (t <= pl->floor)
		return;
	if (store_set_last_time(&pl->st, t, &e) < 0)
		log_warn("%s", e.msg);
	else
		pl->floor = t;
}

void pipeline_time_done(struct pipeline *pl, long long t)
{
	if (pl->flags & (PIPELINE_REPLAY | PIPELINE_DRY_RUN))
		return;
	if (!pl->batch.on)
		record(pl, t);
	else if (t > pl->batch.latest)
		pl->batch.latest = t;
}

void pipeline_time_commit(struct pipeline *pl)
{
	record(pl, pl->batch.latest);
	pl->batch.latest = 0;
}
