/* common.c: see common.h. */
#include "cli/common.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <malloc.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "mail/deliver.h"
#include "mail/imap.h"
#include "mail/smtp.h"
#include "pipeline/pipeline.h"
#include "render/language.h"
#include "render/view.h"
#include "render/vocabulary.h"
#include "game/order_words.h"
#include "kinds/registry.h"
#include "store/cards_load.h"
#include "store/rules_load.h"
#include "util/clock.h"
#include "util/log.h"

enum { OPT_DRY_RUN = 200, OPT_OFFLINE, OPT_HELP };

static const struct option common_options[] = {
	{ "config", required_argument, NULL, 'c' },
	{ "check", no_argument, NULL, 'n' },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "offline", no_argument, NULL, OPT_OFFLINE },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
};
#define NCOMMON (sizeof common_options / sizeof common_options[0])
#define OWN_MAX 16

/* The common options followed by the command's own, zero-terminated, in opts. */
static void merge_options(const struct common_opts *own, struct option *opts)
{
	size_t n = 0;

	memcpy(opts, common_options, sizeof common_options);
	for (; own && own->options[n].name && n < OWN_MAX; n++)
		opts[NCOMMON + n] = own->options[n];
	memset(&opts[NCOMMON + n], 0, sizeof opts[0]);
}

/* One option: 0, 1 after --help, -1 to refuse the line. */
static int take_option(int ch, const struct common_opts *own, struct common *c)
{
	switch (ch) {
	case 'c': c->config_path = optarg; return 0;
	case 'n': c->check_only = true; return 0;
	case OPT_DRY_RUN: c->dry_run = true; return 0;
	case OPT_OFFLINE: c->offline = true; return 0;
	case 'v': c->verbose++; return 0;
	case 'h': return 1;
	case '?': case ':': return -1;
	}
	return own && own->handle(ch, optarg, own->ctx) == 0 ? 0 : -1;
}

int common_start_opts(int argc, char **argv, const char *usage, const struct common_opts *own,
		      struct common *c, int *next)
{
	struct option opts[NCOMMON + OWN_MAX + 1];
	struct err e;
	int ch, rc;

