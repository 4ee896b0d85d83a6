/* imap.c: see imap.h. With smtp.c and net.c (what both share), the only code that
 * includes curl. Listing and fetching are in imap_fetch.c, moves and flags in imap_move.c.
 *
 * How libcurl (7.88) is used, and why:
 *   - libcurl connects, does TLS or STARTTLS, checks the certificate and logs in (with the
 *     netrc file), and stops there (CONNECT_ONLY): the commands after the login are sent
 *     and read here, over curl_easy_send() and curl_easy_recv(). libcurl's own requests
 *     cannot fetch a batch: it passes a custom request's answer on as "headers", counted
 *     against a 300 KB limit in a way that grows with the lines of one read, so that a
 *     UID FETCH of 100 mails of 57 bytes already fails (docs/sysadmin.md, "Polling over IMAP").
 *   - the capabilities (MOVE, UIDPLUS) and a refused login are read from libcurl's trace
 *     of the login (the last capability list wins: the one after the login).
 *   - a mail is an IMAP literal, read by its byte count (fetchparse.c), so nothing in a
 *     mail is ever taken for an answer of the server.
 *   - commands may be pipelined, as a mail synchroniser does (RFC 3501, 5.5): the next
 *     batch's UID FETCH and a batch's UID MOVE are sent without waiting, their answers
 *     read later (imap_pump), so that the server works while the referee does. A
 *     command that waits for its own answer reads the pending ones first.
 *   - after a failure that leaves the connection out of step (a stall, a mail too large
 *     to read on), the connection is dropped, every pending command counts as lost, and
 *     the next command connects again, on a new handle. A refusal (NO, BAD) keeps the
 *     connection. */
#include "mail/imap.h"

#include <curl/curl.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "mail/fetchparse.h"
#include "mail/imap_int.h"
#include "mail/net.h"
#include "util/log.h"

#define ANSWER_MAX (1u << 20)           /* untagged answers to one command */
#define BATCH_SIZE_MAX 1000
#define LINE_MAX_LEN 65536u             /* an answer line that is no mail */
/* What a send blocked by a server busy writing may take in meanwhile: the answers to
 * the commands pending, a batch's mails at most. */
#define BACKLOG_MAX (16u << 20)

/* ---- the connection ---- */

/* A tagged NO or BAD, or an untagged BYE, NO or BAD: what the server refused. */
static bool is_refusal(const char *line, size_t n)
{
	const char *sp = memchr(line, ' ', n), *word, *end;

	if (!sp)
		return false;
	word = sp + 1;
	end = word;
	while (end < line + n && isalpha((unsigned char)*end))
		end++;
	size_t len = (size_t)(end - word);
	return (len == 2 && !strncasecmp(word, "NO", 2)) ||
	       (len == 3 && !strncasecmp(word, "BAD", 3)) ||
	       (len == 3 && line[0] == '*' && !strncasecmp(word, "BYE", 3));
}

/* Whether the capability list starting at p (up to end, ']' or the line end) has cap. */
static bool lists(const char *p, const char *end, const char *cap)
{
	size_t n = strlen(cap);

	while (p < end && *p != ']' && *p != '\r' && *p != '\n') {
		while (p < end && *p == ' ')
			p++;
		const char *word = p;
		while (p < end && *p != ' ' && *p != ']' && *p != '\r' && *p != '\n')
			p++;
		if ((size_t)(p - word) == n && !strncasecmp(word, cap, n))
			return true;
	}
	return false;
}

/* A received line that lists the capabilities ("* CAPABILITY ...", or "[CAPABILITY ...]"
 * in the answer to the login): the last one seen is the server's word. */
static void read_capabilities(struct imap *im, const char *line, size_t size)
{
	const char *p = size > 14 ? memmem(line, size, "CAPABILITY ", 11) : NULL;

	if (!p || (p - line != 2 && (p == line || p[-1] != '[')))
		return;
	p += 11;
	im->has_move = lists(p, line + size, "MOVE");
	im->has_uidplus = lists(p, line + size, "UIDPLUS");
}

