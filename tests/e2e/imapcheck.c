/* imapcheck.c: drives src/mail/imap.c against a real server for tests/e2e/t_transport.sh.
 *
 *   imapcheck [-v] CONFIG OP...
 *
 * The operations run in order on one imap_open() handle (one login):
 *   search              prints "uids: U1 U2 ..." (the mailbox's UIDs, ascending)
 *   fetch UID FILE      writes the raw message to FILE
 *   fetch-all DIR       fetches every UID of the last search into DIR/UID.eml
 *   move UID FOLDER     imap_move()
 *   unseen UID          imap_unflag_seen()
 *   too-large UID       succeeds when imap_fetch() refuses UID as too large
 * Exit status: 0 all done; 1 an operation failed (the message on stderr); 3 a fetch was
 * refused as too large; 2 bad arguments, configuration or imap_open() failure. The
 * configuration is loaded but not checked, so that imap.c's own checks are what run. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "mail/imap.h"
#include "util/log.h"

static uint32_t *uids;
static size_t nuids;

static int parse_uid(const char *s, uint32_t *uid)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || !*s || *end || v == 0 || v > UINT32_MAX) {
		fprintf(stderr, "imapcheck: bad UID '%s'\n", s);
		return -1;
	}
	*uid = (uint32_t)v;
	return 0;
}

static int write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "imapcheck: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

/* Fetches uid into path. Returns 0, 1 (failed) or 3 (too large). */
static int fetch_to(struct imap *im, uint32_t uid, const char *path)
{
	struct err e;
	char *raw;
	size_t len;
	int rc = imap_fetch(im, uid, &raw, &len, &e);

	if (rc < 0) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return rc == IMAP_TOO_LARGE ? 3 : 1;
	}
	rc = write_file(path, raw, len) < 0 ? 1 : 0;
	free(raw);
	return rc;
}

static int op_search(struct imap *im)
{
	struct err e;

	free(uids);
	if (imap_search(im, &uids, &nuids, &e) < 0) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return 1;
	}
	printf("uids:");
	for (size_t i = 0; i < nuids; i++)
		printf(" %" PRIu32, uids[i]);
	printf("\n");
	return 0;
}

static int op_fetch_all(struct imap *im, const char *dir)
{
	char path[4096];

	for (size_t i = 0; i < nuids; i++) {
		snprintf(path, sizeof path, "%s/%" PRIu32 ".eml", dir, uids[i]);
		int rc = fetch_to(im, uids[i], path);
		if (rc)
			return rc;
	}
	return 0;
}

static int op_too_large(struct imap *im, uint32_t uid)
{
	struct err e;
	char *raw;
	size_t len;
	int rc = imap_fetch(im, uid, &raw, &len, &e);

	if (rc == IMAP_TOO_LARGE) {
		printf("too large: %s\n", e.msg);
		return 0;
	}
	if (rc == 0)
		free(raw);
	fprintf(stderr, "imapcheck: UID %" PRIu32 " was not refused as too large: %s\n", uid,
		rc == 0 ? "fetched" : e.msg);
	return 1;
}

static int op_move(struct imap *im, uint32_t uid, const char *folder)
{
	struct err e;

	if (imap_move(im, uid, folder, &e) < 0) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return 1;
	}
	return 0;
}

static int op_unseen(struct imap *im, uint32_t uid)
{
	struct err e;

	if (imap_unflag_seen(im, uid, &e) < 0) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return 1;
	}
	return 0;
}

/* Runs the operation at argv[*i], advancing *i past its arguments. */
static int run_op(struct imap *im, int argc, char **argv, int *i)
{
	static const struct {
		const char *name;
		int args;               /* after the name; a first one is a UID unless noted */
		bool uid;
	} ops[] = {
		{ "search", 0, false }, { "fetch-all", 1, false }, { "fetch", 2, true },
		{ "move", 2, true }, { "unseen", 1, true }, { "too-large", 1, true },
	};
	const char *op = argv[(*i)++];
	uint32_t uid = 0;
	size_t k = 0;

	while (k < sizeof ops / sizeof ops[0] && strcmp(ops[k].name, op))
		k++;
	if (k == sizeof ops / sizeof ops[0]) {
		fprintf(stderr, "imapcheck: unknown operation '%s'\n", op);
		return 2;
	}
	if (*i + ops[k].args > argc) {
		fprintf(stderr, "imapcheck: %s needs %d argument(s)\n", op, ops[k].args);
		return 2;
	}
	char **a = argv + *i;
	*i += ops[k].args;
	if (ops[k].uid && parse_uid(a[0], &uid) < 0)
		return 2;
	switch (k) {
	case 0: return op_search(im);
	case 1: return op_fetch_all(im, a[0]);
	case 2: return fetch_to(im, uid, a[1]);
	case 3: return op_move(im, uid, a[1]);
	case 4: return op_unseen(im, uid);
	default: return op_too_large(im, uid);
	}
}

int main(int argc, char **argv)
{
	struct config cfg;
	struct err e;
	struct imap *im;
	int i = 1, rc = 0;

	if (i < argc && !strcmp(argv[i], "-v")) {
		log_setup(LOG_LEVEL_DEBUG, false);
		i++;
	}
	if (argc - i < 1) {
		fprintf(stderr, "usage: imapcheck [-v] CONFIG OP...\n");
		return 2;
	}
	if (config_load(&cfg, argv[i++], &e) < 0) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return 2;
	}
	if (!(im = imap_open(&cfg, &e))) {
		fprintf(stderr, "imapcheck: %s\n", e.msg);
		return 2;
	}
	while (i < argc && rc == 0)
		rc = run_op(im, argc, argv, &i);
	imap_close(im);
	free(uids);
	return rc;
}
