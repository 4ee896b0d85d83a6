/* msgtext_int.h: what the three files of the msgtext module share (msgtext.c: lines,
 * quotation and history; msgtext_sig.c: signatures, footers and disclaimers;
 * msgtext_referee.c: the referee's own text). Not for use outside src/mail/msgtext*.c. */
#ifndef TEMPEST_MSGTEXT_INT_H
#define TEMPEST_MSGTEXT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

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

/* The comparisons of a line the three files make, on every line of a mail: here, so that
 * each file inlines them and none calls into another for them. */

/* Length of s without trailing spaces, tabs, CRs, U+00A0 and U+202F (French typography
 * puts those before ':'). */
static inline size_t msgtext_trim_end(const char *s, size_t n)
{
	for (;;) {
		if (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			n--;
		else if (n >= 2 && (unsigned char)s[n - 2] == 0xc2 && (unsigned char)s[n - 1] == 0xa0)
			n -= 2;
		else if (n >= 3 && !memcmp(s + n - 3, "\xe2\x80\xaf", 3))
			n -= 3;
		else
			return n;
	}
}

/* The blanks s starts with. */
static inline size_t msgtext_skip_space(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Does s start with p, case ignored for ASCII? */
static inline bool msgtext_starts_ci(const char *s, size_t n, const char *p)
{
	size_t pl;

	/* the first bytes equal but for case, or no need to look further: the phrase
	 * tables are tried on every line */
	if (!*p)
		return true;
	if (!n || ((unsigned char)(s[0] ^ p[0]) & 0xdf))
		return false;
	pl = strlen(p);
	return n >= pl && !strncasecmp(s, p, pl);
}

/* Does s hold p, case ignored for ASCII? */
static inline bool msgtext_contains_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);
	char lo = p[0] >= 'A' && p[0] <= 'Z' ? (char)(p[0] - 'A' + 'a') : p[0];
	char up = lo >= 'a' && lo <= 'z' ? (char)(lo - 'a' + 'A') : lo;

	/* the first byte compared inline: this runs over every line of a long mail */
	for (size_t i = 0; i + pl <= n; i++)
		if ((s[i] == lo || s[i] == up) && !strncasecmp(s + i, p, pl))
			return true;
	return false;
}

/* Is s, once its trailing ' ', ',', '.', '!', ':' and '-' are cut, exactly p (case
 * ignored for ASCII)? */
static inline bool msgtext_is_phrase(const char *s, size_t n, const char *p)
{
	size_t a = msgtext_skip_space(s, n);

	while (n > a && strchr(" ,.!:-", s[n - 1]))
		n--;
	return n - a == strlen(p) && !strncasecmp(s + a, p, n - a);
}

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
