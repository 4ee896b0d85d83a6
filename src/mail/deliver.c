/* deliver.c: see deliver.h. */
#include "mail/deliver.h"

#include <stdlib.h>
#include <string.h>

#include "mail/mbox.h"
#include "mail/outbox.h"
#include "mail/smtp.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"
#include "util/clock.h"

#define QUEUED_MAX (64L * 1024 * 1024)  /* far above any reply the referee writes */

enum outcome { DONE = 0, LATER = 1 };

/* Moves a mail that can never be sent to failed/, saying why. */
static int give_up(const char *dir, const char *path, const char *why, struct deliver_stats *st,
		   struct err *e)
{
	log_warn("%s; moved to %s/failed/", why, dir);
	if (outbox_fail(dir, path, e) < 0)
		return -1;
	st->rejected++;
	return DONE;
}

/* Sends one queued file: DONE (sent or failed/), LATER (a temporary failure, e says
 * why) or -1 (a local failure). */
static int send_one(const struct config *cfg, struct smtp *s, const char *dir, const char *path,
		    struct deliver_stats *st, struct err *e)
{
	char rcpt[512], why[ERR_MAX + 64];
	char *text;
	size_t len;
	int rc;

	if (fs_read(path, QUEUED_MAX, &text, &len, e) < 0)
		return -1;
	if (outbox_recipient(text, rcpt, sizeof rcpt, e) < 0) {
		free(text);
		snprintf(why, sizeof why, "outbox: %s: %s", path, err_msg(e));
		return give_up(dir, path, why, st, e);
	}
	rc = smtp_mail(s, cfg->referee_address, rcpt, text, len, e);
	free(text);
	if (rc == SMTP_TEMPFAIL)
		return LATER;
	if (rc == SMTP_REJECTED) {
		snprintf(why, sizeof why, "%s", err_msg(e));
		return give_up(dir, path, why, st, e);
	}
	fault_point("after-send");              /* sent, still queued: it goes again */
	if (outbox_remove(path, e) < 0) {
		err_prefix(e, "sent to %s but still queued (it will go again): ", rcpt);
		return -1;
	}
	log_info("sent %s to %s", path, rcpt);
	st->sent++;
	return DONE;
}

static int flush_smtp(const struct config *cfg, const char *dir, char **paths, size_t n,
		      struct deliver_stats *st, struct err *e)
{
	struct smtp *s = smtp_open(cfg, e);
	int rc = 0;

	if (!s) {
		st->tempfail = (int)n;
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		rc = send_one(cfg, s, dir, paths[i], st, e);
		if (rc == DONE)
			continue;
		st->tempfail = (int)(n - i);
		if (rc == LATER)
			log_warn("%d repl%s queued for the next run: %s", st->tempfail,
				 st->tempfail == 1 ? "y stays" : "ies stay", err_msg(e));
		break;
	}
	smtp_close(s);
	return rc < 0 ? -1 : 0;
}

/* The embedded mode: each queued mail appended to out as an mbox message. */
static int flush_mbox(const struct config *cfg, char **paths, size_t n, FILE *out,
		      struct deliver_stats *st, struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		char *text;
		size_t len;
		st->tempfail = (int)(n - i);
		if (!out)
			return err_set(e, "no smtp_url and nowhere to write the mails");
		if (fs_read(paths[i], QUEUED_MAX, &text, &len, e) < 0)
			return -1;
		int rc = fflush(out) == 0 ? mbox_append(fileno(out), text, len, cfg->referee_address,
							 clock_now(), e) : err_set(e, "cannot write the mails out");
		free(text);
		if (rc < 0 || outbox_remove(paths[i], e) < 0)
			return -1;
		st->sent++;
	}
	st->tempfail = 0;
	return 0;
}

int deliver_outbox(const struct config *cfg, const char *outbox_dir, FILE *out,
		   struct deliver_stats *st, struct err *e)
{
	char **paths;
	size_t n;
	int rc;

	memset(st, 0, sizeof *st);
	if (outbox_list(outbox_dir, &paths, &n, e) < 0)
		return -1;
	if (n == 0)
		rc = 0;
	else if (cfg->smtp_url[0])
		rc = flush_smtp(cfg, outbox_dir, paths, n, st, e);
	else
		rc = flush_mbox(cfg, paths, n, out, st, e);
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return rc;
}
