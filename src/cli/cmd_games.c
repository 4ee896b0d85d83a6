/* cmd_games.c: the game master's view of local state: `tempest new`, `tempest show`,
 * `tempest list`. */
#include <stdbool.h>
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "pipeline/pipeline.h"
#include "render/view.h"
#include "store/rules_load.h"
#include "game/kind.h"
#include "game/standing.h"
#include "render/view_kind.h"
#include "store/players.h"
#include "store/store.h"
#include "util/clock.h"

static const char new_usage[] =
	"usage: tempest new [-c FILE] [-n] [--dry-run] [--private] [-v] VARIANT\n"
	"                   WHITE-ADDRESS BLACK-ADDRESS [...]\n"
	"\n"
	"Sets up a game between two players, who are mailed at once; White moves first.\n"
	"A variant of several boards takes a White and a Black address for each board.\n"
	"(Players can also challenge each other by mail: see docs/orders.md.)\n"
	"  -n         check the configuration, data directory, rules, templates and (unless\n"
	"             --offline) the IMAP login; change nothing, then exit\n"
	"  --dry-run  make no game, send nothing; print the mails that would be sent\n"
	"  --private  the game is private, as a challenge's `private` line makes it: left\n"
	"             out of `tempest archive`, and nobody may observe it\n";

static const char show_usage[] =
	"usage: tempest show [-c FILE] [--json [--secrets]] GAME\n"
	"\n"
	"Shows game GAME: players, status, board, moves and the history of its events\n"
	"(with the state hash after each). --json prints the state file itself; for a card\n"
	"game still in play it holds the players' secrets (lists, hands, squares), which\n"
	"the rules keep from everyone until the end: it is shown only with --secrets.\n";

static const char list_usage[] =
	"usage: tempest list [-c FILE]\n"
	"\n"
	"Lists the games: number, variant, players, status, moves, last change. Reads only:\n"
	"takes no lock and makes nothing. Exit status: 0 done; 1 some game file cannot be\n"
	"read (the others are listed; the reason is on standard error); 2 no data directory\n"
	"or bad configuration.\n";

enum { OPT_PRIVATE = 256 };

static int new_option(int val, const char *arg, void *ctx)
{
	(void)val, (void)arg;
	*(bool *)ctx = true;    /* --private, the only option of its own */
	return 0;
}

int cmd_new(int argc, char **argv)
{
	static const struct option own[] = {
		{ "private", no_argument, NULL, OPT_PRIVATE },
		{ NULL, 0, NULL, 0 },
	};
	bool private_game = false;
	const struct common_opts opts = { own, new_option, &private_game };
	struct common c;
	struct pipeline *pl;
	struct err e = { 0 };
	int next, id, rc = common_start_opts(argc, argv, new_usage, &opts, &c, &next);

	if (rc >= 0)
		return rc;
	if (c.check_only)
		return common_check(&c, 0);
	int naddr = argc - next - 1;
	if (naddr < 2 || naddr % 2) {
		fputs(new_usage, stderr);
		return EXIT_USAGE;
	}
	for (int i = 1; i <= naddr; i++) {
		bool twice = false;
		for (int k = 1; k < i; k++)
			twice |= !strcasecmp(argv[next + i], argv[next + k]);
		if (!strchr(argv[next + i], '@') || twice) {
			fprintf(stderr, "tempest new: %s mail addresses are needed, each different\n",
				naddr == 2 ? "two" : "the");
			return EXIT_USAGE;
		}
	}
	if ((rc = common_ready(&c, "tempest new")) >= 0)
		return rc;
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest new: %s\n", e.msg);
		return common_fail_status(&e);
	}
	rc = pipeline_new_game(pl, argv[next], argv + next + 1, naddr, private_game, &id,
			       &e);
	if (rc < 0) {
		fprintf(stderr, "tempest new: %s\n", e.msg);
		pipeline_close(pl);
		return EXIT_USAGE;
	}
	if (naddr == 2)
		printf("game %d: %s, %s (White) v %s (Black)\n", id, argv[next], argv[next + 1],
		       argv[next + 2]);
	else
		for (int i = 0; i < naddr; i++)
			printf("game %d: %s, board %d %s: %s\n", id, argv[next],
			       i / 2 + 1, i % 2 ? "Black" : "White", argv[next + 1 + i]);
	if (private_game)
		printf("game %d: private (left out of the archive, no observers)\n", id);
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && deliver_outbox(&c.cfg, pipeline_outbox(pl), stdout, &ds, &e) < 0)
		fprintf(stderr, "tempest new: the mails stay queued: %s\n", e.msg);
	pipeline_close(pl);
	return common_deliver_status(&ds);
}

