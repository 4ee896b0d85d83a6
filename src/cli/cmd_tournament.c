/* cmd_tournament.c: the game master's tournaments (docs/game-masters.md, "Tournaments"):
 * `tempest tournament new|list|show` and `tempest ratings`. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "mail/deliver.h"
#include "pipeline/pipeline.h"
#include "render/tournament_view.h"
#include "store/rules_load.h"
#include "store/store.h"
#include "store/tournament_json.h"
#include "util/buf.h"
#include "util/clock.h"

static const char usage[] =
	"usage: tempest tournament new [-c FILE] [-n] [--dry-run] [OPTIONS] VARIANT [ADDRESS...]\n"
	"       tempest tournament close [-c FILE] [--dry-run] TOURNAMENT\n"
	"       tempest tournament list [-c FILE]\n"
	"       tempest tournament show [-c FILE] [--json] TOURNAMENT\n"
	"\n"
	"An all-play-all tournament of VARIANT (any game of two players), its games played\n"
	"by mail and started by the referee. With addresses, they are the whole entry: the\n"
	"games start at once. Without, players enter by mail (\"join tournament N\") until\n"
	"the entry closes (--players, --closes, or `tempest tournament close`).\n"
	"  --name TEXT        the event's name (PGN's Event)\n"
	"  --site TEXT        PGN's Site (default: By email)\n"
	"  --players N        the entry closes at N entrants\n"
	"  --closes DATE      the entry is open through DATE (2027-01-15, UTC)\n"
	"  --rolling          each game starts once both its players are in; a full rolling\n"
	"                     tournament opens the next on the same terms (needs --players)\n"
	"  --double           each pair plays both colours\n"
	"  --sections N       sections of at most N players, dealt by rating\n"
	"  --points P         1/½/0 (the default), 2/1/0 or 3/1/0\n"
	"  --unrated          its games change no rating\n"
	"  --arbiter ADDRESS  told of every result, and arbiter of its games\n"
	"  --time CONTROL     the games' time control (else the variant's)\n"
	"  --term LINE        a term of the games as a challenge writes it (\"cards 1-20\",\n"
	"                     \"sets common\", \"deployment open\", \"private\"); repeatable\n";

static const char ratings_usage[] =
	"usage: tempest ratings [-c FILE] [VARIANT]\n"
	"\n"
	"Every player's Glicko-2 rating in each variant (or in VARIANT), best first: the\n"
	"rating (? while provisional: a deviation above 110), its deviation, the volatility\n"
	"and the rated games. Ratings change with the rated games of tournaments.\n";

enum { OPT_NAME = 256, OPT_SITE, OPT_PLAYERS, OPT_CLOSES, OPT_ROLLING, OPT_DOUBLE,
       OPT_SECTIONS, OPT_POINTS, OPT_UNRATED, OPT_ARBITER, OPT_TIME, OPT_TERM, OPT_JSON };

/* The option's term line, as tn_terms_line reads it. */
static int term_option(int val, const char *arg, void *ctx)
{
	static const char *const words[] = {
		[OPT_NAME - OPT_NAME] = "name", [OPT_SITE - OPT_NAME] = "site",
		[OPT_PLAYERS - OPT_NAME] = "players", [OPT_CLOSES - OPT_NAME] = "closes",
		[OPT_ROLLING - OPT_NAME] = "rolling", [OPT_DOUBLE - OPT_NAME] = "double",
		[OPT_SECTIONS - OPT_NAME] = "sections", [OPT_POINTS - OPT_NAME] = "points",
		[OPT_UNRATED - OPT_NAME] = "unrated", [OPT_ARBITER - OPT_NAME] = "arbiter",
		[OPT_TIME - OPT_NAME] = "time", [OPT_TERM - OPT_NAME] = "",
	};
	struct buf *terms = ctx;

	if (strchr(arg ? arg : "", '\n')) {
		fprintf(stderr, "tempest tournament: a term is one line\n");
		return -1;
	}
	buf_printf(terms, "\n%s%s%s", words[val - OPT_NAME], arg && words[val - OPT_NAME][0] ?
		   " " : "", arg ? arg : "");
	return 0;
}

