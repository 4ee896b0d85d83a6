/* cmd_replay.c: `tempest replay LOG.mbox --into DIR`: rebuilds a game from its log in a
 * fresh data directory, sending nothing, and checks every state hash the log recorded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/mbox.h"
#include "pipeline/pipeline.h"
#include "pipeline/replay.h"
#include "util/clock.h"
#include "util/fsutil.h"
#include "util/log.h"

static const char usage[] =
	"usage: tempest replay [-c FILE] [-v] LOG.mbox --into DIR [--key FILE]\n"
	"\n"
	"Rebuilds the games of a game log (DATA/games/N.mbox), or a tournament from its\n"
	"log (DATA/tournaments/T.mbox: its standings and the ratings its games made), from\n"
	"scratch in the new directory DIR, sending nothing, and compares each step with the\n"
	"state hash the log recorded. The referee's key (from the configuration's data\n"
	"directory, or --key) is needed to check reply tokens and repeat its random choices.\n"
	"Prints the first difference, if any. Exit status: 0 all steps match, 1 a step\n"
	"differs, 2 bad arguments or an unreadable log.\n";

/* The log's incoming mails are replayed in batches (pipeline_batch): each game is kept
 * in memory across a batch instead of being read and written for every mail. A replay
 * syncs nothing, so a larger batch saves little: it keeps to 1,000 mails, and its memory
 * low (bench/replay.sh). */
#define REPLAY_BATCH 1000

struct run {
	struct pipeline *pl;
	struct replay_check rc;
	int failed;
	char error[1024];
	struct pipeline_mail mails[REPLAY_BATCH];
	int status[REPLAY_BATCH];
	size_t n, bytes;                /* the mails gathered and their size */
	size_t done;                    /* the mails replayed so far */
};

static int flush(struct run *r)
{
	struct err e;

	e.msg[0] = 0;
	if (r->n && pipeline_batch(r->pl, r->mails, r->n, r->status, &e) < 0) {
		snprintf(r->error, sizeof r->error, "%s", e.msg);
		r->failed = 1;
	}
	for (size_t i = 0; i < r->n; i++)
		free((char *)r->mails[i].raw);
	r->done += r->n;
	/* with -v, the progress: the time a mail takes, early and late (bench/replay.sh) */
	if (!r->failed)
		log_info("%zu mails replayed", r->done);
	r->n = r->bytes = 0;
	return r->failed;               /* stop at the first difference */
}

static int each(const char *raw, size_t len, long offset, void *arg)
{
	struct run *r = arg;
	char *copy;

	(void)offset;
	if (replay_is_outgoing(raw, len))
		return 0;
	if (!(copy = malloc(len + 1))) {
		snprintf(r->error, sizeof r->error, "out of memory");
		r->failed = 1;
		return 1;
	}
	memcpy(copy, raw, len + 1);
	r->mails[r->n++] = (struct pipeline_mail){ copy, len, 0, 0 };
	r->bytes += len;
	return r->n == REPLAY_BATCH || r->bytes >= PIPELINE_BATCH_BYTES ? flush(r) : 0;
}

static int copy_key(const char *from, const char *dir, struct err *e)
{
	char *key, path[4096];
	size_t len;

	if (fs_read(from, 1024, &key, &len, e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/key", dir);
	int rc = fs_mkdirs(dir, 0700, e) < 0 ? -1 : fs_write_atomic(path, key, len, 0600, e);
	free(key);
	return rc;
}

/* A tournament's log: its actions applied again (pipeline_replay_tournament). */
static int replay_tournament(const struct common *c, const char *log)
{
	struct replay_check rc = { 0 };
	char why[1024];
	struct err e;
	int r = pipeline_replay_tournament(&c->cfg, log, &rc, why, sizeof why, &e);

	if (r < 0) {
		fprintf(stderr, "tempest replay: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (r > 0) {
		printf("replay of %s: %d of %d actions matched; first difference: %s\n", log,
		       rc.matched, rc.mails, why);
		return EXIT_FAILED;
	}
	printf("replay of %s: %d actions, every recorded state reproduced\n", log, rc.mails);
	return EXIT_OK;
}

enum { OPT_INTO = 256, OPT_KEY };

struct replay_args {
	const char *into, *keyfile;
};

static int replay_option(int val, const char *arg, void *ctx)
{
	struct replay_args *a = ctx;

	if (val == OPT_INTO)
		a->into = arg;
	else
		a->keyfile = arg;
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	static const struct option own[] = {
		{ "into", required_argument, NULL, OPT_INTO },
		{ "key", required_argument, NULL, OPT_KEY },
		{ NULL, 0, NULL, 0 },
	};
	struct replay_args a = { NULL, NULL };
	const struct common_opts opts = { own, replay_option, &a };
	struct common c;
	static struct run r;
	struct err e;
	const char *log, *into, *keyfile;
	char keypath[4096], games[4200];
	int next, rc = common_start_opts(argc, argv, usage, &opts, &c, &next);

	if (rc >= 0)
		return rc;
	if (next != argc - 1 || !a.into) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	log = argv[next], into = a.into, keyfile = a.keyfile;
	snprintf(games, sizeof games, "%s/games", into);
	if (fs_exists(games)) {
		fprintf(stderr, "tempest replay: %s already holds games; give a new directory\n", into);
		return EXIT_USAGE;
	}
	snprintf(keypath, sizeof keypath, "%s/key", c.cfg.data_dir);
	if (copy_key(keyfile ? keyfile : keypath, into, &e) < 0) {
		fprintf(stderr, "tempest replay: the referee's key: %s\n", e.msg);
		return EXIT_USAGE;
	}
	snprintf(c.cfg.data_dir, sizeof c.cfg.data_dir, "%s", into);
	c.cfg.smtp_url[0] = 0;
	if (pipeline_log_is_tournament(log))
		return replay_tournament(&c, log);
	if (pipeline_open(&r.pl, &c.cfg, PIPELINE_REPLAY, &e) < 0) {
		fprintf(stderr, "tempest replay: %s\n", e.msg);
		return EXIT_USAGE;
	}
	pipeline_set_replay(r.pl, &r.rc);
	rc = mbox_read(log, each, &r, &e);
	if (rc >= 0 && !r.failed)
		flush(&r);
	for (size_t i = 0; i < r.n; i++)
		free((char *)r.mails[i].raw);
	pipeline_close(r.pl);
	clock_set(-1);
	if (rc < 0) {
		fprintf(stderr, "tempest replay: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (r.failed) {
		printf("replay of %s: %d of %d mails matched; first difference: %s\n", log,
		       r.rc.matched, r.rc.mails, r.rc.differed ? r.rc.difference : r.error);
		return EXIT_FAILED;
	}
	printf("replay of %s: %d mails, every recorded state reproduced\n", log, r.rc.mails);
	return EXIT_OK;
}