/* The data directory for reading only: no lock (every game file is replaced whole, by a
 * rename, so a reader sees the old state or the new), nothing made, so that show and
 * list work on a read-only copy or beside a running poll. */
static int open_readonly(struct store *st, const char *dir, struct err *e)
{
	char games[PATH_MAX + 16];

	memset(st, 0, sizeof *st);
	st->lock_fd = -1;
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	snprintf(games, sizeof games, "%s/games", dir);
	if (access(games, R_OK | X_OK) < 0)
		return err_set(e, "no games in data directory %s: %s", dir, strerror(errno));
	return 0;
}

static int open_game(const struct common *c, struct store *st, int id, struct game **g,
		     struct variant **v)
{
	struct err e;

	*v = NULL;
	if (open_readonly(st, c->cfg.data_dir, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		return EXIT_USAGE;
	}
	int rc = store_load(st, id, g, &e);
	if (rc != 0) {
		fprintf(stderr, "tempest: %s\n", rc > 0 ? "there is no such game" : e.msg);
		store_close(st);
		return EXIT_USAGE;
	}
	if (!(*v = rules_load(rules_dir(c->cfg.rules_dir), (*g)->variant, &e)) ||
	    game_load_position(*g, *v, &e) < 0) {
		fprintf(stderr, "tempest: %s\n", e.msg);
		return EXIT_FAILED;
	}
	return -1;
}

/* The clocks as the game master needs them: each side's time and deadline, in UTC. */
static void print_clock(const struct game *g)
{
	const struct chessclock *cl = &g->clock;
	long long now = clock_now();
	char text[CLOCK_LOCAL_MAX];

	if (cl->tc.kind == TC_NONE)
		return;
	chessclock_describe(&cl->tc, text, sizeof text);
	cli_printf("Time control: %s%s%s\n", text, g->arbiter[0] ? "; arbiter " : "", g->arbiter);
	if (g->status != GAME_PLAYING)
		return;
	for (int c = 0; c < g->nseats; c++) {
		char who[96];
		clock_duration(chessclock_left(cl, c, now, g->vac[c]), text, sizeof text);
		cli_printf("  %s: %s left", seat_name(g, c, who, sizeof who), text);
		if (cl->running >> c & 1) {
			clock_local(view_due(g, c), "UTC", text, sizeof text);
			cli_printf(", due %s", text);
			if (chessclock_deadline(cl, c, g->vac[c]) != view_due(g, c)) {
				clock_local(chessclock_deadline(cl, c, g->vac[c]), "UTC", text, sizeof text);
				cli_printf(" (its window closes %s)", text);
			}
		}
		for (int i = 0; g->vac[c] && i < g->vac[c]->n; i++)
			if (g->vac[c]->v[i].start <= now && now < g->vac[c]->v[i].end) {
				clock_local(g->vac[c]->v[i].end, "UTC", text, sizeof text);
				cli_printf("; on vacation until %s", text);
			}
		cli_printf("\n");
	}
	if (g->draw_offer >= 0 && cl->draw_offer_at) {
		clock_local(cl->draw_offer_at, "UTC", text, sizeof text);
		cli_printf("  the draw offer was made %s\n", text);
	}
}

/* Each board as the mails draw it (the kind's whole board where it draws one), its moves
 * (opened by the kind's record of what came before them) and its FEN. */
static void print_boards(const struct game *g)
{
	struct buf b = { 0 };
	char fen[FEN_MAX];
	const struct kind_view *kv = view_kind_part(kind_of(g));
	bool own = kv && kv->own_board;        /* the kind's summary draws its position */

	for (int n = 0; n < g->nboards; n++) {
		if (g->nboards > 1)
			cli_printf("\nBoard %d (%s):", n + 1, g->board[n].result);
		cli_printf("\n");
		if (!own) {
			view_board_of(g, g->board[n].pos, WHITE, &b);
			cli_printf("%s\n", b.s ? b.s : "");
			buf_free(&b);
		}
		struct buf note = { 0 };        /* as the mails' move list opens */
		if (n == 0 && kv && kv->pgn_comment && g->kstate)
			kv->pgn_comment(g, &note);
		view_movetext(g, n, &b);
		cli_printf("Moves: %s%s%s%s%s\n", note.n ? "{" : "", note.n ? note.s : "",
		       note.n ? "}" : "", note.n && b.n ? " " : "",
		       b.n ? b.s : note.n ? "" : "(none)");
		buf_free(&note);
		buf_free(&b);
		pos_to_fen(g->board[n].pos, fen, sizeof fen);
		if (!own)
			cli_printf("FEN: %s\n", fen);
	}
}

static void print_game(const struct game *g)
{
	struct buf b = { 0 };

	cli_printf("Game %d: %s\n", g->id, g->v->title);
	for (int i = 0; i < g->nseats; i++) {
		char who[96];
		cli_printf("%s: %s\n", seat_name(g, i, who, sizeof who), g->seat[i].address);
	}
	cli_printf("Status: %s", game_status_name(g->status));
	if (g->status == GAME_PLAYING && g->nboards == 1)
		cli_printf(", %s to move", game_pos(g)->side == WHITE ? "White" : "Black");
	if (game_phase(g) == PHASE_SETUP || game_phase(g) == PHASE_DEPLOYMENT)
		cli_printf(" (%s)", game_phase_name(game_phase(g)));
	if (g->status == GAME_OVER || g->status == GAME_DECLINED)
		cli_printf(", %s (%s)", g->result, g->termination);
	if (g->draw_offer >= 0)
		cli_printf(", %s offers a draw", g->draw_offer == WHITE ? "White" : "Black");
	cli_printf("\nCreated %s, last change %s\n", g->created, g->updated);
	print_clock(g);
	print_boards(g);
	const struct kind_view *kv = view_kind_part(kind_of(g));
	cli_printf("\nEvents (state hash after each):\n");
	for (size_t i = 0; i < g->nevents; i++) {
		const struct game_event *ev = &g->events[i];
		char who[16];
		if (g->nseats == 2 || ev->by < 0)
			snprintf(who, sizeof who, "%s", color_name_lc(ev->by));
		else
			snprintf(who, sizeof who, "seat %d", ev->by);
		cli_printf("  %3d %s %-12s %-7s %-10s %.16s\n", ev->n, ev->at, ev->kind, who, ev->detail,
		       ev->after);
	}
	cli_printf("Mails recorded: %zu\n", g->mails.n);
	if (kv && kv->summary && g->kstate) {
		kv->summary(g, &b);
		cli_printf("%s", b.s ? b.s : "");
		buf_free(&b);
	}
}

enum { OPT_JSON = 256, OPT_SECRETS };

struct show_args {
	bool json, secrets;
};

static int show_option(int val, const char *arg, void *ctx)
{
	struct show_args *a = ctx;

	(void)arg;
	if (val == OPT_JSON)
		a->json = true;
	else
		a->secrets = true;
	return 0;
}

int cmd_show(int argc, char **argv)
{
	static const struct option own[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "secrets", no_argument, NULL, OPT_SECRETS },
		{ NULL, 0, NULL, 0 },
	};
	struct show_args a = { false, false };
	const struct common_opts opts = { own, show_option, &a };
	struct common c;
	struct store st;
	struct game *g = NULL;
	struct variant *v;
	int next, rc = common_start_opts(argc, argv, show_usage, &opts, &c, &next);
	bool json, secrets;

