/* test_conditional.c: conditional moves (game/standing.h, docs/orders.md "Conditional
 * moves") in the game layer: the lines' shape as the order grammar reads it, in English,
 * French and German; a forced line of six plies played from both players' lines in one
 * mail, each ply an event of its player's, charged to their clock; a line that no longer
 * applies dropped and said to its player alone; every refusal; the lines given while
 * waiting, replaced and dropped; the piece letters of a player's language; a board of a
 * team game changed by a transfer; the lines through the state file. Pure game logic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "game/standing.h"
#include "gametest.h"
#include "kinds/registry.h"
#include "storetest.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *chess, *px3;
static int serial;
static struct policy policy = { .conditional_lines = 8, .conditional_depth = 8 };

static struct game *created(const char *kind, const struct variant *v, const char *const *who,
			    int n)
{
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct sender s = { .address = "gm@x.org", .msg_key = "gm-1", .now = 1800000000 };
	struct err e;

	g->k = kind_find(kind);
	if (!CHECK(game_create(g, 7, v, who, n, &s, &out, &e) == 0))
		check_context("%s", e.msg);
	outcome_free(&out);
	g->policy = &policy;
	return g;
}

static struct game *chess_game(void)
{
	static const char *const who[] = { "alice@x.org", "bob@x.org" };

	return created("chess", chess, who, 2);
}

/* The mail `text` from seat `seat` (with its token), read with the words of `kind`; the
 * number of errors (0: applied). */
static int mail(struct game *g, int seat, const char *text, struct outcome *out)
{
	struct order_line lines[16];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	struct orders o;
	struct sender s;
	struct err e;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 16; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = (int)n + 1, lines[n].text = l, n++;
	test_order_parse(lines, n, g->k->name, &o, &e);
	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", g->seat[seat].address);
	snprintf(s.msg_key, sizeof s.msg_key, "m%d", ++serial);
	s.now = 1800000000 + 3600 * serial;
	game_token(key, sizeof key, g->id, seat, s.tag_token);
	outcome_free(out);
	if (!CHECK(game_apply(g, key, sizeof key, &s, &o, out, &e) == 0))
		check_context("%s", e.msg);
	orders_free(&o);
	free(copy);
	return (int)out->nerrors;
}

static const char *why(const struct outcome *o)
{
	return o->nerrors ? o->errors[0].reason : "";
}

/* The note of the reply to seat `to` ("" if none). */
static const char *note_to(const struct outcome *o, int to)
{
	for (size_t i = 0; i < o->nreplies; i++)
		if (o->replies[i].to == to)
			return o->replies[i].note;
	return "";
}

static bool replied(const struct outcome *o, int to)
{
	for (size_t i = 0; i < o->nreplies; i++)
		if (o->replies[i].to == to)
			return true;
	return false;
}

static const char *moves(const struct game *g, int b)
{
	static char buf[1024];
	size_t at = 0;

	buf[0] = 0;
	for (int i = 0; i < g->board[b].nmoves && at < sizeof buf; i++)
		at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "",
				       g->board[b].moves[i]);
	return buf;
}

static const char *shown(const struct game *g, int seat, const char *lang)
{
	static char text[1024];
	struct buf b = { 0 };

	standing_text(g, seat, lang, &b);
	snprintf(text, sizeof text, "%s", b.s ? b.s : "");
	buf_free(&b);
	return text;
}

