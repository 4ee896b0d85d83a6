/* test_squares.c: a square found by its name (variant_square_named, variant_file_named)
 * answers what a search of every square's name answers, for every variant in rules/ and
 * tests/variants/: the grid's names read directly (files a..z then aa, ab ...; ranks with
 * no leading zero), the squares off the grid (TigerChess's reserves, c0, c10) by an index,
 * before and after the variant is compiled, in any case, and nothing else. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "enginetest.h"
#include "engine/variant.h"

/* What the lookup answered when it compared the text with every square's name. */
static sq_t named_by_search(const struct variant *v, const char *name, size_t len)
{
	if (len == 0 || len >= sizeof v->sq_name[0])
		return SQ_NONE;
	for (int s = 0; s < v->nsq; s++)
		if (!strncasecmp(v->sq_name[s], name, len) && v->sq_name[s][len] == 0)
			return (sq_t)s;
	return SQ_NONE;
}

static int file_by_search(const struct variant *v, const char *s, size_t n)
{
	char name[3];

	for (int f = 0; f < v->files; f++) {
		variant_file_name(f, name);
		if (strlen(name) == n && !strncasecmp(name, s, n))
			return f;
	}
	return -1;
}

static int mismatches;

static void same(const struct variant *v, const char *text, size_t len)
{
	sq_t got = variant_square_named(v, text, len), want = named_by_search(v, text, len);

	if (got != want && mismatches++ < 5)
		check_context("%s: '%.*s'", v->name, (int)len, text);
	CHECK(got == want);
	if (len <= 2)
		CHECK(variant_file_named(v, text, len) == file_by_search(v, text, len));
}

/* Every name, in both cases and cut short; every text of up to three characters from
 * letters and digits that name squares, or nearly, on some board. */
static void check_variant(const struct variant *v)
{
	static const char alphabet[] = "abhiksyzAZ0189";
	char text[16];
	size_t na = sizeof alphabet - 1;

	for (int s = 0; s < v->nsq; s++) {
		size_t len = strlen(v->sq_name[s]);
		snprintf(text, sizeof text, "%s", v->sq_name[s]);
		CHECK(variant_square_named(v, text, len) == s);
		for (size_t i = 0; i < len; i++)
			text[i] = (char)toupper((unsigned char)text[i]);
		CHECK(variant_square_named(v, text, len) == s);
		for (size_t k = 0; k <= len; k++)
			same(v, text, k);
		snprintf(text, sizeof text, "%s0", v->sq_name[s]);
		same(v, text, len + 1);
		snprintf(text, sizeof text, "x%s", v->sq_name[s]);
		same(v, text, len + 1);
	}
	for (size_t a = 0; a < na; a++)
		for (size_t b = 0; b <= na; b++)
			for (size_t c = 0; c <= na; c++) {
				size_t len = 1 + (b < na) + (b < na && c < na);
				text[0] = alphabet[a], text[1] = alphabet[b % na], text[2] = alphabet[c % na];
				same(v, text, len);
			}
	same(v, "a01", 3);
	same(v, "a1x", 3);
	same(v, "a-1", 3);
}

static void check_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!CHECK(d != NULL))
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[512];
		if (len <= 5 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (strstr(de->d_name, "cards"))
			continue;               /* a card catalogue, not a variant */
		struct variant *v = test_variant(path), *raw = malloc(sizeof *raw);
		check_variant(v);
		memcpy(raw, v, sizeof *raw);    /* as the rules loader sees it: not compiled */
		raw->t = NULL;
		check_variant(raw);
		free(raw);
		variant_free(v);
	}
	closedir(d);
}

int main(void)
{
	check_dir("rules");
	check_dir("tests/variants");
	check_context(NULL);
	return check_done();
}
