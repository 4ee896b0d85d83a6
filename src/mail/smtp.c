/* smtp.c: see smtp.h. With imap.c, the only code that includes curl.
 *
 * One libcurl handle is one session: libcurl keeps the connection open after a mail and
 * reuses it for the next (no new EHLO or login), closes it after any failure, and says
 * QUIT when the handle is freed. Whether a failure is final depends on what the server
 * refused: libcurl reports only the last reply code, so a debug callback notes which
 * command that reply answered. */
#include "mail/smtp.h"

#include <curl/curl.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "util/log.h"

#define REPLY_MAX 300

struct upload {
	const char *p;
	size_t left;
};

struct smtp {
	CURL *curl;
	const struct config *cfg;
	char *url;                      /* smtp_url with the EHLO name, credentials and all */
	char shown[CONFIG_STR];         /* smtp_url without its password, for messages */
	char errbuf[CURL_ERROR_SIZE];
	char verb[8];                   /* the last command sent: MAIL, RCPT, DATA, ., or - */
	/* The first refusal (4xx or 5xx) in a transaction: libcurl says QUIT after it, so
	 * the last reply and its own reply code speak of that instead. */
	int refused_code;
	char refused_verb[8];           /* the command it answered */
	char refused[REPLY_MAX];        /* the reply line */
	struct upload up;
};

/* ---- what imap.c and smtp.c both do (kept apart: each owns its use of curl) ---- */

static void global_init(void)
{
	static bool done;

	if (!done && curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)
		done = true;
}

/* Refuses a credentials file that others can read, as ftp(1) does with ~/.netrc. */
static int check_netrc(const char *path, bool must_exist, struct err *e)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		if (!must_exist && errno == ENOENT)
			return 0;
		return err_set(e, "credentials file %s: %s", path, strerror(errno));
	}
	if (st.st_mode & (S_IRWXG | S_IRWXO))
		return err_set(e, "credentials file %s is readable by others (mode %03o); "
			       "chmod 600 it", path, (unsigned)(st.st_mode & 0777));
	return 0;
}

/* Checks url (scheme one of schemes[0..1], no query or fragment) and fills shown (the
 * URL without its password), host and path (the caller frees both with curl_free()). */
static int parse_url(const char *key, const char *url, const char *const schemes[2],
		     char *shown, size_t len, char **host, char **path, struct err *e)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *s = NULL, *query = NULL, *frag = NULL;
	int rc = -1;

	*host = *path = NULL;
	if (!u)
		return err_set(e, "out of memory");
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK)
		err_set(e, "%s is not a valid URL", key);
	else if (strcasecmp(scheme, schemes[0]) && strcasecmp(scheme, schemes[1]))
		err_set(e, "%s must start with %s:// or %s://", key, schemes[0], schemes[1]);
	else if (curl_url_get(u, CURLUPART_QUERY, &query, 0) == CURLUE_OK ||
		 curl_url_get(u, CURLUPART_FRAGMENT, &frag, 0) == CURLUE_OK)
		err_set(e, "%s must not have a '?query' or '#fragment'", key);
	else if (curl_url_set(u, CURLUPART_PASSWORD, NULL, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_URL, &s, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_HOST, host, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_PATH, path, 0) != CURLUE_OK)
		err_set(e, "%s: cannot take the URL apart", key);
	else {
		size_t n = strlen(s);
		while (n && s[n - 1] == '/')
			n--;
		snprintf(shown, len, "%.*s", (int)n, s);
		rc = 0;
	}
	curl_free(scheme);
	curl_free(s);
	curl_free(query);
	curl_free(frag);
	curl_url_cleanup(u);
	if (rc < 0) {
		curl_free(*host);
		curl_free(*path);
		*host = *path = NULL;
	}
	return rc;
}

static bool is_loopback(const char *host)
{
	return !strcmp(host, "127.0.0.1") || !strcmp(host, "[::1]") || !strcmp(host, "::1") ||
	       !strcasecmp(host, "localhost");
}