/* What the order grammar reads as a conditional line, in the three languages. */
static void shapes(void)
{
	static const struct { const char *line; int kind; const char *arg; } cases[] = {
		{ "if Nf6: e5", ORDER_CONDITIONAL, "Nf6: e5" },
		{ "if Nf6 d6: e5 Nf3", ORDER_CONDITIONAL, "Nf6 d6: e5 Nf3" },
		{ "If Nf6:e5", ORDER_CONDITIONAL, "Nf6:e5" },
		{ "if 1... Nf6: 2. e5", ORDER_CONDITIONAL, "1... Nf6: 2. e5" },
		{ "si Cf6 : e5", ORDER_CONDITIONAL, "Cf6 : e5" },
		{ "wenn Sf6: e5 Sf3", ORDER_CONDITIONAL, "Sf6: e5 Sf3" },
		{ "if none", ORDER_CONDITIONAL, "none" },
		{ "If you like, we go on", -1, "" },
		{ "if Nf6 I play e5", -2, "" },
		{ "If e4, then what?", -2, "" },
		{ "Si tu veux, on joue", -1, "" },
		{ "Wenn du willst", -1, "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct order_line l = { 1, cases[i].line };
		struct orders o;
		struct err e;
		check_context("'%s'", cases[i].line);
		CHECK(test_order_parse(&l, 1, "chess", &o, &e) == 0);
		if (cases[i].kind >= 0) {
			CHECK_INT(o.n, 1);
			CHECK_INT(o.n ? o.o[0].kind : -1, cases[i].kind);
			CHECK_STR(o.n ? o.o[0].arg : "", cases[i].arg);
		} else if (cases[i].kind == -1) {
			CHECK_INT(o.n + o.nerr, 0);     /* prose */
		} else {
			CHECK_INT(o.nerr, 1);           /* an attempt that does not read */
			CHECK_HAS(o.nerr ? o.err[0].reason : "", "write it as: if Nf6: e5");
		}
		orders_free(&o);
	}
	/* a card game's "if intercepted" stays the kind's order */
	struct order_line l = { 1, "if intercepted: accept" };
	struct orders o;
	struct err e;
	check_context("if intercepted");
	CHECK(test_order_parse(&l, 1, "tempete", &o, &e) == 0);
	CHECK(o.n == 1 && o.o[0].kind >= ORDER_KIND_FIRST);
	orders_free(&o);
	check_context(NULL);
}

/* Six plies from the two players' lines, in Black's one mail. */
static void forced_line(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "e4\nif e5 Nc6 a6: Nf3 Bb5 Ba4\nif c5: Nf3", &out), 0);
	CHECK_STR(shown(g, WHITE, ""), "if e5 Nc6 a6: Nf3 Bb5 Ba4\nif c5: Nf3\n");
	CHECK_STR(shown(g, BLACK, ""), "");
	CHECK(!strstr(note_to(&out, BLACK), "Nf3"));
	size_t events = g->nevents;
	int white_moves = g->clock.moves[WHITE], black_moves = g->clock.moves[BLACK];
	CHECK_INT(mail(g, BLACK, "e5\nif Nf3 Bb5 Ba4: Nc6 a6 Nf6", &out), 0);
	CHECK_STR(moves(g, 0), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
	for (int c = 0; c < 2; c++)
		CHECK_HAS(note_to(&out, c), "Played from conditional moves: 2.Nf3 Nc6 3.Bb5 a6 "
			  "4.Ba4 Nf6.");
	CHECK_INT(g->nstanding, 0);
	/* Black's move and six conditional ones, each its player's, each a turn of its clock */
	CHECK_INT(g->nevents, events + 7);
	CHECK(g->nevents == events + 7 && g->events[events + 1].by == WHITE &&
	      g->events[events + 2].by == BLACK && !strcmp(g->events[events + 6].detail, "Nf6"));
	CHECK_INT(g->clock.moves[WHITE], white_moves + 3);
	CHECK_INT(g->clock.moves[BLACK], black_moves + 4);
	CHECK_INT(game_pos(g)->side, WHITE);
	outcome_free(&out);
	game_free(g);
}

/* The opponent plays something else: dropped, and said to their player alone. */
static void dropped(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "e4\nif e5: Nf3\nif c5: Nf3", &out), 0);
	CHECK_INT(mail(g, BLACK, "d5", &out), 0);
	CHECK_STR(moves(g, 0), "e4 d5");
	CHECK_HAS(note_to(&out, WHITE), "Your conditional moves are dropped: Black played 1...d5, "
		  "which none of them answers.");
	CHECK(!strstr(note_to(&out, BLACK), "conditional"));
	CHECK_INT(g->nstanding, 0);
	/* a line that goes on after the move it answered waits for the next */
	CHECK_INT(mail(g, WHITE, "exd5\nif Qxd5 Qd6: Nc3 Nf3", &out), 0);
	CHECK_INT(mail(g, BLACK, "Qxd5", &out), 0);
	CHECK_STR(moves(g, 0), "e4 d5 exd5 Qxd5 Nc3");
	CHECK_STR(shown(g, WHITE, ""), "if Qd6: Nf3\n");
	CHECK_INT(mail(g, BLACK, "Qa5", &out), 0);
	CHECK_HAS(note_to(&out, WHITE), "Black played 3...Qa5, which none of them answers.");
	CHECK_INT(g->nstanding, 0);
	outcome_free(&out);
	game_free(g);
}

