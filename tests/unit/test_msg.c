/* test_msg.c: msg_parse() and html_to_text(), what they read.
 *
 * First every message of tests/mail/corpus/ against its .expect file (format in the
 * corpus README), then one table per feature (headers, charsets, transfer encodings,
 * format=flowed, part selection, broken MIME, HTML, the header block's length). The sizes
 * that must not hurt and the mutated corpus are in test_msg_sizes.c. */
#include "mail/html.h"
#include "mail/msg.h"
#include "mail/msgtext.h"

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "msgtest.h"

/* ---- The corpus ---------------------------------------------------------------------- */

static const struct str_field {
	const char *key;
	size_t off;
} str_fields[] = {
	{ "from_addr", offsetof(struct msg, from_addr) },
	{ "from_name", offsetof(struct msg, from_name) },
	{ "subject", offsetof(struct msg, subject) },
	{ "message_id", offsetof(struct msg, message_id) },
	{ "in_reply_to", offsetof(struct msg, in_reply_to) },
	{ "date", offsetof(struct msg, date) },
	{ "auto_submitted", offsetof(struct msg, auto_submitted) },
	{ "precedence", offsetof(struct msg, precedence) },
	{ "return_path", offsetof(struct msg, return_path) },
	{ "list_id", offsetof(struct msg, list_id) },
};
#define NSTR (sizeof str_fields / sizeof str_fields[0])

static const struct list_field {
	const char *key;
	size_t off, count_off;
} list_fields[] = {
	{ "to", offsetof(struct msg, to), offsetof(struct msg, nto) },
	{ "references", offsetof(struct msg, references), offsetof(struct msg, nrefs) },
	{ "auth_results", offsetof(struct msg, auth_results), offsetof(struct msg, nauth) },
};
#define NLIST (sizeof list_fields / sizeof list_fields[0])

static const char *const source_names[] = { "none", "plain", "html" };

struct expect_run {
	const struct msg *m;
	const struct msgtext *t;
	bool seen[NSTR], epoch_seen, source_seen;
	size_t listed[NLIST], nlines;
};

/* One "key: value" line of an .expect file. */
static void expect_header(struct expect_run *x, const char *key, const char *val)
{
	const char *m = (const char *)x->m;

	for (size_t i = 0; i < NSTR; i++)
		if (!strcmp(key, str_fields[i].key)) {
			x->seen[i] = true;
			CHECK_STR(*(char *const *)(m + str_fields[i].off), val);
			return;
		}
	for (size_t i = 0; i < NLIST; i++)
		if (!strcmp(key, list_fields[i].key)) {
			char *const *v = *(char *const *const *)(m + list_fields[i].off);
			size_t n = *(const size_t *)(m + list_fields[i].count_off), k = x->listed[i]++;

			CHECK_STR(k < n ? v[k] : NULL, val);
			return;
		}
	if (!strcmp(key, "date_epoch")) {
		x->epoch_seen = true;
		CHECK_INT(x->m->date_epoch, atoll(val));
	} else if (!strcmp(key, "text_source")) {
		x->source_seen = true;
		CHECK_STR(source_names[x->m->text_source], val);
	} else if (!strcmp(key, "text_has")) {
		CHECK_HAS(x->m->text, val);
	} else if (!strcmp(key, "text_lacks")) {
		CHECK(!strstr(x->m->text, val));
	} else {
		CHECK_STR(key, "(a known key)");
	}
}

/* One "N: text" line after "lines:". */
static void expect_line(struct expect_run *x, const char *line)
{
	const char *sep = strstr(line, ": ");
	size_t k = x->nlines++;

	if (!CHECK(sep && k < x->t->n))
		return;
	CHECK_INT(x->t->line[k].lineno, atoi(line));
	CHECK_STR(x->t->line[k].text, sep + 2);
}

