/* net.c: see net.h. With imap.c and smtp.c, the only code that includes curl. */
#include "mail/net.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/log.h"

static void global_init(void)
{
	static bool done;

	if (!done && curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)
		done = true;
}

/* The URL's parts, each the caller's to curl_free(). */
struct url_parts {
	char *scheme, *shown, *host, *path;
};

static void parts_free(struct url_parts *p)
{
	curl_free(p->scheme);
	curl_free(p->shown);
	curl_free(p->host);
	curl_free(p->path);
}

/* Takes url apart into p (shown: the URL without its password), checking the scheme and
 * that there is no query or fragment. */
static int split_url(const struct net_protocol *proto, const char *url, struct url_parts *p,
		     struct err *e)
{
	const char *key = proto->key, *const *schemes = proto->schemes;
	CURLU *u = curl_url();
	char *query = NULL, *frag = NULL;
	int rc = -1;

	if (!u)
		return err_set(e, "out of memory");
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &p->scheme, 0) != CURLUE_OK)
		err_set(e, "%s is not a valid URL", key);
	else if (strcasecmp(p->scheme, schemes[0]) && strcasecmp(p->scheme, schemes[1]))
		err_set(e, "%s must start with %s:// or %s://", key, schemes[0], schemes[1]);
	else if (curl_url_get(u, CURLUPART_QUERY, &query, 0) == CURLUE_OK ||
		 curl_url_get(u, CURLUPART_FRAGMENT, &frag, 0) == CURLUE_OK)
		err_set(e, "%s must not have a '?query' or '#fragment'", key);
	else if (curl_url_set(u, CURLUPART_PASSWORD, NULL, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_URL, &p->shown, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_HOST, &p->host, 0) != CURLUE_OK ||
		 curl_url_get(u, CURLUPART_PATH, &p->path, 0) != CURLUE_OK)
		err_set(e, "%s: cannot take the URL apart", key);
	else
		rc = 0;
	curl_free(query);
	curl_free(frag);
	curl_url_cleanup(u);
	return rc;
}

static bool is_loopback(const char *host)
{
	return !strcmp(host, "127.0.0.1") || !strcmp(host, "[::1]") || !strcmp(host, "::1") ||
	       !strcasecmp(host, "localhost");
}

int net_url(struct net *n, const struct net_protocol *proto, const char *url,
	    const struct config *cfg, struct err *e)
{
	struct url_parts p = { 0 };

	n->proto = proto;
	if (split_url(proto, url, &p, e) < 0) {
		parts_free(&p);
		return err_for_a_person(e);
	}
	size_t len = strlen(p.shown);
	while (len && p.shown[len - 1] == '/')
		len--;
	snprintf(n->shown, sizeof n->shown, "%.*s", (int)len, p.shown);
	n->tls = !strcasecmp(p.scheme, proto->schemes[1]);
	n->has_path = strcmp(p.path, "/") && strcmp(p.path, "");
	if (!n->tls && !cfg->starttls && !is_loopback(p.host))
		log_warn("%s %s: starttls = no sends %s to %s unencrypted", proto->key, n->shown,
			 proto->exposed, p.host);
	parts_free(&p);
	return 0;
}

/* The options every connection shares: credentials, TLS, timeouts, protocols. */
static int set_options(struct net *n, const struct config *cfg, struct err *e)
{
	CURL *c = n->curl;
	const char *const *schemes = n->proto->schemes;
	char protocols[32];
	int bad = 0;

	if (config_check_netrc(cfg, e) < 0)
		return -1;
	if (cfg->netrc_file[0])
		bad += curl_easy_setopt(c, CURLOPT_NETRC_FILE, cfg->netrc_file) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL) != CURLE_OK;
	long use_ssl = cfg->starttls ? CURLUSESSL_ALL : CURLUSESSL_NONE;
	if (!n->tls)
		bad += curl_easy_setopt(c, CURLOPT_USE_SSL, use_ssl) != CURLE_OK;
	/* The one CA named is all there is to trust: without CAPATH cleared, GnuTLS would
	 * also parse every file of the system's CA directory on each connection (three
	 * quarters of an idle poll's CPU time, and megabytes of memory). */
	if (cfg->tls_ca_file[0]) {
		bad += curl_easy_setopt(c, CURLOPT_CAINFO, cfg->tls_ca_file) != CURLE_OK;
		bad += curl_easy_setopt(c, CURLOPT_CAPATH, NULL) != CURLE_OK;
	}
	snprintf(protocols, sizeof protocols, "%s,%s", schemes[0], schemes[1]);
	bad += curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, protocols) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)cfg->connect_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_SERVER_RESPONSE_TIMEOUT,
				(long)cfg->stall_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, (long)cfg->stall_timeout) != CURLE_OK;
	bad += curl_easy_setopt(c, CURLOPT_ERRORBUFFER, n->errbuf) != CURLE_OK;
	if (bad)
		return err_set(e, "libcurl is too old for tempest (7.85 or later needed)");
	return 0;
}

int net_open(struct net *n, const struct config *cfg, curl_debug_callback trace, void *arg,
	     struct err *e)
{
	global_init();
	if (!(n->curl = curl_easy_init()))
		return err_set(e, "%s: cannot start libcurl", n->proto->name);
	if (set_options(n, cfg, e) < 0)
		return err_for_a_person(e);     /* the netrc file, or a libcurl too old */
	curl_easy_setopt(n->curl, CURLOPT_DEBUGFUNCTION, trace);
	curl_easy_setopt(n->curl, CURLOPT_DEBUGDATA, arg);
	curl_easy_setopt(n->curl, CURLOPT_VERBOSE, 1L);     /* feeds trace, prints nothing */
	return 0;
}

void net_clear(struct net *n)
{
	n->errbuf[0] = n->reply[0] = 0;
}

void net_refusal(struct net *n, const char *line, size_t size)
{
	if (n->reply[0])
		return;                         /* the first refusal tells why */
	while (size && (line[size - 1] == '\n' || line[size - 1] == '\r'))
		size--;
	snprintf(n->reply, sizeof n->reply, "%.*s", (int)size, line);
}

void net_judge(CURLcode rc, struct err *e)
{
	static const CURLcode for_a_person[] = {
		CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR, CURLE_PEER_FAILED_VERIFICATION,
		CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CRL_BADFILE,
		CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CIPHER,
		CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
		CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL, CURLE_NOT_BUILT_IN,
	};

	for (size_t i = 0; i < sizeof for_a_person / sizeof for_a_person[0]; i++)
		if (rc == for_a_person[i])
			err_for_a_person(e);
}

const char *net_why(const struct net *n, CURLcode rc)
{
	return n->errbuf[0] ? n->errbuf : curl_easy_strerror(rc);
}

void net_close(struct net *n)
{
	if (n->curl)
		curl_easy_cleanup(n->curl);
	n->curl = NULL;
}