static void refusals(void)
{
	static const struct { int seat; const char *text, *reason; } cases[] = {
		{ BLACK, "e5", "it is not your turn" },
		{ WHITE, "if e5: Nf3", "a conditional move answers your opponent's next move: send "
		  "it with your own move" },
		{ WHITE, "e4\nif Nf5: e5", "'Nf5'" },
		{ WHITE, "e4\nif e5: Ke3", "after e5:" },
		{ WHITE, "e4\nif e5 Nc6: Nf3", "a conditional line answers each move it names: 2 "
		  "before the colon, 1 after it" },
		{ WHITE, "e4\nif e5: Nf3\nif e5: d4", "another line answers e5 with Nf3, this one "
		  "with d4: one answer to each move" },
		{ WHITE, "e4\nif none\nif e5: Nf3", "'if none' drops your conditional moves: it goes "
		  "alone" },
		{ WHITE, "e4\nif e5 Nc6 Nf6 d6 Be7 O-O b5 d6 h6: Nf3 Bb5 Ba4 O-O Re1 c3 Bb3 d4 a4",
		  "a conditional line answers at most 8 moves of your opponent's" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct game *g = chess_game();
		struct outcome out = { 0 };
		char before[HASH_HEX], after[HASH_HEX];
		check_context("case %zu: %s", i, cases[i].text);
		game_hash(g, before);
		CHECK(mail(g, cases[i].seat, cases[i].text, &out) > 0);
		CHECK_HAS(why(&out), cases[i].reason);
		game_hash(g, after);
		CHECK_STR(after, before);       /* all or nothing: the move is not made either */
		outcome_free(&out);
		game_free(g);
	}
	check_context("the configuration's limits");
	struct game *g = chess_game();
	struct outcome out = { 0 };
	struct policy few = { .conditional_lines = 1, .conditional_depth = 1 }, none = { 0 };
	g->policy = &few;
	CHECK(mail(g, WHITE, "e4\nif e5: Nf3\nif c5: Nf3", &out) > 0);
	CHECK_HAS(why(&out), "at most 1 conditional lines");
	CHECK(mail(g, WHITE, "e4\nif e5 Nc6: Nf3 Bb5", &out) > 0);
	CHECK_HAS(why(&out), "at most 1 moves");
	g->policy = &none;
	CHECK(mail(g, WHITE, "e4\nif e5: Nf3", &out) > 0);
	CHECK_HAS(why(&out), "this referee takes no conditional moves");
	outcome_free(&out);
	game_free(g);
	check_context(NULL);
}

/* Lines given while the opponent is to move replace the waiting ones; "if none" drops
 * them; the opponent hears of neither. Black may give them before White's first move. A
 * mate with lines ends the game without them. */
static void while_waiting(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, BLACK, "if e4: c5", &out), 0);
	CHECK(!replied(&out, WHITE));
	CHECK_INT(mail(g, WHITE, "e4", &out), 0);
	CHECK_STR(moves(g, 0), "e4 c5");
	CHECK_HAS(note_to(&out, WHITE), "Played from conditional moves: 1...c5.");
	game_free(g);
	g = chess_game();

	CHECK_INT(mail(g, WHITE, "e4\nif e5: Nf3", &out), 0);
	CHECK_INT(mail(g, WHITE, "if e5: d4\nif c5: c3", &out), 0);
	CHECK_STR(moves(g, 0), "e4");
	CHECK_STR(shown(g, WHITE, ""), "if e5: d4\nif c5: c3\n");
	CHECK(!replied(&out, BLACK));
	CHECK(out.nreplies == 1 && out.replies[0].kind == REPLY_STATUS);
	CHECK_HAS(note_to(&out, WHITE), "Your conditional moves are recorded.");
	CHECK_INT(mail(g, WHITE, "if none", &out), 0);
	CHECK_INT(g->nstanding, 0);
	CHECK_HAS(note_to(&out, WHITE), "Your conditional moves are dropped.");
	CHECK(!replied(&out, BLACK));
	game_free(g);

	g = chess_game();
	CHECK_INT(mail(g, WHITE, "f3", &out), 0);
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);
	CHECK_INT(mail(g, WHITE, "g4", &out), 0);
	CHECK_INT(mail(g, BLACK, "Qh4#\nif Kf2: Qxg4", &out), 0);
	CHECK_STR(g->termination, "checkmate");
	CHECK_INT(g->nstanding, 0);
	outcome_free(&out);
	game_free(g);
}

