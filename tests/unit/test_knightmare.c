/* test_knightmare.c: Knightmare Chess by mail (docs/knightmare.md, "Knightmare Chess by mail"): every
 * construct of the effect language played as a card on a hand-made position, with the
 * exact board after it or the exact refusal (and the state unchanged); continuing effects
 * with the exact moves of a piece before and after them, while suspended and resumed;
 * the decks (budget, unique cards, the player's own cards) and each variant of the
 * challenge; hands, draws and redraws; interceptions and answers. */
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

#include "knightmaretest.h"
#include "render/template.h"
#include "render/view_kind.h"

/* ---- the effect language, construct by construct ---- */

static void moves(void)
{
	/* the rulebook's example: any piece as a bishop, no capture, instead of the move */
	struct game *g = dealt("4k3/8/7p/8/8/8/8/2B1K3 w - - 0 1", CARDS(1, 6, 2), CARDS(3));
	refused(g, WHITE, "card 1 c1 h6", "card 1: this move may not capture (h6 is occupied)");
	refused(g, WHITE, "card 1 c1 c3", "card 1: the piece on c1 cannot go to c3 as B");
	refused(g, WHITE, "card 1 e8 d7", "card 1: the piece on e8 is not your own piece");
	refused(g, WHITE, "card 1 c1", "card 1 takes 2 targets (move own as B nocapture), not 1");
	refused(g, WHITE, "card 1 c1 e3\ne4", "card 1 is played instead of your move");
	CHECK_STR(km_mail(g, WHITE, "card 1 e1 c3"), "");      /* the king, as a bishop */
	CHECK_STR(km_board(g), "4k3/8/7p/8/8/2K5/8/2B5 b");
	game_free(g);
	/* a replacement move that captures: the piece is lost, and may return */
	g = dealt("4k3/8/8/1p6/8/8/8/1N2K3 w - - 0 1", CARDS(6, 13), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 6 b1 b5"), "");
	CHECK_STR(km_board(g), "4k3/8/8/1N6/8/8/8/4K3 b");
	CHECK_STR(KM(g)->lost[BLACK], "P");
	game_free(g);
	/* an extra move before the regular one, and one after it */
	g = dealt("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", CARDS(3, 4), CARDS(3));
	refused(g, WHITE, "card 3 e1 f1", "card 3 goes with a move: add your move");
	refused(g, WHITE, "card 3 e1 f2\nd4", "card 3: the piece on e1 cannot go to f2 as W");
	refused(g, WHITE, "Kf1\ncard 4 d2 d5", "card 4: the piece on d2 cannot go to d5 as fmD");
	CHECK_STR(km_mail(g, WHITE, "card 3 e1 f1\nd4"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/3P4/8/8/5K2 b");
	game_free(g);
	g = dealt("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", CARDS(4), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "Kf1\ncard 4 d2 d4"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/3P4/8/8/5K2 b");
	game_free(g);
}

static void captures(void)
{
	/* capture with a target next to one's own knight, before the move */
	struct game *g = dealt("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", CARDS(7, 8, 9, 10), CARDS(3));
	refused(g, WHITE, "card 7 d5\nKf1", "card 7: the piece on d5 is not next to one of your pieces it names");
	refused(g, WHITE, "card 7 c3\nKf1", "card 7: the piece on c3 is not an enemy piece");
	refused(g, WHITE, "card 7 e8\nKf1", "card 7: the piece on e8 is not one of P");
	game_free(g);
	g = dealt("4k3/8/8/3p4/2N5/8/8/4K3 w - - 0 1", CARDS(7), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 7 d5\nKf1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/2N5/8/8/5K2 b");
	CHECK_STR(KM(g)->lost[BLACK], "P");
	game_free(g);
	/* a rank condition, counted from the card player's side */
	g = dealt("4k3/8/8/8/3n4/8/8/4K3 b - - 0 1", CARDS(3), CARDS(8));
	refused(g, BLACK, "card 8 e1", "card 8: the piece on e1 is not one of NB");
	game_free(g);
	g = dealt("4k3/8/8/8/3n4/8/8/B3K3 w - - 0 1", CARDS(8), CARDS(3));
	refused(g, WHITE, "card 8 d4", "card 8: d4 is not on your rank 5-8");
	game_free(g);
	/* kill: dead, so it never returns */
	g = dealt("4k3/8/8/8/8/2pP4/8/4K3 w - - 0 1", CARDS(9), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 9 c3"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/3P4/8/4K3 b");
	CHECK_STR(KM(g)->dead[BLACK], "P");
	CHECK_STR(KM(g)->lost[BLACK], "");
	game_free(g);
}

static void arrivals(void)
{
	/* return a lost piece, place a new one, replace one with a lost piece */
	struct game *g = dealt("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", CARDS(13, 15, 16, 12), CARDS(3));
	refused(g, WHITE, "card 13 b1", "card 13: you have no lost N to return");
	strcpy(KM(g)->lost[WHITE], "NR");
	refused(g, WHITE, "card 13 b3", "card 13: b3 is not on a rank this card allows");
	refused(g, WHITE, "card 13 e1", "card 13: e1 is occupied");
	CHECK_STR(km_mail(g, WHITE, "card 13 b1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/4P3/1N2K3 b");
	CHECK_STR(KM(g)->lost[WHITE], "R");
	CHECK_STR(km_mail(g, BLACK, "Kd8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 16 e2"), "");
	CHECK_STR(km_board(g), "3k4/8/8/8/8/8/4R3/1N2K3 b");
	CHECK_STR(KM(g)->lost[WHITE], "P");
	CHECK_STR(km_mail(g, BLACK, "Kc8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 15 a2"), "");
	CHECK_STR(km_board(g), "2k5/8/8/8/8/8/P3R3/1N2K3 b");
	game_free(g);
}

static void swaps(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", CARDS(18, 19), CARDS(3));
	refused(g, WHITE, "card 18 e1 e1", "card 18: a swap names two squares (e1 twice)");
	refused(g, WHITE, "card 18 a1 e1", "card 18: the piece on a1 is not one of K");
	CHECK_STR(km_mail(g, WHITE, "card 18 e1 a1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/K3R3 b");
	game_free(g);
}

/* A transformed piece moves by the card's powers; cancelled, it is its own kind again. */
static void transform(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", CARDS(20), CARDS(31));
	CHECK_STR(moves_of(g, "b1"), "b1a3 b1c3 b1d2");
	refused(g, WHITE, "card 20 e1", "card 20: the piece on e1 is not one of N");
	CHECK_STR(km_mail(g, WHITE, "card 20 b1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/1U2K3 b");
	CHECK_STR(moves_of(g, "b1"), "b1a2 b1a3 b1c2 b1c3 b1d2");
	/* it follows its piece */
	CHECK_STR(km_mail(g, BLACK, "Kd8"), "");
	CHECK_STR(km_mail(g, WHITE, "b1c2"), "");
	CHECK_STR(KM(g)->effects[0].square, "c2");
	/* Dispel, on White's turn after White's move, ends it */
	CHECK_STR(km_mail(g, BLACK, "Ke8"), "");
	CHECK_STR(km_mail(g, WHITE, "Kf1"), "");
	refused(g, BLACK, "intercept\ncard 31", "card 31: name the continuing card it cancels (card 31 25)");
	refused(g, BLACK, "intercept\ncard 31 7", "card 7 is not in play as a continuing effect");
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 31 20"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/2N5/5K2 b");
	CHECK_INT(KM(g)->neffects, 0);
	/* the answer lets the interception stand for good: asked about in a sentence */
	CHECK_STR(km_mail(g, WHITE, "Okay, I accept the interception."), "did you mean 'accept'? "
		  "An order that cannot be taken back must stand alone on its line: write a line "
		  "with only: accept");
	CHECK_INT(KM(g)->ct.expect, CT_ANSWER);
	CHECK_STR(km_mail(g, WHITE, "accept"), "");
	CHECK_INT(KM(g)->ct.expect, CT_MOVE);
	game_free(g);
}

/* A transformed piece captured and returned on that turn or the next keeps its powers
 * (seed 002); returned later, it is its own kind again. */
static void rescue(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/2b5/1N2K3 w - - 0 1", CARDS(20, 13, 3), CARDS(3));
	struct knightmare *km = KM(g);

	CHECK_STR(km_mail(g, WHITE, "card 20 b1"), "");
	CHECK_STR(km_mail(g, BLACK, "Bxb1"), "");
	CHECK_STR(km->lost[WHITE], "N");
	CHECK_INT(km->neffects, 0);
	CHECK_STR(km_mail(g, WHITE, "card 13 g1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/1b2K1U1 b");
	CHECK_STR(moves_of(g, "g1"), "g1e2 g1f2 g1f3 g1h2 g1h3");     /* N and F */
	CHECK_STR(km->effects[0].name, "Griffin");
	CHECK_STR(km->lost[WHITE], "");
	game_free(g);
	/* too late: a turn in between */
	g = dealt("4k3/8/8/8/8/8/2b5/1N2K3 w - - 0 1", CARDS(20, 13, 3), CARDS(3));
	km = KM(g);
	CHECK_STR(km_mail(g, WHITE, "card 20 b1"), "");
	CHECK_STR(km_mail(g, BLACK, "Bxb1"), "");
	CHECK_STR(km_mail(g, WHITE, "Kd2"), "");
	CHECK_STR(km_mail(g, BLACK, "Kd8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 13 g1"), "");
	CHECK_STR(km_board(g), "3k4/8/8/8/8/8/3K4/1b4N1 b");
	CHECK_INT(km->neffects, 0);
	game_free(g);
}

/* A frozen piece generates no moves: it neither moves nor captures nor gives check. */
static void freeze(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", CARDS(23), CARDS(3));
	CHECK_STR(moves_of(g, "e1"), "e1d2 e1f1");             /* in check from d2 */
	refused(g, WHITE, "card 23 e8", "card 23: a king keeps its kind (e8)");
	CHECK_STR(km_mail(g, WHITE, "card 23 d2"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/3z4/4K3 b");
	CHECK_STR(moves_of(g, "d2"), "");
	CHECK_STR(moves_of(g, "e1"), "e1d1 e1d2 e1e2 e1f1 e1f2");
	game_free(g);
}

/* A kind gains a leg: every knight also moves as a wazir. */
static void gain(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", CARDS(25, 27), CARDS(3));
	CHECK_STR(moves_of(g, "b1"), "b1a3 b1c3 b1d2");
	CHECK_STR(km_mail(g, WHITE, "card 25"), "");
	CHECK_STR(moves_of(g, "b1"), "b1a1 b1a3 b1b2 b1c1 b1c3 b1d2");
	CHECK_STR(km_mail(g, BLACK, "Kd8"), "");
	/* a later change of the same kind: the last played over the earlier */
	CHECK_STR(km_mail(g, WHITE, "card 27"), "");
	CHECK_STR(moves_of(g, "b1"), "b1a3 b1c3 b1d2");
	game_free(g);
}

/* No rook may be captured: the captures of a rook leave the move lists, and come back
 * when the card is cancelled. */
static void immune(void)
{
	struct game *g = dealt("4k3/8/8/r7/8/8/8/R3K3 w - - 0 1", CARDS(35, 3), CARDS(31, 3));

	CHECK_STR(moves_of(g, "a1"), "a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1");
	CHECK_STR(moves_of(g, "a5"), "a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5");
	CHECK_STR(km_mail(g, WHITE, "card 35"), "");
	CHECK_STR(moves_of(g, "a1"), "a1a2 a1a3 a1a4 a1b1 a1c1 a1d1");
	CHECK_STR(moves_of(g, "a5"), "a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5");
	refused(g, BLACK, "Rxa1+", "'Rxa1+': no rook of yours can move to a1");
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 31 35"), "");
	CHECK_STR(km_mail(g, WHITE, "accept"), "");
	CHECK_STR(moves_of(g, "a5"), "a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5");
	game_free(g);
}

/* A shield on one piece: its captures leave the move lists, other pieces' stay; the piece
 * keeps its own kind and powers (a pawn its pawn rules), and the shield follows it. */
static void shield(void)
{
	struct game *g = dealt("3r3k/8/8/4n3/3P4/1n6/8/R3K3 w - - 0 1", CARDS(36, 3), CARDS(31, 3));

	CHECK_STR(moves_of(g, "d8"), "d8a8 d8b8 d8c8 d8d4 d8d5 d8d6 d8d7 d8e8 d8f8 d8g8");
	CHECK_STR(moves_of(g, "e5"), "e5c4 e5c6 e5d3 e5d7 e5f3 e5f7 e5g4 e5g6");
	CHECK_STR(moves_of(g, "b3"), "b3a1 b3a5 b3c1 b3c5 b3d2 b3d4");
	refused(g, WHITE, "card 36 e1", "card 36: a king is never captured (e1)");
	refused(g, WHITE, "card 36 d8", "card 36: the piece on d8 is not your own piece");
	CHECK_STR(km_mail(g, WHITE, "card 36 d4"), "");
	CHECK_STR(km_board(g), "3r3k/8/8/4n3/3P(255)4/1n6/8/R3K3 b");
	CHECK_STR(moves_of(g, "d8"), "d8a8 d8b8 d8c8 d8d5 d8d6 d8d7 d8e8 d8f8 d8g8");
	CHECK_STR(moves_of(g, "b3"), "b3a1 b3a5 b3c1 b3c5 b3d2");      /* the rook: still */
	CHECK_STR(moves_of(g, "d4"), "d4d5 d4e5");                     /* a pawn still */
	refused(g, BLACK, "Rxd4", "'Rxd4': no rook of yours can move to d4");
	CHECK_STR(km_mail(g, BLACK, "Kg8"), "");
	/* it moves, shield and all */
	CHECK_STR(km_mail(g, WHITE, "d5"), "");
	CHECK_STR(KM(g)->effects[0].square, "d5");
	CHECK_STR(km_board(g), "3r2k1/8/8/3P(255)n3/8/1n6/8/R3K3 b");
	CHECK_STR(moves_of(g, "d8"), "d8a8 d8b8 d8c8 d8d6 d8d7 d8e8 d8f8");
	CHECK_STR(moves_of(g, "b3"), "b3a1 b3a5 b3c1 b3c5 b3d2 b3d4");
	/* Dispel ends it: the pawn may be taken again */
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 31 36"), "");
	CHECK_STR(km_mail(g, WHITE, "accept"), "");
	CHECK_INT(KM(g)->neffects, 0);
	CHECK_STR(km_board(g), "3r2k1/8/8/3Pn3/8/1n6/8/R3K3 b");
	CHECK_STR(moves_of(g, "d8"), "d8a8 d8b8 d8c8 d8d5 d8d6 d8d7 d8e8 d8f8");
	game_free(g);
	/* moved by a card, or swapped, the piece keeps its shield and the other gets none */
	g = dealt("2r4k/8/8/8/3P4/5N2/8/R3K3 w - - 0 1", CARDS(36, 3, 17), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 36 d4"), "");
	CHECK_STR(km_mail(g, BLACK, "Kg8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 3 d4 c4\nRa2"), "");
	CHECK_STR(km_board(g), "2r3k1/8/8/8/2P(255)5/5N2/R7/4K3 b");
	CHECK_STR(KM(g)->effects[0].square, "c4");
	CHECK_STR(moves_of(g, "c8"), "c8a8 c8b8 c8c5 c8c6 c8c7 c8d8 c8e8 c8f8");
	CHECK_STR(km_mail(g, BLACK, "Kh8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 17 c4 f3\nRa1"), "");
	CHECK_STR(km_board(g), "2r4k/8/8/8/2N5/5P(255)2/8/R3K3 b");
	CHECK_STR(KM(g)->effects[0].square, "f3");
	CHECK_STR(moves_of(g, "c8"), "c8a8 c8b8 c8c4 c8c5 c8c6 c8c7 c8d8 c8e8 c8f8 c8g8");
	game_free(g);
	/* nor does a card's move capture it */
	g = dealt("3nk3/8/8/8/3P4/8/8/4K3 w - - 0 1", CARDS(36), CARDS(6));
	CHECK_STR(km_mail(g, WHITE, "card 36 d4"), "");
	refused(g, BLACK, "card 6 d8 d4", "card 6: the piece on d4 may not be captured (a shield)");
	game_free(g);
}

/* "while own Q": suspended while its player has no queen, in force again once one returns. */
static void suspension(void)
{
	struct game *g = dealt("3rk3/8/8/8/8/8/8/R2QK3 w - - 0 1", CARDS(26, 14), CARDS(3));
	struct knightmare *km = KM(g);
	const char *rook = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1";

	CHECK_STR(moves_of(g, "a1"), rook);
	CHECK_STR(km_mail(g, WHITE, "card 26"), "");
	CHECK_STR(moves_of(g, "a1"), "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b2 a1c1");
	CHECK_STR(km_mail(g, BLACK, "Rxd1+"), "");
	CHECK_STR(km_mail(g, WHITE, "Kxd1"), "");
	CHECK(km->effects[0].suspended);
	CHECK_STR(km->lost[WHITE], "Q");
	CHECK_STR(moves_of(g, "a1"), "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1");
	CHECK_STR(km_mail(g, BLACK, "Kf8"), "");
	CHECK_STR(km_mail(g, WHITE, "card 14 h1"), "");
	CHECK(!km->effects[0].suspended);
	CHECK_STR(moves_of(g, "a1"), "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b2 a1c1");
	game_free(g);
}

/* An answer's card cancels the interception: the board and the effects before it return. */
static void interception(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", CARDS(30, 25), CARDS(32, 33, 1));
	CHECK_STR(km_mail(g, WHITE, "Kf1"), "");
	refused(g, BLACK, "intercept\ncard 1 e8 d7", "card 1 is played on your own turn, instead of your move");
	refused(g, BLACK, "intercept\ncard 33 e8 d7\nKd7", "an interception carries no move: you move after the answer");
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 33 e8 d8"), "");
	CHECK_STR(km_board(g), "3k4/8/8/8/8/8/3P4/5K2 b");
	refused(g, BLACK, "Kc8", "it is not your turn: White must answer your interception first");
	refused(g, WHITE, "Ke1", "answer the interception first: accept, or a card in answer to it");
	refused(g, WHITE, "card 25", "card 25 is played on your own turn, instead of your move");
	CHECK_STR(km_mail(g, WHITE, "card 30"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/3P4/5K2 b");
	CHECK_INT(KM(g)->nhand[BLACK], 3);      /* 33 spent; a card drawn */
	CHECK(KM(g)->plays[KM(g)->nplays - 2].void_);
	refused(g, BLACK, "intercept\ncard 32 d2", "you can intercept only the move just made, before you reply to it");
	CHECK_STR(km_mail(g, BLACK, "Kd7"), "");
	game_free(g);
}

/* The Checkmate Rule: a regular card that would mate, or check before its player's move,
 * has no effect, yet is played (spent, a card drawn); a move after a card may mate. */
static void checkmate_rule(void)
{
	struct game *g = dealt("7k/6pp/8/4R3/8/8/8/K7 w - - 0 1", CARDS(1, 3), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 1 e5 b8"), "");
	CHECK_STR(km_board(g), "7k/6pp/8/4R3/8/8/8/K7 b");        /* no effect; the turn is spent */
	CHECK_INT(KM(g)->plays[KM(g)->nplays - 1].card, 1);     /* played, and spent: */
	CHECK_INT(KM(g)->nhand[WHITE], 2);                      /* a card drawn for it */
	CHECK_STR(KM(g)->plays[KM(g)->nplays - 1].detail,
		  "no effect, by the Checkmate Rule (no regular card may mate)");
	game_free(g);
	g = dealt("7k/4R1p1/8/8/8/8/8/K7 w - - 0 1", CARDS(3), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 3 e7 e8\nKa2"), "");
	CHECK_STR(km_board(g), "7k/4R1p1/8/8/8/8/K7/8 b");         /* the rook stays; the move stands */
	CHECK_INT(KM(g)->plays[KM(g)->nplays - 1].card, 3);
	CHECK_STR(KM(g)->plays[KM(g)->nplays - 1].detail, "no effect, by the Checkmate Rule (a card "
		  "played before the move may not check the enemy king)");
	game_free(g);
	g = dealt("7k/6pp/8/4R3/8/8/8/K7 w - - 0 1", CARDS(3), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "Re8"), "");
	CHECK_INT(g->status, GAME_PLAYING);     /* rule 13: Black holds a card (the wait says
						 * nothing of which) */
	CHECK_INT(KM(g)->ct.expect, CT_MATED);
	/* to Black alone, what their hand allows: Side Step cannot intercept */
	refused(g, BLACK, "Kg8", "you are mated: concede (no card of yours can intercept the "
		"mating move)");
	CHECK_STR(km_mail(g, BLACK, "concede"), "");
	CHECK_INT(g->status, GAME_OVER);
	game_free(g);
}

/* A card the catalogue gives no effect: the board edits its player writes, as in Tempete. */
static void board_edits(void)
{
	char saved[CARD_EFFECT_MAX];

	snprintf(saved, sizeof saved, "%s", kcat.card[12].effect);
	kcat.card[12].effect[0] = 0;    /* as a user's catalogue may leave a card; timing instead */
	struct game *g = dealt("4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", CARDS(12, 1), CARDS(3));
	refused(g, WHITE, "card 12", "card 12 has no effect in the catalogue: write what it does as board "
		"edits (effect capture d5, effect move e2 e4, ...)");
	refused(g, WHITE, "card 12 d5", "card 12 has no effect in the catalogue: its targets go on effect lines");
	refused(g, WHITE, "card 12\neffect fly d5", "'effect fly d5': write move A B, capture S, kill S, "
		"return L S, place L S, swap A B or instead (the card's effect is not in the catalogue)");
	refused(g, WHITE, "card 1 a1 b2\neffect capture d5", "card 1 does what the catalogue says: write its "
		"targets after its number (card 1 e4 d5)");
	refused(g, WHITE, "effect capture d5\nKf1", "an effect goes with its card (card N)");
	CHECK_STR(km_mail(g, WHITE, "card 12\neffect capture d5\neffect move a1 a7\neffect place N b1"), "");
	CHECK_STR(km_board(g), "4k3/R7/8/8/8/8/8/1N2K3 b");
	CHECK_STR(KM(g)->lost[BLACK], "P");
	game_free(g);
	snprintf(kcat.card[12].effect, sizeof kcat.card[12].effect, "%s", saved);
}

/* ---- decks and variants ---- */

static int in(const int *a, int n, int k)
{
	for (int i = 0; i < n; i++)
		if (a[i] == k)
			return 1;
	return 0;
}

static void decks(void)
{
	struct game *g = km_game(NULL, NULL);
	struct knightmare *km = KM(g);
	char deck[256] = "deck", other[16];
	int outside = 0;

	CHECK_INT(km->nhalf[WHITE], 17);     /* 35 cards: the odd one is set aside */
	CHECK_INT(km->nhalf[BLACK], 17);
	CHECK_INT(km->naside, 1);
	for (int i = 0; i < km->nhalf[WHITE]; i++)
		CHECK(!in(km->half[BLACK], km->nhalf[BLACK], km->half[WHITE][i]));
	for (int k = 1; k <= 35 && !outside; k++)
		if (!in(km->half[WHITE], km->nhalf[WHITE], k))
			outside = k;
	snprintf(other, sizeof other, "deck %d", outside);
	char want[128];
	snprintf(want, sizeof want, "card %d is not among your cards", outside);
	refused(g, WHITE, other, want);
	refused(g, WHITE, "deck 99", "there is no card 99");
	refused(g, WHITE, "e4", "the cards are not dealt yet: send your deck (deck 3 7 12 ...) and nothing "
		"else of play");
	for (int i = 0; i < km->nhalf[WHITE]; i++)
		snprintf(deck + strlen(deck), sizeof deck - strlen(deck), " %d", km->half[WHITE][i]);
	int points = knightmare_points(&kcat, km->half[WHITE], km->nhalf[WHITE]);
	if (points > 150) {
		snprintf(want, sizeof want, "the deck is worth %d points; your budget is 150", points);
		refused(g, WHITE, deck, want);
	}
	snprintf(deck, sizeof deck, "deck %d %d", km->half[WHITE][0], km->half[WHITE][0]);
	snprintf(want, sizeof want, "you have card %d only 1 time(s)", km->half[WHITE][0]);
	refused(g, WHITE, deck, want);
	snprintf(deck, sizeof deck, "deck %d %d %d", km->half[WHITE][0], km->half[WHITE][1],
		 km->half[WHITE][2]);
	CHECK_STR(km_mail(g, WHITE, deck), "");
	refused(g, WHITE, deck, "your deck is recorded already");
	CHECK_INT(km->ct.expect, CT_SETUP);
	snprintf(deck, sizeof deck, "deck %d", km->half[BLACK][3]);
	CHECK_STR(km_mail(g, BLACK, deck), "");
	/* a deck of three: all dealt, nothing left to draw */
	CHECK_INT(km->ct.expect, CT_MOVE);
	CHECK_INT(km->nhand[WHITE], 3);
	CHECK_INT(km->nhand[BLACK], 1);
	refused(g, WHITE, "e4\nredraw 99", "card 99 is not in your hand");
	snprintf(deck, sizeof deck, "e4\nredraw %d", km->hand[WHITE][0]);
	refused(g, WHITE, deck, "your deck is empty: nothing to draw in its place");
	refused(g, BLACK, "deck 1", "your deck was recorded before play began");
	game_free(g);
}

/* Handicapping: a budget per player; multiple sets: copies, unique cards still once. */
static void variants(void)
{
	struct game *g = km_game("budget 20 40", NULL);
	struct knightmare *km = KM(g);
	char deck[64], want[96];
	int big = 0;

	CHECK_INT(km->budget[WHITE], 20);
	CHECK_INT(km->budget[BLACK], 40);
	for (int i = 0; i < km->nhalf[WHITE] && !big; i++)
		if (kcat.card[km->half[WHITE][i]].points > 20)
			big = km->half[WHITE][i];
	if (big) {
		snprintf(deck, sizeof deck, "deck %d", big);
		snprintf(want, sizeof want, "the deck is worth %d points; your budget is 20", kcat.card[big].points);
		refused(g, WHITE, deck, want);
	}
	game_free(g);

	g = km_game("sets personal", NULL);
	km = KM(g);
	CHECK_INT(km->nhalf[WHITE], 35);
	CHECK_INT(km->nhalf[BLACK], 35);
	refused(g, WHITE, "deck 20 20", "you have card 20 only 1 time(s)");
	game_free(g);

	/* two sets divided: a common card may come twice, a unique one never */
	g = km_game("sets 2", NULL);
	km = KM(g);
	CHECK_INT(km->nhalf[WHITE] + km->nhalf[BLACK], 70);
	int twice = 0, unique_twice = 0;
	for (int k = 1; k <= 35; k++) {
		int n = 0;
		for (int i = 0; i < km->nhalf[WHITE]; i++)
			n += km->half[WHITE][i] == k;
		if (n == 2 && !kcat.card[k].unique && !twice)
			twice = k;
		if (n == 2 && kcat.card[k].unique && !unique_twice)
			unique_twice = k;
	}
	if (unique_twice) {
		snprintf(deck, sizeof deck, "deck %d %d", unique_twice, unique_twice);
		snprintf(want, sizeof want, "card %d is unique: once in a deck", unique_twice);
		refused(g, WHITE, deck, want);
	}
	if (CHECK(twice)) {
		snprintf(deck, sizeof deck, "deck %d %d", twice, twice);
		CHECK_STR(km_mail(g, WHITE, deck), "");
	}
	game_free(g);

	/* extra discards: set aside unseen, never in a half (20 left: 10 each) */
	g = km_game("extra 15", NULL);
	km = KM(g);
	CHECK_INT(km->naside, 15);
	CHECK_INT(km->nhalf[WHITE], 10);
	CHECK_INT(km->nhalf[BLACK], 10);
	for (int i = 0; i < km->naside; i++)
		CHECK(!in(km->half[WHITE], km->nhalf[WHITE], km->aside[i]) &&
		      !in(km->half[BLACK], km->nhalf[BLACK], km->aside[i]));
	game_free(g);
}

/* A common deck: dealt at the start from one deck, discards on either turn, and the
 * discards reshuffled into a new committed order when it runs out. */
static void common_deck(void)
{
	struct game *g = km_game("sets common", NULL);
	struct knightmare *km = KM(g);
	char text[64], before[65], after[65];

	CHECK_INT(km->ct.expect, CT_MOVE);
	CHECK_INT(km->nhand[WHITE], 5);
	CHECK_INT(km->nhand[BLACK], 5);
	CHECK_INT(km->ndeck[0], 35);
	CHECK_INT(km->drawn[0], 10);
	for (int i = 0; i < 5; i++)     /* dealt in turn, White first */
		CHECK(km->hand[WHITE][i] == km->deck[0][2 * i] && km->hand[BLACK][i] == km->deck[0][2 * i + 1]);
	refused(g, WHITE, "deck 1", "with a common deck there is no deck of yours to send");
	/* two redraws: one for Black's turn before (none yet: allowed) and one for White's own */
	snprintf(text, sizeof text, "e4\nredraw %d\nredraw %d", km->hand[WHITE][0], km->hand[WHITE][1]);
	CHECK_STR(km_mail(g, WHITE, text), "");
	CHECK_INT(km->npile, 2);
	CHECK_INT(km->drawn[0], 12);
	/* Black intercepts and then may redraw only for its own turn */
	km->hand[BLACK][0] = 33;
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 33 a7 a6"), "");
	CHECK_STR(km_mail(g, WHITE, "accept"), "");
	snprintf(text, sizeof text, "e5\nredraw %d\nredraw %d", km->hand[BLACK][1], km->hand[BLACK][2]);
	refused(g, BLACK, text, "you may redraw once for a turn of yours and once for a turn of your "
		"opponent's, each without a card of yours");
	/* the deck runs out: the discards (33 and the three redrawn) become the next order */
	km->drawn[0] = km->ndeck[0];
	knightmare_commitment(km, g->id, 0, before);
	snprintf(text, sizeof text, "d5\nredraw %d", km->hand[BLACK][1]);
	CHECK_STR(km_mail(g, BLACK, text), "");
	CHECK_INT(km->nold, 1);
	CHECK_INT(km->ndeck[0], 4);
	CHECK_INT(km->drawn[0], 1);
	CHECK_INT(km->npile, 0);
	knightmare_commitment(km, g->id, 0, after);
	CHECK_STR(after, before);       /* the first order is kept, for the reveal */
	knightmare_commitment(km, g->id, 1, after);
	CHECK(strcmp(after, before) != 0);
	struct buf b = { 0 };
	knightmare_commit_text(km, g->id, 1, &b);
	snprintf(text, sizeof text, "tempest-deck-1 game %d common 2\n", g->id);
	CHECK(!strncmp(b.s, text, strlen(text)));
	buf_free(&b);
	game_free(g);
}

/* A challenge's options are checked when it is made. */
static void challenges(void)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	static const struct { const char *options, *why; } t[] = {
		{ "budget 0", "budgets (points) are 1 to 10000, not 0" },
		{ "budget 100 200 300", "write: budget 150, or budget 100 200 (White's, then Black's)" },
		{ "budget 150x", "'150x' is not a whole number (budgets (points))" },
		{ "budget 100 lots", "'lots' is not a whole number (budgets (points))" },
		{ "sets 9", "write: sets personal, sets common, or sets N (1 to 4 sets divided)" },
		{ "extra 25", "extra discards are 0 to 20, not 25" },
		{ "extra -1", "extra discards are 0 to 20, not -1" },
		{ "extra 5x", "'5x' is not a whole number (extra discards)" },
		{ "sets personal\nextra 15", "extra discards come before dividing one set; with personal sets "
		  "nothing is divided" },
	};

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char text[256];
		game_free(g);
		g = game_new();
		g->cat = &kcat;
		g->k = kind_find("knightmare");
		snprintf(text, sizeof text, "new knightmare-cards\nopponent bob@example.org\n%s", t[i].options);
		km_read(text, &o);
		struct sender s = km_from(g, WHITE);
		s.tag_token[0] = 0;
		CHECK(game_challenge(g, ++kid, kv, kkey, sizeof kkey, &s, &o, &out, &e) == 0);
		check_context("%s", t[i].options);
		CHECK_STR(out.nerrors ? out.errors[0].reason : "", t[i].why);
		int last = 3;                   /* the refusal names its line: the last term's here */
		for (const char *nl = t[i].options; (nl = strchr(nl, '\n')); nl++)
			last++;
		CHECK_INT(out.nerrors ? out.errors[0].lineno : 0, last);
		check_context(NULL);
		orders_free(&o);
		outcome_free(&out);
	}
	game_free(g);
	/* "extra 0" is a term (none set aside), not "not a number" */
	g = km_game("extra 0", NULL);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(KM(g)->extra, 0);
	game_free(g);
}

/* The invitation states every term the invited player accepts: sets, budgets (a handicap
 * when they differ), the cards set aside (it used to state none of them). */
static void invitation_terms(void)
{
	static const struct { const char *options, *terms; } t[] = {
		{ NULL, "Cards:     one set, divided at random|Decks:     150 points each|Set aside: none|" },
		{ "budget 100 200\nsets 2\nextra 15", "Cards:     two sets, divided at random|Decks:     "
		  "100 points for White, 200 for Black (a handicap)|Set aside: 15 cards, unseen, "
		  "before dividing|" },
		{ "sets personal", "Cards:     personal sets: each builds from a whole set|Decks:     "
		  "150 points each|" },
		{ "sets common\nextra 16", "Cards:     one common deck for both|Set aside: 16 cards, "
		  "unseen, before shuffling|" },
	};

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct game *g = km_game(t[i].options, NULL);
		struct reply r = { .kind = REPLY_INVITATION, .to = BLACK };
		struct tctx *c = tctx_new();
		char *got = NULL;
		struct err e;
		check_context("%s", t[i].options ? t[i].options : "(no terms)");
		view_kind_part(kind_of(g))->view(g, &r, BLACK, c);
		CHECK(template_render("{{#each kind_terms}}{{label}} {{what}}|{{/each}}", c, &got, &e) == 0);
		CHECK_STR(got ? got : "", t[i].terms);
		free(got);
		check_context(NULL);
		tctx_free(c);
		game_free(g);
	}
}

/* The commitment is the shared one (rules/deck.h) over the deck's order and salt. */
static void commitment(void)
{
	struct game *g = dealt(NULL, CARDS(1), CARDS(2));
	struct buf b = { 0 };
	char hex[65], want[65];
	uint8_t h[CRYPTO_HASH_LEN];

	knightmare_commit_text(KM(g), g->id, WHITE, &b);
	CHECK(!strncmp(b.s, "tempest-deck-1 game ", 20));
	crypto_sha256(b.s, b.n, h);
	crypto_hex(h, sizeof h, want);
	knightmare_commitment(KM(g), g->id, WHITE, hex);
	CHECK_STR(hex, want);
	buf_free(&b);
	game_free(g);
}

int main(void)
{
	struct err e;

	kv = test_variant("knightmare-cards");
	if (cards_load("rules", "knightmare", NULL, NULL, &kcat, &e) < 0) {
		fprintf(stderr, "cannot load the cards: %s\n", e.msg);
		return 2;
	}
	kinds_register();
	moves();
	captures();
	arrivals();
	swaps();
	transform();
	rescue();
	freeze();
	gain();
	suspension();
	immune();
	shield();
	interception();
	checkmate_rule();
	board_edits();
	decks();
	variants();
	common_deck();
	challenges();
	invitation_terms();
	commitment();
	variant_free(kv);
	return check_done();
}
