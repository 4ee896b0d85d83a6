/* quote.h: how much of a player's mail one reply may quote back (docs/design.md, "How a mail is
 * processed"): each line at most QUOTE_LINE_MAX characters, a cut marked with "…", and all
 * the quoted text of a reply at most QUOTE_TOTAL_MAX bytes, so that a mail of megabytes
 * (a 9 MB line, ten thousand faulty lines) never comes back as a reply of megabytes, to a
 * sender who may be forged. Pure: no I/O. */
#ifndef TEMPEST_QUOTE_H
#define TEMPEST_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

#define QUOTE_LINE_MAX 200              /* characters (UTF-8 code points) of one line */
#define QUOTE_TOTAL_MAX 4096            /* bytes of quoted text in one reply */
#define QUOTE_ITEM_COST 16              /* what a quote's setting costs ("  line 12: ") */
/* The room quote_take needs: QUOTE_LINE_MAX characters of at most 10 bytes (a mark no
 * reader sees, shown as "<U+200F>"), "…", the NUL. */
#define QUOTE_OUT_MAX (10 * QUOTE_LINE_MAX + 4)

/* What a reply has quoted so far (zero it for each reply). */
struct quote_budget {
	size_t used;                    /* bytes quoted */
};

/* A line that may give a password: "password", in any case, after blanks or quote marks,
 * followed by anything but a letter or digit ("password X", "PASSWORD: X", "Password. X",
 * "> password=X"). Such a line is never written back nor kept, read as an order or not
 * (a separator the reader does not know still gives a password): QUOTE_PASSWORD_HIDDEN
 * stands for it, in a reply and in the game log. */
#define QUOTE_PASSWORD_HIDDEN "password (hidden)"
bool quote_password_line(const char *p, size_t n);

/* text (QUOTE_PASSWORD_HIDDEN for a password line), cut to QUOTE_LINE_MAX characters (a
 * cut ends with "…"), into out, and counted against the budget: true, or false (out "")
 * once the budget is spent. A character no reader sees (utf8_invisible: a right-to-left
 * mark, a byte order mark) is shown by its number, "<U+200F>", so that a refusal never
 * quotes what the player cannot see. */
bool quote_take(struct quote_budget *b, const char *text, char out[QUOTE_OUT_MAX]);
/* Counts `len` bytes of the referee's own words that go with a quote (a refusal's
 * reason), so that many short quotes with long reasons are bounded too. */
void quote_count(struct quote_budget *b, size_t len);

#endif