/* libcurl's trace of the login: the capabilities, and the first refusal. */
static int on_trace(CURL *c, curl_infotype type, char *data, size_t size, void *arg)
{
	struct imap *im = arg;

	(void)c;
	if (type != CURLINFO_HEADER_IN)
		return 0;
	if (is_refusal(data, size))
		net_refusal(&im->net, data, size);
	read_capabilities(im, data, size);
	return 0;
}

/* Names what failed: the command, where, the reason and the server's words. */
static int fail(struct imap *im, const char *what, const char *why, struct err *e)
{
	if (im->net.reply[0])
		return err_set(e, "imap: %s on %s failed: %s (the server said: %s)", what,
			       im->net.shown, why, im->net.reply);
	return err_set(e, "imap: %s on %s failed: %s", what, im->net.shown, why);
}

/* Whether a tagged refusal is one the next run would meet again: a mailbox that does not
 * exist, a login or an access refused (RFC 5530's response codes, and Dovecot's words). */
static bool refused_for_good(const char *reply)
{
	static const char *const codes[] = { "[NONEXISTENT]", "[AUTHENTICATIONFAILED]",
					     "[AUTHORIZATIONFAILED]", "[NOPERM]",
					     "doesn't exist" };

	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (strcasestr(reply, codes[i]))
			return true;
	return false;
}

static void lose_pending(struct imap *im, const char *why);

/* Drops the connection (after a failure, or to stop reading an answer) without a word:
 * the socket is shut first, so that libcurl cannot say LOGOUT into the middle of an
 * answer. The next command connects and logs in again, on a new handle (libcurl would
 * leak the old connection of a CONNECT_ONLY handle that connects anew). */
void imap_drop(struct imap *im)
{
	curl_socket_t fd;

	if (im->qn)
		lose_pending(im, "the connection was dropped");
	if (im->net.curl && curl_easy_getinfo(im->net.curl, CURLINFO_ACTIVESOCKET, &fd) ==
	    CURLE_OK && fd != CURL_SOCKET_BAD)
		shutdown(fd, SHUT_RDWR);
	net_close(&im->net);
	im->connected = im->selected = false;
	im->in.start = im->in.end = 0;
}

/* Connects and logs in: libcurl does the TLS or STARTTLS, the capabilities and the login
 * (CONNECT_ONLY), then leaves the stream to the commands here. */
static int connect_server(struct imap *im, struct err *e)
{
	CURLcode rc;

	if (im->connected)
		return 0;
	if (!im->net.curl) {
		if (net_open(&im->net, im->cfg, on_trace, im, e) < 0)
			return -1;
		curl_easy_setopt(im->net.curl, CURLOPT_URL, im->cfg->imap_url);
		curl_easy_setopt(im->net.curl, CURLOPT_CONNECT_ONLY, 1L);
	}
	net_clear(&im->net);
	rc = curl_easy_perform(im->net.curl);
	if (rc != CURLE_OK) {
		fail(im, "logging in", net_why(&im->net, rc), e);
		net_judge(rc, e);
		net_close(&im->net);
		return -1;
	}
	im->connected = true;
	return 0;
}

/* Waits until the stream can be read (or written): the events that came, or -1 after
 * stall_timeout. */
