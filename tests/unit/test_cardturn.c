/* test_cardturn.c: the card-turn protocol (game/cardturn.h) run against both card kinds:
 * one table of moves, interceptions and answers, each case played on a Tempete game and
 * on a Knightmare game through the one protocol, with the same refusal, the same
 * announcement and the same state after it. A kind's own words stand in braces: {I} is
 * Black's interception of White's move with a card of that kind (the move stands), {N}
 * what an answer carries besides (Tempete's number for the interceptor's card). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "gametest.h"
#include "game/cardturn.h"
#include "game/standing.h"
#include "kinds/knightmare/knightmare.h"
#include "kinds/registry.h"
#include "kinds/tempete/tempete.h"
#include "render/catalogue.h"
#include "store/cards_load.h"
#include "tempetetest.h"

static struct variant *kv;
static struct card_catalogue kcat;

/* A card kind as the table plays it. */
struct kind_run {
	const char *name;                       /* its orders' kind (order parsing) */
	struct game *(*dealt)(const char *fen); /* White to move, both hands dealt */
	const char *intercept;                  /* {I} */
	const char *answer_extra;               /* {N} */
	const char *instead;                    /* White's card instead of a move, at the start */
};

/* The text with the kind's words put in. */
static void words(const struct kind_run *k, const char *text, char *out, size_t len)
{
	size_t at = 0;

	for (const char *s = text; *s && at + 1 < len; s++) {
		const char *put = !strncmp(s, "{I}", 3) ? k->intercept :
				  !strncmp(s, "{N}", 3) ? k->answer_extra : NULL;
		if (put) {
			at += (size_t)snprintf(out + at, len - at, "%s", put);
			s += 2;
		} else
			out[at++] = *s;
	}
	out[at < len ? at : len - 1] = 0;
}

/* c's mail in a game of kind k: the first refusal's reason ("" if applied); the note of
 * the first reply in `note`. */
static const char *send(const struct kind_run *k, struct game *g, int c, const char *text,
			char *note, size_t nlen)
{
	static char reason[512];
	struct order_line lines[40];
	struct orders o;
	struct outcome out = { 0 };
	struct err e = { 0 };
	char copy[1024], *save = NULL;
	size_t n = 0;

	words(k, text, copy, sizeof copy);
	for (char *l = strtok_r(copy, "\n", &save); l && n < 40; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = (int)n + 1, lines[n].text = l, n++;
	test_order_parse(lines, n, k->name, &o, &e);
	struct sender s = from(g, c);
	if (!CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0))
		check_context("%s", e.msg);
	snprintf(reason, sizeof reason, "%s", out.nerrors ? out.errors[0].reason : "");
	if (note)
		snprintf(note, nlen, "%s", out.nreplies ? out.replies[0].note : "");
	orders_free(&o);
	outcome_free(&out);
	return reason;
}

/* What each seat's reply to the last send_notes() says (note and own note joined). */
static char seat_note[2][2048];

/* send() that keeps each seat's reply. */
static const char *send_notes(const struct kind_run *k, struct game *g, int c, const char *text)
{
	static char reason[512];
	struct order_line lines[40];
	struct orders o;
	struct outcome out = { 0 };
	struct err e = { 0 };
	char copy[1024], *save = NULL;
	size_t n = 0;

	words(k, text, copy, sizeof copy);
	for (char *l = strtok_r(copy, "\n", &save); l && n < 40; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = (int)n + 1, lines[n].text = l, n++;
	test_order_parse(lines, n, k->name, &o, &e);
	struct sender s = from(g, c);
	CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0);
	snprintf(reason, sizeof reason, "%s", out.nerrors ? out.errors[0].reason : "");
	seat_note[0][0] = seat_note[1][0] = 0;
	for (size_t i = 0; i < out.nreplies; i++)
		if (out.replies[i].to == WHITE || out.replies[i].to == BLACK)
			snprintf(seat_note[out.replies[i].to], sizeof seat_note[0], "%s",
				 out.replies[i].note);
	orders_free(&o);
	outcome_free(&out);
	return reason;
}

static struct game *tempete_dealt(const char *fen)
{
	return standard_game(fen);
}

/* Personal sets, each deck 1-7; White holds Veto, Side Step and Slanting Path, Black
 * Counterstep and Trap Door (cards of the opponent's turn) and Royal Vault. */
