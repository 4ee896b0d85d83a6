/* fit.c: breaking a mail's long lines (fit.h). A line is broken at a run of blanks; in a
 * move list ("1. e4 e5 2. Nf3 ...") only before a move number while one fits, so that a
 * move and its answer stay together. A word longer than the room left (a hash) stays
 * whole: breaking it would spoil a copy. */
#include "render/fit.h"

#include "util/buf.h"

#include <ctype.h>
#include <string.h>

static size_t chars(const char *p, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)p[i] & 0xC0) != 0x80;
	return c;
}

bool fit_is_fen(const char *p, size_t n)
{
	size_t i = 0, slashes = 0;

	while (i < n && p[i] == ' ')
		i++;
	if (n - i >= 4 && !strncmp(p + i, "FEN:", 4))
		return true;
	/* French writes a no-break space before the colon */
	if (n - i >= 6 && !strncmp(p + i, "FEN\xC2\xA0:", 6))
		return true;
	if (n - i >= 6 && !strncmp(p + i, "[FEN \"", 6))
		return true;
	for (; i < n && p[i] != ' '; i++)
		slashes += p[i] == '/';
	return slashes >= 3;
}

/* A move number ("12." or "12...") starts at p (n bytes left). */
static bool move_number(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && isdigit((unsigned char)p[i]))
		i++;
	return i > 0 && i < n && p[i] == '.';
}

static bool move_list(const char *p, size_t n)
{
	int numbers = 0;

	for (size_t i = 0; i < n; i++)
		if ((i == 0 || p[i - 1] == ' ') && move_number(p + i, n - i))
			numbers++;
	return numbers >= 2;
}

/* Where to end the piece of p[0..n) that goes on a line with room characters: the start
 * of the run of blanks to break at, or n when all fits. Never 0 unless p is blank. */
static size_t cut(const char *p, size_t n, size_t room, bool moves)
{
	size_t any = 0, before_number = 0, counted = 0, at = 0;

	if (n <= room || chars(p, n) <= room)
		return n;
	for (size_t i = 1; i < n; i++) {
		if (p[i] != ' ' || p[i - 1] == ' ')
			continue;
		size_t j = i;
		while (j < n && p[j] == ' ')
			j++;
		counted += chars(p + at, i - at);       /* the letters before i, counted once */
		at = i;
		if (counted > room)
			return any ? (before_number ? before_number : any) : i;
		any = i;
		if (moves && j < n && move_number(p + j, n - j))
			before_number = i;
	}
	return any ? (before_number ? before_number : any) : n;
}

static void fit_line(const char *p, size_t n, size_t width, struct buf *out)
{
	size_t lead = 0, hang;
	bool moves = move_list(p, n);

	while (lead < n && p[lead] == ' ')
		lead++;
	hang = lead + FIT_HANG;
	if (hang > width / 2)
		hang = width / 2;
	for (bool first = true; n; first = false) {
		size_t room = first ? width : width - hang;
		size_t k = cut(p, n, room, moves);
		if (!first) {
			buf_add(out, "\n", 1);
			for (size_t i = 0; i < hang; i++)
				buf_add(out, " ", 1);
		}
		buf_add(out, p, k);
		while (k < n && p[k] == ' ')
			k++;
		p += k, n -= k;
	}
}

char *fit_text(const char *text, size_t width)
{
	struct buf out = {0};
	size_t len = strlen(text);

	buf_reserve(&out, len + len / 16);      /* a few lines broken: grown once at most */
	for (const char *p = text; *p;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
		/* a line no longer in bytes than the width fits (most do): its letters not
		 * counted; it goes with its line end */
		if (n <= width || chars(p, n) <= width || fit_is_fen(p, n)) {
			buf_add(&out, p, n + (nl != NULL));
		} else {
			fit_line(p, n, width, &out);
			if (nl)
				buf_add(&out, "\n", 1);
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	if (!*text)
		buf_str(&out, "");
	return buf_take(&out);
}
