/* msg_mime.c: a mail's text through libetpan's MIME parser (msg.h): its structure walked
 * within bounds, a part chosen (plain text before HTML, no attachment), decoded to UTF-8,
 * and a multipart whose boundary is missing repaired. The header fields are msg.c's. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "mail/charset.h"
#include "mail/html.h"
#include "mail/msg_int.h"
#include "util/buf.h"

/* Is the MIME structure beyond what is walked (see msg.h)? The Content-Type lines are
 * counted before libetpan sees the message: multipart and message ones bound the nesting
 * depth, all of them the number of parts. */
static bool too_many_parts(const char *s, size_t n)
{
	size_t containers = 0, parts = 0, i = 0;

	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t j = i + 13;

		if (n - i > 13 && !strncasecmp(s + i, "content-type:", 13)) {
			parts++;
			while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
				j++;
			if ((n - j >= 10 && !strncasecmp(s + j, "multipart/", 10)) ||
			    (n - j >= 8 && !strncasecmp(s + j, "message/", 8)))
				containers++;
		}
		i = nl ? (size_t)(nl - s) + 1 : n;
	}
	return containers > MSG_MAX_CONTAINERS || parts > MSG_MAX_PARTS;
}

static bool is_multipart(const struct mailmime_content *ct)
{
	return ct && ct->ct_type && ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
	       ct->ct_type->tp_data.tp_composite_type->ct_type == MAILMIME_COMPOSITE_TYPE_MULTIPART;
}

/* Does a line of the body start with "--" followed by the boundary? */
static bool has_delimiter(const char *s, size_t n, const char *boundary)
{
	size_t bl = strlen(boundary), i = 0;

	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);

		if (n - i >= bl + 2 && s[i] == '-' && s[i + 1] == '-' &&
		    !memcmp(s + i + 2, boundary, bl))
			return true;
		i = nl ? (size_t)(nl - s) + 1 : n;
	}
	return false;
}

/* The boundary of the first "--token" line of the body (malloc'd), or NULL. */
static char *guess_boundary(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - s) : n;

		while (end > i && (s[end - 1] == '\r' || s[end - 1] == ' ' || s[end - 1] == '\t'))
			end--;
		if (end - i > 2 && s[i] == '-' && s[i + 1] == '-' && s[i + 2] != ' ') {
			size_t bl = end - i - 2;

			if (bl > 200 || memchr(s + i + 2, '"', bl) || memchr(s + i + 2, '\\', bl))
				return NULL;
			return strndup(s + i + 2, bl);
		}
		i = nl ? (size_t)(nl - s) + 1 : n;
	}
	return NULL;
}

/* When the top-level multipart's boundary is missing from the body, makes *fixed a copy
 * of the body under a header naming the boundary it really uses (or as text/plain when
 * it has none) and parses that instead. Returns the tree to use. */
static struct mailmime *repair_mime(struct reader *r, struct mailmime *mime, const char *body,
				    size_t blen, char **fixed)
{
	struct mailmime *top = mime->mm_data.mm_message.mm_msg_mime, *again = NULL;
	const char *boundary;
	char *guess, head[300];
	size_t hl, idx = 0;

	if (mime->mm_type != MAILMIME_MESSAGE || !top || !is_multipart(top->mm_content_type))
		return mime;
	boundary = mailmime_content_param_get(top->mm_content_type, "boundary");
	if (boundary && *boundary && has_delimiter(body, blen, boundary))
		return mime;
	guess = guess_boundary(body, blen);
	if (guess)
		hl = (size_t)snprintf(head, sizeof head,
				      "Content-Type: multipart/mixed; boundary=\"%s\"\r\n\r\n", guess);
	else
		hl = (size_t)snprintf(head, sizeof head, "Content-Type: text/plain\r\n\r\n");
	free(guess);
	if (!(*fixed = msg_keep(r, malloc(hl + blen + 1))))
		return mime;
	memcpy(*fixed, head, hl);
	memcpy(*fixed + hl, body, blen);
	if (mailmime_parse(*fixed, hl + blen, &idx, &again) != MAILIMF_NO_ERROR)
		return mime;
	mailmime_free(mime);
	return again;
}

static bool is_text(const struct mailmime *part, const char *subtype)
{
	const struct mailmime_content *ct = part->mm_content_type;

	if (!ct || !ct->ct_type)
		return !strcmp(subtype, "plain");
	return ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
	       ct->ct_type->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_TEXT &&
	       ct->ct_subtype && !strcasecmp(ct->ct_subtype, subtype);
}

