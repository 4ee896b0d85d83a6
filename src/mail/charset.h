/* charset.h: turning the bytes of a mail's text into clean UTF-8, and undoing
 * format=flowed. Used by msg.c; the rest of the referee only ever sees the UTF-8.
 *
 * charset_decode() appends to a caller's struct buf (util/buf.h: the caller owns and
 * frees it; an allocation failure sets its failed flag). What it writes is always valid
 * UTF-8, whatever the input: line ends (CRLF, CR) become "\n", a NUL byte becomes
 * U+FFFD, and by charset:
 *   - utf-8: each invalid byte becomes U+FFFD;
 *   - none (NULL or ""), us-ascii: kept if the bytes are valid UTF-8, else read as
 *     Windows-1252;
 *   - iso-8859-1, latin1, windows-1252 (and aliases): read as Windows-1252, a superset of
 *     Latin-1 in the printable range, as browsers do (mail labelled Latin-1 often carries
 *     Windows quotes and euro signs); its five unassigned bytes become U+FFFD;
 *   - any other charset: libetpan's charconv (iconv); if it does not know the charset or
 *     fails, the same as for none.
 * charset.c includes libetpan for that charconv only (with msg.c and mbox.c, the code
 * that may). */
#ifndef TEMPEST_CHARSET_H
#define TEMPEST_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* Whether the n bytes at s are well-formed UTF-8 (no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
bool charset_utf8_valid(const char *s, size_t n);
/* Appends the n bytes at s, written in charset (NULL: unlabelled), to out as UTF-8. */
void charset_decode(struct buf *out, const char *s, size_t n, const char *charset);
/* Appends LF-terminated UTF-8 text to out with format=flowed (RFC 3676) undone: lines
 * ending in a space join the next one of the same quote depth (that space dropped too
 * when delsp, for DelSp=yes), space-stuffing is removed, and quoted lines are written
 * as ">> text". A signature separator "-- " is never joined. */
void charset_unflow(struct buf *out, const char *s, size_t n, bool delsp);

#endif
