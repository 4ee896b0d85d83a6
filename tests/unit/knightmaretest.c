/* knightmaretest.c: see knightmaretest.h. */
#include "knightmaretest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "gametest.h"
#include "game/game.h"
#include "kinds/knightmare/knightmare.h"
#include "kinds/registry.h"
#include "store/cards_load.h"
#include "util/crypto.h"

const uint8_t kkey[CRYPTO_HASH_LEN] = "knightmare test key, 32 bytes!!";
struct variant *kv;
struct card_catalogue kcat;
int kid = 70;
static int kserial;

void km_read(const char *text, struct orders *o)
{
	struct order_line lines[40];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	int lineno = 0;
	struct err e;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 40; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = ++lineno, lines[n++].text = l;
	test_order_parse(lines, n, "knightmare", o, &e);
	free(copy);
}

struct sender km_from(const struct game *g, int c)
{
	struct sender s;

	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", c == WHITE ? "alice@example.org" : "bob@example.org");
	snprintf(s.msg_key, sizeof s.msg_key, "km-%d@test", ++kserial);
	s.now = 1800000000 + kserial;
	game_token(kkey, sizeof kkey, g->id, (enum color)c, s.tag_token);
	return s;
}

/* c's mail; the first refusal's reason, or "" if it was applied. */
const char *km_mail(struct game *g, int c, const char *text)
{
	static char reason[512];
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	struct sender s = km_from(g, c);

	km_read(text, &o);
	if (!CHECK(game_apply(g, kkey, sizeof kkey, &s, &o, &out, &e) == 0))
		check_context("%s", e.msg);
	snprintf(reason, sizeof reason, "%s", out.nerrors ? out.errors[0].reason : "");
	orders_free(&o);
	outcome_free(&out);
	return reason;
}

/* alice (White) challenges bob with `options`, from `fen` (NULL: the setup); bob accepts. */
struct game *km_game(const char *options, const char *fen)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	char text[256];

	g->cat = &kcat;
	g->k = kind_find("knightmare");
	snprintf(text, sizeof text, "new knightmare-cards\nopponent bob@example.org\ncolour white%s%s",
		 options ? "\n" : "", options ? options : "");
	km_read(text, &o);
	struct sender s = km_from(g, WHITE);
	s.tag_token[0] = 0;
	CHECK(game_challenge(g, ++kid, kv, kkey, sizeof kkey, &s, &o, &out, &e) == 0);
	orders_free(&o);
	outcome_free(&out);
	if (fen) {
		CHECK(board_set_start(&g->board[0], fen) == 0);
		if (!CHECK(game_load_position(g, kv, &e) == 0))
			check_context("%s", e.msg);
	}
	CHECK_STR(km_mail(g, BLACK, "accept"), "");
	return g;
}

/* A dealt game of personal sets from `fen`, each hand set to the cards given. */
struct game *dealt(const char *fen, const int *white, const int *black)
{
	struct game *g = km_game("sets personal", fen);

	CHECK_STR(km_mail(g, WHITE, "deck 1 2 3 4 5 6 7"), "");
	CHECK_STR(km_mail(g, BLACK, "deck 1 2 3 4 5 6 7"), "");
	for (int c = 0; c < 2; c++) {
		const int *h = c == WHITE ? white : black;
		KM(g)->nhand[c] = 0;
		for (int i = 0; h[i]; i++)
			KM(g)->hand[c][KM(g)->nhand[c]++] = h[i];
	}
	return g;
}

/* The placement and the side to move. */
const char *km_board(const struct game *g)
{
	static char fen[FEN_MAX];

	pos_to_fen(game_pos(g), fen, sizeof fen);
	char *sp = strchr(fen, ' ');
	if (sp && sp[1])
		sp[2] = 0;
	return fen;
}

/* The legal moves (coordinates) of the piece on `from`, side to move set to its own. */
const char *moves_of(const struct game *g, const char *from)
{
	static char out[1024];
	char all[4096];
	struct pos *p = malloc(sizeof *p);
	sq_t s = variant_square_named(game_pos(g)->v, from, strlen(from));

	*p = *game_pos(g);
	pos_edit_side(p, PIECE_COLOR(pos_at(p, s)));
	test_moves(p, 1, all, sizeof all);
	out[0] = 0;
	for (char *save, *w = strtok_r(all, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strncmp(w, from, strlen(from)))
			snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", out[0] ? " " : "", w);
	free(p);
	return out;
}

/* A refused mail leaves the state as it was. */
void refused(struct game *g, int c, const char *text, const char *why)
{
	char before[HASH_HEX], after[HASH_HEX];

	game_hash(g, before);
	check_context("%s", text);
	CHECK_STR(km_mail(g, c, text), why);
	game_hash(g, after);
	CHECK_STR(after, before);
	check_context(NULL);
}

