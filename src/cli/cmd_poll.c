/* cmd_poll.c: `tempest poll`: one cron run against the referee's IMAP mailbox: every
 * mail in it is processed (oldest first), committed, then moved to the processed folder,
 * batch_size mails at a time (fetched in commands of imap_batch_size mails, moved in one);
 * the replies are sent at the end. The server works while the referee does: the next
 * batch is asked for before this one is processed, and a batch's move is read only after
 * the replies are sent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/archive.h"
#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "mail/imap.h"
#include "pipeline/pipeline.h"
#include "util/fault.h"
#include "util/log.h"

#define QUARANTINE_FOLDER "Quarantine"

static const char usage[] =
	"usage: tempest poll [-c FILE] [-n] [--dry-run] [-v] [--accept-clock]\n"
	"                   [--clock-floor TIME]\n"
	"\n"
	"One run, as cron does it: every mail waiting in imap_mailbox is processed, its\n"
	"result committed, and the mail moved to processed_folder; then the replies are\n"
	"sent (smtp_url). A mail that cannot be processed now (a storage failure) stays for\n"
	"the next run; so do replies the SMTP server cannot take now. Quiet when all is well.\n"
	"  -c FILE    configuration file (default: $TEMPEST_CONFIG)\n"
	"  -n         check the configuration, data directory, rules, templates and (unless\n"
	"             --offline) the IMAP and SMTP logins, each said; change nothing, then\n"
	"             exit with the worst\n"
	"  --dry-run  write nothing, move nothing; print the mails that would be sent\n"
	"  -v         say what happens (twice: more)\n"
	"  --accept-clock  a clock far ahead of the last time recorded (max_clock_leap_hours)\n"
	"             is right: the referee was down; take its time (else such a run does\n"
	"             nothing and exits 75)\n"
	"  --clock-floor TIME  set the last time recorded to TIME first (a clock that ran\n"
	"             ahead left it later than the true time)\n"
	"Exit status: 0 done; 75 try again later (a server unreachable or a connection\n"
	"dropped, mail or replies left for the next run); 1 some reply was refused by the\n"
	"SMTP server; 2 something a person must fix (configuration, a login refused, a\n"
	"certificate or TLS, permissions, missing files, a damaged game file).\n";

/* The fetched mails of a batch go through one group commit (pipeline_batch); status[i]
 * says, for each, 0 (to be moved: done with, or too large to read) or -1 (retry later). */
static void process_batch(struct pipeline *pl, struct imap_mail *mails, size_t n, int *status,
			  const struct common *c)
{
	struct pipeline_mail *pm = calloc(n + 1, sizeof *pm);
	size_t *at = calloc(n + 1, sizeof *at), k = 0;
	int *st = calloc(n + 1, sizeof *st);
	struct err e;

	for (size_t i = 0; i < n; i++) {
		status[i] = mails[i].status < 0 && mails[i].status != IMAP_TOO_LARGE ? -1 : 0;
		if (mails[i].status == IMAP_TOO_LARGE)
			log_warn("mail %u is too large to read; moving it to %s unanswered",
				 mails[i].uid, c->cfg.processed_folder);
		else if (mails[i].status >= 0 && pm && at)
			pm[k] = (struct pipeline_mail){ mails[i].raw, mails[i].len, 0, 0 }, at[k++] = i;
	}
	if (!pm || !at || !st) {
		log_error("out of memory");
		for (size_t i = 0; i < n; i++)
			status[i] = -1;
	} else if (k && pipeline_batch(pl, pm, k, st, &e) < 0)
		log_error("mails left for the next run: %s", e.msg);
	for (size_t j = 0; pm && at && st && j < k; j++)
		if (st[j] < 0 || st[j] == PIPELINE_QUARANTINED)
			status[at[j]] = st[j];  /* -1: fetched with BODY.PEEK, still unread */
	for (size_t i = 0; i < n; i++) {
		free(mails[i].raw);
		mails[i].raw = NULL;
	}
	free(pm), free(at), free(st);
}

/* Moves the mails (uids[0..n)) to folder once their batch is committed; the answer is
 * read at the end of the run (imap_move_wait). Returns how many could not be sent. */
static int move(struct imap *im, const uint32_t *uids, size_t n, const char *folder)
{
	struct err e;

	if (imap_move_send(im, uids, n, folder, &e) == 0)
		return 0;
	/* committed and marked seen: the next run recognises them and moves them then */
	log_warn("%s", e.msg);
	return (int)n;
}

