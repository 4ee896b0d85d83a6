/* msg_int.h: what msg.c (the header fields) and msg_mime.c (the body) share while they
 * read one message. Not for use outside src/mail/msg*.c. */
#ifndef TEMPEST_MSG_INT_H
#define TEMPEST_MSG_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "mail/msg.h"
#include "util/err.h"

/* Beyond this many multipart/message containers, or parts in all, the MIME tree is not
 * walked (msg.h). */
#define MSG_MAX_CONTAINERS 64
#define MSG_MAX_PARTS 1000

/* State while reading one message. */
struct reader {
	struct msg *m;
	bool oom;
	size_t nto_cap, nrefs_cap, nauth_cap;
};

/* Notes an allocation failure; returns s. */
static inline char *msg_keep(struct reader *r, char *s)
{
	if (!s)
		r->oom = true;
	return s;
}
/* Is the text all blanks and line ends? */
bool msg_blank(const char *s, size_t n);
/* Sets r->m->text (and its source) from the body, which starts at `body` in raw (see msg.h
 * for the limits); -1 when memory runs out. */
int msg_read_body(struct reader *r, const char *raw, size_t len, size_t body, struct err *e);

#endif
