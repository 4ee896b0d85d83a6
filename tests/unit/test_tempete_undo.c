/* test_tempete_undo.c: a card's effects as one record, undone whole (docs/tempete.md,
 * "Undone whole"; issue 27 item 2). Each card of seed 000's rule 11 is played, acts, and
 * is then disabled (32, 42, 52) or taken back (66): the board, both hands, the barred
 * numbers, the secret squares, the marks and the captured pieces must be those of the
 * moment before it was played, the card alone spent. Then the defects around it: effects
 * written before `effect takeback`, a disable card asked for a part, `keep` after a
 * disabled 18. Pure game logic: no files, no mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "storetest.h"
#include "game/game.h"
#include "kinds/tempete/tempete.h"
#include "kinds/registry.h"
#include "render/view.h"
#include "store/store.h"
#include "tempetetest.h"

/* A game whose players open with these five cards each (the rest of White's list
 * ascending, of Black's descending, as in the standard game); after `prelude`. */
static struct game *game_with(const int *wfront, const int *bfront, const char *prelude)
{
	struct game *g = accepted_game(NULL, NULL);
	char w[600], b[600], steps[1400];

	list_text(wfront, 5, false, w, sizeof w);
	list_text(bfront, 5, true, b, sizeof b);
	snprintf(steps, sizeof steps, "w:%s\nnumbers 1 2 3 4 5|b:%s\nnumbers 1 2 3 4 5", w, b);
	play(g, steps);
	if (prelude && prelude[0])
		play(g, prelude);
	return g;
}

/* The state a disable or a takeback must give back, besides the hands. */
struct snap {
	char board[FEN_MAX];
	char barred[2][256];
	char secrets[256];
	char marks[512];
	char lost[64];
	int hand[2][TP_HAND_MAX], nhand[2];
};

static void take_snap(const struct game *g, struct snap *s)
{
	const struct tempete *tp = TP(g);
	size_t at = 0;

	snprintf(s->board, sizeof s->board, "%s", board(g));
	for (int c = 0; c < 2; c++) {
		snprintf(s->barred[c], sizeof s->barred[c], "%s", ints_text(tp->barred[c], tp->nbarred[c]));
		memcpy(s->hand[c], tp->hand[c], sizeof s->hand[c]);
		s->nhand[c] = tp->nhand[c];
	}
	s->secrets[0] = 0;
	for (int i = 0; i < tp->nsecrets; i++)
		at += (size_t)snprintf(s->secrets + at, sizeof s->secrets - at, "%d:%s:%d ",
				       tp->secrets[i].card, tp->secrets[i].square, tp->secrets[i].used);
	at = 0;
	s->marks[0] = 0;
	for (int i = 0; i < tp->nmarks; i++)
		at += (size_t)snprintf(s->marks + at, sizeof s->marks - at, "%s:%s ",
				       tp->marks[i].square, tp->marks[i].label);
	snprintf(s->lost, sizeof s->lost, "%.*s/%.*s/%.*s/%.*s", tp->nlost[0], tp->lost[0], tp->nlost[1],
		 tp->lost[1], tp->ndead[0], tp->dead[0], tp->ndead[1], tp->dead[1]);
}

/* A hand as sorted text, without one copy of `minus` and with `plus` (n of them). */
static const char *hand_text(const int *h, int n, int minus, const int *plus, int nplus)
{
	static char buf[256];
	int a[TP_HAND_MAX * 2], k = 0;
	bool dropped = false;

	for (int i = 0; i < n; i++) {
		if (!dropped && h[i] == minus) {
			dropped = true;
			continue;
		}
		a[k++] = h[i];
	}
	for (int i = 0; i < nplus; i++)
		a[k++] = plus[i];
	qsort(a, (size_t)k, sizeof a[0], cmp_int);
	snprintf(buf, sizeof buf, "%s", ints_text(a, k));
	return buf;
}

struct undo_case {
	const char *name;
	int wfront[5], bfront[5];
	const char *prelude;            /* steps before the card */
	int by;                         /* who plays the card */
	const char *played;             /* the card's mail */
	int card;
	const char *undo;               /* the other side's mail that disables or takes it back */
	int undoer;                     /* the card that does */
	const char *said;               /* what the announcement says was undone */
};

#define W_CARDS { 12, 18, 28, 34, 57 }
#define B_DISABLE { 32, 42, 52, 23, 66 }
#define LOST_KNIGHT "w:Nc3|b:Nf6|w:Nd5|b:Nxd5"

