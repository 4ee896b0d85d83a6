/* net.h: what the IMAP and SMTP edges share in their use of libcurl: checking the
 * server's URL, the options of every connection (credentials, TLS or STARTTLS, the CA
 * file, timeouts, protocols) and keeping what a failure said. Each protocol keeps only
 * its own commands and replies.
 *
 * Included by imap.c and smtp.c only: with them, net.c is the third and last file that
 * includes curl.
 *
 * A struct net sits inside the protocol's handle (no allocation of its own): net_url()
 * fills it from the configured URL, net_open() makes its curl handle, net_close() frees
 * that. Functions return 0, or -1 with e set. */
#ifndef TEMPEST_NET_H
#define TEMPEST_NET_H

#include <curl/curl.h>
#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "util/err.h"

#define NET_REPLY_MAX 300

/* What sets a protocol apart here: a constant of imap.c or smtp.c. */
struct net_protocol {
	const char *name;               /* "imap": the start of its messages */
	const char *key;                /* the setting that holds its URL: "imap_url" */
	const char *schemes[2];         /* in clear (then STARTTLS), TLS: "imap", "imaps" */
	const char *exposed;            /* what starttls = no sends in clear: "the password" */
};

/* One protocol's connection to its server. */
struct net {
	const struct net_protocol *proto;
	CURL *curl;                     /* NULL until net_open() */
	char shown[CONFIG_STR];         /* the URL without its password, for messages */
	bool tls;                       /* TLS from the start (the second scheme) */
	bool has_path;                  /* the URL names more than the server */
	char errbuf[CURL_ERROR_SIZE];   /* libcurl's words on the last failure */
	char reply[NET_REPLY_MAX];      /* the server's first refusal in this request */
};

/* Checks url, the value of proto->key: one of the two schemes, no '?query' or
 * '#fragment'. Sets proto (which must outlive n), shown (no trailing '/'), tls and
 * has_path. Warns when starttls = no would send proto->exposed in clear to a host other
 * than this machine. */
int net_url(struct net *n, const struct net_protocol *proto, const char *url,
	    const struct config *cfg, struct err *e);
/* Makes the curl handle (no network yet) with the options every connection shares: the
 * netrc file (checked again: see config_check_netrc()), TLS or STARTTLS, tls_ca_file
 * (then the only trust anchor: the system's CA directory is not read),
 * the timeouts, the two schemes only, and trace(arg) fed with what is sent and received
 * (in VERBOSE mode, which then prints nothing). */
int net_open(struct net *n, const struct config *cfg, curl_debug_callback trace, void *arg,
	     struct err *e);
/* Before a request: forgets the last one's errbuf and reply. */
void net_clear(struct net *n);
/* Keeps a received line (its line end dropped) as the refusal, unless one is kept. */
void net_refusal(struct net *n, const char *line, size_t size);
/* Why a request failed: libcurl's words, else what its code means. */
const char *net_why(const struct net *n, CURLcode rc);
/* After a failed request whose message is in e: marks e for a person (err_for_a_person)
 * when waiting will not cure rc: a login refused, a certificate that does not verify, a
 * CA file that cannot be read, a TLS handshake refused, settings libcurl cannot use. A
 * connection that cannot be made, times out or is dropped (before or after the TLS
 * handshake) stays a failure for later. */
void net_judge(CURLcode rc, struct err *e);
/* Frees the curl handle, which says goodbye on an open connection (LOGOUT, QUIT). */
void net_close(struct net *n);

#endif
