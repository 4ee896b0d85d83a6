/* test_compose.c: quoted-printable (RFC 2045 6.7: "=" and 8-bit bytes encoded, a blank
 * before a line end encoded, lines of at most 76 with soft breaks) and the choice of a
 * part's encoding: 7bit for ASCII in short lines, quoted-printable for the rest. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mail/compose.h"

/* The text a quoted-printable body stands for, with LF line ends; every line of it at
 * most 76 characters, or NULL. */
static char *qp_decode(const char *qp)
{
	char *out = malloc(strlen(qp) + 1), *o = out;
	size_t col = 0;

	for (const char *s = qp; *s; s++) {
		if (*s == '\r' && s[1] == '\n') {
			*o++ = '\n', s++, col = 0;
			continue;
		}
		if (++col > 76) {
			free(out);
			return NULL;
		}
		if (*s != '=') {
			*o++ = *s;
			continue;
		}
		if (s[1] == '\r' && s[2] == '\n') {     /* a soft break */
			s += 2, col = 0;
			continue;
		}
		char hex[3] = { s[1], s[2], 0 };
		*o++ = (char)strtol(hex, NULL, 16);
		s += 2, col += 2;
	}
	*o = 0;
	return out;
}

static void qp(const char *in, const char *want)
{
	char *got = compose_qp(in), *back = got ? qp_decode(got) : NULL;

	check_context("qp of '%.40s'", in);
	if (want)
		CHECK_STR(got ? got : "", want);
	CHECK(back != NULL);
	/* the decoded text: the input, with a last line end */
	size_t n = strlen(in);
	CHECK(back && !strncmp(back, in, n) && (!n || in[n - 1] == '\n' ? !back[n] : !strcmp(back + n, "\n")));
	free(got);
	free(back);
	check_context(NULL);
}

static const char *part_encoding(const char *mail, const char *type)
{
	const char *p = strstr(mail, type);
	const char *te = p ? strstr(p, "Content-Transfer-Encoding: ") : NULL;

	if (!te)
		return "";
	te += strlen("Content-Transfer-Encoding: ");
	return !strncmp(te, "7bit", 4) ? "7bit" : !strncmp(te, "quoted-printable", 16) ? "qp" : "?";
}

int main(void)
{
	char line[1200];

	qp("a=b\n", "a=3Db\r\n");
	qp("tab\tand space \nend", "tab\tand space=20\r\nend\r\n");
	qp("\xc3\xa9t\xc3\xa9\n", "=C3=A9t=C3=A9\r\n");
	memset(line, 'x', 200);
	line[200] = 0;
	qp(line, NULL);                                 /* soft breaks within 76 */
	for (int i = 0; i < 200; i++)
		line[i] = i % 7 ? 'y' : '=';
	qp(line, NULL);
	qp("", "");
	/* words and blanks copied a run at a time: a soft break at 75, a blank before a line's
	 * end or the text's end encoded, one before a soft break kept */
	qp("a b  c \n d\t\n", "a b  c=20\r\n d=09\r\n");
	qp("word ", "word=20\r\n");
	for (int i = 0; i < 200; i++)
		line[i] = i % 5 == 4 ? ' ' : 'w';
	line[200] = 0;
	qp(line, NULL);
	char *enc = compose_qp(line);
	CHECK(enc && !strncmp(enc, "wwww wwww wwww wwww wwww wwww wwww wwww wwww wwww wwww wwww wwww "
			      "wwww wwww =\r\nwwww", 82));
	for (const char *l = enc; l && *l; l = strchr(l, '\n') + 1)
		CHECK(strchr(l, '\n') && strchr(l, '\n') - l <= 77);
	free(enc);

	struct mail_out m = {
		.from_name = "Referee", .from_addr = "ref@x.test", .to = "p@x.test",
		.subject = "s", .message_id = "id@x.test", .date = 0, .body = "text\n",
		.html = "<p>a</p>\n<p>b</p>\n",
	};
	char *mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/plain"), "7bit");
	CHECK_STR(part_encoding(mail, "text/html"), "7bit");
	CHECK(strstr(mail, "<p>a</p>\r\n<p>b</p>\r\n") != NULL);
	free(mail);
	/* the headers: the references each between <>, the boundary a hash in 16 hex digits */
	m.references = "  a@x  b@y ";
	m.in_reply_to = "b@y";
	mail = compose_mail(&m);
	CHECK(strstr(mail, "\r\nReferences: <a@x> <b@y>\r\n") != NULL);
	CHECK(strstr(mail, "\r\nIn-Reply-To: <b@y>\r\n") != NULL);
	CHECK(!strncmp(mail, "From: Referee <ref@x.test>\r\nTo: p@x.test\r\nSubject: s\r\n", 51));
	const char *bd = strstr(mail, "boundary=\"=_tempest_");
	CHECK(bd && strspn(bd + 20, "0123456789abcdef") == 16 && bd[36] == '"');
	CHECK(bd && strstr(mail, "\r\n--=_tempest_") && strstr(bd + 37, "--\r\n"));
	free(mail);
	/* a text line of 78 (the width texts are fitted to) goes as it is; of 79, encoded */
	char text[100];
	memset(text, 't', 78);
	strcpy(text + 78, "\n");
	m.body = text;
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/plain"), "7bit");
	free(mail);
	strcpy(text + 78, "t\n");
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/plain"), "qp");
	free(mail);
	m.body = "text\n";
	/* a tab anywhere stays 7bit; a control character or a byte out of ASCII past the
	 * first sixteen of a line (read sixteen at a time) does not */
	m.html = "<p>0123456789abcdef0123456789\tabcdef0123456789abcdef</p>\n";
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/html"), "7bit");
	CHECK(strstr(mail, "0123456789\tabcdef") != NULL);
	free(mail);
	m.html = "<p>0123456789abcdef0123456789abcdef012345\x01</p>\n";
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/html"), "qp");
	free(mail);
	m.html = "<p>0123456789abcdef0123456789abcdef012345\x7f</p>\n";
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/html"), "7bit");
	free(mail);
	/* a line over SMTP's 998, or a letter out of ASCII: quoted-printable */
	memset(line, 'z', sizeof line - 1);
	line[sizeof line - 1] = 0;
	m.html = line;
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/html"), "qp");
	free(mail);
	m.html = "<p>caf\xc3\xa9</p>\n";
	m.body = "caf\xc3\xa9\n";
	mail = compose_mail(&m);
	CHECK_STR(part_encoding(mail, "text/html"), "qp");
	CHECK_STR(part_encoding(mail, "text/plain"), "qp");
	CHECK(strstr(mail, "caf=C3=A9") != NULL);
	free(mail);
	return check_done();
}
