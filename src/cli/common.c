/* common.c: see common.h. */
#include "cli/common.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "render/view.h"
#include "rules/rules.h"
#include "util/log.h"

int common_start(int argc, char **argv, const char *usage, struct common *c, int *next)
{
	struct err e;
	int i = 1;

	memset(c, 0, sizeof *c);
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-c") && i + 1 < argc)
			c->config_path = argv[++i];
		else if (!strcmp(a, "-n"))
			c->check_only = true;
		else if (!strcmp(a, "--dry-run"))
			c->dry_run = true;
		else if (!strcmp(a, "-v"))
			c->verbose++;
		else if (!strcmp(a, "-vv"))
			c->verbose += 2;
		else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage, stdout);
			return EXIT_OK;
		} else
			break;
	}
	*next = i;
	log_setup(c->verbose >= 2 ? LOG_LEVEL_DEBUG : c->verbose ? LOG_LEVEL_INFO : LOG_LEVEL_WARN,
		  false);
	if (config_load(&c->cfg, c->config_path, &e) < 0 || config_check(&c->cfg, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		return EXIT_USAGE;
	}
	log_setup(c->verbose >= 2 ? LOG_LEVEL_DEBUG : c->verbose ? LOG_LEVEL_INFO : LOG_LEVEL_WARN,
		  c->cfg.syslog);
	return -1;
}

int common_check(const struct common *c)
{
	const char *rdir = rules_dir(c->cfg.rules_dir), *tdir = templates_dir(c->cfg.templates_dir);
	struct templates t;
	struct err e;
	DIR *d = opendir(rdir);
	struct dirent *de;
	int bad = 0, n = 0;

	printf("configuration: %s\n", c->cfg.path[0] ? c->cfg.path : "(none: embedded mode)");
	printf("data directory: %s\n", c->cfg.data_dir);
	printf("mail in: %s\n", c->cfg.imap_url[0] ? c->cfg.imap_url : "mbox or standard input");
	printf("mail out: %s\n", c->cfg.smtp_url[0] ? c->cfg.smtp_url : "standard output (mbox)");
	if (!d) {
		printf("rules: cannot open %s\n", rdir);
		return EXIT_USAGE;
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
		} else
			n++;
		variant_free(v);
	}
	closedir(d);
	printf("rules: %d variant%s in %s%s\n", n, n == 1 ? "" : "s", rdir, bad ? ", with errors" : "");
	if (templates_load(&t, tdir, &e) < 0) {
		printf("templates: %s\n", e.msg);
		bad++;
	} else {
		printf("templates: %d in %s\n", REPLY_KINDS, tdir);
		templates_free(&t);
	}
	return bad ? EXIT_USAGE : EXIT_OK;
}
