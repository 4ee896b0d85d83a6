/* msg.c: see msg.h. With msg_mime.c, mbox.c and charset.c, the code that knows libetpan:
 * its RFC 5322 and MIME parsers do the reading; this file reads the header fields the
 * referee needs (msg_mime.c the body's text) and, through charset.h, turns every piece of
 * text into clean UTF-8, so nothing downstream deals with encodings. */
#include "mail/msg.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "mail/charset.h"
#include "mail/msg_int.h"
#include "util/buf.h"
#include "util/clock.h"

/* Appends s to the string list *v (capacity in *cap); takes s even on failure. */
static void list_add(struct reader *r, char ***v, size_t *n, size_t *cap, char *s)
{
	if (!s) {
		r->oom = true;
		return;
	}
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 4;
		char **q = realloc(*v, c * sizeof *q);

		if (!q) {
			free(s);
			r->oom = true;
			return;
		}
		*v = q;
		*cap = c;
	}
	(*v)[(*n)++] = s;
}

/* ---- Headers ----------------------------------------------------------------------- */

/* A copy of s, valid UTF-8, with control characters turned into spaces, trimmed. */
static char *clean_dup(const char *s, size_t n)
{
	struct buf b = { 0 };
	size_t start = 0, end;
	char *t;

	charset_decode(&b, s, n, "utf-8");
	end = b.n;
	if (!(t = buf_take(&b)))
		return NULL;
	for (size_t i = 0; i < end; i++)
		if ((unsigned char)t[i] < 0x20 || t[i] == 0x7f)
			t[i] = ' ';
	while (start < end && t[start] == ' ')
		start++;
	while (end > start && t[end - 1] == ' ')
		end--;
	memmove(t, t + start, end - start);
	t[end - start] = 0;
	return t;
}

/* A header value as written: line breaks of folding removed, trimmed, UTF-8 (read as
 * Windows-1252 when it is not valid UTF-8). */
static char *unfold_dup(const char *raw)
{
	struct buf b = { 0 }, c = { 0 };
	char *t;

	for (const char *p = raw; *p;) {
		size_t run = strcspn(p, "\r\n");
		buf_add(&b, p, run);
		p += run;
		p += *p != 0;
	}
	if (b.failed) {
		buf_free(&b);
		return NULL;
	}
	charset_decode(&c, b.s ? b.s : "", b.n, NULL);
	buf_free(&b);
	t = c.failed ? NULL : clean_dup(c.s ? c.s : "", c.n);
	buf_free(&c);
	return t;
}

/* An unstructured header or display name with its encoded words (RFC 2047) decoded.
 * Raw 8-bit bytes are taken as UTF-8, or Windows-1252 when they are not valid UTF-8. */
static char *decode_words(const char *raw)
{
	char *s = unfold_dup(raw), *dec = NULL, *t;
	size_t idx = 0;

	if (!s)
		return NULL;
	/* no encoded word, no blanks to fold into one: the text as it is (what libetpan's
	 * parse would give back, at a tenth of the cost: the subject of every mail) */
	if (!strstr(s, "=?") && !strstr(s, "  "))
		return s;
	if (mailmime_encoded_phrase_parse("utf-8", s, strlen(s), &idx, "utf-8", &dec) !=
	    MAILIMF_NO_ERROR || !dec)
		return s;
	free(s);
	t = clean_dup(dec, strlen(dec));
	free(dec);
	return t;
}

