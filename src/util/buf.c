/* buf.c: see buf.h. */
#include "util/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool buf_reserve(struct buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;

	if (b->failed)
		return false;
	if (b->n + more + 1 <= b->cap)
		return true;
	while (cap < b->n + more + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->failed = true;
		return false;
	}
	b->s = s;
	b->cap = cap;
	return true;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* written straight into the room left; formatted a second time only if it did not
	 * fit (the formatting, not the copy, is what costs) */
	if (!buf_reserve(b, 64))
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->s[b->n] = 0;
		return;
	}
	if ((size_t)n >= b->cap - b->n) {
		if (!buf_reserve(b, (size_t)n)) {
			b->s[b->n] = 0;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->n += (size_t)n;
}

size_t fmt_uint(char out[21], unsigned long long v)
{
	char rev[20];
	size_t n = 0;

	do
		rev[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	for (size_t i = 0; i < n; i++)
		out[i] = rev[n - 1 - i];
	out[n] = 0;
	return n;
}

void buf_uint(struct buf *b, unsigned long long v)
{
	char s[21];

	buf_add(b, s, fmt_uint(s, v));
}

char *buf_take(struct buf *b)
{
	char *s = b->failed ? NULL : b->s;

	if (b->failed)
		free(b->s);
	else if (!s)
		s = calloc(1, 1);
	memset(b, 0, sizeof *b);
	return s;
}

void buf_free(struct buf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}
