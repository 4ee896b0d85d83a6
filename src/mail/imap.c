/* imap.c: see imap.h. With smtp.c and net.c (what both share), the only code that
 * includes curl.
 *
 * How libcurl (7.88) is used, and why:
 *   - a mail is fetched by its URL, MAILBOX;UID=n: the write callback then receives
 *     exactly the stored bytes. (A custom "UID FETCH n BODY.PEEK[]" hands the body to the
 *     header callback and fails on large mail.)
 *   - every other command is a custom request on the mailbox's URL: libcurl SELECTs the
 *     mailbox first (once per connection) and passes the untagged answers ("* SEARCH 1 2")
 *     to the write callback.
 *   - libcurl keeps the server's response lines to itself; a debug callback keeps the
 *     first refusal (NO, BAD, BYE) so that errors can say what the server said.
 *   - a refused command (NO) makes libcurl close the connection; the next request on the
 *     same handle connects and logs in again on its own. */
#include "mail/imap.h"

#include <curl/curl.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/net.h"
#include "util/log.h"

#define ANSWER_MAX (1u << 20)           /* untagged answers to one command */
/* libcurl treats each response line as a header line. A line longer than its receive
 * buffer is cut short without a word, or fails the request, and more than 300 KB of
 * response lines in one request fail it ("Too large response headers"). So no answer
 * may approach either size: UID SEARCH asks for UID ranges of SEARCH_SPAN at most, whose
 * answer ("* SEARCH" and up to 20,000 numbers of 10 digits) stays under 230 KB, and the
 * receive buffer holds twice that. */
#define SEARCH_SPAN 20000u
#define RECV_BUFFER (512L * 1024)

/* What the server sends for one request, in memory, up to a limit. */
struct sink {
	char *data;
	size_t n, cap, limit;
	bool over;
};

struct imap {
	struct net net;                 /* the curl handle, imap_url as shown, the refusal */
	const struct config *cfg;
	char *mailbox_url;              /* imap_url/MAILBOX, credentials and all */
	struct sink sink;
	bool logging_out;               /* libcurl sent LOGOUT in this request */
	bool has_move, has_uidplus;
};

/* ---- requests ---- */

static size_t sink_write(char *data, size_t size, size_t nmemb, void *arg)
{
	struct sink *s = arg;
	size_t n = size * nmemb;

	if (n > s->limit - s->n) {
		s->over = true;
		return 0;                       /* libcurl aborts the transfer */
	}
	if (s->n + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 65536;
		while (cap < s->n + n + 1)
			cap *= 2;
		char *d = realloc(s->data, cap);
		if (!d)
			return 0;
		s->data = d, s->cap = cap;
	}
	memcpy(s->data + s->n, data, n);
	s->n += n;
	s->data[s->n] = 0;
	return n;
}

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

/* libcurl's trace: keeps the server's first refusal in a request. Of the commands sent
 * (the login among them) only LOGOUT is looked for. */
static int on_trace(CURL *c, curl_infotype type, char *data, size_t size, void *arg)
{
	struct imap *im = arg;

	(void)c;
	if (type == CURLINFO_HEADER_OUT && size >= 6 && memmem(data, size, "LOGOUT", 6))
		im->logging_out = true;         /* the BYE that answers it is no refusal */
	if (type == CURLINFO_HEADER_IN && !im->logging_out && is_refusal(data, size))
		net_refusal(&im->net, data, size);
	return 0;
}

/* Names what failed: the request, where, libcurl's reason and the server's words. */
static int fail(struct imap *im, CURLcode rc, const char *what, struct err *e)
{
	const char *why = net_why(&im->net, rc);

	if (im->net.reply[0])
		return err_set(e, "imap: %s on %s failed: %s (the server said: %s)", what,
			       im->net.shown, why, im->net.reply);
	return err_set(e, "imap: %s on %s failed: %s", what, im->net.shown, why);
}

/* Runs one request: url with command (NULL: a plain fetch of the URL); the answer is in
 * im->sink, at most limit bytes. Returns 0, IMAP_TOO_LARGE or -1. */
