/* spelling.c: see spelling.h. */
#include "game/spelling.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/notation.h"
#include "engine/variant.h"
#include "util/utf8.h"
#include "util/buf.h"

/* ---- characters ---- */

/* The ASCII character a code point is typed for, or 0: a Japanese or Chinese input
 * method's full-width forms (U+FF01..U+FF5E, the ideographic space and stops), and the
 * dashes and minus signs a word processor or a phone puts for '-' ("O–O", "−a4"). */
static char ascii_for(unsigned cp)
{
	if (cp >= 0xff01 && cp <= 0xff5e)
		return (char)(cp - 0xfee0);
	switch (cp) {
	case 0x3000:
		return ' ';
	case 0x3001:
		return ',';
	case 0x3002:
		return '.';
	case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2212:
	case 0xfe63:
		return '-';
	default:
		return 0;
	}
}

/* Brings the characters of s to ASCII where ascii_for() says, and takes out those no
 * reader sees (the marks a right-to-left client wraps a line in, a byte order mark,
 * utf8_invisible): in place (never longer). */
static bool map_chars(char *s)
{
	unsigned char *in = (unsigned char *)s, *out = in;
	bool changed = false;

	while (*in) {
		size_t n;
		unsigned cp = utf8_at(in, &n);
		char c = ascii_for(cp);
		if (n > 1 && utf8_invisible(cp))
			changed = true;
		else if (c && n > 1) {
			*out++ = (unsigned char)c;
			changed = true;
		} else
			memmove(out, in, n), out += n;
		in += n;
	}
	*out = 0;
	return changed;
}

/* A pictograph: emoji and their modifiers, and the dingbats and symbols phones offer
 * next to them; never the chess figurines (U+2654..U+265F), which are pieces. */
static bool emoji(unsigned cp)
{
	if (cp >= 0x2654 && cp <= 0x265f)
		return false;
	return (cp >= 0x2600 && cp <= 0x27bf) || (cp >= 0x1f000 && cp <= 0x1faff) ||
	       (cp >= 0x2b00 && cp <= 0x2bff) || cp == 0xfe0f || cp == 0xfe0e || cp == 0x200d ||
	       cp == 0x20e3;
}

/* The length of s without the pictographs at its end. */
static size_t without_emoji(const char *s)
{
	size_t keep = 0;

	for (size_t at = 0, n; s[at]; at += n)
		if (!emoji(utf8_at((const unsigned char *)s + at, &n)))
			keep = at + n;
	return keep;
}

/* ---- words ---- */

#define WORDS_MAX 24

static const char *const smileys[] = {
	":-)", ":)", ":-))", ":))", ";-)", ";)", ":-D", ":D", ":-(", ":(", ":-P", ":P", ":-p",
	":p", ":-/", ":/", ":-o", ":o", ":-O", ":O", "=)", ":]", "8-)", "8)", "xD", "XD", "^^",
	"^_^", "<3", ":-*", ";-D", ";D",
};

/* A smiley, an annotation ("!?", "??", "+", "#") or pictographs only. */
static bool decoration(const char *w)
{
	for (size_t i = 0; i < sizeof smileys / sizeof smileys[0]; i++)
		if (!strcmp(w, smileys[i]))
			return true;
	if (strspn(w, "!?+#") == strlen(w) && strlen(w) <= 3)
		return true;
	return without_emoji(w) == 0;
}

/* Could w be a move? A letter (or a figurine) and a digit among move characters, or
 * castling. Wider than the grammar's own test, which decides in the end: this one only
 * says whether a mark around a word or a smiley after it may go. */
static bool move_shaped(const char *w)
{
	size_t n = strlen(w);
	bool digit = false, letter = false;

	while (n && strchr("+#!?", w[n - 1]))
		n--;
	if (n == 0 || n > 16)
		return false;
	if (n >= 3 && strchr("O0o", w[0]) && w[1] == '-' && strspn(w, "O0o-") >= n)
		return true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (isdigit(c))
			digit = true;
		else if (isalpha(c) || c >= 0x80)
			letter = true;
		else if (!strchr("x:-=/().", c) && !(c == '@' && i == 1))
			return false;
	}
	return digit && letter;
}

