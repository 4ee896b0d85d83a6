/* test_perplexichess.c: Perplexichess (seed 001) in the game layer: the seed's numbered
 * squares, Flexichess rule changes (every limit refused with its reason, the exact move
 * lists of the changed board and of the others), the strategists' transfers (every
 * condition), the end of a board by a transfer, per-board draws, elections, messages
 * within a team, and the kind's state through the state file. Pure game logic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "game/game.h"
#include "gametest.h"
#include "kinds/registry.h"
#include "store/store.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *px3;
static int serial;

/* Seats of `tempest new perplexichess`: the boardmen, White then Black on each board, then
 * the two strategists. */
enum { W1, B1, W2, B2, W3, B3, WS, BS };
static const char *const member[] = { "w1@x.org", "b1@x.org", "w2@x.org", "b2@x.org",
				       "w3@x.org", "b3@x.org", "ws@x.org", "bs@x.org" };

static struct game *started(void)
{
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct sender s = { .address = "gm@x.org", .msg_key = "gm-1", .now = 1800000000 };
	struct err e;

	g->k = kind_find("perplexichess");
	if (!CHECK(game_create(g, 7, px3, member, 8, &s, &out, &e) == 0))
		check_context("%s", e.msg);
	outcome_free(&out);
	return g;
}

/* The mail `text` from seat `seat` (its token); the number of errors (0: applied). */
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
	test_order_parse(lines, n, "perplexichess", &o, &e);
	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", g->seat[seat].address);
	snprintf(s.msg_key, sizeof s.msg_key, "m%d", ++serial);
	s.now = 1800000000 + serial;
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

/* Mails that must all be applied. */
static void play(struct game *g, const int *seats, const char *const *texts, int n)
{
	struct outcome out = { 0 };

	for (int i = 0; i < n; i++)
		if (!CHECK_INT(mail(g, seats[i], texts[i], &out), 0))
			check_context("%s from seat %d: %s", texts[i], seats[i], why(&out));
	outcome_free(&out);
}

static const char *fen(const struct game *g, int b)
{
	static char buf[FEN_MAX];

	pos_to_fen(g->board[b].pos, buf, sizeof buf);
	return buf;
}

static void moves_of(struct game *g, int b, char *buf, size_t len)
{
	test_moves(g->board[b].pos, 0, buf, len);
}

