/* fault.c: see fault.h. */
#include "util/fault.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void fault_point(const char *name)
{
	const char *want = getenv("TEMPEST_FAULT");

	if (want && !strcmp(want, name))
		kill(getpid(), SIGKILL);
}

void fault_mail(const char *raw, size_t len)
{
	const char *want = getenv("TEMPEST_FAULT_MAIL");

	if (want && *want && memmem(raw, len, want, strlen(want)))
		kill(getpid(), SIGKILL);
}
