/* order.c: see order.h. A table of keywords; each knows what follows it. */
#include "game/order.h"
#include "game/spelling.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#define ARG_NONE ORDER_ARG_NONE
#define ARG_NUMBER ORDER_ARG_NUMBER
#define ARG_WORD ORDER_ARG_WORD
#define ARG_MOVE ORDER_ARG_MOVE
#define ARG_ADDRESS ORDER_ARG_ADDRESS
#define ARG_COLOUR ORDER_ARG_COLOUR
#define ARG_REST ORDER_ARG_REST
#define keyword order_word

/* Longer phrases first: "accept draw" before "accept". */
static const struct keyword keywords[] = {
	{ "offer draw", ORDER_OFFER_DRAW, ARG_NONE, "offer draw", NULL },
	{ "draw offer", ORDER_OFFER_DRAW, ARG_NONE, "offer draw", NULL },
	{ "accept draw", ORDER_ACCEPT_DRAW, ARG_NONE, "accept draw", NULL },
	{ "decline draw", ORDER_DECLINE_DRAW, ARG_NONE, "decline draw", NULL },
	{ "claim draw", ORDER_CLAIM_DRAW, ARG_NONE, "claim draw", NULL },
	{ "game", ORDER_GAME, ARG_NUMBER, "game 17", NULL },
	{ "move", ORDER_MOVE, ARG_MOVE, "move Nf3", NULL },
	{ "resign", ORDER_RESIGN, ARG_NONE, "resign", NULL },
	{ "status", ORDER_STATUS, ARG_NONE, "status", NULL },
	{ "board", ORDER_STATUS, ARG_NONE, "status", NULL },
	{ "history", ORDER_HISTORY, ARG_NONE, "history", NULL },
	{ "help", ORDER_HELP, ARG_NONE, "help", NULL },
	{ "test", ORDER_TEST, ARG_NONE, "test", NULL },
	{ "new", ORDER_NEW, ARG_WORD, "new chess", NULL },
	{ "opponent", ORDER_OPPONENT, ARG_ADDRESS, "opponent bob@example.org", NULL },
	{ "colour", ORDER_COLOUR, ARG_COLOUR, "colour white, colour black or colour random", NULL },
	{ "color", ORDER_COLOUR, ARG_COLOUR, "colour white, colour black or colour random", NULL },
	{ "accept", ORDER_ACCEPT, ARG_NONE, "accept", NULL },
	{ "decline", ORDER_DECLINE, ARG_NONE, "decline", NULL },
	{ "password", ORDER_PASSWORD, ARG_WORD, "password WORD", NULL },
	{ "concede", ORDER_RESIGN, ARG_NONE, "resign", NULL },
	/* the usage names each form's first word: "time fischer ..." is an order, not prose */
	{ "time", ORDER_TIME, ARG_REST, "time 3 days per move (or fischer ..., deployment ..., "
	  "none)", NULL },
	{ "arbiter", ORDER_ARBITER, ARG_ADDRESS, "arbiter carol@example.org", NULL },
	{ "vacation", ORDER_VACATION, ARG_REST, "vacation 5 days, vacation until 2026-12-24, or vacation end", NULL },
	{ "holiday", ORDER_VACATION, ARG_REST, "holiday 5 days, holiday until 2026-12-24, or holiday end", NULL },
	{ "timezone", ORDER_TIMEZONE, ARG_WORD, "timezone Europe/Paris", NULL },
	{ "language", ORDER_LANGUAGE, ARG_WORD, "language nl", NULL },
	{ "message", ORDER_MESSAGE, ARG_REST, "message Good luck!", NULL },
};

const char *order_name(int k)
{
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		if (keywords[i].kind == k)
			return keywords[i].usage;
	return "?";
}

/* Splits s into at most max words (in place); returns how many. */
static int words(char *s, char **w, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		w[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = 0;
	}
	return n;
}

/* Could this word be a move as people write it? Letters, digits and move punctuation,
 * with a digit (a square) or castling's O-O; figurines allowed. */