/* Rule 2: squares numbered 1 (a8) to 64 (h1), White on the high numbers. */
static void numbered_squares(void)
{
	struct game *g = started();
	struct outcome out = { 0 };

	CHECK(order_numbered_move("53-37") && order_numbered_move("12x4=Q") &&
	      order_numbered_move("37:28+"));
	CHECK(!order_numbered_move("12") && !order_numbered_move("12-") &&
	      !order_numbered_move("65-1") && !order_numbered_move("12-0"));
	CHECK_INT(mail(g, W1, "move 53-37", &out), 0);          /* e2-e4 */
	CHECK_INT(mail(g, B1, "move 12-28", &out), 0);          /* d7-d5 */
	CHECK_INT(mail(g, W1, "move 37x28", &out), 0);          /* exd5 */
	CHECK_INT(mail(g, B1, "move 4-28", &out), 0);           /* Qxd5 */
	CHECK_STR(fen(g, 0), "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
	CHECK_INT(mail(g, W1, "move 57-49", &out), 1);          /* a1-a2: own pawn */
	CHECK_INT(mail(g, W1, "move 62-35", &out), 0);          /* Bf1-c4, hits the queen */
	if (CHECK_INT(g->board[0].nmoves, 5))
		CHECK_STR(g->board[0].moves[4], "Bc4");
	game_free(g);
	outcome_free(&out);
}

/* game_walk: each entry with the position before it, under the rules in force then. */
static int read_back(const struct pos *before, const char *entry, void *arg)
{
	int *bad = arg;
	struct pos *copy = malloc(sizeof *copy);
	struct move m;
	struct err e;

	if (copy && entry[0] != '@') {
		memcpy(copy, before, sizeof *copy);
		*bad += notation_parse(copy, entry, &m, &e) < 0;
	}
	free(copy);
	return 0;
}

/* Flexichess: the knights of board 2 gain the wazir's step; the exact lists of board 2
 * against board 1 in the same position, board 3 untouched; the change from the state
 * file. */
static void flexichess_lists(void)
{
	struct game *g = started();
	struct outcome out = { 0 };
	char one[2048], two[2048], three[2048];
	struct err e;
	const int seats[] = { W1, B1, W2, B2, W2, B2, W1, B1 };
	const char *const texts[] = { "Nf3", "Nf6", "Nf3", "Nf6", "rule N add W", "d6", "d3", "d6" };

	play(g, seats, texts, 8);
	/* board 1: 1. Nf3 Nf6 2. d3 d6; board 2: 1. Nf3 Nf6 {rule} 2... d6: White to move on
	 * both, with d2 on d3 on board 1 only */
	CHECK_STR(fen(g, 1), "rnbqkb1r/ppp1pppp/3p1n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3");
	moves_of(g, 0, one, sizeof one);
	moves_of(g, 1, two, sizeof two);
	moves_of(g, 2, three, sizeof three);
	CHECK_STR(one, "Bd2 Be3 Bf4 Bg5 Bh6 Kd2 Na3 Nbd2 Nc3 Nd4 Ne5 Nfd2 Ng1 Ng5 Nh4 Qd2 Rg1 "
		  "a3 a4 b3 b4 c3 c4 d4 e3 e4 g3 g4 h3 h4");
	CHECK_STR(two, "Na3 Nc3 Nd4 Ne3 Ne5 Nf4 Ng1 Ng3 Ng5 Nh4 Rg1 "
		  "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 g3 g4 h3 h4");
	CHECK_INT(movegen_count(g->board[2].pos), 20);
	/* the change holds for Black's knights too (rule 5): f6 steps to e6, f5, g6 */
	CHECK_INT(mail(g, W2, "a3", &out), 0);
	moves_of(g, 1, two, sizeof two);
	CHECK_HAS(two, "Ne6");
	CHECK_HAS(two, "Nf5");
	CHECK_HAS(two, "Ng6");
	char h1[HASH_HEX], h2[HASH_HEX];
	game_hash(g, h1);
	char *text = store_game_to_json(g);
	struct game *back = NULL;
	CHECK(store_game_from_json(text, "t.json", &back, &e) == 0);
	CHECK(game_load_position(back, px3, &e) == 0);
	game_hash(back, h2);
	CHECK_STR(h2, h1);
	moves_of(back, 1, three, sizeof three);
	CHECK_STR(three, two);
	CHECK_INT(mail(g, B2, "Ne6", &out), 0);         /* a wazir step */
	CHECK_INT(mail(g, W2, "Ne3", &out), 0);
	int bad = 0;                    /* a walk reads every move under the rules of its time */
	CHECK(game_walk(g, 1, read_back, &bad) == 0);
	CHECK_INT(bad, 0);
	free(text);
	game_free(back);
	game_free(g);
	outcome_free(&out);
}

/* "no distinction between White and Black" (rule 5): a forward step is each side's own. */
static void flexichess_both_colours(void)
{
	struct game *g = started();
	struct outcome out = { 0 };
	char list[2048];
	const int seats[] = { W3, B3, W3, B3 };
	const char *const texts[] = { "Nc3", "Nc6", "rule N add fW", "a6" };

	play(g, seats, texts, 4);
	moves_of(g, 2, list, sizeof list);
	CHECK_HAS(list, "Nc4");         /* c3 -> c4: forward for White */
	CHECK(!strstr(list, "Nc2"));
	CHECK_INT(mail(g, W3, "e3", &out), 0);
	moves_of(g, 2, list, sizeof list);
	CHECK_HAS(list, "Nc5");         /* c6 -> c5: forward for Black */
	CHECK(!strstr(list, "Nc7"));
	game_free(g);
	outcome_free(&out);
}

/* Every limit of rules 2B-6, with its reason; nothing changes. */
static void flexichess_refusals(void)
{
	static const struct { int seat; const char *text, *reason; } cases[] = {
		{ W2, "rule K add W", "the king's movement may not change (rule 6)" },
		{ W2, "rule king NW", "the king's movement may not change (rule 6)" },
		{ W2, "rule N Zz", "is not a movement the referee can play" },
		{ W2, "rule X W", "there is no piece 'X'" },
		{ B2, "rule N add W", "it is not your turn on board 2" },
		{ W2, "e4\nrule N add W", "a rule change is made instead of a move" },
		{ WS, "rule N add W", "a grand strategist may not move pieces within a board" },
	};
	struct game *g = started();
	struct outcome out = { 0 };
	char before[HASH_HEX], after[HASH_HEX];

	game_hash(g, before);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check_context("case %zu: %s", i, cases[i].text);
		CHECK(mail(g, cases[i].seat, cases[i].text, &out) > 0);
		CHECK_HAS(why(&out), cases[i].reason);
		game_hash(g, after);
		CHECK_STR(after, before);
	}
	check_context(NULL);
	CHECK_INT(g->board[1].nmoves, 0);
	game_free(g);
	outcome_free(&out);
}