/* "name", or an RFC 2231 form of it ("name*", "name*0*"). */
static bool param_is(const char *param, const char *name)
{
	size_t nl = strlen(name);

	return param && !strncasecmp(param, name, nl) && (!param[nl] || param[nl] == '*');
}

/* An attachment: Content-Disposition: attachment, or a file name anywhere. */
static bool is_attachment(const struct mailmime *part)
{
	if (part->mm_content_type && part->mm_content_type->ct_parameters)
		for (clistiter *it = clist_begin(part->mm_content_type->ct_parameters); it;
		     it = clist_next(it))
			if (param_is(((struct mailmime_parameter *)clist_content(it))->pa_name, "name"))
				return true;
	if (!part->mm_mime_fields)
		return false;
	for (clistiter *it = clist_begin(part->mm_mime_fields->fld_list); it; it = clist_next(it)) {
		struct mailmime_field *f = clist_content(it);
		struct mailmime_disposition *d;

		if (f->fld_type != MAILMIME_FIELD_DISPOSITION || !(d = f->fld_data.fld_disposition))
			continue;
		if (d->dsp_type && d->dsp_type->dsp_type == MAILMIME_DISPOSITION_TYPE_ATTACHMENT)
			return true;
		for (clistiter *p = clist_begin(d->dsp_parms); p; p = clist_next(p)) {
			struct mailmime_disposition_parm *dp = clist_content(p);

			if (dp->pa_type == MAILMIME_DISPOSITION_PARM_FILENAME ||
			    (dp->pa_type == MAILMIME_DISPOSITION_PARM_PARAMETER &&
			     param_is(dp->pa_data.pa_parameter->pa_name, "filename")))
				return true;
		}
	}
	return false;
}

struct pick {
	struct mailmime *plain, *html;
};

/* Finds the first inline text/plain and text/html parts, depth-first, without entering
 * attached messages. */
static void pick_text(struct mailmime *m, int depth, struct pick *p)
{
	if (depth > MSG_MAX_CONTAINERS + 2)
		return;
	switch (m->mm_type) {
	case MAILMIME_SINGLE:
		if (is_attachment(m))
			return;
		if (!p->plain && is_text(m, "plain"))
			p->plain = m;
		else if (!p->html && is_text(m, "html"))
			p->html = m;
		break;
	case MAILMIME_MULTIPLE:
		for (clistiter *it = clist_begin(m->mm_data.mm_multipart.mm_mp_list);
		     it && !(p->plain && p->html); it = clist_next(it))
			pick_text(clist_content(it), depth + 1, p);
		break;
	case MAILMIME_MESSAGE:
		if (depth == 0 && m->mm_data.mm_message.mm_msg_mime)
			pick_text(m->mm_data.mm_message.mm_msg_mime, depth + 1, p);
		break;
	}
}

/* Undoes quoted-printable or base64 with libetpan, on a copy with NUL bytes after it: its
 * quoted-printable decoder reads past the end of a body that ends in '='. Returns the
 * decoded bytes (mailmime_decoded_part_free) or NULL to use the part as it is. */
static char *decode_part(const char *s, size_t n, int encoding, size_t *dlen)
{
	char *copy, *dec = NULL;
	size_t idx = 0;

	if (encoding != MAILMIME_MECHANISM_QUOTED_PRINTABLE && encoding != MAILMIME_MECHANISM_BASE64)
		return NULL;
	if (!(copy = calloc(1, n + 8)))
		return NULL;
	memcpy(copy, s, n);
	if (mailmime_part_parse(copy, n, &idx, encoding, &dec, dlen) != MAILIMF_NO_ERROR)
		dec = NULL;
	free(copy);
	return dec;
}

