/* err.c: see err.h. */
#include "util/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int err_set(struct err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	e->for_a_person = false;
	return -1;
}

int err_phrase(struct err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	phrase_vprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	e->for_a_person = false;
	return -1;
}

int err_for_a_person(struct err *e)
{
	if (e)
		e->for_a_person = true;
	return -1;
}

void err_prefix(struct err *e, const char *fmt, ...)
{
	char head[ERR_MAX], old[ERR_MAX];
	va_list ap;

	if (!e)
		return;
	va_start(ap, fmt);
	vsnprintf(head, sizeof head, fmt, ap);
	va_end(ap);
	memcpy(old, e->msg, sizeof old);
	snprintf(e->msg, sizeof e->msg, "%s%s", head, old);
}

const char *err_msg(const struct err *e)
{
	return e ? e->msg : "";
}
