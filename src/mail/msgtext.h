/* msgtext.h: the lines a player actually wrote, out of a mail's body text (msg.text).
 *
 * msgtext_extract() fills a struct msgtext the caller frees with msgtext_free(). Each kept
 * line carries its 1-based line number in the body, so the order parser can say "line 4:
 * ...". Lines keep their leading whitespace and lose their trailing whitespace (spaces,
 * tabs, no-break spaces). Blank lines are left out; numbering is not changed by that.
 *
 * What is left out, in a reply's usual shapes (English, French, German; Outlook):
 *   - quoted lines: '>' after optional spaces;
 *   - an attribution line introducing quotation, i.e. one whose next non-blank line is
 *     quoted: "On ... wrote:", "Le ... a écrit :", "Am ... schrieb ...:" (also Dutch
 *     "schreef", Spanish "escribió", Italian "ha scritto"), possibly wrapped over two
 *     lines. Without quotation after it the line is kept: prose containing "wrote" stays;
 *   - everything from the first history marker on: a signature separator ("-- " or
 *     "--"), "-----Original Message-----" and its French, German, Spanish and Italian
 *     forms, "---------- Forwarded message ---------", "Begin forwarded message:", and an
 *     Outlook header block (a "From:" / "De :" / "Von:" line with a "Sent:" / "Date:" /
 *     "Envoyé :" / "Gesendet:" / "Datum:" line among the next three), together with a
 *     rule of underscores or dashes just above it;
 *   - phone and webmail footers ("Sent from my iPhone", "Envoyé de mon iPhone", "Von
 *     meinem iPhone gesendet", "Get Outlook for Android", "Sent from Mail for Windows",
 *     "Sent from Yahoo Mail on Android", "Sent with Proton Mail secure email.", ...): a
 *     line of at most 80 bytes starting with one of the known phrases, links and markup
 *     ignored, and with no ':' outside links (so "Sent from my phone: e4" stays). */
#ifndef TEMPEST_MSGTEXT_H
#define TEMPEST_MSGTEXT_H

#include <stddef.h>

#include "util/err.h"

struct text_line {
	int lineno;  /* 1-based, in the body text */
	char *text;  /* UTF-8, no line end */
};

struct msgtext {
	size_t n;
	struct text_line *line;
};

/* Fills *out (which it first clears) and returns 0, or -1 if memory runs out. */
int msgtext_extract(const char *body, struct msgtext *out, struct err *e);

/* Frees the lines; *t is left empty and may be reused. */
void msgtext_free(struct msgtext *t);

#endif
