/* test_msg_sizes.c: msg_parse() and html_to_text() on the sizes that must not hurt and on
 * garbage: a 5 MB attachment, a 20 MB message, deep nesting, many parts, a big HTML body,
 * a quote bomb, and the corpus messages of tests/mail/corpus/ damaged a few hundred ways.
 * What they read is checked in test_msg.c. */
#include "mail/html.h"
#include "mail/msg.h"
#include "mail/msg_int.h"
#include "mail/msgtext.h"

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "msgtest.h"

/* ---- Size and garbage -------------------------------------------------------------- */

struct gen {
	char *p;
	size_t len, cap;
};

static void gen_add(struct gen *g, const char *s, size_t n)
{
	if (g->len + n + 1 > g->cap) {
		g->cap = (g->len + n + 1) * 2;
		g->p = realloc(g->p, g->cap);
		if (!g->p)
			abort();
	}
	memcpy(g->p + g->len, s, n);
	g->len += n;
	g->p[g->len] = 0;
}

static void gen_str(struct gen *g, const char *s)
{
	gen_add(g, s, strlen(s));
}

/* n bytes of pseudo-random base64 in 76-column lines. */
static void gen_base64(struct gen *g, size_t n)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned x = 12345;
	char line[78];

	for (size_t done = 0; done < n; done += 76) {
		for (int i = 0; i < 76; i++) {
			x = x * 1103515245u + 12345u;
			line[i] = b64[(x >> 16) & 63];
		}
		line[76] = '\r';
		line[77] = '\n';
		gen_add(g, line, 78);
	}
}

static double seconds_since(clock_t t0)
{
	return (double)(clock() - t0) / CLOCKS_PER_SEC;
}

static void parse_expect_text(const char *what, struct gen *g, const char *text, int source)
{
	struct msg *m;
	struct err e;
	clock_t t0 = clock();

	check_context("%s", what);
	if (CHECK(msg_parse(g->p, g->len, &m, &e) == 0)) {
		CHECK_STR(m->text, text);
		CHECK_INT(m->text_source, source);
		msg_free(m);
	}
	CHECK(seconds_since(t0) < 60);
	check_context(NULL);
}

static void test_big_attachment(void)
{
	struct gen g = { 0 };

	gen_str(&g, MIXED "--b\r\nContent-Type: text/plain\r\n\r\ngame 17\r\nmove Nf3\r\n--b\r\n"
		"Content-Type: application/octet-stream; name=\"photo.jpg\"\r\n"
		"Content-Transfer-Encoding: base64\r\n\r\n");
	gen_base64(&g, 5 << 20);
	gen_str(&g, "--b--\r\n");
	parse_expect_text("5 MB attachment after the text", &g, "game 17\nmove Nf3", MSG_TEXT_PLAIN);
	free(g.p);

	g = (struct gen){ 0 };
	gen_str(&g, MIXED "--b\r\nContent-Type: text/plain; name=\"log.txt\"\r\n"
		"Content-Disposition: attachment; filename=\"log.txt\"\r\n\r\n");
	for (int i = 0; i < (5 << 20) / 16; i++)
		gen_str(&g, "1. e4 e5 2. Nf3\r\n");
	gen_str(&g, "--b\r\nContent-Type: text/plain\r\n\r\nresign\r\n--b--\r\n");
	parse_expect_text("5 MB text attachment before the text", &g, "resign", MSG_TEXT_PLAIN);
	free(g.p);
}

static void test_big_message(void)
{
	struct gen g = { 0 };
	struct msg *m;
	struct msgtext t;
	struct err e;
	clock_t t0 = clock();
	size_t lines = 2;

	gen_str(&g, PLAIN "Content-Type: text/plain; charset=utf-8\r\n"
		"Content-Transfer-Encoding: quoted-printable\r\n\r\ngame 17\r\nresign\r\n");
	while (g.len < (size_t)20 << 20) {
		gen_str(&g, "> 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. B=\r\n"
			"b3 d6 caf=C3=A9\r\n");
		lines++;
	}
	check_context("20 MB message");
	if (CHECK(msg_parse(g.p, g.len, &m, &e) == 0)) {
		CHECK(!strncmp(m->text, "game 17\nresign\n> 1. e4", 22));
		CHECK(strlen(m->text) > (size_t)18 << 20);
		if (CHECK(msgtext_extract(m->text, &t, &e) == 0)) {
			CHECK_INT(t.n, 2);
			msgtext_free(&t);
		}
		msg_free(m);
	}
	CHECK(lines > 100000);
	CHECK(seconds_since(t0) < 60);
	check_context(NULL);
	free(g.p);
}

/* Nested multiparts, closed properly (open: leave the closing delimiters out). */
static void gen_nested(struct gen *g, int depth, bool open)
{
	char line[128];

	gen_str(g, PLAIN "Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n");
	for (int i = 0; i < depth; i++) {
		snprintf(line, sizeof line,
			 "--b%d\r\nContent-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n", i, i + 1);
		gen_str(g, line);
	}
	snprintf(line, sizeof line, "--b%d\r\nContent-Type: text/plain\r\n\r\ne4\r\n", depth);
	gen_str(g, line);
	for (int i = depth; i >= 0 && !open; i--) {
		snprintf(line, sizeof line, "--b%d--\r\n", i);
		gen_str(g, line);
	}
}

/* libetpan needs time in the square of the nesting depth: beyond MSG_MAX_CONTAINERS
 * containers the tree is not walked, so the text is not found even when it is there. */
