/* deliver.c: see deliver.h. */
#include "mail/deliver.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/mbox.h"
#include "mail/outbox.h"
#include "mail/smtp.h"
#include "mail/spool.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/strindex.h"
#include "util/log.h"
#include "util/clock.h"

enum outcome { DONE = 0, LATER = 1 };

/* Moves a mail that can never be sent to failed/, saying why. */
static int give_up(struct queue *q, size_t i, const char *why, struct deliver_stats *st,
		   struct err *e)
{
	log_warn("%s; moved to %s/failed/", why, q->dir);
	if (queue_failed(q, i, e) < 0)
		return -1;
	st->rejected++;
	return DONE;
}

/* Reads item i: 1 (text and len set), DONE (a spooled record that cannot be read any
 * more: it leaves the queue, as a mail that can never go) or -1. */
static int read_queued(struct queue *q, size_t i, char **text, size_t *len,
		       struct deliver_stats *st, struct err *e)
{
	char why[ERR_MAX + 64];

	if (queue_text(q, i, text, len, e) == 0)
		return 1;
	if (q->it[i].spool < 0)
		return -1;
	snprintf(why, sizeof why, "%s", err_msg(e));
	return give_up(q, i, why, st, e);
}

/* The addresses of this run: how many mails each was sent, whether it is held back. */
struct tally {
	struct seen_rcpt {
		char addr[512];         /* in lower case: an address in any case is one */
		int sent;
		bool held;
		bool released;          /* its held/bounced records cleared in this run */
	} *r;
	size_t n, cap;
	struct strindex index;  /* a look-up per mail, not a scan of every address */
};

static struct seen_rcpt *tally_of(struct tally *t, const char *addr)
{
	char low[sizeof t->r->addr];
	size_t k = 0;

	for (; addr[k] && k + 1 < sizeof low; k++)
		low[k] = (char)tolower((unsigned char)addr[k]);
	low[k] = 0;
	long i = t->n ? strindex_find(&t->index, t->r[0].addr, sizeof *t->r, t->n, low) : -1;
	for (size_t j = 0; i == -2 && j < t->n; j++)     /* no memory for the index */
		if (!strcmp(t->r[j].addr, low))
			i = (long)j;
	if (i >= 0)
		return &t->r[i];
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct seen_rcpt *r = realloc(t->r, cap * sizeof *r);
		if (!r)
			return NULL;
		t->r = r;
		t->cap = cap;
	}
	struct seen_rcpt *r = &t->r[t->n++];
	memset(r, 0, sizeof *r);
	memcpy(r->addr, low, k + 1);
	return r;
}

static void tally_free(struct tally *t)
{
	free(t->r);
	strindex_free(&t->index);
}

/* May a mail to rcpt go in this run? No if the address had its share of the run or is
 * held back: the mail stays queued for a later run. */
static bool may_send(const struct config *cfg, const char *dir, struct tally *t,
		     const char *rcpt, struct seen_rcpt **r)
{
	if (!(*r = tally_of(t, rcpt)))
		return false;
	if ((*r)->held || (*r)->sent >= cfg->max_replies_per_sender)
		return false;
	if (cfg->smtp_url[0] && outbox_held_until(dir, rcpt) > clock_now()) {
		(*r)->held = true;
		return false;
	}
	return true;
}

/* Sends one queued file: DONE (sent, failed/ or left for later: st says which), LATER (a
 * temporary failure of the server's, e says why) or -1 (a local failure). */
static int send_one(const struct config *cfg, struct smtp *s, struct queue *q, size_t i,
		    struct tally *t, struct deliver_stats *st, struct err *e)
{
	char rcpt[512], why[ERR_MAX + 64], path[PATH_MAX + 32];
	const char *dir = q->dir;
	struct seen_rcpt *r;
	char *text;
	size_t len;
	int rc;

	queue_label(q, i, path, sizeof path);
	if (queue_ready(q, i, e) < 0)
		return LATER;
	if ((rc = read_queued(q, i, &text, &len, st, e)) != 1)
		return rc;
	if (outbox_recipient(text, rcpt, sizeof rcpt, e) < 0) {
		free(text);
		snprintf(why, sizeof why, "outbox: %s: %s", path, err_msg(e));
		return give_up(q, i, why, st, e);
	}
	if (!may_send(cfg, dir, t, rcpt, &r)) {
		free(text);
		st->deferred++;
		return DONE;
	}
	rc = smtp_mail(s, cfg->referee_address, rcpt, text, len, e);
	free(text);
	if (rc == SMTP_DENIED)
		st->for_a_person = true;
	if (rc == SMTP_TEMPFAIL || rc == SMTP_DENIED)
		return LATER;
	if (rc == SMTP_TEMPFAIL_RCPT) {
		long long until;
		struct err he;
		int times = outbox_hold(dir, rcpt, clock_now(), &until, &he);
		r->held = true;
		st->tempfail++;
		log_warn("%s; %s's mail held back (refused %d time%s in a row) for %lld min",
			 err_msg(e), rcpt, times, times == 1 ? "" : "s", (until - clock_now()) / 60);
		if (times < 0)
			log_warn("%s", he.msg);
		return DONE;
	}
	if (rc == SMTP_REJECTED) {
		struct err be;
		snprintf(why, sizeof why, "%s", err_msg(e));
		if (outbox_bounced(dir, rcpt, &be) < 0)
			log_warn("%s", be.msg);
		return give_up(q, i, why, st, e);
	}
	fault_point("after-send");              /* sent, still queued: it goes again */
	if (queue_sent(q, i, e) < 0) {
		err_prefix(e, "sent to %s but still queued (it will go again): ", rcpt);
		return -1;
	}
	log_info("sent %s to %s", path, rcpt);
	if (!r->released)
		outbox_release(dir, rcpt), r->released = true;
	r->sent++;
	if (++st->sent == 1)
		fault_point("mid-flush");       /* one sent and out of the queue, the rest not */
	return DONE;
}