static struct game *knightmare_dealt(const char *fen)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e = { 0 };
	static const struct kind_run km = { .name = "knightmare" };
	static const int hand[2][3] = { { 30, 3, 1 }, { 33, 32, 5 } };

	g->cat = &kcat;
	g->k = kind_find("knightmare");
	struct order_line lines[4] = { { 1, "new knightmare-cards" }, { 2, "opponent bob@example.org" },
				       { 3, "colour white" }, { 4, "sets personal" } };
	test_order_parse(lines, 4, "knightmare", &o, &e);
	struct sender s = from(g, WHITE);
	s.tag_token[0] = 0;
	CHECK(game_challenge(g, ++next_id, kv, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	outcome_free(&out);
	if (fen) {
		CHECK(board_set_start(&g->board[0], fen) == 0);
		CHECK(game_load_position(g, kv, &e) == 0);
	}
	CHECK_STR(send(&km, g, BLACK, "accept", NULL, 0), "");
	CHECK_STR(send(&km, g, WHITE, "deck 1 2 3 4 5 6 7", NULL, 0), "");
	CHECK_STR(send(&km, g, BLACK, "deck 1 2 3 4 5 6 7", NULL, 0), "");
	struct knightmare *st = g->kstate;
	for (int c = 0; c < 2; c++) {
		st->nhand[c] = 3;
		memcpy(st->hand[c], hand[c], sizeof hand[c]);
	}
	return g;
}

static const struct kind_run kinds[] = {
	{ "tempete", tempete_dealt, "intercept\ncard 23\neffect capture g1", "\nnumbers 6",
	  "card 23\neffect instead\neffect move e2 e3" },
	{ "knightmare", knightmare_dealt, "intercept\ncard 33 a7 a6", "", "card 1 e2 d3" },
};

/* The mate of the table's mate cases: Re8#, Black holding cards. */
#define MATE "7k/6pp/8/4R3/8/8/8/K7 w - - 0 1"

static const struct {
	const char *name, *fen, *steps;
	char who;
	const char *text, *error, *note;
	enum ct_expect expect;
	char to;
} cases[] = {
	{ "an interception before any move", NULL, "", 'b', "{I}",
	  "you can intercept only the move just made, before you reply to it", NULL, CT_MOVE, 'w' },
	{ "an interception of one's own move", NULL, "w:e4", 'w', "{I}",
	  "you can intercept only the move just made, before you reply to it", NULL, CT_MOVE, 'b' },
	{ "an interception without a card", NULL, "w:e4", 'b', "intercept",
	  "an interception plays a card ('card 23')", NULL, CT_MOVE, 'b' },
	{ "an interception with a move", NULL, "w:e4", 'b', "{I}\ne5",
	  "an interception carries no move: you move after the answer", NULL, CT_MOVE, 'b' },
	{ "an interception", NULL, "w:e4", 'b', "{I}", "", NULL, CT_ANSWER, 'w' },
	{ "the interceptor moving before the answer", NULL, "w:e4|b:{I}", 'b', "e5",
	  "it is not your turn: White must answer your interception first", NULL, CT_ANSWER, 'w' },
	{ "an interception instead of the answer", NULL, "w:e4|b:{I}", 'w', "{I}",
	  "you can intercept only the move just made, before you reply to it", NULL, CT_ANSWER, 'w' },
	{ "an answer when no interception is pending", NULL, "w:e4", 'b', "accept",
	  "this belongs to an answer to an interception, and none is pending", NULL, CT_MOVE, 'b' },
	/* rule 9: an accept that leaves the move standing is announced */
	{ "rule 9: accept announced", NULL, "w:e4|b:{I}", 'w', "accept{N}", "",
	  "White accepts the interception: the move stands.", CT_MOVE, 'b' },
	{ "the interceptor moves after the answer", NULL, "w:e4|b:{I}|w:accept{N}", 'b', "e5", "",
	  NULL, CT_MOVE, 'w' },
	{ "an interception of the answer", NULL, "w:e4|b:{I}|w:accept{N}", 'b', "{I}",
	  "you can intercept only the move just made, before you reply to it", NULL, CT_MOVE, 'b' },
	/* rule 13: a mate waits for an interception that may lift it */
	{ "rule 13: a mate waits for an interception", MATE, "", 'w', "Re8", "",
	  "Black is mated, unless an interception lifts the mate.", CT_MATED, 'b' },
	{ "rule 13: the mated player cannot move", MATE, "w:Re8", 'b', "h6",
	  "you are mated: intercept the mating move ('intercept' with a card and its effects) or "
	  "concede", NULL, CT_MATED, 'b' },
};

/* Applies "w:TEXT|b:TEXT|..."; each must pass. */
static void steps(const struct kind_run *k, struct game *g, const char *text)
{
	char *copy = strdup(text), *save = NULL;

	for (char *s = strtok_r(copy, "|", &save); s; s = strtok_r(NULL, "|", &save)) {
		check_context("step '%s'", s);
		CHECK_STR(send(k, g, s[0] == 'w' ? WHITE : BLACK, s + 2, NULL, 0), "");
		check_context(NULL);
	}
	free(copy);
}

static void run_kind(const struct kind_run *k)
{
	char note[1024];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct game *g = k->dealt(cases[i].fen);
		check_context("%s: %s", k->name, cases[i].name);
		steps(k, g, cases[i].steps);
		check_context("%s: %s", k->name, cases[i].name);
		CHECK_STR(send(k, g, cases[i].who == 'w' ? WHITE : BLACK, cases[i].text, note,
			       sizeof note), cases[i].error);
		if (cases[i].note && !CHECK(strstr(check_en(note), cases[i].note) != NULL))
			check_context("%s: %s: note '%s'", k->name, cases[i].name, note);
		CHECK_INT(cardturn_get(g)->expect, cases[i].expect);
		CHECK_INT(cardturn_get(g)->to, cases[i].to == 'w' ? WHITE : BLACK);
		check_context(NULL);
		game_free(g);
	}
}

