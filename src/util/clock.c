/* clock.c: see clock.h. */
#include "util/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long forced = -1;

long long clock_parse(const char *s)
{
	struct tm tm;
	char *end;

	if (!s || !*s)
		return -1;
	long long n = strtoll(s, &end, 10);
	if (!*end && end != s)
		return n;
	memset(&tm, 0, sizeof tm);
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!end || *end)
		return -1;
	return (long long)timegm(&tm);
}

void clock_set(long long t)
{
	forced = t;
}

long long clock_now(void)
{
	long long env;

	if (forced >= 0)
		return forced;
	if ((env = clock_parse(getenv("TEMPEST_NOW"))) >= 0)
		return env;
	return (long long)time(NULL);
}

void clock_iso(long long t, char out[CLOCK_ISO_MAX])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, CLOCK_ISO_MAX, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void clock_rfc5322(long long t, char out[CLOCK_ISO_MAX + 8])
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	snprintf(out, CLOCK_ISO_MAX + 8, "%s, %d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday],
		 tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}
