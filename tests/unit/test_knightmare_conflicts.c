/* test_knightmare_conflicts.c: the seed's conflicts in Knightmare Chess by mail (seed 002,
 * "Conflicts", "Transformed Pieces", "The Checkmate Rule"; docs/knightmare.md): continuing
 * effects take precedence over regular cards, and between continuing cards the last
 * played does; a transformed or frozen piece is still its kind for every card naming it;
 * Veto answers a card played on the opponent's own turn; a card that would capture a
 * king is played with no effect and spent. Each test fails without its fix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "storetest.h"
#include "enginetest.h"
#include "game/game.h"
#include "game/standing.h"
#include "kinds/knightmare/knightmare.h"
#include "kinds/registry.h"
#include "knightmaretest.h"
#include "render/template.h"
#include "render/view_kind.h"
#include "store/cards_load.h"
#include "store/store.h"

/* Is `card` in c's hand? */
static bool holds(const struct game *g, int c, int card)
{
	for (int i = 0; i < KM(g)->nhand[c]; i++)
		if (KM(g)->hand[c][i] == card)
			return true;
	return false;
}

/* Slanting Path (regular) may not move a bishop Stone Gaze (continuing) froze. */
static void slanting_path_under_stone_gaze(void)
{
	struct game *g = dealt("2b1k3/8/8/8/8/8/8/4K3 w - - 0 1", CARDS(23), CARDS(1));

	CHECK_STR(km_mail(g, WHITE, "card 23 c8"), "");
	refused(g, BLACK, "card 1 c8 e6", "card 1: the piece on c8 may not move: card 23 (Stone Gaze) "
		"holds it, and a continuing effect takes precedence over a regular card");
	CHECK_STR(km_board(g), "2z1k3/8/8/8/8/8/8/4K3 b");
	game_free(g);
}

/* Quick Change (regular) may not swap a pawn Chains (continuing) holds. */
static void quick_change_under_chains(void)
{
	struct game *g = dealt("4k2r/8/8/3p4/4P3/8/8/4K3 w - - 0 1", CARDS(24), CARDS(17));

	CHECK_STR(km_mail(g, WHITE, "card 24 d5"), "");
	refused(g, BLACK, "card 17 d5 h8\nKd7", "card 17: the piece on d5 may not move: card 24 "
		"(Chains) holds it, and a continuing effect takes precedence over a regular card");
	CHECK_STR(km_mail(g, BLACK, "Kd7"), "");
	game_free(g);
}

/* A transformed piece is still its kind for a card naming it: Long Shot (N or B) takes a
 * Griffin, which goes to the captured record as the knight it was. */