/* Rule 13: the mated player who concedes lets the mate stand: the game ends by checkmate. */
static void rule_13_concede(const struct kind_run *k)
{
	struct game *g = k->dealt(MATE);

	check_context("%s: rule 13 concede", k->name);
	steps(k, g, "w:Re8|b:concede");
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1-0");
	CHECK_STR(g->termination, "checkmate");
	check_context(NULL);
	game_free(g);
}

/* Rule 9: each subject says who must act and names no old move. The interceptor does
 * not act while the answer is owed (its subject must not say "your move"); a card played
 * instead of a move is the last move, not the move before it. */
static void rule_9_subjects(const struct kind_run *k)
{
	struct ct_subject sw, sb;
	struct game *g = k->dealt(NULL);

	check_context("%s: rule 9 subjects", k->name);
	steps(k, g, "w:e4|b:{I}");
	cardturn_subject(g, WHITE, &sw);
	cardturn_subject(g, BLACK, &sb);
	CHECK(sw.to_act);
	CHECK(!sb.to_act);                      /* the interceptor */
	game_free(g);
	g = k->dealt(NULL);
	CHECK_STR(send(k, g, WHITE, k->instead, NULL, 0), "");
	cardturn_subject(g, WHITE, &sw);
	cardturn_subject(g, BLACK, &sb);
	CHECK(!strncmp(check_en(sb.last_move), "1. card ", 8));
	CHECK(sw.mover && !sb.mover && sb.to_act && !sw.to_act);
	CHECK_STR(send(k, g, BLACK, "e5{N}", NULL, 0), "");
	cardturn_subject(g, WHITE, &sw);
	CHECK_STR(sw.last_move, "");            /* a move names itself again */
	game_free(g);
	/* rule 13: the mated player may not move, so the subject must not say "your move" */
	g = k->dealt(MATE);
	steps(k, g, "w:Re8");
	cardturn_subject(g, WHITE, &sw);
	cardturn_subject(g, BLACK, &sb);
	CHECK(sb.to_act && sb.mated);
	CHECK(!sw.to_act && !sw.mated);
	check_context(NULL);
	game_free(g);
}

/* Rule 9 and card 18: the interception of a double move announces the part it hits. */
static void card_18_part_hit_announced(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, DOUBLE);
	CHECK_INT(mail(g, BLACK, TAKEBACK "\npart 2", &out), 0);
	CHECK_HAS(note_of(&out), "The interception hits part 2 of White's double move (Ng5).");
	outcome_free(&out);
	game_free(g);
}

/* Black holds card 32 (a disabling card) in place of 34. */
static struct game *black_holds_32(void)
{
	struct game *g = standard_game(NULL);