/* Appends the decoded, UTF-8 text of a single part to out, unflowed if it says so. */
static void part_text(struct mailmime *part, struct buf *out)
{
	struct mailmime_data *d = part->mm_data.mm_single;
	struct mailmime_content *ct = part->mm_content_type;
	struct buf utf = { 0 };
	const char *s, *format, *delsp;
	char *dec = NULL;
	size_t n, dlen = 0;

	if (!d || d->dt_type != MAILMIME_DATA_TEXT)
		return;
	s = d->dt_data.dt_text.dt_data;
	n = d->dt_data.dt_text.dt_length;
	if (d->dt_encoded && (dec = decode_part(s, n, d->dt_encoding, &dlen))) {
		s = dec;
		n = dlen;
	}
	charset_decode(&utf, s, n, ct ? mailmime_content_charset_get(ct) : NULL);
	if (dec)
		mailmime_decoded_part_free(dec);
	format = ct ? mailmime_content_param_get(ct, "format") : NULL;
	delsp = ct ? mailmime_content_param_get(ct, "delsp") : NULL;
	if (utf.failed)
		out->failed = true;
	else if (format && !strcasecmp(format, "flowed") && is_text(part, "plain"))
		charset_unflow(out, utf.s ? utf.s : "", utf.n, delsp && !strcasecmp(delsp, "yes"));
	else
		buf_add(out, utf.s ? utf.s : "", utf.n);
	buf_free(&utf);
}

bool msg_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n')
			return false;
	return true;
}

/* Sets m->text and m->text_source from the chosen part. */
static int read_text(struct reader *r, struct mailmime *tree, struct err *e)
{
	struct pick p = { 0 };
	struct buf b = { 0 };

	pick_text(tree, 0, &p);
	if (p.plain) {
		part_text(p.plain, &b);
		r->m->text_source = MSG_TEXT_PLAIN;
		if (!b.failed && p.html && msg_blank(b.s ? b.s : "", b.n)) {
			b.n = 0;
			p.plain = NULL;
		}
	}
	if (!p.plain && p.html) {
		char *flat;

		part_text(p.html, &b);
		if (b.failed || html_to_text(b.s ? b.s : "", b.n, &flat, e) < 0) {
			buf_free(&b);
			return err_set(e, "out of memory reading the HTML part");
		}
		buf_free(&b);
		r->m->text = flat;
		r->m->text_source = MSG_TEXT_HTML;
		return 0;
	}
	if (!(r->m->text = buf_take(&b)))
		return err_set(e, "out of memory reading the text part");
	return 0;
}

/* The message as its MIME structure needs it: the header fields of MIME (Content-*,
 * MIME-Version), folded lines and all, then the body. The others (Received, DKIM, the
 * envelope read above) decide nothing of it, and libetpan's parse of them was two thirds
 * of its parse of a mail. NULL when memory runs out. */
static char *mime_only(const char *raw, size_t body, size_t len, size_t *out_len)
{
	char *m = malloc(len + 3), *at = m;
	bool keep = false;

	if (!m)
		return NULL;
	for (size_t i = 0; i < body;) {
		const char *nl = memchr(raw + i, '\n', body - i);
		size_t n = nl ? (size_t)(nl - raw) + 1 - i : body - i;
		if (raw[i] != ' ' && raw[i] != '\t')
			keep = (n > 8 && !strncasecmp(raw + i, "Content-", 8)) ||
			       (n > 13 && !strncasecmp(raw + i, "MIME-Version:", 13));
		if (keep) {
			memcpy(at, raw + i, n);
			at += n;
		}
		i += n;
	}
	/* then the empty line that ends the fields, always: a body line that reads like one
	 * ("Note: e4") must stay the body's */
	bool crlf = body >= 2 && raw[body - 2] == '\r' && raw[body - 1] == '\n';
	memcpy(at, crlf ? "\r\n" : "\n", crlf ? 2u : 1u);
	at += crlf ? 2 : 1;
	memcpy(at, raw + body, len - body);
	*out_len = (size_t)(at - m) + len - body;
	m[*out_len] = 0;
	return m;
}

int msg_read_body(struct reader *r, const char *raw, size_t len, size_t body, struct err *e)
{
	struct mailmime *mime = NULL;
	char *fixed = NULL, *mimed;
	size_t idx = 0, mlen;
	int rc;

	if (too_many_parts(raw, len))
		return 0;
	if (!(mimed = mime_only(raw, body, len, &mlen)))
		return err_set(e, "out of memory reading the body");
	if (mailmime_parse(mimed, mlen, &idx, &mime) != MAILIMF_NO_ERROR) {
		free(mimed);
		struct buf b = { 0 };

		charset_decode(&b, raw + body, len - body, NULL);
		r->m->text_source = MSG_TEXT_PLAIN;
		if (!(r->m->text = buf_take(&b)))
			return err_set(e, "out of memory reading the body");
		return 0;
	}
	mime = repair_mime(r, mime, raw + body, len - body, &fixed);
	rc = read_text(r, mime, e);
	mailmime_free(mime);
	free(fixed);
	free(mimed);
	return rc;
}
