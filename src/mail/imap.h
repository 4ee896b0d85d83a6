/* imap.h: the referee's mailbox over IMAP (libcurl), for one poll run: list what is
 * waiting, fetch each mail exactly as stored, move the processed ones away.
 *
 * One connection and one login serve the whole run. The server, credentials and TLS come
 * from the configuration: imap_url (imaps:// is TLS from the start; imap:// must upgrade
 * with STARTTLS unless `starttls = no`), tls_ca_file, netrc_file (else ~/.netrc, else
 * user:password in the URL), connect_timeout, stall_timeout, batch_size (mails fetched,
 * committed and moved together) and imap_batch_size (mails a UID FETCH command asks
 * for). Every mail left in imap_mailbox counts as unprocessed, read or not.
 *
 * Commands are pipelined where nothing depends on their answer: a batch's UID FETCH
 * commands go out together, the next batch's may be sent before the current one is
 * processed (imap_fetch_send), and a UID MOVE is not waited for (imap_move_send).
 *
 * Functions return 0, or -1 with e naming the operation, the URL (never the password)
 * and the reason (curl's and the server's). After a failure the handle stays usable: the
 * next call connects and logs in again if the connection had to be dropped. */
#ifndef TEMPEST_IMAP_H
#define TEMPEST_IMAP_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "util/err.h"

/* imap_fetch(): the mail is larger than the configured limit; it was not read. */
#define IMAP_TOO_LARGE (-2)
struct imap;

/* One mail of the mailbox: imap_list() gives uid and size (the server's RFC822.SIZE);
 * imap_fetch_batch() fills the rest. */
struct imap_mail {
	uint32_t uid;
	size_t size;
	int status;                     /* 0: raw holds it; IMAP_TOO_LARGE; -1: not fetched */
	char *raw;                      /* the exact message and a NUL, the caller's to free() */
	size_t len;                     /* without the NUL */
};

/* Connects, logs in and SELECTs the mailbox (so that bad settings show at once); its
 * answer says how many mails wait. The configuration must outlive the handle. Free with
 * imap_close(). */
struct imap *imap_open(const struct config *cfg, struct err *e);
/* Every mail in the mailbox with its size, ascending by UID; *mails is the caller's to
 * free() (NULL when *n is 0). An empty mailbox costs no command after imap_open(). */
int imap_list(struct imap *im, struct imap_mail **mails, size_t *n, struct err *e);
/* The UIDs of imap_list(); *uids is the caller's to free() (NULL when *n is 0). */
int imap_search(struct imap *im, uint32_t **uids, size_t *n, struct err *e);
/* How many of mails[0..n) (from the first, at least one if n > 0) make the next batch:
 * at most batch_size, and a bounded number of bytes held at once. */
size_t imap_batch_span(const struct imap *im, const struct imap_mail *mails, size_t n);
/* Asks for a batch (mails[0..n) of imap_list(), a span of imap_batch_span()) without
 * waiting: UID FETCH commands of imap_batch_size mails each, which leave \Seen alone. A
 * mail the server says is larger than twice max_message_size is not asked for (status
 * IMAP_TOO_LARGE). At most two batches are asked for and not yet read. -1 (e) when they
 * could not be sent; imap_fetch_batch() then says so again. */
int imap_fetch_send(struct imap *im, struct imap_mail *mails, size_t n, struct err *e);
/* Reads a batch asked for by imap_fetch_send() (asks for it first if it was not), as
 * stored. Each mail's status says how it went: 0 (raw holds it), IMAP_TOO_LARGE, or -1
 * (not fetched: -1 returned, e says why). */
int imap_fetch_batch(struct imap *im, struct imap_mail *mails, size_t n, struct err *e);
/* The exact raw message (NUL-terminated for convenience; *len without the NUL), the
 * caller's to free(). Sets \Seen. A mail larger than twice max_message_size is not read
 * past that point: IMAP_TOO_LARGE. */
int imap_fetch(struct imap *im, uint32_t uid, char **raw, size_t *len, struct err *e);
/* Moves the mails (UIDs ascending) to folder in one command (created if the server says
 * it does not exist): UID MOVE set, or UID COPY + \Deleted + (UID) EXPUNGE of the set on
 * a server without MOVE. */
int imap_move_set(struct imap *im, const uint32_t *uids, size_t n, const char *folder,
		  struct err *e);
/* Sends UID MOVE of the mails (UIDs ascending) to folder without waiting for its answer
 * (imap_move_wait reads it); on a server without MOVE, imap_move_set(). -1 (e) when it
 * could not be sent. */
int imap_move_send(struct imap *im, const uint32_t *uids, size_t n, const char *folder,
		   struct err *e);
/* Reads the answers of the moves sent; a move refused because its folder does not exist
 * is made again after a CREATE. Returns how many mails were not moved (each failure said
 * as a warning, the last in e). NULL is fine. */
size_t imap_move_wait(struct imap *im, struct err *e);
/* imap_move_set() of one mail. */
int imap_move(struct imap *im, uint32_t uid, const char *folder, struct err *e);
/* Takes \Seen off again (a mail left for the next run). */
int imap_unflag_seen(struct imap *im, uint32_t uid, struct err *e);
/* Logs out and frees; NULL is fine. */
void imap_close(struct imap *im);

#endif
