/* order_shape.c: the shapes of the words a line is read by (order.h): a move as people
 * write it, its number, a move with numbered squares, and a conditional line, "if Nf6 d6:
 * e5 Nf3" (docs/orders.md, "Conditional moves"), with how its argument splits into the
 * opponent's moves and the answers. What the moves mean is the game's (conditional.c).
 * Then the arguments by which a line that begins with an order word is that order or
 * prose (order_shape.h: "name Alice Martin", not "Name your price"). */
#include "game/order.h"
#include "game/order_prose.h"
#include "game/order_shape.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
bool order_move_shaped(const char *w)
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

int order_conditional_split(const char *arg, char when[][32], int *nwhen, char then[][32],
			    int *nthen, int max)
{
	char buf[2 * ORDER_ARG_MAX], *save = NULL;
	int side = 0, n[2] = { 0, 0 };
	size_t at = 0;

	for (const char *p = arg; *p && at + 4 < sizeof buf; p++)      /* "Nf6:e5" */
		at += (size_t)snprintf(buf + at, sizeof buf - at, *p == ':' ? " : " : "%c", *p);
	buf[at] = 0;
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		if (!strcmp(t, ":")) {
			if (side++)
				return -1;
			continue;
		}
		if (order_move_number(t))
			continue;
		if (n[side] == max || strlen(t) >= 32)
			return -1;
		snprintf(side ? then[n[side]] : when[n[side]], 32, "%s", t);
		n[side]++;
	}
	*nwhen = n[0], *nthen = n[1];
	return side == 1 ? 0 : -1;
}

/* "if Nf6: e5", "if Nf6 d6: e5 Nf3", "if none": moves, one colon, moves (docs/orders.md,
 * "Conditional moves"); "If you like, resign" is prose. */
bool order_conditional_shaped(char **w, int nw)
{
	char arg[ORDER_ARG_MAX], when[32][32], then[32][32];
	size_t at = 0;
	int nwhen, nthen;

	if (nw == 1 && !strcasecmp(w[0], "none"))
		return true;
	for (int i = 0; i < nw && at < sizeof arg; i++)
		at += (size_t)snprintf(arg + at, sizeof arg - at, "%s%s", i ? " " : "", w[i]);
	if (at >= sizeof arg || order_conditional_split(arg, when, &nwhen, then, &nthen, 32) < 0 ||
	    !nwhen || !nthen)
		return false;
	for (int i = 0; i < nwhen + nthen; i++) {
		const char *m = i < nwhen ? when[i] : then[i - nwhen];
		if (!order_move_shaped(m) && !order_numbered_move(m))
			return false;
	}
	return true;
}

/* After "if": an attempt at a conditional line that does not read (a move first, in a
 * short line: "If Nf6 then e5"), refused rather than passed over as prose. */
bool order_conditional_attempt(char **w, int nw)
{
	char first[32];
	size_t n;

	if (nw == 0 || nw > ORDER_UNCERTAIN_WORDS)
		return false;
	snprintf(first, sizeof first, "%s", w[0]);
	n = strlen(first);
	while (n && strchr(":,;", first[n - 1]))
		first[--n] = 0;
	return order_move_shaped(first) || order_move_number(first);
}

/* ---- the arguments that tell an order word from prose (order_shape.h) ---- */

/* "new chess", "new knightmare-cards": a variant is named by its file's name, in lower
 * case; a capital says a place or a time ("New York", "New Year"), prose. */
bool order_new_shaped(char **w, int nw)
{
	return nw == 1 && !isupper((unsigned char)w[0][0]);
}

/* "message Good luck!": not "Message me on Signal: +33 ...", a signature's contact line. */
bool order_message_shaped(char **w, int nw)
{
	return nw >= 1 && strcasecmp(w[0], "me") && strcasecmp(w[0], "us");
}

/* Words that say what became of a message rather than begin one: "Message received,
 * thanks.", "Message confidentiel - ...", "Nachricht erhalten". A line "message" followed
 * by one is a sentence about a message (asked about when the mail holds no other order:
 * message_about), never relayed. English participles are known by their "-ed" too. */
static const char *const message_states[] = {
	"received", "recieved", "sent", "delivered", "read", "noted", "understood", "follows",
	"below", "attached", "deleted", "forwarded", "acknowledged", "confidential", "private",
	"recu", "re\xc3\xa7u", "re\xc3\xa7ue", "envoye", "envoy\xc3\xa9", "transmis", "lu",
	"suivant", "confidentiel", "confidentielle", "personnel", "erhalten", "empfangen",
	"gesendet", "vertraulich", "recibido", "enviado", "confidencial", "ricevuto", "inviato",
	"riservato", "confidenziale", "ontvangen", "verzonden", "vertrouwelijk", "mottaget",
	"skickat",
};

bool order_message_about(char **w, int nw)
{
	char word[32];
	size_t n;

	if (nw < 1)
		return false;
	snprintf(word, sizeof word, "%s", w[0]);
	n = strlen(word);
	while (n && strchr(".,;:!?-", word[n - 1]))
		word[--n] = 0;
	if (!n)
		return false;
	for (size_t i = 0; i < sizeof message_states / sizeof message_states[0]; i++)
		if (!strcasecmp(word, message_states[i]))
			return true;
	return n >= 6 && !strcmp(word + n - 2, "ed");
}

/* Words that begin no name but may stand inside one ("Anne de la Tour"). */
static bool particle(const char *w)
{
	static const char *const words[] = { "van", "von", "der", "den", "de", "la", "le", "du",
		"del", "della", "di", "da", "dos", "das", "y", "bin", "ibn", "af", "zu", "ten", "ter" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(w, words[i]))
			return true;
	return false;
}

/* "name Alice Martin": a name as people write theirs, 1 to 5 words, each capitalised (or
 * a particle inside it), no address, no digit: not "Name your price", "name the opening". */
bool order_name_shaped(char **w, int nw)
{
	if (nw < 1 || nw > 5)
		return false;
	for (int i = 0; i < nw; i++) {
		unsigned char c = (unsigned char)w[i][0];
		if (strpbrk(w[i], "@<>0123456789\"") ||
		    (!(isupper(c) || c >= 0x80) && !(i > 0 && particle(w[i]))))
			return false;
	}
	return true;
}

/* "address public", "address hidden": not "Address: 10 Downing Street". */
bool order_address_shaped(char **w, int nw)
{
	return nw == 1 && (!strcasecmp(w[0], "public") || !strcasecmp(w[0], "hidden"));
}

/* "mail each", "mail digest": not "Mail me the board", "mail sent". */
bool order_mail_shaped(char **w, int nw)
{
	return nw == 1 && (!strcasecmp(w[0], "each") || !strcasecmp(w[0], "digest"));
}

