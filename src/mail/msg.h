/* msg.h: one incoming mail, read from its raw bytes into what the referee needs.
 *
 * msg_parse() returns a struct msg the caller frees with msg_free(); every string in it
 * is owned by the struct, NUL-terminated and valid UTF-8 (header words are decoded,
 * bytes that cannot be decoded become U+FFFD).
 *
 * Headers. From, To, Cc, Subject, Message-ID, In-Reply-To, References and Date are read
 * with libetpan's RFC 5322 parsers. All To and Cc fields add up; for the others the
 * first occurrence counts, and if it cannot be read the member stays empty (a second
 * From does not stand in for a broken first one). Addresses are addr-specs with the
 * domain lower-cased; one that does not look like local@domain is left out. The other
 * headers are kept as written: unfolded (line breaks removed) and trimmed.
 * A leading mbox "From " line is skipped. The header block ends at the first line that is
 * not a header field, as in every mail parser.
 *
 * Body text. The MIME tree is walked depth-first, without entering attached messages
 * (message/rfc822): the first text/plain part that is not an attachment (no
 * Content-Disposition: attachment, no file name) is the text; if there is none, or it is
 * blank and an HTML part exists, the first such text/html part is flattened (html.h).
 * The transfer encoding is undone; the charset is converted to UTF-8:
 *   - utf-8: invalid bytes become U+FFFD;
 *   - none, us-ascii: kept if the bytes are valid UTF-8, else read as Windows-1252;
 *   - iso-8859-1, latin1, windows-1252 (and aliases): read as Windows-1252, a superset
 *     of Latin-1 in the printable range, as browsers do (mail labelled Latin-1 often
 *     carries Windows quotes and euro signs);
 *   - any other charset: libetpan's charconv; if it does not know the charset or fails,
 *     the same fallback as for us-ascii.
 * Line ends become "\n"; NUL bytes become U+FFFD; the bytes 1 to 7, which carry the
 * referee's own phrases (util/phrase.h), are taken out of the text (in a header every
 * control byte is a blank already); format=flowed text (RFC 3676, with or
 * without DelSp=yes) is joined back into one line per paragraph, with space-stuffing
 * removed and quoted lines written as ">> text".
 *
 * Broken MIME: when the top-level multipart's boundary never occurs in the body, the
 * first "--token" line is taken as the boundary; when there is none, the body is read as
 * plain text. A message with more than MSG_MAX_CONTAINERS multipart or message parts,
 * or more than MSG_MAX_PARTS parts in all (msg_int.h), is not walked (libetpan's time grows with the
 * square of the nesting depth, its memory with the number of parts): its headers are
 * read, its text is empty (MSG_TEXT_NONE).
 *
 * Sizes are not limited here (that is the caller's business); the work is linear in the
 * size of the message, with a few copies of the chosen text part at most. */
#ifndef TEMPEST_MSG_H
#define TEMPEST_MSG_H

#include <stddef.h>

#include "util/err.h"

/* Where msg.text came from. */
enum msg_text_source {
	MSG_TEXT_NONE,  /* no readable text part: text is "" */
	MSG_TEXT_PLAIN, /* a text/plain part */
	MSG_TEXT_HTML,  /* a text/html part, flattened */
};

struct msg {
	char *from_addr;             /* addr-spec, domain lower-cased; NULL if none */
	char *from_name;             /* display name, or NULL */
	char **to;                   /* To and Cc addr-specs, in order */
	size_t nto;
	char *subject;               /* encoded words decoded, unfolded; "" if none */
	char *message_id;            /* without <>; NULL if none */
	char *in_reply_to;           /* the first id, without <>; NULL if none */
	char **references;           /* without <>, in order */
	size_t nrefs;
	char *date;                  /* the Date header as written, or NULL */
	long long date_epoch;        /* the Date as UTC seconds, or -1 if absent or unreadable */
	long long received_epoch;    /* the date of the first (topmost) Received header: when
				      * the last server, the referee's own, took the mail; -1
				      * if none or unreadable */
	char *auto_submitted;        /* these six as written, or NULL */
	char *precedence;
	char *return_path;           /* e.g. "<bob@example.org>" or "<>" */
	char *list_id;
	char *x_autoreply;           /* the marks of auto-responders that do not say */
	char *x_autorespond;         /* Auto-Submitted (RFC 3834) */
	char **auth_results;         /* each Authentication-Results header, in order */
	size_t nauth;
	char *text;                  /* the body as UTF-8 text, never NULL */
	int text_source;             /* enum msg_text_source */
	size_t raw_size;             /* len as given to msg_parse */
};

/* Reads the raw message (len bytes, need not be NUL-terminated). Returns 0 and sets *out,
 * or -1 with *out NULL when nothing can be read as a message ("empty message", "no
 * header fields and no text") or memory runs out. */
int msg_parse(const char *raw, size_t len, struct msg **out, struct err *e);

void msg_free(struct msg *m);

/* How many of the first bytes of raw (len bytes) are its header block, blank line
 * included, looking no further than max bytes: a mail over the size limit is answered
 * from its headers alone (docs/design.md, "How a mail is processed"). With no blank line within
 * them, the whole lines of the first max bytes (all of raw if len <= max). Only the first
 * max bytes are read, so a mail cut short after them gives the same answer. */
size_t msg_head_len(const char *raw, size_t len, size_t max);

#endif
