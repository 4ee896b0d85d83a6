/* cmd_process.c: `tempest process`: the pipeline fed from an mbox file or from one
 * message on standard input (behind .forward or procmail), then the outbox flushed. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "mail/mbox.h"
#include "pipeline/pipeline.h"
#include "util/fsutil.h"
#include "util/log.h"

static const char usage[] =
	"usage: tempest process [-c FILE] [-n] [--dry-run] [-v] [FILE.mbox | -]\n"
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

static int each(const char *raw, size_t len, long offset, void *arg)
{
	struct run *r = arg;
	char *copy = malloc(len + 1);

	if (!copy) {
		log_error("mail at byte %ld left for the next run: out of memory", offset);
		r->transient++;
		return 0;
	}
	memcpy(copy, raw, len + 1);
	r->mails[r->n] = (struct pipeline_mail){ copy, len };
	r->offsets[r->n++] = offset;
	r->bytes += len;
	if (r->n == r->max || r->bytes >= PIPELINE_BATCH_BYTES)
		flush(r, false);
	return 0;
}

static int read_stdin(char **out, size_t *len, size_t max)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);

	while (buf) {
		if (n == cap) {
			if (cap >= max)
				break;
			char *b = realloc(buf, cap *= 2);
			if (!b) {
				free(buf);
				return -1;
			}
			buf = b;
		}
		size_t r = fread(buf + n, 1, cap - n, stdin);
		n += r;
		if (r == 0)
			break;
	}
	if (!buf || ferror(stdin)) {
		free(buf);
		return -1;
	}
	*out = buf;
	*len = n;
	return 0;
}

/* A file given: an mbox (it starts with a "From " line), else one message. */
static int read_file(const char *path, struct run *r, long max, struct err *e)
{
	char *raw, head[5] = "";
	size_t len;
	FILE *f = fopen(path, "r");

	if (!f)
		return err_set(e, "cannot read %s: %s", path, strerror(errno));
	size_t n = fread(head, 1, sizeof head, f);
	fclose(f);
	if (n == sizeof head && !memcmp(head, "From ", 5))
		return mbox_read(path, each, r, e);
	if (fs_read(path, (size_t)max * 4 + 65536, &raw, &len, e) < 0)
		return -1;
	each(raw, len, 0, r);
	free(raw);
	return 0;
}

static void run_free(struct run *r)
{
	free(r->mails);
	free(r->offsets);
	free(r->status);
}

int cmd_process(int argc, char **argv)
{
	struct common c;
	static struct run r;
	struct err e;
	int next, rc = common_start(argc, argv, usage, &c, &next);

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
	if (strcmp(file, "-")) {
		if (read_file(file, &r, c.cfg.max_message_size, &e) < 0) {
			fprintf(stderr, "tempest: %s\n", e.msg);
			pipeline_close(r.pl);
			run_free(&r);
			return EXIT_USAGE;
		}
		flush(&r, false);
	} else {
		char *raw;
		size_t len;
		if (read_stdin(&raw, &len, (size_t)c.cfg.max_message_size * 4 + 65536) < 0) {
			fprintf(stderr, "tempest: cannot read the mail on standard input\n");
			pipeline_close(r.pl);
			run_free(&r);
			return EXIT_TEMPFAIL;
		}
		r.mails[0] = (struct pipeline_mail){ raw, len };
		r.n = 1;
		flush(&r, true);
		free(raw);
	}
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && pipeline_bounces(r.pl, &e) < 0)
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
	return rc;
}