/* Checks m and t against the .expect text (modified in place). */
static void check_expect(const struct msg *m, const struct msgtext *t, char *exp)
{
	struct expect_run x = { .m = m, .t = t };
	bool in_lines = false;

	for (char *line = strtok(exp, "\n"); line; line = strtok(NULL, "\n")) {
		char *sep;

		if (line[0] == '#')
			continue;
		if (in_lines) {
			expect_line(&x, line);
		} else if (!strcmp(line, "lines:")) {
			in_lines = true;
		} else if ((sep = strstr(line, ": "))) {
			*sep = 0;
			expect_header(&x, line, sep + 2);
		} else {
			CHECK_STR(line, "(key: value)");
		}
	}
	for (size_t i = 0; i < NSTR; i++)
		if (!x.seen[i])
			CHECK_STR(*(char *const *)((const char *)m + str_fields[i].off),
				  strcmp(str_fields[i].key, "subject") ? NULL : "");
	for (size_t i = 0; i < NLIST; i++)
		CHECK_INT(*(const size_t *)((const char *)m + list_fields[i].count_off), x.listed[i]);
	if (!x.epoch_seen)
		CHECK_INT(m->date_epoch, -1);
	CHECK(x.source_seen && in_lines);
	CHECK_INT(t->n, x.nlines);
}

/* Every string msg_parse returns is valid UTF-8. */
static void check_all_utf8(const struct msg *m)
{
	for (size_t i = 0; i < NSTR; i++) {
		const char *s = *(char *const *)((const char *)m + str_fields[i].off);

		CHECK(!s || msgtest_utf8_ok(s));
	}
	for (size_t i = 0; i < m->nto; i++)
		CHECK(msgtest_utf8_ok(m->to[i]));
	CHECK(msgtest_utf8_ok(m->text));
}

