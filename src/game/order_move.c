/* order_move.c: the shapes of a move as a word of a line (order_move.h): what the order
 * reader takes for a move before the game reads it. */
#include "game/order_move.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game/order.h"

/* A square as a long move writes it: letters, then digits, either after a '-' (ChessMe's
 * files left of a, ranks below 0); its length, or 0. */
static size_t long_square(const char *w)
{
	size_t i = w[0] == '-', f = strspn(w + i, "abcdefghijklmnopqrstuvwxyz");

	if (!f)
		return 0;
	i += f;
	i += w[i] == '-';
	size_t r = strspn(w + i, "0123456789");
	return r ? i + r : 0;
}

/* A word past 16 bytes is a move only in a move's strict shape: a piece letter perhaps,
 * one or two squares (a capture's 'x' or ':' between), a promotion, marks; so that a
 * square far away ("Ke12345678901234567890", "Raaaa20") is read as the move it is and
 * refused with its reason, while a long word of prose stays prose. */
static bool long_movelike(const char *w)
{
	size_t i = strchr("KQRBNP", w[0]) && w[0] ? 1 : 0, sq, squares = 0;

	while (squares < 2 && (sq = long_square(w + i))) {
		i += sq, squares++;
		if (w[i] == 'x' || w[i] == ':')
			i++;
	}
	if (!squares)
		return false;
	if ((w[i] == '=' || w[i] == '/') && w[i + 1])
		i += 2;
	return strspn(w + i, "+#!?") == strlen(w + i);
}

/* Could this word be a move as people write it? Letters, digits and move punctuation,
 * with a digit (a square) or castling's O-O; figurines allowed. */
bool order_movelike(const char *w)
{
	bool digit = false;
	size_t n = strlen(w);

	if (n > 16 && n < ORDER_ARG_MAX)
		return long_movelike(w);
	if (n == 0 || n > 16)
		return false;
	if (strspn(w, "O0o-+#!?") == n && (w[0] == 'O' || w[0] == '0' || w[0] == 'o') && n >= 3 &&
	    w[1] == '-')
		return true;
	bool letter = false;
	for (const unsigned char *c = (const unsigned char *)w; *c; c++) {
		if (isdigit(*c))
			digit = true;
		else if (isalpha(*c) || *c >= 0x80)
			letter = true;          /* a square's file, a piece, a figurine */
		else if (!strchr("x:-=+#!?()/@.", *c))
			return false;
	}
	return digit && letter;         /* "2026-11-05", "+33": numbers, not moves */
}

/* "53-37", "12x4=Q": a move in numbered squares (Perplexichess, after "move"). */
bool order_numbered_move(const char *w)
{
	char *end;
	long from = strtol(w, &end, 10), to;

	if (!isdigit((unsigned char)w[0]) || from < 1 || from > 64 || !*end ||
	    !strchr("-x:", *end) || !isdigit((unsigned char)end[1]))
		return false;
	to = strtol(end + 1, &end, 10);
	if (to < 1 || to > 64)
		return false;
	if (*end == '=')
		end++;
	if (*end && strchr("QRBNqrbn", *end))
		end++;
	return strspn(end, "+#!?") == strlen(end);
}

/* "12." or "12..." before a move; returns the number or 0. */
int order_move_number(const char *w)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (end == w || *end != '.' || n < 1 || n > 100000)
		return 0;
	while (*end == '.')
		end++;
	return *end ? 0 : (int)n;
}
