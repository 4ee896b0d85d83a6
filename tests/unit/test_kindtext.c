/* test_kindtext.c: a kind brings its own mail text. A toy kind, made here and handed to
 * render as the registry hands the real ones, gets its mails from its own folder of a
 * copy of templates/ (templates/toy/NAME.txt) with its own variable, the shared
 * templates copied as they are; a kind without a folder gets the shared defaults; a part
 * that uses a variable its kind did not register is refused with its file named; and
 * the translations, shared and the kind's, are known to the reader of mails. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/variant.h"
#include "game/game.h"
#include "game/kind.h"
#include "mail/msgtext.h"
#include "render/view.h"
#include "render/view_kind.h"

static struct kind toy;

static void toy_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	(void)r;
	tctx_set(c, "toy_fact", "game %d, seat %d", g->id, reader);
}

static const char *const toy_names[] = { "toy_fact", NULL };
static const struct kind_view toy_part = { .view = toy_view, .names = toy_names };

static void put(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!CHECK((f = fopen(path, "w")) != NULL))
		return;
	fputs(text, f);
	fclose(f);
}

/* Reply `kind` for seat 0 of g, rendered; the body (freed by the caller) or NULL. */
static char *mail(const struct templates *t, const struct game *g, enum reply_kind kind,
		  char **subject)
{
	struct reply r = { .kind = kind, .to = 0, .about = -1 };
	struct view_extra x = { .referee = "referee@tempest.example", .referee_name = "R" };
	struct tctx *c = view_context(g, &r, &x);
	char *body = NULL;
	struct err e = { 0 };

	if (!CHECK(c != NULL) || !CHECK(view_render(t, kind_of(g), &r, c, subject, &body, &e) == 0))
		check_context("%s", e.msg);
	tctx_free(c);
	return body;
}

static struct game *toy_game(const struct variant *v, const struct kind *k)
{
	const char *addr[] = { "alice@example.org", "bob@example.org" };
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct sender s = { .address = "gm@example.org", .now = 1800000000 };
	struct err e = { 0 };

	g->k = k;
	CHECK(game_create(g, 7, v, addr, 2, &s, &out, &e) == 0);
	outcome_free(&out);
	return g;
}

static void toy_mails(const char *dir, const struct variant *v)
{
	struct templates t;
	struct err e = { 0 };
	char *subject = NULL, *body;

	if (!CHECK(templates_load(&t, dir, &e) == 0)) {
		printf("%s\n", e.msg);
		return;
	}
	struct game *g = toy_game(v, &toy), *plain = toy_game(v, &kind_generic);
	body = mail(&t, g, REPLY_STARTED, &subject);
	CHECK_HAS(body, "The toy game 7 begins; you are seat 0.\n");
	CHECK(!strstr(body, "You play White"));         /* the shared default, replaced */
	free(subject), free(body);
	body = mail(&t, g, REPLY_MOVED, &subject);
	CHECK_HAS(body, "\nToy news: game 7, seat 0.\n");
	CHECK(!strstr(body, "It is your move"));
	CHECK_HAS(body, "Moves: (none yet)");            /* the shared text around it */
	free(subject), free(body);
	body = mail(&t, g, REPLY_STATUS, &subject);     /* no status part: the default */
	CHECK_HAS(body, "It is your move.");
	free(subject), free(body);
	/* a kind render knows without a folder: every part the default */
	body = mail(&t, plain, REPLY_MOVED, &subject);
	CHECK_HAS(body, "It is your move. Reply to this mail");
	CHECK(!strstr(body, "Toy news"));
	free(subject), free(body);
	game_free(g);
	game_free(plain);
	templates_free(&t);
}

/* The referee's lines the reader of mails knows from the templates in dir. */
static size_t referee_lines(const struct templates *t)
{
	struct msgtext_referee *r = NULL;
	size_t n = 0, lines = 0;
	const char **texts = templates_recognised(t, "", &n);
	struct err e = { 0 };

	if (CHECK(texts && msgtext_referee_new(texts, n, NULL, &r, &e) == 0))
		lines = msgtext_referee_lines(r);
	msgtext_referee_free(r);
	free(texts);
	return lines;
}