static int corpus_file(const char *name)
{
	char path[512], epath[512], *raw, *exp;
	size_t len, elen;
	struct msg *m;
	struct msgtext t;
	struct err e = { 0 };

	snprintf(path, sizeof path, "%s/%s", CORPUS, name);
	snprintf(epath, sizeof epath, "%.*s.expect", (int)strlen(path) - 4, path);
	check_context("%s", path);
	raw = msgtest_slurp(path, &len);
	exp = msgtest_slurp(epath, &elen);
	if (!CHECK(raw && exp) || !CHECK(msg_parse(raw, len, &m, &e) == 0)) {
		free(raw);
		free(exp);
		return 0;
	}
	CHECK_INT(m->raw_size, len);
	CHECK(!strchr(m->text, '\r'));
	check_all_utf8(m);
	if (CHECK(msgtext_extract(m->text, &t, &e) == 0)) {
		check_expect(m, &t, exp);
		msgtext_free(&t);
	}
	msg_free(m);
	free(raw);
	free(exp);
	return 1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_corpus(void)
{
	DIR *d = opendir(CORPUS);
	struct dirent *de;
	char *names[256];
	size_t n = 0;
	int done = 0;

	if (!CHECK(d != NULL))
		return;
	while ((de = readdir(d)) && n < 256) {
		size_t l = strlen(de->d_name);

		if (l > 4 && !strcmp(de->d_name + l - 4, ".eml"))
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	for (size_t i = 0; i < n; i++) {
		done += corpus_file(names[i]);
		free(names[i]);
	}
	check_context(NULL);
	CHECK(done >= 25);
	CHECK_INT(done, n);
}

/* ---- Headers ----------------------------------------------------------------------- */

static const struct header_case {
	const char *name, *raw;
	const char *from_addr, *from_name, *subject, *date;
	long long epoch;
} header_cases[] = {
	{ "domain lower-cased, local part kept", "From: Bob.Smith@Example.ORG\r\n\r\nx",
	  "Bob.Smith@example.org", NULL, "", NULL, -1 },
	{ "unclosed angle bracket: no address", "From: Bob Smith <bob@x.org\r\n\r\nx",
	  NULL, NULL, "", NULL, -1 },
	{ "first From counts", "From: a@x.org\r\nFrom: b@y.org\r\n\r\nx",
	  "a@x.org", NULL, "", NULL, -1 },
	{ "a broken first From is not replaced by a second",
	  "From: <a@x.org\r\nFrom: b@y.org\r\n\r\nx", NULL, NULL, "", NULL, -1 },
	{ "Return-Path without its '>' (libetpan leaks on it in a whole-header parse)",
	  "Return-Path: <a@x.org\r\nFrom: a@x.org\r\n\r\nx", "a@x.org", NULL, "", NULL, -1 },
	{ "quoted display name with a comma", "From: \"Smith, Bob\" <bob@x.org>\r\n\r\nx",
	  "bob@x.org", "Smith, Bob", "", NULL, -1 },
	{ "encoded display name in quotes",
	  "From: \"=?utf-8?q?Ren=C3=A9?= Dupont\" <r@x.fr>\r\n\r\nx",
	  "r@x.fr", "René Dupont", "", NULL, -1 },
	{ "raw Latin-1 subject read as Windows-1252", "Subject: caf\xe9 \x80\r\n\r\nx",
	  NULL, NULL, "café €", NULL, -1 },
	{ "space between encoded words dropped",
	  "Subject: =?utf-8?q?a?= =?utf-8?q?b?=  c\r\n\r\nx", NULL, NULL, "ab c", NULL, -1 },
	{ "unknown charset in an encoded word", "Subject: =?x-bogus?q?e4?=\r\n\r\nx",
	  NULL, NULL, "e4", NULL, -1 },
	{ "folded subject unfolded", "Subject: game\r\n\t17\r\n\r\nx",
	  NULL, NULL, "game 17", NULL, -1 },
	{ "two-digit year", "Date: 3 Jun 24 10:12 EDT\r\n\r\nx",
	  NULL, NULL, "", "3 Jun 24 10:12 EDT", 1717423920 },
	{ "GMT zone", "Date: Mon, 03 Jun 2024 10:12:00 GMT\r\n\r\nx",
	  NULL, NULL, "", "Mon, 03 Jun 2024 10:12:00 GMT", 1717409520 },
	{ "negative zone", "Date: Mon, 3 Jun 2024 05:12:00 -0500\r\n\r\nx",
	  NULL, NULL, "", "Mon, 3 Jun 2024 05:12:00 -0500", 1717409520 },
	{ "leap day", "Date: Thu, 29 Feb 2024 00:00:00 +0000\r\n\r\nx",
	  NULL, NULL, "", "Thu, 29 Feb 2024 00:00:00 +0000", 1709164800 },
	{ "29 February of a common year", "Date: Wed, 29 Feb 2023 10:00:00 +0000\r\n\r\nx",
	  NULL, NULL, "", "Wed, 29 Feb 2023 10:00:00 +0000", -1 },
	{ "31 February", "Date: Mon, 31 Feb 2024 10:00:00 +0000\r\n\r\nx",
	  NULL, NULL, "", "Mon, 31 Feb 2024 10:00:00 +0000", -1 },
	{ "date that is not one", "Date: yesterday\r\n\r\nx", NULL, NULL, "", "yesterday", -1 },
	{ "mbox envelope line skipped",
	  "From bob@x.org Mon Jun  3 10:12:00 2024\nFrom: bob@x.org\nSubject: e4\n\nx\n",
	  "bob@x.org", NULL, "e4", NULL, -1 },
};

static void test_headers(void)
{
	for (size_t i = 0; i < sizeof header_cases / sizeof header_cases[0]; i++) {
		const struct header_case *c = &header_cases[i];
		struct msg *m;
		struct err e;

		check_context("header case: %s", c->name);
		if (!CHECK(msg_parse(c->raw, strlen(c->raw), &m, &e) == 0))
			continue;
		CHECK_STR(m->from_addr, c->from_addr);
		CHECK_STR(m->from_name, c->from_name);
		CHECK_STR(m->subject, c->subject);
		CHECK_STR(m->date, c->date);
		CHECK_INT(m->date_epoch, c->epoch);
		msg_free(m);
	}
	check_context(NULL);
}

static void test_ids(void)
{
	const char *raw = "Message-ID: <abc@x>\r\nMessage-ID: <second@x>\r\n"
			  "In-Reply-To: <a@b> <c@d>\r\nReferences: <1@x>\r\n <2@x> (old)\r\n\r\nx";
	struct msg *m;
	struct err e;

	if (!CHECK(msg_parse(raw, strlen(raw), &m, &e) == 0))
		return;
	CHECK_STR(m->message_id, "abc@x");
	CHECK_STR(m->in_reply_to, "a@b");
	CHECK_INT(m->nrefs, 2);
	CHECK_STR(m->nrefs == 2 ? m->references[1] : NULL, "2@x");
	msg_free(m);
}

/* ---- Body text --------------------------------------------------------------------- */

static const struct text_case {
	const char *name, *raw;
	size_t len;        /* 0: strlen(raw) */
	const char *text;  /* msg.text exactly */
	int source;
} text_cases[] = {
	{ "quoted-printable soft breaks and escapes",
	  PLAIN "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: "
	  "quoted-printable\r\n\r\nmove N=\r\nf3 caf=C3=A9 a=3Db\r\n", 0,
	  "move Nf3 café a=b\n", MSG_TEXT_PLAIN },
	/* the bytes that carry the referee's phrases (util/phrase.h): no player can write one,
	 * in plain text or encoded */
	{ "phrase markers taken out",
	  PLAIN "Content-Type: text/plain; charset=utf-8\r\n\r\nmessage \x01White\x02 \x03x\x04\x05\x06\x07!\r\n",
	  0, "message White x!\n", MSG_TEXT_PLAIN },
	{ "phrase markers taken out of quoted-printable",
	  PLAIN "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: "
	  "quoted-printable\r\n\r\n=01%s offers a draw.=03White=02\r\n", 0,
	  "%s offers a draw.White\n", MSG_TEXT_PLAIN },
	{ "base64 with junk between the groups",
	  PLAIN "Content-Transfer-Encoding: base64\r\n\r\nZ2Ft\r\nZSAx!Nwpl\r\nNAo=\r\n", 0,
	  "game 17\ne4\n", MSG_TEXT_PLAIN },
	{ "utf-8 with an invalid byte",
	  PLAIN "Content-Type: text/plain; charset=utf-8\r\n\r\nab\xff" "cd\r\n", 0,
	  "ab\xef\xbf\xbd" "cd\n", MSG_TEXT_PLAIN },
	{ "us-ascii label on Latin-1 bytes",
	  PLAIN "Content-Type: text/plain; charset=us-ascii\r\n\r\ncaf\xe9\r\n", 0,
	  "café\n", MSG_TEXT_PLAIN },
	{ "no charset, valid UTF-8 kept",
	  PLAIN "\r\ncaf\xc3\xa9\r\n", 0, "café\n", MSG_TEXT_PLAIN },
	{ "iso-8859-15 through charconv (0xA4 is the euro sign)",
	  PLAIN "Content-Type: text/plain; charset=iso-8859-15\r\n\r\n5\xa4\r\n", 0,
	  "5€\n", MSG_TEXT_PLAIN },
	{ "latin1 label read as Windows-1252 (0x80 is the euro sign)",
	  PLAIN "Content-Type: text/plain; charset=latin1\r\n\r\n5\x80\r\n", 0,
	  "5€\n", MSG_TEXT_PLAIN },
	{ "utf-16le through charconv",
	  PLAIN "Content-Type: text/plain; charset=utf-16le\r\nContent-Transfer-Encoding: "
	  "base64\r\n\r\nZQA0AAoA\r\n", 0, "e4\n", MSG_TEXT_PLAIN },
	{ "unknown charset, UTF-8 bytes",
	  PLAIN "Content-Type: text/plain; charset=x-nonsense\r\n\r\n\xc3\xa9\r\n", 0,
	  "é\n", MSG_TEXT_PLAIN },
	{ "NUL byte replaced", PLAIN "\r\na\0b\r\n", sizeof PLAIN "\r\na\0b\r\n" - 1,
	  "a\xef\xbf\xbd" "b\n", MSG_TEXT_PLAIN },
	{ "lone CR is a line end", PLAIN "\r\na\rb\r\n", 0, "a\nb\n", MSG_TEXT_PLAIN },
	{ "flowed: space-stuffing removed",
	  PLAIN "Content-Type: text/plain; format=flowed\r\n\r\n From here\r\n", 0,
	  "From here\n", MSG_TEXT_PLAIN },
	{ "flowed: signature separator is not a soft break",
	  PLAIN "Content-Type: text/plain; format=flowed\r\n\r\ne4\r\n-- \r\nBob\r\n", 0,
	  "e4\n-- \nBob\n", MSG_TEXT_PLAIN },
	{ "flowed: quote depth change ends a paragraph",
	  PLAIN "Content-Type: text/plain; format=flowed\r\n\r\n> a \r\n>> b\r\nc\r\n", 0,
	  "> a \n>> b\nc\n", MSG_TEXT_PLAIN },
	{ "flowed: DelSp=yes joins a broken word",
	  PLAIN "Content-Type: text/plain; format=flowed; delsp=yes\r\n\r\nNf \r\n3\r\n", 0,
	  "Nf3\n", MSG_TEXT_PLAIN },
	{ "not flowed unless it says so",
	  PLAIN "Content-Type: text/plain\r\n\r\none \r\ntwo\r\n", 0, "one \ntwo\n",
	  MSG_TEXT_PLAIN },
	{ "unknown transfer encoding read as is",
	  PLAIN "Content-Transfer-Encoding: x-weird\r\n\r\ne4\r\n", 0, "e4\n", MSG_TEXT_PLAIN },
	{ "alternative: plain preferred to HTML",
	  ALT "--b\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--b\r\n"
	  "Content-Type: text/plain\r\n\r\nplain\r\n--b--\r\n", 0, "plain", MSG_TEXT_PLAIN },
	{ "blank plain part: HTML used",
	  ALT "--b\r\nContent-Type: text/plain\r\n\r\n \r\n\r\n--b\r\n"
	  "Content-Type: text/html\r\n\r\n<p>e4</p>\r\n--b--\r\n", 0, "e4\n", MSG_TEXT_HTML },
	{ "attachment by disposition skipped",
	  MIXED "--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment\r\n\r\n"
	  "1. e4\r\n--b\r\nContent-Type: text/plain\r\n\r\nresign\r\n--b--\r\n", 0, "resign",
	  MSG_TEXT_PLAIN },
	{ "attachment by Content-Type name skipped",
	  MIXED "--b\r\nContent-Type: text/plain; name=\"g.pgn\"\r\n\r\n1. e4\r\n--b\r\n"
	  "Content-Type: text/plain\r\n\r\nresign\r\n--b--\r\n", 0, "resign", MSG_TEXT_PLAIN },
	{ "inline part with a file name skipped",
	  MIXED "--b\r\nContent-Type: text/plain\r\nContent-Disposition: inline; filename=g.pgn\r\n"
	  "\r\n1. e4\r\n--b\r\nContent-Type: text/plain\r\n\r\nresign\r\n--b--\r\n", 0, "resign",
	  MSG_TEXT_PLAIN },
	{ "attachment by RFC 2231 file name skipped",
	  MIXED "--b\r\nContent-Type: text/plain\r\nContent-Disposition: inline; "
	  "filename*=utf-8''g.pgn\r\n\r\n1. e4\r\n--b\r\nContent-Type: text/plain\r\n\r\n"
	  "resign\r\n--b--\r\n", 0, "resign", MSG_TEXT_PLAIN },
	{ "HTML attachment is not the text",
	  MIXED "--b\r\nContent-Type: text/html; name=\"x.html\"\r\n\r\n<p>e4</p>\r\n--b--\r\n",
	  0, "", MSG_TEXT_NONE },
	{ "attached message not entered",
	  MIXED "--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: b@y.org\r\n\r\ne4\r\n--b--\r\n",
	  0, "", MSG_TEXT_NONE },
	{ "a forwarded mail attached after the text: only the text",
	  MIXED "--b\r\nContent-Type: text/plain\r\n\r\nNf3\r\n--b\r\n"
	  "Content-Type: message/rfc822\r\n\r\nFrom: r@x.org\r\nSubject: help\r\n\r\n"
	  "  resign\r\n--b--\r\n", 0, "Nf3", MSG_TEXT_PLAIN },
	{ "a vCard part is not the text",
	  MIXED "--b\r\nContent-Type: text/plain\r\n\r\ne4\r\n--b\r\n"
	  "Content-Type: text/vcard\r\n\r\nBEGIN:VCARD\r\nTEL:+33612345678\r\nEND:VCARD\r\n"
	  "--b--\r\n", 0, "e4", MSG_TEXT_PLAIN },
	{ "image only", MIXED "--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: "
	  "base64\r\n\r\niVBORw0KGgo=\r\n--b--\r\n", 0, "", MSG_TEXT_NONE },
	{ "multipart without a boundary parameter",
	  PLAIN "Content-Type: multipart/alternative\r\n\r\n--q\r\nContent-Type: text/plain\r\n"
	  "\r\nmove Nf3\r\n--q--\r\n", 0, "move Nf3", MSG_TEXT_PLAIN },
	{ "multipart with no delimiter at all: read as plain text",
	  MIXED "e4\r\n", 0, "e4\n", MSG_TEXT_PLAIN },
	{ "no header at all", "e4\n", 0, "e4\n", MSG_TEXT_PLAIN },
	{ "headers only", "From: a@x.org\r\n", 0, "", MSG_TEXT_PLAIN },
};

static void test_text(void)
{
	for (size_t i = 0; i < sizeof text_cases / sizeof text_cases[0]; i++) {
		const struct text_case *c = &text_cases[i];
		size_t len = c->len ? c->len : strlen(c->raw);
		struct msg *m;
		struct err e;

		check_context("text case: %s", c->name);
		if (!CHECK(msg_parse(c->raw, len, &m, &e) == 0))
			continue;
		CHECK_STR(m->text, c->text);
		CHECK_INT(m->text_source, c->source);
		msg_free(m);
	}
	check_context(NULL);
}

static void test_failures(void)
{
	static const struct {
		const char *raw, *why;
	} cases[] = {
		{ "", "empty message" },
		{ "\r\n\r\n \r\n", "no header fields and no text" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct msg *m = (struct msg *)&m;
		struct err e = { 0 };

		check_context("failure case %zu", i);
		CHECK_INT(msg_parse(cases[i].raw, strlen(cases[i].raw), &m, &e), -1);
		CHECK(m == NULL);
		CHECK_HAS(e.msg, cases[i].why);
	}
	check_context(NULL);
}

/* ---- HTML -------------------------------------------------------------------------- */

static const struct html_case {
	const char *name, *html, *text;
} html_cases[] = {
	{ "entities", "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; caf&eacute; &Eacute;t&eacute;"
	  " &euro;5 &rsquo;", "a & b <c> \"d\" 'e' café Été €5 ’\n" },
	{ "numeric references", "&#101;4 &#x4E;f3 &#8217;&#233 &#0; &#x110000;",
	  "e4 Nf3 ’é \xef\xbf\xbd \xef\xbf\xbd\n" },
	{ "space-like entities collapse", "a &ensp; &emsp;b", "a b\n" },
	{ "unknown entity kept", "&bogus; & x", "&bogus; & x\n" },
	{ "no-break spaces are whitespace", "a&nbsp;&nbsp;b\xc2\xa0" "c", "a b c\n" },
	{ "line-breaking tags",
	  "a<br>b<p>c</p><div>d</div><ul><li>e</li><li>f</li></ul>"
	  "<table><tr><td>g</td><td>h</td></tr><tr><td>i</td></tr></table>",
	  "a\nb\nc\nd\ne\nf\ng h\ni\n" },
	{ "whitespace collapsed", "  a \n\t b  ", "a b\n" },
	{ "head, style, script, title dropped",
	  "<html><head><title>T</title><style>p{x:1}</style></head><body>e4"
	  "<script>var a='<p>';</script></body></html>", "e4\n" },
	{ "text in head dropped", "<head>junk<meta charset=utf-8></head>e4", "e4\n" },
	{ "style in the body dropped", "<body><style>p { color: red }</style>e4</body>", "e4\n" },
	{ "comments and conditional markup",
	  "a<!-- <p>x</p> -->b<![if !supportLists]>c<![endif]>", "abc\n" },
	{ "blockquote prefixes",
	  "reply<blockquote>q1<br>q2<blockquote>qq</blockquote>q3</blockquote>after",
	  "reply\n> q1\n> q2\n> > qq\n> q3\nafter\n" },
	{ "pre keeps whitespace", "<pre>a  b\n c</pre>d", "a  b\n c\nd\n" },
	{ "'>' inside a quoted attribute", "<a title=\"x > y\">e4</a>", "e4\n" },
	{ "unterminated attribute quote", "<a href=\"x>e4<b>Nf3</b>", "e4Nf3\n" },
	{ "literal less-than", "a < b <3", "a < b <3\n" },
	{ "style without its closing tag", "<style>e4", "e4\n" },
	{ "unclosed comment hides the rest", "a<!-- b", "a\n" },
	{ "upper-case tags", "<P>a<BR>b</P>c", "a\nb\nc\n" },
	{ "empty", "", "" },
};

static void test_html(void)
{
	for (size_t i = 0; i < sizeof html_cases / sizeof html_cases[0]; i++) {
		char *out = NULL;
		struct err e;

		check_context("html case: %s", html_cases[i].name);
		if (CHECK(html_to_text(html_cases[i].html, strlen(html_cases[i].html), &out, &e) == 0))
			CHECK_STR(out, html_cases[i].text);
		free(out);
	}
	check_context(NULL);
}

/* msg_head_len: the header block with its blank line, looking no further than max. */
static void test_head_len(void)
{
	static const struct {
		const char *name, *raw;
		size_t max, want;
	} cases[] = {
		{ "LF", "From: a@x.org\nSubject: s\n\nbody\n", 100, 26 },
		{ "CRLF", "From: a@x.org\r\nSubject: s\r\n\r\nbody\r\n", 100, 29 },
		{ "mbox line first", "From a Mon Jun  3 10:12:00 2024\nX: 1\n\nb\n", 100, 38 },
		{ "blank line first", "\nbody\n", 100, 1 },
		{ "blank line past max: whole lines", "X: 1\nY: 2\nZ: 3\n\nb\n", 12, 10 },
		{ "no blank line, under max: all", "X: 1\nY: 2", 100, 9 },
		{ "no blank line, over max", "X: 1\nY: 2\nZ: 3", 12, 10 },
		{ "no line end within max", "XXXXXXXXXXXXXXXXXXXX", 8, 8 },
		{ "blank line exactly at max", "X: 1\n\nb\n", 6, 6 },
		{ "a CR alone is no blank line", "X: 1\n\r\rY\n\nb\n", 100, 10 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check_context("head: %s", cases[i].name);
		CHECK_INT(msg_head_len(cases[i].raw, strlen(cases[i].raw), cases[i].max),
			  cases[i].want);
	}
	check_context(NULL);
	/* what lies past max is not looked at: the same answer for a mail cut there */
	const char *raw = "X: 1\nY: 2\nZ: 3\n\nb\n";
	CHECK_INT(msg_head_len(raw, 13, 12), msg_head_len(raw, strlen(raw), 12));
}

int main(void)
{
	test_corpus();
	test_headers();
	test_ids();
	test_text();
	test_failures();
	test_html();
	test_head_len();
	return check_done();
}
