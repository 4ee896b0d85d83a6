/* outcome.c: what a mail's handling answers (game.h, struct outcome): the replies it
 * asks for and the errors of its lines, each reason a phrase for its reader. Below every
 * file of the game layer that reports into it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "util/phrase.h"

void outcome_free(struct outcome *o)
{
	free(o->replies);
	free(o->errors);
	memset(o, 0, sizeof *o);
}

int outcome_reply(struct outcome *o, enum reply_kind kind, int to, const char *address)
{
	struct reply *r = realloc(o->replies, (o->nreplies + 1) * sizeof *r);

	if (!r)
		return -1;
	o->replies = r;
	r += o->nreplies++;
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->to = to;
	r->about = -1;
	snprintf(r->address, sizeof r->address, "%s", address ? address : "");
	return 0;
}

int outcome_verror(struct outcome *o, int lineno, const char *text, const char *fmt, va_list ap)
{
	struct reply_error *r = realloc(o->errors, (o->nerrors + 1) * sizeof *r);

	if (!r)
		return -1;
	o->errors = r;
	r += o->nerrors++;
	r->lineno = lineno;
	snprintf(r->text, sizeof r->text, "%s", text ? text : "");
	phrase_vprintf(r->reason, sizeof r->reason, fmt, ap);
	return 0;
}

int outcome_error(struct outcome *o, int lineno, const char *text, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int rc = outcome_verror(o, lineno, text, fmt, ap);
	va_end(ap);
	return rc;
}