static int tournament_new(int argc, char **argv)
{
	static const struct option own[] = {
		{ "name", required_argument, NULL, OPT_NAME },
		{ "site", required_argument, NULL, OPT_SITE },
		{ "players", required_argument, NULL, OPT_PLAYERS },
		{ "closes", required_argument, NULL, OPT_CLOSES },
		{ "rolling", no_argument, NULL, OPT_ROLLING },
		{ "double", no_argument, NULL, OPT_DOUBLE },
		{ "sections", required_argument, NULL, OPT_SECTIONS },
		{ "points", required_argument, NULL, OPT_POINTS },
		{ "unrated", no_argument, NULL, OPT_UNRATED },
		{ "arbiter", required_argument, NULL, OPT_ARBITER },
		{ "time", required_argument, NULL, OPT_TIME },
		{ "term", required_argument, NULL, OPT_TERM },
		{ NULL, 0, NULL, 0 },
	};
	struct buf terms = { 0 };
	const struct common_opts opts = { own, term_option, &terms };
	struct common c;
	struct pipeline *pl;
	struct err e = { 0 };
	char why[512];
	int next, id, rc = common_start_opts(argc, argv, usage, &opts, &c, &next);

	if (rc >= 0) {
		buf_free(&terms);
		return rc;
	}
	if (c.check_only) {
		buf_free(&terms);
		return common_check(&c, 0);
	}
	if (next >= argc) {
		fputs(usage, stderr);
		buf_free(&terms);
		return EXIT_USAGE;
	}
	struct buf all = { 0 };
	buf_printf(&all, "variant %s%s", argv[next], terms.s ? terms.s : "");
	for (int i = next + 1; i < argc; i++)
		buf_printf(&all, "\nentrants %s", argv[i]);
	buf_free(&terms);
	if ((rc = common_ready(&c, "tempest tournament")) >= 0 || all.failed) {
		buf_free(&all);
		return rc >= 0 ? rc : EXIT_FAILED;
	}
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest tournament: %s\n", e.msg);
		buf_free(&all);
		return common_fail_status(&e);
	}
	rc = pipeline_tournament_new(pl, all.s, &id, why, sizeof why, &e);
	buf_free(&all);
	if (rc != 0) {
		fprintf(stderr, "tempest tournament: %s\n", rc > 0 ? why : e.msg);
		pipeline_close(pl);
		return rc > 0 ? EXIT_USAGE : common_fail_status(&e);
	}
	printf("tournament %d: %s\n", id, argv[next]);
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && deliver_outbox(&c.cfg, pipeline_outbox(pl), stdout, &ds, &e) < 0)
		fprintf(stderr, "tempest tournament: the mails stay queued: %s\n", e.msg);
	pipeline_close(pl);
	return common_deliver_status(&ds);
}

static int tournament_close(int argc, char **argv)
{
	struct common c;
	struct pipeline *pl;
	struct err e = { 0 };
	char why[256];
	int next, rc = common_start(argc, argv, usage, &c, &next);

	if (rc >= 0)
		return rc;
	if (next != argc - 1 || atoi(argv[next]) < 1) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if ((rc = common_ready(&c, "tempest tournament")) >= 0)
		return rc;
	if (pipeline_open(&pl, &c.cfg, c.dry_run ? PIPELINE_DRY_RUN : 0, &e) < 0) {
		fprintf(stderr, "tempest tournament: %s\n", e.msg);
		return common_fail_status(&e);
	}
	rc = pipeline_tournament_close(pl, atoi(argv[next]), why, sizeof why, &e);
	if (rc != 0) {
		fprintf(stderr, "tempest tournament: %s\n", rc > 0 ? why : e.msg);
		pipeline_close(pl);
		return rc > 0 ? EXIT_FAILED : common_fail_status(&e);
	}
	printf("tournament %s: the entry is closed\n", argv[next]);
	struct deliver_stats ds = { 0 };
	if (!c.dry_run && deliver_outbox(&c.cfg, pipeline_outbox(pl), stdout, &ds, &e) < 0)
		fprintf(stderr, "tempest tournament: the mails stay queued: %s\n", e.msg);
	pipeline_close(pl);
	return common_deliver_status(&ds);
}

