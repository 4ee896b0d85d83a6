/* replay.c: see replay.h. */
#include "pipeline/replay.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/clock.h"

/* The unfolded value of the first header `name` in the raw message's header block. */
static bool raw_header(const char *raw, size_t len, const char *name, char *out, size_t olen)
{
	size_t nl = strlen(name);
	const char *p = raw, *end = raw + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);
		if (n == 0 || (n == 1 && p[0] == '\r'))
			return false;           /* end of the header block */
		if (n > nl && !strncasecmp(p, name, nl) && p[nl] == ':') {
			const char *v = p + nl + 1;
			size_t k = 0;
			while (v < p + n && isspace((unsigned char)*v))
				v++;
			for (const char *c = v; c < p + n && k + 1 < olen; c++)
				if (*c != '\r')
					out[k++] = *c;
			out[k] = 0;
			return true;
		}
		p += n + 1;
	}
	return false;
}

/* "name=value" inside "a=1; b=2". */
static bool field(const char *event, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name);

	for (const char *p = event; (p = strstr(p, name)); p += nl) {
		if ((p != event && p[-1] != ' ' && p[-1] != ';') || p[nl] != '=')
			continue;
		const char *v = p + nl + 1;
		size_t n = strcspn(v, ";");
		snprintf(out, len, "%.*s", (int)n, v);
		return true;
	}
	return false;
}

bool replay_header(const char *raw, size_t len, const char *name, char *out, size_t olen)
{
	return raw_header(raw, len, name, out, olen);
}

bool replay_is_outgoing(const char *raw, size_t len)
{
	char v[64];

	return raw_header(raw, len, "X-Tempest-Kind", v, sizeof v);
}

int replay_prepare(struct replay_check *rc, const char *raw, size_t len, struct sender *s,
		   char *event, size_t elen, struct err *e)
{
	char at[32], auth[32];

	rc->mails++;
	if (!raw_header(raw, len, "X-Tempest-Key", s->msg_key, sizeof s->msg_key) ||
	    !raw_header(raw, len, "X-Tempest-Event", event, elen))
		return err_set(e, "a received mail in the log has no X-Tempest-Key or "
			       "X-Tempest-Event record");
	if (field(event, "at", at, sizeof at) && clock_parse(at) >= 0) {
		s->now = clock_parse(at);
		clock_set(s->now);
	}
	s->replay_password = field(event, "auth", auth, sizeof auth) && !strcmp(auth, "password");
	s->arrived = field(event, "arrived", at, sizeof at) ? atoll(at) : 0;
	return 0;
}

int replay_forced_id(const struct replay_check *rc, const char *event)
{
	char v[32];

	(void)rc;
	return field(event, "game", v, sizeof v) ? atoi(v) : 0;
}

int replay_compare(struct replay_check *rc, const struct game *g, const char *result,
		   const char *event, struct err *e)
{
	char want_hash[HASH_HEX + 8] = "-", want_result[32] = "", got_hash[HASH_HEX] = "-";
	char key[KEY_MAX] = "";

	field(event, "after", want_hash, sizeof want_hash);
	field(event, "result", want_result, sizeof want_result);
	if (g)
		game_hash(g, got_hash);
	if (!strcmp(want_hash, got_hash) && !strcmp(want_result, result)) {
		rc->matched++;
		return 0;
	}
	rc->differed = true;
	if (g && g->mails.n)
		snprintf(key, sizeof key, "%s", strlist_at(&g->mails, g->mails.n - 1));
	snprintf(rc->difference, sizeof rc->difference,
		 "mail %d (%s) of game %d: the log records %s with state %s, the replay gives "
		 "%s with state %s", rc->mails, key, g ? g->id : 0, want_result, want_hash,
		 result, got_hash);
	return err_set(e, "%s", rc->difference);
}
