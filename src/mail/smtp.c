/* smtp.c: see smtp.h. With imap.c and net.c (what both share), the only code that
 * includes curl.
 *
 * One libcurl handle is one session: libcurl keeps the connection open after a mail and
 * reuses it for the next (no new EHLO or login), closes it after any failure, and says
 * QUIT when the handle is freed. Whether a failure is final depends on what the server
 * refused: libcurl reports only the last reply code, so a debug callback notes which
 * command that reply answered. */
#include "mail/smtp.h"

#include <curl/curl.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/net.h"
#include "util/log.h"

struct upload {
	const char *p;
	size_t left;
};

struct smtp {
	struct net net;                 /* the curl handle, smtp_url as shown, the refusal */
	const struct config *cfg;
	char *url;                      /* smtp_url with the EHLO name, credentials and all */
	char verb[8];                   /* the last command sent: MAIL, RCPT, DATA, ., or - */
	/* The first refusal (4xx or 5xx) in a transaction, its line in net.reply: libcurl
	 * says QUIT after it, so the last reply and its own reply code speak of that instead. */
	int refused_code;
	char refused_verb[8];           /* the command it answered */
	struct upload up;
};

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
		net_refusal(&s->net, data, size);
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

/* Checks the settings and makes the curl handle (no network yet). */
static int setup(struct smtp *s, struct err *e)
{
	static const struct net_protocol proto = { "smtp", "smtp_url", { "smtp", "smtps" },
						   "mail (and any password)" };
	const struct config *cfg = s->cfg;
	const char *url = cfg->smtp_url;
	size_t n = strlen(url);
	CURL *c;

	if (!url[0]) {
		err_set(e, "smtp: no smtp_url in the configuration");
		return err_for_a_person(e);
	}
	if (net_url(&s->net, &proto, url, cfg, e) < 0)
		return -1;
	while (n && url[n - 1] == '/')
		n--;
	int r = s->net.has_path ? asprintf(&s->url, "%s", url) :
				  asprintf(&s->url, "%.*s/%s", (int)n, url, ehlo_name(cfg));
	if (r < 0) {
		s->url = NULL;
		return err_set(e, "smtp: out of memory");
	}
	if (net_open(&s->net, cfg, on_trace, s, e) < 0)
		return -1;
	c = s->net.curl;
	curl_easy_setopt(c, CURLOPT_URL, s->url);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(c, CURLOPT_READDATA, &s->up);
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

/* Whether a temporary refusal concerns this mail's recipient only: a 4xx to RCPT or to
 * the mail's data. A failure to connect, greet, log in or a 4xx to MAIL FROM would
 * refuse every mail alike. */
static bool recipients_own(const struct smtp *s)
{
	const char *verb = s->refused_verb;

	return s->refused_code >= 400 && s->refused_code < 500 &&
	       (!strcasecmp(verb, "RCPT") || !strcasecmp(verb, "DATA") || !strcmp(verb, "."));
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
	net_clear(&s->net);
	s->verb[0] = 0;
	s->refused_code = 0;
	curl_easy_setopt(s->net.curl, CURLOPT_MAIL_FROM, env_from);
	curl_easy_setopt(s->net.curl, CURLOPT_MAIL_RCPT, rcpts);
	curl_easy_setopt(s->net.curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	CURLcode rc = curl_easy_perform(s->net.curl);
	curl_easy_setopt(s->net.curl, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(rcpts);
	if (rc == CURLE_OK)
		return SMTP_SENT;
	const char *why = net_why(&s->net, rc);
	int result = refused_for_good(s) ? SMTP_REJECTED : recipients_own(s) ? SMTP_TEMPFAIL_RCPT :
		     SMTP_TEMPFAIL;
	if (s->refused_code)
		err_set(e, "smtp: %s to %s via %s: %s (the server said: %s)",
			result == SMTP_REJECTED ? "refused" : "not sent", rcpt, s->net.shown, why,
			s->net.reply);
	else
		err_set(e, "smtp: not sent to %s via %s: %s", rcpt, s->net.shown, why);
	net_judge(rc, e);
	return result == SMTP_TEMPFAIL && e && e->for_a_person ? SMTP_DENIED : result;
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
		log_debug("smtp: %zu bytes sent to %s via %s", len, rcpt, s->net.shown);
	return rc;
}

void smtp_close(struct smtp *s)
{
	if (!s)
		return;
	net_close(&s->net);                     /* QUIT on an open connection */
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

int smtp_check(const struct config *cfg, struct err *e)
{
	struct smtp *s = smtp_open(cfg, e);
	CURLcode rc;

	if (!s)
		return e && e->for_a_person ? SMTP_DENIED : SMTP_TEMPFAIL;
	/* libcurl's connect phase for SMTP is the greeting, EHLO, STARTTLS and AUTH: stopping
	 * there tries everything a mail needs but the transaction itself */
	curl_easy_setopt(s->net.curl, CURLOPT_UPLOAD, 0L);
	curl_easy_setopt(s->net.curl, CURLOPT_CONNECT_ONLY, 1L);
	net_clear(&s->net);
	rc = curl_easy_perform(s->net.curl);
	if (rc != CURLE_OK) {
		if (s->refused_code)
			err_set(e, "smtp: %s: %s (the server said: %s)", s->net.shown,
				net_why(&s->net, rc), s->net.reply);
		else
			err_set(e, "smtp: %s: %s", s->net.shown, net_why(&s->net, rc));
	}
	smtp_close(s);
	if (rc == CURLE_OK)
		return SMTP_SENT;
	net_judge(rc, e);
	return e && e->for_a_person ? SMTP_DENIED : SMTP_TEMPFAIL;
}
