/* cmd_tick.c: `tempest tick` (cron): what time decides, then the mails sent; and
 * `tempest adjust`: the game master's extensions and decisions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "pipeline/pipeline.h"
#include "util/log.h"

static const char tick_usage[] =
	"usage: tempest tick [-c FILE] [-n] [--dry-run] [-v] [--accept-clock]\n"
	"                   [--clock-floor TIME]\n"
	"\n"
	"Run from cron (every 10 to 15 minutes; see docs/game-masters.md, \"Time\"). For every game: a\n"
	"player whose deadline has passed loses on time (or, for an interception or answer\n"
	"window, the window closes); draw offers and challenges older than the configured\n"
	"days lapse. Then reminders go out at the configured steps before each deadline,\n"
	"at most one mail per player per run, covering all their games. Every mail is sent\n"
	"(or queued) at the end, as by 'tempest send'.\n"
	"  --dry-run  change nothing; print the mails that would be sent\n"
	"  --accept-clock  a clock far ahead of the last time recorded (max_clock_leap_hours)\n"
	"             is right: the referee was down; take its time (else such a run does\n"
	"             nothing and exits 75)\n"
	"  --clock-floor TIME  set the last time recorded to TIME first (a clock that ran\n"
	"             ahead left it later than the true time)\n"
	"Exit status: 0 done; 75 something must be retried (a game file could not be\n"
	"written, the mail server is down, replies left queued); 2 something a person must\n"
	"fix (configuration, arguments, the SMTP login refused, a damaged game file).\n";

static const char adjust_usage[] =
	"usage: tempest adjust [-c FILE] [-n] [--dry-run] [-v] GAME ACTION...\n"
	"\n"
	"The game master's decisions, mailed to both players (and the game's arbiter) and\n"
	"recorded in the game log:\n"
	"  extend white|black DURATION     more time: '3 days', '12 hours', '1d12h'; the\n"
	"                                  current turn's deadline moves (with a bank or\n"
	"                                  Fischer clock, a waiting player's bank grows)\n"
	"  result 1-0|0-1|1/2-1/2 [REASON] ends the game with this result\n"
	"  timeout white|black             applies a passed deadline now (as tick would)\n"
	"  expire draw-offer | expire challenge\n"
	"  close                           a game of several boards: time is called\n"
	"Exit status: 0 done; 1 the action does not apply (the reason is printed);\n"
	"2 bad arguments, or something a person must fix; 75 a transient failure.\n";

static int deliver(const struct common *c, struct pipeline *pl)
{
	struct deliver_stats ds = { 0 };
	struct err e;

	if (c->dry_run)
		return EXIT_OK;
	if (deliver_outbox(&c->cfg, pipeline_outbox(pl), stdout, &ds, &e) < 0)
		log_warn("mails stay queued: %s", e.msg);
	return common_deliver_status(&ds);
}

int cmd_tick(int argc, char **argv)
{
	struct common c;
	struct pipeline *pl;
	struct tick_stats ts;
	struct err e;
	int next, rc = common_start_clock(argc, argv, tick_usage, &c, &next);

	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	if (next != argc) {
		fputs(tick_usage, stderr);
		return EXIT_USAGE;
	}
	if ((rc = common_ready(&c, "tempest tick")) >= 0)
		return rc;
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest tick: %s\n", e.msg);
		return common_fail_status(&e);
	}
	int failed = pipeline_tick(pl, &ts, &e) < 0;
	if (failed)
		log_error("%s", e.msg);
	rc = deliver(&c, pl);
	log_info("%d games: %d actions, %d not applicable, %d reminders", ts.games, ts.actions,
		 ts.refused, ts.reminders);
	pipeline_close(pl);
	return failed ? common_worst(rc, common_fail_status(&e)) : rc;
}

int cmd_adjust(int argc, char **argv)
{
	struct common c;
	struct pipeline *pl;
	struct err e;
	char action[1024] = "", why[512], *end;
	int next, rc = common_start(argc, argv, adjust_usage, &c, &next);

	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	if (argc - next < 2) {
		fputs(adjust_usage, stderr);
		return EXIT_USAGE;
	}
	long id = strtol(argv[next], &end, 10);
	if (*end || id < 1) {
		fprintf(stderr, "tempest adjust: '%s' is not a game number\n", argv[next]);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[next + 1], "new")) {
		fprintf(stderr, "tempest adjust: use 'tempest new' to set up a game\n");
		return EXIT_USAGE;
	}
	for (int i = next + 1; i < argc; i++) {
		size_t n = strlen(action);
		snprintf(action + n, sizeof action - n, "%s%s", n ? " " : "", argv[i]);
		if (strchr(argv[i], '\n')) {
			fprintf(stderr, "tempest adjust: an action is one line\n");
			return EXIT_USAGE;
		}
	}
	phrase_strip(action);           /* the game master's words, as written */
	if ((rc = common_ready(&c, "tempest adjust")) >= 0)
		return rc;
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest adjust: %s\n", e.msg);
		return common_fail_status(&e);
	}
	rc = pipeline_referee(pl, (int)id, action, NULL, why, sizeof why, &e);
	if (rc < 0) {
		fprintf(stderr, "tempest adjust: %s\n", e.msg);
		pipeline_close(pl);
		return common_fail_status(&e);
	}
	if (rc == 1) {
		fprintf(stderr, "tempest adjust: game %ld: %s\n", id, why);
		pipeline_close(pl);
		return EXIT_FAILED;
	}
	printf("game %ld: %s: done\n", id, action);
	rc = deliver(&c, pl);
	pipeline_close(pl);
	return rc;
}
