/* dsn.h: reading a delivery status notification (RFC 3464) that came back to the referee:
 * which recipients' mail failed for good. A bounce is never answered; what it says is
 * counted against the address (outbox_bounced), so that the other players learn when an
 * address seems dead. */
#ifndef TEMPEST_DSN_H
#define TEMPEST_DSN_H

#include <stddef.h>

#define DSN_RCPT_MAX 8
#define DSN_ADDR_MAX 256

/* The recipients a DSN reports as failed (Action: failed), at most DSN_RCPT_MAX; 0 if the
 * mail is no DSN or reports no failure (a delay, a success). A plain bounce counts as a
 * DSN does: a mail from MAILER-DAEMON@ or postmaster@ without the report's Content-Type
 * (multipart/report; report-type=delivery-status), whose text says the mail could not be
 * delivered ("could not be delivered", "Undelivered Mail Returned to Sender", "Mail
 * delivery failed", ...) and names the failed recipients as Postfix, qmail and sendmail
 * ("<bob@example.org>: ...") or Exim (X-Failed-Recipients:, or the address alone on an
 * indented line) write them, before the copy of the returned mail. */
int dsn_failed(const char *raw, size_t len, char rcpt[DSN_RCPT_MAX][DSN_ADDR_MAX]);

#endif
