/* html.h: flattens the HTML body of a mail to plain text, for reading orders.
 *
 * The result is meant to be read, not rendered: head, style, script and comments are
 * dropped; br, p, div, li, tr, headings, lists, tables and hr end the current line; td/th
 * separate cells with a space; runs of whitespace outside <pre> become one space (&nbsp;
 * counts as whitespace); character references are decoded (the named ones mail uses and
 * all Latin-1 letters, plus &#NNN; and &#xHH;); each line inside a <blockquote> starts
 * with "> " per nesting level (16 at most), so quoted history looks like quotation to
 * msgtext.
 * Unknown tags are dropped, unknown entities kept as written; a head/style/script/title
 * without its closing tag loses only the tag, an unclosed comment hides the rest. Input
 * and output are UTF-8; the work is one pass over the input, whatever it contains. */
#ifndef TEMPEST_HTML_H
#define TEMPEST_HTML_H

#include <stddef.h>

#include "util/err.h"

/* Sets *out to the text (NUL-terminated, lines end in '\n'; the caller frees it) and
 * returns 0, or returns -1 (out of memory) with *out NULL. */
int html_to_text(const char *html, size_t len, char **out, struct err *e);

#endif
