/* terms.c: a tournament's terms as lines (tournament.h): what `tempest tournament new`
 * builds from its options, what an arbiter's mail holds under "tournament new VARIANT",
 * and what the creation's record in the tournament's log keeps for a replay. */
#include "tournament/tournament.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/clock.h"
#include "util/err.h"

void tn_terms_default(struct tn_terms *terms)
{
	memset(terms, 0, sizeof *terms);
	terms->win = 2;
	terms->draw = 1;
	terms->rated = true;
}

/* A whole number from lo to hi, all of s: 0, or -1. */
static int whole(const char *s, int lo, int hi, int *out)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (!isdigit((unsigned char)*s) || *end || n < lo || n > hi)
		return -1;
	*out = (int)n;
	return 0;
}

/* "2027-01-15": the entry is open through that day (UTC), closing as the next begins;
 * "2027-01-15T18:00:00Z" (or without seconds): at that moment. */
static long long closing_time(const char *s)
{
	char iso[40], back[CLOCK_ISO_MAX];
	size_t n = strlen(s);

	if (n == 10) {
		snprintf(iso, sizeof iso, "%sT00:00:00Z", s);
		long long t = clock_parse(iso);
		clock_iso(t, back);
		return t < 0 || strcmp(back, iso) ? -1 : t + 86400;
	}
	if (n == 17 && s[16] == 'Z')
		snprintf(iso, sizeof iso, "%.16s:00Z", s);
	else
		snprintf(iso, sizeof iso, "%s", s);
	long long t = clock_parse(iso);
	clock_iso(t, back);
	return t < 0 || strcmp(back, iso) ? -1 : t;
}

/* "1/½/0", "1/0.5/0", "2/1/0", "3/1/0" (or with '-' between): the win's points. */
static int points_of(const char *s, struct tn_terms *terms)
{
	static const struct { const char *text; int win, draw; } schemes[] = {
		{ "1/½/0", 2, 1 }, { "1/0.5/0", 2, 1 }, { "1-½-0", 2, 1 }, { "1-0.5-0", 2, 1 },
		{ "2/1/0", 4, 2 }, { "2-1-0", 4, 2 }, { "3/1/0", 6, 2 }, { "3-1-0", 6, 2 },
	};

	for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
		if (!strcmp(s, schemes[i].text)) {
			terms->win = schemes[i].win;
			terms->draw = schemes[i].draw;
			terms->loss = 0;
			return 0;
		}
	return -1;
}

const char *tn_points_text(const struct tn_terms *terms, char *out, size_t len)
{
	if (terms->win == 2)
		snprintf(out, len, "1/½/0");
	else
		snprintf(out, len, "%d/%d/%d", terms->win / 2, terms->draw / 2, terms->loss / 2);
	return out;
}

/* The word that opens the line and what follows it (blanks around trimmed). */
static void split(const char *line, char *word, size_t wlen, const char **rest)
{
	size_t n = 0;

	while (isspace((unsigned char)*line))
		line++;
	while (line[n] && !isspace((unsigned char)line[n]))
		n++;
	snprintf(word, wlen, "%.*s", (int)(n < wlen ? n : wlen - 1), line);
	line += n;
	while (isspace((unsigned char)*line))
		line++;
	*rest = line;
}

static bool address_like(const char *s)
{
	const char *at = strchr(s, '@');

	return at && at != s && at[1] && !strpbrk(s, " \t<>\"") && strlen(s) < TN_ADDR_MAX &&
	       strlen(s) <= 254;
}

/* A term whose argument is a text (name, site): 1, or -1. */
static int text_term(char *field, size_t len, const char *rest, const char *word, char *why,
		     size_t wlen)
{
	if (!*rest || strlen(rest) >= len || strpbrk(rest, "\"\\"))
		return phrase_printf(why, wlen, "write: %s and a text of 1 to %zu characters, without "
					      "quotes or backslashes", word, len - 1), -1;
	snprintf(field, len, "%s", rest);
	return 1;
}

/* The terms of one word alone ("rolling"): 1, 0 (not one), -1. */
static int flag_term(struct tn_terms *terms, const char *word, const char *rest, char *why,
		     size_t wlen)
{
	static const struct { const char *word; size_t at; bool value; } flags[] = {
		{ "rolling", offsetof(struct tn_terms, rolling), true },
		{ "double", offsetof(struct tn_terms, double_rr), true },
		{ "single", offsetof(struct tn_terms, double_rr), false },
		{ "rated", offsetof(struct tn_terms, rated), true },
		{ "unrated", offsetof(struct tn_terms, rated), false },
	};

	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcasecmp(word, flags[i].word)) {
			if (*rest)
				return phrase_printf(why, wlen, "write '%s' alone on its line", word), -1;
			*(bool *)((char *)terms + flags[i].at) = flags[i].value;
			return 1;
		}
	return 0;
}

