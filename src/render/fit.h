/* fit.h: the lines of a mail's text fit a phone (issue 25, "lines that fit"; docs/
 * mail-lines.md): every line at most FIT_WIDTH characters, a longer one broken at its
 * blanks, before a move number where it is a move list, the continuation lines indented.
 * A FEN is never broken: a reader copies it whole. Pure: no I/O. */
#ifndef TEMPEST_FIT_H
#define TEMPEST_FIT_H

#include <stdbool.h>
#include <stddef.h>

#define FIT_WIDTH 78            /* characters (UTF-8 code points) of a text line */
#define FIT_HANG 2              /* the continuation lines' indent beyond the line's own */

/* A line (n bytes, no newline) that is a FEN: "FEN: ..." (or "FEN : ...", a no-break
 * space before the colon), a PGN [FEN "..."] tag, or a
 * bare FEN (four or more '/'-separated ranks first), blanks before it allowed. */
bool fit_is_fen(const char *p, size_t n);
/* text with each line longer than width broken as above: a new string (free()), or NULL
 * when out of memory. */
char *fit_text(const char *text, size_t width);

#endif
