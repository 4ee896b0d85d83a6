/* config.c: see config.h. */
#include "config/config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/fsutil.h"

enum kind { KIND_STR, KIND_PATH, KIND_INT, KIND_LONG, KIND_BOOL };

/* A value's own rule beyond its kind: 0, or -1 with why filled ("is not ..."). */
typedef int (*value_check)(const char *val, char *why, size_t len);

/* One key. For numbers, min..max (both 0: 0..1000000); for strings, an optional check. */
struct key {
	const char *name;
	enum kind kind;
	size_t offset, size;
	long min, max;
	value_check check;
};

static int check_address(const char *val, char *why, size_t len);
static int check_name(const char *val, char *why, size_t len);
static int check_imap_url(const char *val, char *why, size_t len);
static int check_smtp_url(const char *val, char *why, size_t len);
static int check_timezone(const char *val, char *why, size_t len);
static int check_reminders(const char *val, char *why, size_t len);
static int check_word(const char *val, char *why, size_t len);
static int check_addresses(const char *val, char *why, size_t len);
static int check_naming(const char *val, char *why, size_t len);

#define F(f) offsetof(struct config, f)
#define STR(f, chk) KIND_STR, F(f), sizeof(((struct config *)0)->f), 0, 0, chk
#define PTH(f) KIND_PATH, F(f), sizeof(((struct config *)0)->f), 0, 0, NULL
#define INT(f, lo, hi) KIND_INT, F(f), 0, lo, hi, NULL
#define BOOL(f) KIND_BOOL, F(f), 0, 0, 0, NULL

static const struct key keys[] = {
	{ "referee_address", STR(referee_address, check_address) },
	{ "referee_name", STR(referee_name, check_name) },
	{ "data_dir", PTH(data_dir) },
	{ "rules_dir", PTH(rules_dir) },
	{ "templates_dir", PTH(templates_dir) },
	{ "imap_url", STR(imap_url, check_imap_url) },
	{ "imap_mailbox", STR(imap_mailbox, check_name) },
	{ "processed_folder", STR(processed_folder, check_name) },
	{ "imap_batch_size", INT(imap_batch_size, 1, 1000) },
	{ "batch_size", INT(batch_size, 1, 10000) },     /* pipeline.h: PIPELINE_BATCH_MAX */
	{ "smtp_url", STR(smtp_url, check_smtp_url) },
	{ "netrc_file", PTH(netrc_file) },
	{ "tls_ca_file", PTH(tls_ca_file) },
	{ "starttls", BOOL(starttls) },
	{ "allow_plaintext", BOOL(allow_plaintext) },
	{ "connect_timeout", INT(connect_timeout, 1, 3600) },
	{ "stall_timeout", INT(stall_timeout, 1, 3600) },
	{ "max_replies_per_sender", INT(max_replies_per_sender, 1, 10000) },
	{ "max_message_size", KIND_LONG, F(max_message_size), 0, 1024, 1L << 30, NULL },
	{ "syslog", BOOL(syslog) },
	{ "default_variant", STR(default_variant, check_word) },
	{ "card_names", PTH(card_names) },
	{ "card_catalogue", PTH(card_catalogue) },
	{ "timezone", STR(timezone, check_timezone) },
	{ "vacation_days", INT(vacation_days, 0, 366) },
	{ "max_vacation_days", INT(max_vacation_days, 0, 366) },
	{ "reminders", STR(reminders, check_reminders) },
	{ "draw_offer_days", INT(draw_offer_days, 1, 366) },
	{ "challenge_days", INT(challenge_days, 1, 366) },
	{ "lock_timeout", INT(lock_timeout, 0, 86400) },
	{ "bounce_limit", INT(bounce_limit, 1, 100) },
	{ "max_answers_per_day", INT(max_answers_per_day, 1, 10000) },
	{ "max_open_invitations", INT(max_open_invitations, 1, 1000) },
	{ "arbiters", STR(arbiters, check_addresses) },
	{ "rating_period_days", INT(rating_period_days, 0, 3660) },
	{ "observe_confirm_days", INT(observe_confirm_days, 1, 90) },
	{ "max_observer_mails_per_day", INT(max_observer_mails_per_day, 1, 10000) },
	{ "max_clock_leap_hours", INT(max_clock_leap_hours, 1, 87600) },
	{ "public_names", STR(public_names, check_naming) },
	{ "html_board", BOOL(html_board) },
	{ "conditional_lines", INT(conditional_lines, 0, 32) },
	{ "conditional_depth", INT(conditional_depth, 1, 16) },
	{ "archive_dir", PTH(archive_dir) },
};
#define NKEYS (sizeof keys / sizeof keys[0])
_Static_assert(NKEYS <= CONFIG_KEYS_MAX, "raise CONFIG_KEYS_MAX");

