/* msgtext_int.h: what the three files of the msgtext module share (msgtext.c: lines,
 * quotation and history; msgtext_sig.c: signatures, footers and disclaimers;
 * msgtext_referee.c: the referee's own text). Not for use outside src/mail/msgtext*.c. */
#ifndef TEMPEST_MSGTEXT_INT_H
#define TEMPEST_MSGTEXT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "mail/msgtext.h"

/* One line of the body, not copied. */
struct view {
	const char *s;
	size_t n;   /* trailing whitespace excluded */
	int lineno;
};

/* Longest line that can be a marker, an attribution, a footer or a signature line. */
#define MSGTEXT_SHORT 1000
#define COUNT(a) (sizeof a / sizeof a[0])

size_t msgtext_trim_end(const char *s, size_t n);
size_t msgtext_skip_space(const char *s, size_t n);
bool msgtext_starts_ci(const char *s, size_t n, const char *p);
bool msgtext_contains_ci(const char *s, size_t n, const char *p);
/* Is s, once its trailing ' ', ',', '.', '!', ':' and '-' are cut, exactly p (case
 * ignored for ASCII)? */
bool msgtext_is_phrase(const char *s, size_t n, const char *p);

/* msgtext_sig.c */
/* A phone or webmail footer line ("Sent from my iPhone"). */
bool msgtext_is_footer(const struct view *v);
/* Index of the first line of a disclaimer paragraph or a vCard in v[0..n), or n; lines
 * in skip (quoted, blank) end a paragraph. */
size_t msgtext_disclaimer_start(const struct view *v, size_t n, const bool *skip);
/* Of the kept lines keep[0..n) (indexes into v), how many are the player's: the
 * signature (after a sign-off or the sender's name, or a trailing contact block) is cut. */
size_t msgtext_signature_cut(const struct view *v, const size_t *keep, size_t n,
			     const char *sender_name);

/* msgtext_referee.c */
/* Marks in drop[0..n) the lines of v that are the referee's own text (a pasted mail or
 * a part of one) and returns the index where a pasted referee mail begins (everything
 * from it on is history), or n. skip[i] marks lines already set aside (quoted, blank). */
size_t msgtext_referee_mark(const struct msgtext_referee *r, const struct view *v, size_t n,
			    const bool *skip, bool *drop);

#endif
