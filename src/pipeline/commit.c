/* commit.c: committing a job (pipeline_int.h, job_commit): the outbox, the players'
 * registry, the game log, the state, the seen mark, in that order (pipeline.c says why). */
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mail/compose.h"
#include "mail/mbox.h"
#include "mail/outbox.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"
#include "render/quote.h"
#include "store/other.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/fault.h"
#include "util/fsutil.h"

/* ---- the game log ---- */

/* The copy of an incoming mail kept in the log: the headers that matter, the decoded
 * text with any password taken out, and a record of what the referee did with it. */
static char *log_copy(const struct job *j)
{
	struct buf b = { 0 }, text = { 0 };
	const struct msg *m = j->m;
	char event[640], hash[HASH_HEX] = "-";

	for (const char *p = m->text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (quote_password_line(p, n))
			buf_str(&text, QUOTE_PASSWORD_HIDDEN);
		else
			buf_add(&text, p, n);
		buf_str(&text, "\n");
		p += n + (nl != NULL);
	}
	if (j->g)
		game_hash(j->g, hash);
	int n = snprintf(event, sizeof event, "X-Tempest-Event: game=%d; result=%s; events=%zu; "
			 "after=%s; at=%lld; auth=%s", j->g ? j->g->id : 0, j->result,
			 j->g ? j->g->nevents : 0, hash, j->s.now,
			 j->out.auth_how ? j->out.auth_how : "none");
	/* the clock stopped at its arrival (game_clock_stop_at): a replay does the same */
	if (j->s.arrived && j->g && !j->game_is_new && n > 0 && (size_t)n < sizeof event)
		snprintf(event + n, sizeof event - (size_t)n, "; arrived=%lld", j->s.arrived);
	char keyline[KEY_MAX + 32];
	snprintf(keyline, sizeof keyline, "X-Tempest-Key: %s", j->s.msg_key);
	const char *extra[] = { keyline, event, NULL };
	char *from = compose_header_value("From", m->from_name ? m->from_name : "");
	char *subject = compose_header_value("Subject", m->subject);
	buf_printf(&b, "From: %s <%s>\r\n", from ? from : "", m->from_addr);
	buf_printf(&b, "To: %s\r\nSubject: %s\r\n", j->pl->cfg.referee_address,
		   subject ? subject : "");
	if (m->date)
		buf_printf(&b, "Date: %s\r\n", m->date);
	if (m->message_id)
		buf_printf(&b, "Message-ID: <%s>\r\n", m->message_id);
	if (m->in_reply_to)
		buf_printf(&b, "In-Reply-To: <%s>\r\n", m->in_reply_to);
	for (size_t i = 0; extra[i]; i++)
		buf_printf(&b, "%s\r\n", extra[i]);
	buf_str(&b, "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n"
		"Content-Transfer-Encoding: quoted-printable\r\n\r\n");
	char *qp = compose_qp(text.s ? text.s : "");
	buf_str(&b, qp ? qp : "");
	free(qp);
	free(from);
	free(subject);
	buf_free(&text);
	return buf_take(&b);
}

/* The mail and its replies, in one write (end: the log's, as the batch knows it, or NULL). */
static int append_log(struct job *j, int fd, struct mbox_end *end, struct err *e)
{
	char *copy = log_copy(j);
	struct mbox_msg *m = calloc(j->nmails + 1, sizeof *m);

	if (!copy || !m) {
		free(copy), free(m);
		return err_set(e, "out of memory");
	}
	m[0] = (struct mbox_msg){ copy, strlen(copy), j->s.address, j->s.now, false };
	for (size_t i = 0; i < j->nmails; i++) {
		const char *text = j->mails[i].log_text ? j->mails[i].log_text : j->mails[i].text;
		m[i + 1] = (struct mbox_msg){ text, strlen(text), j->pl->cfg.referee_address, j->s.now, false };
	}
	int rc = mbox_append_end(fd, end, m, j->nmails + 1, e);
	free(m);
	free(copy);
	return rc;
}

/* ---- commit ---- */

