/* mbox.c: see mbox.h.  Our own splitter rather than libetpan's mailmbox, which locks
 * beside the file, escapes "From " without ever unescaping and so cannot give back the
 * exact bytes of a message. */
#include "mail/mbox.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mail/msg.h"
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

#define MBOX_CHUNK 65536        /* the longest piece of a line held at once */

/* The file read in pieces: a whole line, or a piece of a line longer than MBOX_CHUNK, so
 * that a mail of one long line (base64 never broken) costs no more than its limit. */
struct mbox_input {
	FILE *f;
	char buf[MBOX_CHUNK];
	size_t at, end;
	bool eof;
};

/* The next piece in *s, *n (borrowed until the next call): 1 if it ends its line (or the
 * file), 0 if its line goes on, -1 at the end of the file. */
static int input_next(struct mbox_input *in, const char **s, size_t *n)
{
	for (;;) {
		const char *nl = in->at < in->end ?
				 memchr(in->buf + in->at, '\n', in->end - in->at) : NULL;
		if (nl || (in->eof && in->at < in->end) || (!in->at && in->end == MBOX_CHUNK)) {
			*s = in->buf + in->at;
			*n = nl ? (size_t)(nl - *s) + 1 : in->end - in->at;
			in->at += *n;
			return nl || in->eof;
		}
		if (in->eof)
			return -1;
		memmove(in->buf, in->buf + in->at, in->end - in->at);
		in->end -= in->at;
		in->at = 0;
		size_t got = fread(in->buf + in->end, 1, MBOX_CHUNK - in->end, in->f);
		in->end += got;
		in->eof = got == 0;
	}
}

struct mbox_reader {
	struct buf msg;         /* the message being read (its head only, once cut) */
	bool have_msg;
	long offset;            /* of its separator line */
	long long envelope;     /* its date, or -1 */
	char pending[2];        /* an empty line held back: it may end the message */
	size_t npending;
	size_t max;             /* the most of a message held */
	size_t size;            /* the message's bytes, held or not */
	bool cut;               /* it went past max: only its header block is held */
};

/* Adds bytes of the message, or only counts them once it is past the limit. */
static void reader_add(struct mbox_reader *r, const char *s, size_t n)
{
	r->size += n;
	if (r->cut)
		return;
	if (r->msg.n + n <= r->max) {
		buf_add(&r->msg, s, n);
		return;
	}
	/* up to the limit, then the header block is all that stays */
	buf_add(&r->msg, s, r->max - r->msg.n);
	if (!r->msg.failed) {
		r->msg.n = msg_head_len(r->msg.s, r->msg.n, r->max);
		r->msg.s[r->msg.n] = 0;
	}
	r->cut = true;
}

/* Adds a message line (or the start of one, at_start): held back if empty, unescaped if
 * it is a ">From " line. */
static void reader_line(struct mbox_reader *r, const char *s, size_t n, bool whole,
			bool at_start)
{
	if (r->npending) {
		reader_add(r, r->pending, r->npending);
		r->npending = 0;
	}
	if (at_start && whole && empty_line(s, n)) {
		memcpy(r->pending, s, n);
		r->npending = n;
	} else if (at_start && s[0] == '>' && from_line(s, n)) {
		reader_add(r, s + 1, n - 1);
	} else {
		reader_add(r, s, n);
	}
}

static int reader_emit(struct mbox_reader *r, const char *path,
		       int (*each)(const struct mbox_mail *, void *), void *arg, struct err *e)
{
	if (r->msg.failed)
		return err_set(e, "%s: out of memory reading the message at offset %ld", path,
			       r->offset);
	if (r->msg.s)
		r->msg.s[r->msg.n] = 0;
	struct mbox_mail m = { r->msg.s ? r->msg.s : "", r->msg.n, r->size, r->offset,
			       r->envelope };
	int rc = each(&m, arg);
	/* a large message's memory goes back, not kept for the next one */
	if (r->msg.cap > MBOX_CHUNK * 16)
		buf_free(&r->msg);
	r->msg.n = r->size = r->npending = 0;
	r->cut = false;
	return rc;
}

