/* fetchparse.h: reads the answer to one "UID FETCH set (UID BODY.PEEK[])" line by line,
 * as libcurl hands it over (each server line with its CRLF), and keeps each mail's bytes.
 * No I/O: imap.c feeds it; the unit test feeds it by hand.
 *
 * A mail arrives as an IMAP literal: "* 4 FETCH (UID 9 BODY[] {1234}" then exactly 1234
 * bytes, which may hold anything (lines that look like answers among them), then the rest
 * of the item list, ")" or " UID 9)". The parser counts bytes, so a mail's lines are never
 * read as answers. Lines outside a FETCH answer (greetings, the tagged OK) are passed over.
 *
 * The parser owns the mails it keeps; fetchparse_take() hands one over (the caller frees
 * its raw), fetchparse_free() frees the rest. */
#ifndef TEMPEST_FETCHPARSE_H
#define TEMPEST_FETCHPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fetchparse_mail {
	uint32_t uid;
	char *raw;                      /* the literal's bytes and a NUL */
	size_t len;                     /* without the NUL */
};

struct fetchparse {
	size_t limit;                   /* the largest literal accepted */
	struct fetchparse_mail *mails;
	size_t n, cap;
	size_t next;                    /* where fetchparse_take() looks first */
	size_t kept;                    /* mails not yet taken */
	/* the mail being read */
	int state;                      /* outside, in the literal, after it */
	uint32_t uid;
	char *lit;
	size_t want, got;
	char why[160];                  /* the first thing that made no sense; "" if none */
	bool over;                      /* it was a literal over the limit */
};

/* A parser that accepts literals of at most limit bytes. */
void fetchparse_init(struct fetchparse *p, size_t limit);
/* Feeds one line of the answer (with its line end). After a malformed answer or a
 * literal over the limit the parser stops keeping mails and why says what went wrong. */
void fetchparse_line(struct fetchparse *p, const char *line, size_t len);
/* Whether the next line belongs to a mail's bytes (so it is no answer of the server). */
bool fetchparse_in_mail(const struct fetchparse *p);
/* After a broken answer (why) on a connection dropped: ready for the answers on the
 * next one, the mails read whole kept. */
void fetchparse_restart(struct fetchparse *p);
/* 0 when the answer ended cleanly (no mail cut short), else -1 (why says so). */
int fetchparse_end(struct fetchparse *p);
/* The kept mail with this UID, handed to the caller (raw then belongs to it), or NULL.
 * Mails taken in the order they came cost one comparison each; once every mail is taken,
 * the parser holds none (it may read the answers of many commands in turn). */
char *fetchparse_take(struct fetchparse *p, uint32_t uid, size_t *len);
void fetchparse_free(struct fetchparse *p);

#endif
