/* clock.c: see clock.h. */
#include "util/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>
#include <unistd.h>

#include "util/phrase.h"

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

bool clock_timezone_ok(const char *tz)
{
	char path[256];

	if (!tz || !*tz || strlen(tz) >= 64 || strstr(tz, "..") || tz[0] == '/')
		return false;
	for (const char *c = tz; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("/_-+", *c))
			return false;
	snprintf(path, sizeof path, "/usr/share/zoneinfo/%s", tz);
	return access(path, R_OK) == 0;
}

/* The date tm as a phrase: its weekday and month phrases of their own, so that each
 * language writes them (no locale is used: "C" has English's). */
static void date_phrase(const struct tm *tm, const char *zone, char *out, size_t len)
{
	static const char *const days[] = {
		NC_("weekday", "Sun"), NC_("weekday", "Mon"), NC_("weekday", "Tue"),
		NC_("weekday", "Wed"), NC_("weekday", "Thu"), NC_("weekday", "Fri"),
		NC_("weekday", "Sat"),
	};
	static const char *const months[] = {
		NC_("month", "Jan"), NC_("month", "Feb"), NC_("month", "Mar"), NC_("month", "Apr"),
		NC_("month", "May"), NC_("month", "Jun"), NC_("month", "Jul"), NC_("month", "Aug"),
		NC_("month", "Sep"), NC_("month", "Oct"), NC_("month", "Nov"), NC_("month", "Dec"),
	};

	/* TRANSLATORS: a date: weekday, day, month, year, hour, minute, time zone */
	phrase_pprintf(out, len, "date", "%s %02d %s %d %02d:%02d %s", days[tm->tm_wday % 7],
		       tm->tm_mday, months[tm->tm_mon % 12], tm->tm_year + 1900, tm->tm_hour,
		       tm->tm_min, zone);
}

void clock_local(long long t, const char *tz, char *out, int len)
{
	char *old = getenv("TZ"), saved[128] = "", zone[16];
	time_t tt = (time_t)t;
	struct tm tm;

	/* UTC, the zone of most times told, without setting TZ: each tzset() reads the zone
	 * file again, which cost more than the rest of a reply */
	if (!tz || !strcmp(tz, "UTC") || !clock_timezone_ok(tz)) {
		gmtime_r(&tt, &tm);
		date_phrase(&tm, "UTC", out, (size_t)len);
		return;
	}
	if (old)
		snprintf(saved, sizeof saved, "%s", old);
	setenv("TZ", tz, 1);
	tzset();
	localtime_r(&tt, &tm);
	strftime(zone, sizeof zone, "%Z", &tm);
	date_phrase(&tm, zone, out, (size_t)len);
	if (old)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
}

void clock_days(long long n, char *out, size_t len)
{
	phrase_nprintf(out, len, (unsigned long)n, "%lld day", "%lld days", n);
}

/* n of a unit (0 days, 1 hours, 2 minutes) as a phrase of its own, in its plural. */
static void units(long long n, int unit, char *out, size_t len)
{
	if (unit == 0)
		clock_days(n, out, len);
	else if (unit == 1)
		phrase_nprintf(out, len, (unsigned long)n, "%lld hour", "%lld hours", n);
	else
		phrase_nprintf(out, len, (unsigned long)n, "%lld minute", "%lld minutes", n);
}

void clock_duration(long long secs, char *out, int len)
{
	long long d = secs / 86400, h = secs % 86400 / 3600, m = secs % 3600 / 60;
	char a[64], b[64];
	long long n[2];
	int unit;

	if (secs <= 0) {
		phrase_printf(out, (size_t)len, "no time");
		return;
	}
	if (d)
		n[0] = d, n[1] = h, unit = 0;
	else if (h)
		n[0] = h, n[1] = m, unit = 1;
	else
		n[0] = m ? m : 1, n[1] = 0, unit = 2;
	units(n[0], unit, a, sizeof a);
	if (!n[1]) {
		snprintf(out, (size_t)len, "%s", a);
		return;
	}
	units(n[1], unit + 1, b, sizeof b);
	phrase_fit(out, (size_t)len, a);
	size_t at = strlen(out);
	if (at + 1 + strlen(b) < (size_t)len)       /* two phrases, a blank between */
		snprintf(out + at, (size_t)len - at, " %s", b);
}

int clock_parse_durations(const char *spec, long long *out, int max)
{
	char copy[256], *save = NULL;
	int n = 0;

	if (strlen(spec) >= sizeof copy)
		return -1;
	snprintf(copy, sizeof copy, "%s", spec);
	for (char *w = strtok_r(copy, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		long long d = clock_parse_duration(w);
		if (d <= 0 || n == max)
			return -1;
		out[n++] = d;
	}
	return n;
}

long long clock_parse_duration(const char *s)
{
	long long total = 0;

	if (!s || !*s)
		return -1;
	while (*s) {
		char *end;
		long long n = strtoll(s, &end, 10);
		if (end == s || n < 0 || n > 1000000)
			return -1;
		switch (*end) {
		case 'd': total += n * 86400; break;
		case 'h': total += n * 3600; break;
		case 'm': total += n * 60; break;
		default: return -1;
		}
		s = end + 1;
	}
	return total;
}

/* Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm). */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
	long long era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

long long clock_civil(int y, int month, int day, int hour, int min, int sec, int zone)
{
	static const int mdays[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int z;
	long long t, off;

	if (zone < -2359 || zone > 2359)
		return -1;
	z = zone < 0 ? -zone : zone;
	if (y >= 0 && y < 50)
		y += 2000;
	else if (y >= 50 && y < 1000)
		y += 1900;
	if (y < 1000 || y > 9999 || month < 1 || month > 12 || day < 1 ||
	    day > mdays[month - 1] || hour < 0 || hour > 23 || min < 0 || min > 59 || sec < 0 ||
	    sec > 60 || z % 100 > 59)
		return -1;
	if (month == 2 && day == 29 && (y % 4 || (y % 100 == 0 && y % 400)))
		return -1;
	t = days_from_civil(y, (unsigned)month, (unsigned)day) * 86400 + hour * 3600 + min * 60 +
	    sec;
	off = (z / 100) * 3600 + (z % 100) * 60;
	return zone < 0 ? t + off : t - off;
}