	for (int i = 0; i < TP(g)->nhand[BLACK]; i++)
		if (TP(g)->hand[BLACK][i] == 34)
			TP(g)->hand[BLACK][i] = 32;
	return g;
}

/* Card 32 disables card 18 and the whole double move with it: it is not asked for a
 * part, and refuses one (seed 000, rule 11). */
static void card_32_no_part(void)
{
	struct game *g = black_holds_32();
	struct outcome out = { 0 };

	play(g, DOUBLE);
	CHECK_INT(mail(g, BLACK, "intercept\ncard 32\npart 1", &out), 1);
	CHECK_STR(first_error(&out), "card 32 undoes the whole move with its card: it hits no part");
	CHECK_INT(mail(g, BLACK, "intercept\ncard 32", &out), 0);
	CHECK_HAS(note_of(&out), "Card 32 disables card 18");
	outcome_free(&out);
	game_free(g);
}

/* Card 18 disabled: 'keep' is refused with a word, not ignored (the card is spent). */
static void card_18_keep_after_disable(void)
{
	struct game *g = black_holds_32();
	struct outcome out = { 0 };

	play(g, DOUBLE "|b:intercept\ncard 32");
	CHECK_INT(mail(g, WHITE, "keep\nNf3\nnumbers 6", &out), 1);
	CHECK_STR(first_error(&out), "your card was disabled by card 32 and stays spent: it "
		  "cannot be kept or discarded; make a normal move");
	CHECK_INT(mail(g, WHITE, "Nf3\nnumbers 6", &out), 0);
	outcome_free(&out);
	game_free(g);
}

/* Answers in advance ("if intercepted: accept"): recorded with the move and told to its
 * player alone; applied when the interception comes and shown to both then; one for
 * another card, or one that has become impossible, is dropped unseen and the player is
 * asked as without it. */
static void standing_answers(const struct kind_run *k)
{
	struct game *g = k->dealt(NULL);

	check_context("%s: answers in advance", k->name);
	CHECK_STR(send_notes(k, g, WHITE, "e4\nif intercepted: accept"), "");
	/* kept by the game as every line given in advance, shown to White's mails alone */
	struct buf shown = { 0 };
	standing_text(g, WHITE, "", &shown);
	CHECK_STR(check_en(shown.s ? shown.s : ""), "if intercepted: accept\n");
	buf_free(&shown);
	standing_text(g, BLACK, "", &shown);
	CHECK(shown.n == 0);
	CHECK(!strstr(check_en(seat_note[BLACK]), "advance") &&
	      !strstr(check_en(seat_note[BLACK]), "intercepted"));
	CHECK_STR(send_notes(k, g, BLACK, "{I}"), "");
	CHECK_HAS(seat_note[BLACK], "White answered in advance: if intercepted: accept. White "
		  "accepts the interception: the move stands.");
	CHECK_HAS(seat_note[WHITE], "White answered in advance: if intercepted: accept.");
	CHECK_INT(cardturn_get(g)->expect, CT_MOVE);    /* no mail from White was needed */
	CHECK_INT(cardturn_get(g)->to, BLACK);
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 0);
	CHECK_STR(send_notes(k, g, BLACK, "e5"), "");
	game_free(g);

	/* for another card: dropped unseen, White asked */
	g = k->dealt(NULL);
	CHECK_STR(send_notes(k, g, WHITE, "e4\nif intercepted by card 60: accept"), "");
	CHECK_STR(send_notes(k, g, BLACK, "{I}"), "");
	CHECK(!strstr(check_en(seat_note[BLACK]), "advance"));
	CHECK_INT(cardturn_get(g)->expect, CT_ANSWER);
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 0);
	game_free(g);

	/* in a mail that is not a move */
	g = k->dealt(NULL);
	CHECK_STR(send_notes(k, g, WHITE, "e4"), "");
	CHECK_STR(send_notes(k, g, BLACK, "{I}\nif intercepted: accept"),
		  "an answer in advance goes with your move");
	CHECK_STR(send_notes(k, g, WHITE, "e4"), "it is not your turn: Black is to intercept or move");
	game_free(g);

	/* the window to intercept closes: they lapse */
	g = k->dealt(NULL);
	CHECK_STR(send_notes(k, g, WHITE, "e4\nif intercepted: accept"), "");
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 1);
	cardturn_close_interception(g);
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 0);
	game_free(g);

	/* for a card the game has not: refused, not kept */
	g = k->dealt(NULL);
	CHECK_STR(send_notes(k, g, WHITE, "e4\nif intercepted by card 500: accept"),
		  "there is no card 500 in this game");
	CHECK_INT(standing_count(g, -1, STANDING_ON_INTERCEPTION), 0);
	game_free(g);

	/* two for any interception */
	g = k->dealt(NULL);
	CHECK_STR(send_notes(k, g, WHITE, "e4\nif intercepted: accept\nif intercepted: accept"),
		  "one answer in advance to any interception");
	check_context(NULL);
	game_free(g);
}