	memset(c, 0, sizeof *c);
	merge_options(own, opts);
	optind = 0;                     /* glibc: start afresh, permuting the arguments */
	while ((ch = getopt_long(argc, argv, "c:nvh", opts, NULL)) != -1) {
		if ((rc = take_option(ch, own, c)) > 0) {
			fputs(usage, stdout);
			return EXIT_OK;
		}
		if (rc < 0) {
			fputs(usage, stderr);
			return EXIT_USAGE;
		}
	}
	*next = optind;
	if (c->offline && !c->check_only) {
		fprintf(stderr, "tempest: --offline goes with -n (check without connecting)\n");
		return EXIT_USAGE;
	}
	log_setup(c->verbose >= 2 ? LOG_LEVEL_DEBUG : c->verbose ? LOG_LEVEL_INFO : LOG_LEVEL_WARN,
		  false);
	if (config_load(&c->cfg, c->config_path, &e) < 0 || config_check(&c->cfg, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		return EXIT_USAGE;
	}
	log_setup(c->verbose >= 2 ? LOG_LEVEL_DEBUG : c->verbose ? LOG_LEVEL_INFO : LOG_LEVEL_WARN,
		  c->cfg.syslog);
	snprintf(c->cfg.command, sizeof c->cfg.command, "tempest %s", argc ? argv[0] : "");
	return -1;
}

int common_start(int argc, char **argv, const char *usage, struct common *c, int *next)
{
	return common_start_opts(argc, argv, usage, NULL, c, next);
}

enum { OPT_ACCEPT_CLOCK = 280, OPT_CLOCK_FLOOR };
static const struct option clock_options[] = {
	{ "accept-clock", no_argument, NULL, OPT_ACCEPT_CLOCK },
	{ "clock-floor", required_argument, NULL, OPT_CLOCK_FLOOR },
	{ NULL, 0, NULL, 0 },
};
static struct { bool accept; long long floor; } clock_asked;

static int clock_option(int val, const char *arg, void *ctx)
{
	(void)ctx;
	if (val == OPT_ACCEPT_CLOCK) {
		clock_asked.accept = true;
		return 0;
	}
	if ((clock_asked.floor = clock_parse(arg)) <= 0) {
		fprintf(stderr, "tempest: --clock-floor: '%s' is not a time such as "
			"2026-11-05T12:00:00Z\n", arg);
		return -1;
	}
	return 0;
}

const struct common_opts common_clock_opts = { clock_options, clock_option, NULL };

int common_start_clock(int argc, char **argv, const char *usage, struct common *c, int *next)
{
	clock_asked.accept = false;
	clock_asked.floor = 0;
	int rc = common_start_opts(argc, argv, usage, &common_clock_opts, c, next);
	c->cfg.accept_clock = clock_asked.accept;
	c->cfg.clock_floor = clock_asked.floor;
	return rc;
}

void common_batch_memory(void)
{
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	mallopt(M_TRIM_THRESHOLD, 128 * 1024);
}

/* The name of a user id, for messages. */
static const char *user_name(uid_t uid, char *buf, size_t len)
{
	struct passwd *pw = getpwuid(uid);

	if (pw)
		snprintf(buf, len, "%s", pw->pw_name);
	else
		snprintf(buf, len, "uid %u", (unsigned)uid);
	return buf;
}

/* A file or directory of the data directory: ours, not writable by everyone; private
 * (no access for group and others) when it holds a secret. */
static int check_owned(const char *path, const struct stat *st, bool secret, struct err *e)
{
	char owner[64], me[64];

	if (st->st_uid != geteuid())
		return err_set(e, "%s belongs to %s, not to %s who runs this: run tempest as %s "
			       "(files made now would lock it out)", path,
			       user_name(st->st_uid, owner, sizeof owner),
			       user_name(geteuid(), me, sizeof me), owner);
	if (st->st_mode & S_IWOTH)
		return err_set(e, "%s is writable by every user (mode %04o); chmod o-w it", path,
			       (unsigned)(st->st_mode & 07777));
	if (secret && (st->st_mode & 077))
		return err_set(e, "%s is open to others (mode %04o); chmod 600 it", path,
			       (unsigned)(st->st_mode & 07777));
	return 0;
}

/* The data directory does not exist: can it be made? Its nearest existing parent must
 * be writable by this user. */
static int check_creatable(const char *dir, struct err *e)
{
	char up[PATH_MAX];

	snprintf(up, sizeof up, "%s", dir);
	for (;;) {
		char *slash = strrchr(up, '/');
		if (!slash)
			snprintf(up, sizeof up, ".");
		else if (slash == up)
			up[1] = 0;
		else
			*slash = 0;
		if (access(up, F_OK) == 0)
			break;
		if (!strcmp(up, ".") || !strcmp(up, "/"))
			break;
	}
	if (access(up, W_OK | X_OK) < 0)
		return err_set(e, "data directory %s does not exist and cannot be made: %s is not "
			       "writable by this user", dir, up);
	return 0;
}

/* The data directory and its key: owner and modes, and with must_exist (a dry run, which
 * makes nothing), the directory and its key. A directory an earlier release wrote may
 * lack parts this one makes (seen/, outbox/, lock): a dry run reads it as it is. */
static int check_data_dir(const struct config *cfg, bool must_exist, struct err *e)
{
	static const char *const parts[] = { "games", "seen", "outbox", "lock", "key" };
	char path[PATH_MAX + 16];
	struct stat st;

	if (stat(cfg->data_dir, &st) < 0) {
		if (errno != ENOENT)
			return err_set(e, "data directory %s: %s", cfg->data_dir, strerror(errno));
		if (must_exist)
			return err_set(e, "data directory %s does not exist yet, and --dry-run makes "
				       "nothing (a first run without it makes the directory)",
				       cfg->data_dir);
		return check_creatable(cfg->data_dir, e);
	}
	if (!S_ISDIR(st.st_mode))
		return err_set(e, "data directory %s is not a directory", cfg->data_dir);
	if (check_owned(cfg->data_dir, &st, false, e) < 0)
		return -1;
	if (access(cfg->data_dir, (must_exist ? 0 : W_OK) | R_OK | X_OK) < 0)
		return err_set(e, "data directory %s is not %s by this user", cfg->data_dir,
			       must_exist ? "readable" : "writable");
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", cfg->data_dir, parts[i]);
		if (stat(path, &st) < 0) {
			if (must_exist && !strcmp(parts[i], "key"))
				return err_set(e, "%s does not exist yet, and --dry-run makes nothing",
					       path);
			continue;
		}
		if (check_owned(path, &st, !strcmp(parts[i], "key"), e) < 0)
			return -1;
	}
	return 0;
}

int common_ready(const struct common *c, const char *who)
{
	struct err e;

	if (check_data_dir(&c->cfg, c->dry_run, &e) < 0) {
		fprintf(stderr, "%s: %s\n", who, e.msg);
		return EXIT_USAGE;
	}
	return -1;
}

int cli_printf(const char *fmt, ...)
{
	char *text = NULL, *en;
	va_list ap;

	va_start(ap, fmt);
	int n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	en = phrase_has(text) ? phrase_render_dup(text, NULL) : NULL;
	fputs(en ? en : text, stdout);
	free(en);
	free(text);
	return n;
}

