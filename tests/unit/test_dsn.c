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
	return check_done();
}
