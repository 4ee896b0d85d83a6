/* main.c: the tempest binary: finds the command and hands it its arguments. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "kinds/registry.h"

#ifndef TEMPEST_VERSION
#error "the Makefile gives TEMPEST_VERSION, from the file VERSION"
#endif

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "poll", cmd_poll, "process the mail waiting in the IMAP mailbox (cron)" },
	{ "process", cmd_process, "apply the mails of an mbox file (or standard input)" },
	{ "replay", cmd_replay, "rebuild a game from its log and check every step" },
	{ "tick", cmd_tick, "deadlines, losses on time and reminders (cron)" },
	{ "adjust", cmd_adjust, "the game master: extend a deadline, decide a game" },
	{ "new", cmd_new, "set up a game between two players" },
	{ "tournament", cmd_tournament, "an all-play-all tournament: new, list, show" },
	{ "ratings", cmd_ratings, "the players' ratings in each variant" },
	{ "show", cmd_show, "show one game" },
	{ "list", cmd_list, "list the games" },
	{ "send", cmd_send, "send the replies waiting in the outbox" },
	{ "perft", cmd_perft, "count legal move paths (tests the rules engine)" },
	{ "export-variants", cmd_export, "the variants as a Fairy-Stockfish variants.ini" },
	{ "archive", cmd_archive, "the games as static web pages (a public archive)" },
	{ "moves", cmd_moves, "the legal moves of a position of a kind's own (ChessMe)" },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: tempest COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'tempest COMMAND --help' describes one command; 'tempest --version' says\n"
		"which tempest this is; tempest(1) and tempest.conf(5) are the manual.\n");
}

int main(int argc, char **argv)
{
	kinds_register();       /* store and render learn the kinds' parts, once */
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("tempest %s\n", TEMPEST_VERSION);
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "tempest: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