/* The date of a separator line "From SENDER Www Mmm dd hh:mm:ss yyyy" (asctime, UTC, as
 * mail delivery agents and mbox_append write it; a zone after it is passed over), or -1. */
static long long envelope_time(const char *s, size_t n)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char line[256], mon[4];
	int day, hh, mm, ss, year;
	const char *p;

	snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), s);
	if (!(p = strchr(line + 5, ' ')) ||     /* past the sender */
	    sscanf(p, " %*3s %3s %d %d:%d:%d %d", mon, &day, &hh, &mm, &ss, &year) != 6)
		return -1;
	const char *m = strstr(months, mon);
	if (!m || (m - months) % 3 || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60 ||
	    year < 1970 || year > 9999)
		return -1;
	struct tm tm = { .tm_year = year - 1900, .tm_mon = (int)(m - months) / 3, .tm_mday = day,
			 .tm_hour = hh, .tm_min = mm, .tm_sec = ss };
	return (long long)timegm(&tm);
}

/* Is this piece a separator: "From " at the start of the file or after an empty line? */
static bool separator(const char *s, size_t n, bool at_start, bool prev_empty)
{
	return at_start && prev_empty && n >= 5 && !memcmp(s, "From ", 5);
}

int mbox_scan(const char *path, size_t max, int (*each)(const struct mbox_mail *m, void *arg),
	      void *arg, struct err *e)
{
	struct mbox_reader r = { .max = max };
	struct mbox_input *in = malloc(sizeof *in);
	const char *s;
	size_t n;
	long offset = 0, at;
	bool prev_empty = true, at_start = true;
	int rc = 0, whole;

	if (!in)
		return err_set(e, "%s: out of memory", path);
	*in = (struct mbox_input){ .f = fopen(path, "r") };
	if (!in->f) {
		free(in);
		return err_set(e, "%s: %s", path, strerror(errno));
	}
	while ((whole = input_next(in, &s, &n)) >= 0) {
		at = offset;
		offset += (long)n;
		if (separator(s, n, at_start, prev_empty)) {
			if (r.have_msg && (rc = reader_emit(&r, path, each, arg, e)) != 0)
				goto out;
			r.have_msg = true;
			r.offset = at;
			r.envelope = envelope_time(s, n);
			/* a separator longer than a piece: the rest of it is no message text */
			while (!whole && (whole = input_next(in, &s, &n)) >= 0)
				offset += (long)n;
			prev_empty = false;
			at_start = true;
			continue;
		}
		if (r.have_msg) {
			reader_line(&r, s, n, whole, at_start);
		} else if (!at_start || !whole || !empty_line(s, n)) {
			rc = err_set(e, "%s: not an mbox file (no \"From \" line before offset %ld)",
				     path, at);
			goto out;
		}
		prev_empty = at_start && whole && empty_line(s, n);
		at_start = whole;
	}
	if (ferror(in->f))
		rc = err_set(e, "%s: read error: %s", path, strerror(errno));
	else if (r.have_msg)
		rc = reader_emit(&r, path, each, arg, e);
out:
	buf_free(&r.msg);
	fclose(in->f);
	free(in);
	return rc;
}

/* mbox_read()'s callback behind mbox_scan()'s. */
struct mbox_plain {
	int (*each)(const char *raw, size_t len, long offset, void *arg);
	void *arg;
};

static int plain_each(const struct mbox_mail *m, void *arg)
{
	struct mbox_plain *p = arg;

	return p->each(m->raw, m->len, m->offset, p->arg);
}

int mbox_read(const char *path, int (*each)(const char *raw, size_t len, long offset, void *arg),
	      void *arg, struct err *e)
{
	struct mbox_plain p = { each, arg };

	return mbox_scan(path, SIZE_MAX, plain_each, &p, e);
}

/* ---- Writing ----------------------------------------------------------------------- */

/* How many line ends must come before a new separator, given the file's last k bytes
 * (at most 3): the file must end in an empty line. */
