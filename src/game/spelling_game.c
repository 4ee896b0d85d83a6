/* spelling_game.c: what the spelling (spelling.h) asks of a game's boards and of the order
 * reader: whether a move written as a pair of squares was the one played (spelling_pair),
 * and whether a subject holds an order the body lacks (spelling_subject_hint). Above
 * the boards and the order reader; spelling.c itself, which both use, stands below them. */
#include "game/spelling.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/notation.h"
#include "game/order.h"
#include "util/phrase.h"

/* ---- a move pair ---- */

struct pair_walk {
	int at, n;                      /* the entry looked for; entries seen */
	const char *lang, *first;
	const char *entry;              /* the move played there */
	bool same;
};

static int pair_each(const struct pos *before, const char *entry, void *arg)
{
	struct pair_walk *pw = arg;
	char text[SAN_MAX], why[512], san[SAN_MAX];
	struct pos *p;
	struct move m;
	struct err e;

	if (pw->n++ != pw->at)
		return 0;
	if (!(p = malloc(sizeof *p)))   /* 16 KB: not on the stack */
		return -1;
	pw->entry = entry;
	memcpy(p, before, sizeof *p);
	spelling_move(p, pw->lang, pw->first, text, sizeof text, why, sizeof why);
	if (notation_parse(p, text, &m, &e) == 0) {
		notation_san(p, m, san, sizeof san);
		pw->same = !strcmp(san, entry);
	}
	free(p);
	return 1;
}

int spelling_pair(const struct game *g, int b, const char *lang, const char *first,
		  const char *mine, char *why, size_t wlen)
{
	const struct board *bd = &g->board[b];
	struct pair_walk pw = { .at = bd->nmoves - 1, .lang = lang, .first = first };

	if (bd->pos->side == WHITE)
		return phrase_printf(why, wlen, "one move per mail: '%s %s' holds two moves; write only "
				"yours, alone on its line", first, mine), -1;
	if (bd->nmoves == 0)
		return phrase_printf(why, wlen, "'%s' is not the move before yours: no move was made "
				"yet; write only your own move, alone on its line", first), -1;
	if (bd->moves[pw.at][0] == '@')         /* a ChessMe turn, a card's edit */
		return phrase_printf(why, wlen, "the turn before yours was no plain move that '%s' can "
				"be checked against: write only your own move, alone on its line",
				first), -1;
	if (game_walk(g, b, pair_each, &pw) < 0 || !pw.entry)
		return phrase_printf(why, wlen, "the moves of board %d cannot be read again", b + 1), -1;
	if (!pw.same)
		return phrase_printf(why, wlen, "the move before yours was %s, not '%s': write only your "
				"own move, alone on its line", pw.entry, first), -1;
	return 0;
}

/* ---- the subject ---- */

/* What a subject says besides its reply and forward prefixes in the languages of the
 * mail clients ("Re:", "AW:", "SV:", "Fwd:", "RE[2]:") and its bracketed tags. */
static void subject_words(const char *subject, char *out, size_t len)
{
	static const char *const prefixes[] = { "re", "aw", "sv", "vs", "fw", "fwd", "wg", "tr",
						"antw", "odp", "rif", "r", "ref", "res", "enc", "rv" };
	size_t n = 0;
	int depth = 0;

	for (const char *s = subject; *s && n + 1 < len; s++) {
		depth += *s == '[';
		if (!depth)
			out[n++] = *s;
		depth -= *s == ']' && depth;
	}
	out[n] = 0;
	spelling_chars(out);
	for (char *s = out;;) {
		while (isspace((unsigned char)*s))
			s++;
		size_t k = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
		bool prefix = false;
		for (size_t i = 0; k && s[k] == ':' && i < sizeof prefixes / sizeof prefixes[0]; i++)
			prefix |= strlen(prefixes[i]) == k && !strncasecmp(s, prefixes[i], k);
		if (!prefix) {
			memmove(out, s, strlen(s) + 1);
			break;
		}
		s += k + 1;
	}
	for (n = strlen(out); n && isspace((unsigned char)out[n - 1]);)
		out[--n] = 0;
}

bool spelling_subject_hint(const char *subject, char *hint, size_t len)
{
	char said[ORDER_ARG_MAX];
	struct order_line line = { 1, said };
	struct orders o;
	struct err e;

	hint[0] = 0;
	subject_words(subject ? subject : "", said, sizeof said);
	if (!said[0] || order_parse(&line, 1, NULL, 0, &o, &e) < 0)
		return false;
	if (o.n && o.o[0].kind == ORDER_MOVE)
		phrase_printf(hint, len, "Your subject reads \"%s\", but I do not read the subject: "
			      "write your move in the body of your mail, alone on its line.", said);
	else if (o.n)
		phrase_printf(hint, len, "Your subject reads \"%s\", but I do not read the subject: "
			      "write your order in the body of your mail, alone on its line.", said);
	orders_free(&o);
	return hint[0] != 0;
}
