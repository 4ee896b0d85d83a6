/* mbox.c: see mbox.h.  Our own splitter rather than libetpan's mailmbox, which locks
 * beside the file, escapes "From " without ever unescaping and so cannot give back the
 * exact bytes of a message. */
#include "mail/mbox.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/buf.h"

/* Does the line (n bytes) match ^>*From  ? Returns the number of '>' + 1, or 0. */
static size_t from_line(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] == '>')
		i++;
	return n - i >= 5 && !memcmp(s + i, "From ", 5) ? i + 1 : 0;
}

static bool empty_line(const char *s, size_t n)
{
	return (n == 1 && s[0] == '\n') || (n == 2 && s[0] == '\r' && s[1] == '\n');
}

/* ---- Reading ----------------------------------------------------------------------- */

struct mbox_reader {
	struct buf msg;    /* the message being read */
	bool have_msg;
	long offset;            /* of its separator line */
	char pending[2];        /* an empty line held back: it may end the message */
	size_t npending;
};

/* Adds a message line: held back if empty, unescaped if it is a ">From " line. */
static void reader_line(struct mbox_reader *r, const char *s, size_t n)
{
	if (r->npending) {
		buf_add(&r->msg, r->pending, r->npending);
		r->npending = 0;
	}
	if (empty_line(s, n)) {
		memcpy(r->pending, s, n);
		r->npending = n;
	} else if (s[0] == '>' && from_line(s, n)) {
		buf_add(&r->msg, s + 1, n - 1);
	} else {
		buf_add(&r->msg, s, n);
	}
}

static int reader_emit(struct mbox_reader *r, const char *path,
		       int (*each)(const char *, size_t, long, void *), void *arg, struct err *e)
{
	if (r->msg.failed)
		return err_set(e, "%s: out of memory reading the message at offset %ld", path,
			       r->offset);
	return each(r->msg.s ? r->msg.s : "", r->msg.n, r->offset, arg);
}

int mbox_read(const char *path, int (*each)(const char *raw, size_t len, long offset, void *arg),
	      void *arg, struct err *e)
{
	struct mbox_reader r = { 0 };
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	long offset = 0;
	bool prev_empty = true;
	int rc = 0;

	if (!f)
		return err_set(e, "%s: %s", path, strerror(errno));
	while ((got = getline(&line, &cap, f)) > 0) {
		size_t n = (size_t)got;

		if (prev_empty && n >= 5 && !memcmp(line, "From ", 5)) {
			if (r.have_msg && (rc = reader_emit(&r, path, each, arg, e)) != 0)
				goto out;
			r.have_msg = true;
			r.msg.n = 0;
			r.npending = 0;
			r.offset = offset;
		} else if (r.have_msg) {
			reader_line(&r, line, n);
		} else if (!empty_line(line, n)) {
			rc = err_set(e, "%s: not an mbox file (no \"From \" line before offset %ld)",
				     path, offset);
			goto out;
		}
		prev_empty = empty_line(line, n);
		offset += (long)n;
	}
	if (ferror(f))
		rc = err_set(e, "%s: read error: %s", path, strerror(errno));
	else if (r.have_msg)
		rc = reader_emit(&r, path, each, arg, e);
out:
	free(line);
	buf_free(&r.msg);
	fclose(f);
	return rc;
}

/* ---- Writing ----------------------------------------------------------------------- */

/* How many line ends must come before a new separator: the file must end in an empty
 * line. Only checked on a readable regular file; otherwise assumed fine. */
static int lead_needed(int fd, off_t size)
{
	char tail[3];
	size_t k = size < 3 ? (size_t)size : 3;

	if (size <= 0 || pread(fd, tail, k, size - (off_t)k) != (ssize_t)k)
		return 0;
	if (tail[k - 1] != '\n')
		return 2;
	if (k >= 2 && tail[k - 2] == '\n')
		return 0;
	if (k == 3 && tail[0] == '\n' && tail[1] == '\r')
		return 0;
	return 1;
}

/* The separator's sender: an addr-spec without spaces, or MAILER-DAEMON. */
static void add_sender(struct buf *b, const char *from)
{
	size_t n = from ? strlen(from) : 0;

	if (n >= 2 && from[0] == '<' && from[n - 1] == '>') {
		from++;
		n -= 2;
	}
	if (n > 256)
		n = 256;
	if (!n) {
		buf_add(b, "MAILER-DAEMON", 13);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)from[i];

		buf_add(b, c <= ' ' || c == 0x7f ? "_" : from + i, 1);
	}
}