/* "12." or "12..." */
static bool move_number(const char *w)
{
	size_t d = strspn(w, "0123456789");

	return d && d <= 6 && w[d] == '.' && strspn(w + d, ".") == strlen(w + d);
}

/* Emphasis around w ("*e4*", "**Nf3**", "_e4_") goes when what it wraps is a move. */
static void unwrap(char *w)
{
	size_t n = strlen(w), k = 0;

	while (k < 2 && k < n && (w[k] == '*' || w[k] == '_') && w[k] == w[0])
		k++;
	if (!k || n <= 2 * k || strspn(w + n - k, w[0] == '*' ? "*" : "_") != k)
		return;
	w[n - k] = 0;
	if (move_shaped(w + k))
		memmove(w, w + k, n - k + 1);
	else
		w[n - k] = w[0];
}

/* A smiley or pictographs stuck to a move ("e4👍", "Nf3;-)") go. */
static void unstick(char *w)
{
	size_t n = strlen(w), k = without_emoji(w);

	if (k && k < n) {
		char c = w[k];
		w[k] = 0;
		if (move_shaped(w))
			return;
		w[k] = c;
	}
	for (size_t i = 0; i < sizeof smileys / sizeof smileys[0]; i++) {
		size_t m = strlen(smileys[i]);
		if (n > m && !strcmp(w + n - m, smileys[i])) {
			w[n - m] = 0;
			if (move_shaped(w))
				return;
			w[n - m] = smileys[i][0];
		}
	}
}

/* A line of moves: move-shaped words, move numbers, perhaps the word "move" first. */
static bool line_of_moves(char **w, int nw)
{
	int moves = 0;

	for (int i = 0; i < nw; i++) {
		if (move_shaped(w[i]))
			moves++;
		else if (!move_number(w[i]) && !(i == 0 && !strcasecmp(w[i], "move")))
			return false;
	}
	return moves > 0;
}

/* Splits s at blanks into w (in place). */
static int split(char *s, char **w)
{
	int nw = 0;
	char *save = NULL;

	for (char *t = strtok_r(s, " \t", &save); t && nw < WORDS_MAX;
	     t = strtok_r(NULL, " \t", &save))
		w[nw++] = t;
	return nw;
}

/* "12.Nf3" first on the line becomes "12." and "Nf3" (num holds the number). */
static int unglue(char **w, int nw, char *num, size_t numlen)
{
	size_t d = nw ? strspn(w[0], "0123456789") : 0, dots = d ? strspn(w[0] + d, ".") : 0;
	unsigned char after = nw ? (unsigned char)w[0][d + dots] : 0;

	if (!d || !dots || d + dots >= numlen || !(isalpha(after) || after >= 0x80) ||
	    nw == WORDS_MAX)
		return nw;
	memcpy(num, w[0], d + dots);
	num[d + dots] = 0;
	memmove(&w[1], &w[0], (size_t)nw * sizeof w[0]);
	w[1] += d + dots;
	w[0] = num;
	return nw + 1;
}

/* The words of a line of moves without their decorations, or false (a line of prose). */
static bool strip_moves(char *s, size_t size)
{
	char copy[1024], num[16], *w[WORDS_MAX];

	if (strlen(s) >= sizeof copy)
		return false;
	str_copy(copy, sizeof copy, s);
	int nw = split(copy, w);
	if (nw >= 2 && (w[0][0] == '*' || w[0][0] == '_')) {
		/* "*12. e4*": emphasis around the whole line */
		const char *mark = w[0][0] == '*' ? "*" : "_";
		size_t k = strspn(w[0], mark), n = strlen(w[nw - 1]);
		if (k <= 2 && k < strlen(w[0]) && k < n && strspn(w[nw - 1] + n - k, mark) == k)
			w[0] += k, w[nw - 1][n - k] = 0;
	}
	for (int i = 0; i < nw; i++)
		unwrap(w[i]);
	nw = unglue(w, nw, num, sizeof num);
	while (nw >= 2 && decoration(w[nw - 1]))
		nw--;
	for (int i = 0; i < nw; i++)
		unstick(w[i]);
	if (!line_of_moves(w, nw))
		return false;
	size_t at = 0;
	for (int i = 0; i < nw && at < size; i++)
		at += (size_t)snprintf(s + at, size - at, "%s%s", i ? " " : "", w[i]);
	return true;
}

