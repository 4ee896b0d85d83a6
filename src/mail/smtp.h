/* smtp.h: handing mails to the SMTP server named by smtp_url (libcurl).
 *
 * TLS, credentials and timeouts come from the configuration as for IMAP: smtps:// is TLS
 * from the start, smtp:// must upgrade with STARTTLS unless `starttls = no`; tls_ca_file;
 * netrc_file (else ~/.netrc, else user:password in the URL); connect_timeout and
 * stall_timeout. The URL's path is the name given in EHLO; without one, the domain of
 * referee_address is used.
 *
 * A session sends several mails over one connection (libcurl keeps it open between
 * mails and opens a new one after a failure). The text must be complete with CRLF line
 * ends; libcurl does the dot-stuffing. */
#ifndef TEMPEST_SMTP_H
#define TEMPEST_SMTP_H

#include <stddef.h>

#include "config/config.h"
#include "util/err.h"

/* What became of one mail; e says why for the two failures. */
enum smtp_result {
	SMTP_SENT = 0,          /* the server took responsibility for it */
	SMTP_TEMPFAIL = -1,     /* not sent, try again later: no connection, timeout, a
				 * connection dropped, a 4xx reply, a 5xx refusal of the sender */
	SMTP_REJECTED = -2,     /* refused for good (5xx to the recipient or the content) */
	SMTP_TEMPFAIL_RCPT = -3,        /* not sent, try again later, but only this mail's
					 * recipient is concerned: a 4xx to RCPT, DATA or the
					 * end of data ("452 mailbox full"); others may go */
	SMTP_DENIED = -4,       /* not sent, and no mail can go until someone acts: the login
				 * refused, a certificate that does not verify, a TLS handshake
				 * refused, settings libcurl cannot use (e marked for a person) */
};

struct smtp;

/* Checks the settings and prepares a session; connects on the first mail. The
 * configuration must outlive it. NULL with e set (and marked for a person, but for a
 * lack of memory) on bad settings. Free with smtp_close(). */
struct smtp *smtp_open(const struct config *cfg, struct err *e);
/* Sends one mail in the session: an enum smtp_result. */
int smtp_mail(struct smtp *s, const char *from, const char *rcpt, const char *text, size_t len,
	      struct err *e);
/* Says goodbye (QUIT) and frees; NULL is fine. */
void smtp_close(struct smtp *s);

/* One mail over a connection of its own: an enum smtp_result. */
int smtp_send(const struct config *cfg, const char *from, const char *rcpt, const char *text,
	      size_t len, struct err *e);

/* Connects, greets, upgrades to TLS and logs in as a session would, then says QUIT: what
 * `-n` checks without sending anything. 0, or an enum smtp_result failure with e set. */
int smtp_check(const struct config *cfg, struct err *e);

#endif
