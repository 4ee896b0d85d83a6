/* ahead.c: a batch's mails parsed ahead on a second thread (ahead.h). The reader runs at
 * most AHEAD_SLOTS mails ahead of the one taken, and is woken again only once half of them
 * are taken, so that the two threads meet a few times a dozen mails, not at every mail.
 * What the reader allocated it also frees (ahead_give_back): glibc's allocator gives each
 * thread an arena of its own and locks the reader's at every free of its memory from the
 * other thread, and the two then wait on that lock tens of thousands of times a batch. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline/ahead.h"
#include "pipeline/pipeline.h"

/* A mail's message and text the caller is done with, for the reader to free. */
struct spent {
	struct msg *m;
	struct msgtext text;
};

struct ahead {
	pthread_t reader;
	pthread_mutex_t mu;
	pthread_cond_t to_main, to_reader;
	const struct pipeline_mail *mails;
	size_t n;
	size_t (*head)(const struct pipeline_mail *mail, const void *arg);
	const void *arg;
	const struct msgtext_referee *referee;
	size_t read;                    /* mails read: slots filled up to there */
	size_t taken;                   /* the next mail to hand out */
	bool stop;
	bool reader_waits, main_waits;
	struct ahead_mail slot[AHEAD_SLOTS];
	struct spent spent[AHEAD_SLOTS];        /* given back, not yet freed */
	size_t nspent;
};

static void spent_free(struct spent *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		msg_free(s[i].m);
		msgtext_free(&s[i].text);
	}
}

/* Mail i read into *s: its message, and its text when the referee's is known. */
static void read_one(const struct ahead *a, size_t i, struct ahead_mail *s)
{
	const struct pipeline_mail *mail = &a->mails[i];

	memset(s, 0, sizeof *s);
	s->rc = msg_parse(mail->raw, a->head(mail, a->arg), &s->m, &s->e);
	if (s->rc == 0 && a->referee) {
		/* a text that fails (memory) is the caller's to read again */
		const struct msgtext_known known = { a->referee, s->m->from_name };
		struct err te;
		s->read = msgtext_read(s->m->text, &known, &s->text, &te) == 0;
		if (!s->read)
			msgtext_free(&s->text);
	}
}

/* The reader: a mail read whenever a slot is free, what was given back freed; asleep
 * when there is neither (until half the slots are free or half the given back waits). */
static void *reading(void *arg)
{
	struct ahead *a = arg;
	struct spent spent[AHEAD_SLOTS];
	size_t i = 0;

	for (;;) {
		pthread_mutex_lock(&a->mu);
		while (!a->stop && !a->nspent && (i == a->n || i - a->taken >= AHEAD_SLOTS)) {
			a->reader_waits = true;
			pthread_cond_wait(&a->to_reader, &a->mu);
		}
		a->reader_waits = false;
		size_t nspent = a->nspent;
		memcpy(spent, a->spent, nspent * sizeof *spent);
		a->nspent = 0;
		bool stop = a->stop, room = i < a->n && i - a->taken < AHEAD_SLOTS;
		pthread_mutex_unlock(&a->mu);
		spent_free(spent, nspent);
		if (stop)
			break;
		if (!room)
			continue;

		struct ahead_mail s;
		read_one(a, i, &s);
		pthread_mutex_lock(&a->mu);
		a->slot[i % AHEAD_SLOTS] = s;
		a->read = ++i;
		if (a->main_waits)
			pthread_cond_signal(&a->to_main);
		pthread_mutex_unlock(&a->mu);
	}
	return NULL;
}

struct ahead *ahead_start(const struct pipeline_mail *mails, size_t n,
			  size_t (*head)(const struct pipeline_mail *mail, const void *arg),
			  const void *arg, const struct msgtext_referee *referee)
{
	struct ahead *a;
	sigset_t all, was;

	if (n < 3 || !(a = calloc(1, sizeof *a)))
		return NULL;
	a->mails = mails;
	a->n = n;
	a->head = head;
	a->arg = arg;
	a->referee = referee;
	if (pthread_mutex_init(&a->mu, NULL)) {
		free(a);
		return NULL;
	}
	pthread_cond_init(&a->to_main, NULL);
	pthread_cond_init(&a->to_reader, NULL);
	/* the reader takes no signal: they stay the main thread's, as without it */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &was);
	int failed = pthread_create(&a->reader, NULL, reading, a);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	if (failed) {
		pthread_cond_destroy(&a->to_main);
		pthread_cond_destroy(&a->to_reader);
		pthread_mutex_destroy(&a->mu);
		free(a);
		return NULL;
	}
	return a;
}

int ahead_take(struct ahead *a, const struct pipeline_mail *mail, struct ahead_mail *out)
{
	if (!a)
		return 0;
	pthread_mutex_lock(&a->mu);
	if (a->taken >= a->n || &a->mails[a->taken] != mail) {
		pthread_mutex_unlock(&a->mu);
		return 0;
	}
	while (a->read <= a->taken) {
		a->main_waits = true;
		pthread_cond_wait(&a->to_main, &a->mu);
	}
	a->main_waits = false;
	struct ahead_mail *s = &a->slot[a->taken % AHEAD_SLOTS];
	*out = *s;
	memset(s, 0, sizeof *s);
	a->taken++;
	if (a->reader_waits && a->read - a->taken <= AHEAD_SLOTS / 2)
		pthread_cond_signal(&a->to_reader);
	pthread_mutex_unlock(&a->mu);
	return 1;
}

void ahead_give_back(struct ahead *a, struct msg *m, struct msgtext *text)
{
	struct spent s = { m, *text };

	memset(text, 0, sizeof *text);
	if (a) {
		pthread_mutex_lock(&a->mu);
		if (a->nspent < AHEAD_SLOTS) {
			a->spent[a->nspent++] = s;
			if (a->reader_waits && a->nspent >= AHEAD_SLOTS / 2)
				pthread_cond_signal(&a->to_reader);
			pthread_mutex_unlock(&a->mu);
			return;
		}
		pthread_mutex_unlock(&a->mu);
	}
	spent_free(&s, 1);      /* no reader, or it is behind: freed here */
}

size_t ahead_stop(struct ahead *a)
{
	if (!a)
		return 0;
	pthread_mutex_lock(&a->mu);
	a->stop = true;
	pthread_cond_signal(&a->to_reader);
	pthread_mutex_unlock(&a->mu);
	pthread_join(a->reader, NULL);
	for (size_t i = a->taken; i < a->read; i++) {
		msg_free(a->slot[i % AHEAD_SLOTS].m);
		msgtext_free(&a->slot[i % AHEAD_SLOTS].text);
	}
	spent_free(a->spent, a->nspent);
	pthread_cond_destroy(&a->to_main);
	pthread_cond_destroy(&a->to_reader);
	pthread_mutex_destroy(&a->mu);
	size_t taken = a->taken;
	free(a);
	return taken;
}
