/* tourney_commit.c: a tournament's action committed on its own (tourney.h): the replies
 * staged in a spool of their own, the action and its replies appended to the tournament's
 * log, one barrier, the state replaced (the commit point), the mail's seen mark, the
 * replies queued. And the tournament's pending work marked (what its mails show each
 * reader: tourney_view.c). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/compose.h"
#include "mail/mbox.h"
#include "mail/outbox.h"
#include "mail/spool.h"
#include "pipeline/tourney.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

int tourney_tell(struct job *j, enum reply_kind kind, const char *to, const char *note)
{
	for (size_t i = 0; i < j->out.nreplies; i++)   /* one mail an address and action */
		if (!strcasecmp(j->out.replies[i].address, to))
			return 0;
	if (outcome_reply(&j->out, kind, -1, to) < 0)
		return -1;
	snprintf(j->out.replies[j->out.nreplies - 1].note, sizeof j->out.replies[0].note, "%s",
		 note ? note : "");
	return 0;
}

int tourney_tell_all(struct job *j, enum reply_kind kind, const char *note)
{
	for (size_t i = 0; i < j->t->nplayers; i++)
		if (tourney_tell(j, kind, j->t->players[i].address, note) < 0)
			return -1;
	if (j->t->terms.arbiter[0] && tourney_tell(j, kind, j->t->terms.arbiter, note) < 0)
		return -1;
	return 0;
}

int tourney_job(struct pipeline *pl, struct job *j, struct tournament *t, const char *key,
		const char *action, struct err *e)
{
	char subject[128];

	memset(j, 0, sizeof *j);
	j->pl = pl;
	j->t = t;
	j->result = "applied";
	j->action = action;
	j->out.auth = -1;
	j->out.auth_how = "referee";
	j->s.now = pipeline_now(pl);
	snprintf(j->s.address, sizeof j->s.address, "%s", pl->cfg.referee_address);
	snprintf(j->s.msg_key, sizeof j->s.msg_key, "%s", key);
	snprintf(subject, sizeof subject, "tournament %d: %s", t->id, action);
	if (!(j->m = calloc(1, sizeof *j->m)) || !(j->m->from_addr = strdup(pl->cfg.referee_address)) ||
	    !(j->m->subject = strdup(subject)) || !(j->m->text = strdup(action)))
		return err_set(e, "out of memory");
	j->m->date_epoch = -1;
	return 0;
}

int tourney_sent(struct pipeline *pl, int id, const char *qname, struct err *e)
{
	struct tournament *t;
	char name[33];
	int rc = store_tournament_load(&pl->st, id, &t, e);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	for (size_t i = 0; i < t->nsent && rc == 0; i++) {
		outbox_name(t->sent[i], name);
		rc = !strcmp(name, qname);
	}
	tn_free(t);
	return rc;
}

/* The action as its log keeps it: the mail's headers (or the referee's), the record of
 * what was done and the action's text, from which a replay does it again. */
static char *record(const struct job *j, const char *action)
{
	struct buf b = { 0 };
	char hash[TN_HASH_HEX];
	const struct msg *m = j->m;

	tn_hash(j->t, hash);
	char *from = compose_header_value("From", m->from_name ? m->from_name : "");
	char *subject = compose_header_value("Subject", m->subject ? m->subject : "");
	buf_printf(&b, "From: %s <%s>\r\nTo: %s\r\nSubject: %s\r\n", from ? from : "",
		   m->from_addr, j->pl->cfg.referee_address, subject ? subject : "");
	if (m->date)
		buf_printf(&b, "Date: %s\r\n", m->date);
	if (m->message_id)
		buf_printf(&b, "Message-ID: <%s>\r\n", m->message_id);
	buf_printf(&b, "X-Tempest-Key: %s\r\nX-Tempest-Tournament: tournament=%d; result=%s; "
		   "actions=%d; after=%s; at=%lld\r\nMIME-Version: 1.0\r\n"
		   "Content-Type: text/plain; charset=UTF-8\r\n"
		   "Content-Transfer-Encoding: quoted-printable\r\n\r\n", j->s.msg_key, j->t->id,
		   j->result, j->t->actions, hash, j->s.now);
	char *qp = compose_qp(action);
	buf_str(&b, qp ? qp : "");
	free(qp);
	free(from);
	free(subject);
	return buf_take(&b);
}