static void defaults(struct config *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->referee_address, sizeof c->referee_address, "referee@localhost");
	snprintf(c->referee_name, sizeof c->referee_name, "Tempest referee");
	snprintf(c->data_dir, sizeof c->data_dir, "tempest-data");
	snprintf(c->imap_mailbox, sizeof c->imap_mailbox, "INBOX");
	snprintf(c->processed_folder, sizeof c->processed_folder, "Processed");
	snprintf(c->default_variant, sizeof c->default_variant, "chess");
	c->max_replies_per_sender = 10;
	snprintf(c->timezone, sizeof c->timezone, "UTC");
	c->vacation_days = 30;
	c->max_vacation_days = 30;
	snprintf(c->reminders, sizeof c->reminders, "72h 24h 6h");
	c->draw_offer_days = 7;
	c->challenge_days = 14;
	c->lock_timeout = 300;
	c->bounce_limit = 3;
	c->max_answers_per_day = 30;
	c->max_open_invitations = 5;
	c->observe_confirm_days = 7;
	c->max_observer_mails_per_day = 50;
	c->max_clock_leap_hours = 24;
	snprintf(c->public_names, sizeof c->public_names, "names");
	c->conditional_lines = 8;
	c->conditional_depth = 8;
	snprintf(c->command, sizeof c->command, "tempest");
	c->max_message_size = 10L * 1024 * 1024;
	c->imap_batch_size = 100;
	c->batch_size = 4000;
	c->starttls = true;
	c->html_board = true;
	c->connect_timeout = 30;
	c->stall_timeout = 60;
}

/* ---- the rules of single values ---- */

/* A mail address as SMTP and a From: header take it bare: local@domain, no blanks,
 * quotes, brackets or comments, a domain of non-empty labels. */
static int check_address(const char *val, char *why, size_t len)
{
	const char *at = strchr(val, '@');

	if (!at || at == val || strchr(at + 1, '@') || !at[1] || strlen(val) > 254)
		goto bad;
	for (const char *p = val; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || strchr("<>()[]\"\\,;:", *p))
			goto bad;
	for (const char *p = at + 1; *p; p++)
		if (*p == '.' && (p == at + 1 || !p[1] || p[1] == '.'))
			goto bad;
	return 0;
bad:
	snprintf(why, len, "'%s' is not a mail address like referee@example.org", val);
	return -1;
}

/* Addresses, blank- or comma-separated, each one check_address takes. */
static int check_addresses(const char *val, char *why, size_t len)
{
	char copy[2048];

	snprintf(copy, sizeof copy, "%s", val);
	for (char *w = strtok(copy, " ,"); w; w = strtok(NULL, " ,"))
		if (check_address(w, why, len) < 0)
			return -1;
	return 0;
}

/* How the public names the players (game.h, enum naming_rule). */
static int check_naming(const char *val, char *why, size_t len)
{
	if (!strcmp(val, "names") || !strcmp(val, "initials") || !strcmp(val, "sides"))
		return 0;
	snprintf(why, len, "'%s': write names, initials or sides", val);
	return -1;
}

/* Text that goes into a header or an IMAP command: no control characters or quotes. */
static int check_name(const char *val, char *why, size_t len)
{
	for (const char *p = val; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f || *p == '"' || *p == '\\') {
			snprintf(why, len, "'%s' holds a quote, a backslash or a control character",
				 val);
			return -1;
		}
	if (!*val) {
		snprintf(why, len, "is empty");
		return -1;
	}
	return 0;
}

static int check_word(const char *val, char *why, size_t len)
{
	for (const char *p = val; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && !strchr("-_", *p)) {
			snprintf(why, len, "'%s' is not a variant name (a-z, 0-9, - and _)", val);
			return -1;
		}
	return *val ? 0 : (snprintf(why, len, "is empty"), -1);
}

/* The PORT of a URL's HOST[:PORT][/PATH] part, if given: 1 to 65535 (libcurl would
 * take 99999 modulo nothing and fail at every run instead). */
