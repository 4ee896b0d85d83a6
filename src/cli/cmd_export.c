/* cmd_export.c: `tempest export-variants`: every variant of the rules directory as a
 * Fairy-Stockfish variants.ini section (render/fsf.c), or a comment saying why the format
 * cannot hold it; with it, Fairy-Stockfish, ffish and XBoard replay the referee's PGN. */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "kinds/registry.h"
#include "render/fsf.h"
#include "store/rules_load.h"

static const char export_help[] =
	"usage: tempest export-variants [--rules DIR] [VARIANT...]\n"
	"\n"
	"Prints a Fairy-Stockfish variants.ini section for each variant of the rules\n"
	"directory (or each VARIANT named) whose rules the format can hold, and a comment\n"
	"saying why for each it cannot. The section's name is the variant's, as the\n"
	"[Variant] tag of the referee's PGN gives it.\n";

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The variant names of dir (its *.json files), sorted; NULL-terminated, caller frees. */
static char **variant_names(const char *dir, int *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;

	*n = 0;
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		char **more = realloc(names, (size_t)(*n + 1) * sizeof *names);
		if (!more)
			break;
		names = more;
		names[(*n)++] = strndup(de->d_name, len - 5);
	}
	if (d)
		closedir(d);
	if (names)
		qsort(names, (size_t)*n, sizeof *names, by_name);
	return names;
}

/* "# NAME (TITLE): not expressible: WHY" in lines of at most 79 characters, each a comment. */
static void comment_wrapped(const struct variant *v, const char *why)
{
	char text[800], *save = NULL;
	size_t col = 0;

	snprintf(text, sizeof text, "%s (%s): not expressible: %s", v->name, v->title, why);
	for (char *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		size_t n = strlen(w);
		if (col && col + 1 + n > 79) {
			printf("\n");
			col = 0;
		}
		col += (size_t)printf("%s%s", col ? " " : "# ", w);
	}
	printf("\n\n");
}

/* One variant: its section, or why not. 0, or -1 if it cannot be loaded. */
static int export_one(const char *dir, const char *name, bool named)
{
	struct err e;
	struct buf out = { 0 };
	char why[512];
	struct variant *v = rules_load(dir, name, &e);

	if (!v) {
		if (named)
			fprintf(stderr, "tempest export-variants: %s\n", e.msg);
		return named ? -1 : 0;   /* a card catalogue beside the variants: not one */
	}
	const struct kind *k = kind_find(v->protocol);
	if (!strcmp(v->name, "chess"))
		printf("# chess: built into Fairy-Stockfish\n\n");
	else if (k && k->moves_text)    /* the kind keeps a position of its own */
		comment_wrapped(v, "its game keeps a position of its own, not a board of the "
				"variant's squares (ChessMe: an unbounded grid, tiles placed from "
				"a hand)");
	else if (fsf_section(v, &out, why, sizeof why) == 0)
		printf("%s\n", out.s);
	else
		comment_wrapped(v, why);
	buf_free(&out);
	variant_free(v);
	return 0;
}

int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rules = NULL;
	int c, n, rc = EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "R:h", opts, NULL)) != -1) {
		switch (c) {
		case 'R': rules = optarg; break;
		case 'h': fputs(export_help, stdout); return EXIT_OK;
		default: fputs(export_help, stderr); return EXIT_USAGE;
		}
	}
	const char *dir = rules_dir(rules);
	/* no path: the file is for others' machines, and names nothing of this one's */
	printf("# Fairy-Stockfish variants.ini, written by tempest export-variants\n\n");
	if (optind < argc) {
		for (int i = optind; i < argc; i++)
			if (export_one(dir, argv[i], true) < 0)
				rc = EXIT_USAGE;
		return rc;
	}
	char **names = variant_names(dir, &n);
	if (!names) {
		fprintf(stderr, "tempest export-variants: no variant in %s\n", dir);
		return EXIT_USAGE;
	}
	for (int i = 0; i < n; i++) {
		export_one(dir, names[i], false);
		free(names[i]);
	}
	free(names);
	return rc;
}