static int lead_of(const char *tail, size_t k)
{
	if (!k)
		return 0;
	if (tail[k - 1] != '\n')
		return 2;
	if (k >= 2 && tail[k - 2] == '\n')
		return 0;
	if (k == 3 && tail[0] == '\n' && tail[1] == '\r')
		return 0;
	return 1;
}

/* The last (up to 3) bytes of a file of this size, into end; false if they cannot be
 * read (then assumed fine, as for a file that is not a regular one). */
static bool tail_read(int fd, off_t size, struct mbox_end *end)
{
	size_t k = size < 3 ? (size_t)size : 3;

	end->size = (long long)size;
	end->ntail = (unsigned char)k;
	return size <= 0 || pread(fd, end->tail, k, size - (off_t)k) == (ssize_t)k;
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
	static long long last_epoch = -1;       /* a run's mails share a few seconds */
	static char last[64];
	static int last_n;
	time_t t = epoch < 0 ? time(NULL) : (time_t)epoch;
	struct tm tm;
	char s[64];
	int n;

	if ((long long)t == last_epoch) {
		buf_add(b, last, (size_t)last_n);
		return;
	}
	if (!gmtime_r(&t, &tm)) {
		t = time(NULL);
		gmtime_r(&t, &tm);
	}
	/* by hand: a "From " line for every mail and reply a log keeps */
	int two[] = { tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec };
	memcpy(s, days[tm.tm_wday % 7], 3);
	s[3] = ' ';
	memcpy(s + 4, months[tm.tm_mon % 12], 3);
	n = 7;
	for (int i = 0; i < 4; i++) {
		s[n++] = i == 0 ? ' ' : i == 1 ? ' ' : ':';
		s[n++] = two[i] / 10 % 10 || i ? (char)('0' + two[i] / 10 % 10) : ' ';
		s[n++] = (char)('0' + two[i] % 10);
	}
	s[n++] = ' ';
	n += (int)fmt_uint(s + n, (unsigned)(tm.tm_year + 1900));
	buf_add(b, s, (size_t)n);
	memcpy(last, s, (size_t)n);
	last_n = n;
	last_epoch = (long long)t;
}

/* Appends the message with ">From " escaping, and a line end if it lacks one. Room for
 * the worst case is taken once (a '>' a line of at least six bytes, "From \n"), and the
 * lines are copied straight into it: a reply has a hundred lines, a run thousands of
 * replies. */
static void add_escaped(struct buf *b, const char *raw, size_t len, const char *eol, bool lf)
{
	size_t i = 0, run = 0;  /* run: where the text not yet copied starts */

	if (!buf_reserve(b, len + len / 6 + 4))
		return;
	char *o = b->s + b->n;
	while (i < len) {
		const char *nl = memchr(raw + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - raw) + 1 - i : len - i;

		if ((raw[i] == 'F' || raw[i] == '>') && from_line(raw + i, n)) {
			memcpy(o, raw + run, i - run);        /* the lines before it, in one piece */
			o += i - run;
			*o++ = '>';
			run = i;
		}
		if (lf && nl && nl > raw + i && nl[-1] == '\r') {
			size_t k = (size_t)(nl - raw) - 1 - run;       /* all but the CR */
			memcpy(o, raw + run, k);
			o += k;
			run = (size_t)(nl - raw);
		}
		i += n;
	}
	memcpy(o, raw + run, len - run);
	o += len - run;
	b->n = (size_t)(o - b->s);
	b->s[b->n] = 0;
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
	struct mbox_msg m = { raw, len, envelope_from, epoch, false };

	return mbox_append_all(fd, &m, 1, e);
}

/* The file's end as it is now into *end (known if it is a regular file that could be
 * read): *old its size, -1 if not a regular file. */
static void end_ask(int fd, struct mbox_end *end, off_t *old)
{
	struct stat st;

	*end = (struct mbox_end){ 0 };
	*old = -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		*old = st.st_size;
		end->known = tail_read(fd, st.st_size, end);
		if (!end->known)
			end->ntail = 0;
	}
}

