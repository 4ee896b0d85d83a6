/* test_tempete.c: the rules of Tempete by mail (docs/tempete.md, "Tempete sur l'Echiquier by mail";
 * seed 000, and seed 002's Checkmate Rule) up to the deal, and what they refuse. The card
 * list a challenge proposes; the hands the players' lists and opening numbers deal; then,
 * table-driven, every refusal the rules imply, from the lists to the end of the game, with
 * the words it must contain and a state hash that does not move. The plays that must be
 * accepted once the cards are dealt are in test_tempete_play.c; the harness and the
 * standard game most rows start from are in tempetetest.h. Pure game logic: no files, no
 * mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game/game.h"
#include "kinds/tempete/tempete.h"
#include "kinds/registry.h"
#include "tempetetest.h"

/* ---- refusals ---- */

enum start { DEALT, ACCEPTED, WHITE_SET };

struct refusal {
	const char *what;
	enum start start;
	const char *fen, *cards;        /* a start position, a card list (else the defaults) */
	const char *steps;              /* what happens first (all accepted) */
	char who;                       /* 'w' or 'b' sends the refused mail */
	const char *text;
	const char *want;               /* the words the refusal must contain */
};

static const struct refusal refusals[] = {
	/* cards and hands */
	{ "a card not in hand", DEALT, NULL, NULL, "", 'w', "card 66\ne4", "card 66 is not in your hand" },
	{ "a card the opponent holds", DEALT, NULL, NULL, "w:e4", 'b', "card 18\ne5", "card 18 is not in your hand" },
	{ "a card played before", DEALT, NULL, NULL, "w:card 23\ne4|b:e5\nnumbers 6", 'w', "card 23\nNf3",
	  "card 23 is not in your hand" },
	/* numbers (rule 8) */
	{ "number 0", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 0", "0 is not a number from 1 to 68" },
	{ "number N+1", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 69", "69 is not a number from 1 to 68" },
	/* "numbers six" is prose, not a faulty order (a number starts with a digit): the mail
	 * then lacks its number */
	{ "a number that is not one", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers six",
	  "send 1 number for White with this mail" },
	{ "a number list with a word", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 9 six",
	  "'six' is not a number" },
	{ "a number sent at the opening", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 3",
	  "you have sent 3 before in this game" },
	{ "a number sent on an earlier turn", DEALT, NULL, NULL,
	  "w:card 23\ne4|b:e5\nnumbers 6|w:card 12\nsquare c4\nNf3", 'b', "Nc6\nnumbers 6",
	  "you have sent 6 before in this game" },
	{ "a number written twice (a move)", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 6 6",
	  "6 is written twice" },
	{ "a number written twice (the opening)", WHITE_SET, NULL, NULL, "", 'b',
	  "list random\nnumbers 6 7 7 8 9", "7 is written twice" },
	{ "too few numbers at a move", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5",
	  "send 1 number for White with this mail" },
	{ "too many numbers at a move", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 6 7",
	  "send exactly 1 number now, not 2" },
	{ "too few numbers at an answer", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w', "d4",
	  "send 1 number for Black with this mail" },
	{ "too many numbers at an answer", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w', "d4\nnumbers 6 7",
	  "send exactly 1 number now, not 2" },
	{ "numbers when none are due", DEALT, NULL, NULL, "", 'w', "e4\nnumbers 6",
	  "no numbers are due now: Black holds 5 cards" },
	{ "numbers after a move without a card", DEALT, NULL, NULL, "w:e4", 'b', "e5\nnumbers 6",
	  "no numbers are due now: White holds 5 cards" },
	/* the order of messages (rule 7) */
	{ "an interception before any move", DEALT, NULL, NULL, "", 'b', TAKEBACK,
	  "you can intercept only the move just made" },
	{ "an interception of one's own move", DEALT, NULL, NULL, "w:e4", 'w', "intercept\ncard 23",
	  "you can intercept only the move just made" },
	{ "an answer when no interception is pending", DEALT, NULL, NULL, "w:e4", 'b', "accept",
	  "this belongs to an answer to an interception, and none is pending" },
	{ "keep when no interception is pending", DEALT, NULL, NULL, "w:e4", 'b', "keep\ne5",
	  "none is pending" },
	{ "a part when no interception is pending", DEALT, NULL, NULL, "w:e4", 'b', "part 1\ne5",
	  "none is pending" },
	{ "the interceptor moving before the answer", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'b', "e5",
	  "it is not your turn: White must answer your interception first" },
	{ "the interceptor sending numbers before the answer", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'b',
	  "numbers 6", "White must answer your interception first" },
	{ "a move while an answer is awaited, the move standing", DEALT, NULL, NULL,
	  "w:e4|b:intercept\ncard 23\neffect capture g1", 'w', "d4\nnumbers 6",
	  "your move was not taken back: it stands" },
	{ "an interception instead of the answer", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w',
	  "intercept\ncard 23", "you can intercept only the move just made" },
	{ "an interception of the answer (a second interception in one turn)", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK "|w:d4\nnumbers 6", 'b',
	  "intercept\ncard 23", "you can intercept only the move just made" },
	{ "a move by the side that just moved", DEALT, NULL, NULL, "w:e4", 'w', "d4",
	  "it is not your turn" },
	{ "a move by Black first", DEALT, NULL, NULL, "", 'b', "e5", "it is not your turn" },
	/* one card per turn on each side */
	{ "a card with the move and another in the answer", DEALT, NULL, NULL, "w:card 23\ne4|b:" TAKEBACK,
	  'w', "card 32\nnumbers 6", "you have played a card in this turn already" },
	{ "a card with the move and another as a new move", DEALT, NULL, NULL, "w:card 23\ne4|b:" TAKEBACK,
	  'w', "card 12\nsquare e5\nd4\nnumbers 6", "you have played a card in this turn already" },
	{ "two cards in one mail", DEALT, NULL, NULL, "", 'w', "card 23\ncard 32\ne4", "one card per mail" },
	/* interceptions */
	{ "an interception without a card", DEALT, NULL, NULL, "w:e4", 'b', "intercept",
	  "an interception plays a card" },
	{ "an interception with a move", DEALT, NULL, NULL, "w:e4", 'b', "intercept\ncard 23\ne5",
	  "an interception carries no move" },
	{ "an interception with numbers", DEALT, NULL, NULL, "w:card 23\ne4", 'b',
	  "intercept\ncard 66\neffect takeback\nnumbers 6", "an interception carries no numbers" },
	{ "'instead' in an interception", DEALT, NULL, NULL, "w:e4", 'b', "intercept\ncard 23\neffect instead",
	  "'instead' belongs to a move" },
	/* lists (rule 3) */
	{ "a list with a card twice", ACCEPTED, NULL, NULL, "", 'w',
	  "list 1 1 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19 20 21 23 24 25 26 27 28 29 30 31 32 33 34 "
	  "35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 "
	  "67 68 69 70", "card 1 appears twice" },
	{ "a list with a card not in the game", ACCEPTED, NULL, NULL, "", 'w',
	  "list 11 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19 20 21 23 24 25 26 27 28 29 30 31 32 33 34 "
	  "35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 "
	  "67 68 69 70", "card 11 is not in this game's list" },
	{ "a list with a card beyond the list", ACCEPTED, NULL, "1-10 12-20", "", 'w',
	  "list 1 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19 21", "card 21 is not in this game's list" },
	{ "a list too short", ACCEPTED, NULL, NULL, "", 'w',
	  "list 1 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19 20 21 23 24 25 26 27 28 29 30 31 32 33 34 "
	  "35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 "
	  "67 68 69", "a list holds each of the 68 cards once; yours has 67 (missing: 70)" },
	{ "a list too long", ACCEPTED, NULL, NULL, "", 'w',
	  "list 1 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19 20 21 23 24 25 26 27 28 29 30 31 32 33 34 "
	  "35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 "
	  "67 68 69 70 5", "card 5 appears twice" },
	{ "a list with words", ACCEPTED, NULL, NULL, "", 'w', "list 3 my favourite cards", "'my' is not a card number" },
	{ "a list sent twice", ACCEPTED, NULL, NULL, "w:list random", 'w', "list random",
	  "your list is already recorded; it cannot change" },
	{ "a list after the deal", DEALT, NULL, NULL, "", 'w', "list random",
	  "your list was recorded before play began" },
	{ "a move before the deal", WHITE_SET, NULL, NULL, "", 'w', "e4", "the cards are not dealt yet" },
	/* opening numbers (rule 5) */
	{ "opening numbers: three", ACCEPTED, NULL, NULL, "", 'w', "numbers 1 2 3",
	  "send exactly 5 numbers now, not 3" },
	{ "opening numbers: six", ACCEPTED, NULL, NULL, "", 'w', "numbers 1 2 3 4 5 6",
	  "send exactly 5 numbers now, not 6" },
	{ "opening numbers out of range", ACCEPTED, NULL, NULL, "", 'w', "numbers 1 2 3 4 69",
	  "69 is not a number from 1 to 68" },
	{ "opening numbers sent twice", ACCEPTED, NULL, NULL, "w:numbers 1 2 3 4 5", 'w',
	  "numbers 6 7 8 9 10", "your five opening numbers are already recorded" },
	/* cards 12 and 28 */
	{ "card 12 without its square", DEALT, NULL, NULL, "", 'w', "card 12\nd4",
	  "card 12: give the referee your square" },
	{ "a square without card 12 or 28", DEALT, NULL, NULL, "", 'w', "card 23\nsquare e4\nd4",
	  "'square' goes with card 12 or 28" },
	{ "a square that is not one", DEALT, NULL, NULL, "", 'w', "card 12\nsquare z9\nd4", "'z9' is not a square" },
	{ "a wrong secret square", DEALT, NULL, NULL, "w:card 12\nsquare e4\nd4|b:d5\nnumbers 6", 'w',
	  "secret e5\nNf3", "e5 is not a square you gave the referee" },
	{ "the opponent's secret square", DEALT, NULL, NULL, "w:card 12\nsquare e4\nd4", 'b',
	  "secret e4\nd5\nnumbers 6", "e4 is not a square you gave the referee" },
	{ "a secret square used twice", DEALT, NULL, NULL,
	  "w:card 12\nsquare e4\nd4|b:d5\nnumbers 6|w:secret e4\nNf3|b:Nf6", 'w', "secret e4\nNc3",
	  "e4 is not a square you gave the referee (with card 12 or 28) and have not used yet" },
	{ "a wrong secret square in an interception", DEALT, NULL, NULL,
	  "w:card 12\nsquare e4\nd4|b:d5\nnumbers 6|w:Nf3", 'b', "intercept\ncard 66\neffect takeback\nsecret e5",
	  "e5 is not a square you gave the referee" },
	{ "a wrong secret square in an answer", DEALT, NULL, NULL,
	  "w:card 12\nsquare e4\nd4|b:d5\nnumbers 6|w:Nf3|b:Nf6|w:Nc3|b:" TAKEBACK, 'w',
	  "secret e5\nNe5\nnumbers 6", "e5 is not a square you gave the referee" },
	/* card 57 */
	{ "card 57 without a lost piece", DEALT, NULL, NULL, "", 'w', "card 57\nchoose 1\ne4",
	  "card 57 is played in the turn after you lost a piece other than a pawn" },
	{ "card 57 after losing a pawn only", DEALT, NULL, NULL, "w:e4|b:d5|w:Nc3|b:dxe4", 'w',
	  "card 57\nchoose 1\nNxe4", "card 57 is played in the turn after you lost a piece other than a pawn" },
	{ "card 57 a turn too late", DEALT, NULL, NULL, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5|w:e4|b:e5", 'w',
	  "card 57\nchoose 1\nd4", "card 57 is played in the turn after you lost a piece other than a pawn" },
	{ "card 57 after a piece lost to a card", DEALT, NULL, NULL, "w:e4|b:card 23\neffect capture b1\ne5", 'w',
	  "card 57\nchoose 1\nd4\nnumbers 6",
	  "card 57 is played in the turn after you lost a piece other than a pawn" },
	{ "card 57 after a capture that was taken back", DEALT, NULL, NULL,
	  "w:Nc3|b:Nf6|w:Nd5|b:Nxd5|w:intercept\ncard 23\neffect takeback|b:e5\nnumbers 6", 'w',
	  "card 57\nchoose 2\ne4", "card 57 is played in the turn after you lost a piece other than a pawn" },
	{ "card 57 without a choice", DEALT, NULL, NULL, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5", 'w', "card 57\ne4",
	  "card 57: say which card of your list you take" },
	{ "card 57 choosing a card already drawn", DEALT, NULL, NULL, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5", 'w',
	  "card 57\nchoose 18\ne4", "you have drawn card 18 already" },
	{ "card 57 choosing a card not in the game", DEALT, NULL, NULL, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5", 'w',
	  "card 57\nchoose 71\ne4", "card 71 is not in this game's list" },
	{ "'choose' without card 57", DEALT, NULL, NULL, "", 'w', "card 23\nchoose 1\ne4",
	  "'choose' goes with card 57" },
	{ "a barred number", DEALT, NULL, NULL,
	  "w:Nc3|b:Nf6|w:Nd5|b:Nxd5|w:card 57\nchoose 1\ne4|b:e5|w:card 23\nd3", 'b', "d6\nnumbers 6",
	  "you may not send 6 any more (card 57)" },
	/* card 66 */
	{ "card 66 with a move", DEALT, NULL, NULL, "w:e4", 'b', "card 66\ne5",
	  "card 66 is played only as an interception" },
	{ "card 66 in an answer", DEALT, NULL, NULL, "w:e4|b:e5|w:intercept\ncard 23\neffect capture g8", 'b',
	  "card 66\nnumbers 6", "card 66 is played only as an interception" },
	/* card 34 */
	{ "card 34 taking a card never played", DEALT, NULL, NULL, "w:e4", 'b', "card 34\ntake 23\ne5",
	  "White did not play card 23 during your last turn or theirs" },
	{ "card 34 taking its own side's card", DEALT, NULL, NULL, "w:e4|b:card 23\ne5|w:Nf3\nnumbers 6",
	  'b', "card 34\ntake 23\nNc6", "White did not play card 23 during your last turn or theirs" },
	{ "card 34 taking a card played three turns before", DEALT, NULL, NULL,
	  "w:card 23\ne4|b:e5\nnumbers 6|w:Nf3|b:Nc6|w:Bc4", 'b', "card 34\ntake 23\nNf6",
	  "White did not play card 23 during your last turn or theirs" },
	{ "card 34 without a take", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "card 34\ne5\nnumbers 6",
	  "card 34: say which card it takes" },
	{ "card 34 as an interception", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "intercept\ncard 34\ntake 23",
	  "card 34 is played at the start of your own turn" },
	{ "'take' without card 34", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "card 23\ntake 23\ne5\nnumbers 6",
	  "'take' goes with card 34" },
	/* cards 18 and 50 */
	{ "card 18 with one move", DEALT, NULL, NULL, "", 'w', "card 18\nNf3",
	  "card 18 moves twice: give both moves, one a line" },
	{ "card 18 moving a pawn", DEALT, NULL, NULL, "", 'w', "card 18\ne4\ne5", "this move is made by a Knight" },
	{ "card 18 moving a knight then a pawn", DEALT, NULL, NULL, "", 'w', "card 18\nNf3\ne4",
	  "this move is made by a Knight" },
	{ "card 18 moving two knights", DEALT, NULL, NULL, "", 'w', "card 18\nNf3\nNc3",
	  "the second part moves the piece that made the first (now on f3)" },
	{ "three moves", DEALT, NULL, NULL, "", 'w', "card 18\nNf3\nNg5\nNe6", "at most two moves" },
	{ "two moves without a double-move card", DEALT, NULL, NULL, "", 'w', "e4\nd4", "one move per turn" },
	{ "an interception of a double move without a part", DEALT, NULL, NULL, DOUBLE, 'b', TAKEBACK,
	  "the move was a double move: say which part the interception hits" },
	{ "part 3", DEALT, NULL, NULL, DOUBLE, 'b', TAKEBACK "\npart 3", "the part is 1 or 2" },
	{ "a part for a single move", DEALT, NULL, NULL, "w:e4", 'b', TAKEBACK "\npart 2",
	  "only a double move (cards 18 and 50) has parts" },
	{ "part 2 hit, the same second move", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 2", 'w',
	  "Ng5\nnumbers 6", "that is the move that was intercepted" },
	{ "part 2 hit, another piece", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 2", 'w',
	  "Nc3\nnumbers 6", "the second part moves the piece that made the first" },
	{ "part 1 hit, the same first move", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 1", 'w',
	  "Nf3\nNe5\nnumbers 6", "the first move must differ from the one intercepted" },
	{ "part 1 hit, two new moves by two knights", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 1", 'w',
	  "Nc3\nNf3\nnumbers 6", "the second part moves the piece that made the first" },
	{ "part 1 hit, keep without a move", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 1", 'w',
	  "keep\nnumbers 6", "with 'keep' or 'discard', make one normal move" },
	{ "part 1 hit, 'accept' (not one of the three options)", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 1",
	  'w', "accept\nnumbers 6", "the first part was hit: make two new moves, or 'keep' or 'discard'" },
	{ "part 1 hit, one knight move only", DEALT, NULL, NULL, DOUBLE "|b:" TAKEBACK "\npart 1", 'w',
	  "Nc3\nnumbers 6", "the first part was hit: make two new moves" },
	/* effects */
	{ "an effect with no card", DEALT, NULL, NULL, "", 'w', "effect kill e7\ne4",
	  "an effect belongs to a card ('card 23')" },
	{ "takeback with a move", DEALT, NULL, NULL, "", 'w', "card 23\neffect takeback\ne4",
	  "'takeback' belongs to an interception" },
	{ "takeback in an answer", DEALT, NULL, NULL, "w:e4|b:intercept\ncard 23\neffect capture g1", 'w',
	  "card 23\neffect takeback\nnumbers 6", "'takeback' belongs to an interception" },
	{ "effects on both sides of the move", DEALT, NULL, NULL, "", 'w',
	  "card 23\neffect kill a7\ne4\neffect kill h7", "write a card's effects all before or all after the move" },
	{ "an effect that is not one", DEALT, NULL, NULL, "", 'w', "card 23\neffect teleport e2\ne4",
	  "'teleport' is not an effect" },
	{ "an effect on an empty square", DEALT, NULL, NULL, "", 'w', "card 23\neffect kill e5\ne4",
	  "there is no piece on e5" },
	{ "a king placed by a card", DEALT, NULL, NULL, "", 'w', "card 23\neffect place K e4\nd4",
	  "no card puts a King on the board" },
	{ "a piece returned that was never lost", DEALT, NULL, NULL, "", 'w', "card 23\neffect return N e4\nd4",
	  "no captured white Knight can return" },
	{ "an effect after the move that leaves one's king in check", DEALT, FEN_A, NULL, "", 'w',
	  "card 23\nKf2\neffect move d8 d2", "after this turn your king would be in check" },
	{ "an answer with the intercepted move", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w', "e4\nnumbers 6",
	  "that is the move that was intercepted: make a different move, or 'accept'" },
	{ "an answer with nothing when the move was taken back", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w',
	  "numbers 6", "answer with a different move, a card, or 'accept'" },
	{ "an answer with two moves", DEALT, NULL, NULL, "w:e4|b:" TAKEBACK, 'w', "d4\nc4\nnumbers 6",
	  "one move per" },
	{ "a disabling card with a new move", DEALT, NULL, NULL, "w:e4|b:intercept\ncard 23\neffect capture g1",
	  'w', "card 32\nd4\nnumbers 6", "your move stands: no other move follows" },
	{ "a disabling card with effects", DEALT, NULL, NULL, "w:e4|b:intercept\ncard 23\neffect capture g1",
	  'w', "card 32\neffect kill a7\nnumbers 6", "card 32 undoes the interception: it has no effects" },
	/* the end */
	{ "a move by the mated player", DEALT, FEN_A, NULL, "w:card 23\neffect kill d8\nRa8", 'b', "g6",
	  "you are mated: intercept the mating move" },
	{ "a move after the end", DEALT, FEN_A, NULL, "w:card 23\neffect kill d8\nRa8|b:concede", 'w', "Kf2",
	  "is over" },
	{ "an interception after the end", DEALT, FEN_A, NULL, "w:card 23\neffect kill d8\nRa8|b:concede", 'b',
	  TAKEBACK, "is over" },
};

/* The list of cards a challenge proposes (rule 2): at least ten, all in the game. */
static void card_lists(void)
{
	static const struct { const char *spec, *error; int n; } rows[] = {
		{ "1-10 12-40", NULL, 38 },             /* docs/tempete.md's example: 22 is not in the game */
		{ "1-10", NULL, 10 },
		{ "1-5", "a list needs at least 10 cards, not 5", 0 },
		{ "10-20", NULL, 10 },                  /* a range passes over 11 */
		{ "1-10 11", "card 11 is not in the game", 0 },   /* named alone, it is refused */
		{ "1-10 72", "card 72 is not in the game", 0 },
		{ "12-130", "cards are numbered 1 to 127", 0 },
		{ "1-10 x", "'x' is not a card number or a range like 12-40", 0 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct game *g = game_new();
		struct orders o;
		struct outcome out = { 0 };
		struct err e;
		char text[256];
		struct sender s = from(g, WHITE);

		check_context("cards %s", rows[i].spec);
		g->cat = &cat;
		g->k = kind_find("tempete");
		s.tag_token[0] = 0;
		snprintf(text, sizeof text, "new tempete\nopponent bob@example.org\ncards %s", rows[i].spec);
		read_orders(text, &o);
		CHECK(game_challenge(g, ++next_id, tv, key, sizeof key, &s, &o, &out, &e) == 0);
		if (rows[i].error) {
			CHECK(!out.created);
			CHECK_INT(out.nerrors, 1);
			CHECK_HAS(first_error(&out), rows[i].error);
			CHECK(has_reply(&out, REPLY_REFUSED, -1));
		} else {
			CHECK(out.created);
			CHECK_STR(first_error(&out), "");
			CHECK_INT(TP(g) ? TP(g)->n : 0, rows[i].n);
		}
		orders_free(&o);
		outcome_free(&out);
		game_free(g);
	}
	check_context(NULL);
}

/* Each refusal: the words, a reply to the sender only, and nothing changed. */
static void refusal_rows(void)
{
	for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
		const struct refusal *r = &refusals[i];
		struct game *g;
		struct outcome out = { 0 };
		char before[HASH_HEX], after[HASH_HEX], steps[1400];
		int who = r->who == 'w' ? WHITE : BLACK;

		check_context("refusal '%s'", r->what);
		if (r->start == DEALT && !r->cards) {
			g = standard_game(r->fen);
		} else {
			g = accepted_game(r->cards, r->fen);
			if (r->start == WHITE_SET) {
				list_text(white_front, 5, false, steps, sizeof steps);
				strcat(steps, "\nnumbers 1 2 3 4 5");
				CHECK_INT(mail(g, WHITE, steps, &out), 0);
			}
		}
		check_context("refusal '%s': its steps", r->what);
		if (r->steps[0])
			play(g, r->steps);
		check_context("refusal '%s'", r->what);
		int nmoves = g->board[0].nmoves;
		size_t nevents = g->nevents;
		game_hash(g, before);
		int nerr = mail(g, who, r->text, &out);
		game_hash(g, after);
		CHECK(nerr >= 1);
		CHECK_HAS(first_error(&out), r->want);
		CHECK_STR(after, before);
		CHECK_INT(g->board[0].nmoves, nmoves);
		CHECK_INT(g->nevents, nevents);
		CHECK(has_reply(&out, REPLY_REFUSED, who));
		CHECK(!has_reply(&out, REPLY_REFUSED, 1 - who) && !has_reply(&out, REPLY_MOVED, 1 - who));
		outcome_free(&out);
		game_free(g);
	}
	check_context(NULL);
}

/* ---- the deal: plays that must be accepted ---- */

/* Rule 5: each player draws the cards at the opponent's numbers on their OWN list. */
static void opening_hands(void)
{
	struct game *g = accepted_game(NULL, NULL);
	struct outcome out = { 0 };
	char w[600], b[600];

	list_text(white_front, 5, false, w, sizeof w);
	list_text(black_front, 5, true, b, sizeof b);
	strcat(w, "\nnumbers 2 4 6 8 10");
	strcat(b, "\nnumbers 1 3 5 7 9");
	CHECK_INT(mail(g, WHITE, w, &out), 0);
	CHECK(has_reply(&out, REPLY_SETUP, WHITE));
	CHECK_INT(out.nreplies, 1);
	CHECK_INT(TP(g)->ct.expect, CT_SETUP);
	CHECK_INT(TP(g)->nhand[WHITE] + TP(g)->nhand[BLACK], 0);
	CHECK(!TP(g)->list_by_referee[WHITE]);
	CHECK_INT(mail(g, BLACK, b, &out), 0);
	CHECK(has_reply(&out, REPLY_DEALT, WHITE) && has_reply(&out, REPLY_DEALT, BLACK));
	/* Black's 1 3 5 7 9 on White's list 18 12 32 57 23 1 2 3 4 ... */
	CHECK_STR(hand(g, WHITE), "2 4 18 23 32");
	/* White's 2 4 6 8 10 on Black's list 66 34 28 23 57 70 69 68 67 65 ... */
	CHECK_STR(hand(g, BLACK), "23 34 65 68 70");
	CHECK_STR(ints_text(TP(g)->sent[WHITE], TP(g)->nsent[WHITE]), "2 4 6 8 10");
	CHECK_STR(ints_text(TP(g)->sent[BLACK], TP(g)->nsent[BLACK]), "1 3 5 7 9");
	CHECK_STR(ints_text(TP(g)->drawn_number[WHITE], TP(g)->ndrawn[WHITE]), "1 3 5 7 9");
	CHECK_STR(ints_text(TP(g)->drawn_card[BLACK], TP(g)->ndrawn[BLACK]), "34 23 70 68 65");
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK_INT(TP(g)->ct.to, WHITE);
	CHECK(!TP(g)->ct.may_intercept);
	game_free(g);

	/* numbers before the list: held until the list is in, then dealt all the same */
	g = accepted_game(NULL, NULL);
	CHECK_INT(mail(g, BLACK, "numbers 5 4 3 2 1", &out), 0);
	CHECK_INT(mail(g, WHITE, "numbers 1 2 3 4 5", &out), 0);
	CHECK_INT(mail(g, WHITE, w, &out), 1);          /* White's numbers are in already */
	CHECK_HAS(first_error(&out), "your five opening numbers are already recorded");
	list_text(white_front, 5, false, w, sizeof w);
	CHECK_INT(mail(g, WHITE, w, &out), 0);
	CHECK_INT(TP(g)->ct.expect, CT_SETUP);
	CHECK_INT(mail(g, BLACK, b, &out), 1);          /* Black's numbers are in already too */
	CHECK_HAS(first_error(&out), "your five opening numbers are already recorded");
	list_text(black_front, 5, true, b, sizeof b);
	CHECK_INT(mail(g, BLACK, b, &out), 0);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK_STR(hand(g, WHITE), "12 18 23 32 57");
	CHECK_STR(hand(g, BLACK), "23 28 34 57 66");
	game_free(g);

	/* list random: a permutation of the cards, from the key (the same game gets the same
	 * list on replay; another game another one), marked as the referee's */
	int lists[3][CARDS_MAX], ids[3] = { 900, 900, 901 };
	for (int k = 0; k < 3; k++) {
		next_id = ids[k] - 1;
		g = accepted_game(NULL, NULL);
		CHECK_INT(mail(g, WHITE, "list random\nnumbers random", &out), 0);
		CHECK(TP(g)->list_by_referee[WHITE]);
		memcpy(lists[k], TP(g)->list[WHITE], sizeof lists[k]);
		int sorted[CARDS_MAX], cards[CARDS_MAX], n = default_cards(cards);
		memcpy(sorted, lists[k], sizeof sorted);
		qsort(sorted, (size_t)n, sizeof sorted[0], cmp_int);
		CHECK(!memcmp(sorted, cards, (size_t)n * sizeof cards[0]));
		CHECK_INT(TP(g)->nsent[WHITE], 5);
		game_free(g);
	}
	CHECK(!memcmp(lists[0], lists[1], sizeof lists[0]));
	CHECK(memcmp(lists[0], lists[2], sizeof lists[0]) != 0);
	next_id = 40;
	outcome_free(&out);
}

int main(void)
{
	tempete_test_setup();
	card_lists();
	refusal_rows();
	opening_hands();
	tempete_test_free();
	return check_done();
}
