/* utf8.h: the few things the referee needs to know of UTF-8 text: a code point and its
 * length, and whether a character is one no reader sees. Pure: no I/O. */
#ifndef TEMPEST_UTF8_H
#define TEMPEST_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The code point of the UTF-8 sequence at s and its length in *n (a byte that starts no
 * whole sequence is itself, length 1). */
unsigned utf8_at(const unsigned char *s, size_t *n);
/* A format character that takes no room on the screen: the marks that right-to-left
 * clients put around text (U+200E, U+200F, U+061C, the embeddings, overrides and
 * isolates U+202A..U+202E, U+2066..U+2069), the zero-width space, joiners and the word
 * joiner (U+200B..U+200D, U+2060..U+2064), the byte order mark (U+FEFF), the soft hyphen
 * (U+00AD), U+180E and the interlinear annotation marks (U+FFF9..U+FFFB). */
bool utf8_invisible(unsigned cp);

#endif
