/* cmd_archive.c: `tempest archive [OUTDIR]`: the public archive of the games as static
 * HTML pages (cli/archive_run.c writes them, render/archive*.c makes them). */
#include <stdio.h>
#include <stdlib.h>

#include "cli/archive.h"
#include "cli/cli.h"
#include "cli/common.h"

static const char archive_usage[] =
	"usage: tempest archive [-c FILE] [-n] [-v] [--all] [OUTDIR]\n"
	"\n"
	"Writes the public archive of the games into OUTDIR (else the configuration's\n"
	"archive_dir): an index of the games, and for each a page (its board, its moves with\n"
	"every position, the cards played, its result and, once over, the reveal) and its\n"
	"PGN. Static HTML, no script: any web server can serve the folder. A game asked to\n"
	"stay private at its challenge, a challenge not yet accepted and a declined one are\n"
	"left out. Only the games whose state changed since the last run are written again\n"
	"(--all: every one); each file replaces the old by a rename. With archive_dir set,\n"
	"poll and process do the same after their run. -n checks the configuration, the\n"
	"data directory, the rules and the templates, and writes nothing.\n"
	"Exit status: 0 done; 1 some game could not be read (the others are written; the\n"
	"reason is on standard error); 2 no OUTDIR, a bad configuration, or a file that cannot\n"
	"be written; 75 a full disk or another archive run at work (try again later).\n";

enum { OPT_ALL = 256 };

static int archive_option(int val, const char *arg, void *ctx)
{
	(void)arg;
	if (val == OPT_ALL)
		*(bool *)ctx = true;
	return 0;
}

int cmd_archive(int argc, char **argv)
{
	static const struct option own[] = {
		{ "all", no_argument, NULL, OPT_ALL },
		{ NULL, 0, NULL, 0 },
	};
	bool all = false;
	const struct common_opts opts = { own, archive_option, &all };
	struct common c;
	struct archive_stats st;
	struct err e = { 0 };
	int next, rc = common_start_opts(argc, argv, archive_usage, &opts, &c, &next);

	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	if (c.dry_run) {        /* it writes nothing but the archive: nothing to try */
		fprintf(stderr, "tempest archive: --dry-run has nothing to leave out: the archive "
			"is all it writes\n");
		return EXIT_USAGE;
	}
	const char *outdir = next < argc ? argv[next] : c.cfg.archive_dir;
	if (argc - next > 1 || !outdir[0]) {
		fputs(archive_usage, stderr);
		return EXIT_USAGE;
	}
	if (archive_update(&c.cfg, outdir, all, &st, &e) < 0) {
		fprintf(stderr, "tempest archive: %s\n", e.msg);
		return e.for_a_person ? EXIT_USAGE : EXIT_TEMPFAIL;
	}
	if (c.verbose)
		printf("archive %s: %d games, %d published, %d pages written, %d removed\n",
		       outdir, st.games, st.published, st.written, st.removed);
	return st.unreadable ? EXIT_FAILED : EXIT_OK;
}