static bool movelike(const char *w)
{
	bool digit = false;
	size_t n = strlen(w);

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

/* An argument of numbers ("list 17 3 45", "card 23", "time 3 days", "vacation 5 days")
 * starts with a digit, or with one of the words its usage shows ("list random",
 * "vacation until ...", "vacation end"); a free text ("effect kill e7", "message ...")
 * has any shape. */
static bool numbers_shaped(const struct keyword *k, const char *w0)
{
	const char *u = k->usage, *arg = u + strlen(k->words);
	char word[40];

	if (strncasecmp(u, k->words, strlen(k->words)) || *arg != ' ' ||
	    !isdigit((unsigned char)arg[1]))
		return true;            /* its usage shows a free text */
	if (isdigit((unsigned char)w0[0]) ||
	    ((w0[0] == '-' || w0[0] == '+') && isdigit((unsigned char)w0[1])))
		return true;
	snprintf(word, sizeof word, " %s", w0);
	for (const char *p = u; (p = strcasestr(p, word)); p++)
		if (!isalnum((unsigned char)p[strlen(word)]))
			return true;
	return false;
}

/* Does what follows a keyword have the shape of its argument? Then a failure to read it
 * is a faulty order, told as such; otherwise the line is prose that happens to begin
 * with an order word ("Game on!", "Accept my thanks", "Time flies", "Move fast"). */
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

static bool arg_shaped(const struct keyword *k, char **w, int nw)
{
	if (k->shaped)
		return k->shaped(w, nw);
	switch (k->arg) {
	case ARG_NONE:
		return nw == 0;
	case ARG_NUMBER:
		return nw == 1 && (isdigit((unsigned char)w[0][0]) ||
				   (w[0][0] == '#' && isdigit((unsigned char)w[0][1])));
	case ARG_MOVE:
		return nw >= 1 && nw <= 2 && (movelike(w[nw - 1]) || order_numbered_move(w[nw - 1]));
	case ARG_ADDRESS:
		return nw == 1 && strchr(w[0], '@');
	case ARG_COLOUR:
	case ARG_WORD:
		return nw == 1;
	case ORDER_ARG_NUMBERS:
	case ARG_REST:
		return nw >= 1 && numbers_shaped(k, w[0]);
	default:
		return true;
	}
}

/* Blanks other than ASCII ones (a no-break space from a word processor or a phone, thin
 * spaces) become spaces, and a line's closing punctuation goes ("Nf3.", "Resign.",
 * "Time flies…"), so that an order reads the same however it was typed. */
static void normalize(char *s, bool strip_end)
{
	static const char *const blanks[] = { "\xc2\xa0", "\xe2\x80\xaf", "\xe2\x80\x89",
					      "\xe2\x80\x8b", "\xe3\x80\x80", "\t" };
	for (size_t i = 0; i < sizeof blanks / sizeof blanks[0]; i++)
		for (char *p = s; (p = strstr(p, blanks[i]));) {
			size_t n = strlen(blanks[i]);
			*p = ' ';
			memmove(p + 1, p + n, strlen(p + n) + 1);
		}
	size_t n = strlen(s);
	for (; strip_end;) {
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (n && strchr(".,;", s[n - 1]))
			n--;
		else if (n >= 3 && !memcmp(s + n - 3, "\xe2\x80\xa6", 3))
			n -= 3;
		else
			break;
	}
	s[n] = 0;
}

/* "12." or "12..." before a move; returns the number or 0. */
static int move_number(const char *w)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (end == w || *end != '.' || n < 1 || n > 100000)
		return 0;
	while (*end == '.')
		end++;
	return *end ? 0 : (int)n;
}

static int add_note(struct order_note **arr, size_t *n, int lineno, const char *text,
		    const char *reason)
{
	struct order_note *a = realloc(*arr, (*n + 1) * sizeof **arr);

	if (!a)
		return -1;
	*arr = a;
	a[*n].lineno = lineno;
	snprintf(a[*n].text, sizeof a[*n].text, "%s", text);
	snprintf(a[*n].reason, sizeof a[*n].reason, "%s", reason);
	(*n)++;
	return 0;
}

static int add_order(struct orders *out, struct order *o)
{
	struct order *a = realloc(out->o, (out->n + 1) * sizeof *a);

	if (!a)
		return -1;
	out->o = a;
	a[out->n++] = *o;
	return 0;
}

bool order_address_ok(const char *a)
{
	const char *at = strchr(a, '@');

	if (!at || at == a || !at[1] || strchr(at + 1, '@') || !strchr(at + 1, '.') ||
	    strlen(a) > ADDRESS_LEN_MAX)
		return false;
	for (const char *c = a; *c; c++)
		if (isspace((unsigned char)*c) || *c == '<' || *c == '>' || *c == '"' || *c == ',')
			return false;
	return true;
}

