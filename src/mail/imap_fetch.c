/* imap_fetch.c: see imap.h. Listing the mailbox (its UIDs and sizes) and fetching its
 * mails, over imap.c's connection.
 *
 * A batch's mails are asked for in UID FETCH commands of imap_batch_size mails each, all
 * sent at once; imap_fetch_send() may send the next batch's before the current one is
 * processed, so that the server sends it while the referee works, and
 * imap_fetch_batch() reads it after (imap.c reads the answers, every mail into
 * im->stream, from which the batch takes its own by UID). */
#include "mail/imap.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/fetchparse.h"
#include "mail/imap_int.h"
#include "util/log.h"

/* The mailbox is listed LIST_SPAN mails a command (a line of at most 62 bytes each); a
 * batch holds at most BATCH_BYTES of mail (a larger mail makes a batch alone). */
#define LIST_SPAN 10000u
#define BATCH_BYTES (4u << 20)

static int by_uid(const void *a, const void *b)
{
	uint32_t x = ((const struct imap_mail *)a)->uid, y = ((const struct imap_mail *)b)->uid;

	return x < y ? -1 : x > y;
}

/* The number after the item name in a FETCH answer line, or -1. */
static long long item_number(const char *line, const char *end, const char *item)
{
	size_t n = strlen(item);

	for (const char *p = line; p + n < end; p++) {
		if (strncasecmp(p, item, n) || (p[-1] != ' ' && p[-1] != '(') || p[n] != ' ')
			continue;
		char *stop;
		errno = 0;
		unsigned long long v = strtoull(p + n + 1, &stop, 10);
		if (errno || stop == p + n + 1 || v > UINT32_MAX)
			return -1;
		return (long long)v;
	}
	return -1;
}

/* Adds the UID and size of each "* n FETCH (UID u RFC822.SIZE z)" line to the list. */
static int parse_list(const char *text, struct imap_mail **mails, size_t *n, size_t *cap,
		      struct err *e)
{
	for (const char *line = text; *line; ) {
		const char *end = strchr(line, '\n');
		end = end ? end + 1 : line + strlen(line);
		const char *f = strncmp(line, "* ", 2) ? NULL : memmem(line, (size_t)(end - line),
								     " FETCH (", 8);
		if (f) {
			long long uid = item_number(f + 7, end, "UID");
			long long size = item_number(f + 7, end, "RFC822.SIZE");
			if (uid <= 0 || size < 0)
				return err_set(e, "a FETCH answer holds '%.40s', not a UID and size", line);
			if (*n == *cap) {
				size_t c = *cap ? *cap * 2 : 256;
				struct imap_mail *g = realloc(*mails, c * sizeof *g);
				if (!g)
					return err_set(e, "out of memory");
				*mails = g, *cap = c;
			}
			(*mails)[(*n)++] = (struct imap_mail){ .uid = (uint32_t)uid,
							       .size = (size_t)size };
		}
		line = end;
	}
	return 0;
}

int imap_list(struct imap *im, struct imap_mail **mails, size_t *n, struct err *e)
{
	size_t cap = 0, k = 0;
	char cmd[96];

	*mails = NULL;
	*n = 0;
	if (im->listed && imap_select(im, e) < 0)
		return -1;                      /* the count of the last SELECT is used up */
	im->listed = true;
	for (size_t lo = 1; lo <= im->exists; lo += LIST_SPAN) {
		size_t hi = im->exists - lo < LIST_SPAN ? im->exists : lo + LIST_SPAN - 1;
		snprintf(cmd, sizeof cmd, "FETCH %zu:%zu (UID RFC822.SIZE)", lo, hi);
		int rc = imap_command(im, cmd, e);
		if (rc == 0 && parse_list(im->sink.data, mails, n, &cap, e) < 0) {
			err_prefix(e, "imap: %s on %s: ", cmd, im->net.shown);
			rc = -1;
		}
		if (rc < 0) {
			free(*mails);
			*mails = NULL, *n = 0;
			return -1;
		}
	}
	if (*n)
		qsort(*mails, *n, sizeof **mails, by_uid);
	for (size_t i = 0; i < *n; i++)
		if (!k || (*mails)[i].uid != (*mails)[k - 1].uid)
			(*mails)[k++] = (*mails)[i];
	*n = k;
	log_debug("imap: %zu mails in %s", *n, im->cfg->imap_mailbox);
	return 0;
}

int imap_search(struct imap *im, uint32_t **uids, size_t *n, struct err *e)
{
	struct imap_mail *mails;

	*uids = NULL;
	if (imap_list(im, &mails, n, e) < 0)
		return -1;
	if (*n && !(*uids = malloc(*n * sizeof **uids))) {
		free(mails);
		*n = 0;
		return err_set(e, "imap: out of memory");
	}
	for (size_t i = 0; i < *n; i++)
		(*uids)[i] = mails[i].uid;
	free(mails);
	return 0;
}

/* Runs a UID FETCH of one mail into parse, whose literals are at most limit bytes. */
static int fetch_into(struct imap *im, const char *cmd, struct fetchparse *parse, size_t limit,
		      struct err *e)
{
	struct err pending;
	int rc;

