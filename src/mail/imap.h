/* imap.h: the referee's mailbox over IMAP (libcurl), for one poll run: list what is
 * waiting, fetch each mail exactly as stored, move the processed ones away.
 *
 * One connection and one login serve the whole run. The server, credentials and TLS come
 * from the configuration: imap_url (imaps:// is TLS from the start; imap:// must upgrade
 * with STARTTLS unless `starttls = no`), tls_ca_file, netrc_file (else ~/.netrc, else
 * user:password in the URL), connect_timeout and stall_timeout. Every mail left in
 * imap_mailbox counts as unprocessed, read or not.
 *
 * Functions return 0, or -1 with e naming the operation, the URL (never the password)
 * and the reason (curl's and the server's). After a failure the handle stays usable: the
 * next call connects and logs in again. */
#ifndef TEMPEST_IMAP_H
#define TEMPEST_IMAP_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "util/err.h"

/* imap_fetch(): the mail is larger than the configured limit; it was not read. */
#define IMAP_TOO_LARGE (-2)

struct imap;

/* Connects, logs in and opens the mailbox (so that bad settings show at once). The
 * configuration must outlive the handle. Free with imap_close(). */
struct imap *imap_open(const struct config *cfg, struct err *e);
/* The UIDs of every mail in the mailbox, ascending; *uids is the caller's to free()
 * (NULL when *n is 0). */
int imap_search(struct imap *im, uint32_t **uids, size_t *n, struct err *e);
/* The exact raw message (NUL-terminated for convenience; *len without the NUL), the
 * caller's to free(). Sets \Seen. A mail larger than twice max_message_size is not read
 * past that point: IMAP_TOO_LARGE. */
int imap_fetch(struct imap *im, uint32_t uid, char **raw, size_t *len, struct err *e);
/* Moves the mail to folder (created if the server says it does not exist): UID MOVE, or
 * UID COPY + \Deleted + (UID) EXPUNGE on a server without MOVE. */
int imap_move(struct imap *im, uint32_t uid, const char *folder, struct err *e);
/* Takes \Seen off again (a mail left for the next run). */
int imap_unflag_seen(struct imap *im, uint32_t uid, struct err *e);
/* Logs out and frees; NULL is fine. */
void imap_close(struct imap *im);

#endif