/* The argument of a keyword order; "" and a reason on failure. */
static int read_arg(const struct keyword *k, char **w, int nw, struct order *o, char *reason,
		    size_t rlen)
{
	if (k->arg == ARG_NONE) {
		if (nw)
			return snprintf(reason, rlen, "'%s' takes nothing after it", k->usage), -1;
		return 0;
	}
	if (nw == 0)
		return snprintf(reason, rlen, "write it as: %s", k->usage), -1;
	if (k->arg == ARG_REST || k->arg == ORDER_ARG_NUMBERS) {
		size_t at = 0;
		for (int i = 0; i < nw; i++)
			at += (size_t)snprintf(o->arg + at, at < sizeof o->arg ? sizeof o->arg - at : 0,
					       "%s%s", i ? " " : "", w[i]);
		if (at >= sizeof o->arg)
			return snprintf(reason, rlen, "the line is too long"), -1;
		return 0;
	}
	if (k->arg == ARG_MOVE) {
		int first = move_number(w[0]) ? 1 : 0;
		if (first)
			o->number = move_number(w[0]);
		if (nw - first != 1)
			return snprintf(reason, rlen, "one move per line, e.g. %s", k->usage), -1;
		snprintf(o->arg, sizeof o->arg, "%s", w[first]);
		return 0;
	}
	if (nw != 1)
		return snprintf(reason, rlen, "write it as: %s", k->usage), -1;
	snprintf(o->arg, sizeof o->arg, "%s", w[0]);
	switch (k->arg) {
	case ARG_NUMBER: {
		const char *s = w[0] + (w[0][0] == '#');
		char *end;
		long n = strtol(s, &end, 10);
		if (end == s || *end || n < 1 || n > 99999999)
			return snprintf(reason, rlen, "'%s' is not a %s", w[0],
					k->kind == ORDER_GAME ? "game number" : "number"), -1;
		o->number = (int)n;
		return 0;
	}
	case ARG_ADDRESS: {
		char *a = w[0];
		size_t n = strlen(a);
		if (n >= 2 && a[0] == '<' && a[n - 1] == '>')
			a[n - 1] = 0, a++;
		if (strlen(a) > ADDRESS_LEN_MAX)
			return snprintf(reason, rlen, "that address has %zu characters, more than the "
					"%d a mail address may have", strlen(a), ADDRESS_LEN_MAX), -1;
		if (!order_address_ok(a))
			return snprintf(reason, rlen, "'%s' is not a mail address", w[0]), -1;
		snprintf(o->arg, sizeof o->arg, "%s", a);
		for (char *c = strchr(o->arg, '@'); c && *c; c++)
			*c = (char)tolower((unsigned char)*c);
		return 0;
	}
	case ARG_COLOUR:
		for (char *c = o->arg; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (strcmp(o->arg, "white") && strcmp(o->arg, "black") && strcmp(o->arg, "random"))
			return snprintf(reason, rlen, "the colour is white, black or random, not '%s'",
					w[0]), -1;
		return 0;
	case ARG_WORD:
		if (k->kind == ORDER_NEW)
			for (char *c = o->arg; *c; c++)
				*c = (char)tolower((unsigned char)*c);
		return 0;
	default:
		return 0;
	}
}

#define ORDER_WORDS_MAX 160

/* A line of numbers right after "list": the list goes on (mail clients wrap long lines). */
static bool continues_list(struct orders *out, char *buf, int nw, char **w,
			   const struct order_line *l)
{
	struct order *last = out->n ? &out->o[out->n - 1] : NULL;

	(void)buf;
	if (!last || last->shape != ORDER_ARG_NUMBERS || nw == 0 || l->lineno > last->lineno + 1 +
	    last->number)
		return false;
	for (int i = 0; i < nw; i++)
		if (strspn(w[i], "0123456789,") != strlen(w[i]))
			return false;
	for (int i = 0; i < nw; i++) {
		size_t at = strlen(last->arg);
		snprintf(last->arg + at, sizeof last->arg - at, " %s", w[i]);
	}
	last->number++;         /* lines joined so far */
	return true;
}

struct vocab {
	const struct order_word *extra;
	size_t nextra;
};

/* The keyword the line starts with, from the generic table then the extra one. */
static const struct keyword *keyword_at(const struct vocab *vc, size_t i)
{
	size_t ngen = sizeof keywords / sizeof keywords[0];

	return i < ngen ? &keywords[i] : i - ngen < vc->nextra ? &vc->extra[i - ngen] : NULL;
}

/* One line: a keyword order, a move, prose, or an error. */
static int parse_line(const struct order_line *l, const struct vocab *vc, struct orders *out)
{
	char buf[ORDER_ARG_MAX], *w[ORDER_WORDS_MAX], reason[256] = "";
	struct order o;
	int nw;

	memset(&o, 0, sizeof o);
	o.lineno = l->lineno;
	snprintf(o.text, sizeof o.text, "%s", l->text);
	snprintf(buf, sizeof buf, "%s", l->text);
	normalize(buf, true);
	spelling_line(buf, sizeof buf);         /* "*e4*", "e4 :-)", "Ｎｆ３", "O–O" */
	nw = words(buf, w, ORDER_WORDS_MAX);
	if (continues_list(out, buf, nw, w, l))
		return 0;
	if (nw == 0)
		return 0;
	/* the line's first word and first two, as a keyword reads them (made once, then
	 * compared with every keyword) */
	char phrase[2][32];
	for (int n = 0; n < 2; n++) {
		if (n == 0 || nw >= 2)
			snprintf(phrase[n], sizeof phrase[n], n ? "%s %s" : "%s", w[0], n ? w[1] : "");
		else
			phrase[n][0] = 0;
		size_t pn = strlen(phrase[n]);
		while (pn && strchr(":.!", phrase[n][pn - 1]))  /* "Resign." "status:" */
			phrase[n][--pn] = 0;
	}
	const struct keyword *k;
	for (size_t i = 0; (k = keyword_at(vc, i)); i++) {
		bool two = strchr(k->words, ' ') != NULL;
		if ((two && nw < 2) || strcasecmp(phrase[two && nw >= 2], k->words))
			continue;
		int used = two ? 2 : 1;
		/* "resign" alone is an order; "resign if you like" is prose */
		if (!arg_shaped(k, w + used, nw - used))
			break;
		o.kind = k->kind;
		o.shape = k->arg;
		snprintf(o.word, sizeof o.word, "%s", k->words);
		char whole[ORDER_ARG_MAX];
		if (k->arg == ARG_REST) {       /* a free text keeps its closing punctuation */
			snprintf(whole, sizeof whole, "%s", l->text);
			normalize(whole, false);
			nw = words(whole, w, ORDER_WORDS_MAX);
		}
		if (read_arg(k, w + used, nw - used, &o, reason, sizeof reason) < 0)
			return add_note(&out->err, &out->nerr, l->lineno, l->text, reason);
		return add_order(out, &o);
	}
	/* a move alone on a line, perhaps after its number */
	int first = nw >= 2 && move_number(w[0]) ? 1 : 0;
	if (movelike(w[first])) {
		bool all = true;
		for (int i = first; i < nw; i++)
			all &= movelike(w[i]);
		if (first && nw - first == 2 && all && strlen(w[first]) < sizeof o.paired) {
			/* "12. Nf3 Nc6", copied from a score sheet: the game checks the pair */
			o.kind = ORDER_MOVE;
			o.number = move_number(w[0]);
			snprintf(o.paired, sizeof o.paired, "%s", w[first]);
			snprintf(o.arg, sizeof o.arg, "%s", w[first + 1]);
			return add_order(out, &o);
		}
		if (nw - first > 1 && all)
			return add_note(&out->err, &out->nerr, l->lineno, l->text,
					"one move per line (and one mail per turn)");
		if (nw - first == 1) {
			o.kind = ORDER_MOVE;
			o.number = first ? move_number(w[0]) : 0;
			snprintf(o.arg, sizeof o.arg, "%s", w[first]);
			return add_order(out, &o);
		}
	}
	return add_note(&out->prose, &out->nprose, l->lineno, l->text, "");
}

int order_parse(const struct order_line *lines, size_t nlines, const struct order_word *extra,
		size_t nextra, struct orders *out, struct err *e)
{
	struct vocab vc = { extra, nextra };

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < nlines; i++)
		if (parse_line(&lines[i], &vc, out) < 0) {
			orders_free(out);
			return err_set(e, "out of memory reading orders");
		}
	return 0;
}

void orders_free(struct orders *o)
{
	free(o->o);
	free(o->err);
	free(o->prose);
	memset(o, 0, sizeof *o);
}

int order_resolve(struct orders *o, const struct order_word *words, size_t n)
{
	for (size_t i = 0; i < o->n; i++) {
		struct order *od = &o->o[i];
		size_t j = 0;
		if (od->kind < ORDER_KIND_FIRST)
			continue;
		while (j < n && strcmp(words[j].words, od->word))
			j++;
		if (j == n)
			return (int)i;
		od->kind = words[j].kind;
	}
	return -1;
}
