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
#include "util/buf.h"
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

/* Reads item i (borrowed: queue_view): 1 (text and len set), DONE (a spooled record
 * that cannot be read any more: it leaves the queue, as a mail that can never go) or -1. */
static int read_queued(struct queue *q, size_t i, const char **text, size_t *len,
		       struct deliver_stats *st, struct err *e)
{
	char why[ERR_MAX + 64];

	if (queue_view(q, i, text, len, e) == 0)
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
	struct outbox_records records;  /* who has a held/ or bounced/ record */
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
	outbox_records_free(&t->records);
}

/* A mail to r went: its address held back or bouncing no more (once a run, and only if it
 * has such a record). */
static void tally_release(const char *dir, struct tally *t, struct seen_rcpt *r)
{
	if (!r->released && outbox_records_has(&t->records, r->addr))
		outbox_release(dir, r->addr);
	r->released = true;
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
	if (cfg->smtp_url[0] && outbox_records_has(&t->records, rcpt) &&
	    outbox_held_until(dir, rcpt) > clock_now()) {
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
	const char *text;
	size_t len;
	int rc;

	queue_label(q, i, path, sizeof path);
	if (queue_ready(q, i, e) < 0)
		return LATER;
	if ((rc = read_queued(q, i, &text, &len, st, e)) != 1)
		return rc;
	if (outbox_recipient(text, rcpt, sizeof rcpt, e) < 0) {
		snprintf(why, sizeof why, "outbox: %s: %s", path, err_msg(e));
		return give_up(q, i, why, st, e);
	}
	if (!may_send(cfg, dir, t, rcpt, &r)) {
		st->deferred++;
		return DONE;
	}
	rc = smtp_mail(s, cfg->referee_address, rcpt, text, len, e);
	if (rc == SMTP_DENIED)
		st->for_a_person = true;
	if (rc == SMTP_TEMPFAIL || rc == SMTP_DENIED)
		return LATER;
	if (rc == SMTP_TEMPFAIL_RCPT) {
		long long until;
		struct err he;
		int times = outbox_hold(dir, rcpt, clock_now(), &until, &he);
		r->held = true;
		outbox_records_add(&t->records, rcpt);
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
		outbox_records_add(&t->records, rcpt);
		return give_up(q, i, why, st, e);
	}
	fault_point("after-send");              /* sent, still queued: it goes again */
	if (queue_sent(q, i, e) < 0) {
		err_prefix(e, "sent to %s but still queued (it will go again): ", rcpt);
		return -1;
	}
	log_info("sent %s to %s", path, rcpt);
	tally_release(dir, t, r);
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
	outbox_records_load(q->dir, &t.records);
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

/* The embedded mode's replies not yet written: an output write carries many, and its
 * marks are written once it is out (a kill between the two writes them again at the next
 * run: at least once, as a mail the server accepted just before a kill). */
struct out_batch {
	struct mbox_writer w;
	size_t *its;                    /* the queue items in w */
	size_t *rcpts;                  /* their addresses' places in the tally, or -1 */
	size_t n, cap;
	bool wrote;                     /* a write went out before */
};

static int batch_add(struct out_batch *b, size_t item, size_t rcpt)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 256;
		size_t *its = realloc(b->its, cap * sizeof *its);
		if (its)
			b->its = its;
		size_t *rcpts = its ? realloc(b->rcpts, cap * sizeof *rcpts) : NULL;
		if (!rcpts)
			return -1;
		b->rcpts = rcpts;
		b->cap = cap;
	}
	b->its[b->n] = item;
	b->rcpts[b->n++] = rcpt;
	return 0;
}

/* The batch written, then its items marked sent and their addresses released. */
static int batch_write(struct queue *q, struct out_batch *b, struct tally *t,
		       struct deliver_stats *st, struct err *e)
{
	if (!b->n)
		return 0;
	if (mbox_writer_flush(&b->w, e) < 0)
		return -1;
	fault_point("after-write");             /* out, not marked: they go again */
	if (queue_sent_all(q, b->its, b->n, e) < 0)
		return -1;
	st->sent += (int)b->n;
	for (size_t k = 0; k < b->n; k++)
		if (b->rcpts[k] != (size_t)-1)
			tally_release(q->dir, t, &t->r[b->rcpts[k]]);
	b->n = 0;
	if (!b->wrote)
		fault_point("mid-flush");       /* a write out and out of the queue, the rest not */
	b->wrote = true;
	return 0;
}

/* Item i into the batch: 1 added, 0 not (deferred, or unreadable and failed), -1. */
static int batch_item(const struct config *cfg, struct queue *q, size_t i, struct tally *t,
		      struct out_batch *b, struct deliver_stats *st, struct err *e)
{
	char rcpt[512];
	struct seen_rcpt *r = NULL;
	const char *text;
	size_t len;
	int rc;

	if (queue_ready(q, i, e) < 0)
		return -1;
	if ((rc = read_queued(q, i, &text, &len, st, e)) != 1)
		return rc == DONE ? 0 : -1;
	struct err re;
	bool known = outbox_recipient(text, rcpt, sizeof rcpt, &re) == 0;
	if (known && !may_send(cfg, q->dir, t, rcpt, &r)) {
		st->deferred++;
		return 0;
	}
	if (known && r)
		r->sent++;
	/* LF line ends for a person's mbox: a line copied from it works in a shell */
	struct mbox_msg m = { text, len, cfg->referee_address, clock_now(), .lf = true };
	mbox_writer_add(&b->w, &m);
	return batch_add(b, i, r ? (size_t)(r - t->r) : (size_t)-1) < 0 ?
	       err_set(e, "out of memory") : 1;
}

/* The embedded mode: the queued mails appended to out as mbox messages, DELIVER_WRITE_AT
 * bytes or more a write. */
static int flush_mbox(const struct config *cfg, struct queue *q, FILE *out,
		      struct deliver_stats *st, struct err *e)
{
	struct out_batch b = { 0 };
	struct tally t = { 0 };
	size_t n = q->n, i = 0;
	int rc = 0;

	if (!out || fflush(out) != 0) {
		st->tempfail = (int)n;
		return out ? err_set(e, "cannot write the mails out") :
		       err_set(e, "no smtp_url and nowhere to write the mails");
	}
	outbox_records_load(q->dir, &t.records);
	mbox_writer_open(&b.w, fileno(out));
	/* a write's room taken once, with some to spare for the reply that crosses the mark */
	buf_reserve(&b.w.pending, DELIVER_WRITE_AT + DELIVER_WRITE_AT / 4);
	for (; i < n; i++) {
		int got = batch_item(cfg, q, i, &t, &b, st, e);
		if (got < 0) {          /* those before it go (their marks have room) */
			batch_write(q, &b, &t, st, &(struct err){ 0 });
			rc = -1;
			break;
		}
		if (got == 1 && b.w.pending.n >= DELIVER_WRITE_AT && batch_write(q, &b, &t, st, e) < 0) {
			rc = -1;
			i++;            /* it is in the batch */
			break;
		}
	}
	if (rc == 0)
		rc = batch_write(q, &b, &t, st, e);
	if (rc < 0)             /* those not written or not marked, and those after them */
		st->tempfail = (int)(n - i + b.n);
	mbox_writer_close(&b.w);
	free(b.its);
	free(b.rcpts);
	tally_free(&t);
	return rc < 0 ? -1 : 0;
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
