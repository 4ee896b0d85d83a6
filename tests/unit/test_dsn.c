/* test_dsn.c: the recipients a delivery status notification reports as failed. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "mail/dsn.h"

/* as Postfix writes one (RFC 3464), one recipient failed, one delayed */
static const char postfix[] =
	"Return-Path: <>\r\n"
	"From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\n"
	"Subject: Undelivered Mail Returned to Sender\r\n"
	"To: referee@tempest.example\r\n"
	"MIME-Version: 1.0\r\n"
	"Content-Type: multipart/report; report-type=delivery-status;\r\n"
	"\tboundary=\"ABC.123/mx.example.org\"\r\n"
	"\r\n"
	"--ABC.123/mx.example.org\r\n"
	"Content-Description: Notification\r\n"
	"Content-Type: text/plain; charset=us-ascii\r\n"
	"\r\n"
	"I'm sorry to have to inform you that your message could not\r\n"
	"be delivered to one or more recipients.\r\n"
	"\r\n"
	"<bob@example.org>: host mx.example.org said: 550 5.1.1 no such user\r\n"
	"\r\n"
	"--ABC.123/mx.example.org\r\n"
	"Content-Description: Delivery report\r\n"
	"Content-Type: message/delivery-status\r\n"
	"\r\n"
	"Reporting-MTA: dns; mx.example.org\r\n"
	"Arrival-Date: Thu,  5 Nov 2026 10:00:00 +0000 (UTC)\r\n"
	"\r\n"
	"Final-Recipient: rfc822; bob@example.org\r\n"
	"Original-Recipient: rfc822;bob@example.org\r\n"
	"Action: failed\r\n"
	"Status: 5.1.1\r\n"
	"\r\n"
	"Final-Recipient: rfc822; <carol@example.org>\r\n"
	"Action: delayed\r\n"
	"Status: 4.4.1\r\n"
	"\r\n"
	"--ABC.123/mx.example.org--\r\n";

/* plain bounces, without a report part: the mail system's text names the recipient */
static const char postfix_plain[] =
	"Return-Path: <>\n"
	"From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\n"
	"Subject: Undelivered Mail Returned to Sender\n"
	"Content-Type: text/plain; charset=us-ascii\n"
	"\n"
	"This is the mail system at host mx.example.org.\n"
	"\n"
	"I'm sorry to have to inform you that your message could not\n"
	"be delivered to one or more recipients.\n"
	"\n"
	"<bob@example.org>: host mx.example.org[192.0.2.1] said: 550 5.1.1\n"
	"    <bob@example.org>: Recipient address rejected: User unknown\n"
	"\n"
	"--- Below this line is a copy of the message.\n"
	"\n"
	"Return-Path: <referee@tempest.example>\n"
	"To: <carol@example.org>\n";
static const char exim_plain[] =
	"From: Mail Delivery System <Mailer-Daemon@mx.example.net>\n"
	"Subject: Mail delivery failed: returning message to sender\n"
	"\n"
	"This message was created automatically by mail delivery software.\n"
	"\n"
	"A message that you sent could not be delivered to one or more of its\n"
	"recipients. This is a permanent error. The following address(es) failed:\n"
	"\n"
	"  dave@example.net\n"
	"    host mx.example.net [192.0.2.2]\n"
	"    SMTP error from remote mail server after RCPT TO:<dave@example.net>:\n"
	"    550 5.1.1 User unknown\n"
	"\n"
	"------ This is a copy of the message, including all the headers. ------\n"
	"  erin@example.net\n";
static const char exim_header[] =
	"From: Mail Delivery System <Mailer-Daemon@mx.example.net>\n"
	"X-Failed-Recipients: frank@example.net, grace@example.net\n"
	"Subject: Mail delivery failed: returning message to sender\n"
	"\n"
	"A message that you sent could not be delivered.\n";