/* asctime form, UTC, without the newline: "Mon Jun  3 10:12:00 2024". */
static void add_date(struct buf *b, long long epoch)
{
	static const char days[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t t = epoch < 0 ? time(NULL) : (time_t)epoch;
	struct tm tm;
	char s[64];
	int n;

	if (!gmtime_r(&t, &tm)) {
		t = time(NULL);
		gmtime_r(&t, &tm);
	}
	n = snprintf(s, sizeof s, "%s %s %2d %02d:%02d:%02d %d", days[tm.tm_wday % 7],
		     months[tm.tm_mon % 12], tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		     tm.tm_year + 1900);
	buf_add(b, s, (size_t)n);
}

/* Appends the message with ">From " escaping, and a line end if it lacks one. */
static void add_escaped(struct buf *b, const char *raw, size_t len, const char *eol)
{
	size_t i = 0, run = 0;  /* run: where the text not yet copied starts */

	while (i < len) {
		const char *nl = memchr(raw + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - raw) + 1 - i : len - i;

		if ((raw[i] == 'F' || raw[i] == '>') && from_line(raw + i, n)) {
			buf_add(b, raw + run, i - run);        /* the lines before it, in one piece */
			buf_add(b, ">", 1);
			run = i;
		}
		i += n;
	}
	buf_add(b, raw + run, len - run);
	if (len && raw[len - 1] != '\n')
		buf_add(b, eol, strlen(eol));
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w == 0)
			errno = EIO;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

char *mbox_lf(const char *text, size_t len, size_t *out_len)
{
	char *out = malloc(len + 1);
	size_t n = 0;

	if (!out)
		return NULL;
	/* the text between two CRs copied in one piece */
	for (size_t i = 0; i < len;) {
		const char *cr = memchr(text + i, '\r', len - i);
		size_t run = cr ? (size_t)(cr - text) - i : len - i;
		memcpy(out + n, text + i, run);
		n += run;
		i += run;
		if (cr && !(i + 1 < len && text[i + 1] == '\n'))
			out[n++] = '\r';       /* a CR alone stays */
		i += cr != NULL;
	}
	out[n] = 0;
	*out_len = n;
	return out;
}

int mbox_append(int fd, const char *raw, size_t len, const char *envelope_from, long long epoch,
		struct err *e)
{
	struct mbox_msg m = { raw, len, envelope_from, epoch };

	return mbox_append_all(fd, &m, 1, e);
}

int mbox_append_all(int fd, const struct mbox_msg *m, size_t n, struct err *e)
{
	struct buf b = { 0 };
	struct stat st;
	off_t old = -1;
	int lead = 0, saved;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		old = st.st_size;
		lead = lead_needed(fd, old);
	}
	for (size_t k = 0; k < n; k++) {
		const char *nl = m[k].len ? memchr(m[k].raw, '\n', m[k].len) : NULL;
		const char *eol = nl && nl > m[k].raw && nl[-1] == '\r' ? "\r\n" : "\n";
		/* the messages before this one ended with their blank line */
		for (int i = 0; k == 0 && i < lead; i++)
			buf_add(&b, eol, strlen(eol));
		buf_add(&b, "From ", 5);
		add_sender(&b, m[k].from && strcmp(m[k].from, "<>") ? m[k].from : NULL);
		buf_add(&b, " ", 1);
		add_date(&b, m[k].epoch);
		buf_add(&b, eol, strlen(eol));
		add_escaped(&b, m[k].raw, m[k].len, eol);
		buf_add(&b, eol, strlen(eol));
	}
	if (b.failed) {
		buf_free(&b);
		return err_set(e, "mbox: out of memory writing %zu message%s", n, n == 1 ? "" : "s");
	}
	if (write_all(fd, b.s, b.n) < 0) {
		saved = errno;
		if (old >= 0 && ftruncate(fd, old) < 0)
			err_set(e, "mbox: write failed (%s), and the file could not be cut back "
				   "to %lld bytes", strerror(saved), (long long)old);
		else
			err_set(e, "mbox: write failed: %s", strerror(saved));
		buf_free(&b);
		return -1;
	}
	buf_free(&b);
	return 0;
}
