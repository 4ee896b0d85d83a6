/* cmd_process.c: `tempest process`: the pipeline fed from an mbox file or from one
 * message on standard input (behind .forward or procmail), then the outbox flushed. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/archive.h"
#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "mail/mbox.h"
#include "mail/msg.h"
#include "pipeline/pipeline.h"
#include "util/log.h"

static const char usage[] =
	"usage: tempest process [-c FILE] [-n] [--dry-run] [-v] [--accept-clock]\n"
	"                      [--clock-floor TIME] [FILE.mbox | -]\n"
	"\n"
	"Reads the mails of an mbox file, or one mail: a file of one message (as a maildir\n"
	"holds it) or standard input ('-', the default);\n"
	"applies the orders in each to its game, and sends the replies (over SMTP if the\n"
	"configuration names a server, else to standard output as an mbox). Mails already\n"
	"processed are recognised and skipped, so the same file can be given again.\n"
	"  -c FILE    configuration file (default: $TEMPEST_CONFIG, else built-in defaults)\n"
	"  -n         check the configuration, data directory, rules, templates and (unless\n"
	"             --offline) the IMAP and SMTP logins, each said; change nothing, then\n"
	"             exit with the worst\n"
	"  --dry-run  write nothing; print the mails that would be sent\n"
	"  -v         say what happens (twice: more)\n"
	"  --accept-clock  a clock far ahead of the last time recorded (max_clock_leap_hours)\n"
	"             is right: the referee was down; take its time (else such a run does\n"
	"             nothing and exits 75)\n"
	"  --clock-floor TIME  set the last time recorded to TIME first (a clock that ran\n"
	"             ahead left it later than the true time)\n"
	"Exit status: 0 done; 75 some mail or reply is left for a later run; 1 some reply\n"
	"was refused by the mail server; 2 something a person must fix (configuration,\n"
	"arguments, the SMTP login refused, a certificate, a damaged game file).\n";

/* The mails are read into batches of batch_size (or PIPELINE_BATCH_BYTES), each
 * committed at once. */
struct run {
	struct pipeline *pl;
	int transient;
	size_t max;                     /* batch_size */
	struct pipeline_mail *mails;    /* max of each */
	long *offsets;
	int *status;
	size_t n, bytes;                /* the mails gathered and their size */
};

static void flush(struct run *r, bool borrowed)
{
	struct err e;

	e.msg[0] = 0;
	pipeline_batch(r->pl, r->mails, r->n, r->status, &e);
	for (size_t i = 0; i < r->n; i++) {
		if (r->status[i] < 0) {
			log_error("mail at byte %ld left for the next run: %s", r->offsets[i], e.msg);
			r->transient++;
		}
		if (!borrowed)
			free((char *)r->mails[i].raw);
	}
	r->n = r->bytes = 0;
}

/* A mail joins the batch (a copy: the reader's buffer is borrowed); size is its whole
 * size when raw holds only its head. */
static void add_mail(struct run *r, const char *raw, size_t len, size_t size, long offset,
		     long long arrived)
{
	char *copy = malloc(len + 1);

	if (!copy) {
		log_error("mail at byte %ld left for the next run: out of memory", offset);
		r->transient++;
		return;
	}
	memcpy(copy, raw, len);
	copy[len] = 0;
	r->mails[r->n] = (struct pipeline_mail){ copy, len, size > len ? size : 0,
						 arrived > 0 ? arrived : 0 };
	r->offsets[r->n++] = offset;
	r->bytes += len;
	if (r->n == r->max || r->bytes >= PIPELINE_BATCH_BYTES)
		flush(r, false);
}

static int each(const struct mbox_mail *m, void *arg)
{
	add_mail(arg, m->raw, m->len, m->size, m->offset, m->envelope);
	return 0;
}

/* One mail from f: at most max bytes of it held; past them, its header block is kept
 * (msg_head_len, all the pipeline reads of a mail over the limit) and the rest read only
 * to be counted, so that a mail of any size costs about max bytes. *raw is the caller's
 * to free(); *size the mail's whole size. */
static int read_message(FILE *f, size_t max, char **raw, size_t *len, size_t *size)
{
	size_t cap = max < 65536 ? max + 1 : 65536, n = 0, got;
	char *buf = malloc(cap + 1), *b, rest[16384];

	while (buf) {
		if (n == cap) {
			if (cap > max)
				break;
			size_t grow = cap <= (max + 1) / 2 ? cap * 2 : max + 1;
			if (!(b = realloc(buf, grow + 1))) {
				free(buf);
				return -1;
			}
			buf = b;
			cap = grow;
		}
		if (!(got = fread(buf + n, 1, cap - n, f)))
			break;
		n += got;
	}
	if (!buf)
		return -1;
	*size = n;
	if (n > max) {
		n = msg_head_len(buf, n, max);
		while ((got = fread(rest, 1, sizeof rest, f)) > 0)
			*size += got;
		if ((b = realloc(buf, n + 1)))
			buf = b;
	}
	if (ferror(f)) {
		free(buf);
		return -1;
	}
	buf[n] = 0;
	*raw = buf;
	*len = n;
	return 0;
}