static int check_port(const char *val, const char *host, char *why, size_t len)
{
	const char *p = host;

	if (*p == '[')
		p += strcspn(p, "]");
	p += strcspn(p, ":/");
	if (*p != ':')
		return 0;
	char *end;
	errno = 0;
	long port = strtol(p + 1, &end, 10);
	if (!isdigit((unsigned char)p[1]) || (*end && *end != '/') || errno || port < 1 ||
	    port > 65535) {
		snprintf(why, len, "'%s': the port must be a number from 1 to 65535", val);
		return -1;
	}
	return 0;
}

/* A server URL: SCHEME://[USER[:PASSWORD]@]HOST[:PORT][/PATH], one of two schemes. */
static int check_url(const char *val, const char *plain, const char *tls, char *why,
		     size_t len)
{
	size_t np = strlen(plain), nt = strlen(tls);
	const char *host = NULL;

	if (!*val)
		return 0;
	if (!strncmp(val, plain, np) && !strncmp(val + np, "://", 3))
		host = val + np + 3;
	else if (!strncmp(val, tls, nt) && !strncmp(val + nt, "://", 3))
		host = val + nt + 3;
	if (!host) {
		snprintf(why, len, "'%s' must start with %s:// or %s://", val, tls, plain);
		return -1;
	}
	const char *at = strrchr(host, '@');
	if (at && at < host + strcspn(host, "/"))
		host = at + 1;
	if (!*host || *host == '/' || *host == ':' || strpbrk(val, " \t?#")) {
		snprintf(why, len, "'%s' names no server, or holds a blank, '?' or '#'", val);
		return -1;
	}
	return check_port(val, host, why, len);
}

static int check_imap_url(const char *val, char *why, size_t len)
{
	return check_url(val, "imap", "imaps", why, len);
}

static int check_smtp_url(const char *val, char *why, size_t len)
{
	return check_url(val, "smtp", "smtps", why, len);
}

static int check_timezone(const char *val, char *why, size_t len)
{
	if (clock_timezone_ok(val))
		return 0;
	snprintf(why, len, "'%s' is not a time zone this system knows (e.g. UTC, Europe/Paris)",
		 val);
	return -1;
}

static int check_reminders(const char *val, char *why, size_t len)
{
	long long steps[CONFIG_REMINDERS_MAX];

	if (clock_parse_durations(val, steps, CONFIG_REMINDERS_MAX) >= 0)
		return 0;
	snprintf(why, len, "'%s': at most %d durations like 72h, 1d12h or 90m", val,
		 CONFIG_REMINDERS_MAX);
	return -1;
}

/* ---- reading the file ---- */

/* Where relative paths in the file lead: the file's own directory, made absolute. */
struct reader {
	struct config *c;
	char dir[PATH_MAX];
	int lineno;
};

static int fail(const struct reader *r, const char *key, const char *fmt, const char *detail,
		struct err *e)
{
	char msg[ERR_MAX];

	snprintf(msg, sizeof msg, fmt, detail);
	if (key)
		return err_set(e, "%s:%d: %s: %s", r->c->path, r->lineno, key, msg);
	return err_set(e, "%s:%d: %s", r->c->path, r->lineno, msg);
}

/* A path value: relative ones are taken from the configuration file's directory. */
static int set_path(const struct reader *r, const struct key *k, const char *val, char *dst,
		    struct err *e)
{
	int n = *val && *val != '/' ? snprintf(dst, k->size, "%s/%s", r->dir, val)
				    : snprintf(dst, k->size, "%s", val);
	if (n < 0 || (size_t)n >= k->size)
		return fail(r, k->name, "%s", "the path is too long", e);
	return 0;
}

static int set_number(const struct reader *r, const struct key *k, const char *val,
		      char *dst, struct err *e)
{
	long lo = k->min, hi = k->min || k->max ? k->max : 1000000, n;
	char *end, range[96];

	errno = 0;
	n = strtol(val, &end, 10);
	snprintf(range, sizeof range, "must be a whole number from %ld to %ld, not '%%s'", lo, hi);
	if (errno || end == val || *end || n < lo || n > hi)
		return fail(r, k->name, range, val, e);
	if (k->kind == KIND_INT)
		*(int *)(void *)dst = (int)n;
	else
		*(long *)(void *)dst = n;
	return 0;
}

static int set_value(const struct reader *r, const struct key *k, const char *val,
		     struct err *e)
{
	char *dst = (char *)r->c + k->offset, why[ERR_MAX];

