/* test_tempete_play.c: the plays of Tempete by mail that must be accepted (docs/tempete.md, "Tempete
 * sur l'Echiquier by mail"; seed 000, and seed 002's Checkmate Rule), with the exact hands,
 * numbers and board they leave: refills (rules 6 and 8), numbers random and running out of
 * numbers, cards 34, 57, 12 and 28, the double moves of cards 18 and 50, the Checkmate Rule
 * and the end of the game, what every game has (move numbers, stale replies, draw offers),
 * and card effects as board edits. The refusals are in test_tempete.c; the harness and the
 * standard game most of these start from are in tempetetest.h. Pure game logic: no files,
 * no mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game/game.h"
#include "kinds/tempete/tempete.h"
#include "tempetetest.h"

/* A bare king behind its pawns: Ra8 mates. */
#define FEN_MATE "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1"

/* Rule 8 and rule 6: who sends how many numbers, and what is drawn. */
static void refills(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	/* a move with a card: the mover holds 4; the opponent's next move carries one number */
	CHECK_INT(mail(g, WHITE, "card 23\ne4", &out), 0);
	CHECK_STR(hand(g, WHITE), "12 18 32 57");
	CHECK_HAS(note_of(&out), "White plays card 23.");
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 12 18 32 57");
	CHECK_STR(hand(g, BLACK), "23 28 34 57 66");
	CHECK_STR(ints_text(TP(g)->sent[BLACK], TP(g)->nsent[BLACK]), "1 2 3 4 5 6");
	CHECK_INT(TP(g)->drawn_number[WHITE][TP(g)->ndrawn[WHITE] - 1], 6);
	/* the cards this mail drew, and only those, are the ones reported for it */
	CHECK_STR(ints_text(TP(g)->just_drew[WHITE], TP(g)->njust_drew[WHITE]), "1");
	CHECK_INT(mail(g, WHITE, "card 12\nsquare c4\nNf3", &out), 0);
	CHECK_INT(mail(g, BLACK, "Nc6\nnumbers 7", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 2 18 32 57");
	CHECK_STR(ints_text(TP(g)->just_drew[WHITE], TP(g)->njust_drew[WHITE]), "2");
	CHECK_INT(TP(g)->njust_drew[BLACK], 0);
	game_free(g);

	/* an interception: the interceptor holds 4; the answer carries exactly one number */
	g = standard_game(NULL);
	CHECK_INT(mail(g, WHITE, "e4", &out), 0);
	CHECK(TP(g)->ct.may_intercept);
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(hand(g, BLACK), "23 28 34 57");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");                   /* e4 is taken back */
	CHECK_INT(TP(g)->ct.expect, CT_ANSWER);
	CHECK_INT(TP(g)->ct.to, WHITE);
	CHECK_HAS(note_of(&out), "Black plays card 66 to intercept: takeback.");
	CHECK_INT(mail(g, WHITE, "d4\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, BLACK), "23 28 34 57 70");
	CHECK_STR(hand(g, WHITE), "12 18 23 32 57");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b");
	CHECK_HAS(note_of(&out), "White moves d4 instead.");
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK_INT(TP(g)->ct.to, BLACK);
	CHECK(!TP(g)->ct.may_intercept);                   /* the answer is not intercepted */
	CHECK_INT(mail(g, BLACK, "d5", &out), 0);       /* White holds 5: no numbers */
	game_free(g);

	/* a capture taken back is no loss: nothing in the captured list, nothing to return */
	g = standard_game(NULL);
	play(g, "w:e4|b:d5|w:exd5");
	CHECK_INT(TP(g)->nlost[BLACK], 1);
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w");
	CHECK_INT(TP(g)->nlost[BLACK], 0);
	CHECK_INT(mail(g, WHITE, "Nc3\nnumbers 6", &out), 0);
	CHECK_INT(mail(g, BLACK, "card 23\neffect return p d6\nNf6", &out), 1);
	CHECK_HAS(first_error(&out), "no captured black Pawn can return");
	game_free(g);

	/* an answer that accepts: the move is not carried out, the turn passes */
	g = standard_game(NULL);
	play(g, "w:e4|b:" TAKEBACK);
	CHECK_INT(mail(g, WHITE, "accept\nnumbers 6", &out), 0);
	CHECK_HAS(note_of(&out), "White accepts that the move cannot be carried out.");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b");
	CHECK_INT(TP(g)->ct.to, BLACK);
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);
	game_free(g);

	/* an answer with a card (32): its player holds 4 too; both refills follow */
	g = standard_game(NULL);
	play(g, "w:e4");
	CHECK_INT(mail(g, BLACK, "intercept\ncard 23\neffect capture g1", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b");
	CHECK_INT(TP(g)->nlost[WHITE], 1);
	CHECK_INT(mail(g, WHITE, "card 32\nnumbers 6", &out), 0);
	/* the interceptor's effect is undone, the move stands */
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	CHECK_HAS(note_of(&out), "Card 32 disables card 23: White's move stands.");
	CHECK_INT(TP(g)->nlost[WHITE], 0);              /* the knight is not among the lost */
	CHECK_STR(hand(g, WHITE), "12 18 23 57");
	CHECK_STR(hand(g, BLACK), "28 34 57 66 70");
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK_INT(TP(g)->ct.to, BLACK);
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 12 18 23 57");
	/* the knight that came back cannot be "returned" a second time */
	CHECK_INT(mail(g, WHITE, "card 12\nsquare a6\neffect return N e3\nNf3", &out), 1);
	CHECK_HAS(first_error(&out), "no captured white Knight can return");
	game_free(g);
	outcome_free(&out);
}

/* numbers random: never a number sent before; none once all are sent. Twelve cards. */
static void numbers_random(void)
{
	struct game *g = accepted_game("1-10 12 13", NULL);
	struct outcome out = { 0 };
	static const char *const wmoves[] = { "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3" };
	static const char *const bmoves[] = { "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6" };
	char text[128];

	CHECK_INT(TP(g)->n, 12);
	CHECK_INT(mail(g, WHITE, "list 1 2 3 4 5 6 7 8 9 10 13 12\nnumbers random", &out), 0);
	CHECK_INT(mail(g, BLACK, "list 13 12 10 9 8 7 6 5 4 3 2 1\nnumbers random", &out), 0);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	for (int t = 0; t < 8; t++) {
		int card = 0;
		for (int i = 0; i < TP(g)->nhand[WHITE] && !card; i++)
			if (TP(g)->hand[WHITE][i] != 12)
				card = TP(g)->hand[WHITE][i];
		check_context("turn %d, card %d", t, card);
		snprintf(text, sizeof text, "card %d\n%s", card, wmoves[t]);
		CHECK_INT(mail(g, WHITE, text, &out), 0);
		snprintf(text, sizeof text, "%s\nnumbers random", bmoves[t]);
		CHECK_INT(mail(g, BLACK, text, &out), 0);
		CHECK_INT(TP(g)->nsent[BLACK], t < 7 ? 6 + t : 12);
		CHECK_INT(TP(g)->nhand[WHITE], t < 7 ? 5 : 4);
	}
	check_context(NULL);
	/* all twelve numbers, each once */
	bool seen[13] = { false };
	for (int i = 0; i < TP(g)->nsent[BLACK]; i++) {
		int x = TP(g)->sent[BLACK][i];
		CHECK(x >= 1 && x <= 12 && !seen[x]);
		if (x >= 1 && x <= 12)
			seen[x] = true;
	}
	CHECK_INT(tempete_available(TP(g), BLACK, NULL), 0);
	/* the opening numbers random were five different ones too */
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < i; j++)
			CHECK(TP(g)->sent[WHITE][i] != TP(g)->sent[WHITE][j]);
	/* Black has none left: none are due, a number is refused */
	CHECK_INT(mail(g, WHITE, "a4", &out), 0);
	CHECK_INT(mail(g, BLACK, "a5\nnumbers 1", &out), 1);
	CHECK_HAS(first_error(&out), "no numbers are due now: White holds 4 cards (and you have no numbers left)");
	game_free(g);
	outcome_free(&out);
}

/* Ten cards; Black plays out every card that can intercept; White runs out of numbers.
 * Rule 13: Black, mated, still holds cards (none of them can intercept): the referee waits
 * for an interception as it would for any hand, and says the same, so that the wait tells
 * White nothing about Black's hand; Black concedes. */
static void no_numbers_left(void)
{
	struct game *g = accepted_game("1-6 18 34 50 57", "7k/p5pp/8/8/8/8/8/1N1R2K1 w - - 0 1");
	struct outcome out = { 0 };

	play(g, "w:list 1 2 3 4 5 6 18 34 50 57\nnumbers 1 2 3 4 5|"
		"b:list 1 2 3 4 5 6 18 34 50 57\nnumbers 1 2 3 4 5|"
		"w:Nc3|b:intercept\ncard 1|w:numbers 6|b:card 2\na6|"
		"w:Nb1\nnumbers 7|b:intercept\ncard 3|w:numbers 8|b:card 4\na5|"
		"w:Nc3\nnumbers 9|b:intercept\ncard 5|w:numbers 10|b:card 6\na4");
	CHECK_STR(hand(g, BLACK), "18 34 50 57");
	CHECK_INT(tempete_available(TP(g), WHITE, NULL), 0);
	CHECK_INT(mail(g, WHITE, "Rd8\nnumbers 1", &out), 1);
	CHECK_HAS(first_error(&out), "no numbers are due now: Black holds 4 cards (and you have no numbers left)");
	CHECK_INT(mail(g, WHITE, "Rd8", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	CHECK_HAS(note_of(&out), "Black is mated, unless an interception lifts the mate.");
	CHECK_INT(mail(g, BLACK, "concede", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1-0");
	CHECK(has_reply(&out, REPLY_OVER, WHITE) && has_reply(&out, REPLY_OVER, BLACK));
	CHECK_STR(hand(g, BLACK), "18 34 50 57");
	game_free(g);
	outcome_free(&out);
}

/* Card 34: a card the opponent played in your last turn or theirs, even one you hold. */
static void card_34(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:card 23\ne4");
	CHECK_INT(mail(g, BLACK, "card 34\ntake 23\ne5\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, BLACK), "23 23 28 57 66");
	CHECK_HAS(note_of(&out), "Black plays card 34: takes card 23 into their hand.");
	CHECK_STR(hand(g, WHITE), "1 12 18 32 57");
	/* both 23s can be played, one after the other */
	play(g, "w:Nf3|b:card 23\nNc6|w:Nc3\nnumbers 6|b:intercept\ncard 23");
	CHECK_STR(hand(g, BLACK), "28 57 66 70");
	game_free(g);

	/* a card played as an interception during one's own last turn */
	g = standard_game(NULL);
	play(g, "w:e4|b:e5|w:intercept\ncard 23\neffect capture g8|b:numbers 6|w:Nf3");
	CHECK_INT(mail(g, BLACK, "card 34\ntake 23\nNc6", &out), 0);
	CHECK_STR(hand(g, BLACK), "23 23 28 57 66");
	game_free(g);
	outcome_free(&out);
}

/* Seed 002 on check: a king may be left in check by the move if a card played on the same
 * turn removes the check; here the after-move card captures the pinning rook. */
static void test_check_lifted_by_card_after_move(void)
{
	const char *pin = "4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1";
	struct game *g = standard_game(pin);
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "Ra2", &out), 1);
	CHECK_INT(mail(g, WHITE, "card 23\nRa2\neffect capture h8", &out), 1);     /* a king */
	CHECK_INT(mail(g, WHITE, "card 23\nRa2\neffect move e8 e7", &out), 1);
	CHECK_HAS(first_error(&out), "your king would be in check");
	CHECK_INT(mail(g, WHITE, "card 23\nRa2\neffect capture e8", &out), 0);
	CHECK_STR(board(g), "7k/8/8/8/8/8/R7/4K3 b");
	CHECK_HAS(note_of(&out), "White moves Ra2");
	CHECK_HAS(TP(g)->lost[BLACK], "R");
	/* announced after the move, and kept so in the record of cards played */
	CHECK_HAS(note_of(&out), "After the move, ");
	if (CHECK_INT(TP(g)->nplays, 1))
		CHECK_HAS(TP(g)->plays[0].detail, "after the move: ");
	game_free(g);
	outcome_free(&out);
}

/* Card 57: after losing a piece other than a pawn to a regular move; the chosen card's
 * number is barred for the opponent, who is told the number only. */
static void card_57(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5");
	CHECK_INT(TP(g)->lost_turn[WHITE], 4);
	CHECK_INT(mail(g, WHITE, "card 57\nchoose 1\ne4", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 12 18 23 32");
	CHECK_STR(ints_text(TP(g)->barred[BLACK], TP(g)->nbarred[BLACK]), "6");
	CHECK_HAS(note_of(&out), "Black may no longer send number 6");
	CHECK(!strstr(check_en(note_of(&out)), "card 1"));
	CHECK_INT(tempete_available(TP(g), BLACK, NULL), 68 - 5 - 1);
	play(g, "b:e5|w:card 23\nd3");
	CHECK_INT(mail(g, BLACK, "d6\nnumbers 6", &out), 1);
	CHECK_HAS(first_error(&out), "you may not send 6 any more (card 57)");
	CHECK_INT(mail(g, BLACK, "d6\nnumbers 7", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 2 12 18 32");
	/* card 57 may not take a card played before */
	game_free(g);
	g = standard_game(NULL);
	play(g, "w:card 23\nNc3|b:Nf6\nnumbers 6|w:Nd5|b:Nxd5");
	CHECK_INT(mail(g, WHITE, "card 57\nchoose 23\ne4", &out), 1);
	CHECK(strstr(check_en(first_error(&out)), "you have played card 23 before") ||
	      strstr(check_en(first_error(&out)), "you have drawn card 23 already"));
	CHECK_INT(mail(g, WHITE, "card 57\nchoose 3\ne4", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 3 12 18 32");
	game_free(g);
	outcome_free(&out);
}

/* Cards 12 and 28: the square goes to the referee; 'secret' uses it. */
static void secret_squares(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "card 12\nsquare E4\nd4", &out), 0);
	CHECK_INT(TP(g)->nsecrets, 1);
	CHECK_STR(TP(g)->secrets[0].square, "e4");
	CHECK_INT(TP(g)->secrets[0].by, WHITE);
	CHECK_INT(TP(g)->secrets[0].card, 12);
	CHECK(!TP(g)->secrets[0].used);
	CHECK_HAS(note_of(&out), "gives the referee a square, in secret");
	CHECK(!strstr(check_en(note_of(&out)), "e4"));
	CHECK_INT(mail(g, BLACK, "card 28\nsquare h5\nd5\nnumbers 6", &out), 0);
	CHECK_INT(TP(g)->nsecrets, 2);
	CHECK(!strstr(check_en(note_of(&out)), "h5"));
	CHECK_INT(mail(g, WHITE, "secret e4\nNf3\nnumbers 6", &out), 0);
	CHECK(TP(g)->secrets[0].used);
	CHECK_HAS(note_of(&out), "uses the square given to the referee with card 12: e4");
	CHECK_INT(mail(g, BLACK, "secret H5\nNf6", &out), 0);
	CHECK(TP(g)->secrets[1].used);
	game_free(g);
	outcome_free(&out);
}

/* Cards 18 and 50: two moves of one knight (bishop); interceptions of either part. */
static void double_moves(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };
	CHECK_INT(mail(g, WHITE, "card 18\nNf3\nNg5", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R b");
	CHECK_HAS(note_of(&out), "White moves Nf3 and Ng5.");
	CHECK_STR(hand(g, WHITE), "12 23 32 57");
	CHECK_INT(TP(g)->move_parts, 2);
	/* part 2 hit: a different second move of the same knight */
	CHECK_INT(mail(g, BLACK, TAKEBACK "\npart 2", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w");
	CHECK_INT(mail(g, WHITE, "Ne5\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b");
	CHECK_STR(hand(g, WHITE), "12 23 32 57");
	CHECK_STR(hand(g, BLACK), "23 28 34 57 70");
	game_free(g);

	/* part 1 hit, 'keep': one normal move, the card back in hand (and the opponent knows) */
	g = standard_game(NULL);
	play(g, DOUBLE "|b:" TAKEBACK "\npart 1");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");
	CHECK_INT(mail(g, WHITE, "keep\ne4\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, WHITE), "12 18 23 32 57");
	CHECK_HAS(note_of(&out), "White keeps card 18.");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	/* card 34 cannot take a card 18 that its owner kept: it is in White's hand again */
	CHECK_STR(hand(g, BLACK), "23 28 34 57 70");
	CHECK_INT(mail(g, BLACK, "card 34\ntake 18\ne5", &out), 1);
	CHECK_HAS(first_error(&out), "White kept card 18: it went back to their hand");
	CHECK_STR(hand(g, WHITE), "12 18 23 32 57");
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);       /* White holds 5: no numbers */
	game_free(g);

	/* part 1 hit, 'discard': one normal move, the card gone */
	g = standard_game(NULL);
	play(g, DOUBLE "|b:" TAKEBACK "\npart 1");
	CHECK_INT(mail(g, WHITE, "discard\ne4\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, WHITE), "12 23 32 57");
	CHECK_HAS(note_of(&out), "White discards card 18.");
	CHECK_INT(mail(g, BLACK, "e5", &out), 1);        /* White holds 4 now */
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 12 23 32 57");
	game_free(g);

	/* part 1 hit: two new moves, the first different (here with the other knight) */
	g = standard_game(NULL);
	play(g, DOUBLE "|b:" TAKEBACK "\npart 1");
	CHECK_INT(mail(g, WHITE, "Nc3\nNd5\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/3N4/8/8/PPPPPPPP/R1BQKBNR b");
	CHECK_STR(hand(g, WHITE), "12 23 32 57");
	game_free(g);
	outcome_free(&out);
}

/* The Checkmate Rule (seed 002) and the end of the game (seed 000, rule 13). */
static void checkmate_rule(void)
{
	struct game *g;
	struct outcome out = { 0 };

	/* a regular card whose effect would mate: no effect, the card spent, announced */
	g = standard_game(FEN_MATE);
	CHECK_INT(mail(g, WHITE, "card 23\neffect move a1 a8\nKf1", &out), 0);
	CHECK_STR(board(g), "7k/6pp/8/8/8/8/8/R4K2 b");
	CHECK_STR(hand(g, WHITE), "12 18 32 57");
	CHECK(TP(g)->nplays == 1 && TP(g)->plays[0].void_);
	CHECK_HAS(note_of(&out), "no effect");
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	game_free(g);

	/* a card's effect that would capture a king: no effect */
	static const char *const king[] = { "card 23\neffect capture h8\nKf1", "card 23\neffect move a1 h8\nKf1",
					    "card 23\neffect kill h8\nKf1" };
	for (size_t i = 0; i < 3; i++) {
		check_context("%s", king[i]);
		g = standard_game(FEN_MATE);
		CHECK_INT(mail(g, WHITE, king[i], &out), 0);
		CHECK_STR(board(g), "7k/6pp/8/8/8/8/8/R4K2 b");
		CHECK(TP(g)->nplays == 1 && TP(g)->plays[0].void_);
		CHECK_HAS(note_of(&out), "no effect");
		game_free(g);
	}
	check_context(NULL);

	/* a card that replaces the move and would mate: no effect, and no move */
	g = standard_game(FEN_MATE);
	CHECK_INT(mail(g, WHITE, "card 23\neffect move a1 a8\neffect instead", &out), 0);
	CHECK_STR(board(g), "7k/6pp/8/8/8/8/8/R5K1 b");
	CHECK_INT(g->status, GAME_PLAYING);
	game_free(g);

	/* a card with a continuing effect may mate */
	g = standard_game(FEN_MATE);
	CHECK_INT(mail(g, WHITE, "card 23 continuing\neffect move a1 a8\neffect instead", &out), 0);
	CHECK(!TP(g)->plays[0].void_);
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	game_free(g);

	/* a before-move card removes a defender, then a regular move mates: allowed; the mate
	 * is announced and held open for an interception */
	g = standard_game(FEN_A);
	CHECK_INT(mail(g, WHITE, "card 23\neffect kill d8\nRa8", &out), 0);
	CHECK_STR(board(g), "R6k/6pp/8/8/8/8/8/6K1 b");
	CHECK(!TP(g)->plays[0].void_);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	CHECK_INT(TP(g)->ct.to, BLACK);
	CHECK_HAS(note_of(&out), "Black is mated, unless an interception lifts the mate.");
	CHECK(has_reply(&out, REPLY_MOVED, WHITE) && has_reply(&out, REPLY_MOVED, BLACK));
	struct game *mated = g;

	/* an interception that lifts the mate: Ra8 taken back (the dead rook stays dead) */
	g = standard_game(FEN_A);
	play(g, "w:card 23\neffect kill d8\nRa8");
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(board(g), "7k/6pp/8/8/8/8/8/R5K1 w");
	CHECK_INT(mail(g, WHITE, "Kf1\nnumbers 6", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK_INT(TP(g)->ct.to, BLACK);
	CHECK_INT(mail(g, BLACK, "g6\nnumbers 6", &out), 0);
	game_free(g);

	/* an interception that does not lift it: the mate stands after the answer */
	g = standard_game(FEN_A);
	play(g, "w:card 23\neffect kill d8\nRa8");
	CHECK_INT(mail(g, BLACK, "intercept\ncard 23", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(mail(g, WHITE, "numbers 6", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1-0");
	CHECK_STR(g->termination, "checkmate");
	CHECK(has_reply(&out, REPLY_OVER, WHITE) && has_reply(&out, REPLY_OVER, BLACK));
	game_free(g);

	/* concede */
	CHECK_INT(mail(mated, BLACK, "concede", &out), 0);
	CHECK_INT(mated->status, GAME_OVER);
	CHECK_STR(mated->result, "1-0");
	CHECK(has_reply(&out, REPLY_OVER, WHITE) && has_reply(&out, REPLY_OVER, BLACK));
	game_free(mated);

	/* an answer that mates the interceptor: one card on the opponent's turn is all they
	 * had, so the game ends at once */
	g = standard_game(FEN_MATE);
	play(g, "w:Kf1|b:" TAKEBACK);
	CHECK_INT(mail(g, WHITE, "Ra8\nnumbers 6", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1-0");
	CHECK_STR(g->termination, "checkmate");
	game_free(g);
	outcome_free(&out);
}

/* What every game has, in a game of cards: move numbers, the stale-reply guard, draw
 * offers (docs/orders.md, "Orders"; docs/design.md, "How a mail is processed"). */
static void every_game_rules(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };
	struct orders o;
	struct err e;

	/* a move's number, when written, must be right */
	CHECK_INT(mail(g, WHITE, "5. e4", &out), 1);
	CHECK_HAS(first_error(&out), "this is move 1, not 5");
	CHECK_INT(g->board[0].nmoves, 0);
	game_free(g);
	g = standard_game(NULL);
	CHECK_INT(mail(g, WHITE, "1. e4\noffer draw", &out), 0);
	CHECK_INT(g->draw_offer, WHITE);
	/* the opponent's move declines the offer */
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);
	CHECK_INT(g->draw_offer, -1);
	CHECK_HAS(note_of(&out), "White's draw offer lapses with this move.");
	/* a reply to a referee mail sent before the last move: refused unless numbered */
	game_add_sent(g, "old@referee", 1);
	struct sender s = from(g, WHITE);
	snprintf(s.in_reply_to, sizeof s.in_reply_to, "old@referee");
	read_orders("Nf3", &o);
	outcome_free(&out);
	CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	CHECK_INT(out.nerrors, 1);
	CHECK_HAS(first_error(&out), "answers a referee mail sent before the last move");
	game_free(g);

	/* after a resignation, or a mate conceded, nobody is expected to do anything */
	char expect[256];
	g = standard_game(NULL);
	CHECK_INT(mail(g, BLACK, "resign", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(cardturn_expect_text(g, WHITE, expect, sizeof expect), "the game is over");
	game_free(g);
	g = standard_game(FEN_A);
	play(g, "w:card 23\neffect kill d8\nRa8|b:concede");
	CHECK_STR(cardturn_expect_text(g, BLACK, expect, sizeof expect), "the game is over");
	game_free(g);

	/* a card that answers cards only (32) may not intercept a move made without one */
	g = standard_game(NULL);
	play(g, "w:e4|b:e5");
	char before[HASH_HEX], after[HASH_HEX];
	game_hash(g, before);
	CHECK_INT(mail(g, WHITE, "intercept\ncard 32", &out), 1);
	CHECK_HAS(first_error(&out), "only in reply to a card");
	game_hash(g, after);
	CHECK_STR(after, before);
	game_free(g);
	outcome_free(&out);
}

/* Effects as board edits, and the marks they leave (docs/tempete.md, "Card effects"). */
static void effects(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	/* the piece letter in either case; the name is what follows it */
	CHECK_INT(mail(g, WHITE, "card 23 continuing\neffect transform e2 r Dragon\nd4", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1RPPP/RNBQKBNR b");
	CHECK_INT(TP(g)->nmarks, 1);
	CHECK_STR(TP(g)->marks[0].square, "e2");
	CHECK_STR(TP(g)->marks[0].label, "Dragon");
	CHECK_HAS(note_of(&out), "transform e2 r Dragon");
	/* the mark follows its piece */
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);
	CHECK_INT(mail(g, WHITE, "Re3", &out), 0);
	CHECK_STR(TP(g)->marks[0].square, "e3");
	/* capture, swap, return, place, attach, end */
	CHECK_INT(mail(g, BLACK, "card 23 continuing\neffect attach h7 frozen\nNc6", &out), 0);
	/* the opponent hears that the effect continues (the Checkmate Rule depends on it) */
	CHECK_HAS(note_of(&out), "Black plays card 23 (continuing): attach h7 frozen.");
	CHECK_INT(TP(g)->nmarks, 2);
	CHECK_STR(TP(g)->marks[1].label, "frozen");
	CHECK_INT(mail(g, WHITE, "card 12\nsquare a5\neffect capture h7\neffect swap a1 b1\nNf3\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "r1bqkbnr/pppp1pp1/2n5/4p3/3P4/4RN2/PPP2PPP/NRBQKB1R b");
	CHECK_INT(TP(g)->nmarks, 1);            /* "frozen" went with the piece on h7 */
	CHECK_HAS(TP(g)->lost[BLACK], "P");
	CHECK_INT(mail(g, BLACK, "card 57\nchoose 1\nNf6", &out), 1);   /* a pawn lost to a card */
	CHECK_INT(mail(g, BLACK, "Nf6", &out), 1);      /* White holds 4 */
	CHECK_INT(mail(g, BLACK, "Nf6\nnumbers 7", &out), 0);
	CHECK_INT(mail(g, WHITE, "card 1\neffect return P h3\neffect place N a3\nNb3", &out), 1);
	CHECK_HAS(first_error(&out), "no captured white Pawn can return");
	CHECK_INT(mail(g, WHITE, "card 1\neffect return p h3\neffect place N a3\nNb3", &out), 0);
	CHECK_INT(TP(g)->nlost[BLACK], 0);
	CHECK_STR(board(g), "r1bqkb1r/pppp1pp1/2n2n2/4p3/3P4/NN2RN1p/PPP2PPP/1RBQKB1R b");
	game_free(g);
	outcome_free(&out);
}

/* Card 66 takes back the intercepted move; when a card was played instead of the move,
 * what is taken back is that card's play: its effects are undone (the card stays spent)
 * and its player answers with a move, where the take-back used to keep the card's effect
 * and give a free move on top of it. */
static void card66_takes_back_a_card_played_instead(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "card 23\neffect move b1 c3\neffect instead", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b");
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");
	CHECK_HAS(note_of(&out), "The card played with the move is taken back with it.");
	CHECK_INT(mail(g, WHITE, "e4\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	CHECK(!strstr(hand(g, WHITE), "23"));
	game_free(g);
	outcome_free(&out);
}

/* Rule 13 and the Checkmate Rule: a continuing card may help mate. Its before-move effects
 * check Black (the queen takes f7, the knight guards it), the move completes the turn: mate.
 * Card 66 takes the mating move back; the position before that move had Black in check
 * with White to move, which no chess position allows, so the card is taken back with the
 * move (the take-back used to fail: "bad FEN: Black is in check but it is White's turn"). */
static void card66_takes_back_a_mate_helped_by_a_continuing_card(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	CHECK_INT(mail(g, WHITE, "card 23 continuing\neffect move d1 f7\neffect move g1 g5\na3", &out), 0);
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(first_error(&out), "");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");
	CHECK_INT(TP(g)->ct.expect, CT_ANSWER);
	CHECK_INT(mail(g, WHITE, "e4\nnumbers 6", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	game_free(g);
	outcome_free(&out);
}

/* Cards 32, 42, 52 as an interception (seed 000, rule 11) disable the card played with
 * the move, and with it the move: its capture comes back, and its player makes a normal
 * move, the same one allowed. They used to disable nothing. */
static void card32_interception_disables_card_and_capture(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:e4");
	CHECK_INT(mail(g, BLACK, "card 23\neffect capture e4\ne5", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPP1PPP/RNBQKBNR w");
	CHECK_INT(mail(g, WHITE, "intercept\ncard 32\neffect capture e5", &out), 1);
	CHECK_HAS(first_error(&out), "no effects of its own");
	CHECK_INT(mail(g, WHITE, "intercept\ncard 32", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	CHECK_HAS(note_of(&out), "Card 32 disables card 23: its effects and the move made with it "
		  "are undone; Black makes a normal move.");
	CHECK_INT(mail(g, BLACK, "accept\nnumbers 6", &out), 1);
	CHECK_HAS(first_error(&out), "make a normal move");
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);     /* the same move, now normal */
	CHECK_STR(board(g), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w");
	CHECK(!strstr(hand(g, BLACK), "23"));                      /* the card stays spent */
	game_free(g);
	outcome_free(&out);
}

/* An interception that gives check: with the move standing, the turn would end in check
 * and nothing in the answer could help (the intercepted player was left with no legal
 * answer, then lost on time); it is refused. With the move taken back it stands, and the
 * answer is a move out of check. */
static void card66_interception_giving_check(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };
	char before[HASH_HEX], after[HASH_HEX];

	play(g, "w:e4");
	game_hash(g, before);
	CHECK_INT(mail(g, BLACK, "intercept\ncard 66\neffect capture f2\neffect move d8 h4", &out), 1);
	CHECK_HAS(first_error(&out), "leaves White's king in check while their move stands");
	game_hash(g, after);
	CHECK_STR(after, before);
	CHECK_INT(mail(g, BLACK, "intercept\ncard 66\neffect takeback\neffect capture f2\n"
		       "effect move d8 h4", &out), 0);
	CHECK_INT(mail(g, WHITE, "accept\nnumbers 6", &out), 1);
	CHECK_HAS(first_error(&out), "your king would be in check");
	CHECK_INT(mail(g, WHITE, "g3\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "rnb1kbnr/pppppppp/8/8/7q/6P1/PPPPP2P/RNBQKBNR b");
	game_free(g);
	outcome_free(&out);
}

/* Seed 002, "Transformed Pieces": a transformed piece captured and returned later comes
 * back as its original kind (it used to come back transformed); returned on that move or
 * the next (rescued), it keeps its powers and its name. A return names it by the kind it
 * had first, which the record keeps and cards name (as in Knightmare): the kind it stood
 * for is another piece's, and returns none (it used to rescue it, and `return P` on that
 * move brought back a plain pawn where the rules keep its powers). */
static void transformed_piece_returns_as_its_original_kind(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:card 23 continuing\neffect transform e2 N Dragon\nd4|"
		"b:card 23\neffect capture e2\ne5\nnumbers 6|w:Nf3\nnumbers random|b:Nc6");
	CHECK_HAS(TP(g)->lost[WHITE], "P");
	CHECK(!memchr(TP(g)->lost[WHITE], 'N', (size_t)TP(g)->nlost[WHITE]));
	CHECK_INT(mail(g, WHITE, "card 1\neffect return N e2\nh3", &out), 1);
	CHECK_HAS(first_error(&out), "no captured white Knight can return");
	CHECK_INT(mail(g, WHITE, "card 1\neffect return P e2\nh3\nnumbers random", &out), 0);
	CHECK_STR(board(g), "r1bqkbnr/pppp1ppp/2n5/4p3/3P4/5N1P/PPP1PPP1/RNBQKB1R b");
	game_free(g);

	/* rescued on the next move: the Dragon comes back a knight, with its name */
	g = standard_game(NULL);
	play(g, "w:card 23 continuing\neffect transform e2 N Dragon\nd4|"
		"b:card 23\neffect capture e2\ne5\nnumbers 6");
	CHECK_INT(mail(g, WHITE, "card 1\neffect return N e2\nNf3\nnumbers random", &out), 1);
	CHECK_HAS(first_error(&out), "no captured white Knight can return");
	CHECK_INT(mail(g, WHITE, "card 1\neffect return P e2\nNf3\nnumbers random", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1NPPP/RNBQKB1R b");
	bool named = false;
	for (int i = 0; i < TP(g)->nmarks; i++)
		named |= !strcmp(TP(g)->marks[i].square, "e2") && !strcmp(TP(g)->marks[i].label, "Dragon");
	CHECK(named);
	CHECK(!memchr(TP(g)->lost[WHITE], 'P', (size_t)TP(g)->nlost[WHITE]));
	game_free(g);
	outcome_free(&out);
}

/* Fischer's increment is earned once per turn, by the move: the interception of it and
 * the answer to that interception charge their time and earn nothing (seed 000, rule 7:
 * the answer belongs to the intercepted player's turn). */
static void fischer_increment_once_per_turn(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };
	const struct chessclock *cl = &g->clock;

	CHECK_INT(cl->tc.kind, TC_FISCHER);
	CHECK_INT(cl->tc.increment, 2);
	long long w0 = cl->remaining[WHITE], b0 = cl->remaining[BLACK];
	CHECK_INT(mail(g, WHITE, "e4", &out), 0);
	long long w1 = cl->remaining[WHITE];
	CHECK(w1 > w0 + DAY && w1 <= w0 + 2 * DAY);             /* the move earns it */
	CHECK_INT(mail(g, BLACK, "intercept\ncard 66\neffect takeback", &out), 0);
	CHECK(cl->remaining[BLACK] <= b0);                      /* an interception does not */
	CHECK_INT(mail(g, WHITE, "d4\nnumbers 6", &out), 0);
	CHECK(cl->remaining[WHITE] <= w1);                      /* nor does the answer */
	CHECK_INT(cl->moves[WHITE], 1);
	CHECK_INT(cl->moves[BLACK], 0);
	game_free(g);
	outcome_free(&out);
}

int main(void)
{
	tempete_test_setup();
	fischer_increment_once_per_turn();
	card66_takes_back_a_card_played_instead();
	card32_interception_disables_card_and_capture();
	card66_interception_giving_check();
	transformed_piece_returns_as_its_original_kind();
	card66_takes_back_a_mate_helped_by_a_continuing_card();
	refills();
	numbers_random();
	no_numbers_left();
	card_34();
	test_check_lifted_by_card_after_move();
	card_57();
	secret_squares();
	double_moves();
	checkmate_rule();
	every_game_rules();
	effects();
	tempete_test_free();
	return check_done();
}
