/* order_arg.c: what follows an order word (order_arg.h): the shape that makes a line an
 * order rather than prose that begins with its word, and the reading of its argument. */
#include "game/order_arg.h"
#include "game/order_words.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* An argument of numbers ("list 17 3 45", "card 23", "time 3 days", "vacation 5 days")
 * starts with a digit, or with one of the words its usage shows ("list random",
 * "vacation until ...", "vacation end"); a usage that shows one of them first ("list
 * random") is of that shape too. A free text ("effect kill e7", "message ...") has any
 * shape. */
static bool numbers_shaped(const struct order_word *k, const char *english, const char *w0)
{
	/* the usage of another language's word is in that language ("carte 23") */
	const char *u = k->usage, *lead = strncasecmp(u, english, strlen(english)) ? k->words :
					  english, *arg = u + strlen(lead);
	char word[40];

	if (strncasecmp(u, lead, strlen(lead)) || *arg != ' ' ||
	    !(isdigit((unsigned char)arg[1]) || order_args_word(k, arg + 1)))
		return true;            /* its usage shows a free text */
	if (isdigit((unsigned char)w0[0]) ||
	    ((w0[0] == '-' || w0[0] == '+') && isdigit((unsigned char)w0[1])) ||
	    order_args_word(k, w0))           /* "random", read in English whatever it was written in */
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
/* english: k's words in English (the usage shows them so) */
bool order_arg_shaped(const struct order_word *k, const char *english, char **w, int nw)
{
	if (k->shaped)
		return k->shaped(w, nw);
	switch (k->arg) {
	case ORDER_ARG_NONE:
		return nw == 0;
	case ORDER_ARG_NUMBER:
		return nw == 1 && (isdigit((unsigned char)w[0][0]) ||
				   (w[0][0] == '#' && isdigit((unsigned char)w[0][1])));
	case ORDER_ARG_MOVE:
		return nw >= 1 && nw <= 2 && (order_move_shaped(w[nw - 1]) || order_numbered_move(w[nw - 1]));
	case ORDER_ARG_ADDRESS:
		return nw == 1 && strchr(w[0], '@');
	case ORDER_ARG_COLOUR:
	case ORDER_ARG_WORD:
		return nw == 1;
	case ORDER_ARG_NUMBERS:
	case ORDER_ARG_REST:
		return nw >= 1 && numbers_shaped(k, english, w[0]);
	default:
		return true;
	}
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

/* The one word of a number, an address, a colour or a word (o->arg holds it). */
static int read_word(const struct order_word *k, char **w, struct order *o, char *reason,
		     size_t rlen)
{
	switch (k->arg) {
	case ORDER_ARG_NUMBER: {
		const char *s = w[0] + (w[0][0] == '#');
		char *end;
		long n = strtol(s, &end, 10);
		if (end == s || *end || n < 1 || n > 99999999)
			return phrase_printf(reason, rlen, "'%s' is not a %s", w[0],
					k->kind == ORDER_GAME ? N_("game number") : N_("number")), -1;
		o->number = (int)n;
		return 0;
	}
	case ORDER_ARG_ADDRESS: {
		char *a = w[0];
		size_t n = strlen(a);
		if (n >= 2 && a[0] == '<' && a[n - 1] == '>')
			a[n - 1] = 0, a++;
		if (strlen(a) > ADDRESS_LEN_MAX)
			return phrase_printf(reason, rlen, "that address has %zu characters, more than the "
					"%d a mail address may have", strlen(a), ADDRESS_LEN_MAX), -1;
		if (!order_address_ok(a))
			return phrase_printf(reason, rlen, "'%s' is not a mail address", w[0]), -1;
		snprintf(o->arg, sizeof o->arg, "%s", a);
		for (char *c = strchr(o->arg, '@'); c && *c; c++)
			*c = (char)tolower((unsigned char)*c);
		return 0;
	}
	case ORDER_ARG_COLOUR:
		for (char *c = o->arg; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (strcmp(o->arg, "white") && strcmp(o->arg, "black") && strcmp(o->arg, "random"))
			return phrase_printf(reason, rlen, "the colour is white, black or random, not '%s'",
					w[0]), -1;
		return 0;
	case ORDER_ARG_WORD:
		if (k->kind == ORDER_NEW)
			for (char *c = o->arg; *c; c++)
				*c = (char)tolower((unsigned char)*c);
		return 0;
	default:
		return 0;
	}
}

int order_read_arg(const struct order_word *k, char **w, int nw, struct order *o, char *reason,
		   size_t rlen)
{
	if (k->arg == ORDER_ARG_NONE) {
		if (nw)
			return phrase_printf(reason, rlen, "'%s' takes nothing after it", k->usage), -1;
		return 0;
	}
	if (nw == 0)
		return phrase_printf(reason, rlen, "write it as: %s", k->usage), -1;
	if (k->arg == ORDER_ARG_REST || k->arg == ORDER_ARG_NUMBERS) {
		size_t at = 0;
		for (int i = 0; i < nw; i++)
			at += (size_t)snprintf(o->arg + at, at < sizeof o->arg ? sizeof o->arg - at : 0,
					       "%s%s", i ? " " : "", w[i]);
		if (at >= sizeof o->arg)
			return phrase_printf(reason, rlen, "the line is too long"), -1;
		return 0;
	}
	if (k->arg == ORDER_ARG_MOVE) {
		int first = order_move_number(w[0]) ? 1 : 0;
		if (first)
			o->number = order_move_number(w[0]);
		if (nw - first != 1)
			return phrase_printf(reason, rlen, "one move per line, e.g. %s", k->usage), -1;
		snprintf(o->arg, sizeof o->arg, "%s", w[first]);
		return 0;
	}
	if (nw != 1)
		return phrase_printf(reason, rlen, "write it as: %s", k->usage), -1;
	snprintf(o->arg, sizeof o->arg, "%s", w[0]);
	return read_word(k, w, o, reason, rlen);
}