/* The options every connection shares: credentials, TLS, timeouts, protocols. */
static int net_setup(CURL *c, const struct config *cfg, const char *protocols, bool implicit_tls,
		     char *errbuf, struct err *e)
{
	char home_netrc[PATH_MAX] = "";
	const char *home = getenv("HOME");
	int bad = 0;

	if (cfg->netrc_file[0]) {
		if (check_netrc(cfg->netrc_file, true, e) < 0)
			return -1;
		bad += curl_easy_setopt(c, CURLOPT_NETRC_FILE, cfg->netrc_file) != CURLE_OK;
	} else if (home && *home) {
		snprintf(home_netrc, sizeof home_netrc, "%s/.netrc", home);
		if (check_netrc(home_netrc, false, e) < 0)
			return -1;
	}
	bad += curl_easy_setopt(c, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL) != CURLE_OK;
	long use_ssl = cfg->starttls ? CURLUSESSL_ALL : CURLUSESSL_NONE;
	if (!implicit_tls)
		bad += curl_easy_setopt(c, CURLOPT_USE_SSL, use_ssl) != CURLE_OK;
	if (cfg->tls_ca_file[0])
		bad += curl_easy_setopt(c, CURLOPT_CAINFO, cfg->tls_ca_file) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, protocols) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)cfg->connect_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_SERVER_RESPONSE_TIMEOUT,
				(long)cfg->stall_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, (long)cfg->stall_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf) != CURLE_OK;
	if (bad)
		return err_set(e, "libcurl is too old for tempest (7.85 or later needed)");
	return 0;
}

/* ---- the session ---- */

static size_t on_read(char *buf, size_t size, size_t nitems, void *arg)
{
	struct upload *u = arg;
	size_t n = size * nitems;

	if (n > u->left)
		n = u->left;
	memcpy(buf, u->p, n);
	u->p += n;
	u->left -= n;
	return n;
}

/* libcurl's trace: which of the transaction's commands was sent last (nothing else of
 * what is sent is kept: AUTH lines carry the login) and the first refusal received. */
static int on_trace(CURL *c, curl_infotype type, char *data, size_t size, void *arg)
{
	static const char *const verbs[] = { "MAIL", "RCPT", "DATA", "." };
	struct smtp *s = arg;

	(void)c;
	if (type == CURLINFO_HEADER_OUT) {
		snprintf(s->verb, sizeof s->verb, "-");
		for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
			size_t n = strlen(verbs[i]);
			if (size > n && !strncasecmp(data, verbs[i], n) &&
			    (data[n] == ' ' || data[n] == '\r' || data[n] == '\n'))
				snprintf(s->verb, sizeof s->verb, "%s", verbs[i]);
		}
	} else if (type == CURLINFO_HEADER_IN && !s->refused_code && size >= 3 &&
		   (data[0] == '4' || data[0] == '5') && isdigit((unsigned char)data[1]) &&
		   isdigit((unsigned char)data[2])) {
		s->refused_code = (data[0] - '0') * 100 + (data[1] - '0') * 10 + (data[2] - '0');
		memcpy(s->refused_verb, s->verb, sizeof s->verb);
		while (size && (data[size - 1] == '\n' || data[size - 1] == '\r'))
			size--;
		snprintf(s->refused, sizeof s->refused, "%.*s", (int)size, data);
	}
	return 0;
}

/* The EHLO name when smtp_url gives none: the domain of the referee's address. */
static const char *ehlo_name(const struct config *cfg)
{
	const char *at = strrchr(cfg->referee_address, '@');

	if (!at || !at[1])
		return "localhost";
	for (const char *p = at + 1; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '.' && *p != '-')
			return "localhost";
	return at + 1;
}

