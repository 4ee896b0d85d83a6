/* cmd_send.c: `tempest send`: flushes the outbox, e.g. from cron after the mail server
 * was down, without reading any mail. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "mail/outbox.h"
#include "mail/spool.h"
#include "store/store.h"
#include "util/fsutil.h"
#include "util/log.h"

static const char usage[] =
	"usage: tempest send [-c FILE] [-n] [--dry-run] [-v]\n"
	"\n"
	"Sends the replies waiting in the data directory's outbox, oldest first: over SMTP if\n"
	"the configuration names a server (smtp_url), else to standard output as an mbox. A\n"
	"reply the server refuses for good moves to outbox/failed/; after a temporary failure\n"
	"the rest stay queued for the next run.\n"
	"  -c FILE    configuration file (default: $TEMPEST_CONFIG, else built-in defaults)\n"
	"  -n         check the configuration, data directory, rules, templates and (unless\n"
	"             --offline) the IMAP login; change nothing, then exit\n"
	"  --dry-run  send nothing; list the queued replies and their recipients\n"
	"  -v         say what happens\n"
	"Exit status: 0 all sent; 75 some replies stay queued (a temporary failure, or\n"
	"max_replies_per_sender: try again later); 1 some reply was refused for good;\n"
	"2 something a person must fix (configuration, arguments, the login refused, a\n"
	"certificate or TLS).\n";

/* --dry-run: one line per queued reply, "PATH -> RECIPIENT" (a spooled one's PATH is
 * SPOOL#INDEX). */
static int list_queue(const char *outbox)
{
	char rcpt[512], *text, label[PATH_MAX + 32];
	struct queue q;
	size_t len;
	struct err e;
	int bad = 0;

	if (queue_load(outbox, &q, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		queue_free(&q);
		return EXIT_TEMPFAIL;
	}
	for (size_t i = 0; i < q.n; i++) {
		int ok = queue_text(&q, i, &text, &len, &e) == 0;
		if (ok) {
			ok = outbox_recipient(text, rcpt, sizeof rcpt, &e) == 0;
			free(text);
		}
		queue_label(&q, i, label, sizeof label);
		if (ok)
			printf("%s -> %s\n", label, rcpt);
		else {
			printf("%s: %s\n", label, e.msg);
			bad++;
		}
	}
	queue_free(&q);
	return bad ? EXIT_FAILED : EXIT_OK;
}

int cmd_send(int argc, char **argv)
{
	struct common c;
	struct store st;
	struct deliver_stats ds;
	struct err e = { .msg = "" };
	char outbox[PATH_MAX + 16];
	int next, rc = common_start(argc, argv, usage, &c, &next);

	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	if (next < argc) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	snprintf(outbox, sizeof outbox, "%s/outbox", c.cfg.data_dir);
	if (c.dry_run)          /* reads the queue only: no lock, nothing made */
		return list_queue(outbox);
	if ((rc = common_ready(&c, "tempest")) >= 0)
		return rc;
	if (store_open(&st, c.cfg.data_dir, STORE_CREATE, c.cfg.lock_timeout, "tempest send",
		       &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		return common_fail_status(&e);
	}
	if (deliver_outbox(&c.cfg, outbox, stdout, &ds, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		rc = common_worst(EXIT_TEMPFAIL, common_deliver_status(&ds));
	} else {
		log_info("%d sent, %d refused (moved to %s/failed/), %d left queued", ds.sent,
			 ds.rejected, outbox, ds.tempfail + ds.deferred);
		rc = common_deliver_status(&ds);
	}
	store_close(&st);
	return rc;
}