int job_print_mails(struct job *j, struct err *e)
{
	for (size_t i = 0; i < j->nmails; i++) {
		struct mbox_msg m = { j->mails[i].text, strlen(j->mails[i].text),
				      j->pl->cfg.referee_address, j->s.now, .lf = true };
		fflush(j->pl->out);
		int rc = mbox_append_all(fileno(j->pl->out), &m, 1, e);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The game's part: the mail and its replies in its log, then (alone) its state. In a
 * batch the log is appended but not synced, and the state waits for the batch's commit. */
static int commit_game(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	struct game *g = j->g;
	int fd;

	if (game_add_mail(g, j->s.msg_key) < 0)
		return err_set(e, "out of memory");
	for (size_t i = 0; i < j->nmails; i++)
		if (game_remember_sent_to(g, j->mails[i].id, game_seat_of(g, j->mails[i].rcpt)) < 0)
			return err_set(e, "out of memory");
	if (pl->batch.on) {
		struct mbox_end *end;
		struct stat sb;
		if (batch_log_fd(pl, g, &fd, &end, e) < 0 || append_log(j, fd, end, e) < 0)
			return -1;
		if (!end->known && fstat(fd, &sb) < 0)
			return err_set(e, "game %d: cannot read its log's size", g->id);
		g->log_size = end->known ? end->size : (long long)sb.st_size;
		return 0;
	}
	if (store_log_open(&pl->st, g, &fd, e) < 0)
		return -1;
	if (append_log(j, fd, NULL, e) < 0) {
		close(fd);
		return -1;
	}
	if (store_log_close(fd, &g->log_size, e) < 0)
		return -1;
	fault_point("before-save");
	return store_save(&pl->st, g, e);
}

/* A mail about no game goes to other.mbox. */
static int commit_other(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	int fd;

	if (pl->batch.on)
		return batch_other_fd(pl, &fd, e) < 0 ? -1 : append_log(j, fd, NULL, e);
	if (store_other_open(&pl->st, j->s.msg_key, &fd, e) < 0)
		return -1;
	if (append_log(j, fd, NULL, e) < 0) {
		close(fd);
		return -1;
	}
	return store_other_close(&pl->st, fd, e);
}

/* The job's replies join the queue: their cause is committed. */
static int queue_replies(struct job *j, struct err *e)
{
	const char *outbox = j->pl->outbox;
	char dir[PATH_MAX];

	for (size_t i = 0; i < j->nmails; i++)
		if (outbox_promote(outbox, j->mails[i].staged, e) < 0)
			return -1;
	snprintf(dir, sizeof dir, "%s/.", outbox);
	return j->nmails ? fs_sync_dir_of(dir, e) : 0;
}

int tourney_note_end(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	char name[32];

	snprintf(name, sizeof name, "game-%d", j->g->id);
	if (store_pending_add(&pl->st, name, e) < 0)
		return -1;
	if (pl->batch.on)               /* results are posted in the order games end */
		pl->batch.flush = true;
	return 0;
}

int job_commit(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;

	if (pl->flags & PIPELINE_DRY_RUN)
		return job_print_mails(j, e);
	if (!(pl->flags & PIPELINE_REPLAY) && hold_check_job(j, e) < 0)
		return -1;              /* nothing written: it waits for the next run */
	/* staged, not queued: a crash or a failed commit from here on sends none of them */
	for (size_t i = 0; i < j->nmails && !(pl->flags & PIPELINE_REPLAY); i++) {
		struct outgoing *o = &j->mails[i];
		if ((pl->batch.on ? batch_stage_reply(pl, j, o->id, o->text, e) :
		     outbox_stage(pl->outbox, j->g ? j->g->id : 0, j->s.msg_key, o->id, o->text,
				  strlen(o->text), true, o->staged, sizeof o->staged, e)) < 0)
			return -1;
	}
	fault_point("after-outbox");
	/* the players' registry before the game: it is keyed by the mail, so a run that dies
	 * before the game's commit redoes the same request instead of adding one (a batch
	 * ends with the mail that changed it, and puts it in place with that mail's commit,
	 * after every other mail's: batch.c) */
	const struct player_change *ch = &j->out.player;
	/* a language also from a mail about no game, which changes no game (on_no_game) */
	if ((j->out.changed && player_change_any(ch)) || (!j->g && ch->language)) {
		if (pl->batch.on) {
			pl->batch.players_dirty = pl->batch.flush = true;
			snprintf(pl->batch.players_key, KEY_MAX, "%s", j->s.msg_key);
			pl->batch.players_game = j->g ? j->g->id : 0;
		} else if (players_save(&pl->st, &pl->players, e) < 0)
			return -1;
	}
	if (j->g && j->game_is_new && !(pl->flags & PIPELINE_REPLAY) &&
	    store_note_creation(&pl->st, j->s.msg_key, j->g->id, e) < 0)
		return -1;
	/* a tournament's game ended: its result to post, marked before its state commits */
	if (j->g && j->g->tournament.id && j->g->status == GAME_OVER && j->out.changed &&
	    !(pl->flags & PIPELINE_REPLAY) && tourney_note_end(j, e) < 0)
		return -1;
	/* outside a batch, the counts are staged before the commit as a batch's are (and
	 * settled if it fails: only what was committed counts) */
	if ((!pl->batch.on && !(pl->flags & PIPELINE_REPLAY) && answers_stage(pl, e) < 0) ||
	    (j->g ? commit_game(j, e) : commit_other(j, e)) < 0) {
		if (!pl->batch.on)
			answers_forget(pl);
		return -1;
	}
	if (!pl->batch.on)
		fault_point("after-commit");
	if (!(pl->flags & PIPELINE_REPLAY) && pipeline_mark_seen(pl, j->s.msg_key, e) < 0)
		return -1;
	/* a batch queues its replies after its commit (batch.c) */
	if (!pl->batch.on && !(pl->flags & PIPELINE_REPLAY)) {
		answers_commit(pl);
		fault_point("before-queue");
		if (queue_replies(j, e) < 0)
			return -1;
	}
	pipeline_time_done(pl, j->s.now);
	pl->stats.queued += (int)j->nmails;
	return 0;
}
