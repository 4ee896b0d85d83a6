/* imap_int.h: what imap.c (the connection, listing and fetching) and imap_move.c (moves
 * and flags) share. Internal to src/mail/. */
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
};

/* Runs a command on the mailbox, SELECTed first on a new connection: 0, or -1 with e set
 * (the server's words in im->net.reply). */
int imap_command(struct imap *im, const char *cmd, struct err *e);
/* A mailbox name as an IMAP quoted string in out (len bytes): 0, or -1 with e set. */
int imap_quote_mailbox(const char *name, char *out, size_t len, struct err *e);
/* "1:3,7,9:10": the UIDs (ascending) as an IMAP set, the caller's to free(); NULL when
 * memory runs out. */
char *imap_uid_set(const uint32_t *uids, size_t n);

#endif
