/* clock.h: the referee's idea of "now". Tests and replays set it ($TEMPEST_NOW, epoch
 * seconds or an ISO 8601 UTC time), so that runs are repeatable. */
#ifndef TEMPEST_CLOCK_H
#define TEMPEST_CLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define CLOCK_ISO_MAX 32

long long clock_now(void);
/* Forces the clock (replay uses the recorded times); < 0 returns to the real clock. */
void clock_set(long long t);
/* "2026-11-22T10:00:00Z" */
void clock_iso(long long t, char out[CLOCK_ISO_MAX]);
/* Reads clock_iso's format or epoch seconds; -1 if neither. */
long long clock_parse(const char *s);
/* UTC seconds for a date and time of day written with a zone offset (+0100 as 100), as a
 * mail's Date and Received headers write it, or -1 when a field is out of range. Two- and
 * three-digit years are read as RFC 5322 says (obs-year). No time zone or locale of this
 * machine is involved. */
long long clock_civil(int year, int month, int day, int hour, int min, int sec, int zone);
/* RFC 5322 date: "Sun, 22 Nov 2026 10:00:00 +0000" */
void clock_rfc5322(long long t, char out[CLOCK_ISO_MAX + 8]);

/* The time t as a player in time zone tz reads it: "Tue 24 Nov 2026 18:00 CET", as a
 * phrase (util/phrase.h: each language writes its dates; out needs CLOCK_LOCAL_MAX). */
#define CLOCK_LOCAL_MAX 160
void clock_local(long long t, const char *tz, char *out, int len);
/* Is this the name of a time zone the system knows ("Europe/Paris", "UTC")? */
bool clock_timezone_ok(const char *tz);
/* "2 days 4 hours", "5 hours 10 minutes", "12 minutes"; negative: "no time": phrases,
 * in each language's plural forms (out needs CLOCK_LOCAL_MAX). */
void clock_duration(long long secs, char *out, int len);
/* "1 day", "3 days", a phrase. */
void clock_days(long long n, char *out, size_t len);
/* "72h", "3d", "90m", "1d12h" in seconds; -1 if not a duration. */
long long clock_parse_duration(const char *s);
/* "72h 24h 6h" (spaces or commas between): up to max durations into out; their count, or
 * -1 if a word is not a duration or there are more than max. */
int clock_parse_durations(const char *spec, long long *out, int max);

#endif