int common_fail_status(const struct err *e)
{
	return e->for_a_person ? EXIT_USAGE : EXIT_TEMPFAIL;
}

/* How much a status needs a person: the order of common_worst(). */
static int gravity(int status)
{
	switch (status) {
	case EXIT_OK: return 0;
	case EXIT_FAILED: return 1;
	case EXIT_TEMPFAIL: return 2;
	default: return 3;
	}
}

int common_worst(int a, int b)
{
	return gravity(b) > gravity(a) ? b : a;
}

int common_deliver_status(const struct deliver_stats *ds)
{
	if (ds->for_a_person)
		return EXIT_USAGE;
	if (ds->tempfail || ds->deferred)
		return EXIT_TEMPFAIL;
	return ds->rejected ? EXIT_FAILED : EXIT_OK;
}

int common_mails_status(const struct pipeline_stats *s, int failed)
{
	if (s->for_a_person) {
		log_error("a file of the data directory is damaged (named above): its mails wait "
			  "until it is repaired or restored from a backup (a game's state before "
			  "its last save is DATA/games/N.spare)");
		return EXIT_USAGE;
	}
	return failed ? EXIT_TEMPFAIL : EXIT_OK;
}

/* -n: every variant file of the rules directory loads. Returns the count of bad ones,
 * -1 if the directory cannot be read. */
/* The card catalogue a variant names (the user's, if the configuration gives one of its
 * name), checked as a game would read it. */
static int check_catalogue(const struct config *cfg, const char *rdir, const struct variant *v)
{
	static struct card_catalogue cat;
	struct err e;

	if (!v->cards[0])
		return 0;
	if (cards_load(rdir, v->cards, cfg->card_names, cfg->card_catalogue, &cat, &e) < 0) {
		printf("cards: %s: %s\n", v->name, e.msg);
		return 1;
	}
	return 0;
}

static int check_rules(const struct config *cfg, const char *rdir)
{
	DIR *d = opendir(rdir);
	struct dirent *de;
	struct err e;
	int bad = 0, n = 0;

	if (!d) {
		printf("rules: cannot open %s: %s\n", rdir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)(len - 5), de->d_name);
		struct variant *v = rules_load(rdir, name, &e);
		if (!v) {
			printf("rules: %s\n", e.msg);
			bad++;
		} else if (check_catalogue(cfg, rdir, v))
			bad++;
		else
			n++;
		variant_free(v);
	}
	closedir(d);
	printf("rules: %d variant%s in %s%s\n", n, n == 1 ? "" : "s", rdir, bad ? ", with errors" : "");
	return bad;
}

/* -n: connects and logs in to the IMAP server and opens the mailbox. An exit status. */
static int check_imap(const struct common *c, bool needed)
{
	struct err e;
	struct imap *im;

	if (!c->cfg.imap_url[0]) {
		if (!needed)
			return EXIT_OK;
		printf("imap: no imap_url in the configuration, and this command reads its mail "
		       "there (for mail from a file or a pipe, use 'tempest process')\n");
		return EXIT_USAGE;
	}
	if (c->offline) {
		printf("imap: not contacted (--offline)\n");
		return EXIT_OK;
	}
	if (!(im = imap_open(&c->cfg, &e))) {
		printf("%s\n", e.msg);
		return common_fail_status(&e);
	}
	imap_close(im);
	printf("imap: logged in, mailbox %s open\n", c->cfg.imap_mailbox);
	return EXIT_OK;
}

/* A server URL as -n prints it: a password written in it (scheme://user:password@host)
 * is not for the terminal or a cron mail. */
static const char *no_password(const char *url, char *buf, size_t len)
{
	const char *auth = strstr(url, "://"), *at, *colon;

	snprintf(buf, len, "%s", url);
	if (!auth || !(at = strchr(auth + 3, '@')) || memchr(auth + 3, '/', (size_t)(at - auth - 3)))
		return buf;
	if ((colon = memchr(auth + 3, ':', (size_t)(at - auth - 3))))
		snprintf(buf, len, "%.*s:***%s", (int)(colon - url), url, at);
	return buf;
}

/* -n: connects, upgrades and logs in to the SMTP server, sending nothing. An exit status. */
static int check_smtp(const struct common *c)
{
	struct err e;

	if (!c->cfg.smtp_url[0])
		return EXIT_OK;
	if (c->offline) {
		printf("smtp: not contacted (--offline)\n");
		return EXIT_OK;
	}
	if (smtp_check(&c->cfg, &e) != SMTP_SENT) {
		printf("%s\n", e.msg);
		return common_fail_status(&e);
	}
	printf("smtp: logged in, nothing sent\n");
	return EXIT_OK;
}