bool spelling_chars(char *s)
{
	return map_chars(s);
}

bool spelling_decoration(const char *w)
{
	return decoration(w);
}

bool spelling_line(char *s, size_t size)
{
	char before[1024];
	bool long_line = strlen(s) >= sizeof before;

	if (!long_line)
		str_copy(before, sizeof before, s);
	bool changed = map_chars(s);
	if (long_line || !strip_moves(s, size))
		return changed;
	size_t n = strlen(s);
	while (n && strchr(" .,;", s[n - 1]))  /* "e4. :-)" */
		s[--n] = 0;
	return changed || strcmp(before, s) != 0;
}

/* ---- piece letters ---- */

/* The pieces whose letters differ between languages (King, Queen, Rook, Bishop, Knight:
 * piece_index), and each language's letters for them in that order (FIDE's handbook,
 * national usage): the Dutch P is the knight (paard), the French, Spanish and Italian R
 * the king (roi, rey, re). Pawns go without a letter everywhere. */
static const struct language {
	const char *code, *names, *letters, *key;
} languages[] = {
	{ "en", "english", "KQRBN", "K Q R B N (king, queen, rook, bishop, knight)" },
	{ "fr", "french fran\xc3\xa7" "ais francais", "RDTFC",
	  "R D T F C (roi, dame, tour, fou, cavalier)" },
	{ "de", "german deutsch", "KDTLS", "K D T L S (K\xc3\xb6nig, Dame, Turm, L\xc3\xa4" "ufer, "
	  "Springer)" },
	{ "nl", "dutch nederlands", "KDTLP", "K D T L P (koning, dame, toren, loper, paard)" },
	{ "es", "spanish espa\xc3\xb1ol espanol castellano", "RDTAC",
	  "R D T A C (rey, dama, torre, alfil, caballo)" },
	{ "it", "italian italiano", "RDTAC", "R D T A C (re, donna, torre, alfiere, cavallo)" },
	{ "sv", "swedish svenska", "KDTLS", "K D T L S (kung, dam, torn, l\xc3\xb6" "pare, "
	  "springare)" },
};
#define NLANG (sizeof languages / sizeof languages[0])

