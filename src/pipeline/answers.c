/* answers.c: the counters a batch's mails take, counted in the commit, never before: the
 * answers a day per address (max_answers_per_day), the texts answered (robots.c) and the
 * bounces that delivery status notifications report (bounce.c). A reply is rendered
 * against the count as committed plus what the batch has taken so far, held here in
 * memory; the batch's commit adds its own to DIR/quota/ and outbox/bounced/ once its
 * mails are committed, and a batch given up forgets them: a run that fails (a full disk,
 * a kill) takes nothing, however often it fails, and a notification processed again
 * after one counts once. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pipeline/pipeline_int.h"
#include "util/log.h"

/* The batch's entry for (address, day), made if need be; NULL if memory runs out. */
static struct answer_taken *entry(struct answers *a, const char *addr, long long day)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->t[i].day == day && !strcasecmp(a->t[i].addr, addr))
			return &a->t[i];
	struct answer_taken *t = realloc(a->t, (a->n + 1) * sizeof *t);
	if (!t)
		return NULL;
	a->t = t;
	t += a->n++;
	*t = (struct answer_taken){ .day = day };
	snprintf(t->addr, sizeof t->addr, "%s", addr);
	return t;
}

int answers_take(struct pipeline *pl, const char *addr, long long day, int limit,
		 struct err *e)
{
	struct answer_taken *t = entry(&pl->answers, addr, day);

	if (!t)
		return err_set(e, "out of memory");
	if (store_quota_count(&pl->st, addr, day) + t->n >= limit)
		return 0;
	t->n++;
	return 1;
}

bool answers_text_known(struct pipeline *pl, const char *addr, const char *hex)
{
	const struct answers *a = &pl->answers;

	for (size_t i = 0; i < a->n; i++)
		for (size_t k = 0; k < a->t[i].ntexts; k++)
			if (!strcasecmp(a->t[i].addr, addr) && !strcmp(a->t[i].texts[k], hex))
				return true;
	return store_quota_text_answered(&pl->st, addr, hex);
}

int answers_note_text(struct pipeline *pl, const char *addr, long long day, const char *hex,
		      struct err *e)
{
	struct answer_taken *t = entry(&pl->answers, addr, day);
	char (*x)[HASH_HEX];

	if (!t || !(x = realloc(t->texts, (t->ntexts + 1) * sizeof *x)))
		return err_set(e, "out of memory");
	t->texts = x;
	snprintf(x[t->ntexts++], HASH_HEX, "%s", hex);
	return 0;
}

int answers_note_bounce(struct pipeline *pl, const char *raw, size_t len, struct err *e)
{
	struct answers *a = &pl->answers;
	struct answer_bounce *b;

	if (!pl->batch.on) {
		pipeline_record_bounce(pl, raw, len);
		return 0;
	}
	if (!(b = realloc(a->bounces, (a->nbounces + 1) * sizeof *b)))
		return err_set(e, "out of memory");
	a->bounces = b;
	a->bounces[a->nbounces++] = (struct answer_bounce){ raw, len };
	return 0;
}

/* Called once the mails that took them are committed: a failure here costs an answer
 * counted (a safeguard against loops, not a record), so it is told and passed over. */
void answers_commit(struct pipeline *pl)
{
	struct answers *a = &pl->answers;
	struct err e;

	for (size_t i = 0; i < a->nbounces; i++)
		pipeline_record_bounce(pl, a->bounces[i].raw, a->bounces[i].len);

	for (size_t i = 0; i < a->n; i++) {
		const struct answer_taken *t = &a->t[i];
		int rc = t->n ? store_quota_add(&pl->st, t->addr, t->day, t->n, &e) : 0;
		for (size_t k = 0; rc == 0 && k < t->ntexts; k++)
			rc = store_quota_text_add(&pl->st, t->addr, t->texts[k], &e);
		if (rc < 0)
			log_warn("the answers to %s not counted: %s", t->addr, e.msg);
	}
	answers_forget(pl);
}

void answers_forget(struct pipeline *pl)
{
	struct answers *a = &pl->answers;

	for (size_t i = 0; i < a->n; i++)
		free(a->t[i].texts);
	free(a->t);
	free(a->bounces);
	*a = (struct answers){ 0 };
}