static int flush_smtp(const struct config *cfg, struct queue *q, struct deliver_stats *st,
		      struct err *e)
{
	size_t n = q->n;
	struct smtp *s = smtp_open(cfg, e);
	struct tally t = { 0 };
	int rc = 0;

	if (!s) {
		st->tempfail = (int)n;
		st->for_a_person = e && e->for_a_person;
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		rc = send_one(cfg, s, q, i, &t, st, e);
		if (rc == DONE)
			continue;
		st->tempfail += (int)(n - i);
		if (rc == LATER && st->for_a_person)
			log_error("%d repl%s queued until this is put right: %s", st->tempfail,
				  st->tempfail == 1 ? "y stays" : "ies stay", err_msg(e));
		else if (rc == LATER)
			log_warn("%d repl%s queued for the next run: %s", st->tempfail,
				 st->tempfail == 1 ? "y stays" : "ies stay", err_msg(e));
		break;
	}
	if (st->deferred)
		log_info("%d repl%s left queued for a later run (max_replies_per_sender = %d, or "
			 "a recipient held back)", st->deferred, st->deferred == 1 ? "y" : "ies",
			 cfg->max_replies_per_sender);
	tally_free(&t);
	smtp_close(s);
	return rc < 0 ? -1 : 0;
}

/* The embedded mode: each queued mail appended to out as an mbox message. */
static int flush_mbox(const struct config *cfg, struct queue *q, FILE *out,
		      struct deliver_stats *st, struct err *e)
{
	const char *dir = q->dir;
	struct tally t = { 0 };
	size_t n = q->n;
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++) {
		char *text, rcpt[512];
		struct seen_rcpt *r;
		size_t len;
		if (!out) {
			rc = err_set(e, "no smtp_url and nowhere to write the mails");
			st->tempfail = (int)(n - i);
			break;
		}
		if (queue_ready(q, i, e) < 0) {
			rc = -1;
			st->tempfail = (int)(n - i);
			break;
		}
		if ((rc = read_queued(q, i, &text, &len, st, e)) != 1) {
			if (rc == DONE)
				continue;
			break;
		}
		rc = 0;
		struct err re;
		bool known = outbox_recipient(text, rcpt, sizeof rcpt, &re) == 0;
		if (known && !may_send(cfg, dir, &t, rcpt, &r)) {
			free(text);
			st->deferred++;
			continue;
		}
		/* LF line ends for a person's mbox: a line copied from it works in a shell */
		struct mbox_msg m = { text, len, cfg->referee_address, clock_now(), .lf = true };
		rc = fflush(out) == 0 ? mbox_append_all(fileno(out), &m, 1, e) :
		     err_set(e, "cannot write the mails out");
		free(text);
		if (rc < 0 || (rc = queue_sent(q, i, e)) < 0) {
			st->tempfail = (int)(n - i);
			break;
		}
		if (++st->sent == 1)
			fault_point("mid-flush");
		if (known && (r = tally_of(&t, rcpt))) {
			r->sent++;
			if (!r->released)
				outbox_release(dir, rcpt), r->released = true;
		}
	}
	tally_free(&t);
	return rc;
}

int deliver_outbox(const struct config *cfg, const char *outbox_dir, FILE *out,
		   struct deliver_stats *st, struct err *e)
{
	struct queue q;
	int rc;

	memset(st, 0, sizeof *st);
	if (queue_load(outbox_dir, &q, e) < 0) {
		queue_free(&q);
		return -1;
	}
	if (q.n == 0)
		rc = 0;
	else if (cfg->smtp_url[0])
		rc = flush_smtp(cfg, &q, st, e);
	else
		rc = flush_mbox(cfg, &q, out, st, e);
	/* a spool cut short: the run does not end clean (queue.c told which) */
	st->tempfail += (int)q.ncut;
	/* what left the queue made durable at once, not one sync per mail */
	if (queue_finish(&q, rc < 0 ? &(struct err){ 0 } : e) < 0 && rc == 0)
		rc = -1;
	queue_free(&q);
	return rc;
}