/* A card number past an int's range is refused, not read as a smaller card (2^32 + 23). */
static void card_number_huge(void)
{
	struct game *g = kinds[0].dealt(NULL);

	CHECK_STR(send(&kinds[0], g, WHITE, "e4", NULL, 0), "");
	CHECK_STR(send(&kinds[0], g, BLACK, "intercept\ncard 4294967319\neffect capture g1", NULL, 0),
		  "write: card 23 (or: card 23 continuing)");
	CHECK_INT(cardturn_get(g)->expect, CT_MOVE);
	game_free(g);
	g = kinds[1].dealt(NULL);
	CHECK_STR(send(&kinds[1], g, WHITE, "e4", NULL, 0), "");
	CHECK_STR(send(&kinds[1], g, BLACK, "intercept\ncard 33x a7 a6", NULL, 0),
		  "write: card 17 (and its targets: card 17 e4 d5)");
	CHECK_STR(send(&kinds[1], g, BLACK, "intercept\ncard 4294967329 a7 a6", NULL, 0),
		  "write: card 17 (and its targets: card 17 e4 d5)");
	CHECK_INT(cardturn_get(g)->expect, CT_MOVE);
	CHECK_STR(send(&kinds[1], g, BLACK, "intercept\ncard 33, a7 a6", NULL, 0), "");
	CHECK_INT(cardturn_get(g)->expect, CT_ANSWER);
	game_free(g);
}

/* Tempete: a move as the answer in advance, for the card that takes the move back; one that
 * the interception made impossible (the move stands) is dropped; Knightmare refuses a move. */
static void standing_moves(void)
{
	const struct kind_run *tp = &kinds[0], *km = &kinds[1];
	struct game *g = tp->dealt(NULL);

	CHECK_STR(send_notes(tp, g, WHITE, "e4\nif intercepted by card 66: d4\nif intercepted: Nf3"), "");
	CHECK_STR(send_notes(tp, g, BLACK, TAKEBACK), "");
	CHECK_HAS(seat_note[BLACK], "White answered in advance: if intercepted by card 66: d4.");
	CHECK_HAS(seat_note[BLACK], "White moves d4 instead.");
	CHECK_INT(cardturn_get(g)->expect, CT_MOVE);
	CHECK_INT(cardturn_get(g)->to, BLACK);
	CHECK_INT(TP(g)->nhand[BLACK], 5);     /* the number owed, chosen at random */
	game_free(g);
	g = tp->dealt(NULL);
	CHECK_STR(send_notes(tp, g, WHITE, "e4\nif intercepted: Nf3"), "");
	CHECK_STR(send_notes(tp, g, BLACK, "{I}"), "");    /* the move stands: Nf3 cannot be */
	CHECK(!strstr(check_en(seat_note[BLACK]), "advance") && !strstr(check_en(seat_note[BLACK]), "Nf3"));
	CHECK_INT(cardturn_get(g)->expect, CT_ANSWER);
	CHECK_STR(send_notes(tp, g, WHITE, "accept\nnumbers 6"), "");
	game_free(g);
	g = km->dealt(NULL);
	CHECK_STR(send_notes(km, g, WHITE, "e4\nif intercepted: Nf3"), "an answer in advance is "
		  "'accept' here (an answer is accept, or a card in answer to it)");
	game_free(g);
}

/* The protocol's state is reached only in a game of a card kind, where that kind keeps it:
 * a kind without cards (with a state of its own or none) has no card turn to read. */