static const char qmail_plain[] =
	"From: MAILER-DAEMON@mail.example.com\n"
	"Subject: failure notice\n"
	"\n"
	"Hi. This is the qmail-send program at mail.example.com.\n"
	"I'm afraid I wasn't able to deliver your message to the following addresses.\n"
	"This is a permanent error; I've given up. Sorry it didn't work out.\n"
	"\n"
	"<heidi@example.com>:\n"
	"Sorry, no mailbox here by that name. (#5.1.1)\n"
	"\n"
	"--- Below this line is a copy of the message.\n";
static const char sendmail_plain[] =
	"From: Mail Delivery Subsystem <postmaster@relay.example.com>\n"
	"Subject: Returned mail: see transcript for details\n"
	"\n"
	"The original message was received at Thu, 5 Nov 2026 10:00:00 GMT\n"
	"\n"
	"   ----- The following addresses had permanent fatal errors -----\n"
	"<ivan@example.com>\n"
	"    (reason: 550 5.1.1 User unknown)\n";

/* Each plain bounce: its recipients, or none. */
static void plain_bounces(void)
{
	char r[DSN_RCPT_MAX][DSN_ADDR_MAX];

	CHECK_INT(dsn_failed(postfix_plain, strlen(postfix_plain), r), 1);
	CHECK_STR(r[0], "bob@example.org");     /* not carol, of the copy */
	CHECK_INT(dsn_failed(exim_plain, strlen(exim_plain), r), 1);
	CHECK_STR(r[0], "dave@example.net");
	CHECK_INT(dsn_failed(exim_header, strlen(exim_header), r), 2);
	CHECK_STR(r[1], "grace@example.net");
	CHECK_INT(dsn_failed(qmail_plain, strlen(qmail_plain), r), 1);
	CHECK_STR(r[0], "heidi@example.com");
	CHECK_INT(dsn_failed(sendmail_plain, strlen(sendmail_plain), r), 1);
	CHECK_STR(r[0], "ivan@example.com");
	/* a player who pastes a bounce is no mail system */
	const char *body = strstr(postfix_plain, "\n\n");
	char pasted[sizeof postfix_plain + 64];
	snprintf(pasted, sizeof pasted, "From: alice@example.org\nSubject: look%s", body);
	CHECK_INT(dsn_failed(pasted, strlen(pasted), r), 0);
	/* the postmaster writing about something else is no bounce */
	static const char note[] = "From: postmaster@example.org\nSubject: maintenance\n\n"
		"The server restarts tonight.\n  alice@example.org\n";
	CHECK_INT(dsn_failed(note, strlen(note), r), 0);
}

int main(void)
{
	char r[DSN_RCPT_MAX][DSN_ADDR_MAX];

	CHECK_INT(dsn_failed(postfix, strlen(postfix), r), 1);
	CHECK_STR(r[0], "bob@example.org");
	/* the same text without the report's Content-Type: a player quoting a bounce */
	const char *quoted = strstr(postfix, "\r\n\r\n") + 4;
	static const char head[] = "From: alice@example.org\r\nSubject: look\r\n\r\n";
	char mail[sizeof postfix + sizeof head];
	snprintf(mail, sizeof mail, "%s%s", head, quoted);
	CHECK_INT(dsn_failed(mail, strlen(mail), r), 0);
	/* LF line ends, an address in brackets */
	static const char lf[] =
		"Content-Type: multipart/report; report-type=\"delivery-status\"; boundary=x\n\n"
		"--x\nContent-Type: message/delivery-status\n\n"
		"Final-Recipient: RFC822; <Dave@Example.org>\nACTION: Failed\n--x--\n";
	CHECK_INT(dsn_failed(lf, strlen(lf), r), 1);
	CHECK_STR(r[0], "Dave@Example.org");
	/* a success report is no failure */
	static const char ok[] =
		"Content-Type: multipart/report; report-type=delivery-status; boundary=x\n\n"
		"Final-Recipient: rfc822; erin@example.org\nAction: delivered\n";
	CHECK_INT(dsn_failed(ok, strlen(ok), r), 0);
	plain_bounces();
	return check_done();
}
