/* imap_move.c: see imap.h. Moving mails out of the mailbox to a folder (UID MOVE, or COPY
 * and EXPUNGE on a server without MOVE), and giving a mail back its unread mark: the
 * commands that change the mailbox, over imap.c's connection.
 *
 * A UID MOVE may be sent without waiting (imap_move_send): the server moves the mails
 * while the referee processes the next batch, and imap_move_wait() reads how it went.
 * COPY, STORE \Deleted and EXPUNGE are never pipelined: a mail is marked deleted only
 * once its copy is known to be made. */
#include "mail/imap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/imap_int.h"
#include "util/log.h"

/* COPY, \Deleted, EXPUNGE: a move on a server without MOVE. With UIDPLUS only these mails
 * are expunged; without it every mail marked \Deleted in the mailbox goes. */
static int copy_delete(struct imap *im, const char *set, const char *quoted, struct err *e)
{
	char *cmd;
	int rc;

	if (asprintf(&cmd, "UID COPY %s %s", set, quoted) < 0)
		return err_set(e, "imap: out of memory");
	rc = imap_command(im, cmd, e);
	free(cmd);
	if (rc < 0)
		return -1;
	if (asprintf(&cmd, "UID STORE %s +FLAGS.SILENT (\\Deleted)", set) < 0)
		return err_set(e, "imap: out of memory");
	rc = imap_command(im, cmd, e);
	free(cmd);
	if (rc < 0)
		return -1;
	if (!im->has_uidplus)
		return imap_command(im, "EXPUNGE", e);
	if (asprintf(&cmd, "UID EXPUNGE %s", set) < 0)
		return err_set(e, "imap: out of memory");
	rc = imap_command(im, cmd, e);
	free(cmd);
	return rc;
}

static int move_once(struct imap *im, const char *set, const char *quoted, struct err *e)
{
	char *cmd;

	if (!im->has_move)
		return copy_delete(im, set, quoted, e);
	if (asprintf(&cmd, "UID MOVE %s %s", set, quoted) < 0)
		return err_set(e, "imap: out of memory");
	int rc = imap_command(im, cmd, e);
	free(cmd);
	return rc;
}

int imap_move_set(struct imap *im, const uint32_t *uids, size_t n, const char *folder,
		  struct err *e)
{
	char quoted[600], cmd[700];

	if (!n)
		return 0;
	if (imap_quote_mailbox(folder, quoted, sizeof quoted, e) < 0)
		return -1;
	char *set = imap_uid_set(uids, n);
	if (!set)
		return err_set(e, "imap: out of memory");
	int rc = move_once(im, set, quoted, e);
	im->listed = true;                      /* the count of the SELECT no longer holds */
	if (rc < 0 && strstr(im->net.reply, "[TRYCREATE]")) {
		log_info("imap: creating folder %s on %s", folder, im->net.shown);
		snprintf(cmd, sizeof cmd, "CREATE %s", quoted);
		rc = imap_command(im, cmd, e) < 0 ? -1 : move_once(im, set, quoted, e);
	}
	free(set);
	return rc;
}

int imap_move(struct imap *im, uint32_t uid, const char *folder, struct err *e)
{
	return imap_move_set(im, &uid, 1, folder, e);
}

int imap_move_send(struct imap *im, const uint32_t *uids, size_t n, const char *folder,
		   struct err *e)
{
	char quoted[600], *set, *cmd = NULL;
	struct imap_moving *m = NULL, **end;

	if (!n)
		return 0;
	if (!im->has_move)
		return imap_move_set(im, uids, n, folder, e);
	if (imap_quote_mailbox(folder, quoted, sizeof quoted, e) < 0)
		return -1;
	if (!(set = imap_uid_set(uids, n)))
		return err_set(e, "imap: out of memory");
	int made = asprintf(&cmd, "UID MOVE %s %s", set, quoted);
	free(set);
	if (made < 0 || !(m = calloc(1, sizeof *m)) || !(m->uids = malloc(n * sizeof *uids)) ||
	    !(m->folder = strdup(folder))) {
		if (made >= 0) {
			free(cmd);
			if (m)
				free(m->uids), free(m);
		}
		return err_set(e, "imap: out of memory");
	}
	memcpy(m->uids, uids, n * sizeof *uids);
	m->n = n;
	int rc = imap_send(im, cmd, &m->out, e);
	free(cmd);
	if (rc == 0)
		rc = imap_flush(im, e);         /* the server moves them while the referee works */
	im->listed = true;                      /* the count of the SELECT no longer holds */
	if (rc < 0) {
		free(m->uids), free(m->folder), free(m);
		return -1;
	}
	for (end = &im->moving; *end; end = &(*end)->next)
		;
	*end = m;
	return 0;
}

/* A move that ended badly: moved again once the folder is made if the server asked for
 * it ([TRYCREATE]), else said. Returns how many mails stay. */
static size_t move_failed(struct imap *im, struct imap_moving *m, struct err *e)
{
	if (m->out.refused && strstr(m->out.reply, "[TRYCREATE]")) {
		if (imap_move_set(im, m->uids, m->n, m->folder, e) == 0)
			return 0;
	} else if (m->out.lost) {
		err_set(e, "imap: moving %zu mails to %s on %s: %s", m->n, m->folder, im->net.shown,
			m->out.why);
	} else {
		err_set(e, "imap: UID MOVE to %s on %s failed: refused (the server said: %s)",
			m->folder, im->net.shown, m->out.reply);
	}
	log_warn("%s", e->msg);
	return m->n;
}

size_t imap_move_wait(struct imap *im, struct err *e)
{
	struct err lost;
	size_t left = 0;

	if (!im)
		return 0;
	if (im->qn)
		imap_pump(im, NULL, &lost);     /* the outcomes say */
	while (im->moving) {
		struct imap_moving *m = im->moving;
		im->moving = m->next;
		if (m->out.refused || m->out.lost)
			left += move_failed(im, m, e);
		free(m->uids), free(m->folder), free(m);
	}
	return left;
}

int imap_unflag_seen(struct imap *im, uint32_t uid, struct err *e)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "UID STORE %u -FLAGS.SILENT (\\Seen)", uid);
	return imap_command(im, cmd, e);
}