int tn_terms_line(struct tn_terms *terms, const char *line, char *why, size_t wlen)
{
	char word[32];
	const char *rest;
	int rc;

	split(line, word, sizeof word, &rest);
	if ((rc = flag_term(terms, word, rest, why, wlen)) != 0)
		return rc;
	if (!strcasecmp(word, "name"))
		return text_term(terms->name, sizeof terms->name, rest, "name", why, wlen);
	if (!strcasecmp(word, "site"))
		return text_term(terms->site, sizeof terms->site, rest, "site", why, wlen);
	if (!strcasecmp(word, "variant"))
		return text_term(terms->variant, sizeof terms->variant, rest, "variant", why, wlen);
	if (!strcasecmp(word, "players"))
		return whole(rest, 2, TN_PLAYERS_MAX, &terms->players) == 0 ? 1 :
		       (phrase_printf(why, wlen, "write: players N (2 to %d)", TN_PLAYERS_MAX), -1);
	if (!strcasecmp(word, "sections"))
		return whole(rest, 3, TN_SECTION_MAX, &terms->section) == 0 ? 1 :
		       (phrase_printf(why, wlen, "write: sections N, the most players of a section "
					       "(3 to %d)", TN_SECTION_MAX), -1);
	if (!strcasecmp(word, "points"))
		return points_of(rest, terms) == 0 ? 1 :
		       (phrase_printf(why, wlen, "write: points 1/½/0, points 2/1/0 or points 3/1/0"), -1);
	if (!strcasecmp(word, "closes")) {
		long long t = closing_time(rest);
		if (t < 0)
			return phrase_printf(why, wlen, "write: closes 2027-01-15 (the entry is open "
						      "through that day, UTC)"), -1;
		terms->closes = t;
		return 1;
	}
	if (!strcasecmp(word, "arbiter")) {
		if (!address_like(rest))
			return phrase_printf(why, wlen, "write: arbiter ADDRESS"), -1;
		snprintf(terms->arbiter, sizeof terms->arbiter, "%s", rest);
		return 1;
	}
	size_t at = strlen(terms->games), n = strlen(line);
	if (at + n + 2 > sizeof terms->games)
		return phrase_printf(why, wlen, "the games' terms are too long"), -1;
	snprintf(terms->games + at, sizeof terms->games - at, "%s%s", at ? "\n" : "", line);
	return 0;
}

int tn_entrants_line(const char *line, char (*addr)[TN_ADDR_MAX], int max, int *n)
{
	char word[32], copy[TN_TERMS_MAX], *save = NULL;
	const char *rest;

	split(line, word, sizeof word, &rest);
	if (strcasecmp(word, "entrants"))
		return -1;
	snprintf(copy, sizeof copy, "%s", rest);
	for (char *w = strtok_r(copy, " \t,;", &save); w; w = strtok_r(NULL, " \t,;", &save)) {
		if (!address_like(w) || *n >= max)
			return -1;
		snprintf(addr[(*n)++], TN_ADDR_MAX, "%s", w);
	}
	return 0;
}

int tn_terms_check(const struct tn_terms *terms, char *why, size_t wlen)
{
	if (!terms->variant[0])
		return phrase_printf(why, wlen, "a tournament names its variant"), -1;
	if (terms->rolling && !terms->players)
		return phrase_printf(why, wlen, "a rolling tournament needs its number of players "
					      "(players N): its tables are drawn for that many"), -1;
	if (terms->rolling && terms->section)
		return phrase_printf(why, wlen, "a rolling tournament is one section: its number of "
					      "players is its size"), -1;
	if (terms->players > TN_SECTION_MAX && !terms->section)
		return phrase_printf(why, wlen, "more than %d players need sections (sections N)",
				TN_SECTION_MAX), -1;
	return 0;
}

void tn_terms_text(const struct tn_terms *t, char *out, size_t len)
{
	char points[16], closes[CLOCK_ISO_MAX];
	size_t at = 0;

#define PUT(...) do { if (at < len) at += (size_t)snprintf(out + at, len - at, __VA_ARGS__); } while (0)
	PUT("variant %s\n", t->variant);
	if (t->name[0])
		PUT("name %s\n", t->name);
	if (t->site[0])
		PUT("site %s\n", t->site);
	if (t->players)
		PUT("players %d\n", t->players);
	if (t->closes) {
		clock_iso(t->closes, closes);
		PUT("closes %s\n", closes);
	}
	PUT("%s%s%s", t->rolling ? "rolling\n" : "", t->double_rr ? "double\n" : "",
	    t->rated ? "" : "unrated\n");
	if (t->section)
		PUT("sections %d\n", t->section);
	if (t->win != 2 || t->draw != 1)
		PUT("points %s\n", tn_points_text(t, points, sizeof points));
	if (t->arbiter[0])
		PUT("arbiter %s\n", t->arbiter);
	if (t->games[0])
		PUT("%s\n", t->games);
#undef PUT
	if (at && at <= len && out[at - 1] == '\n')
		out[at - 1] = 0;
}