static const struct undo_case undo_cases[] = {
	{ "card 12 disabled by 32", W_CARDS, B_DISABLE, "", WHITE, "card 12\nsquare e4\nd4", 12,
	  "intercept\ncard 32", 32, "the square it gave the referee is void" },
	{ "card 28 disabled by 42", W_CARDS, B_DISABLE, "", WHITE, "card 28\nsquare h5\ne4", 28,
	  "intercept\ncard 42", 42, "the square it gave the referee is void" },
	{ "card 18 disabled by 52", W_CARDS, B_DISABLE, "", WHITE, "card 18\nNf3\nNg5", 18,
	  "intercept\ncard 52", 52, "Card 52 disables card 18" },
	{ "card 50 disabled by 32", { 50, 12, 18, 28, 34 }, B_DISABLE, "w:e4|b:e5", WHITE,
	  "card 50\nBc4\nBb5", 50, "intercept\ncard 32", 32, "Card 32 disables card 50" },
	{ "card 34 disabled by 32", W_CARDS, B_DISABLE, "w:e4|b:card 23\ne5", WHITE,
	  "card 34\ntake 23\nNf3\nnumbers 6", 34, "intercept\ncard 32", 32,
	  "card 23 leaves White's hand again" },
	{ "card 57 disabled by 32", { 57, 12, 18, 28, 34 }, B_DISABLE, LOST_KNIGHT, WHITE,
	  "card 57\nchoose 1\ne4", 57, "intercept\ncard 32", 32,
	  "Black may send number 6 again" },
	{ "card 57 taken back by 66", { 57, 12, 18, 28, 34 }, B_DISABLE, LOST_KNIGHT, WHITE,
	  "card 57\nchoose 1\neffect instead", 57, "intercept\ncard 66\neffect takeback", 66,
	  "Black may send number 6 again" },
	{ "card 66 disabled by 32 in answer", { 32, 12, 18, 28, 34 }, { 66, 23, 42, 52, 12 }, "w:e4",
	  BLACK, "intercept\ncard 66\neffect capture g1", 66, "card 32\nnumbers 6", 32,
	  "Card 32 disables card 66: White's move stands." },
	{ "card 12 intercepting, disabled by 32 in answer", { 32, 18, 28, 34, 57 },
	  { 12, 23, 42, 52, 66 }, "w:e4", BLACK, "intercept\ncard 12\nsquare e4", 12,
	  "card 32\nnumbers 6", 32, "the square it gave the referee is void" },
};

static void one_undo_case(const struct undo_case *uc)
{
	struct game *g = game_with(uc->wfront, uc->bfront, uc->prelude);
	struct outcome out = { 0 };
	struct snap before, after;
	int other = 1 - uc->by;
	char why[64];

	check_context("%s", uc->name);
	take_snap(g, &before);
	CHECK_INT(mail(g, uc->by, uc->played, &out), 0);
	CHECK_STR(first_error(&out), "");
	int mid[TP_HAND_MAX], nmid = TP(g)->nhand[other];
	memcpy(mid, TP(g)->hand[other], sizeof mid);
	g = store_round_trip(g, tv);              /* the undoing mail comes in a later run */
	CHECK_INT(mail(g, other, uc->undo, &out), 0);
	CHECK_STR(first_error(&out), "");
	CHECK_HAS(note_of(&out), uc->said);
	take_snap(g, &after);
	CHECK_STR(after.board, before.board);
	CHECK_STR(after.barred[WHITE], before.barred[WHITE]);
	CHECK_STR(after.barred[BLACK], before.barred[BLACK]);
	CHECK_STR(after.secrets, before.secrets);
	CHECK_STR(after.marks, before.marks);
	CHECK_STR(after.lost, before.lost);
	/* the card alone is spent; what the undoing mail's numbers drew stays drawn */
	const struct tempete *tp = TP(g);
	char want[256];
	snprintf(want, sizeof want, "%s", hand_text(before.hand[uc->by], before.nhand[uc->by], uc->card,
						    tp->just_drew[uc->by], tp->njust_drew[uc->by]));
	CHECK_STR(hand(g, uc->by), want);
	snprintf(want, sizeof want, "%s", hand_text(mid, nmid, uc->undoer, NULL, 0));
	CHECK_STR(hand(g, other), want);
	/* the record of cards played says it was undone, and by what */
	const struct tp_play *p = NULL;
	for (int i = 0; i < tp->nplays; i++)
		if (tp->plays[i].by == uc->by && tp->plays[i].card == uc->card)
			p = &tp->plays[i];
	CHECK(p && p->void_);
	snprintf(why, sizeof why, "[undone: %s by card %d]", strstr(uc->undo, "takeback") ?
		 "taken back" : "disabled", uc->undoer);
	CHECK_HAS(p ? p->detail : "", why);
	check_context(NULL);
	game_free(g);
	outcome_free(&out);
}

