/* clock.h: the referee's idea of "now". Tests and replays set it ($TEMPEST_NOW, epoch
 * seconds or an ISO 8601 UTC time), so that runs are repeatable. */
#ifndef TEMPEST_CLOCK_H
#define TEMPEST_CLOCK_H

#define CLOCK_ISO_MAX 32

long long clock_now(void);
/* Forces the clock (replay uses the recorded times); < 0 returns to the real clock. */
void clock_set(long long t);
/* "2026-11-22T10:00:00Z" */
void clock_iso(long long t, char out[CLOCK_ISO_MAX]);
/* Reads clock_iso's format or epoch seconds; -1 if neither. */
long long clock_parse(const char *s);
/* RFC 5322 date: "Sun, 22 Nov 2026 10:00:00 +0000" */
void clock_rfc5322(long long t, char out[CLOCK_ISO_MAX + 8]);

#endif