static int request(struct imap *im, const char *url, const char *command, const char *what,
		   size_t limit, struct err *e)
{
	CURLcode rc;

	im->sink.n = 0;
	im->sink.limit = limit;
	im->sink.over = false;
	net_clear(&im->net);
	im->logging_out = false;
	curl_easy_setopt(im->net.curl, CURLOPT_URL, url);
	curl_easy_setopt(im->net.curl, CURLOPT_CUSTOMREQUEST, command);
	rc = curl_easy_perform(im->net.curl);
	if (rc == CURLE_OK) {
		if (!im->sink.data) {           /* an empty answer */
			if (!(im->sink.data = malloc(im->sink.cap = 64)))
				return err_set(e, "imap: out of memory");
			im->sink.data[0] = 0;
		}
		return 0;
	}
	if (im->sink.over)
		return IMAP_TOO_LARGE;
	log_debug("imap: %s: %s", what, net_why(&im->net, rc));
	return fail(im, rc, what, e);
}

/* A custom command on the mailbox, its answer limited to ANSWER_MAX. */
static int command(struct imap *im, const char *cmd, struct err *e)
{
	int rc = request(im, im->mailbox_url, cmd, cmd, ANSWER_MAX, e);

	if (rc == IMAP_TOO_LARGE)
		return err_set(e, "imap: %s on %s: the answer is larger than %u bytes", cmd,
			       im->net.shown, ANSWER_MAX);
	return rc;
}

/* ---- parsing answers ---- */

/* Whether the untagged CAPABILITY answer in text lists cap (a whole word). */
static bool has_capability(const char *text, const char *cap)
{
	const char *p = strcasestr(text, "* CAPABILITY ");
	size_t n = strlen(cap);

	if (!p)
		return false;
	for (p += strlen("* CAPABILITY"); *p == ' '; ) {
		const char *word = ++p;
		while (*p && *p != ' ' && *p != '\r' && *p != '\n')
			p++;
		if ((size_t)(p - word) == n && !strncasecmp(word, cap, n))
			return true;
	}
	return false;
}

static int by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Adds the numbers of one "* SEARCH n n n" line (p just past "SEARCH") to the list. */
static int add_uids(const char *p, uint32_t **uids, size_t *n, size_t *cap, struct err *e)
{
	while (*p == ' ') {
		char *end;
		p++;
		if (*p == '\r' || *p == '\n' || !*p)
			break;
		errno = 0;
		unsigned long v = strtoul(p, &end, 10);
		if (!isdigit((unsigned char)*p) || errno || v == 0 || v > UINT32_MAX ||
		    (*end != ' ' && *end != '\r' && *end != '\n' && *end))
			return err_set(e, "a UID SEARCH answer holds '%.20s', not a UID", p);
		if (*n == *cap) {
			size_t c = *cap ? *cap * 2 : 256;
			uint32_t *g = realloc(*uids, c * sizeof *g);
			if (!g)
				return err_set(e, "out of memory");
			*uids = g, *cap = c;
		}
		(*uids)[(*n)++] = (uint32_t)v;
		p = end;
	}
	if (*p != '\r' && *p != '\n' && *p)
		return err_set(e, "a UID SEARCH answer holds '%.20s', not a UID", p);
	return 0;
}

/* Adds the UIDs of the "* SEARCH" lines of an answer to the list. */
static int parse_search(const char *text, uint32_t **uids, size_t *n, size_t *cap, struct err *e)
{
	for (const char *line = text; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (strncasecmp(line, "* SEARCH", 8) ||
		    (line[8] != ' ' && line[8] != '\r' && line[8] != '\n'))
			continue;
		if (add_uids(line + 8, uids, n, cap, e) < 0)
			return -1;
	}
	return 0;
}

/* A mailbox name as an IMAP quoted string. Names outside printable ASCII would need the
 * modified UTF-7 of RFC 3501, which the configuration must then give as it is. */
static int quote_mailbox(const char *name, char *out, size_t len, struct err *e)
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

/* ---- the API ---- */

/* The mailbox's URL: imap_url (its trailing '/' dropped) + '/' + the escaped name. */
static int make_mailbox_url(struct imap *im, struct err *e)
{
	const char *url = im->cfg->imap_url;
	size_t n = strlen(url);
	char *name = curl_easy_escape(im->net.curl, im->cfg->imap_mailbox, 0);

	while (n && url[n - 1] == '/')
		n--;
	if (!name || asprintf(&im->mailbox_url, "%.*s/%s", (int)n, url, name) < 0) {
		im->mailbox_url = NULL;
		curl_free(name);
		return err_set(e, "imap: out of memory");
	}
	curl_free(name);
	return 0;
}

