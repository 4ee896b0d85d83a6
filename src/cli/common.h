/* common.h: what every mail-side command shares: -c FILE, -n, --dry-run, -v, --help,
 * loading and checking the configuration, rules and templates. */
#ifndef TEMPEST_CLI_COMMON_H
#define TEMPEST_CLI_COMMON_H

#include <stdbool.h>

#include "config/config.h"

struct common {
	const char *config_path;
	bool check_only;        /* -n */
	bool dry_run;
	int verbose;
	struct config cfg;
};

/* Parses the common options (stopping at the first other argument or option, which it
 * leaves for the command: *next is its index) and loads the configuration. Returns -1 to
 * go on, or an exit status to return at once (EXIT_OK after --help, EXIT_USAGE). */
int common_start(int argc, char **argv, const char *usage, struct common *c, int *next);
/* -n: checks the configuration, every variant file and every template; prints what it
 * found. Returns an exit status. */
int common_check(const struct common *c);

#endif