/* Rule 3: the strategist's own piece, not the king, to the same square of another board,
 * empty; never leaving a king in check on the turn of its enemy. */
static void transfers(void)
{
	static const struct { int seat; const char *text, *reason; } cases[] = {
		{ WS, "transfer e1 from 1 to 3", "the king stays on its board (rule 3)" },
		{ WS, "transfer e8 from 1 to 3", "the piece on e8 of board 1 is Black's" },
		{ BS, "transfer h5 from 1 to 3", "the piece on h5 of board 1 is White's" },
		{ WS, "transfer a1 from 1 to 3", "a1 of board 3 is occupied" },
		{ WS, "transfer h5 from 1 to 1", "a transfer goes to another board" },
		{ WS, "transfer h5 from 1 to 4", "boards 1 to 3" },
		{ WS, "transfer c4 from 1 to 3", "there is no piece on c4 of board 1" },
		{ WS, "transfer h5 from 1 to 2",
		  "placing the piece there would leave Black's king in check on board 2 while White is to move" },
		{ W1, "transfer h5 from 1 to 3", "only a grand strategist moves pieces between boards" },
	};
	struct game *g = started();
	struct outcome out = { 0 };
	char before[HASH_HEX], after[HASH_HEX];
	const int seats[] = { W1, B1, W1, W2, B2, W3, B3, W3 };
	const char *const texts[] = { "e4", "e5", "Qh5", "e4", "f6", "e4", "f6", "d4" };

	play(g, seats, texts, 8);
	game_hash(g, before);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check_context("case %zu: %s", i, cases[i].text);
		CHECK(mail(g, cases[i].seat, cases[i].text, &out) > 0);
		CHECK_HAS(why(&out), cases[i].reason);
		game_hash(g, after);
		CHECK_STR(after, before);
	}
	check_context(NULL);
	/* board 3, Black to move after 1. e4 f6 2. d4: g5 and Qh5 is mate, brought from
	 * board 1 by the strategist at his own time */
	CHECK_INT(mail(g, B3, "g5", &out), 0);
	CHECK_INT(mail(g, W3, "Nc3", &out), 0);
	CHECK_INT(mail(g, WS, "transfer 32 from 1 to 3", &out), 0);     /* 32: h5 */
	CHECK_HAS(out.replies[0].note, "moves the Queen on h5 from board 1 to board 3");
	CHECK_HAS(out.replies[0].note, "Board 3 ends: 1-0 (checkmate)");
	CHECK_STR(g->board[2].result, "1-0");
	CHECK_STR(fen(g, 0), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 2");
	/* rule 4: board 3 keeps its pieces but not its kings */
	CHECK_STR(fen(g, 2), "rnbq1bnr/ppppp2p/5p2/6pQ/3PP3/2N5/PPP2PPP/R1BQ1BNR b - - 0 3");
	CHECK_INT(g->board[2].pos->nroyal[WHITE] + g->board[2].pos->nroyal[BLACK], 0);
	/* and its pieces still go elsewhere */
	CHECK_INT(mail(g, BS, "transfer d8 from 3 to 1", &out), 1);     /* d8 of board 1: queen */
	CHECK_INT(mail(g, BS, "transfer g5 from 3 to 2", &out), 0);
	CHECK_INT(mail(g, B3, "a6", &out), 1);
	CHECK_HAS(why(&out), "board 3 is over");
	game_free(g);
	outcome_free(&out);
}

