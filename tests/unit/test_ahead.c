/* test_ahead.c: a batch's mails read ahead on a second thread (pipeline/ahead.h): each
 * mail taken in order is the message msg_parse makes of it (an unreadable one with its
 * error), read only as far as the caller's head says; a mail out of order, or no reader,
 * is left to the caller; the reader waits while its slots are full and goes on as they
 * are taken; what is given back the reader frees; a batch stopped early frees what it read
 * and what was given back (the sanitizers' leak check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "mail/msgtext.h"
#include "pipeline/ahead.h"
#include "pipeline/pipeline.h"

#define MAILS (5 * AHEAD_SLOTS + 3)
#define SHORT_HEAD 7    /* the mail cut to its headers: the caller's head says so */

static char *raw[MAILS];
static struct pipeline_mail mails[MAILS];

static void make_mails(void)
{
	for (int i = 0; i < MAILS; i++) {
		char text[512];
		if (i == 3) {
			text[0] = 0;    /* nothing: "empty message" */
		} else if (i % 5 == 1) {
			snprintf(text, sizeof text,
				 "From: P%d <p%d@example.org>\nSubject: =?UTF-8?Q?=C3=A9chec_%d?=\n"
				 "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n\n"
				 "--b\nContent-Type: text/plain; charset=utf-8\n"
				 "Content-Transfer-Encoding: quoted-printable\n\ne4 =C3=A9 %d\n--b--\n",
				 i, i, i, i);
		} else {
			snprintf(text, sizeof text, "From: p%d@example.org\nSubject: move %d\n"
				 "Message-ID: <m%d@example.org>\n\nNf3\nline %d\n\n"
				 "> Your move, P%d: write it on a line of its own.\n", i, i, i, i, i);
		}
		raw[i] = strdup(text);
		mails[i] = (struct pipeline_mail){ .raw = raw[i], .len = strlen(text) };
	}
}

static size_t head(const struct pipeline_mail *mail, const void *arg)
{
	const struct pipeline_mail *cut = arg;

	return mail == cut ? SHORT_HEAD : mail->len;
}

/* Mail i as the caller would read it itself: its message, and its text when the reader
 * knew the referee's (referee not NULL). */
static void check_same(int i, const struct ahead_mail *got, const void *arg,
		       const struct msgtext_referee *referee)
{
	struct msg *want = NULL;
	struct err we;
	int wrc = msg_parse(mails[i].raw, head(&mails[i], arg), &want, &we);

	check_context("mail %d", i);
	CHECK_INT(got->rc, wrc);
	if (wrc < 0) {
		CHECK(got->m == NULL);
		CHECK_STR(got->e.msg, we.msg);
		CHECK(!got->read);
	} else if (CHECK(got->m != NULL)) {
		CHECK_STR(got->m->subject, want->subject);
		CHECK_STR(got->m->from_addr ? got->m->from_addr : "",
			  want->from_addr ? want->from_addr : "");
		CHECK_STR(got->m->text, want->text);
		CHECK_INT(got->m->raw_size, want->raw_size);
		CHECK_INT(got->read, referee != NULL);
		for (size_t k = 0; got->read && k < got->text.n; k++)
			CHECK(!strstr(got->text.line[k].text, "Your move"));     /* set aside */
		struct msgtext t;
		const struct msgtext_known known = { referee, want->from_name };
		if (referee && got->read && CHECK_INT(msgtext_read(want->text, &known, &t, NULL), 0)) {
			if (CHECK_INT(got->text.n, t.n))
				for (size_t k = 0; k < t.n; k++) {
					CHECK_STR(got->text.line[k].text, t.line[k].text);
					CHECK_INT(got->text.line[k].lineno, t.line[k].lineno);
				}
			msgtext_free(&t);
		}
	}
	check_context(NULL);
	msg_free(want);
}

/* What the caller owns of a mail taken. */
static void drop(struct ahead_mail *am)
{
	msg_free(am->m);
	msgtext_free(&am->text);
}

static void pause_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* Every mail taken in order, with pauses that let the reader fill its slots and wait; its
 * text read too when the referee's is known (here, a referee's line quoted in each). */
