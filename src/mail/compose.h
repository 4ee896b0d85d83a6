/* compose.h: an outgoing mail as RFC 5322 text: headers (an encoded-word Subject when
 * it is not ASCII), a UTF-8 text/plain body in quoted-printable (7bit when plain ASCII
 * with short lines), CRLF line ends as SMTP wants them. No libetpan: writing is simple
 * enough, reading is not. compose_mail() returns text the caller frees. */
#ifndef TEMPEST_COMPOSE_H
#define TEMPEST_COMPOSE_H

#include <stddef.h>

struct mail_out {
	const char *from_name, *from_addr;
	const char *to;                 /* one address */
	const char *subject;            /* UTF-8 */
	const char *message_id;         /* without <> */
	const char *in_reply_to;        /* without <>, or NULL */
	const char *references;         /* space-separated ids without <>, or NULL */
	long long date;                 /* epoch seconds */
	const char *body;               /* UTF-8, "\n" line ends */
	const char *html;               /* an HTML alternative to the body, or NULL */
	/* extra header lines "Name: value", NULL-terminated list, or NULL */
	const char *const *extra;
};

char *compose_mail(const struct mail_out *m);
/* The mail as compose_mail() makes it (*full), and when m has HTML and plain is not NULL,
 * the same without it (*plain: what a game log keeps), from one rendering of their
 * headers and text part. 0, or -1 out of memory (both NULL). */
int compose_mail_pair(const struct mail_out *m, char **full, char **plain);
/* The body alone, quoted-printable encoded with CRLF line ends. */
char *compose_qp(const char *text);
/* A header value in RFC 2047 encoded words if it is not plain ASCII. */
char *compose_header_value(const char *name, const char *value);

#endif
