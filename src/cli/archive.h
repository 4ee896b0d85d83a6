/* archive.h: the public archive brought up to date (archive_run.c): `tempest archive`,
 * and `poll` and `process` after their run when archive_dir is set (tempest.conf(5)). */
#ifndef TEMPEST_CLI_ARCHIVE_H
#define TEMPEST_CLI_ARCHIVE_H

#include <stdbool.h>

#include "config/config.h"
#include "util/err.h"

struct archive_stats {
	int games;              /* in the data directory */
	int published;          /* with a page in the archive */
	int written;            /* pages written this run */
	int removed;            /* pages removed (a game gone) */
	int unreadable;         /* game files that could not be read (said on stderr) */
};

/* Writes into outdir (made if missing) a page and a PGN file for every public game whose
 * state changed since the last run (every one if `all`), the index if any changed, and
 * the manifest that remembers them. Each file replaces the old by a rename: a reader sees
 * the old page or the new. 0, or -1 with e said (the data directory, the templates, a
 * file that cannot be written); a game that cannot be read is counted and skipped. */
int archive_update(const struct config *cfg, const char *outdir, bool all,
		   struct archive_stats *st, struct err *e);
/* After a poll or a process: archive_update into cfg->archive_dir if it is set; a failure
 * is logged, never the run's (its mails are processed). */
void archive_after_run(const struct config *cfg);

#endif
