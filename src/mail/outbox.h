/* outbox.h: the queue of replies waiting to be sent: DIR/outbox/NAME.eml, one complete
 * RFC 5322 message per file (CRLF line ends), its single To: address being the envelope
 * recipient. NAME is derived from the Message-ID, so that writing the same reply twice
 * (a run that died before its commit, run again) replaces the file instead of adding a
 * second one. A file leaves the queue only after the server accepted it (or after a
 * permanent refusal: then it moves to DIR/outbox/failed/). */
#ifndef TEMPEST_OUTBOX_H
#define TEMPEST_OUTBOX_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/crypto.h"
#include "util/err.h"

/* Writes the message atomically (temporary file, fsync, rename, fsync of the dir). */
int outbox_put(const char *dir, const char *message_id, const char *text, size_t len,
	       struct err *e);
/* A reply waits in DIR/staged/ until what caused it is committed, so that no crash or
 * failed commit can send it: DIR/staged/G.CAUSE.NAME.eml, G the game it belongs to (0:
 * none), CAUSE the 64 hex digits of the SHA-256 of the key of the mail that caused it (as
 * the seen set writes it), NAME its queue name. `sync` makes the write durable on its
 * own; a batch leaves that to its barrier (DIR/staged must exist then). path (plen bytes)
 * receives the staged file's path. */
int outbox_stage(const char *dir, int game, const char *cause_key, const char *message_id,
		 const char *text, size_t len, bool sync, char *path, size_t plen, struct err *e);
/* The staged reply joins the queue (a rename; the caller syncs DIR once, fs_sync_dir_of). */
int outbox_promote(const char *dir, const char *staged_path, struct err *e);
/* What DIR/staged/ holds (a run that died before promoting its replies). */
struct outbox_staged {
	char path[PATH_MAX];
	int game;
	char cause[65];                 /* hex SHA-256 of the cause's key */
	char name[33];                  /* the queue name (outbox_name) */
};
int outbox_staged_list(const char *dir, struct outbox_staged **out, size_t *n, struct err *e);
/* Is name (a file of DIR) a queued reply, NAME.eml? */
bool outbox_queue_name(const char *name);
/* The queue name of a Message-ID: 32 hex digits. */
void outbox_name(const char *message_id, char out[33]);
/* Removes what an interrupted write left in DIR, DIR/staged, failed, held and bounced
 * (NAME.tmp.PID files); *removed counts them. */
int outbox_clean(const char *dir, int *removed, struct err *e);
/* The queued files' paths, oldest first; free each and the array. */
int outbox_list(const char *dir, char ***paths, size_t *n, struct err *e);
/* The To: address of a queued message (the envelope recipient). */
int outbox_recipient(const char *text, char *out, size_t len, struct err *e);
int outbox_remove(const char *path, struct err *e);
/* The same without the sync of the directory: a flush syncs it once at its end (a power
 * cut in between sends those mails again, with the same Message-IDs: at least once). */
int outbox_unqueue(const char *path, struct err *e);
int outbox_fail(const char *dir, const char *path, struct err *e);

/* A recipient whose server refused a mail for now (a 4xx of its own, "mailbox full"): its
 * mails are held back until *until, the wait doubling with each refusal in a row (5
 * minutes, 10, 20, ... at most 4 hours); DIR/held/HASH records it. Returns the number of
 * refusals in a row. */
int outbox_hold(const char *dir, const char *rcpt, long long now, long long *until,
		struct err *e);
/* When the recipient's mails may be tried again (0: not held). */
long long outbox_held_until(const char *dir, const char *rcpt);
/* A mail to the recipient went: no longer held, no longer counted as bouncing. */
void outbox_release(const char *dir, const char *rcpt);
/* The addresses DIR/held and DIR/bounced hold a record of, read once by a flush: it
 * releases an address that has one, instead of trying to remove two files that are not
 * there for every address it sends to. */
struct outbox_records {
	char (*name)[CRYPTO_ADDRESS_NAME];      /* the records' file names */
	size_t n;
	bool all;                       /* a folder could not be read: any address may */
};
void outbox_records_load(const char *dir, struct outbox_records *r);
bool outbox_records_has(const struct outbox_records *r, const char *rcpt);
/* A record the flush itself wrote (outbox_hold, outbox_bounced). */
void outbox_records_add(struct outbox_records *r, const char *rcpt);
void outbox_records_free(struct outbox_records *r);

/* A mail to the recipient failed for good (refused by the server, or a delivery status
 * notification came back): DIR/bounced/HASH counts them in a row, "COUNT TOLD ADDRESS",
 * TOLD being the count when the players were last told (0: never). Returns the count. */
int outbox_bounced(const char *dir, const char *rcpt, struct err *e);
/* Each bouncing address with its count and TOLD; each() returns 0 to go on. */
int outbox_bounces(const char *dir, int (*each)(const char *rcpt, int count, int told, void *arg),
		   void *arg, struct err *e);
/* Records that the players were told at this count. */
int outbox_bounce_told(const char *dir, const char *rcpt, int count, struct err *e);

#endif
