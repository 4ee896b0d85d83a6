/* buf.h: a growing text buffer. The bytes stay NUL-terminated; buf_take() hands them to
 * the caller (free()), buf_free() drops them. Errors stick: after a failed allocation
 * every call is a no-op and buf_take() returns NULL. */
#ifndef TEMPEST_BUF_H
#define TEMPEST_BUF_H

#include <stdbool.h>
#include <stddef.h>

struct buf {
	char *s;
	size_t n, cap;
	bool failed;
};

void buf_add(struct buf *b, const char *s, size_t n);
void buf_str(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *buf_take(struct buf *b);
void buf_free(struct buf *b);

#endif