/* The data directory for reading only, as `tempest show` reads it. */
static int open_readonly(struct store *st, const char *dir, struct err *e)
{
	memset(st, 0, sizeof *st);
	st->lock_fd = -1;
	snprintf(st->dir, sizeof st->dir, "%s", dir);
	if (access(dir, R_OK | X_OK) < 0)
		return err_set(e, "no data directory %s: %s", dir, strerror(errno));
	return 0;
}

static int tournament_list(const struct common *c)
{
	struct store st;
	struct err e;
	int *ids, broken = 0;
	size_t n;

	if (open_readonly(&st, c->cfg.data_dir, &e) < 0 ||
	    store_tournament_list(&st, &ids, &n, &e) < 0) {
		fprintf(stderr, "tempest tournament: %s\n", e.msg);
		return EXIT_USAGE;
	}
	printf("%5s  %-10s %-14s %8s %9s  %s\n", "tour.", "status", "variant", "entrants", "games",
	       "name");
	for (size_t i = 0; i < n; i++) {
		struct tournament *t;
		char event[TN_TEXT_MAX], games[32];
		if (store_tournament_load(&st, ids[i], &t, &e) != 0) {
			fprintf(stderr, "tempest tournament: %d: %s\n", ids[i], e.msg);
			broken++;
			continue;
		}
		size_t done = 0;
		for (size_t k = 0; k < t->ngames; k++)
			done += t->games[k].result[0] != 0;
		snprintf(games, sizeof games, "%zu/%zu", done, t->ngames);
		printf("%5d  %-10s %-14s %8zu %9s  %s\n", t->id, tn_status_name(t->status),
		       t->terms.variant, t->nplayers, games, tn_event(t, event, sizeof event));
		tn_free(t);
	}
	free(ids);
	return broken ? EXIT_FAILED : EXIT_OK;
}

/* The ratings now of t's entrants, into a (t->nplayers of them). */
static void ratings_of(const struct common *c, struct store *st, const struct tournament *t,
		       struct glicko *a)
{
	struct tn_ratings r;
	struct err e;

	if (store_ratings_load(st, c->cfg.rating_period_days, &r, &e) < 0) {
		fprintf(stderr, "tempest tournament: %s (no ratings shown)\n", e.msg);
		memset(&r, 0, sizeof r);
	}
	for (size_t i = 0; i < t->nplayers; i++)
		a[i] = tn_rating_now(&r, t->terms.variant, t->players[i].address, NULL);
	tn_ratings_free(&r);
}

static void print_tournament(const struct common *c, struct store *st, const struct tournament *t)
{
	char event[TN_TEXT_MAX], terms[TN_TERMS_MAX + 512];
	struct glicko *ratings = calloc(t->nplayers ? t->nplayers : 1, sizeof *ratings);
	/* the game master reads the entrants' addresses */
	const char **names = calloc(t->nplayers ? t->nplayers : 1, sizeof *names);
	struct tn_view v = { .t = t, .variant = t->terms.variant, .ratings = NULL, .names = names };
	struct buf b = { 0 };

	for (size_t i = 0; names && i < t->nplayers; i++)
		names[i] = t->players[i].address;
	tn_words_english(&v.words);
	if (ratings && t->terms.rated) {
		ratings_of(c, st, t, ratings);
		v.ratings = ratings;
	}
	printf("Tournament %d: %s (%s)\nStatus: %s; created %s, last change %s\n", t->id,
	       tn_event(t, event, sizeof event), t->terms.variant, tn_status_name(t->status),
	       t->created, t->updated);
	if (t->next || t->previous)
		printf("Follows tournament %d; followed by %d\n", t->previous, t->next);
	tn_terms_text(&t->terms, terms, sizeof terms);
	printf("Terms:\n%s\n", terms);
	for (int s = 1; s <= tn_sections(t) && t->nplayers; s++) {
		if (tn_sections(t) > 1)
			printf("\nSection %d\n", s);
		else
			printf("\n");
		tn_view_table(&v, s, 78, &b);
		printf("%s", b.s ? b.s : "");
		buf_free(&b);
	}
	printf("\nGames:\n");
	for (size_t i = 0; i < t->ngames; i++) {
		const struct tn_game *g = &t->games[i];
		printf("  section %d round %2d  %-28s %-28s game %-5d %s%s\n", g->section, g->round,
		       t->players[g->white].address, t->players[g->black].address, g->game,
		       g->result[0] ? g->result : g->game ? "in play" : "due",
		       g->forfeit ? " (forfeit)" : "");
	}
	free(ratings);
	free(names);
}

