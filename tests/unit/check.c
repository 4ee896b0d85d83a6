/* check.c: see check.h. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/phrase.h"

static int passed, failed;
static char context[512];

void check_context(const char *fmt, ...)
{
	va_list ap;

	if (!fmt) {
		context[0] = 0;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(context, sizeof context, fmt, ap);
	va_end(ap);
}

static bool report(bool ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool report(bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return true;
	}
	failed++;
	fprintf(stderr, "%s:%d: FAIL: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (context[0])
		fprintf(stderr, "\n    (%s)", context);
	fputc('\n', stderr);
	return false;
}

bool check_true(bool ok, const char *what, const char *file, int line)
{
	return report(ok, file, line, "%s", what);
}

/* got as English, when it holds phrases (util/phrase.h) and want does not: what a
 * test of the game writes is the English a reader would get. The caller frees it. */
static char *english(const char *got, const char *want)
{
	return got && want && phrase_has(got) && !phrase_has(want) ?
	       phrase_render_dup(got, NULL) : NULL;
}

bool check_str(const char *got, const char *want, const char *what, const char *file, int line)
{
	char *en = english(got, want);

	if (en)
		got = en;
	bool ok = got && want ? !strcmp(got, want) : got == want;
	bool rc = report(ok, file, line, "%s\n    got:  \"%s\"\n    want: \"%s\"", what,
			 got ? got : "(null)", want ? want : "(null)");
	free(en);
	return rc;
}

bool check_int(long long got, long long want, const char *what, const char *file, int line)
{
	return report(got == want, file, line, "%s: got %lld, want %lld", what, got, want);
}

bool check_has(const char *got, const char *want, const char *what, const char *file, int line)
{
	char *en = english(got, want);

	if (en)
		got = en;
	bool rc = report(got && want && strstr(got, want), file, line,
			 "%s\n    got:  \"%s\"\n    should contain: \"%s\"", what,
			 got ? got : "(null)", want ? want : "(null)");
	free(en);
	return rc;
}

const char *check_en(const char *text)
{
	static char out[8][2048];
	static int i;

	i = (i + 1) % 8;
	return phrase_english(text ? text : "", out[i], sizeof out[i]);
}

int check_done(void)
{
	extern const char *__progname;

	printf("%s: %d passed, %d failed\n", __progname, passed, failed);
	return failed ? 1 : 0;
}