/* A file given: an mbox (it starts with a "From " line), else one message. */
static int read_file(const char *path, struct run *r, size_t max, struct err *e)
{
	char *raw, head[5] = "";
	size_t len, size;
	FILE *f = fopen(path, "r");

	if (!f)
		return err_set(e, "cannot read %s: %s", path, strerror(errno));
	size_t n = fread(head, 1, sizeof head, f);
	if (n == sizeof head && !memcmp(head, "From ", 5)) {
		fclose(f);
		return mbox_scan(path, max, each, r, e);
	}
	rewind(f);
	int rc = read_message(f, max, &raw, &len, &size);
	fclose(f);
	if (rc < 0)
		return err_set(e, "cannot read %s: %s", path, errno ? strerror(errno) : "out of memory");
	add_mail(r, raw, len, size, 0, 0);
	free(raw);
	return 0;
}

static void run_free(struct run *r)
{
	free(r->mails);
	free(r->offsets);
	free(r->status);
}

/* The mails of file (an mbox, or one mail; "-": the one mail on standard input) through
 * the pipeline: -1, or the exit status of a file that cannot be read (said). */
static int process_input(struct run *r, const char *file, size_t max)
{
	struct err e;

	if (strcmp(file, "-")) {
		if (read_file(file, r, max, &e) < 0) {
			fprintf(stderr, "tempest: %s\n", e.msg);
			return EXIT_USAGE;
		}
		flush(r, false);
		return -1;
	}
	char *raw;
	size_t len, size;
	if (read_message(stdin, max, &raw, &len, &size) < 0) {
		fprintf(stderr, "tempest: cannot read the mail on standard input\n");
		return EXIT_TEMPFAIL;
	}
	r->mails[0] = (struct pipeline_mail){ raw, len, size > len ? size : 0, 0 };
	r->n = 1;
	flush(r, true);
	free(raw);
	return -1;
}

int cmd_process(int argc, char **argv)
{
	struct common c;
	static struct run r;
	struct err e;
	int next, rc = common_start_clock(argc, argv, usage, &c, &next);

	common_batch_memory();
	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	if (next < argc - 1 || (next < argc && argv[next][0] == '-' && argv[next][1])) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	const char *file = next < argc ? argv[next] : "-";
	if ((rc = common_ready(&c, "tempest")) >= 0)
		return rc;
	r.max = (size_t)c.cfg.batch_size;
	r.mails = calloc(r.max, sizeof *r.mails);
	r.offsets = calloc(r.max, sizeof *r.offsets);
	r.status = calloc(r.max, sizeof *r.status);
	if (!r.mails || !r.offsets || !r.status) {
		fprintf(stderr, "tempest: out of memory\n");
		run_free(&r);
		return EXIT_TEMPFAIL;
	}
	if (pipeline_open(&r.pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		run_free(&r);
		return common_fail_status(&e);
	}
	if ((rc = process_input(&r, file, (size_t)c.cfg.max_message_size)) >= 0) {
		pipeline_close(r.pl);
		run_free(&r);
		return rc;
	}
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && pipeline_bounces(r.pl, &e) < 0)
		log_warn("%s", e.msg);
	if (!c.dry_run && pipeline_digests(r.pl, &e) < 0)
		log_warn("%s", e.msg);
	if (!c.dry_run && deliver_outbox(&c.cfg, pipeline_outbox(r.pl), stdout, &ds, &e) < 0)
		log_warn("replies stay queued: %s", e.msg);
	const struct pipeline_stats *s = pipeline_stats(r.pl);
	log_info("%d mails: %d applied, %d refused, %d ignored, %d already seen, %d to retry; "
		 "%d replies sent, %d queued for later", s->mails, s->applied, s->refused,
		 s->ignored, s->duplicates, s->failed, ds.sent, ds.tempfail + ds.deferred);
	rc = common_worst(common_deliver_status(&ds), common_mails_status(s, r.transient));
	pipeline_close(r.pl);
	run_free(&r);
	if (!c.dry_run)
		archive_after_run(&c.cfg);
	return rc;
}