static int tournament_show(const struct common *c, int argc, char **argv, int next, bool json)
{
	struct store st;
	struct tournament *t;
	struct err e;

	if (next != argc - 1 || atoi(argv[next]) < 1) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (open_readonly(&st, c->cfg.data_dir, &e) < 0) {
		fprintf(stderr, "tempest tournament: %s\n", e.msg);
		return EXIT_USAGE;
	}
	int rc = store_tournament_load(&st, atoi(argv[next]), &t, &e);
	if (rc != 0) {
		fprintf(stderr, "tempest tournament: %s\n", rc > 0 ? "there is no such tournament" :
			e.msg);
		return EXIT_USAGE;
	}
	if (json) {
		char *text = store_tournament_to_json(t);
		printf("%s\n", text ? text : "{}");
		free(text);
	} else
		print_tournament(c, &st, t);
	tn_free(t);
	return EXIT_OK;
}

static int json_option(int val, const char *arg, void *ctx)
{
	(void)val, (void)arg;
	*(bool *)ctx = true;
	return 0;
}

int cmd_tournament(int argc, char **argv)
{
	static const struct option own[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false;
	const struct common_opts opts = { own, json_option, &json };
	struct common c;
	int next, rc;

	if (argc >= 2 && !strcmp(argv[1], "new"))
		return tournament_new(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "close"))
		return tournament_close(argc - 1, argv + 1);
	if (argc < 2 || (strcmp(argv[1], "list") && strcmp(argv[1], "show"))) {
		if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
			fputs(usage, stdout);
			return EXIT_OK;
		}
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if ((rc = common_start_opts(argc - 1, argv + 1, usage, &opts, &c, &next)) >= 0)
		return rc;
	if (!strcmp(argv[1], "list"))
		return next == argc - 1 ? tournament_list(&c) : (fputs(usage, stderr), EXIT_USAGE);
	return tournament_show(&c, argc - 1, argv + 1, next, json);
}

static void print_variant(const struct tn_ratings *r, const char *variant)
{
	size_t n;
	const struct tn_rated **a = tn_ratings_sorted(r, variant, &n);
	char rating[16];

	printf("%s\n%4s  %-32s %7s %7s %10s %6s\n", variant, "#", "player", "rating", "RD",
	       "volatility", "games");
	for (size_t i = 0; a && i < n; i++)
		printf("%4zu  %-32s %7s %7.1f %10.6f %6d\n", i + 1, a[i]->address,
		       tn_view_rating(&a[i]->rating, rating, sizeof rating), a[i]->rating.rd,
		       a[i]->rating.volatility, a[i]->games);
	free(a);
}

int cmd_ratings(int argc, char **argv)
{
	struct common c;
	struct store st;
	struct tn_ratings r;
	struct err e;
	int next, rc = common_start(argc, argv, ratings_usage, &c, &next);

	if (rc >= 0)
		return rc;
	if (next < argc - 1) {
		fputs(ratings_usage, stderr);
		return EXIT_USAGE;
	}
	if (open_readonly(&st, c.cfg.data_dir, &e) < 0 ||
	    store_ratings_load(&st, c.cfg.rating_period_days, &r, &e) < 0) {
		fprintf(stderr, "tempest ratings: %s\n", e.msg);
		return EXIT_USAGE;
	}
	bool shown = false;
	for (size_t i = 0; i < r.n; i++)
		if (next == argc || !strcmp(argv[next], r.v[i].variant)) {
			printf("%s", shown ? "\n" : "");
			print_variant(&r, r.v[i].variant);
			shown = true;
		}
	if (!shown)
		printf("no ratings%s%s yet\n", next < argc ? " in " : "", next < argc ? argv[next] : "");
	tn_ratings_free(&r);
	return EXIT_OK;
}