	if (rc >= 0)
		return rc;
	json = a.json, secrets = a.secrets;
	if (argc - next != 1 || atoi(argv[next]) < 1) {
		fputs(show_usage, stderr);
		return EXIT_USAGE;
	}
	if ((rc = open_game(&c, &st, atoi(argv[next]), &g, &v)) < 0) {
		/* a kind's secrets, or a player's lines given in advance (game/standing.h) */
		if (json && ((kind_of(g)->secret_state && kind_of(g)->secret_state(g)) ||
			     standing_secret(g)) && !secrets) {
			fprintf(stderr, "tempest show: game %d is in play and its state file holds the "
				"players' secrets (hidden cards or tiles, moves given in advance); add "
				"--secrets to print it\n", g->id);
			rc = EXIT_USAGE;
		} else if (json) {
			char *text = store_game_to_json(g);
			printf("%s\n", text ? text : "{}");
			free(text);
		} else {
			struct players ps;
			struct vacations vac[SEATS_MAX];
			char tz[64];
			struct err pe;
			if (players_load(&st, &ps, &pe) < 0)
				fprintf(stderr, "tempest show: %s (vacations not counted)\n", pe.msg);
			for (int k = 0; k < g->nseats; k++) {
				players_view(&ps, g->seat[k].address, NULL, &vac[k], tz);
				g->vac[k] = &vac[k];
			}
			print_game(g);
			players_free(&ps);
		}
		if (rc < 0)
			rc = EXIT_OK;
	}
	game_free(g);
	variant_free(v);
	store_close(&st);
	return rc;
}