/* A player's language: their letters read, and shown back in them. */
static void languages(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };

	snprintf(g->lang[BLACK], sizeof g->lang[BLACK], "fr");
	snprintf(g->lang[WHITE], sizeof g->lang[WHITE], "de");
	CHECK_INT(mail(g, WHITE, "e4\nwenn Sc6: Sf3", &out), 0);
	CHECK_STR(shown(g, WHITE, "de"), "if Sc6: Sf3\n");
	CHECK_STR(shown(g, WHITE, ""), "if Nc6: Nf3\n");
	CHECK_INT(mail(g, BLACK, "Cc6\nsi Cf3 Fb5: Cf6 a6", &out), 0);
	CHECK_STR(moves(g, 0), "e4 Nc6 Nf3 Nf6");      /* White's line, then Black's */
	CHECK_STR(shown(g, BLACK, "fr"), "if Fb5: a6\n");
	CHECK_INT(mail(g, WHITE, "Lb5", &out), 0);     /* the German L is the bishop */
	CHECK_STR(moves(g, 0), "e4 Nc6 Nf3 Nf6 Bb5 a6");
	outcome_free(&out);
	game_free(g);
}

/* A team game: a boardman's lines on their board; a transfer onto it drops them. */
static void team_board(void)
{
	static const char *const who[] = { "w1@x.org", "b1@x.org", "w2@x.org", "b2@x.org",
					   "w3@x.org", "b3@x.org", "ws@x.org", "bs@x.org" };
	enum { W1, B1, W2, B2, W3, B3, WS, BS };
	struct game *g = created("perplexichess", px3, who, 8);
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WS, "if e5: Nf3", &out), 1);
	CHECK_HAS(why(&out), "a grand strategist may not move pieces");
	CHECK_INT(mail(g, W1, "e4\nif e5 Nc6: Nf3 Bb5", &out), 0);
	CHECK_INT(mail(g, B1, "e5", &out), 0);
	CHECK_STR(moves(g, 0), "e4 e5 Nf3");
	CHECK_HAS(note_to(&out, W1), "Board 1, played from conditional moves: 2.Nf3.");
	CHECK_STR(shown(g, W1, ""), "if Nc6: Bb5\n");
	CHECK_INT(mail(g, W2, "d4", &out), 0);         /* another board: nothing changes */
	CHECK_STR(shown(g, W1, ""), "if Nc6: Bb5\n");
	CHECK_INT(mail(g, BS, "transfer e5 from 1 to 2", &out), 0);
	CHECK_INT(g->nstanding, 0);
	CHECK_HAS(note_to(&out, W1), "Your conditional moves are dropped: the position changed "
		  "otherwise than by a move of your opponent's.");
	CHECK(!strstr(note_to(&out, B1), "conditional") && !strstr(note_to(&out, BS), "conditional"));
	outcome_free(&out);
	game_free(g);
}

/* The lines through the state file, and the hash of a state that holds none unchanged. */
static void state_file(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };
	char before[HASH_HEX], after[HASH_HEX];

	CHECK_INT(mail(g, WHITE, "e4", &out), 0);
	game_hash(g, before);
	CHECK_INT(mail(g, BLACK, "e5\nif Nf3 Bb5: Nc6 a6", &out), 0);
	game_hash(g, after);
	CHECK(strcmp(before, after) != 0);      /* the lines are part of the state */
	g = store_round_trip(g, chess);
	g->policy = &policy;
	CHECK_STR(shown(g, BLACK, ""), "if Nf3 Bb5: Nc6 a6\n");
	char again[HASH_HEX];
	game_hash(g, again);
	CHECK_STR(again, after);
	CHECK_INT(mail(g, WHITE, "Nf3", &out), 0);
	CHECK_STR(moves(g, 0), "e4 e5 Nf3 Nc6");
	outcome_free(&out);
	game_free(g);
}

int main(void)
{
	kinds_register();
	chess = test_variant("chess");
	px3 = test_variant("perplexichess");
	shapes();
	forced_line();
	dropped();
	refusals();
	while_waiting();
	languages();
	team_board();
	state_file();
	variant_free(chess);
	variant_free(px3);
	return check_done();
}
