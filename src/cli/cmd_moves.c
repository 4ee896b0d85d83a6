/* cmd_moves.c: `tempest moves`: the legal moves (and placements) of positions of a game
 * kind that keeps its own position (ChessMe), one a line, so that another move generator
 * can be compared with the referee's. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "game/kind.h"
#include "kinds/registry.h"
#include "store/rules_load.h"

static const char moves_help[] =
	"usage: tempest moves [--variant V] [--rules DIR] POSITION\n"
	"       tempest moves [--variant V] [--rules DIR] -\n"
	"\n"
	"Prints the legal moves of POSITION, one a line in coordinates, then each move with\n"
	"each placement it allows ('e2e3 N@d1'), for a variant whose game kind keeps its own\n"
	"position (default chessme; docs/chessme.md, 'ChessMe by mail'). With '-', reads one position\n"
	"a line from standard input and prints each list followed by an empty line.\n";

static int one(const struct kind *k, const char *position)
{
	struct buf out = { 0 };
	char why[256];

	if (k->moves_text(position, &out, why, sizeof why) < 0) {
		fprintf(stderr, "tempest moves: '%s': %s\n", position, why);
		buf_free(&out);
		return EXIT_USAGE;
	}
	fputs(out.s ? out.s : "", stdout);
	buf_free(&out);
	return EXIT_OK;
}

static int each_line(const struct kind *k)
{
	char line[4096];
	int rc = EXIT_OK;

	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!*line)
			continue;
		if (one(k, line) != EXIT_OK)
			rc = EXIT_USAGE;
		printf("\n");
	}
	return rc;
}

int cmd_moves(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "variant", required_argument, NULL, 'V' },
		{ "rules", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *variant = "chessme", *rules = NULL;
	int c, rc;
	struct err e;

	optind = 1;
	while ((c = getopt_long(argc, argv, "V:R:h", opts, NULL)) != -1) {
		switch (c) {
		case 'V': variant = optarg; break;
		case 'R': rules = optarg; break;
		case 'h': fputs(moves_help, stdout); return EXIT_OK;
		default: fputs(moves_help, stderr); return EXIT_USAGE;
		}
	}
	if (optind + 1 != argc) {
		fputs(moves_help, stderr);
		return EXIT_USAGE;
	}
	struct variant *v = rules_load(rules_dir(rules), variant, &e);
	if (!v) {
		fprintf(stderr, "tempest moves: %s\n", e.msg);
		return EXIT_USAGE;
	}
	const struct kind *k = kind_find(v->protocol);
	if (!k || !k->moves_text) {
		fprintf(stderr, "tempest moves: %s is played on the rules engine's board: use "
			"'tempest perft --divide'\n", variant);
		variant_free(v);
		return EXIT_USAGE;
	}
	rc = strcmp(argv[optind], "-") ? one(k, argv[optind]) : each_line(k);
	variant_free(v);
	return rc;
}