static int wait_socket(struct imap *im, short events, struct err *e)
{
	curl_socket_t fd;
	struct pollfd p;

	if (curl_easy_getinfo(im->net.curl, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK ||
	    fd == CURL_SOCKET_BAD)
		return err_set(e, "imap: the connection to %s is gone", im->net.shown);
	p = (struct pollfd){ .fd = fd, .events = events };
	int n = poll(&p, 1, im->cfg->stall_timeout > 0 ? im->cfg->stall_timeout * 1000 : -1);
	if (n == 0)
		return err_set(e, "imap: %s said nothing for %d s", im->net.shown,
			       im->cfg->stall_timeout);
	if (n < 0 && errno != EINTR)
		return err_set(e, "imap: waiting for %s: %s", im->net.shown, strerror(errno));
	return n > 0 ? p.revents : 0;
}

static int receive(struct imap *im, size_t limit, struct err *e);

/* Sends one whole command line. While answers are pending, a server that writes them
 * may not read before it has written: what it sends meanwhile is taken in, so that
 * neither waits for the other. */
static int send_all(struct imap *im, const char *data, size_t len, struct err *e)
{
	while (len) {
		size_t sent = 0;
		CURLcode rc = curl_easy_send(im->net.curl, data, len, &sent);
		if (rc == CURLE_AGAIN) {
			short want = im->qn ? POLLOUT | POLLIN : POLLOUT;
			int got = wait_socket(im, want, e);
			if (got < 0 || ((got & POLLIN) && !(got & POLLOUT) &&
					receive(im, BACKLOG_MAX, e) < 0))
				return -1;
			continue;
		}
		if (rc != CURLE_OK)
			return err_set(e, "imap: sending to %s: %s", im->net.shown,
				       net_why(&im->net, rc));
		data += sent, len -= sent;
	}
	return 0;
}

/* Reads more of the stream into the buffer (at most limit bytes held). */
static int receive(struct imap *im, size_t limit, struct err *e)
{
	struct inbuf *b = &im->in;

	if (b->start) {
		memmove(b->data, b->data + b->start, b->end - b->start);
		b->end -= b->start, b->start = 0;
	}
	if (b->cap - b->end < 65536) {
		size_t cap = b->cap ? b->cap * 2 : 262144;
		if (b->end >= limit)
			return err_set(e, "imap: %s sent a line longer than %zu bytes", im->net.shown,
				       limit);
		char *d = realloc(b->data, cap);
		if (!d)
			return err_set(e, "imap: out of memory");
		b->data = d, b->cap = cap;
	}
	for (;;) {
		size_t got = 0;
		CURLcode rc = curl_easy_recv(im->net.curl, b->data + b->end, b->cap - b->end, &got);
		if (rc == CURLE_AGAIN) {
			if (wait_socket(im, POLLIN, e) < 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK)
			return err_set(e, "imap: reading from %s: %s", im->net.shown,
				       net_why(&im->net, rc));
		if (!got)
			return err_set(e, "imap: %s closed the connection", im->net.shown);
		b->end += got;
		return 0;
	}
}

/* The next line received, with its line end; *len its length. */
static int read_line(struct imap *im, const char **line, size_t *len, size_t limit,
		     struct err *e)
{
	struct inbuf *b = &im->in;
	char *nl;

	while (!(nl = b->end > b->start ? memchr(b->data + b->start, '\n', b->end - b->start)
					  : NULL))
		if (receive(im, limit, e) < 0)
			return -1;
	*line = b->data + b->start;
	*len = (size_t)(nl + 1 - *line);
	b->start += *len;
	return 0;
}

/* Keeps an untagged answer line. */
static int keep_untagged(struct imap *im, const char *line, size_t len, struct err *e)
{
	struct sink *s = &im->sink;

	if (s->n + len + 1 > ANSWER_MAX)
		return err_set(e, "imap: the answer from %s is larger than %u bytes", im->net.shown,
			       ANSWER_MAX);
	if (s->n + len + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		while (cap < s->n + len + 1)
			cap *= 2;
		char *d = realloc(s->data, cap);
		if (!d)
			return err_set(e, "imap: out of memory");
		s->data = d, s->cap = cap;
	}
	memcpy(s->data + s->n, line, len);
	s->n += len;
	s->data[s->n] = 0;
	return 0;
}

/* Reads the answer to command number tag: the untagged lines into the sink (the mails
 * of a FETCH into im->fetch), up to the tagged status. 0 for OK; -1 otherwise. */
static int read_answer(struct imap *im, const char *cmd, size_t limit, struct err *e)
{
	char tag[16];
	size_t tlen = (size_t)snprintf(tag, sizeof tag, "T%u ", im->tag);

	for (;;) {
		const char *line;
		size_t len;
		if (read_line(im, &line, &len, limit, e) < 0)
			return -1;
		bool mail = im->fetch && fetchparse_in_mail(im->fetch);
		if (im->fetch)
			fetchparse_line(im->fetch, line, len);
		if (im->fetch && im->fetch->why[0])
			return err_set(e, "imap: %s on %s: %s", cmd, im->net.shown, im->fetch->why);
		if (mail)
			continue;
		if (len > tlen && !strncmp(line, tag, tlen)) {
			if (len > tlen + 2 && !strncasecmp(line + tlen, "OK", 2))
				return 0;
			net_refusal(&im->net, line, len);
			fail(im, cmd, "refused", e);
			return refused_for_good(im->net.reply) ? err_for_a_person(e) : -1;
		}
		if (!im->fetch && keep_untagged(im, line, len, e) < 0)
			return -1;
		if (len > 6 && !strncasecmp(line, "* BYE ", 6))
			net_refusal(&im->net, line, len);
	}
}

/* Runs one command as it is (the mailbox selected or not); its untagged answers are in
 * im->sink. A failure drops the connection unless the server merely refused. */
int imap_run(struct imap *im, const char *cmd, size_t limit, struct err *e)
{
	struct err pending;
	char *line;
	int rc;

	if (im->qn)
		imap_pump(im, NULL, &pending);         /* their outcomes say how they ended */
	if (connect_server(im, e) < 0)
		return -1;
	net_clear(&im->net);
	im->sink.n = 0;
	if (im->sink.data)
		im->sink.data[0] = 0;
	im->tag++;
	if (asprintf(&line, "T%u %s\r\n", im->tag, cmd) < 0)
		return err_set(e, "imap: out of memory");
	rc = send_all(im, line, strlen(line), e);
	free(line);
	if (rc == 0)
		rc = read_answer(im, cmd, limit, e);
	if (rc < 0 && !im->net.reply[0])
		imap_drop(im);                 /* out of step with the server: start again */
	else if (rc < 0 && strncasecmp(im->net.reply, "* BYE", 5) == 0)
		imap_drop(im);
	if (rc == 0 && !im->sink.data && keep_untagged(im, "", 0, e) < 0)
		return -1;
	return rc;
}

/* ---- pipelined commands ---- */

/* Every pending command lost: the connection failed (why). The mails read whole stay. */
static void lose_pending(struct imap *im, const char *why)
{
	for (size_t i = 0; i < im->qn; i++) {
		struct imap_outcome *o = im->queue[i].out;
		if (!o->lost)
			snprintf(o->why, sizeof o->why, "%s", why);
		o->lost = true;
		o->waiting = 0;
	}
	im->qn = im->outn = 0;
	fetchparse_restart(&im->stream);
}

static int pump_failed(struct imap *im, struct err *e)
{
	lose_pending(im, e->msg);
	imap_drop(im);
	return -1;
}

int imap_send(struct imap *im, const char *cmd, struct imap_outcome *out, struct err *e)
{
	size_t len = strlen(cmd) + 16;

	if (!im->selected && imap_select(im, e) < 0)
		return -1;
	if (im->qn == im->qcap) {
		size_t cap = im->qcap ? im->qcap * 2 : 32;
		struct imap_pending *q = realloc(im->queue, cap * sizeof *q);
		if (!q)
			return err_set(e, "imap: out of memory");
		im->queue = q, im->qcap = cap;
	}
	if (im->outn + len > im->outcap) {
		size_t cap = im->outcap ? im->outcap : 4096;
		while (cap < im->outn + len)
			cap *= 2;
		char *d = realloc(im->out, cap);
		if (!d)
			return err_set(e, "imap: out of memory");
		im->out = d, im->outcap = cap;
	}
	im->tag++;
	im->outn += (size_t)snprintf(im->out + im->outn, len, "T%u %s\r\n", im->tag, cmd);
	im->queue[im->qn++] = (struct imap_pending){ im->tag, out };
	out->waiting++;
	return 0;
}

int imap_flush(struct imap *im, struct err *e)
{
	size_t n = im->outn;

	im->outn = 0;
	if (n && send_all(im, im->out, n, e) < 0)
		return pump_failed(im, e);
	return 0;
}

/* The tag of a tagged status line ("T12 OK ..."), its length in *tlen; 0 if none. */
static unsigned tag_of(const char *line, size_t len, size_t *tlen)
{
	unsigned long tag = 0;
	size_t i = 1;

	if (!len || line[0] != 'T')
		return 0;
	while (i < len && i < 11 && isdigit((unsigned char)line[i]))
		tag = tag * 10 + (unsigned long)(line[i++] - '0');
	if (i == 1 || i >= len || line[i] != ' ' || tag > UINT_MAX)
		return 0;
	*tlen = i + 1;
	return (unsigned)tag;
}

/* Pending command i's tagged status: OK, or its refusal kept. */
static void answered(struct imap *im, size_t i, const char *line, size_t len, size_t tlen)
{
	struct imap_outcome *o = im->queue[i].out;

	if ((len < tlen + 2 || strncasecmp(line + tlen, "OK", 2)) && !o->refused) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		snprintf(o->reply, sizeof o->reply, "%.*s", (int)len, line);
		o->refused = true;
	}
	o->waiting--;
	im->queue[i] = im->queue[--im->qn];
}

int imap_pump(struct imap *im, const struct imap_outcome *until, struct err *e)
{
	if (imap_flush(im, e) < 0)
		return -1;
	while (until ? until->waiting : im->qn) {
		const char *line;
		size_t len, tlen, i;
		unsigned tag;
		if (read_line(im, &line, &len, im->limit, e) < 0)
			return pump_failed(im, e);
		bool mail = fetchparse_in_mail(&im->stream);
		fetchparse_line(&im->stream, line, len);
		if (im->stream.why[0]) {
			err_set(e, "imap: UID FETCH on %s: %s", im->net.shown, im->stream.why);
			return pump_failed(im, e);      /* the rest of the answer is not read */
		}
		if (mail)
			continue;
		if ((tag = tag_of(line, len, &tlen))) {
			for (i = 0; i < im->qn && im->queue[i].tag != tag; i++)
				;
			if (i == im->qn) {
				err_set(e, "imap: %s answered '%.*s', which no command waits for",
					im->net.shown, (int)(len < 40 ? len : 40), line);
				return pump_failed(im, e);
			}
			answered(im, i, line, len, tlen);
		} else if (len > 6 && !strncasecmp(line, "* BYE ", 6)) {
			net_refusal(&im->net, line, len);
		}                       /* else EXPUNGE, EXISTS, COPYUID, the end of a FETCH */
	}
	return 0;
}

/* ---- commands ---- */

/* The "* N EXISTS" of a SELECT's answer. */
static size_t parse_exists(const char *text)
{
	for (const char *line = text; line && *line; line = strchr(line, '\n')) {
		char *end;
		if (*line == '\n')
			line++;
		if (strncmp(line, "* ", 2) || !isdigit((unsigned char)line[2]))
			continue;
		unsigned long long n = strtoull(line + 2, &end, 10);
		if (!strncasecmp(end, " EXISTS", 7))
			return (size_t)n;
	}
	return 0;
}

int imap_select(struct imap *im, struct err *e)
{
	char cmd[700];

	snprintf(cmd, sizeof cmd, "SELECT %s", im->quoted_mailbox);
	if (imap_run(im, cmd, LINE_MAX_LEN, e) < 0)
		return -1;
	im->exists = parse_exists(im->sink.data);
	im->selected = true;
	im->listed = false;
	return 0;
}

/* A command on the mailbox, SELECTed first on a new connection (the pending answers read
 * first: a connection they lose is made again before the command). */
int imap_command(struct imap *im, const char *cmd, struct err *e)
{
	struct err pending;

	if (im->qn)
		imap_pump(im, NULL, &pending);
	if (!im->selected && imap_select(im, e) < 0)
		return -1;
	return imap_run(im, cmd, LINE_MAX_LEN, e);
}

size_t imap_fetch_limit(const struct config *cfg)
{
	long max = cfg->max_message_size > 0 ? cfg->max_message_size : 0;

	if ((unsigned long)max > (SIZE_MAX - 65536) / 2)
		return SIZE_MAX - 1;
	return (size_t)max * 2 + 65536;
}

/* A mailbox name as an IMAP quoted string. Names outside printable ASCII would need the
 * modified UTF-7 of RFC 3501, which the configuration must then give as it is. */
int imap_quote_mailbox(const char *name, char *out, size_t len, struct err *e)
{
	size_t n = 0;

	if (!*name)
		return err_set(e, "imap: empty folder name");
	out[n++] = '"';
	for (const char *p = name; *p; p++) {
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			return err_set(e, "imap: folder name '%s' is not printable ASCII (give its "
				       "modified UTF-7 form)", name);
		if (n + 4 >= len)
			return err_set(e, "imap: folder name '%s' is too long", name);
		if (*p == '"' || *p == '\\')
			out[n++] = '\\';
		out[n++] = *p;
	}
	out[n++] = '"';
	out[n] = 0;
	return 0;
}

/* "1:3,7,9:10": the UIDs (ascending) as an IMAP set, the caller's to free(). */
char *imap_uid_set(const uint32_t *uids, size_t n)
{
	char *set = malloc(n * 22 + 1);
	size_t len = 0;

	if (!set)
		return NULL;
	set[0] = 0;
	for (size_t i = 0; i < n; ) {
		size_t j = i;
		while (j + 1 < n && uids[j + 1] == uids[j] + 1)
			j++;
		len += (size_t)sprintf(set + len, i ? ",%u" : "%u", uids[i]);
		if (j > i)
			len += (size_t)sprintf(set + len, ":%u", uids[j]);
		i = j + 1;
	}
	return set;
}

/* ---- the API ---- */

/* Checks the settings and makes the curl handle (no network yet). */
static int setup(struct imap *im, struct err *e)
{
	static const struct net_protocol proto = { "imap", "imap_url", { "imap", "imaps" },
						   "the password" };
	const struct config *cfg = im->cfg;

	if (!cfg->imap_url[0])
		return err_set(e, "imap: no imap_url in the configuration");
	if (!cfg->imap_mailbox[0])
		return err_set(e, "imap: imap_mailbox is empty");
	if (cfg->imap_batch_size < 1 || cfg->imap_batch_size > BATCH_SIZE_MAX)
		return err_set(e, "imap: imap_batch_size must be 1 to %d, not %d", BATCH_SIZE_MAX,
			       cfg->imap_batch_size);
	if (imap_quote_mailbox(cfg->imap_mailbox, im->quoted_mailbox, sizeof im->quoted_mailbox,
			  e) < 0)
		return -1;
	if (net_url(&im->net, &proto, cfg->imap_url, cfg, e) < 0)
		return -1;
	if (im->net.has_path)
		return err_set(e, "imap_url %s names a mailbox: give the server only, and "
			       "the mailbox as imap_mailbox", im->net.shown);
	size_t limit = imap_fetch_limit(cfg);
	im->limit = limit > SIZE_MAX - LINE_MAX_LEN ? SIZE_MAX : limit + LINE_MAX_LEN;
	fetchparse_init(&im->stream, limit);
	return 0;
}

struct imap *imap_open(const struct config *cfg, struct err *e)
{
	struct imap *im = calloc(1, sizeof *im);

	if (!im) {
		err_set(e, "imap: out of memory");
		return NULL;
	}
	im->cfg = cfg;
	if (setup(im, e) < 0) {
		err_for_a_person(e);            /* settings: no later run does better */
		imap_close(im);
		return NULL;
	}
	if (imap_select(im, e) < 0) {
		imap_close(im);
		return NULL;
	}
	log_debug("imap: %s/%s open, %zu mails (%s)", im->net.shown, cfg->imap_mailbox,
		  im->exists, im->has_move ? "MOVE" : "no MOVE: COPY and EXPUNGE");
	return im;
}

void imap_close(struct imap *im)
{
	struct err e;

	if (!im)
		return;
	if (im->qn)
		imap_pump(im, NULL, &e);
	if (im->connected)                      /* libcurl would close without a word */
		imap_run(im, "LOGOUT", LINE_MAX_LEN, &e);
	net_close(&im->net);
	fetchparse_free(&im->stream);
	while (im->moving) {
		struct imap_moving *m = im->moving;
		im->moving = m->next;
		free(m->uids), free(m->folder), free(m);
	}
	free(im->queue);
	free(im->out);
	free(im->in.data);
	free(im->sink.data);
	free(im);
}