static void test_in_order(const struct msgtext_referee *referee)
{
	const struct pipeline_mail *cut = &mails[8];
	struct ahead *a = ahead_start(mails, MAILS, head, cut, referee);

	if (!CHECK(a != NULL))
		return;
	for (int i = 0; i < MAILS; i++) {
		struct ahead_mail am;
		if (i % AHEAD_SLOTS == 0)
			pause_ms(20);   /* the reader runs up to its slots and waits */
		if (!CHECK_INT(ahead_take(a, &mails[i], &am), 1))
			continue;
		check_same(i, &am, cut, referee);
		if (i == 8)     /* as far as its head: not its subject, which comes after */
			CHECK(am.m && !strstr(am.m->subject, "move 8"));
		if (i % 3)      /* given back, freed by the reader (the sanitizers check it) */
			ahead_give_back(a, am.m, &am.text);
		else
			drop(&am);
		CHECK(am.text.n == 0 || i % 3 == 0);
	}
	/* past the last, and again: nothing more to hand out */
	struct ahead_mail am;
	CHECK_INT(ahead_take(a, &mails[0], &am), 0);
	CHECK_INT(ahead_stop(a), MAILS);
}

/* A mail not the next one is the caller's to read; the next is still handed out after. */
static void test_out_of_order(void)
{
	struct ahead *a = ahead_start(mails + 10, 20, head, NULL, NULL);
	struct ahead_mail am;

	if (!CHECK(a != NULL))
		return;
	CHECK_INT(ahead_take(a, &mails[12], &am), 0);
	CHECK_INT(ahead_take(a, &mails[0], &am), 0);
	if (CHECK_INT(ahead_take(a, &mails[10], &am), 1)) {
		check_same(10, &am, NULL, NULL);
		drop(&am);
	}
	if (CHECK_INT(ahead_take(a, &mails[11], &am), 1)) {
		check_same(11, &am, NULL, NULL);
		drop(&am);
	}
	CHECK_INT(ahead_stop(a), 2);    /* 18 read or being read, never taken: freed */
}

/* Stopped at once, mid-way, after a pause: nothing leaks, nothing hangs. */
static void test_stop(const struct msgtext_referee *referee)
{
	ahead_stop(ahead_start(mails, MAILS, head, NULL, referee));
	struct ahead *a = ahead_start(mails, MAILS, head, NULL, referee);
	struct ahead_mail am;
	if (CHECK(a != NULL) && CHECK_INT(ahead_take(a, &mails[0], &am), 1))
		drop(&am);
	/* given back, the reader asleep with its slots full: freed at the stop if not before */
	if (CHECK_INT(ahead_take(a, &mails[1], &am), 1))
		ahead_give_back(a, am.m, &am.text);
	pause_ms(20);   /* texts read and not taken: freed with their messages */
	CHECK_INT(ahead_stop(a), 2);
	CHECK_INT(ahead_stop(NULL), 0);
}

/* A batch of one or two is read as it comes: no thread for it. */
static void test_small(void)
{
	struct ahead_mail am;

	CHECK(ahead_start(mails, 0, head, NULL, NULL) == NULL);
	CHECK(ahead_start(mails, 2, head, NULL, NULL) == NULL);
	CHECK_INT(ahead_take(NULL, &mails[0], &am), 0);
	/* no reader: what is given back is freed at once */
	struct msg *m = NULL;
	struct msgtext t = { 0 };
	if (CHECK_INT(msg_parse(mails[0].raw, mails[0].len, &m, NULL), 0) &&
	    CHECK_INT(msgtext_read(m->text, NULL, &t, NULL), 0))
		ahead_give_back(NULL, m, &t);
	CHECK(t.n == 0 && t.line == NULL);
}

int main(void)
{
	/* the referee's own line, as a reply quotes it: set aside from what the player wrote */
	const char *texts[] = { "Your move, {{name}}: write it on a line of its own." };
	struct msgtext_referee *referee = NULL;
	struct err e;

	make_mails();
	if (!CHECK_INT(msgtext_referee_new(texts, 1, NULL, &referee, &e), 0))
		fprintf(stderr, "msgtext_referee_new: %s\n", e.msg);
	test_in_order(NULL);
	test_in_order(referee);
	test_out_of_order();
	test_stop(referee);
	test_small();
	msgtext_referee_free(referee);
	for (int i = 0; i < MAILS; i++)
		free(raw[i]);
	return check_done();
}