static void test_deep_nesting(void)
{
	static const struct {
		int depth;
		bool open;
		const char *text;
		int source;
	} cases[] = {
		{ 20, false, "e4", MSG_TEXT_PLAIN },
		{ MSG_MAX_CONTAINERS - 1, false, "e4", MSG_TEXT_PLAIN },
		{ MSG_MAX_CONTAINERS, false, "", MSG_TEXT_NONE },
		{ 20000, true, "", MSG_TEXT_NONE },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gen g = { 0 };
		char what[64];

		gen_nested(&g, cases[i].depth, cases[i].open);
		snprintf(what, sizeof what, "%d nested multiparts", cases[i].depth + 1);
		parse_expect_text(what, &g, cases[i].text, cases[i].source);
		free(g.p);
	}
}

/* A flat multipart with more parts than MSG_MAX_PARTS is not walked (libetpan would
 * need some 400 bytes per part); one with fewer is. */
static void test_many_parts(void)
{
	static const int counts[] = { MSG_MAX_PARTS - 2, 200000 };

	for (size_t i = 0; i < 2; i++) {
		struct gen g = { 0 };

		gen_str(&g, MIXED);
		for (int k = 0; k < counts[i]; k++)
			gen_str(&g, "--b\r\nContent-Type: image/gif\r\n\r\nR0lG\r\n");
		gen_str(&g, "--b\r\nContent-Type: text/plain\r\n\r\ne4\r\n--b--\r\n");
		parse_expect_text(i ? "200000 parts" : "998 parts", &g, i ? "" : "e4",
				  i ? MSG_TEXT_NONE : MSG_TEXT_PLAIN);
		free(g.p);
	}
}

static void test_big_html(void)
{
	struct gen g = { 0 };
	struct msg *m;
	struct err e;
	clock_t t0 = clock();

	gen_str(&g, PLAIN "Content-Type: text/html; charset=utf-8\r\n\r\n<div>resign</div>");
	while (g.len < (size_t)6 << 20)
		gen_str(&g, "<blockquote><p class=\"x\">Nf3 &amp; e4&nbsp;<a href='");
	check_context("6 MB of unclosed HTML");
	if (CHECK(msg_parse(g.p, g.len, &m, &e) == 0)) {
		CHECK(!strncmp(m->text, "resign\n", 7));
		msg_free(m);
	}
	CHECK(seconds_since(t0) < 60);
	check_context(NULL);
	free(g.p);
}

/* Thousands of nested blockquotes: the "> " prefix stays bounded, so the text does not
 * grow with the square of the input. */
static void test_quote_bomb(void)
{
	struct gen g = { 0 };
	char *out = NULL;
	struct err e;

	for (int i = 0; i < 50000; i++)
		gen_str(&g, "<blockquote>");
	for (int i = 0; i < 50000; i++)
		gen_str(&g, "e4<br>");
	check_context("50000 nested blockquotes");
	if (CHECK(html_to_text(g.p, g.len, &out, &e) == 0)) {
		CHECK(strlen(out) < 40 * (size_t)50000);
		CHECK(!strncmp(out, "> > > > > > > > > > > > > > > > e4\n", 35));
	}
	check_context(NULL);
	free(out);
	free(g.p);
}

/* Each corpus message, damaged a few hundred ways: parsing may fail but must not crash,
 * and what it returns must be clean. */
static void test_mutations(void)
{
	static const char *const inserts[] = { "\r\n--", "\r\n\r\n", "=?utf-8?b?", "<blockquote>",
					       "Content-Type: multipart/mixed; boundary=\"\"\r\n",
					       "=\r\n", "\xff\xfe", "\0" };
	DIR *d = opendir(CORPUS);
	struct dirent *de;
	unsigned x = 42;
	int runs = 0, clean = 0;

	if (!CHECK(d != NULL))
		return;
	while ((de = readdir(d))) {
		char path[512];
		size_t len, l = strlen(de->d_name);
		char *raw;

		if (l < 5 || strcmp(de->d_name + l - 4, ".eml"))
			continue;
		snprintf(path, sizeof path, "%s/%s", CORPUS, de->d_name);
		if (!(raw = msgtest_slurp(path, &len)))
			continue;
		for (int k = 0; k < 40; k++) {
			struct gen g = { 0 };
			size_t at;
			struct msg *m;
			struct msgtext t = { 0 };
			struct err e;
			char *exact;

			x = x * 1103515245u + 12345u;
			at = (x >> 8) % (len + 1);
			if (k % 3 == 0) {          /* truncated */
				gen_add(&g, raw, at);
			} else if (k % 3 == 1) {   /* something inserted */
				const char *ins = inserts[(x >> 4) % 8];

				gen_add(&g, raw, at);
				gen_add(&g, ins, *ins ? strlen(ins) : 1);
				gen_add(&g, raw + at, len - at);
			} else {                   /* bytes flipped */
				gen_add(&g, raw, len);
				for (int f = 0; f < 8; f++) {
					x = x * 1103515245u + 12345u;
					g.p[(x >> 8) % (len ? len : 1)] ^= (char)(1 << (x % 8));
				}
			}
			runs++;
			/* an exact-size copy, no NUL after it: reading past the end shows */
			exact = malloc(g.len ? g.len : 1);
			memcpy(exact, g.p, g.len);
			if (g.len && msg_parse(exact, g.len, &m, &e) == 0) {
				clean += msgtest_utf8_ok(m->text) && m->subject &&
					 msgtext_extract(m->text, &t, &e) == 0;
				msgtext_free(&t);
				msg_free(m);
			} else {
				clean++;
			}
			free(exact);
			free(g.p);
		}
		free(raw);
	}
	closedir(d);
	CHECK(runs >= 25 * 40);
	CHECK_INT(clean, runs);
}

int main(void)
{
	test_big_attachment();
	test_big_message();
	test_deep_nesting();
	test_many_parts();
	test_big_html();
	test_quote_bomb();
	test_mutations();
	return check_done();
}
