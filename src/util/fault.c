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