static void state_of_card_kinds_only(void)
{
	static const char *const cardless[] = { "chess", "perplexichess", "tigerchess", "chessme" };
	struct game *g;

	for (size_t i = 0; i < sizeof cardless / sizeof cardless[0]; i++) {
		check_context("%s", cardless[i]);
		g = game_new();
		g->k = kind_find(cardless[i]);
		if (CHECK(g->k) && g->k->state_new)
			CHECK((g->kstate = g->k->state_new()) != NULL);
		CHECK(cardturn_get(g) == NULL && cardturn_of(g) == NULL);
		game_free(g);
	}
	check_context(NULL);
	g = kinds[0].dealt(NULL);
	CHECK(cardturn_of(g) == &TP(g)->ct && cardturn_get(g) == &TP(g)->ct);
	game_free(g);
	g = kinds[1].dealt(NULL);
	CHECK(cardturn_of(g) == &((struct knightmare *)g->kstate)->ct);
	game_free(g);
}

/* A reader's text in language `lang` (templates/po/LANG.po). */
static const char *in_language(const char *lang, const char *text)
{
	static char out[2][512];
	static int i;
	char path[64];
	struct catalogue *c = NULL;
	struct err e = { 0 };
	struct phrase_lang l;
	struct buf b = { 0 };

	snprintf(path, sizeof path, "templates/po/%s.po", lang);
	if (!CHECK_INT(catalogue_load(path, &c, &e), 0))
		return "";
	catalogue_lang(c, &l);
	l.mark_missing = true;          /* an English piece shows as such */
	phrase_render(&b, text, &l);
	i = !i;
	snprintf(out[i], sizeof out[i], "%s", b.s ? b.s : "");
	buf_free(&b);
	catalogue_free(c);
	return out[i];
}

/* A kind's sentences about an answer are whole phrases of its own, each translated whole
 * (a fragment spliced into the protocol's sentence cannot be): the prompt where none of
 * the protocol's fits, and Knightmare's refusal of an answer in advance that is no
 * 'accept', as a French and a German reader get them. */
static void kind_answer_sentences(void)
{
	static const struct {
		const struct ct_ops *ops;
		const char *fr, *de;
	} prompts[] = {
		{ &tempete_turn_ops,
		  "Répondez à l'interception\u00a0: un autre coup, une carte, ou 'accept'",
		  "Beantworten Sie die Interception: ein anderer Zug, eine Karte oder 'accept'" },
		{ &knightmare_turn_ops,
		  "Répondez à l'interception\u00a0: accepter, ou une carte en réponse",
		  "Beantworten Sie die Interception: annehmen oder eine Karte als Antwort darauf" },
	};

	for (size_t i = 0; i < sizeof prompts / sizeof prompts[0]; i++) {
		check_context("prompt %zu", i);
		CHECK_STR(in_language("fr", prompts[i].ops->answer_prompt), prompts[i].fr);
		CHECK_STR(in_language("de", prompts[i].ops->answer_prompt), prompts[i].de);
		CHECK(!prompts[i].ops->answer_moves == !!prompts[i].ops->advance_refused);
	}
	check_context("knightmare: an answer in advance that is a move");
	struct game *g = kinds[1].dealt(NULL);
	const char *why = send_notes(&kinds[1], g, WHITE, "e4\nif intercepted: Nf3");
	CHECK_HAS(in_language("fr", why), "Ici, une réponse d'avance ne peut être que 'accepter' "
		  "(une réponse est\u00a0: accepter, ou une carte en réponse)");
	CHECK_HAS(in_language("de", why), "Eine Antwort im Voraus kann hier nur 'annehmen' sein "
		  "(eine Antwort ist: annehmen oder eine Karte als Antwort darauf)");
	CHECK(!strstr(in_language("fr", why), "\xe2\x9f\xa6"));  /* no English piece: ⟦ */
	game_free(g);
	check_context(NULL);
}

int main(void)
{
	struct err e = { 0 };

	tempete_test_setup();
	kv = test_variant("knightmare-cards");
	if (cards_load("rules", "knightmare", NULL, NULL, &kcat, &e) < 0) {
		fprintf(stderr, "cannot load the cards: %s\n", e.msg);
		return 2;
	}
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		run_kind(&kinds[k]);
		rule_9_subjects(&kinds[k]);
		rule_13_concede(&kinds[k]);
		standing_answers(&kinds[k]);
	}
	card_18_part_hit_announced();
	card_32_no_part();
	card_18_keep_after_disable();
	standing_moves();
	card_number_huge();
	state_of_card_kinds_only();
	kind_answer_sentences();
	variant_free(kv);
	tempete_test_free();
	return check_done();
}
