/* test_ahead.c: a batch's mails read ahead on a second thread (pipeline/ahead.h): each
 * mail taken in order is the message msg_parse makes of it (an unreadable one with its
 * error), read only as far as the caller's head says; a mail out of order, or no reader,
 * is left to the caller; the reader waits while its slots are full and goes on as they
 * are taken; a batch stopped early frees what it read (the sanitizers' leak check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
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
				 "Message-ID: <m%d@example.org>\n\nNf3\nline %d\n", i, i, i, i);
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

/* Mail i as the caller would read it itself. */
static void check_same(int i, const struct msg *got, int rc, const struct err *e, const void *arg)
{
	struct msg *want = NULL;
	struct err we;
	int wrc = msg_parse(mails[i].raw, head(&mails[i], arg), &want, &we);

	check_context("mail %d", i);
	CHECK_INT(rc, wrc);
	if (wrc < 0) {
		CHECK(got == NULL);
		CHECK_STR(e->msg, we.msg);
	} else if (CHECK(got != NULL)) {
		CHECK_STR(got->subject, want->subject);
		CHECK_STR(got->from_addr ? got->from_addr : "", want->from_addr ? want->from_addr : "");
		CHECK_STR(got->text, want->text);
		CHECK_INT(got->raw_size, want->raw_size);
	}
	check_context(NULL);
	msg_free(want);
}

static void pause_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* Every mail taken in order, with pauses that let the reader fill its slots and wait. */
static void test_in_order(void)
{
	const struct pipeline_mail *cut = &mails[8];
	struct ahead *a = ahead_start(mails, MAILS, head, cut);

	if (!CHECK(a != NULL))
		return;
	for (int i = 0; i < MAILS; i++) {
		struct msg *m = NULL;
		struct err e = { .msg = "" };
		int rc = 99;
		if (i % AHEAD_SLOTS == 0)
			pause_ms(20);   /* the reader runs up to its slots and waits */
		CHECK_INT(ahead_take(a, &mails[i], &m, &rc, &e), 1);
		check_same(i, m, rc, &e, cut);
		if (i == 8)     /* as far as its head: not its subject, which comes after */
			CHECK(m && !strstr(m->subject, "move 8"));
		msg_free(m);
	}
	/* past the last, and again: nothing more to hand out */
	struct msg *m = NULL;
	int rc;
	CHECK_INT(ahead_take(a, &mails[0], &m, &rc, NULL), 0);
	CHECK_INT(ahead_stop(a), MAILS);
}

/* A mail not the next one is the caller's to read; the next is still handed out after. */
static void test_out_of_order(void)
{
	struct ahead *a = ahead_start(mails + 10, 20, head, NULL);
	struct msg *m = NULL;
	int rc;

	if (!CHECK(a != NULL))
		return;
	CHECK_INT(ahead_take(a, &mails[12], &m, &rc, NULL), 0);
	CHECK(m == NULL);
	CHECK_INT(ahead_take(a, &mails[0], &m, &rc, NULL), 0);
	CHECK_INT(ahead_take(a, &mails[10], &m, &rc, NULL), 1);
	check_same(10, m, rc, NULL, NULL);
	msg_free(m);
	m = NULL;
	CHECK_INT(ahead_take(a, &mails[11], &m, &rc, NULL), 1);
	check_same(11, m, rc, NULL, NULL);
	msg_free(m);
	CHECK_INT(ahead_stop(a), 2);    /* 18 read or being read, never taken: freed */
}

/* Stopped at once, mid-way, after a pause: nothing leaks, nothing hangs. */
static void test_stop(void)
{
	ahead_stop(ahead_start(mails, MAILS, head, NULL));
	struct ahead *a = ahead_start(mails, MAILS, head, NULL);
	struct msg *m = NULL;
	int rc;
	if (CHECK(a != NULL) && CHECK_INT(ahead_take(a, &mails[0], &m, &rc, NULL), 1))
		msg_free(m);
	pause_ms(20);
	CHECK_INT(ahead_stop(a), 1);
	CHECK_INT(ahead_stop(NULL), 0);
}

/* A batch of one or two is read as it comes: no thread for it. */
static void test_small(void)
{
	struct msg *m = NULL;
	int rc;

	CHECK(ahead_start(mails, 0, head, NULL) == NULL);
	CHECK(ahead_start(mails, 2, head, NULL) == NULL);
	CHECK_INT(ahead_take(NULL, &mails[0], &m, &rc, NULL), 0);
	CHECK(m == NULL);
}

int main(void)
{
	make_mails();
	test_in_order();
	test_out_of_order();
	test_stop();
	test_small();
	for (int i = 0; i < MAILS; i++)
		free(raw[i]);
	return check_done();
}