static int setup(struct smtp *s, struct err *e)
{
	static const char *const schemes[2] = { "smtp", "smtps" };
	const struct config *cfg = s->cfg;
	const char *url = cfg->smtp_url;
	char *host, *path;
	size_t n = strlen(url);

	if (!url[0])
		return err_set(e, "smtp: no smtp_url in the configuration");
	if (parse_url("smtp_url", url, schemes, s->shown, sizeof s->shown, &host, &path, e) < 0)
		return -1;
	bool plain = !strncasecmp(url, "smtp:", 5), named = strcmp(path, "/") && strcmp(path, "");
	if (plain && !cfg->starttls && !is_loopback(host))
		log_warn("smtp_url %s: starttls = no sends mail (and any password) to %s "
			 "unencrypted", s->shown, host);
	curl_free(host);
	curl_free(path);
	while (n && url[n - 1] == '/')
		n--;
	int r = named ? asprintf(&s->url, "%s", url) :
			asprintf(&s->url, "%.*s/%s", (int)n, url, ehlo_name(cfg));
	if (r < 0) {
		s->url = NULL;
		return err_set(e, "smtp: out of memory");
	}
	global_init();
	if (!(s->curl = curl_easy_init()))
		return err_set(e, "smtp: cannot start libcurl");
	if (net_setup(s->curl, cfg, "smtp,smtps", !plain, s->errbuf, e) < 0)
		return -1;
	curl_easy_setopt(s->curl, CURLOPT_URL, s->url);
	curl_easy_setopt(s->curl, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(s->curl, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(s->curl, CURLOPT_READDATA, &s->up);
	curl_easy_setopt(s->curl, CURLOPT_DEBUGFUNCTION, on_trace);
	curl_easy_setopt(s->curl, CURLOPT_DEBUGDATA, s);
	curl_easy_setopt(s->curl, CURLOPT_VERBOSE, 1L);     /* feeds on_trace, prints nothing */
	return 0;
}

struct smtp *smtp_open(const struct config *cfg, struct err *e)
{
	struct smtp *s = calloc(1, sizeof *s);

	if (!s) {
		err_set(e, "smtp: out of memory");
		return NULL;
	}
	s->cfg = cfg;
	if (setup(s, e) < 0) {
		smtp_close(s);
		return NULL;
	}
	return s;
}

/* An envelope address: something@something, nothing SMTP would read as syntax. */
static bool plain_address(const char *a)
{
	const char *at = strrchr(a, '@');

	if (!at || at == a || !at[1] || strlen(a) > 254)
		return false;
	for (const char *p = a; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p == 0x7f || strchr("<>\"\\,;", *p))
			return false;
	return true;
}

/* Whether a failed transaction was refused for good: a 5xx reply to the recipient or
 * to the content. A 5xx to MAIL FROM is the sender's (the configuration's) problem and
 * would refuse every mail, except 552: this mail is too large. */
static bool refused_for_good(const struct smtp *s)
{
	const char *verb = s->refused_verb;

	if (s->refused_code < 500)
		return false;
	if (!strcasecmp(verb, "RCPT") || !strcasecmp(verb, "DATA") || !strcmp(verb, "."))
		return true;
	return !strcasecmp(verb, "MAIL") && s->refused_code == 552;
}

/* One transaction on the session's connection (libcurl opens one if needed). */
static int transact(struct smtp *s, const char *from, const char *rcpt, const char *text,
		    size_t len, struct err *e)
{
	char env_from[300], env_rcpt[300];
	struct curl_slist *rcpts;

	snprintf(env_from, sizeof env_from, "<%s>", from);
	snprintf(env_rcpt, sizeof env_rcpt, "<%s>", rcpt);
	if (!(rcpts = curl_slist_append(NULL, env_rcpt))) {
		err_set(e, "smtp: out of memory");
		return SMTP_TEMPFAIL;
	}
	s->up.p = text;
	s->up.left = len;
	s->errbuf[0] = s->verb[0] = s->refused[0] = 0;
	s->refused_code = 0;
	curl_easy_setopt(s->curl, CURLOPT_MAIL_FROM, env_from);
	curl_easy_setopt(s->curl, CURLOPT_MAIL_RCPT, rcpts);
	curl_easy_setopt(s->curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	CURLcode rc = curl_easy_perform(s->curl);
	curl_easy_setopt(s->curl, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(rcpts);
	if (rc == CURLE_OK)
		return SMTP_SENT;
	const char *why = s->errbuf[0] ? s->errbuf : curl_easy_strerror(rc);
	int result = refused_for_good(s) ? SMTP_REJECTED : SMTP_TEMPFAIL;
	if (s->refused_code)
		err_set(e, "smtp: %s to %s via %s: %s (the server said: %s)",
			result == SMTP_REJECTED ? "refused" : "not sent", rcpt, s->shown, why,
			s->refused);
	else
		err_set(e, "smtp: not sent to %s via %s: %s", rcpt, s->shown, why);
	return result;
}

int smtp_mail(struct smtp *s, const char *from, const char *rcpt, const char *text, size_t len,
	      struct err *e)
{
	int rc;

	if (!plain_address(from)) {
		err_set(e, "smtp: '%s' cannot be an envelope sender", from);
		return SMTP_TEMPFAIL;
	}
	if (!plain_address(rcpt)) {
		err_set(e, "smtp: '%s' cannot be an envelope recipient", rcpt);
		return SMTP_REJECTED;
	}
	rc = transact(s, from, rcpt, text, len, e);
	if (rc == SMTP_SENT)
		log_debug("smtp: %zu bytes sent to %s via %s", len, rcpt, s->shown);
	return rc;
}

void smtp_close(struct smtp *s)
{
	if (!s)
		return;
	if (s->curl)
		curl_easy_cleanup(s->curl);     /* QUIT on an open connection */
	free(s->url);
	free(s);
}

int smtp_send(const struct config *cfg, const char *from, const char *rcpt, const char *text,
	      size_t len, struct err *e)
{
	struct smtp *s = smtp_open(cfg, e);

	if (!s)
		return SMTP_TEMPFAIL;
	int rc = smtp_mail(s, from, rcpt, text, len, e);
	smtp_close(s);
	return rc;
}
