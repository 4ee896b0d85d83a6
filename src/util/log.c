/* log.c: see log.h. */
#include "util/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>

#include "util/phrase.h"

static enum log_level threshold = LOG_LEVEL_WARN;
static bool to_syslog;

void log_setup(enum log_level level, bool use_syslog)
{
	threshold = level;
	to_syslog = use_syslog;
	if (use_syslog)
		openlog("tempest", LOG_PID, LOG_MAIL);
}

/* A line of the log, its phrases (a refusal's reason, util/phrase.h) in English. */
static void emit(enum log_level level, int prio, const char *tag, const char *fmt, va_list ap)
{
	char *text = NULL, *en = NULL;

	if (level > threshold)
		return;
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	if (text && phrase_has(text))
		en = phrase_render_dup(text, NULL);
	const char *line = en ? en : text ? text : fmt;
	fprintf(stderr, "tempest: %s%s\n", tag, line);
	if (to_syslog)
		syslog(prio, "%s", line);
	free(en);
	free(text);
}

#define LOG_FN(name, level, prio, tag)                          \
	void name(const char *fmt, ...)                         \
	{                                                       \
		va_list ap;                                     \
		va_start(ap, fmt);                              \
		emit(level, prio, tag, fmt, ap);                \
		va_end(ap);                                     \
	}

LOG_FN(log_error, LOG_LEVEL_ERROR, LOG_ERR, "error: ")
LOG_FN(log_warn, LOG_LEVEL_WARN, LOG_WARNING, "warning: ")
LOG_FN(log_info, LOG_LEVEL_INFO, LOG_INFO, "")
LOG_FN(log_debug, LOG_LEVEL_DEBUG, LOG_DEBUG, "debug: ")