/* Draws belong to a board; a move lapses the opponent's offer there. */
static void board_draws(void)
{
	struct game *g = started();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, W1, "e4\noffer draw", &out), 0);
	CHECK_INT(mail(g, B2, "accept draw", &out), 1);
	CHECK_HAS(why(&out), "no draw offer on board 2");
	CHECK_INT(mail(g, B1, "accept draw", &out), 0);
	CHECK_STR(g->board[0].result, "1/2-1/2");
	CHECK_STR(g->board[1].result, "*");
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(g->board[0].pos->nroyal[WHITE], 0);
	CHECK_INT(mail(g, W2, "d4\noffer draw", &out), 0);
	CHECK_INT(mail(g, B2, "d5", &out), 0);
	CHECK_HAS(out.replies[0].note, "White's draw offer on board 2 lapses");
	CHECK_INT(mail(g, B2, "accept draw", &out), 1);
	CHECK_INT(mail(g, WS, "offer draw", &out), 1);
	CHECK_HAS(why(&out), "a grand strategist may not move pieces within a board");
	game_free(g);
	outcome_free(&out);
}

/* Rule 5: the incumbent has no vote; more than half of the other members elect; the
 * incumbent takes the elected member's duty. The votes are the team's business. */
static void election(void)
{
	struct game *g = started();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WS, "elect w2@x.org", &out), 1);
	CHECK_HAS(why(&out), "the incumbent grand strategist has no vote");
	CHECK_INT(mail(g, W1, "elect b2@x.org", &out), 1);
	CHECK_HAS(why(&out), "b2@x.org is not a member of White's team");
	/* a vote speaks for the member: only from a line that is the order alone */
	CHECK_INT(mail(g, W1, "I elect w2@x.org", &out), 1);
	CHECK_HAS(why(&out), "did you mean 'elect'?");
	CHECK_INT(mail(g, W1, "elect w2@x.org please", &out), 1);
	CHECK_HAS(why(&out), "did you mean 'elect'?");
	CHECK_INT(mail(g, W1, "elect w2@x.org", &out), 0);
	CHECK_HAS(out.replies[0].note, "1 of the 3 votes of the team (2 needed)");
	for (size_t i = 0; i < out.nreplies; i++)
		CHECK_INT(g->seat[out.replies[i].to].side, WHITE);
	CHECK_INT(out.nreplies, 4);
	CHECK_STR(g->seat[W2].role, "boardman");
	CHECK_INT(mail(g, W3, "elect w2@x.org", &out), 0);
	CHECK_HAS(out.replies[0].note, "w2@x.org is elected White's grand strategist (2 of the 3 "
		  "votes of the team); ws@x.org is now White's boardman on board 2");
	CHECK_INT(out.nreplies, 8);
	CHECK_STR(g->seat[W2].role, "strategist");
	CHECK_INT(g->seat[W2].board, -1);
	CHECK_STR(g->seat[WS].role, "boardman");
	CHECK_INT(g->seat[WS].board, 1);
	CHECK_INT(game_mover(g, 1, WHITE), WS);
	CHECK_INT(mail(g, WS, "e4", &out), 0);
	if (CHECK_INT(g->board[1].nmoves, 1))
		CHECK_STR(g->board[1].moves[0], "e4");
	CHECK_INT(mail(g, W2, "I assign w1@x.org to board 2", &out), 1);
	CHECK_HAS(why(&out), "did you mean 'assign'?");
	CHECK_INT(mail(g, W2, "Please assign w1@x.org boardman 2", &out), 1);
	CHECK_HAS(why(&out), "did you mean 'assign'?");
	CHECK_INT(g->seat[W1].board, 0);
	CHECK_INT(mail(g, W2, "assign w1@x.org boardman 2", &out), 0);
	CHECK_INT(g->seat[W1].board, 1);
	CHECK_INT(g->seat[WS].board, 0);
	CHECK_INT(mail(g, W2, "assign w1@x.org boardman 2", &out), 1);
	CHECK_HAS(why(&out), "the boardman of board 2 already");
	CHECK_INT(mail(g, W1, "assign w3@x.org boardman 1", &out), 1);
	CHECK_HAS(why(&out), "only the grand strategist assigns");
	game_free(g);
	outcome_free(&out);
}

