/* fetchparse.c: see fetchparse.h. */
#include "mail/fetchparse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { OUTSIDE, LITERAL, AFTER };

void fetchparse_init(struct fetchparse *p, size_t limit)
{
	memset(p, 0, sizeof *p);
	p->limit = limit;
}

bool fetchparse_in_mail(const struct fetchparse *p)
{
	return p->state == LITERAL;
}

/* Stops the parser with a reason (the first one is kept). */
static void broken(struct fetchparse *p, const char *why)
{
	if (!p->why[0])
		snprintf(p->why, sizeof p->why, "%s", why);
	free(p->lit);
	p->lit = NULL;
	p->state = OUTSIDE;
}

/* The number after "UID " in s[0..n), 0 if none. */
static uint32_t find_uid(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 < n; i++) {
		if (strncasecmp(s + i, "UID ", 4) || (i && s[i - 1] != ' ' && s[i - 1] != '('))
			continue;
		unsigned long v = 0;
		size_t j = i + 4;
		while (j < n && isdigit((unsigned char)s[j]) && v <= UINT32_MAX)
			v = v * 10 + (unsigned long)(s[j++] - '0');
		return j > i + 4 && v <= UINT32_MAX ? (uint32_t)v : 0;
	}
	return 0;
}

/* Whether line is "* N FETCH (...". */
static bool is_fetch(const char *line, size_t len)
{
	size_t i = 2;

	if (len < 12 || strncmp(line, "* ", 2))
		return false;
	while (i < len && isdigit((unsigned char)line[i]))
		i++;
	return i > 2 && len - i >= 8 && !strncasecmp(line + i, " FETCH (", 8);
}

/* A FETCH line that ends in a literal "{N}": starts reading the mail. */
static void start(struct fetchparse *p, const char *line, size_t len)
{
	size_t end = len;

	while (end && (line[end - 1] == '\n' || line[end - 1] == '\r'))
		end--;
	if (!end || line[end - 1] != '}')
		return;                         /* no literal: FLAGS news and the like */
	const char *open = line + end - 1;
	while (open > line && *open != '{')
		open--;
	char *stop;
	errno = 0;
	unsigned long long n = strtoull(open + 1, &stop, 10);
	if (*open != '{' || stop != line + end - 1 || errno || !isdigit((unsigned char)open[1]))
		return broken(p, "a FETCH answer with a malformed literal");
	if (n > p->limit) {
		p->over = true;
		return broken(p, "a mail larger than asked for");
	}
	if (!(p->lit = malloc((size_t)n + 1)))
		return broken(p, "out of memory");
	p->uid = find_uid(line, (size_t)(open - line));
	p->want = (size_t)n;
	p->got = 0;
	p->state = n ? LITERAL : AFTER;
}

/* Keeps the mail read so far under its UID. */
static void keep(struct fetchparse *p)
{
	if (!p->uid)
		return broken(p, "a FETCH answer without the mail's UID");
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		struct fetchparse_mail *m = realloc(p->mails, cap * sizeof *m);
		if (!m)
			return broken(p, "out of memory");
		p->mails = m, p->cap = cap;
	}
	p->lit[p->got] = 0;
	p->mails[p->n++] = (struct fetchparse_mail){ p->uid, p->lit, p->got };
	p->kept++;
	p->lit = NULL;
	p->state = OUTSIDE;
}

/* What follows the literal: the rest of the item list, up to its ')'. */
static void after(struct fetchparse *p, const char *s, size_t len)
{
	size_t end = len;

	while (end && (s[end - 1] == '\n' || s[end - 1] == '\r'))
		end--;
	if (!p->uid)
		p->uid = find_uid(s, end);
	if (!end || s[end - 1] != ')')
		return broken(p, "a FETCH answer that does not close after the mail");
	keep(p);
}

void fetchparse_line(struct fetchparse *p, const char *line, size_t len)
{
	if (p->why[0])
		return;
	if (p->state == OUTSIDE) {
		if (is_fetch(line, len))
			start(p, line, len);
		return;
	}
	if (p->state == LITERAL) {
		size_t take = len < p->want - p->got ? len : p->want - p->got;
		memcpy(p->lit + p->got, line, take);
		p->got += take;
		if (p->got < p->want)
			return;
		p->state = AFTER;
		line += take, len -= take;
		if (!len)
			return;                 /* the mail ended with its line: ")" comes next */
	}
	after(p, line, len);
}

int fetchparse_end(struct fetchparse *p)
{
	if (p->state != OUTSIDE)
		broken(p, "the answer ended inside a mail");
	return p->why[0] ? -1 : 0;
}

void fetchparse_restart(struct fetchparse *p)
{
	free(p->lit);
	p->lit = NULL;
	p->state = OUTSIDE;
	p->why[0] = 0;
	p->over = false;
}

char *fetchparse_take(struct fetchparse *p, uint32_t uid, size_t *len)
{
	for (size_t k = 0; k < p->n; k++) {
		size_t i = (p->next + k) % p->n;
		char *raw = p->mails[i].raw;
		if (p->mails[i].uid != uid || !raw)
			continue;
		*len = p->mails[i].len;
		p->mails[i].raw = NULL;
		p->next = i + 1;
		if (!--p->kept)
			p->n = p->next = 0;
		return raw;
	}
	return NULL;
}

void fetchparse_free(struct fetchparse *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->mails[i].raw);
	free(p->mails);
	free(p->lit);
	memset(p, 0, sizeof *p);
}