/* The end after b's bytes were appended to one whose end was known. */
static void end_after(struct mbox_end *end, const struct buf *b)
{
	char last[6];
	size_t k = end->ntail, add = b->n < 3 ? b->n : 3;

	memcpy(last, end->tail, k);
	memcpy(last + k, b->s + b->n - add, add);
	k += add;
	size_t keep = k < 3 ? k : 3;
	memcpy(end->tail, last + k - keep, keep);
	end->ntail = (unsigned char)keep;
	end->size += (long long)b->n;
}

/* The writer of a file whose end is *end: a regular file it may have to cut back (size),
 * and whose last line may need ending (lead). */
static void writer_at(struct mbox_writer *w, int fd, const struct mbox_end *end, off_t size)
{
	*w = (struct mbox_writer){ .fd = fd, .size = size };
	w->lead = size >= 0 ? lead_of(end->tail, end->ntail) : 0;
}

/* The output's kind is looked at once: a regular file it may have to cut back, and
 * whose last line may need ending. */
void mbox_writer_open(struct mbox_writer *w, int fd)
{
	struct mbox_end end;
	off_t size;

	end_ask(fd, &end, &size);
	writer_at(w, fd, &end, size);
}

void mbox_writer_add(struct mbox_writer *w, const struct mbox_msg *m)
{
	struct buf *b = &w->pending;
	const char *nl = m->len ? memchr(m->raw, '\n', m->len) : NULL;
	const char *eol = !m->lf && nl && nl > m->raw && nl[-1] == '\r' ? "\r\n" : "\n";

	/* the messages before this one ended with their blank line */
	for (; w->lead > 0; w->lead--)
		buf_add(b, eol, strlen(eol));
	buf_add(b, "From ", 5);
	add_sender(b, m->from && strcmp(m->from, "<>") ? m->from : NULL);
	buf_add(b, " ", 1);
	add_date(b, m->epoch);
	buf_add(b, eol, strlen(eol));
	add_escaped(b, m->raw, m->len, eol, m->lf);
	buf_add(b, eol, strlen(eol));
	w->count++;
}

int mbox_writer_flush(struct mbox_writer *w, struct err *e)
{
	size_t n = w->count;
	int saved;

	w->count = 0;
	if (w->pending.failed) {
		buf_free(&w->pending);
		return err_set(e, "mbox: out of memory writing %zu message%s", n, n == 1 ? "" : "s");
	}
	if (write_all(w->fd, w->pending.s, w->pending.n) < 0) {
		saved = errno;
		if (w->size >= 0 && ftruncate(w->fd, w->size) < 0)
			err_set(e, "mbox: write failed (%s), and the file could not be cut back "
				   "to %lld bytes", strerror(saved), (long long)w->size);
		else
			err_set(e, "mbox: write failed: %s", strerror(saved));
		w->pending.n = 0;
		return -1;
	}
	if (w->size >= 0)
		w->size += (off_t)w->pending.n;
	w->pending.n = 0;
	return 0;
}

int mbox_append_end(int fd, struct mbox_end *end, const struct mbox_msg *m, size_t n,
		    struct err *e)
{
	struct mbox_end asked, after;
	struct mbox_writer w;
	off_t old;

	if (!end || !end->known) {
		end_ask(fd, &asked, &old);
		if (end)
			*end = asked;
		end = end ? end : &asked;
	} else {
		old = (off_t)end->size;
	}
	writer_at(&w, fd, end, old);
	for (size_t k = 0; k < n; k++)
		mbox_writer_add(&w, &m[k]);
	after = *end;
	if (after.known && !w.pending.failed && w.pending.n)
		end_after(&after, &w.pending);
	int rc = mbox_writer_flush(&w, e);
	mbox_writer_close(&w);
	if (rc < 0)
		end->known = false;
	else
		*end = after;
	return rc;
}

void mbox_writer_close(struct mbox_writer *w)
{
	buf_free(&w->pending);
}

int mbox_append_all(int fd, const struct mbox_msg *m, size_t n, struct err *e)
{
	return mbox_append_end(fd, NULL, m, n, e);
}
