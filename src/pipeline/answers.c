/* answers.c: the counters a batch's mails take, counted in the commit, never before: the
 * day's counts per address (store.h, enum quota_counter: answers, mails strangers drew,
 * notices to non-players, confirmations asked), the texts answered (robots.c) and the
 * bounces that delivery status notifications report (bounce.c). A reply is rendered
 * against the count as committed plus what the batch has taken so far, held here in
 * memory; each take is kept with the mail that took it (its cause).
 *
 * The counts are staged before the commit (DIR/quota/BATCH.staged, durable with the
 * batch's first barrier) and applied once the batch's mails are committed, the counts'
 * table (DIR/quota/counts) naming the last batches it holds and each texts file the
 * last one. A run that dies between the two leaves the staged file:
 * the next run's start (answers_recover) applies the counts of the mails that were
 * committed and drops the others', which are processed again and take their counts
 * anew. So the counts end as a clean run's, whatever the point of the crash; a batch
 * given up counts only what it committed, and a run that fails (a full disk) takes
 * nothing, however often. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "pipeline/pipeline_int.h"
#include "util/fault.h"
#include "util/log.h"

/* The batch's count for (counter, address, day), made if need be; NULL out of memory. */
static struct answer_taken *entry(struct answers *a, int counter, const char *addr,
				  long long day)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->t[i].day == day && a->t[i].counter == counter &&
		    !strcasecmp(a->t[i].addr, addr))
			return &a->t[i];
	struct answer_taken *t = realloc(a->t, (a->n + 1) * sizeof *t);
	if (!t)
		return NULL;
	a->t = t;
	t += a->n++;
	*t = (struct answer_taken){ .day = day, .counter = counter };
	snprintf(t->addr, sizeof t->addr, "%s", addr);
	return t;
}

/* A take kept with its cause, for the staged file. */
static int note_cause(struct answers *a, int counter, const char *addr, long long day,
		      const struct job *j, const char *text, struct err *e)
{
	struct quota_entry *q = realloc(a->causes, (a->ncauses + 1) * sizeof *q);
	uint8_t h[CRYPTO_HASH_LEN];

	if (!q)
		return err_set(e, "out of memory");
	a->causes = q;
	q += a->ncauses++;
	*q = (struct quota_entry){ .counter = counter, .day = day, .game = j->g ? j->g->id : 0 };
	store_quota_name(addr, q->name);
	crypto_sha256(j->s.msg_key, strlen(j->s.msg_key), h);
	crypto_hex(h, sizeof h, q->cause);
	snprintf(q->text, sizeof q->text, "%s", text ? text : "");
	return 0;
}

const char *quota_counter_name(enum quota_counter c, bool again)
{
	static const char *const names[QUOTA_COUNTERS] = {
		"max_answers_per_day", "a stranger's mail: once a day",
		"max_observer_mails_per_day", "a confirmation: once a day",
	};
	return c == QUOTA_ANSWERS && again ? "the same text again: once a day" : names[c];
}

int answers_room(struct job *j, enum quota_counter counter, const char *addr, int limit)
{
	struct pipeline *pl = j->pl;
	long long day = j->s.now / 86400;
	struct answer_taken *t = entry(&pl->answers, (int)counter, addr, day);

	if (!t)
		return -1;
	return store_quota_count(&pl->st, addr, counter, day) + t->n < limit;
}

int answers_take(struct job *j, enum quota_counter counter, const char *addr, int limit,
		 struct err *e)
{
	struct pipeline *pl = j->pl;
	long long day = j->s.now / 86400;
	struct answer_taken *t = entry(&pl->answers, (int)counter, addr, day);

	if (!t)
		return err_set(e, "out of memory");
	if (store_quota_count(&pl->st, addr, counter, day) + t->n >= limit)
		return 0;
	if (note_cause(&pl->answers, (int)counter, addr, day, j, NULL, e) < 0)
		return -1;
	t->n++;
	return 1;
}

bool answers_text_known(struct pipeline *pl, const char *addr, const char *hex)
{
	const struct answers *a = &pl->answers;
	char name[CRYPTO_ADDRESS_NAME];

	store_quota_name(addr, name);
	for (size_t i = 0; i < a->ncauses; i++)
		if (a->causes[i].counter < 0 && !strcmp(a->causes[i].name, name) &&
		    !strcmp(a->causes[i].text, hex))
			return true;
	return store_quota_text_answered(&pl->st, addr, hex);
}

