/* imap_int.h: what imap.c (the connection, the commands and their answers), imap_fetch.c
 * (listing and fetching) and imap_move.c (moves and flags) share. Internal to src/mail/.
 *
 * Commands may be pipelined: imap_send() sends one and returns at once, and its answer
 * is read later by imap_pump() (or before the next command that waits for its own). What
 * each one came to is written to its imap_outcome. A server may run pipelined commands
 * at once (RFC 3501, 5.5: Dovecot runs a UID MOVE beside a UID FETCH of other mails), so
 * their answers may interleave and end in any order: a tagged status is matched to its
 * command by its tag, and every mail of every pipelined UID FETCH goes to one parser
 * (im->stream), from which each batch takes its own by UID. */
#ifndef TEMPEST_MAIL_IMAP_INT_H
#define TEMPEST_MAIL_IMAP_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mail/fetchparse.h"
#include "mail/imap.h"
#include "mail/net.h"

/* The untagged answers to one command, in memory, up to a limit. */
struct sink {
	char *data;
	size_t n, cap;
};

/* What has been received and not yet read, line by line. */
struct inbuf {
	char *data;
	size_t start, end, cap;
};

/* How one or more pipelined commands ended: waiting counts those not yet answered. */
struct imap_outcome {
	unsigned waiting;               /* commands not yet answered */
	bool refused;                   /* a NO or BAD: reply holds the first */
	bool lost;                      /* the connection failed first: why says how */
	char reply[NET_REPLY_MAX];
	char why[256];
};

/* A command sent, its answer not yet read. */
struct imap_pending {
	unsigned tag;
	struct imap_outcome *out;
};

/* The mails of one batch, asked for (imap_fetch_send) and not yet read. */
struct imap_group {
	struct imap_mail *mails;        /* NULL: the slot is free */
	size_t n;
	struct imap_outcome out;
};

/* A UID MOVE sent, its answer not yet read (imap_move_wait). */
struct imap_moving {
	struct imap_moving *next;
	uint32_t *uids;
	size_t n;
	char *folder;
	struct imap_outcome out;
};

#define IMAP_GROUPS 2                   /* the batch being read and the next one */

struct imap {
	struct net net;                 /* the curl handle, imap_url as shown, the refusal */
	const struct config *cfg;
	char quoted_mailbox[600];       /* imap_mailbox as an IMAP string */
	struct sink sink;
	struct inbuf in;
	struct fetchparse *fetch;       /* reading mails, else NULL */
	unsigned tag;                   /* the last command's number */
	bool connected;                 /* logged in, the stream ours */
	bool has_move, has_uidplus;
	bool selected;                  /* the mailbox is selected on this connection */
	bool listed;                    /* exists has been used since the SELECT */
	size_t exists;                  /* mails in the mailbox at the SELECT */
	size_t limit;                   /* the largest answer line or mail read */
	struct imap_pending *queue;     /* commands sent, not yet answered */
	size_t qn, qcap;
	char *out;                      /* commands not yet sent (imap_flush) */
	size_t outn, outcap;
	struct fetchparse stream;       /* the mails of the pipelined UID FETCH commands */
	struct imap_group groups[IMAP_GROUPS];
	struct imap_moving *moving;     /* moves sent, oldest first */
};

/* Runs a command on the mailbox, SELECTed first on a new connection: 0, or -1 with e set
 * (the server's words in im->net.reply). Answers still pending are read first. */
int imap_command(struct imap *im, const char *cmd, struct err *e);
/* Runs a command as it is (the mailbox selected or not), its lines read up to limit
 * bytes (the mails of a FETCH into im->fetch, the other untagged lines into im->sink). */
int imap_run(struct imap *im, const char *cmd, size_t limit, struct err *e);
/* SELECTs the mailbox and keeps how many mails it holds (im->exists). */
int imap_select(struct imap *im, struct err *e);
/* Queues a command on the mailbox (SELECTed first on a new connection), to be sent with
 * the others queued by imap_flush() (or before any answer is read) and not waited for
 * (a UID FETCH's mails go to im->stream); out says how it ended. -1 (e says why) when it
 * could not be queued: out is then not counted. */
int imap_send(struct imap *im, const char *cmd, struct imap_outcome *out, struct err *e);
/* Sends the commands queued, in one write. -1 (e) when the connection failed: every
 * command pending is then lost. */
int imap_flush(struct imap *im, struct err *e);
/* Reads the pending answers until every command of until has been answered (NULL: every
 * command sent). -1 (e) when the connection failed: every command pending is then lost. */
int imap_pump(struct imap *im, const struct imap_outcome *until, struct err *e);
/* Twice the largest mail the referee reads, and room for the headers servers add. */
size_t imap_fetch_limit(const struct config *cfg);
/* A mailbox name as an IMAP quoted string in out (len bytes): 0, or -1 with e set. */
int imap_quote_mailbox(const char *name, char *out, size_t len, struct err *e);
/* "1:3,7,9:10": the UIDs (ascending) as an IMAP set, the caller's to free(); NULL when
 * memory runs out. */
char *imap_uid_set(const uint32_t *uids, size_t n);
/* Drops the connection without a word; the next command connects again. */
void imap_drop(struct imap *im);

#endif