/* Each card of rule 11 disabled (or taken back) after it acted: the whole state of the
 * moment before it comes back. A disabled 57 used to leave its card in hand and the
 * number barred; a disabled 34 its card; a disabled 12 its square. */
static void rule11_cards_undone_whole(void)
{
	for (size_t i = 0; i < sizeof undo_cases / sizeof undo_cases[0]; i++)
		one_undo_case(&undo_cases[i]);
}

/* A disabled 57's card, back out of the hand, cannot be played later. */
static void card57_disabled_card_not_playable(void)
{
	static const int w[5] = { 57, 12, 18, 28, 34 }, b[5] = B_DISABLE;
	struct game *g = game_with(w, b, LOST_KNIGHT);
	struct outcome out = { 0 };

	play(g, "w:card 57\nchoose 1\ne4|b:intercept\ncard 32|w:e4\nnumbers 6|b:e5\nnumbers 7");
	CHECK_INT(mail(g, WHITE, "card 1\nNf3", &out), 1);
	CHECK_HAS(first_error(&out), "card 1 is not in your hand");
	game_free(g);
	outcome_free(&out);
}

/* Effects written before `effect takeback` apply after it, to the position it leaves
 * (they used to be announced, then wiped by the takeback). */
static void card66_effects_before_takeback_apply(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:e4");
	CHECK_INT(mail(g, BLACK, "intercept\ncard 66\neffect capture b1\neffect takeback", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w");
	CHECK_HAS(note_of(&out), "capture b1");
	CHECK_INT(TP(g)->nlost[WHITE], 1);
	game_free(g);
	outcome_free(&out);
}

/* Cards 32, 42, 52 against a double move disable the card, both parts: no `part` is
 * asked for (it used to be), and one given is refused with the reason. */
static void card32_against_double_move_needs_no_part(void)
{
	static const int w[5] = { 32, 12, 23, 28, 34 }, b[5] = { 18, 23, 28, 34, 57 };
	struct game *g = game_with(w, b, "w:e4");
	struct outcome out = { 0 };

	play(g, "b:card 18\nNf6\nNg4");
	CHECK_INT(mail(g, WHITE, "intercept\ncard 32\npart 1", &out), 1);
	CHECK_HAS(first_error(&out), "it hits no part");
	CHECK_INT(mail(g, WHITE, "intercept\ncard 32", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	/* keep after a disabled 18: answered with the reason, not ignored */
	CHECK_INT(mail(g, BLACK, "keep\nNf6\nnumbers 6", &out), 1);
	CHECK_HAS(first_error(&out), "disabled by card 32 and stays spent");
	CHECK_INT(mail(g, BLACK, "Nf6\nnumbers 6", &out), 0);
	CHECK(!strstr(hand(g, BLACK), "18"));
	game_free(g);
	outcome_free(&out);
}

/* `keep` with an answer that is not to a hit first part is refused, not ignored. */
static void card18_keep_without_double_move_refused(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:e4|b:" TAKEBACK);
	CHECK_INT(mail(g, WHITE, "keep\nd4\nnumbers 6", &out), 1);
	CHECK_HAS(first_error(&out), "'keep' and 'discard' answer an interception of the first part");
	game_free(g);
	outcome_free(&out);
}

/* The move list in a mail shows what stands: a move and card edits taken back are left
 * out (the board's list keeps them for replays), and a mate an interception lifted loses
 * its "#" (it used to read "1. e4 {a card restores the position before it}", and "Ra8#"
 * after the mate was lifted). */
static void move_list_drops_undone_and_lifted_mate(void)
{
	struct game *g = standard_game(NULL);
	struct buf b = { 0 };

	play(g, "w:e4|b:" TAKEBACK "|w:d4\nnumbers 6");
	view_movetext(g, 0, &b);
	CHECK_STR(b.s ? b.s : "", "1. d4");
	buf_free(&b);
	game_free(g);

	g = standard_game("7k/6pp/8/8/8/8/8/R5K1 w - - 0 1");
	play(g, "w:Ra8");
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	view_movetext(g, 0, &b);
	CHECK_STR(b.s ? b.s : "", "1. Ra8#");
	buf_free(&b);
	play(g, "b:intercept\ncard 23\neffect place r b8");
	view_movetext(g, 0, &b);
	CHECK_STR(b.s ? b.s : "", "1. Ra8 {a card puts a Black R on b8}");   /* blocked: no check */
	buf_free(&b);
	game_free(g);
}

int main(void)
{
	tempete_test_setup();
	kinds_register();
	rule11_cards_undone_whole();
	card57_disabled_card_not_playable();
	card66_effects_before_takeback_apply();
	card32_against_double_move_needs_no_part();
	card18_keep_without_double_move_refused();
	move_list_drops_undone_and_lifted_mate();
	tempete_test_free();
	return check_done();
}