/* -n: the data directory, said even when all is well: a first run makes one that does not
 * exist yet (with a new key: a path mistyped would start afresh, so it is named). */
static int check_data(const struct common *c)
{
	struct err e;

	if (check_data_dir(&c->cfg, false, &e) < 0) {
		printf("data directory: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (access(c->cfg.data_dir, F_OK) < 0)
		printf("data directory: %s does not exist yet: the first run makes it, with a new "
		       "key (no game of another data directory is known there)\n", c->cfg.data_dir);
	else
		printf("data directory: %s\n", c->cfg.data_dir);
	return EXIT_OK;
}

/* One msgid a catalogue lacks, for -v. */
static void missing_one(void *arg, const char *ctx, const char *id)
{
	printf("  %s: %s%s\"%s\"\n", (const char *)arg, ctx ? ctx : "", ctx ? " | " : "", id);
}

/* Each language's phrases against the template catalogue (tempest.pot): a msgid without
 * a msgstr is written in English, which -n says, per language. */
static void check_phrases(const struct common *c, const char *tdir, const struct languages *ls)
{
	char path[PATH_MAX + 32];
	struct catalogue *pot;
	struct err e;

	snprintf(path, sizeof path, "%s/po/tempest.pot", tdir);
	if (catalogue_load(path, &pot, &e) < 0) {
		printf("warning: %s: cannot check the catalogues against it\n", e.msg);
		return;
	}
	for (size_t i = 0; i < ls->n; i++) {
		size_t n = catalogue_missing(ls->v[i].cat, pot, NULL, NULL);
		if (!n)
			continue;
		printf("warning: %s/po/%s.po: %zu of %zu phrases have no msgstr (written in English)"
		       "%s\n", tdir, ls->v[i].code, n, catalogue_missing(NULL, pot, NULL, NULL),
		       c->verbose ? ":" : "; -v lists them");
		if (c->verbose)
			catalogue_missing(ls->v[i].cat, pot, missing_one, (void *)ls->v[i].code);
	}
	catalogue_free(pot);
}

/* -n: the templates, every kind's parts in every language, and the catalogues. An exit
 * status. */
static int check_templates(const struct common *c)
{
	const char *tdir = templates_dir(c->cfg.templates_dir);
	struct templates t;
	struct languages ls;
	struct err e;

	size_t nkw, nwords;
	const struct order_word *kw = kind_all_orders(&nkw);

	if (templates_load(&t, tdir, &e) < 0 || languages_load(&ls, tdir, &e) < 0) {
		printf("templates: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (vocabulary_load(tdir, kw, nkw, &e) < 0) {
		printf("order words: %s\n", e.msg);
		languages_free(&ls);
		templates_free(&t);
		return EXIT_USAGE;
	}
	const struct order_alias *words = order_words(&nwords);
	printf("templates: %d in %s", REPLY_KINDS, tdir);
	for (size_t i = 0; i < ls.n; i++) {    /* the other languages: templates, phrases */
		size_t n = 0;
		for (size_t j = 0; j < nwords; j++)
			n += !strcmp(words[j].lang, ls.v[i].code);
		printf("%s%s (%zu phrases, %zu order words)", i ? ", " : "; also in ", ls.v[i].code,
		       catalogue_size(ls.v[i].cat), n);
	}
	printf("\n");
	check_phrases(c, tdir, &ls);
	languages_free(&ls);
	templates_free(&t);
	return EXIT_OK;
}

int common_check(const struct common *c, unsigned needs)
{
	char shown[CONFIG_STR];
	int rc;

	printf("configuration: %s\n", c->cfg.path[0] ? c->cfg.path : "(none: embedded mode)");
	rc = check_data(c);
	printf("mail in: %s\n", c->cfg.imap_url[0] ? no_password(c->cfg.imap_url, shown, sizeof shown) :
	       "mbox or standard input");
	printf("mail out: %s\n", c->cfg.smtp_url[0] ? no_password(c->cfg.smtp_url, shown, sizeof shown) :
	       "standard output (mbox)");
	if (check_rules(&c->cfg, rules_dir(c->cfg.rules_dir)))
		rc = common_worst(rc, EXIT_USAGE);
	rc = common_worst(rc, check_templates(c));
	rc = common_worst(rc, check_imap(c, needs & COMMON_NEEDS_IMAP));
	rc = common_worst(rc, check_smtp(c));
	printf("%s\n", rc == EXIT_OK ? "all is well" : rc == EXIT_TEMPFAIL ?
	       "a server could not be reached: try again later (exit 75)" :
	       "something above must be put right (exit 2)");
	return rc;
}