	switch (k->kind) {
	case KIND_PATH:
		return set_path(r, k, val, dst, e);
	case KIND_STR:
		if (strlen(val) >= k->size)
			return fail(r, k->name, "%s", "the value is too long", e);
		if (k->check && k->check(val, why, sizeof why) < 0)
			return fail(r, k->name, "%s", why, e);
		snprintf(dst, k->size, "%s", val);
		return 0;
	case KIND_INT:
	case KIND_LONG:
		return set_number(r, k, val, dst, e);
	case KIND_BOOL:
		if (!strcmp(val, "yes") || !strcmp(val, "true") || !strcmp(val, "1"))
			*(bool *)(void *)dst = true;
		else if (!strcmp(val, "no") || !strcmp(val, "false") || !strcmp(val, "0"))
			*(bool *)(void *)dst = false;
		else
			return fail(r, k->name, "must be yes or no, not '%s'", val, e);
		return 0;
	}
	return 0;
}

/* The value after '=': bare up to a '#' (blanks around it dropped), or in double quotes
 * with \" and \\ inside, then only blanks and a comment. Written over s. */
static int unquote(const struct reader *r, const char *key, char *s, struct err *e)
{
	char *out = s, *p = s + 1;

	if (*s != '"') {
		s[strcspn(s, "#")] = 0;
		for (char *end = s + strlen(s); end > s && isspace((unsigned char)end[-1]);)
			*--end = 0;
		if (strchr(s, '"'))
			return fail(r, key, "%s", "a quote inside a value: put the whole value in "
				    "double quotes and write \\\" for a quote", e);
		return 0;
	}
	for (; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
			p++;
		*out++ = *p;
	}
	if (*p != '"')
		return fail(r, key, "%s", "the value's double quote is not closed", e);
	p += strspn(p + 1, " \t\r\n") + 1;
	if (*p && *p != '#')
		return fail(r, key, "'%s' after the closing quote (a comment starts with '#')",
			    p, e);
	*out = 0;
	return 0;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = 0;
	return s;
}

static int parse_line(struct reader *r, char *line, struct err *e)
{
	char *s = trim(line), *eq;

	if (!*s || *s == '#')
		return 0;
	if (!(eq = strchr(s, '=')))
		return fail(r, NULL, "%s", "expected 'key = value'", e);
	*eq = 0;
	char *name = trim(s), *val = eq + 1;
	val += strspn(val, " \t");
	for (size_t i = 0; i < NKEYS; i++) {
		if (strcmp(keys[i].name, name))
			continue;
		if (r->c->line[i]) {
			char first[32];
			snprintf(first, sizeof first, "%d", r->c->line[i]);
			return fail(r, name, "set again (first on line %s): keep one", first, e);
		}
		if (unquote(r, name, val, e) < 0 || set_value(r, &keys[i], val, e) < 0)
			return -1;
		r->c->line[i] = r->lineno;
		return 0;
	}
	return fail(r, NULL, "unknown key '%s' (tempest.conf(5) lists the keys)", name, e);
}

static int key_index(const char *name)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].name, name))
			return (int)i;
	return -1;
}

const char *config_where(const struct config *c, const char *key, char *buf, size_t len)
{
	int i = key_index(key);

	if (i < 0 || !c->line[i])
		return "";
	snprintf(buf, len, "%s:%d: ", c->path, c->line[i]);
	return buf;
}

/* The host of a server URL (known well-formed), without port or brackets. */
static void url_host(const char *url, char *host, size_t len)
{
	const char *h = strstr(url, "://") + 3, *at = strrchr(h, '@');

	if (at && at < h + strcspn(h, "/"))
		h = at + 1;
	if (*h == '[')
		snprintf(host, len, "%.*s", (int)strcspn(h + 1, "]"), h + 1);
	else
		snprintf(host, len, "%.*s", (int)strcspn(h, ":/"), h);
}

static bool is_loopback(const char *host)
{
	return !strcmp(host, "::1") || !strcasecmp(host, "localhost") ||
	       !strncmp(host, "127.", 4);
}

/* starttls = no to another machine sends the password and the mail in clear: refused
 * unless allow_plaintext = yes says someone meant it. */
