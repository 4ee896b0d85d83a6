/* common.h: what every mail-side command shares: -c FILE, -n, --offline, --dry-run, -v,
 * --help (options anywhere on the line, getopt_long), loading and checking the
 * configuration, rules, templates and the data directory, and the exit status of a
 * failure. */
#ifndef TEMPEST_CLI_COMMON_H
#define TEMPEST_CLI_COMMON_H

#include <getopt.h>
#include <stdbool.h>

#include "config/config.h"

struct common {
	const char *config_path;
	bool check_only;        /* -n */
	bool offline;           /* -n --offline: no connection to the servers */
	bool dry_run;
	int verbose;
	struct config cfg;
};

/* A command's own option: getopt_long's val (>= 256 to stay clear of the common ones)
 * is handed to handle() with its argument; handle() returns 0, or -1 to refuse the line
 * (after saying why). */
struct common_opts {
	const struct option *options;   /* ends with a zero entry */
	int (*handle)(int val, const char *arg, void *ctx);
	void *ctx;
};

/* Parses the options anywhere on the line (the arguments left are argv[*next..argc),
 * in order) and loads the configuration. Returns -1 to go on, or an exit status to
 * return at once (EXIT_OK after --help, EXIT_USAGE). own may be NULL. */
int common_start_opts(int argc, char **argv, const char *usage, const struct common_opts *own,
		      struct common *c, int *next);
/* The clock's options of the commands that decide by time or record it (poll, process,
 * tick): --accept-clock (a clock far ahead of the time recorded is right) and
 * --clock-floor TIME (the time recorded set to TIME first: a floor a clock that ran
 * ahead left). They land in c->cfg (accept_clock, clock_floor) once it is loaded. */
extern const struct common_opts common_clock_opts;
int common_start_clock(int argc, char **argv, const char *usage, struct common *c, int *next);
/* What the allocator (glibc's) gives back, for the commands that run batches of mails
 * (process, poll). A batch's buffers of 128 KB (the spool's windows, the outbox's reads
 * and writes) come and go with its mails: under glibc's sliding threshold, once one
 * larger block is freed (the batch's mails, 4 MB) the next are carved from the heap,
 * whose high-water mark then is the run's peak. A fixed threshold maps them apart and
 * gives them back when freed: bench/process.sh's peak 31.9-32.1 MB before, 30.2-30.3
 * after. Not for every command: the archive's pages grow through 128 KB one after the
 * other, and mapping each anew cost it 7,000 page faults more (0.12 s of system time). */
void common_batch_memory(void);
/* common_start_opts() without options of the command's own. */
int common_start(int argc, char **argv, const char *usage, struct common *c, int *next);
/* What a command needs beyond the common settings, for common_check(). */
enum common_needs {
	COMMON_NEEDS_IMAP = 1,  /* poll: mail comes from imap_url only */
};
/* -n: checks the configuration, the data directory (owner, modes, key; one not made yet
 * is said), every variant file and every template, then (unless --offline) connects and
 * logs in to the IMAP and the SMTP servers; changes nothing. Prints a line for each check
 * whatever the others found, then a verdict. Returns the worst exit status
 * (common_worst) of them all. needs: enum common_needs. */
int common_check(const struct common *c, unsigned needs);
/* Before a command opens the data directory: EXIT_USAGE (the reason printed, prefixed
 * by who) for what a person must fix (owner, modes, a key others can read; with --dry-run,
 * a data directory not made yet, since a dry run creates nothing); -1 to go on. The
 * templates are not read here: pipeline_open() reads them, before the data directory,
 * and a template it cannot read is for a person too (read twice, they were a fifth of an
 * idle run). */
int common_ready(const struct common *c, const char *who);
/* printf to standard output, its phrases (util/phrase.h) in English: what the game
 * master reads. */
int cli_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The exit status of a failure: EXIT_USAGE when a person must act (e marked by
 * err_for_a_person: a login refused, a certificate, settings, a damaged file), else
 * EXIT_TEMPFAIL (unreachable, timed out, a connection dropped, a full disk: a later run
 * may succeed). */
int common_fail_status(const struct err *e);
/* The worse of two exit statuses, in the order 0, 1, 75, 2: a run reports the failure
 * that most needs a person. */
int common_worst(int a, int b);
struct deliver_stats;
/* The exit status of an outbox flush (deliver.h): 2 when it stopped on a failure for a
 * person, 75 when a reply is left for a later run (a server's failure, or deferred by
 * max_replies_per_sender), 1 when one was refused for good, else 0. */
int common_deliver_status(const struct deliver_stats *ds);
/* The exit status of a pipeline run's mails: 2 if one failed on a damaged file (and says
 * what to do), else 75 if any is left for the next run (failed > 0), else 0. */
struct pipeline_stats;
int common_mails_status(const struct pipeline_stats *s, int failed);

#endif