	fetchparse_init(parse, limit);
	if (im->qn)
		imap_pump(im, NULL, &pending);  /* a connection lost there is made again */
	if (!im->selected && imap_select(im, e) < 0)
		return -1;
	im->fetch = parse;
	rc = imap_run(im, cmd, im->limit, e);
	im->fetch = NULL;
	if (rc == 0 && fetchparse_end(parse) < 0)
		rc = err_set(e, "imap: %s on %s: %s", cmd, im->net.shown, parse->why);
	if (parse->why[0])
		imap_drop(im);                  /* the rest of the answer is not read */
	return rc;
}

int imap_fetch(struct imap *im, uint32_t uid, char **raw, size_t *len, struct err *e)
{
	char cmd[64];
	size_t limit = imap_fetch_limit(im->cfg);
	struct fetchparse parse;

	*raw = NULL;
	*len = 0;
	snprintf(cmd, sizeof cmd, "UID FETCH %u (UID BODY[])", uid);
	int rc = fetch_into(im, cmd, &parse, limit, e);
	if (rc == 0 && !(*raw = fetchparse_take(&parse, uid, len)))
		rc = err_set(e, "imap: UID %u on %s: no such mail", uid, im->net.shown);
	if (rc < 0 && parse.over) {
		err_set(e, "imap: UID %u on %s is larger than %zu bytes; not fetched", uid,
			im->net.shown, limit);
		rc = IMAP_TOO_LARGE;
	}
	fetchparse_free(&parse);
	return rc;
}

size_t imap_batch_span(const struct imap *im, const struct imap_mail *mails, size_t n)
{
	size_t k = 0, bytes = 0, limit = imap_fetch_limit(im->cfg);
	size_t most = im->cfg->batch_size > 0 ? (size_t)im->cfg->batch_size : 1;

	while (k < n && k < most) {
		size_t add = mails[k].size <= limit ? mails[k].size : 0;
		if (k && bytes + add > BATCH_BYTES)
			break;
		bytes += add;
		k++;
	}
	return k;
}

static struct imap_group *group_of(struct imap *im, const struct imap_mail *mails)
{
	for (size_t i = 0; i < IMAP_GROUPS; i++)
		if (im->groups[i].mails == mails)
			return &im->groups[i];
	return NULL;
}

/* Sends the UID FETCH commands of the mails to fetch (uids[0..k)), imap_batch_size
 * mails each. */
static int send_fetches(struct imap *im, struct imap_group *g, const uint32_t *uids, size_t k,
			struct err *e)
{
	size_t per = im->cfg->imap_batch_size > 0 ? (size_t)im->cfg->imap_batch_size : 1;

	for (size_t i = 0; i < k; i += per) {
		char *set = imap_uid_set(uids + i, k - i < per ? k - i : per), *cmd = NULL;
		if (!set || asprintf(&cmd, "UID FETCH %s (UID BODY.PEEK[])", set) < 0)
			cmd = NULL;
		free(set);
		if (!cmd)
			return err_set(e, "imap: out of memory");
		int rc = imap_send(im, cmd, &g->out, e);
		free(cmd);
		if (rc < 0)
			return -1;
	}
	return imap_flush(im, e);               /* together: the server reads them at once */
}

int imap_fetch_send(struct imap *im, struct imap_mail *mails, size_t n, struct err *e)
{
	size_t limit = imap_fetch_limit(im->cfg), k = 0;
	struct imap_group *g = group_of(im, NULL);
	uint32_t *uids;

	for (size_t i = 0; i < n; i++) {
		mails[i].raw = NULL;
		mails[i].len = 0;
		mails[i].status = mails[i].size > limit ? IMAP_TOO_LARGE : -1;
	}
	if (!g || group_of(im, mails))
		return err_set(e, "imap: a batch asked for twice, or a third at once");
	if (!(uids = malloc((n ? n : 1) * sizeof *uids)))
		return err_set(e, "imap: out of memory");
	for (size_t i = 0; i < n; i++)
		if (mails[i].status == -1)
			uids[k++] = mails[i].uid;
	*g = (struct imap_group){ .mails = mails, .n = n };
	int rc = send_fetches(im, g, uids, k, e);
	free(uids);
	if (rc < 0 && !g->out.lost) {          /* kept for imap_fetch_batch() to say */
		g->out.lost = true;
		snprintf(g->out.why, sizeof g->out.why, "%s", e->msg);
	}
	return rc;
}

/* Hands the group's mails over (a mail read whole before a failure too) and frees its
 * slot. */
static int take_mails(struct imap *im, struct imap_group *g, struct err *e)
{
	int rc = 0;

	if (g->out.lost)
		rc = err_set(e, "%s", g->out.why);
	else if (g->out.refused)
		rc = err_set(e, "imap: UID FETCH on %s failed: refused (the server said: %s)",
			     im->net.shown, g->out.reply);
	for (size_t i = 0; i < g->n; i++) {
		struct imap_mail *m = &g->mails[i];
		if (m->status == -1 && (m->raw = fetchparse_take(&im->stream, m->uid, &m->len)))
			m->status = 0;
	}
	*g = (struct imap_group){ 0 };
	return rc;
}

int imap_fetch_batch(struct imap *im, struct imap_mail *mails, size_t n, struct err *e)
{
	struct imap_group *g = group_of(im, mails);
	struct err lost;

	if (!g) {
		imap_fetch_send(im, mails, n, e);      /* a failure is kept in the group */
		if (!(g = group_of(im, mails)))
			return -1;
	}
	if (g->out.waiting)
		imap_pump(im, &g->out, &lost);          /* the outcome says */
	return take_mails(im, g, e);
}
