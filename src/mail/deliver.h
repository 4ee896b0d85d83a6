/* deliver.h: flushing the outbox (outbox.h): every queued reply goes to the SMTP server
 * named by smtp_url, oldest first, with referee_address as the envelope sender and the
 * mail's To: address as the recipient. Sending is at least once: a run that dies between
 * the server's acceptance and the file's removal sends that mail again next time. */
#ifndef TEMPEST_DELIVER_H
#define TEMPEST_DELIVER_H

#include <stdbool.h>
#include <stdio.h>

#include "config/config.h"
#include "util/err.h"

struct deliver_stats {
	int sent;               /* accepted by the server (or written to `out`), removed */
	int tempfail;           /* still queued: a temporary failure stopped the flush */
	int rejected;           /* refused for good, moved to failed/ */
	int deferred;           /* left for a later run on purpose: the per-run limit of
				 * max_replies_per_sender mails to one address, or a recipient
				 * still held back after a temporary refusal of its own */
	bool for_a_person;      /* the flush stopped on a failure no later run cures by
				 * itself (the login refused, a certificate, bad settings): the
				 * mails it left are in tempfail */
};

/* Sends every queued mail over SMTP (cfg->smtp_url) in order; a sent one is removed at
 * once (then the directory is synced), a rejected one goes to failed/. A temporary
 * failure of one recipient's own ("452 mailbox full") holds back that recipient's mails
 * only, with a growing wait between tries (outbox_hold); one of the server's (no
 * connection, no login) stops the flush and leaves the rest queued for the next run (the
 * reason is logged as a warning). At most max_replies_per_sender mails go to one address
 * in a run: the rest wait, queued, for the next (never dropped). With no smtp_url (the
 * embedded mode) each queued mail is appended to `out` as an mbox message and removed,
 * many a write (DELIVER_WRITE_AT).
 * Returns 0 when the flush ran, whatever became of the mails (st says); -1 with e set
 * on a local failure (an unreadable outbox, a file that cannot be removed, bad SMTP
 * settings, a failed write to `out`), st->tempfail then counting the mails left. */
/* The embedded mode writes its mails to `out` this many bytes or more at a time (a mail
 * larger goes in a write of its own), and marks them sent after each write: a write for
 * ten replies of the bench's, hundreds of short ones (its size: as SPOOL_READ_AT's). A kill between a write and its marks sends its mails again next
 * run, as a kill just after a server accepted a mail does. */
#define DELIVER_WRITE_AT (128u << 10)

int deliver_outbox(const struct config *cfg, const char *outbox_dir, FILE *out,
		   struct deliver_stats *st, struct err *e);

#endif