static int check_plaintext(const struct config *c, const char *key, const char *url,
			   const char *plain, struct err *e)
{
	char host[256], where[PATH_MAX + 32];
	size_t n = strlen(plain);

	if (!*url || c->starttls || c->allow_plaintext || strncmp(url, plain, n) || url[n] != ':')
		return 0;
	url_host(url, host, sizeof host);
	if (is_loopback(host))
		return 0;
	return err_set(e, "%s%s: starttls = no would send the password and the mail to %s "
		       "unencrypted; use TLS, or set allow_plaintext = yes if that is meant",
		       config_where(c, key, where, sizeof where), key, host);
}

static int read_file(struct reader *r, FILE *f, struct err *e)
{
	char line[2048];

	while (fgets(line, sizeof line, f)) {
		char *s = line;
		if (++r->lineno == 1 && !strncmp(s, "\xef\xbb\xbf", 3))
			s += 3;         /* a UTF-8 byte order mark, as some editors write */
		if (!strchr(s, '\n') && !feof(f))
			return fail(r, NULL, "%s", "line too long", e);
		if (parse_line(r, s, e) < 0)
			return -1;
	}
	if (ferror(f))
		return err_set(e, "cannot read configuration %s: %s", r->c->path, strerror(errno));
	return 0;
}

int config_load(struct config *c, const char *path, struct err *e)
{
	struct reader r = { .c = c };
	FILE *f;

	char installed[PATH_MAX];

	defaults(c);
	if (!path)
		path = getenv("TEMPEST_CONFIG");
	if (!path)      /* an installed referee finds its own: `tempest archive DIR` as written */
		path = fs_installed_config(installed, sizeof installed);
	if (!path || !*path)
		return 0;
	snprintf(c->path, sizeof c->path, "%s", path);
	if (!(f = fopen(path, "r")))
		return err_set(e, "cannot read configuration %s: %s", path, strerror(errno));
	if (!realpath(path, r.dir)) {
		fclose(f);
		return err_set(e, "configuration %s: %s", path, strerror(errno));
	}
	*strrchr(r.dir, '/') = 0;
	int rc = read_file(&r, f, e);
	fclose(f);
	if (rc < 0)
		return -1;
	if (!c->line[key_index("data_dir")])     /* the default, as if written in the file */
		snprintf(c->data_dir, sizeof c->data_dir, "%s/tempest-data", r.dir);
	if (check_plaintext(c, "imap_url", c->imap_url, "imap", e) < 0 ||
	    check_plaintext(c, "smtp_url", c->smtp_url, "smtp", e) < 0)
		return -1;
	return 0;
}

/* A credentials file must be readable by its owner only, as ftp(1) demands of ~/.netrc.
 * what names the file in messages; a missing file is an error only if must_exist. */
static int check_private(const char *path, const char *what, bool must_exist, struct err *e)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		if (!must_exist && errno == ENOENT)
			return 0;
		return err_set(e, "%s %s: %s", what, path, strerror(errno));
	}
	if (st.st_mode & (S_IRWXG | S_IRWXO))
		return err_set(e, "%s %s is readable by others (mode %03o); chmod 600 it", what,
			       path, (unsigned)(st.st_mode & 0777));
	return 0;
}

int config_check_netrc(const struct config *c, struct err *e)
{
	char path[PATH_MAX], where[PATH_MAX + 32];
	const char *home = getenv("HOME");

	if (c->netrc_file[0]) {
		if (check_private(c->netrc_file, "netrc_file", true, e) < 0) {
			err_prefix(e, "%s", config_where(c, "netrc_file", where, sizeof where));
			return -1;
		}
		return 0;
	}
	if (!home || !*home)
		return 0;
	snprintf(path, sizeof path, "%s/.netrc", home);
	return check_private(path, "credentials file", false, e);
}

/* A file the configuration names must be readable by this user now. */
static int check_readable(const struct config *c, const char *key, const char *path,
			  struct err *e)
{
	char where[PATH_MAX + 32];

	if (!*path || access(path, R_OK) == 0)
		return 0;
	return err_set(e, "%s%s: cannot read %s: %s", config_where(c, key, where, sizeof where),
		       key, path, strerror(errno));
}

int config_check(const struct config *c, struct err *e)
{
	if ((c->netrc_file[0] || c->imap_url[0] || c->smtp_url[0]) && config_check_netrc(c, e) < 0)
		return -1;
	if (check_readable(c, "tls_ca_file", c->tls_ca_file, e) < 0 ||
	    check_readable(c, "card_names", c->card_names, e) < 0 ||
	    check_readable(c, "card_catalogue", c->card_catalogue, e) < 0)
		return -1;
	return 0;
}
