/* imap_move.c: see imap.h. Moving mails out of the mailbox to a folder (UID MOVE, or COPY
 * and EXPUNGE on a server without MOVE), and giving a mail back its unread mark: the
 * commands that change the mailbox, over imap.c's connection. */
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

int imap_unflag_seen(struct imap *im, uint32_t uid, struct err *e)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "UID STORE %u -FLAGS.SILENT (\\Seen)", uid);
	return imap_command(im, cmd, e);
}
