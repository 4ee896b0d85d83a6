/* log.h: the one logging module: warnings and chatter to stderr (and syslog if asked).
 * Quiet on success: at the default level only warnings and errors print, so cron mails
 * nothing when all is well. */
#ifndef TEMPEST_LOG_H
#define TEMPEST_LOG_H

#include <stdbool.h>

enum log_level { LOG_LEVEL_ERROR = 0, LOG_LEVEL_WARN, LOG_LEVEL_INFO, LOG_LEVEL_DEBUG };

void log_setup(enum log_level level, bool use_syslog);
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