int answers_note_text(struct job *j, const char *addr, const char *hex, struct err *e)
{
	return note_cause(&j->pl->answers, -1, addr, j->s.now / 86400, j, hex, e);
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

int answers_stage(struct pipeline *pl, struct err *e)
{
	struct answers *a = &pl->answers;
	static unsigned seq;
	struct timespec now;

	if (!a->ncauses || (pl->flags & (PIPELINE_REPLAY | PIPELINE_DRY_RUN)))
		return 0;
	clock_gettime(CLOCK_REALTIME, &now);
	snprintf(a->batch, sizeof a->batch, "%llx.%ld.%u",
		 (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec,
		 (long)getpid(), seq++);
	if (store_quota_stage(&pl->st, a->batch, a->causes, a->ncauses, e) < 0) {
		a->batch[0] = 0;
		return -1;
	}
	return 0;
}

/* The entries kept (keep NULL: all) applied for batch: the day's counts in one write of
 * their table, each address's texts in order, once per file (a table or file that names
 * the batch holds it already). A failure is told and passed over: a count is a
 * safeguard, not a record. */
static void apply(struct pipeline *pl, const char *batch, const struct quota_entry *q,
		  size_t n, const bool *keep)
{
	bool *done = calloc(n ? n : 1, sizeof *done);
	char (*texts)[65] = malloc((n ? n : 1) * sizeof *texts);
	struct err e;

	if (store_quota_apply(&pl->st, batch, q, n, keep, &e) < 0)
		log_warn("the day's counts of a batch not kept: %s", e.msg);
	for (size_t i = 0; done && texts && i < n; i++) {
		if (done[i] || (keep && !keep[i]) || q[i].counter >= 0)
			continue;
		size_t nt = 0;
		for (size_t k = i; k < n; k++) {
			if (done[k] || (keep && !keep[k]) || q[k].counter >= 0 ||
			    strcmp(q[k].name, q[i].name))
				continue;
			done[k] = true;
			snprintf(texts[nt++], sizeof *texts, "%s", q[k].text);
		}
		if (store_quota_text_apply(&pl->st, q[i].name, (const char (*)[65])texts, nt, batch,
					   &e) < 0)
			log_warn("the texts of %s not kept: %s", q[i].name, e.msg);
	}
	if (!done || !texts)
		log_warn("the texts of a batch not kept: out of memory");
	free(done);
	free(texts);
}

void answers_commit(struct pipeline *pl)
{
	struct answers *a = &pl->answers;
	struct err e;

	for (size_t i = 0; i < a->nbounces; i++)
		pipeline_record_bounce(pl, a->bounces[i].raw, a->bounces[i].len);
	if (a->batch[0]) {
		apply(pl, a->batch, a->causes, a->ncauses, NULL);
		fault_point("mid-quota");
		if (store_quota_unstage(&pl->st, a->batch, &e) < 0)
			log_warn("%s", e.msg);
	}
	a->batch[0] = 0;
	answers_forget(pl);
}

/* Was the mail whose key hashes to `cause` committed? Its game's saved state lists it; a
 * mail about no game, its seen mark. -1: the game cannot be read now. *g keeps the game
 * last read. */
static int cause_committed(struct pipeline *pl, int game, const char *cause, struct game **g,
			   struct err *e)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX];

	if (!game)
		return store_seen_hash(&pl->st, cause);
	if (!*g || (*g)->id != game) {
		game_free(*g);
		*g = NULL;
		int rc = store_load(&pl->st, game, g, e);
		if (rc != 0)
			return rc > 0 ? 0 : -1;         /* a game never saved: not committed */
	}
	for (size_t i = 0; i < (*g)->mails.n; i++) {
		const char *key = strlist_at(&(*g)->mails, i);
		crypto_sha256(key, strlen(key), h);
		crypto_hex(h, sizeof h, hex);
		if (!strcmp(hex, cause))
			return 1;
	}
	return 0;
}

/* A staged file settled: the counts of its committed mails applied, the file removed. */
static int settle(struct pipeline *pl, const char *batch, const struct quota_entry *q,
		  size_t n, struct err *e)
{
	bool *keep = calloc(n ? n : 1, sizeof *keep);
	struct game *g = NULL;
	int rc = 0;

	if (!keep)
		return err_set(e, "out of memory");
	for (size_t i = 0; i < n && rc == 0; i++) {
		int c = cause_committed(pl, q[i].game, q[i].cause, &g, e);
		rc = c < 0 ? -1 : 0;
		keep[i] = c > 0;
	}
	game_free(g);
	if (rc == 0) {
		apply(pl, batch, q, n, keep);
		rc = store_quota_unstage(&pl->st, batch, e);
	}
	free(keep);
	return rc;
}

void answers_forget(struct pipeline *pl)
{
	struct answers *a = &pl->answers;
	struct err e;

	/* staged, then given up: what the batch committed is counted, the rest dropped */
	if (a->batch[0] && settle(pl, a->batch, a->causes, a->ncauses, &e) < 0)
		log_warn("the counts of a batch given up: %s (settled at the next run)", e.msg);
	free(a->t);
	free(a->causes);
	free(a->bounces);
	*a = (struct answers){ 0 };
}

int answers_recover(struct pipeline *pl, struct err *e)
{
	char **paths, batch[QUOTA_BATCH_MAX];
	size_t n;
	int rc = 0;

	if (store_quota_staged_list(&pl->st, &paths, &n, e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct quota_entry *q = NULL;
		size_t nq = 0;
		store_quota_batch_of(paths[i], batch);
		if (rc == 0 && (store_quota_staged_read(paths[i], &q, &nq, e) < 0 ||
				settle(pl, batch, q, nq, e) < 0))
			rc = -1;
		free(q);
		free(paths[i]);
	}
	free(paths);
	if (n && rc == 0)
		log_info("the counts of %zu batch%s a dead run left settled", n, n == 1 ? "" : "es");
	return rc;
}