/* Checks the settings and makes the curl handle (no network yet). */
static int setup(struct imap *im, struct err *e)
{
	static const struct net_protocol proto = { "imap", "imap_url", { "imap", "imaps" },
						   "the password" };
	const struct config *cfg = im->cfg;
	CURL *c;

	if (!cfg->imap_url[0])
		return err_set(e, "imap: no imap_url in the configuration");
	if (!cfg->imap_mailbox[0])
		return err_set(e, "imap: imap_mailbox is empty");
	if (net_url(&im->net, &proto, cfg->imap_url, cfg, e) < 0)
		return -1;
	if (im->net.has_path)
		return err_set(e, "imap_url %s names a mailbox: give the server only, and "
			       "the mailbox as imap_mailbox", im->net.shown);
	if (net_open(&im->net, cfg, on_trace, im, e) < 0)
		return -1;
	c = im->net.curl;
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink_write);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &im->sink);
	curl_easy_setopt(c, CURLOPT_BUFFERSIZE, RECV_BUFFER);
	return make_mailbox_url(im, e);
}

struct imap *imap_open(const struct config *cfg, struct err *e)
{
	struct imap *im = calloc(1, sizeof *im);

	if (!im) {
		err_set(e, "imap: out of memory");
		return NULL;
	}
	im->cfg = cfg;
	if (setup(im, e) < 0 || command(im, "CAPABILITY", e) < 0) {
		imap_close(im);
		return NULL;
	}
	im->has_move = has_capability(im->sink.data, "MOVE");
	im->has_uidplus = has_capability(im->sink.data, "UIDPLUS");
	log_debug("imap: %s/%s open (%s)", im->net.shown, cfg->imap_mailbox,
		  im->has_move ? "MOVE" : "no MOVE: COPY and EXPUNGE");
	return im;
}

/* Runs a UID SEARCH and adds the UIDs it answers to the list. */
static int search_into(struct imap *im, const char *cmd, uint32_t **uids, size_t *n,
		       size_t *cap, struct err *e)
{
	if (command(im, cmd, e) < 0)
		return -1;
	if (parse_search(im->sink.data, uids, n, cap, e) < 0) {
		err_prefix(e, "imap: %s on %s: ", cmd, im->net.shown);
		return -1;
	}
	return 0;
}

/* The UID a search for one mail answers, 0 for none. */
static int search_one(struct imap *im, const char *cmd, uint32_t *uid, struct err *e)
{
	uint32_t *found = NULL;
	size_t n = 0, cap = 0;
	int rc = search_into(im, cmd, &found, &n, &cap, e);

	*uid = rc == 0 && n ? found[n - 1] : 0;
	free(found);
	return rc;
}

/* The mailbox's UIDs, asked for in ranges of SEARCH_SPAN UIDs from the first mail's to
 * the last's (see RECV_BUFFER): two requests while the UIDs stay under SEARCH_SPAN. */
static int search_all(struct imap *im, uint32_t **uids, size_t *n, struct err *e)
{
	uint32_t first, last;
	size_t cap = 0;
	char cmd[64];

	if (search_one(im, "UID SEARCH UID *", &last, e) < 0)
		return -1;
	if (!last)
		return 0;                       /* an empty mailbox */
	if (last <= SEARCH_SPAN)
		first = 1;
	else if (search_one(im, "UID SEARCH 1", &first, e) < 0)
		return -1;
	if (!first || first > last)
		return err_set(e, "imap: %s on %s changed while it was searched; try again",
			       im->cfg->imap_mailbox, im->net.shown);
	for (uint64_t lo = first; lo <= last; lo += SEARCH_SPAN) {
		uint64_t hi = lo + SEARCH_SPAN - 1 < last ? lo + SEARCH_SPAN - 1 : last;
		snprintf(cmd, sizeof cmd, "UID SEARCH UID %" PRIu64 ":%" PRIu64, lo, hi);
		if (search_into(im, cmd, uids, n, &cap, e) < 0)
			return -1;
	}
	return 0;
}