/* Is text in one of the texts the reader of mails is given? */
static bool recognised(const struct templates *t, const char *text)
{
	size_t n = 0;
	const char **texts = templates_recognised(t, "", &n);
	bool found = false;

	for (size_t i = 0; texts && i < n && !found; i++)
		found = strstr(texts[i], text) != NULL;
	free(texts);
	return found;
}

/* How many texts the reader of mails is given (the help's orders aside). */
static size_t recognised_texts(const struct templates *t)
{
	size_t n = 0;
	const char **texts = templates_recognised(t, "", &n);

	free(texts);
	return n ? n - 1 : 0;
}

/* Translations (NAME.LL.txt beside NAME.txt, shared or a kind's part) are the referee's
 * text too: the reader of mails knows them, the shared mail not translated read with the
 * kind's part in that language. */
static void translations(const char *dir)
{
	struct templates t;
	struct err e = { 0 };
	size_t before = 0;

	if (CHECK(templates_load(&t, dir, &e) == 0)) {
		before = referee_lines(&t);
		CHECK_INT(recognised_texts(&t), REPLY_KINDS);
		templates_free(&t);
	}
	put(dir, "toy/moved-turn.fr.txt", "Nouvelles du jouet : {{toy_fact}}.\n");
	put(dir, "toy/started-seats.fr.txt", "La partie jouet {{game}} commence.\n");
	put(dir, "moved.fr.txt", "Subject: coup {{game}}\n\nVotre adversaire a jou\xc3\xa9.\n"
	    "{{#> moved-turn}}\nC'est \xc3\xa0 vous.\n{{/> moved-turn}}\n");
	if (!CHECK(templates_load(&t, dir, &e) == 0)) {
		printf("%s\n", e.msg);
		return;
	}
	CHECK_INT(recognised_texts(&t), 2 * REPLY_KINDS);       /* English, French */
	CHECK(recognised(&t, "Votre adversaire a jou\xc3\xa9.\n{{#if part}}\n"
			 "Nouvelles du jouet : {{toy_fact}}.\n{{else}}\nC'est \xc3\xa0 vous.\n"));
	CHECK(recognised(&t, "{{#if part}}\nLa partie jouet {{game}} commence.\n"));
	CHECK(referee_lines(&t) > before);
	templates_free(&t);
}

int main(void)
{
	char dir[] = "/tmp/test_kindtext.XXXXXX", cmd[PATH_MAX + 64];
	static const struct view_kind kinds[] = { { &toy, &toy_part } };
	struct variant *v = test_variant("chess");
	struct templates t;
	struct err e = { 0 };

	toy = kind_generic;
	toy.name = "toy";
	view_kinds_set(kinds, 1);
	if (!mkdtemp(dir))
		return 1;
	/* the shipped translations left out: translations() counts its own */
	snprintf(cmd, sizeof cmd, "cp -R templates/. %s/ && rm -f %s/*.??.txt %s/*/*.??.txt && "
		 "mkdir %s/toy", dir, dir, dir, dir);
	if (!CHECK(system(cmd) == 0))
		return check_done();
	put(dir, "toy/started-seats.txt", "The toy game {{game}} begins; you are seat 0.\n");
	put(dir, "toy/moved-turn.txt", "Toy news: {{toy_fact}}.\n");
	toy_mails(dir, v);
	translations(dir);

	/* a part with a variable its kind never registered */
	put(dir, "toy/over-result.txt", "{{toy_secret}}\n");
	CHECK_INT(templates_load(&t, dir, &e), -1);
	CHECK_HAS(e.msg, "/toy/over-result.txt: line 1: unknown name 'toy_secret'");
	/* a part that opens a section it does not close */
	put(dir, "toy/over-result.txt", "{{#if toy_fact}}\n");
	CHECK_INT(templates_load(&t, dir, &e), -1);
	CHECK_HAS(e.msg, "/toy/over-result.txt: line 1: section never closed");

	variant_free(v);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK(system(cmd) == 0);
	return check_done();
}