/* Is w one of the blank-separated words of list? */
static bool among(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; n && (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

const char *spelling_language_code(const char *word)
{
	char low[32];
	size_t i;

	if (strlen(word) >= sizeof low)
		return NULL;
	for (i = 0; word[i]; i++)
		low[i] = (char)tolower((unsigned char)word[i]);
	low[i] = 0;
	for (i = 0; i < NLANG; i++)
		if (!strcmp(low, languages[i].code) || among(languages[i].names, low))
			return languages[i].code;
	return NULL;
}

const char *spelling_letters(const char *code)
{
	for (size_t i = 0; i < NLANG; i++)
		if (!strcmp(code, languages[i].code))
			return languages[i].key;
	return "";
}

const char *spelling_languages(void)
{
	return "en, fr, de, nl, es, it, sv";
}

/* The codes are two letters: compared as such (a one-click choice asks for a language
 * twice a legal move). */
static const struct language *language_of(const char *code)
{
	if (!code || !code[0] || !code[1] || code[2])
		return NULL;
	char a = (char)tolower((unsigned char)code[0]), b = (char)tolower((unsigned char)code[1]);
	for (size_t i = 0; i < NLANG; i++)
		if (languages[i].code[0] == a && languages[i].code[1] == b)
			return &languages[i];
	return NULL;
}

/* Which of chess's pieces name is: its place among a language's letters (King, Queen,
 * Rook, Bishop, Knight), PAWN for the pawn, -1 for a piece of a variant's own (one string
 * comparison, not one per chess piece). */
#define PAWN 5
static int piece_index(const char *name)
{
	switch (tolower((unsigned char)name[0])) {
	case 'k':
		return !strcasecmp(name, "King") ? 0 : !strcasecmp(name, "Knight") ? 4 : -1;
	case 'q':
		return !strcasecmp(name, "Queen") ? 1 : -1;
	case 'r':
		return !strcasecmp(name, "Rook") ? 2 : -1;
	case 'b':
		return !strcasecmp(name, "Bishop") ? 3 : -1;
	case 'p':
		return !strcasecmp(name, "Pawn") ? PAWN : -1;
	default:
		return -1;
	}
}

/* The type of v that is chess's piece i (piece_index), or -1. */
static int type_named(const struct variant *v, int i)
{
	for (int t = 0; t < v->ntypes; t++)
		if (piece_index(v->type[t].name) == i)
			return t;
	return -1;
}

/* What language L's letter c stands for in the variant v: a piece type, or -1. */
static int type_in(const struct variant *v, const struct language *L, char c)
{
	const char *at = strchr(L->letters, toupper((unsigned char)c));

	return c && at ? type_named(v, (int)(at - L->letters)) : -1;
}

#define MEANINGS_MAX 4

/* The piece types the letter c may stand for: the player's language's reading when it
 * has the letter, else the variant's own; with no language set, every language's too.
 * Each with the languages that read it so, as bits of languages[] (bit 0: English): the
 * codes are spelt only when a question names them. */
struct meaning {
	int type;
	unsigned langs;
};

static void add_meaning(struct meaning *m, int *n, int type, size_t lang)
{
	int i = 0;

	while (i < *n && m[i].type != type)
		i++;
	if (i == *n && *n < MEANINGS_MAX)
		m[(*n)++] = (struct meaning){ .type = type, .langs = 0 };
	if (i < *n)
		m[i].langs |= 1u << lang;
}

/* Is type t one of chess's six pieces, whose letters depend on the language? */
static bool chess_piece(const struct variant *v, int t)
{
	return piece_index(v->type[t].name) >= 0;
}

static int meanings(const struct variant *v, const struct language *L, bool unset, char c,
		    struct meaning *m)
{
	int n = 0, own = variant_type_by_letter(v, c), t;

	if (own >= 0 && !chess_piece(v, own)) {
		/* a variant's own piece (TigerChess's S, the Swordsman) is its letter's only
		 * reading, in every language: its rules and diagrams write it so */
		add_meaning(m, &n, own, 0);
		return n;
	}
	if (L && (t = type_in(v, L, c)) >= 0) {
		add_meaning(m, &n, t, (size_t)(L - languages));
		return n;
	}
	if (own >= 0)
		add_meaning(m, &n, own, 0);
	for (size_t i = 1; unset && i < NLANG; i++)
		if ((t = type_in(v, &languages[i], c)) >= 0)
			add_meaning(m, &n, t, i);
	return n;
}

/* Where the piece letters of a move stand: its first character, a capital ("Pf3", "Dxd8",
 * not "O-O"), and the promotion piece ("e8=D", "e8(D)", "e8/D", "e8D"); -1 if none. */
static void letter_places(const char *t, int at[2])
{
	size_t n = strlen(t);

	at[0] = at[1] = -1;
	if (isupper((unsigned char)t[0]) && !(t[0] == 'O' && t[1] == '-'))
		at[0] = 0;
	while (n && strchr("+#!?", t[n - 1]))
		n--;
	if (n >= 4 && t[n - 1] == ')' && t[n - 3] == '(' && isalpha((unsigned char)t[n - 2]))
		at[1] = (int)n - 2;
	else if (n >= 3 && strchr("=/", t[n - 2]) && isalpha((unsigned char)t[n - 1]))
		at[1] = (int)n - 1;
	else if (n >= 3 && isupper((unsigned char)t[n - 1]) && isdigit((unsigned char)t[n - 2]))
		at[1] = (int)n - 1;
	if (at[1] == 0)
		at[1] = -1;
}

/* The readings of a move: every choice of a meaning for each of its letters, and the
 * languages that read each letter so (the piece letter's, then the promotion's). */
struct readings {
	int n;
	char text[MEANINGS_MAX * MEANINGS_MAX][SAN_MAX];
	unsigned langs[MEANINGS_MAX * MEANINGS_MAX][2];
};

static void read_letters(const struct variant *v, const struct language *L, bool unset,
			 const char *text, struct readings *r)
{
	struct meaning m[2][MEANINGS_MAX];
	int at[2], nm[2] = { 0, 0 };

	letter_places(text, at);
	for (int k = 0; k < 2; k++)
		if (at[k] >= 0)
			nm[k] = meanings(v, L, unset, text[at[k]], m[k]);
	r->n = 0;
	for (int i = 0; i < (nm[0] ? nm[0] : 1); i++)
		for (int j = 0; j < (nm[1] ? nm[1] : 1); j++) {
			char *t = r->text[r->n];
			str_copy(t, SAN_MAX, text);
			r->langs[r->n][0] = nm[0] ? m[0][i].langs : 0;
			r->langs[r->n][1] = nm[1] ? m[1][j].langs : 0;
			if (nm[0])
				t[at[0]] = v->type[m[0][i].type].letter;
			if (nm[1])
				t[at[1]] = v->type[m[1][j].type].letter;
			r->n++;
		}
}

/* "did you mean f3 or Nf3? ..." for the legal readings ok[0..nok). */
static void question(struct pos *p, const char *text, const struct readings *r,
		     const int *ok, const struct move *mv, int nok, char *why, size_t wlen)
{
	char san[SAN_MAX], coord[SAN_MAX], codes[128] = "", coords[256] = "", sans[256] = "";

	for (int i = 0; i < nok; i++) {
		/* the lists are the moves, with the language's words between */
		const char *sep = i ? i == nok - 1 ? N_(" or ") : ", " : "";
		size_t c = strlen(coords), at = strlen(sans);
		notation_san(p, mv[i], san, sizeof san);
		notation_coord(p, mv[i], coord, sizeof coord);
		snprintf(sans + at, sizeof sans - at, "%s%s", sep, san);
		snprintf(coords + c, sizeof coords - c, "%s%s", sep, coord);
		for (int w = 0; w < 2; w++)
			for (size_t l = 0; l < NLANG; l++) {
				const char *code = languages[l].code;
				size_t k = strlen(codes);
				if ((r->langs[ok[i]][w] >> l & 1) && !strstr(codes, code))
					snprintf(codes + k, sizeof codes - k, "%slanguage %s",
						 k ? ", " : "", code);
			}
	}
	phrase_printf(why, wlen, "did you mean %s? A letter of '%s' reads two ways: write the "
		      "move again alone on its line from square to square (%s), or set your "
		      "language first, alone on a line, with one of: %s", sans, text, coords, codes);
}

int spelling_move(struct pos *p, const char *lang, const char *text, char *out, size_t len,
		  char *why, size_t wlen)
{
	const struct language *L = language_of(lang);
	struct readings r;
	struct move mv[MEANINGS_MAX * MEANINGS_MAX], m;
	int ok[MEANINGS_MAX * MEANINGS_MAX], nok = 0;
	struct err e;

	str_copy(out, len, text);
	if ((L && L == &languages[0]) || strlen(text) >= SAN_MAX)
		return 0;       /* English: the variant's own letters */
	read_letters(p->v, L, !L, text, &r);
	if (r.n == 1)
		str_copy(out, len, r.text[0]);
	if (r.n <= 1)
		return 0;
	for (int i = 0; i < r.n; i++) {
		if (notation_parse(p, r.text[i], &m, &e) < 0)
			continue;
		int k = 0;
		while (k < nok && !move_equal(mv[k], m))
			k++;
		if (k == nok)
			ok[nok] = i, mv[nok++] = m;
	}
	if (nok == 1)           /* the only reading that is a move: no doubt to ask about */
		str_copy(out, len, r.text[ok[0]]);
	if (nok <= 1)
		return 0;
	question(p, text, &r, ok, mv, nok, why, wlen);
	return 1;
}

/* The letter language L writes for type t of v: its own letter for a variant's piece,
 * or one of chess's pieces the language names otherwise. */
static char letter_in(const struct variant *v, const struct language *L, int t)
{
	int i = L ? piece_index(v->type[t].name) : -1;

	return i >= 0 && i != PAWN ? L->letters[i] : v->type[t].letter;
}

void spelling_san_local(const struct variant *v, const char *lang, const char *san, char *out,
			size_t len)
{
	const struct language *L = language_of(lang);
	int at[2], t;

	str_copy(out, len, san);
	if (!L || L == &languages[0] || strlen(san) >= len)
		return;
	letter_places(out, at);
	for (int k = 0; k < 2; k++)
		if (at[k] >= 0 && (t = variant_type_by_letter(v, out[at[k]])) >= 0)
			out[at[k]] = letter_in(v, L, t);
}