int imap_search(struct imap *im, uint32_t **uids, size_t *n, struct err *e)
{
	size_t k = 0;

	*uids = NULL;
	*n = 0;
	if (search_all(im, uids, n, e) < 0) {
		free(*uids);
		*uids = NULL;
		*n = 0;
		return -1;
	}
	if (*n)
		qsort(*uids, *n, sizeof **uids, by_value);
	for (size_t i = 0; i < *n; i++)
		if (!k || (*uids)[i] != (*uids)[k - 1])
			(*uids)[k++] = (*uids)[i];
	*n = k;
	log_debug("imap: %zu mails in %s", *n, im->cfg->imap_mailbox);
	return 0;
}

/* The fetch limit: twice the largest mail the referee reads, and room for the headers
 * servers add on the way. */
static size_t fetch_limit(const struct config *cfg)
{
	long max = cfg->max_message_size > 0 ? cfg->max_message_size : 0;

	if ((unsigned long)max > (SIZE_MAX - 65536) / 2)
		return SIZE_MAX - 1;
	return (size_t)max * 2 + 65536;
}

int imap_fetch(struct imap *im, uint32_t uid, char **raw, size_t *len, struct err *e)
{
	char *url, what[64];
	size_t limit = fetch_limit(im->cfg);

	*raw = NULL;
	*len = 0;
	snprintf(what, sizeof what, "fetching UID %u", uid);
	if (asprintf(&url, "%s;UID=%u", im->mailbox_url, uid) < 0)
		return err_set(e, "imap: out of memory");
	int rc = request(im, url, NULL, what, limit, e);
	free(url);
	if (rc == IMAP_TOO_LARGE) {
		err_set(e, "imap: UID %u on %s is larger than %zu bytes; not fetched", uid,
			im->net.shown, limit);
		return IMAP_TOO_LARGE;
	}
	if (rc < 0)
		return -1;
	if (im->sink.n == 0)
		return err_set(e, "imap: UID %u on %s: no such mail", uid, im->net.shown);
	*raw = im->sink.data;                   /* the caller takes the buffer */
	*len = im->sink.n;
	im->sink.data = NULL;
	im->sink.n = im->sink.cap = 0;
	return 0;
}

/* COPY, \Deleted, EXPUNGE: a move on a server without MOVE. With UIDPLUS only this mail
 * is expunged; without it every mail marked \Deleted in the mailbox goes. */
static int copy_delete(struct imap *im, uint32_t uid, const char *quoted, struct err *e)
{
	char cmd[700];

	snprintf(cmd, sizeof cmd, "UID COPY %u %s", uid, quoted);
	if (command(im, cmd, e) < 0)
		return -1;
	snprintf(cmd, sizeof cmd, "UID STORE %u +FLAGS.SILENT (\\Deleted)", uid);
	if (command(im, cmd, e) < 0)
		return -1;
	if (im->has_uidplus)
		snprintf(cmd, sizeof cmd, "UID EXPUNGE %u", uid);
	else
		snprintf(cmd, sizeof cmd, "EXPUNGE");
	return command(im, cmd, e);
}

static int move_once(struct imap *im, uint32_t uid, const char *quoted, struct err *e)
{
	char cmd[700];

	if (!im->has_move)
		return copy_delete(im, uid, quoted, e);
	snprintf(cmd, sizeof cmd, "UID MOVE %u %s", uid, quoted);
	return command(im, cmd, e);
}

int imap_move(struct imap *im, uint32_t uid, const char *folder, struct err *e)
{
	char quoted[600], cmd[700];

	if (quote_mailbox(folder, quoted, sizeof quoted, e) < 0)
		return -1;
	if (move_once(im, uid, quoted, e) == 0)
		return 0;
	if (!strstr(im->net.reply, "[TRYCREATE]"))
		return -1;
	log_info("imap: creating folder %s on %s", folder, im->net.shown);
	snprintf(cmd, sizeof cmd, "CREATE %s", quoted);
	if (command(im, cmd, e) < 0)
		return -1;
	return move_once(im, uid, quoted, e);
}

int imap_unflag_seen(struct imap *im, uint32_t uid, struct err *e)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "UID STORE %u -FLAGS.SILENT (\\Seen)", uid);
	return command(im, cmd, e);
}

void imap_close(struct imap *im)
{
	if (!im)
		return;
	net_close(&im->net);                    /* logs out */
	free(im->mailbox_url);
	free(im->sink.data);
	free(im);
}
