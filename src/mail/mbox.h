/* mbox.h: reading and appending mailbox files in the mboxrd format.
 *
 * Format (mboxrd: the variant that gives every message back byte for byte):
 *   - Each message starts with a separator line "From SENDER DATE", where DATE is in
 *     asctime form, UTC ("From bob@example.org Mon Jun  3 10:12:00 2024").
 *   - When reading, a separator is a line starting with "From " that is the first line of
 *     the file (blank lines before it are skipped) or follows an empty line. A "From "
 *     line anywhere else is message text, as other writers leave such lines unescaped.
 *   - The empty line before a separator, and the one at the end of the file, belong to
 *     the file, not to the message: the writer adds one after every message.
 *   - Escaping: a message line matching ^>*From  (any number of '>', then "From ") gets
 *     one more '>' when written and loses one when read, so lines that were ">From "
 *     come back as they were.
 *   - Line ends are kept as they are: CRLF files read back with CRLF. A separator written
 *     for a message whose first line ends in CRLF ends in CRLF too, as does the blank
 *     line after it.
 * Round trip: reading what mbox_append() wrote gives back the exact bytes, provided the
 * message ends with a line end; a message without one gets one (mbox has no way to say
 * otherwise).
 *
 * mbox_append() does no locking and no fsync: the caller owns the fd. The file is read
 * as a stream, one message in memory at a time (mbox_scan: at most a given size of it). */
#ifndef TEMPEST_MBOX_H
#define TEMPEST_MBOX_H

#include <stdbool.h>
#include <stddef.h>

#include <sys/types.h>

#include "util/buf.h"
#include "util/err.h"

/* Calls each(raw, len, offset, arg) for every message of the mbox file at path, in order.
 * raw (len bytes, NUL-terminated for convenience) is borrowed for the call; offset is
 * where its separator line starts in the file. An empty file has no messages.
 * Returns 0 after the last message; -1 with e set (naming the path) when the file cannot
 * be read or does not start with a separator; or, when each returns non-zero, stops and
 * returns that value without touching e. */
int mbox_read(const char *path, int (*each)(const char *raw, size_t len, long offset, void *arg),
	      void *arg, struct err *e);

/* One message as mbox_scan() hands it over, borrowed for the call. */
struct mbox_mail {
	const char *raw;                /* len bytes, NUL-terminated */
	size_t len;
	size_t size;                    /* the whole message's: len, or more when cut */
	long offset;                    /* where its separator line starts in the file */
	long long envelope;             /* the separator's date (asctime, UTC: when the mail
					 * was delivered into the mbox), or -1 */
};
/* mbox_read() that holds at most max bytes of a message: one larger is cut at max and
 * only its header block kept (msg_head_len), the rest counted in size up to the next
 * separator, so that an oversized mail is answered from its headers in bounded memory.
 * A line is read 64 KB at a time, whatever its length. */
int mbox_scan(const char *path, size_t max, int (*each)(const struct mbox_mail *m, void *arg),
	      void *arg, struct err *e);

/* Appends one message to the mbox open on fd (ideally O_RDWR | O_APPEND), in a single
 * write(2) when the system allows: a blank line first if the file does not end with one
 * (checked only when fd is a readable regular file), the separator with envelope_from (NULL, "" or "<>" give "MAILER-DAEMON"; angle
 * brackets are dropped, whitespace and control characters become '_') and epoch (UTC
 * seconds; negative means now), the escaped message, and the blank line that ends it.
 * Returns 0, or -1 with e set; on a failed write to a regular file the file is cut back
 * to its old size. */
/* A copy of text with its CRLF line ends made LF (the mbox a person reads and pipes
 * into a shell; SMTP and the game logs keep CRLF), *out_len bytes; NULL when out of memory. */
char *mbox_lf(const char *text, size_t len, size_t *out_len);
int mbox_append(int fd, const char *raw, size_t len, const char *envelope_from, long long epoch,
		struct err *e);
/* Several messages appended as mbox_append() appends one, in one write. */
struct mbox_msg {
	const char *raw;
	size_t len;
	const char *from;               /* envelope_from */
	long long epoch;
	bool lf;                        /* its CRLF line ends written as LF, as mbox_lf()
					 * makes them, in the same pass */
};
int mbox_append_all(int fd, const struct mbox_msg *m, size_t n, struct err *e);
/* What an appender that alone writes the file knows of its end after its own appends:
 * its size and its last bytes, so that an append is one write, without asking the file
 * (fstat, a read of its tail) each time. known false: asked at the next append. */
struct mbox_end {
	long long size;
	char tail[3];
	unsigned char ntail;
	bool known;
};
/* mbox_append_all, with end kept up to date (unknown after a failure). */
int mbox_append_end(int fd, struct mbox_end *end, const struct mbox_msg *m, size_t n,
		    struct err *e);

/* Messages appended as mbox_append_all() appends them, gathered over many calls and
 * written when the caller says (mbox_writer_flush): the output's kind is looked at once,
 * at open, not once a write. */
struct mbox_writer {
	int fd;
	struct buf pending;             /* the messages not yet written */
	size_t count;                   /* how many */
	off_t size;                     /* a regular file's size before them (cut back to it
					 * when their write fails), or -1 */
	int lead;                       /* line ends the first message needs first */
};
void mbox_writer_open(struct mbox_writer *w, int fd);
void mbox_writer_add(struct mbox_writer *w, const struct mbox_msg *m);
/* One write of what was gathered: 0, or -1 with e set (a regular file cut back to its
 * size before it). Empties the writer either way. */
int mbox_writer_flush(struct mbox_writer *w, struct err *e);
void mbox_writer_close(struct mbox_writer *w);

#endif
