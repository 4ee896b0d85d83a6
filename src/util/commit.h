/* commit.h: a salted SHA-256 commitment to a secret (a card list, a pile of tiles), made
 * at the start of a game and revealed at its end with the command line that checks it.
 * The committed bytes are "HEAD\nBODY\nsalt HEX\n", HEX the salt in lower-case hex. */
#ifndef TEMPEST_COMMIT_H
#define TEMPEST_COMMIT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* Appends the committed bytes to out. */
void commit_text(struct buf *out, const char *head, const char *body, const uint8_t *salt,
		 size_t slen);
/* The commitment to text (SHA-256, lower-case hex). */
void commit_hash(const char *text, size_t len, char out[65]);
/* Appends "printf 'TEXT' | sha256sum", the command that recomputes it (newlines as \n),
 * written from column col. Where that line would pass width characters (0: no bound),
 * the command is "printf '%b' \" and the text in quoted pieces, one on each line after,
 * indented 4 and continued with a backslash: it still runs as pasted into a shell. */
void commit_check_command(const char *text, size_t col, size_t width, struct buf *out);

#endif