/* The action and its replies appended to the log (cut back first to the state's size). */
static int append(struct job *j, const char *action, struct err *e)
{
	struct pipeline *pl = j->pl;
	char *copy = record(j, action);
	struct mbox_msg *m = calloc(j->nmails + 1, sizeof *m);
	int fd = -1, rc = -1;
	struct stat sb;

	if (!copy || !m) {
		free(copy), free(m);
		return err_set(e, "out of memory");
	}
	m[0] = (struct mbox_msg){ copy, strlen(copy), j->s.address, j->s.now, false };
	for (size_t i = 0; i < j->nmails; i++) {
		const char *text = j->mails[i].log_text ? j->mails[i].log_text : j->mails[i].text;
		m[i + 1] = (struct mbox_msg){ text, strlen(text), pl->cfg.referee_address, j->s.now, false };
	}
	if (store_tournament_log_open(&pl->st, j->t, &fd, e) == 0 &&
	    mbox_append_all(fd, m, j->nmails + 1, e) == 0) {
		if (fstat(fd, &sb) == 0) {
			j->t->log_size = (long long)sb.st_size;
			rc = 0;
		} else
			err_set(e, "tournament %d: cannot read its log's size", j->t->id);
	}
	if (fd >= 0)
		close(fd);
	free(m);
	free(copy);
	return rc;
}

/* The replies staged in a spool of the action's own (records of game -T). */
static int stage(struct job *j, struct spool_writer *w, struct err *e)
{
	for (size_t i = 0; i < j->nmails; i++)
		if ((w->fd < 0 && spool_create(j->pl->outbox, w, e) < 0) ||
		    spool_add(w, -j->t->id, j->s.msg_key, j->mails[i].id, j->mails[i].text,
			      strlen(j->mails[i].text), e) < 0)
			return -1;
	return w->fd >= 0 ? spool_flush(w, e) : 0;
}

/* A full rolling tournament: its successor opens. */
bool tourney_full_rolling(const struct tournament *t)
{
	return t->terms.rolling && t->terms.players && (int)t->nplayers >= t->terms.players &&
	       t->status != TN_PROPOSED && t->status != TN_OPEN;
}

/* Has t work for a run: an entry to close (now or on its date), games to start or to end
 * by forfeit, its successor to open? */
bool tourney_has_work(const struct pipeline *pl, const struct tournament *t)
{
	size_t *idx = malloc((t->ngames ? t->ngames : 1) * sizeof *idx);
	bool work = !idx || tn_closing_due(t, pipeline_now((struct pipeline *)pl)) ||
		    (t->status == TN_OPEN && t->terms.closes) ||
		    tn_due(t, idx) || tn_forfeits_due(t, idx) || (tourney_full_rolling(t) && !t->next);

	free(idx);
	return work;
}

int tourney_mark_work(struct pipeline *pl, const struct tournament *t, bool add, struct err *e)
{
	char name[32];

	snprintf(name, sizeof name, "tn-%d", t->id);
	if (add)
		return tourney_has_work(pl, t) ? store_pending_add(&pl->st, name, e) : 0;
	return store_pending_remove(&pl->st, name, e);
}

static int commit_state(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	struct tournament *t = j->t;

	if (!tn_has_key(t, j->s.msg_key) && tn_add_key(t, j->s.msg_key) < 0)
		return err_set(e, "out of memory");
	for (size_t i = 0; i < j->nmails; i++)
		if (tn_add_sent(t, j->mails[i].id) < 0)
			return err_set(e, "out of memory");
	clock_iso(j->s.now, t->updated);
	if (!t->created[0])
		snprintf(t->created, sizeof t->created, "%s", t->updated);
	/* the work it leaves is marked before the state that needs it */
	if (tourney_mark_work(pl, t, true, e) < 0)
		return -1;
	return store_tournament_save(&pl->st, t, e);
}

int tourney_commit(struct job *j, const char *action, struct err *e)
{
	struct pipeline *pl = j->pl;
	struct spool_writer w = { .fd = -1 };
	bool was_lazy = pl->st.lazy;
	char dir[PATH_MAX + 8];
	int rc = -1;

	j->t->actions++;
	j->out.changed = true;          /* notices of a change: never held to the answers' budget */
	if (job_compose_all(j, e) < 0)
		return -1;
	if (pl->flags & PIPELINE_DRY_RUN)
		return job_print_mails(j, e);
	pl->st.lazy = false;
	if (stage(j, &w, e) < 0)
		goto done;
	fault_point("tournament-staged");
	if (!(pl->flags & PIPELINE_REPLAY) && (append(j, action, e) < 0 ||
					       fs_sync_fs(pl->st.dir, e) < 0))
		goto done;
	fault_point("tournament-logged");
	if (commit_state(j, e) < 0)
		goto done;
	fault_point("tournament-saved");
	if (j->m && j->m->message_id && !(pl->flags & PIPELINE_REPLAY) &&
	    store_mark_seen(&pl->st, j->s.msg_key, e) < 0)
		goto done;
	spool_close(&w);
	if (w.path[0] && j->nmails) {
		snprintf(dir, sizeof dir, "%s/.", pl->outbox);
		if (spool_queue(pl->outbox, w.path, NULL, 0, e) < 0 || fs_sync_dir_of(dir, e) < 0)
			goto done;
	}
	pipeline_time_done(pl, j->s.now);
	pl->stats.queued += (int)j->nmails;
	j->committed = true;
	rc = 0;
done:
	spool_close(&w);
	pl->st.lazy = was_lazy;
	return rc;
}
