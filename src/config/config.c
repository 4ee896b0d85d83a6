/* config.c: see config.h. */
#include "config/config.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/clock.h"

enum kind { KIND_STR, KIND_PATH, KIND_INT, KIND_LONG, KIND_BOOL };

struct key {
	const char *name;
	enum kind kind;
	size_t offset, size;
};

#define STR(f) KIND_STR, offsetof(struct config, f), sizeof(((struct config *)0)->f)
#define PTH(f) KIND_PATH, offsetof(struct config, f), sizeof(((struct config *)0)->f)

static const struct key keys[] = {
	{ "referee_address", STR(referee_address) },
	{ "referee_name", STR(referee_name) },
	{ "data_dir", PTH(data_dir) },
	{ "rules_dir", PTH(rules_dir) },
	{ "templates_dir", PTH(templates_dir) },
	{ "imap_url", STR(imap_url) },
	{ "imap_mailbox", STR(imap_mailbox) },
	{ "processed_folder", STR(processed_folder) },
	{ "imap_batch_size", KIND_INT, offsetof(struct config, imap_batch_size), 0 },
	{ "smtp_url", STR(smtp_url) },
	{ "netrc_file", PTH(netrc_file) },
	{ "tls_ca_file", PTH(tls_ca_file) },
	{ "starttls", KIND_BOOL, offsetof(struct config, starttls), 0 },
	{ "connect_timeout", KIND_INT, offsetof(struct config, connect_timeout), 0 },
	{ "stall_timeout", KIND_INT, offsetof(struct config, stall_timeout), 0 },
	{ "max_replies_per_sender", KIND_INT, offsetof(struct config, max_replies_per_sender), 0 },
	{ "max_message_size", KIND_LONG, offsetof(struct config, max_message_size), 0 },
	{ "syslog", KIND_BOOL, offsetof(struct config, syslog), 0 },
	{ "default_variant", STR(default_variant) },
	{ "card_names", PTH(card_names) },
	{ "timezone", STR(timezone) },
	{ "vacation_days", KIND_INT, offsetof(struct config, vacation_days), 0 },
	{ "max_vacation_days", KIND_INT, offsetof(struct config, max_vacation_days), 0 },
	{ "reminders", STR(reminders) },
	{ "draw_offer_days", KIND_INT, offsetof(struct config, draw_offer_days), 0 },
	{ "challenge_days", KIND_INT, offsetof(struct config, challenge_days), 0 },
};

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
	c->max_message_size = 10L * 1024 * 1024;
	c->imap_batch_size = 100;
	c->starttls = true;
	c->connect_timeout = 30;
	c->stall_timeout = 60;
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

static int set_value(struct config *c, const struct key *k, const char *val, int lineno,
		     struct err *e)
{
	char *base = (char *)c + k->offset, *end;
	const char *file = c->path;

	switch (k->kind) {
	case KIND_STR:
	case KIND_PATH:
		if (strlen(val) >= k->size)
			return err_set(e, "%s:%d: %s is too long", file, lineno, k->name);
		snprintf(base, k->size, "%s", val);
		return 0;
	case KIND_INT:
	case KIND_LONG: {
		errno = 0;
		long n = strtol(val, &end, 10);
		if (errno || end == val || *end || n < 0 || (k->kind == KIND_INT && n > 1000000))
			return err_set(e, "%s:%d: %s must be a whole number, not '%s'", file, lineno,
				       k->name, val);
		if (k->kind == KIND_INT)
			*(int *)(void *)base = (int)n;
		else
			*(long *)(void *)base = n;
		return 0;
	}
	case KIND_BOOL:
		if (!strcmp(val, "yes") || !strcmp(val, "true") || !strcmp(val, "1"))
			*(bool *)(void *)base = true;
		else if (!strcmp(val, "no") || !strcmp(val, "false") || !strcmp(val, "0"))
			*(bool *)(void *)base = false;
		else
			return err_set(e, "%s:%d: %s must be yes or no, not '%s'", file, lineno,
				       k->name, val);
		return 0;
	}
	return 0;
}

static int parse_line(struct config *c, char *line, int lineno, struct err *e)
{
	char *s = trim(line), *eq;

	if (!*s || *s == '#')
		return 0;
	if (!(eq = strchr(s, '=')))
		return err_set(e, "%s:%d: expected 'key = value'", c->path, lineno);
	*eq = 0;
	char *name = trim(s), *val = trim(eq + 1);
	size_t n = strlen(val);
	if (n >= 2 && val[0] == '"' && val[n - 1] == '"')
		val[n - 1] = 0, val++;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!strcmp(keys[i].name, name))
			return set_value(c, &keys[i], val, lineno, e);
	return err_set(e, "%s:%d: unknown key '%s'", c->path, lineno, name);
}

int config_load(struct config *c, const char *path, struct err *e)
{
	char line[2048];
	FILE *f;
	int lineno = 0;

	defaults(c);
	if (!path)
		path = getenv("TEMPEST_CONFIG");
	if (!path || !*path)
		return 0;
	snprintf(c->path, sizeof c->path, "%s", path);
	if (!(f = fopen(path, "r")))
		return err_set(e, "cannot read configuration %s: %s", path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			fclose(f);
			return err_set(e, "%s:%d: line too long", path, lineno);
		}
		if (parse_line(c, line, lineno, e) < 0) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
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
	char path[PATH_MAX];
	const char *home = getenv("HOME");

	if (c->netrc_file[0])
		return check_private(c->netrc_file, "netrc_file", true, e);
	if (!home || !*home)
		return 0;
	snprintf(path, sizeof path, "%s/.netrc", home);
	return check_private(path, "credentials file", false, e);
}

int config_check(const struct config *c, struct err *e)
{
	if (!strchr(c->referee_address, '@'))
		return err_set(e, "referee_address '%s' is not a mail address", c->referee_address);
	if ((c->netrc_file[0] || c->imap_url[0] || c->smtp_url[0]) && config_check_netrc(c, e) < 0)
		return -1;
	if (c->tls_ca_file[0] && access(c->tls_ca_file, R_OK) != 0)
		return err_set(e, "tls_ca_file %s cannot be read", c->tls_ca_file);
	if (c->imap_url[0] && strncmp(c->imap_url, "imap://", 7) && strncmp(c->imap_url, "imaps://", 8))
		return err_set(e, "imap_url must start with imap:// or imaps://");
	if (c->smtp_url[0] && strncmp(c->smtp_url, "smtp://", 7) && strncmp(c->smtp_url, "smtps://", 8))
		return err_set(e, "smtp_url must start with smtp:// or smtps://");
	if (c->connect_timeout < 1 || c->stall_timeout < 1)
		return err_set(e, "connect_timeout and stall_timeout must be at least 1 second");
	if (!clock_timezone_ok(c->timezone))
		return err_set(e, "timezone '%s' is not a time zone this system knows (e.g. UTC, "
			       "Europe/Paris)", c->timezone);
	long long steps[CONFIG_REMINDERS_MAX];
	if (clock_parse_durations(c->reminders, steps, CONFIG_REMINDERS_MAX) < 0)
		return err_set(e, "reminders '%s': at most %d durations like 72h, 1d12h or 90m",
			       c->reminders, CONFIG_REMINDERS_MAX);
	if (c->vacation_days < 0 || c->max_vacation_days < 0 || c->draw_offer_days < 0 ||
	    c->challenge_days < 0)
		return err_set(e, "vacation_days, max_vacation_days, draw_offer_days and "
			       "challenge_days cannot be negative");
	return 0;
}