static void long_shot_on_griffin(void)
{
	struct game *g = dealt("1n2k3/8/8/8/8/8/8/4K3 w - - 0 1", CARDS(8), CARDS(20));

	CHECK_STR(km_mail(g, WHITE, "Kd1"), "");
	CHECK_STR(km_mail(g, BLACK, "card 20 b8"), "");
	CHECK_STR(km_board(g), "1u2k3/8/8/8/8/8/8/3K4 w");
	CHECK_STR(km_mail(g, WHITE, "card 8 b8"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/3K4 b");
	CHECK_STR(KM(g)->lost[BLACK], "N");
	CHECK_INT(KM(g)->neffects, 0);
	game_free(g);
}

/* A frozen pawn is still a pawn for Trap Door (an enemy P next to one's own P): here the
 * pawn next to it is the frozen one. */
static void trap_door_on_frozen_pawn(void)
{
	struct game *g = dealt("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", CARDS(23), CARDS(32, 3));
	CHECK_STR(km_mail(g, WHITE, "card 23 d5"), "");
	CHECK_STR(km_mail(g, BLACK, "Kd7"), "");
	CHECK_STR(km_mail(g, WHITE, "Kd2"), "");
	CHECK_STR(km_board(g), "8/3k4/8/3z4/4P3/8/3K4/8 b");
	/* Black's Trap Door takes White's pawn e4, next to Black's frozen pawn d5 */
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 32 e4"), "");
	CHECK_STR(km_board(g), "8/3k4/8/3z4/8/8/3K4/8 b");
	game_free(g);
}

/* The mail says which piece a card froze or transformed, its kind and the letter the board
 * shows (it used to say "the piece on c8" beside a bare z on the board). */
static void frozen_and_transformed_pieces_named(void)
{
	struct game *g = dealt("1nb1k3/8/8/8/8/8/8/4K3 w - - 0 1", CARDS(23), CARDS(20));
	struct reply r = { .kind = REPLY_MOVED, .to = WHITE };

	CHECK_STR(km_mail(g, WHITE, "card 23 c8"), "");
	CHECK_STR(km_mail(g, BLACK, "card 20 b8"), "");
	struct tctx *c = tctx_new();
	view_kind_part(kind_of(g))->view(g, &r, WHITE, c);
	CHECK_HAS(tctx_get(c, "km_effects"), "card 23 (Stone Gaze) of White: the Black Bishop on c8 "
		  "is frozen (shown z): it may not move");
	CHECK_HAS(tctx_get(c, "km_effects"), "card 20 (Griffin) of Black: the Black Knight on b8, now "
		  "a Griffin (shown u), moves as NF");
	tctx_free(c);
	game_free(g);
}

/* Between continuing cards the last played takes precedence: Griffin on a knight that
 * Stone Gaze froze frees it and transforms it (it used to be refused). */
static void griffin_after_stone_gaze(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", CARDS(3, 20), CARDS(23));

	CHECK_STR(km_mail(g, WHITE, "Kd1"), "");
	CHECK_STR(km_mail(g, BLACK, "card 23 b1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/1Z1K4 w");
	CHECK_STR(km_mail(g, WHITE, "card 20 b1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/8/1U1K4 b");
	CHECK_INT(KM(g)->neffects, 1);
	CHECK_INT(KM(g)->effects[0].card, 20);
	CHECK_STR(moves_of(g, "b1"), "b1a2 b1a3 b1c2 b1c3 b1d2");
	game_free(g);
}

/* Veto answers a card played on the opponent's own turn (it used to be refused: "only
 * in answer to a card"): the card and the move made with it are undone, the card spent,
 * and its player makes a normal move. Through the store between the two mails. */
static void veto_answers_card_on_own_turn(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", CARDS(3, 25), CARDS(30));

	CHECK_STR(km_mail(g, WHITE, "card 3 d2 c2\nKd1"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/2P5/3K4 b");
	g = store_round_trip(g, kv);
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 30"), "");
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/3P4/4K3 w");
	CHECK(!holds(g, WHITE, 3));                     /* the card stays spent */
	CHECK(KM(g)->plays[0].void_);
	g = store_round_trip(g, kv);
	refused(g, WHITE, "card 25", "your card was cancelled, and your move with it: make a normal "
		"move, without a card");
	refused(g, BLACK, "Kd8", "it is not your turn: White is to move");
	CHECK_STR(km_mail(g, WHITE, "Kd1"), "");        /* the same move, now normal */
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/3P4/3K4 b");
	CHECK(!KM(g)->ct.may_intercept);
	CHECK_STR(km_mail(g, BLACK, "Kd8"), "");
	game_free(g);
}

/* A Veto lifts the mate of a move made with a card (rule 13's wait): the turn's start is
 * kept in the state while the mated player may still intercept. The move made again
 * mates, and with the Veto spent on that turn the game ends. */
static void veto_lifts_mate_of_card_move(void)
{
	struct game *g = dealt("7k/6pp/8/8/8/8/3P4/R3K3 w - - 0 1", CARDS(3, 25), CARDS(30));

	CHECK_STR(km_mail(g, WHITE, "card 3 d2 c2\nRa8"), "");
	CHECK_INT(KM(g)->ct.expect, CT_MATED);
	g = store_round_trip(g, kv);
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 30"), "");
	CHECK_STR(km_board(g), "7k/6pp/8/8/8/8/3P4/R3K3 w");
	CHECK_INT(KM(g)->ct.expect, CT_MOVE);
	CHECK_STR(km_mail(g, WHITE, "Ra8"), "");
	CHECK_INT(KM(g)->ct.expect, CT_DONE);
	game_free(g);
}

/* A Veto cancels the turn: nothing is answered, so the mover's answer in advance is
 * spent unused, and the mover is asked for the turn again. */
static void veto_spends_answer_in_advance(void)
{
	struct game *g = dealt("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", CARDS(3, 25), CARDS(30));

	CHECK_STR(km_mail(g, WHITE, "card 3 d2 c2\nKd1\nif intercepted: accept"), "");
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 1);
	CHECK_STR(km_mail(g, BLACK, "intercept\ncard 30"), "");
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 0);
	CHECK_INT(KM(g)->ct.expect, CT_MOVE);
	CHECK_INT(KM(g)->ct.to, WHITE);
	CHECK_STR(km_board(g), "4k3/8/8/8/8/8/3P4/4K3 w");
	game_free(g);
}

/* The Checkmate Rule: a card that would capture a king has no effect but is played and
 * spent (it used to be refused and stay in hand), a catalogue card or a board edit. */
static void checkmate_rule_king_capture_spent(void)
{
	struct game *g = dealt("4k3/8/4N3/8/8/8/8/4K3 w - - 0 1", CARDS(6, 3), CARDS(3));

	CHECK_STR(km_mail(g, WHITE, "card 6 e6 e8"), "");
	CHECK_STR(km_board(g), "4k3/8/4N3/8/8/8/8/4K3 b");
	CHECK(!holds(g, WHITE, 6));
	CHECK_STR(KM(g)->plays[KM(g)->nplays - 1].detail,
		  "no effect, by the Checkmate Rule (no card may capture a king)");
	game_free(g);

	char saved[CARD_EFFECT_MAX];
	snprintf(saved, sizeof saved, "%s", kcat.card[12].effect);
	kcat.card[12].effect[0] = 0;
	g = dealt("4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", CARDS(12, 1), CARDS(3));
	CHECK_STR(km_mail(g, WHITE, "card 12\neffect capture d5\neffect move e1 e8"), "");
	CHECK_STR(km_board(g), "4k3/8/8/3p4/8/8/8/R3K3 b");       /* d5 stays too */
	CHECK(!holds(g, WHITE, 12));
	game_free(g);
	snprintf(kcat.card[12].effect, sizeof kcat.card[12].effect, "%s", saved);
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
	slanting_path_under_stone_gaze();
	quick_change_under_chains();
	long_shot_on_griffin();
	trap_door_on_frozen_pawn();
	griffin_after_stone_gaze();
	frozen_and_transformed_pieces_named();
	veto_answers_card_on_own_turn();
	checkmate_rule_king_capture_spent();
	veto_lifts_mate_of_card_move();         /* last: a game more shifts the draws after it */
	veto_spends_answer_in_advance();
	variant_free(kv);
	return check_done();
}
