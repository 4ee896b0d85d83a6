/* test_choices.c: what a seat may send now (game/choices.h) and the mailto: links the
 * HTML part makes of it (render/view_moves.c): the legal moves in the reader's letters,
 * numbered, grouped by the kind of piece; a letter that would read two ways written from
 * square to square; nothing for a seat that waits; RFC 6068's encoding of a link. The
 * CLI test t_oneclick.sh feeds every link of positions of each kind back to the referee. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/choices.h"
#include "game/game.h"
#include "gametest.h"
#include "kinds/registry.h"
#include "render/view.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *chess;

static struct game *game_at(const char *moves)
{
	static const char *const who[] = { "alice@x.org", "bob@x.org" };
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct sender s = { .address = "gm@x.org", .msg_key = "gm-1", .now = 1800000000 };
	struct err e;

	g->k = kind_find("chess");
	CHECK(game_create(g, 7, chess, who, 2, &s, &out, &e) == 0);
	outcome_free(&out);
	char *copy = strdup(moves), *save = NULL;
	for (char *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save))
		CHECK(game_op(g, m, &e) == 0);
	free(copy);
	(void)key;
	return g;
}

/* The labels of the choices, a blank between. */
static const char *labels(const struct choices *c)
{
	static char buf[4096];
	size_t at = 0;

	buf[0] = 0;
	for (size_t i = 0; i < c->n && at < sizeof buf; i++)
		at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "", c->c[i].label);
	return buf;
}

static void moves(void)
{
	struct game *g = game_at("");
	struct choices c;

	CHECK(game_choices(g, WHITE, &c) == 0);
	CHECK_INT(c.n, 20);
	/* the knights' moves first (the variant lists them before the pawns), each piece's
	 * from its square, then the pawns' */
	CHECK_STR(labels(&c), "Nc3 Na3 Nh3 Nf3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4");
	CHECK_STR(c.c[0].body, "1. Nc3");
	CHECK_STR(c.c[0].group, "Knight");
	CHECK(c.c[4].piece != c.c[3].piece);
	choices_free(&c);
	CHECK(game_choices(g, BLACK, &c) == 0);
	CHECK_INT(c.n, 0);              /* Black waits */
	choices_free(&c);
	game_free(g);

	/* Black's moves numbered as Black's, in a French player's letters */
	g = game_at("e4");
	snprintf(g->lang[BLACK], sizeof g->lang[BLACK], "fr");
	CHECK(game_choices(g, BLACK, &c) == 0);
	CHECK_INT(c.n, 20);
	CHECK_HAS(labels(&c), "Cc6 Ca6 Ch6 Cf6");
	CHECK_STR(c.c[0].body, "1... Cc6");
	choices_free(&c);
	game_free(g);

	/* no language set: a rook's move the king could make too reads two ways (R is the
	 * king in French): written from square to square */
	g = game_at("e4 e5 Nf3 Nc6 Bc4 Bc5");
	CHECK(game_choices(g, WHITE, &c) == 0);
	CHECK_HAS(labels(&c), "h1f1");
	CHECK(!strstr(labels(&c), "Rf1"));
	CHECK_HAS(labels(&c), "Kf1 Ke2 O-O");
	choices_free(&c);
	snprintf(g->lang[WHITE], sizeof g->lang[WHITE], "en");
	CHECK(game_choices(g, WHITE, &c) == 0);
	CHECK_HAS(labels(&c), "Rf1");   /* an English player: R is the rook */
	choices_free(&c);
	game_free(g);
}

/* RFC 6068: unreserved characters and some-delims as they are, the rest percent-encoded
 * as UTF-8, '+' too; a line break as %0D%0A; the '&' between fields for an attribute. */
static void mailto(void)
{
	struct buf b = { 0 };

	view_mailto("referee@x.org", "Re: [tempest 7 ab12cd34] 1. e4 -- à vous (a+b)",
		    "1... Nc6\nnumbers random", &b);
	CHECK_STR(b.s, "mailto:referee@x.org?subject=Re:%20%5Btempest%207%20ab12cd34%5D%201.%20e4%20"
		  "--%20%C3%A0%20vous%20(a%2Bb)&amp;body=1...%20Nc6%0D%0Anumbers%20random");
	buf_free(&b);
	view_mailto("a&b?c@x.org", "#%", "", &b);
	CHECK_STR(b.s, "mailto:a%26b%3Fc@x.org?subject=%23%25&amp;body=");
	buf_free(&b);
}

int main(void)
{
	kinds_register();
	chess = test_variant("chess");
	moves();
	mailto();
	variant_free(chess);
	return check_done();
}