/* One batch: read (asked for before), the next one asked for, processed and committed
 * together, then every mail done with moved in one command. A kill anywhere leaves each
 * mail either uncommitted (processed next time) or committed and in the mailbox
 * (recognised next time, then moved). Returns how many mails are left for the next run. */
static int batch(struct pipeline *pl, struct imap *im, struct imap_mail *mails, size_t n,
		 struct imap_mail *next, size_t nnext, const struct common *c)
{
	uint32_t *done = malloc(n * sizeof *done), *quarantined = malloc(n * sizeof *done);
	int *status = malloc(n * sizeof *status);
	size_t ndone = 0, nquarantined = 0;
	int retry = 0;
	struct err e;

	if (!done || !status || !quarantined) {
		log_error("out of memory");
		free(done), free(status), free(quarantined);
		return (int)n;
	}
	if (imap_fetch_batch(im, mails, n, &e) < 0)
		log_error("%s", e.msg);
	if (nnext)      /* a failure is said when the batch is read */
		imap_fetch_send(im, next, nnext, &e);
	fault_point("batch-fetched");
	process_batch(pl, mails, n, status, c);
	for (size_t i = 0; i < n; i++) {
		if (status[i] < 0)
			retry++;
		else if (status[i] == PIPELINE_QUARANTINED)
			quarantined[nquarantined++] = mails[i].uid;
		else
			done[ndone++] = mails[i].uid;
	}
	free(status);
	fault_point("before-move");
	if (!c->dry_run) {
		retry += move(im, done, ndone, c->cfg.processed_folder);
		/* a mail that killed the runs before: out of the way, where the operator looks */
		retry += move(im, quarantined, nquarantined, QUARANTINE_FOLDER);
	}
	fault_point("after-move");
	free(done);
	free(quarantined);
	return retry;
}

/* Every batch of the mailbox in turn, each asked for while the one before is processed.
 * Returns how many mails are left for the next run. */
static int batches(struct pipeline *pl, struct imap *im, struct imap_mail *mails, size_t n,
		   const struct common *c)
{
	int retry = 0;

	for (size_t i = 0, k = n ? imap_batch_span(im, mails, n) : 0, then; i < n; i += k, k = then) {
		then = i + k < n ? imap_batch_span(im, mails + i + k, n - i - k) : 0;
		retry += batch(pl, im, mails + i, k, mails + i + k, then, c);
	}
	return retry;
}

int cmd_poll(int argc, char **argv)
{
	struct common c;
	struct pipeline *pl;
	struct imap *im;
	struct err e;
	struct imap_mail *mails = NULL;
	size_t n = 0;
	int next, retry = 0, for_a_person = 0, rc = common_start_clock(argc, argv, usage, &c, &next);

	common_batch_memory();
	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, COMMON_NEEDS_IMAP);
	if (next != argc) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (!c.cfg.imap_url[0]) {
		fprintf(stderr, "tempest poll: the configuration names no imap_url (for mail from "
			"a file or a pipe, use 'tempest process')\n");
		return EXIT_USAGE;
	}
	if ((rc = common_ready(&c, "tempest poll")) >= 0)
		return rc;
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest poll: %s\n", e.msg);
		return common_fail_status(&e);
	}
	if (!(im = imap_open(&c.cfg, &e)) || imap_list(im, &mails, &n, &e) < 0) {
		log_error("%s", e.msg);
		retry = 1;
		for_a_person = e.for_a_person;
	}
	retry += batches(pl, im, mails, n, &c);
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && pipeline_bounces(pl, &e) < 0)
		log_warn("%s", e.msg);
	if (!c.dry_run && pipeline_digests(pl, &e) < 0)
		log_warn("%s", e.msg);
	fault_point("before-send");
	if (!c.dry_run && deliver_outbox(&c.cfg, pipeline_outbox(pl), stdout, &ds, &e) < 0)
		log_warn("replies stay queued: %s", e.msg);
	/* the server moved the mails while the replies went out */
	retry += (int)imap_move_wait(im, &e);
	free(mails);
	imap_close(im);
	const struct pipeline_stats *s = pipeline_stats(pl);
	log_info("%zu mails: %d applied, %d refused, %d ignored, %d already seen, %d to retry; "
		 "%d replies sent, %d queued for later, %d refused by the server", n, s->applied,
		 s->refused, s->ignored, s->duplicates, retry, ds.sent, ds.tempfail + ds.deferred,
		 ds.rejected);
	rc = common_worst(common_deliver_status(&ds), common_mails_status(s, retry));
	if (for_a_person)
		rc = EXIT_USAGE;
	pipeline_close(pl);
	if (!c.dry_run)
		archive_after_run(&c.cfg);
	return rc;
}
