/* cmd_perft.c: `tempest perft`: leaf counts of the legal move tree, for one position or a
 * suite file of positions with expected counts. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "store/rules_load.h"

static const char perft_help[] =
	"usage: tempest perft [--variant V] [--rules DIR] [--divide] FEN DEPTH\n"
	"       tempest perft [--variant V] [--rules DIR] [--max-depth N] --suite FILE\n"
	"\n"
	"Counts the leaf nodes of the legal move tree DEPTH plies deep from FEN ('startpos'\n"
	"is the variant's starting position). --divide prints the count below each move.\n"
	"A suite file has one position per line, 'FEN ;D1 n ;D2 n ...' ('#' starts a\n"
	"comment); each depth is checked and the last line reads 'N passed, N failed'.\n"
	"--max-depth skips the deeper entries. The variant is a name from the rules\n"
	"directory (default chess) or the path of a variant file.\n";

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int set_position(struct pos *p, const struct variant *v, const char *fen)
{
	struct err e;

	if (pos_from_fen(p, v, strcmp(fen, "startpos") ? fen : v->setup, &e) < 0) {
		fprintf(stderr, "tempest perft: %s\n", e.msg);
		return -1;
	}
	return 0;
}

static int run_one(const struct variant *v, const char *fen, int depth, int divide)
{
	struct pos *p = malloc(sizeof *p);
	struct movelist ml;
	uint64_t total = 0;
	double t0 = now();

	if (!p || set_position(p, v, fen) < 0) {
		free(p);
		return EXIT_USAGE;
	}
	if (divide && depth > 0) {
		movegen_legal(p, &ml);
		for (int i = 0; i < ml.n; i++) {
			struct undo u;
			char mv[SAN_MAX];
			notation_coord(p, ml.m[i], mv, sizeof mv);
			pos_make(p, ml.m[i], &u);
			uint64_t n = perft(p, depth - 1);
			pos_unmake(p, ml.m[i], &u);
			printf("%s: %" PRIu64 "\n", mv, n);
			total += n;
		}
		printf("\n");
	} else
		total = perft(p, depth);
	double dt = now() - t0;
	printf("Nodes searched: %" PRIu64 "\n", total);
	fprintf(stderr, "%.3f s, %.0f nodes/s\n", dt, dt > 0 ? (double)total / dt : 0.0);
	free(p);
	return EXIT_OK;
}

/* One suite line: "FEN ;D1 n ;D2 n". Returns -1 on a malformed line. */
static int run_suite_line(const struct variant *v, struct pos *p, char *line, int lineno,
			  int max_depth, int *passed, int *failed)
{
	char *semi = strchr(line, ';');

	if (!semi) {
		fprintf(stderr, "line %d: no ';D1 n' entries\n", lineno);
		return -1;
	}
	*semi = 0;
	for (char *end = semi; end > line && (end[-1] == ' ' || end[-1] == '\t'); end--)
		end[-1] = 0;
	if (set_position(p, v, line) < 0)
		return -1;
	for (char *tok = strtok(semi + 1, ";"); tok; tok = strtok(NULL, ";")) {
		int depth;
		uint64_t want;
		if (sscanf(tok, " D%d %" SCNu64, &depth, &want) != 2 || depth < 0) {
			fprintf(stderr, "line %d: '%s' is not 'Dn count'\n", lineno, tok);
			return -1;
		}
		if (max_depth >= 0 && depth > max_depth)
			continue;
		double t0 = now();
		uint64_t got = perft(p, depth);
		double dt = now() - t0;
		bool ok = got == want;
		if (ok)
			printf("ok   D%d %" PRIu64 " (%.2f s) %s\n", depth, got, dt, line);
		else
			printf("FAIL D%d got %" PRIu64 " expected %" PRIu64 " (%.2f s) %s\n", depth,
			       got, want, dt, line);
		*(ok ? passed : failed) += 1;
	}
	return 0;
}

static int run_suite(const struct variant *v, const char *path, int max_depth)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int lineno = 0, passed = 0, failed = 0;
	struct pos *p = malloc(sizeof *p);

	if (!f || !p) {
		fprintf(stderr, "tempest perft: cannot read %s\n", path);
		if (f)
			fclose(f);
		free(p);
		return EXIT_USAGE;
	}
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		char *s = line + strspn(line, " \t");
		if (!*s || *s == '#')
			continue;
		if (run_suite_line(v, p, s, lineno, max_depth, &passed, &failed) < 0)
			failed++;
	}
	fclose(f);
	free(p);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? EXIT_FAILED : EXIT_OK;
}

int cmd_perft(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "variant", required_argument, NULL, 'V' },
		{ "rules", required_argument, NULL, 'R' },
		{ "divide", no_argument, NULL, 'd' },
		{ "suite", required_argument, NULL, 's' },
		{ "max-depth", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *variant = "chess", *rules = NULL, *suite = NULL;
	int divide = 0, max_depth = -1, c, rc;
	struct err e;

	optind = 1;
	while ((c = getopt_long(argc, argv, "V:R:ds:m:h", opts, NULL)) != -1) {
		switch (c) {
		case 'V': variant = optarg; break;
		case 'R': rules = optarg; break;
		case 'd': divide = 1; break;
		case 's': suite = optarg; break;
		case 'm': max_depth = atoi(optarg); break;
		case 'h': fputs(perft_help, stdout); return EXIT_OK;
		default: fputs(perft_help, stderr); return EXIT_USAGE;
		}
	}
	if (suite ? optind != argc : optind + 2 != argc) {
		fputs(perft_help, stderr);
		return EXIT_USAGE;
	}
	struct variant *v = rules_load(rules_dir(rules), variant, &e);
	if (!v) {
		fprintf(stderr, "tempest perft: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (suite)
		rc = run_suite(v, suite, max_depth);
	else {
		char *end;
		long depth = strtol(argv[optind + 1], &end, 10);
		if (*end || depth < 0 || depth > 20) {
			fprintf(stderr, "tempest perft: depth '%s' is not a number from 0 to 20\n",
				argv[optind + 1]);
			rc = EXIT_USAGE;
		} else
			rc = run_one(v, argv[optind], (int)depth, divide);
	}
	variant_free(v);
	return rc;
}
