/* test_fetchparse.c: the reader of UID FETCH answers (src/mail/fetchparse.c): mails taken
 * by their literal's byte count, whatever lines they hold; the UID before or after the
 * literal; lines that are no FETCH answer passed over; a literal over the limit, a FETCH
 * without a UID and an answer cut short inside a mail refused; the answers of pipelined
 * commands, interleaved with another command's, read by one parser and taken in any
 * order; a parser restarted after a broken answer keeps the mails read whole. */
#include "mail/fetchparse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Feeds text to p split at each LF, as libcurl and imap.c hand over lines. */
static void feed(struct fetchparse *p, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl + 1 - text) : strlen(text);
		fetchparse_line(p, text, len);
		text += len;
	}
}

/* The mail kept for uid as a string ("" when none), freed by the next call. */
static const char *mail(struct fetchparse *p, uint32_t uid)
{
	static char *last;
	size_t len;

	free(last);
	last = fetchparse_take(p, uid, &len);
	if (last && strlen(last) != len)
		return "(length differs)";
	return last ? last : "";
}

static void test_two_mails(void)
{
	struct fetchparse p;
	const char *m1 = "From: a@b\r\nSubject: x\r\n\r\n* 3 FETCH (UID 3 BODY[] {5}\r\nT9 OK no\r\n";
	const char *m2 = "From: c@d\r\n\r\nno line end";
	char answer[1024];

	snprintf(answer, sizeof answer,
		 "* OK [UIDNEXT 9] Predicted next UID\r\n"
		 "* 1 FETCH (UID 7 BODY[] {%zu}\r\n%s)\r\n"
		 "* 2 FETCH (FLAGS (\\Seen))\r\n"
		 "* 2 FETCH (BODY[] {%zu}\r\n%s UID 8)\r\n"
		 "T4 OK Fetch completed.\r\n", strlen(m1), m1, strlen(m2), m2);
	fetchparse_init(&p, 1000);
	feed(&p, answer);
	CHECK_INT(fetchparse_end(&p), 0);
	CHECK_STR(p.why, "");
	CHECK_INT(p.n, 2);
	CHECK_STR(mail(&p, 7), m1);
	CHECK_STR(mail(&p, 8), m2);
	CHECK_STR(mail(&p, 7), "");             /* taken once */
	CHECK_STR(mail(&p, 3), "");             /* the answer-like lines inside mail 7 */
	fetchparse_free(&p);
}

static void test_empty_and_nil(void)
{
	struct fetchparse p;

	fetchparse_init(&p, 10);
	feed(&p, "* 1 FETCH (UID 4 BODY[] {0}\r\n)\r\nT1 OK\r\n");
	CHECK_INT(fetchparse_end(&p), 0);
	CHECK_INT(p.n, 1);
	CHECK_STR(mail(&p, 4), "");
	fetchparse_free(&p);
}

static void test_refusals(void)
{
	static const struct {
		const char *answer, *why;
		bool over;
	} cases[] = {
		{ "* 1 FETCH (UID 4 BODY[] {11}\r\n0123456789\r\n)\r\n", "a mail larger than asked for", true },
		{ "* 1 FETCH (BODY[] {3}\r\nabc)\r\n", "a FETCH answer without the mail's UID", false },
		{ "* 1 FETCH (UID 4 BODY[] {8}\r\nabc\r\n", "the answer ended inside a mail", false },
		{ "* 1 FETCH (UID 4 BODY[] {3}\r\nabc and more\r\n", "a FETCH answer that does not close after the mail", false },
		{ "* 1 FETCH (UID 4 BODY[] {x3}\r\n", "a FETCH answer with a malformed literal", false },
	};

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct fetchparse p;
		check_context("case %zu", i);
		fetchparse_init(&p, 10);
		feed(&p, cases[i].answer);
		CHECK_INT(fetchparse_end(&p), -1);
		CHECK_STR(p.why, cases[i].why);
		CHECK_INT(p.over, cases[i].over);
		CHECK_INT(p.n, 0);
		fetchparse_free(&p);
	}
	check_context(NULL);
}

/* A line of the mail is only ever data: in_mail says so before it is fed. */
static void test_in_mail(void)
{
	struct fetchparse p;

	fetchparse_init(&p, 100);
	CHECK(!fetchparse_in_mail(&p));
	feed(&p, "* 1 FETCH (UID 2 BODY[] {7}\r\n");
	CHECK(fetchparse_in_mail(&p));
	feed(&p, "T1 NO\r\n");
	CHECK(!fetchparse_in_mail(&p));
	feed(&p, ")\r\n");
	CHECK_INT(fetchparse_end(&p), 0);
	CHECK_STR(mail(&p, 2), "T1 NO\r\n");
	fetchparse_free(&p);
}

/* Two pipelined UID FETCH commands with a UID MOVE between them, answered as Dovecot
 * does when it runs the MOVE beside the second FETCH: the MOVE's untagged lines and its
 * tagged status among the FETCH answers. */
static void test_pipelined(void)
{
	struct fetchparse p;

	fetchparse_init(&p, 100);
	feed(&p, "* 1 FETCH (UID 11 BODY[] {3}\r\none)\r\n"
		 "T3 OK Fetch completed.\r\n"
		 "* OK [COPYUID 9 1:3 4:6] Moved UIDs.\r\n"
		 "* 4 FETCH (UID 14 BODY[] {3}\r\ntwo)\r\n"
		 "* 3 EXPUNGE\r\n"
		 "T5 OK Move completed.\r\n"
		 "* 5 FETCH (UID 15 BODY[] {5}\r\nthree)\r\n"
		 "T6 OK Fetch completed.\r\n");
	CHECK_INT(fetchparse_end(&p), 0);
	CHECK_INT(p.n, 3);
	CHECK_STR(mail(&p, 14), "two");         /* the second batch first */
	CHECK_STR(mail(&p, 15), "three");
	CHECK_INT(p.n, 3);                      /* mail 11 not yet taken */
	CHECK_STR(mail(&p, 11), "one");
	CHECK_INT(p.n, 0);                      /* every mail taken: none held */
	feed(&p, "* 6 FETCH (UID 16 BODY[] {4}\r\nfour)\r\n");
	CHECK_STR(mail(&p, 16), "four");
	fetchparse_free(&p);
}

/* A connection that failed inside a mail: the mails before it stay, the next answers
 * are read afresh. */
static void test_restart(void)
{
	struct fetchparse p;

	fetchparse_init(&p, 100);
	feed(&p, "* 1 FETCH (UID 21 BODY[] {3}\r\none)\r\n* 2 FETCH (UID 22 BODY[] {50}\r\ncut");
	CHECK(fetchparse_in_mail(&p));
	feed(&p, "* 1 FETCH (UID 4 BODY[] {x3}\r\n");
	CHECK(fetchparse_in_mail(&p));          /* still inside mail 22: data */
	fetchparse_restart(&p);
	CHECK(!fetchparse_in_mail(&p));
	CHECK_STR(p.why, "");
	feed(&p, "* 1 FETCH (UID 23 BODY[] {3}\r\nnew)\r\n");
	CHECK_INT(fetchparse_end(&p), 0);
	CHECK_STR(mail(&p, 22), "");
	CHECK_STR(mail(&p, 21), "one");
	CHECK_STR(mail(&p, 23), "new");
	fetchparse_free(&p);
}

int main(void)
{
	test_two_mails();
	test_empty_and_nil();
	test_refusals();
	test_in_mail();
	test_pipelined();
	test_restart();
	return check_done();
}