int cmd_list(int argc, char **argv)
{
	struct common c;
	struct store st;
	struct err e;
	int *ids, next, broken = 0, rc = common_start(argc, argv, list_usage, &c, &next);
	size_t n;

	if (rc >= 0)
		return rc;
	if (next != argc) {
		fputs(list_usage, stderr);
		return EXIT_USAGE;
	}
	if (open_readonly(&st, c.cfg.data_dir, &e) < 0 || store_list(&st, &ids, &n, &e) < 0) {
		fprintf(stderr, "tempest list: %s\n", e.msg);
		return EXIT_USAGE;
	}
	printf("%5s  %-12s %-28s %-28s %-9s %5s  %s\n", "game", "variant", "white", "black",
	       "status", "moves", "last change");
	for (size_t i = 0; i < n; i++) {
		struct game *g;
		if (store_load(&st, ids[i], &g, &e) != 0) {
			printf("%5d  (cannot read: %s)\n", ids[i], e.msg);
			fprintf(stderr, "tempest list: game %d: %s\n", ids[i], e.msg);
			broken++;
			continue;
		}
		char res[64], en[64];
		const char *status = g->status != GAME_OVER ? game_status_name(g->status) : g->result;
		struct variant *v = NULL;
		/* a kind that scores beside the result reads the final position */
		if (g->status == GAME_OVER && kind_of(g)->result_text &&
		    (v = rules_load(rules_dir(c.cfg.rules_dir), g->variant, &e)) &&
		    game_load_position(g, v, &e) == 0)
			status = phrase_english(kind_of(g)->result_text(g, res, sizeof res), en,
						sizeof en);
		printf("%5d  %-12s %-28s %-28s %-9s %5d  %s\n", g->id, g->variant,
		       g->seat[WHITE].address, g->seat[BLACK].address, status, game_moves_made(g),
		       g->updated);
		game_free(g);
		variant_free(v);
	}
	free(ids);
	store_close(&st);
	return broken ? EXIT_FAILED : EXIT_OK;
}