/* The addr-spec with its domain lower-cased, or NULL (and no error) if it is not one. */
static char *addr_norm(struct reader *r, const char *spec)
{
	const char *at;
	char *a;

	if (!spec || !*spec || !(at = strrchr(spec, '@')) || at == spec || !at[1])
		return NULL;
	for (const char *p = spec; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || strchr("<>(),;:\\\"[]", *p))
			return NULL;
	if (!charset_utf8_valid(spec, strlen(spec)))
		return NULL;
	if (!(a = msg_keep(r, strdup(spec))))
		return NULL;
	for (char *p = a + (at - spec); *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return a;
}

/* Adds a To/Cc mailbox to msg.to, if its address is one. */
static void add_mailbox(struct reader *r, struct mailimf_mailbox *mb)
{
	char *a;

	if (mb && (a = addr_norm(r, mb->mb_addr_spec)))
		list_add(r, &r->m->to, &r->m->nto, &r->nto_cap, a);
}

/* Adds every mailbox of a To/Cc list, group members included. */
static void add_addresses(struct reader *r, struct mailimf_address_list *l)
{
	if (!l)
		return;
	for (clistiter *it = clist_begin(l->ad_list); it; it = clist_next(it)) {
		struct mailimf_address *ad = clist_content(it);

		if (ad->ad_type == MAILIMF_ADDRESS_MAILBOX) {
			add_mailbox(r, ad->ad_data.ad_mailbox);
		} else if (ad->ad_type == MAILIMF_ADDRESS_GROUP && ad->ad_data.ad_group &&
			   ad->ad_data.ad_group->grp_mb_list) {
			clist *mbs = ad->ad_data.ad_group->grp_mb_list->mb_list;

			for (clistiter *g = clist_begin(mbs); g; g = clist_next(g))
				add_mailbox(r, clist_content(g));
		}
	}
}

/* From: the first mailbox's address and decoded display name. */
static void read_from(struct reader *r, const char *v)
{
	struct mailimf_mailbox_list *l = NULL;
	struct mailimf_mailbox *mb;
	size_t idx = 0;

	if (mailimf_mailbox_list_parse(v, strlen(v), &idx, &l) != MAILIMF_NO_ERROR)
		return;
	if (clist_begin(l->mb_list)) {
		mb = clist_content(clist_begin(l->mb_list));
		r->m->from_addr = addr_norm(r, mb->mb_addr_spec);
		if (mb->mb_display_name) {
			r->m->from_name = msg_keep(r, decode_words(mb->mb_display_name));
			if (r->m->from_name && !*r->m->from_name) {
				free(r->m->from_name);
				r->m->from_name = NULL;
			}
		}
	}
	mailimf_mailbox_list_free(l);
}

/* To: or Cc: every address, group members included, added to msg.to. */
static void read_to(struct reader *r, const char *v)
{
	struct mailimf_address_list *l = NULL;
	size_t idx = 0;

	if (mailimf_address_list_parse(v, strlen(v), &idx, &l) != MAILIMF_NO_ERROR)
		return;
	add_addresses(r, l);
	mailimf_address_list_free(l);
}

static void read_subject(struct reader *r, const char *v)
{
	r->m->subject = msg_keep(r, decode_words(v));
}

/* Message-ID: libetpan removes the <>. */
static void read_message_id(struct reader *r, const char *v)
{
	char *id = NULL;
	size_t idx = 0;

	if (mailimf_msg_id_parse(v, strlen(v), &idx, &id) != MAILIMF_NO_ERROR)
		return;
	r->m->message_id = msg_keep(r, clean_dup(id, strlen(id)));
	mailimf_msg_id_free(id);
}

/* The ids of In-Reply-To or References, without their <>, in a list to free. */
static clist *parse_ids(const char *v)
{
	clist *ids = NULL;
	size_t idx = 0;

	if (mailimf_msg_id_list_parse(v, strlen(v), &idx, &ids) != MAILIMF_NO_ERROR)
		return NULL;
	return ids;
}

static void free_ids(clist *ids)
{
	for (clistiter *it = clist_begin(ids); it; it = clist_next(it))
		mailimf_msg_id_free(clist_content(it));
	clist_free(ids);
}

static void read_in_reply_to(struct reader *r, const char *v)
{
	clist *ids = parse_ids(v);
	const char *id;

	if (!ids)
		return;
	if (clist_begin(ids)) {
		id = clist_content(clist_begin(ids));
		r->m->in_reply_to = msg_keep(r, clean_dup(id, strlen(id)));
	}
	free_ids(ids);
}

static void read_references(struct reader *r, const char *v)
{
	clist *ids = parse_ids(v);

	if (!ids)
		return;
	for (clistiter *it = clist_begin(ids); it; it = clist_next(it)) {
		const char *id = clist_content(it);

		list_add(r, &r->m->references, &r->m->nrefs, &r->nrefs_cap,
			 clean_dup(id, strlen(id)));
	}
	free_ids(ids);
}

/* UTC seconds for a parsed Date, or -1 when a field is out of range (clock_civil). */
static long long date_epoch(const struct mailimf_date_time *d)
{
	return clock_civil(d->dt_year, d->dt_month, d->dt_day, d->dt_hour, d->dt_min, d->dt_sec,
			   d->dt_zone);
}

/* Date: kept as written, and read as UTC seconds. */
static void read_date(struct reader *r, const char *v)
{
	struct mailimf_date_time *d = NULL;
	size_t idx = 0;

	r->m->date = msg_keep(r, unfold_dup(v));
	if (mailimf_date_time_parse(v, strlen(v), &idx, &d) != MAILIMF_NO_ERROR)
		return;
	r->m->date_epoch = date_epoch(d);
	mailimf_date_time_free(d);
}

/* Received: the topmost one only, the server that delivered the mail to the referee's
 * mailbox; its date follows the last ';' (RFC 5321, 4.4). The ones below it are the
 * sender's side's to write. */
static void read_received(struct reader *r, const char *v)
{
	struct mailimf_date_time *d = NULL;
	const char *semi = strrchr(v, ';');
	size_t idx = 0;

	if (!semi || mailimf_date_time_parse(semi + 1, strlen(semi + 1), &idx, &d) !=
	    MAILIMF_NO_ERROR)
		return;
	r->m->received_epoch = date_epoch(d);
	mailimf_date_time_free(d);
}

/* The fields read with libetpan's parsers, one value at a time. (Not its parser of whole
 * header blocks: that one leaks memory on a Return-Path without its '>'.) Only the first
 * occurrence of a field counts, except To and Cc, which add up. */
static const struct typed_header {
	const char *name;
	void (*read)(struct reader *r, const char *value);
	bool every;
} typed_headers[] = {
	{ "From", read_from, false },
	{ "To", read_to, true },
	{ "Cc", read_to, true },
	{ "Subject", read_subject, false },
	{ "Message-ID", read_message_id, false },
	{ "In-Reply-To", read_in_reply_to, false },
	{ "References", read_references, false },
	{ "Date", read_date, false },
	{ "Received", read_received, false },
};
#define NTYPED (sizeof typed_headers / sizeof typed_headers[0])

/* Headers kept as written (unfolded, trimmed): the first occurrence. */
static const struct raw_header {
	const char *name;
	size_t offset;
} raw_headers[] = {
	{ "Auto-Submitted", offsetof(struct msg, auto_submitted) },
	{ "Precedence", offsetof(struct msg, precedence) },
	{ "Return-Path", offsetof(struct msg, return_path) },
	{ "List-Id", offsetof(struct msg, list_id) },
	{ "X-Autoreply", offsetof(struct msg, x_autoreply) },
	{ "X-Autorespond", offsetof(struct msg, x_autorespond) },
};

/* Hands one header field to its reader, if it is one the referee wants. */
static void read_field(struct reader *r, const char *name, const char *value, bool seen[NTYPED])
{
	for (size_t k = 0; k < NTYPED; k++)
		if (!strcasecmp(name, typed_headers[k].name)) {
			if (!seen[k] || typed_headers[k].every)
				typed_headers[k].read(r, value);
			seen[k] = true;
			return;
		}
	for (size_t k = 0; k < sizeof raw_headers / sizeof raw_headers[0]; k++) {
		char **slot = (char **)((char *)r->m + raw_headers[k].offset);

		if (!strcasecmp(name, raw_headers[k].name)) {
			if (!*slot)
				*slot = msg_keep(r, unfold_dup(value));
			return;
		}
	}
	if (!strcasecmp(name, "Authentication-Results"))
		list_add(r, &r->m->auth_results, &r->m->nauth, &r->nauth_cap, unfold_dup(value));
}

/* Reads the header block of raw (libetpan takes each field as name and text); returns
 * the number of fields and sets *body to where the body starts. */
static size_t read_headers(struct reader *r, const char *raw, size_t len, size_t *body)
{
	struct mailimf_fields *f = NULL;
	bool seen[NTYPED] = { false };
	size_t idx = 0, nfields = 0;

	if (mailimf_optional_fields_parse(raw, len, &idx, &f) == MAILIMF_NO_ERROR) {
		for (clistiter *it = clist_begin(f->fld_list); it; it = clist_next(it)) {
			struct mailimf_optional_field *o =
				((struct mailimf_field *)clist_content(it))->fld_data.fld_optional_field;

			read_field(r, o->fld_name, o->fld_value, seen);
			nfields++;
		}
		mailimf_fields_free(f);
	}
	if (idx + 1 < len && raw[idx] == '\r' && raw[idx + 1] == '\n')
		idx += 2;
	else if (idx < len && raw[idx] == '\n')
		idx++;
	*body = idx;
	return nfields;
}

void msg_free(struct msg *m)
{
	if (!m)
		return;
	free(m->from_addr);
	free(m->from_name);
	for (size_t i = 0; i < m->nto; i++)
		free(m->to[i]);
	free(m->to);
	free(m->subject);
	free(m->message_id);
	free(m->in_reply_to);
	for (size_t i = 0; i < m->nrefs; i++)
		free(m->references[i]);
	free(m->references);
	free(m->date);
	free(m->auto_submitted);
	free(m->precedence);
	free(m->return_path);
	free(m->list_id);
	free(m->x_autoreply);
	free(m->x_autorespond);
	for (size_t i = 0; i < m->nauth; i++)
		free(m->auth_results[i]);
	free(m->auth_results);
	free(m->text);
	free(m);
}

size_t msg_head_len(const char *raw, size_t len, size_t max)
{
	size_t n = len < max ? len : max, last = 0;

	for (size_t i = 0; i < n;) {
		const char *nl = memchr(raw + i, '\n', n - i);
		if (!nl)
			break;
		size_t end = (size_t)(nl - raw) + 1;
		if (end - i == 1 || (end - i == 2 && raw[i] == '\r'))
			return end;
		last = i = end;
	}
	return len <= max ? len : last ? last : n;
}

int msg_parse(const char *raw, size_t len, struct msg **out, struct err *e)
{
	struct reader r = { 0 };
	size_t body = 0, nfields, raw_size;

	*out = NULL;
	if (!raw || !len)
		return err_set(e, "empty message");
	raw_size = len;
	if (len > 5 && !memcmp(raw, "From ", 5)) { /* an mbox envelope line */
		const char *nl = memchr(raw, '\n', len);
		size_t skip = nl ? (size_t)(nl - raw) + 1 : len;

		raw += skip;
		len -= skip;
	}
	if (!(r.m = calloc(1, sizeof *r.m)))
		return err_set(e, "out of memory");
	r.m->date_epoch = -1;
	r.m->received_epoch = -1;
	r.m->raw_size = raw_size;
	nfields = read_headers(&r, raw, len, &body);
	if (!r.m->subject)
		r.m->subject = msg_keep(&r, strdup(""));
	if (!r.oom && msg_read_body(&r, raw, len, body, e) < 0) {
		msg_free(r.m);
		return -1;
	}
	if (!r.m->text)
		r.m->text = msg_keep(&r, strdup(""));
	if (r.oom) {
		msg_free(r.m);
		return err_set(e, "out of memory reading the message");
	}
	if (!nfields && msg_blank(r.m->text, strlen(r.m->text))) {
		msg_free(r.m);
		return err_set(e, "no header fields and no text");
	}
	phrase_strip(r.m->text);        /* a player's words are never read as phrases */
	*out = r.m;
	return 0;
}
