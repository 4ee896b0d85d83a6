/* buf.h: a growing text buffer. The bytes stay NUL-terminated; buf_take() hands them to
 * the caller (free()), buf_free() drops them. Errors stick: after a failed allocation
 * every call is a no-op and buf_take() returns NULL. */
#ifndef TEMPEST_BUF_H
#define TEMPEST_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct buf {
	char *s;
	size_t n, cap;
	bool failed;
};

/* Room for `more` bytes and the NUL; false once an allocation failed. */
bool buf_reserve(struct buf *b, size_t more);

/* Inline: a reply is built of thousands of short pieces, most of them literals whose
 * length and copy the compiler then works out (a third of the time a board took). */
static inline void buf_add(struct buf *b, const char *s, size_t n)
{
	if ((b->failed || b->n + n >= b->cap) && !buf_reserve(b, n))
		return;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

static inline void buf_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/* src into dst (len bytes, len > 0), cut to fit and always ended: what
 * snprintf(dst, len, "%s", src) does without the formatting machinery, for the copies the
 * order reader and the one-click part make by the hundred for each mail. Returns dst. */
static inline char *str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memmove(dst, src, n);
	dst[n] = 0;
	return dst;
}

/* v in decimal into out (room for 21 bytes), NUL-terminated; its length. What snprintf's
 * "%u" does at a tenth of the cost, for the numbers every reply writes by the dozen. */
size_t fmt_uint(char out[21], unsigned long long v);
/* v in decimal appended. */
void buf_uint(struct buf *b, unsigned long long v);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *buf_take(struct buf *b);
void buf_free(struct buf *b);

#endif