/* Rule 6: the team's words stay in the team unless addressed to the other. */
static void messages(void)
{
	struct game *g = started();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, W1, "e4\nmessage team push on the kingside\nmessage b1@x.org hello\n"
		       "message all good game", &out), 0);
	for (size_t i = 0; i < out.nreplies; i++) {
		const struct reply *r = &out.replies[i];
		bool own = g->seat[r->to].side == WHITE && r->to != W1;
		check_context("reply %zu to seat %d", i, r->to);
		CHECK(!!strstr(check_en(r->note), "push on the kingside") == own);
		CHECK(!!strstr(check_en(r->note), "hello") == (r->to == B1));
		CHECK(strstr(check_en(r->note), "good game") != NULL || r->to == W1);
	}
	check_context(NULL);
	CHECK_INT(mail(g, B1, "message zz@x.org hi", &out), 1);
	CHECK_HAS(why(&out), "zz@x.org plays no part in game 7");
	CHECK_INT(mail(g, B1, "message team", &out), 1);
	game_free(g);
	outcome_free(&out);
}

/* A boardman's time runs out: that board is lost, the others play on. */
static void board_timeout(void)
{
	struct game *g = started();
	struct outcome out = { 0 };
	struct sender s = { .address = "referee", .msg_key = "referee:1", .now = 1800000000 + 400 * 86400LL };
	struct err e;

	CHECK(game_referee(g, key, sizeof key, &s, "timeout 2", &out, &e) == 0);
	CHECK_INT(out.nerrors, 0);
	CHECK_STR(g->board[1].result, "0-1");
	CHECK_STR(g->board[0].result, "*");
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK(out.nreplies > 0 && strstr(check_en(out.replies[0].note), "they lose the board on time"));
	CHECK(out.nreplies > 0 && strstr(check_en(out.replies[0].note),
					 "Board 2 ends: 0-1 (time forfeit)"));
	CHECK_INT(g->board[1].pos->nroyal[WHITE], 0);
	game_free(g);
	outcome_free(&out);
}

/* A reply to an older mail is stale only if the reader's own board has moved on since. */
static void stale_replies(void)
{
	struct game *g = started();
	struct outcome out = { 0 };
	struct order_line line = { 1, "d4" };
	struct orders o;
	struct sender s = { .address = "w1@x.org", .msg_key = "w1-reply", .now = 1800000100,
			    .in_reply_to = "to-w1@referee" };
	struct err e;

	CHECK_INT(mail(g, W1, "e4", &out), 0);
	CHECK_INT(mail(g, B1, "e5", &out), 0);
	CHECK(game_remember_sent_to(g, "to-w1@referee", W1) == 0);
	CHECK_INT(mail(g, W2, "Nf3", &out), 0);         /* another board moves on */
	game_token(key, sizeof key, g->id, W1, s.tag_token);
	test_order_parse(&line, 1, "perplexichess", &o, &e);
	outcome_free(&out);
	CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0);
	CHECK_INT(out.nerrors, 0);                      /* not stale: board 1 is as it was */
	CHECK_INT(mail(g, B1, "Nc6", &out), 0);
	CHECK(game_remember_sent_to(g, "to-w1-2@referee", W1) == 0);
	CHECK_INT(mail(g, WS, "transfer g1 from 3 to 1", &out), 1);     /* g1 is taken */
	CHECK_INT(mail(g, WS, "transfer b1 from 3 to 2", &out), 1);
	CHECK_INT(mail(g, B3, "e5", &out), 1);          /* not Black's turn on board 3 */
	CHECK_INT(mail(g, WS, "transfer f1 from 3 to 1", &out), 1);     /* f1 taken too */
	CHECK_INT(mail(g, W1, "Bc4", &out), 0);
	CHECK_INT(mail(g, B1, "Nf6", &out), 0);
	CHECK(game_remember_sent_to(g, "to-w1-3@referee", W1) == 0);
	CHECK_INT(mail(g, WS, "transfer f1 from 2 to 1", &out), 0);     /* board 1 changes */
	snprintf(s.in_reply_to, sizeof s.in_reply_to, "to-w1-3@referee");
	snprintf(s.msg_key, sizeof s.msg_key, "w1-reply-2");
	orders_free(&o);
	line.text = "Qe2";
	test_order_parse(&line, 1, "perplexichess", &o, &e);
	outcome_free(&out);
	CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0);
	CHECK_INT(out.nerrors, 1);
	CHECK_HAS(why(&out), "sent before the last move");
	orders_free(&o);
	game_free(g);
	outcome_free(&out);
}

int main(void)
{
	kinds_register();
	px3 = test_variant("perplexichess");
	numbered_squares();
	flexichess_lists();
	flexichess_both_colours();
	flexichess_refusals();
	transfers();
	board_draws();
	election();
	messages();
	board_timeout();
	stale_replies();
	variant_free(px3);
	return check_done();
}
