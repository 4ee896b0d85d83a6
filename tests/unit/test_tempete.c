/* test_tempete.c: the rules of Tempete by mail (README, "Tempete sur l'Echiquier by mail";
 * seed 000, and seed 002's Checkmate Rule), table-driven. Every refusal the rules imply,
 * with the words it must contain and a state hash that does not move; then the plays that
 * must be accepted, with the exact hands, numbers and board they leave. Pure game logic
 * (game_challenge / game_apply on orders read from text): no files, no mail.
 *
 * The standard game: alice (White) and bob (Black) send explicit lists and the opening
 * numbers 1 2 3 4 5, so every draw is known in advance:
 *   White's list  18 12 32 57 23, then the other cards ascending (6:1 7:2 8:3 ...)
 *   Black's list  66 34 28 23 57, then the other cards descending (6:70 7:69 8:68 ...)
 * White opens with 18 12 32 57 23, Black with 66 34 28 23 57; Black's number 6 gives
 * White card 1, White's number 6 gives Black card 70. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "game/tempete.h"
#include "mail/msgtext.h"
#include "rules/cards.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "tempete test key, thirty-two by";
static struct variant *tv;
static struct card_catalogue cat;
static int serial, next_id = 40;

static const int white_front[] = { 18, 12, 32, 57, 23 };
static const int black_front[] = { 66, 34, 28, 23, 57 };

/* ---- the harness ---- */

/* Orders from text lines, numbered from 1. */
static void read_orders(const char *text, struct orders *o)
{
	struct text_line lines[80];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	int lineno = 0;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 80; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = ++lineno, lines[n++].text = l;
	struct err e;
	order_parse(lines, n, o, &e);
	free(copy);
}

static struct sender from(const struct game *g, int c)
{
	struct sender s;

	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", c == WHITE ? "alice@example.org" : "bob@example.org");
	snprintf(s.msg_key, sizeof s.msg_key, "tp-%d@test", ++serial);
	s.now = 1800000000 + serial;
	if (c >= 0)
		game_token(key, sizeof key, g->id, (enum color)c, s.tag_token);
	return s;
}

/* Applies c's mail; returns how many errors the refusal lists (0: applied). */
static int mail(struct game *g, int c, const char *text, struct outcome *out)
{
	struct orders o;
	struct err e;
	struct sender s = from(g, c);

	read_orders(text, &o);
	outcome_free(out);
	if (!CHECK(game_apply(g, key, sizeof key, &s, &o, out, &e) == 0))
		check_context("%s", e.msg);
	orders_free(&o);
	return (int)out->nerrors;
}

static const char *first_error(const struct outcome *o)
{
	return o->nerrors ? o->errors[0].reason : "";
}

/* The cards in use, ascending (the default list: 1-72 without 11, 22, 71, 72). */
static int default_cards(int *out)
{
	int n = 0;

	for (int k = 1; k <= 72; k++)
		if (k != 11 && k != 22 && k != 71 && k != 72)
			out[n++] = k;
	return n;
}

/* "list F1 F2 ... then the other cards", ascending or descending. */
static void list_text(const int *front, int nf, bool descending, char *out, size_t len)
{
	int cards[CARDS_MAX], n = default_cards(cards);
	size_t at = (size_t)snprintf(out, len, "list");

	for (int i = 0; i < nf; i++)
		at += (size_t)snprintf(out + at, len - at, " %d", front[i]);
	for (int i = 0; i < n; i++) {
		int k = cards[descending ? n - 1 - i : i];
		bool in_front = false;
		for (int j = 0; j < nf; j++)
			in_front |= front[j] == k;
		if (!in_front)
			at += (size_t)snprintf(out + at, len - at, " %d", k);
	}
}

/* alice challenges bob (`cards` a card list or NULL), from `fen` (NULL: the setup); bob
 * accepts. */
static struct game *accepted_game(const char *cards, const char *fen)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	char text[256];

	g->cat = &cat;
	snprintf(text, sizeof text, "new tempete\nopponent bob@example.org\ncolour white%s%s",
		 cards ? "\ncards " : "", cards ? cards : "");
	read_orders(text, &o);
	struct sender s = from(g, WHITE);
	s.tag_token[0] = 0;
	CHECK(game_challenge(g, ++next_id, tv, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	CHECK(out.created);
	if (fen) {
		snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
		if (!CHECK(game_load_position(g, tv, &e) == 0))
			check_context("%s", e.msg);
	}
	CHECK_INT(mail(g, BLACK, "accept", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	outcome_free(&out);
	return g;
}

/* Applies steps "w:TEXT|b:TEXT|..." (lines of TEXT separated by \n); each must pass. */
static void play(struct game *g, const char *steps)
{
	char *copy = strdup(steps), *save = NULL;
	struct outcome out = { 0 };

	for (char *s = strtok_r(copy, "|", &save); s; s = strtok_r(NULL, "|", &save)) {
		int c = s[0] == 'w' ? WHITE : BLACK;
		if (mail(g, c, s + 2, &out) != 0) {
			check_context("step '%s'", s);
			CHECK_STR(first_error(&out), "");
			check_context(NULL);
		}
	}
	outcome_free(&out);
	free(copy);
}

/* The standard game, dealt: White to move. */
static struct game *standard_game(const char *fen)
{
	struct game *g = accepted_game(NULL, fen);
	char w[600], b[600], steps[1400];

	list_text(white_front, 5, false, w, sizeof w);
	list_text(black_front, 5, true, b, sizeof b);
	snprintf(steps, sizeof steps, "w:%s\nnumbers 1 2 3 4 5|b:%s\nnumbers 1 2 3 4 5", w, b);
	play(g, steps);
	CHECK_INT(g->tp->expect, TP_MOVE);
	return g;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* c's hand as ascending numbers, "1 12 18 32 57". */
static const char *hand(const struct game *g, int c)
{
	static char buf[2][256];
	int h[TP_HAND_MAX], n = g->tp->nhand[c];
	size_t at = 0;

	memcpy(h, g->tp->hand[c], sizeof h);
	qsort(h, (size_t)n, sizeof h[0], cmp_int);
	buf[c][0] = 0;
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(buf[c] + at, sizeof buf[c] - at, "%s%d", i ? " " : "", h[i]);
	return buf[c];
}

static const char *ints_text(const int *a, int n)
{
	static char buf[2][512];
	static int k;
	size_t at = 0;

	k = !k;
	buf[k][0] = 0;
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(buf[k] + at, sizeof buf[k] - at, "%s%d", i ? " " : "", a[i]);
	return buf[k];
}

/* The position as "placement side" (the move counters after card edits are not ours to
 * pin down). */
static const char *board(const struct game *g)
{
	static char buf[FEN_MAX];

	pos_to_fen(g->pos, buf, sizeof buf);
	char *sp = strchr(buf, ' ');
	if (sp && sp[1])
		sp[2] = 0;
	return buf;
}

static bool has_reply(const struct outcome *o, enum reply_kind k, int to)
{
	for (size_t i = 0; i < o->nreplies; i++)
		if (o->replies[i].kind == k && o->replies[i].to == to)
			return true;
	return false;
}

static const char *note_of(const struct outcome *o)
{
	return o->nreplies ? o->replies[0].note : "";
}

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

/* Positions: the back rank (A), the knight shuffles of the depletion game (B). */
#define FEN_A "3r3k/6pp/8/8/8/8/8/R5K1 w - - 0 1"
#define FEN_MATE "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1"
#define TAKEBACK "intercept\ncard 66\neffect takeback"
#define DOUBLE "w:card 18\nNf3\nNg5"

static const struct refusal refusals[] = {
	/* cards and hands */
	{ "a card not in hand", DEALT, NULL, NULL, "", 'w', "card 66\ne4", "card 66 is not in your hand" },
	{ "a card the opponent holds", DEALT, NULL, NULL, "w:e4", 'b', "card 18\ne5", "card 18 is not in your hand" },
	{ "a card played before", DEALT, NULL, NULL, "w:card 23\ne4|b:e5\nnumbers 6", 'w', "card 23\nNf3",
	  "card 23 is not in your hand" },
	/* numbers (rule 8) */
	{ "number 0", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 0", "0 is not a number from 1 to 68" },
	{ "number N+1", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers 69", "69 is not a number from 1 to 68" },
	{ "a number that is not one", DEALT, NULL, NULL, "w:card 23\ne4", 'b', "e5\nnumbers six", "'six' is not a number" },
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
	{ "a list of words", ACCEPTED, NULL, NULL, "", 'w', "list my favourite cards", "'my' is not a card number" },
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
		{ "1-10 12-40", NULL, 38 },             /* README's example: 22 is not in the game */
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
			CHECK_INT(g->tp ? g->tp->n : 0, rows[i].n);
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
		int nmoves = g->nmoves;
		size_t nevents = g->nevents;
		game_hash(g, before);
		int nerr = mail(g, who, r->text, &out);
		game_hash(g, after);
		CHECK(nerr >= 1);
		CHECK_HAS(first_error(&out), r->want);
		CHECK_STR(after, before);
		CHECK_INT(g->nmoves, nmoves);
		CHECK_INT(g->nevents, nevents);
		CHECK(has_reply(&out, REPLY_REFUSED, who));
		CHECK(!has_reply(&out, REPLY_REFUSED, 1 - who) && !has_reply(&out, REPLY_MOVED, 1 - who));
		outcome_free(&out);
		game_free(g);
	}
	check_context(NULL);
}

/* ---- plays that must be accepted ---- */

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
	CHECK_INT(g->tp->expect, TP_SETUP);
	CHECK_INT(g->tp->nhand[WHITE] + g->tp->nhand[BLACK], 0);
	CHECK(!g->tp->list_by_referee[WHITE]);
	CHECK_INT(mail(g, BLACK, b, &out), 0);
	CHECK(has_reply(&out, REPLY_DEALT, WHITE) && has_reply(&out, REPLY_DEALT, BLACK));
	/* Black's 1 3 5 7 9 on White's list 18 12 32 57 23 1 2 3 4 ... */
	CHECK_STR(hand(g, WHITE), "2 4 18 23 32");
	/* White's 2 4 6 8 10 on Black's list 66 34 28 23 57 70 69 68 67 65 ... */
	CHECK_STR(hand(g, BLACK), "23 34 65 68 70");
	CHECK_STR(ints_text(g->tp->sent[WHITE], g->tp->nsent[WHITE]), "2 4 6 8 10");
	CHECK_STR(ints_text(g->tp->sent[BLACK], g->tp->nsent[BLACK]), "1 3 5 7 9");
	CHECK_STR(ints_text(g->tp->drawn_number[WHITE], g->tp->ndrawn[WHITE]), "1 3 5 7 9");
	CHECK_STR(ints_text(g->tp->drawn_card[BLACK], g->tp->ndrawn[BLACK]), "34 23 70 68 65");
	CHECK_INT(g->tp->expect, TP_MOVE);
	CHECK_INT(g->tp->to, WHITE);
	CHECK(!g->tp->may_intercept);
	game_free(g);

	/* numbers before the list: held until the list is in, then dealt all the same */
	g = accepted_game(NULL, NULL);
	CHECK_INT(mail(g, BLACK, "numbers 5 4 3 2 1", &out), 0);
	CHECK_INT(mail(g, WHITE, "numbers 1 2 3 4 5", &out), 0);
	CHECK_INT(mail(g, WHITE, w, &out), 1);          /* White's numbers are in already */
	CHECK_HAS(first_error(&out), "your five opening numbers are already recorded");
	list_text(white_front, 5, false, w, sizeof w);
	CHECK_INT(mail(g, WHITE, w, &out), 0);
	CHECK_INT(g->tp->expect, TP_SETUP);
	CHECK_INT(mail(g, BLACK, b, &out), 1);          /* Black's numbers are in already too */
	CHECK_HAS(first_error(&out), "your five opening numbers are already recorded");
	list_text(black_front, 5, true, b, sizeof b);
	CHECK_INT(mail(g, BLACK, b, &out), 0);
	CHECK_INT(g->tp->expect, TP_MOVE);
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
		CHECK(g->tp->list_by_referee[WHITE]);
		memcpy(lists[k], g->tp->list[WHITE], sizeof lists[k]);
		int sorted[CARDS_MAX], cards[CARDS_MAX], n = default_cards(cards);
		memcpy(sorted, lists[k], sizeof sorted);
		qsort(sorted, (size_t)n, sizeof sorted[0], cmp_int);
		CHECK(!memcmp(sorted, cards, (size_t)n * sizeof cards[0]));
		CHECK_INT(g->tp->nsent[WHITE], 5);
		game_free(g);
	}
	CHECK(!memcmp(lists[0], lists[1], sizeof lists[0]));
	CHECK(memcmp(lists[0], lists[2], sizeof lists[0]) != 0);
	next_id = 40;
	outcome_free(&out);
}

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
	CHECK_STR(ints_text(g->tp->sent[BLACK], g->tp->nsent[BLACK]), "1 2 3 4 5 6");
	CHECK_INT(g->tp->drawn_number[WHITE][g->tp->ndrawn[WHITE] - 1], 6);
	/* the cards this mail drew, and only those, are the ones reported for it */
	CHECK_STR(ints_text(g->tp->just_drew[WHITE], g->tp->njust_drew[WHITE]), "1");
	CHECK_INT(mail(g, WHITE, "card 12\nsquare c4\nNf3", &out), 0);
	CHECK_INT(mail(g, BLACK, "Nc6\nnumbers 7", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 2 18 32 57");
	CHECK_STR(ints_text(g->tp->just_drew[WHITE], g->tp->njust_drew[WHITE]), "2");
	CHECK_INT(g->tp->njust_drew[BLACK], 0);
	game_free(g);

	/* an interception: the interceptor holds 4; the answer carries exactly one number */
	g = standard_game(NULL);
	CHECK_INT(mail(g, WHITE, "e4", &out), 0);
	CHECK(g->tp->may_intercept);
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(hand(g, BLACK), "23 28 34 57");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w");                   /* e4 is taken back */
	CHECK_INT(g->tp->expect, TP_ANSWER);
	CHECK_INT(g->tp->to, WHITE);
	CHECK_HAS(note_of(&out), "Black plays card 66 to intercept: takeback.");
	CHECK_INT(mail(g, WHITE, "d4\nnumbers 6", &out), 0);
	CHECK_STR(hand(g, BLACK), "23 28 34 57 70");
	CHECK_STR(hand(g, WHITE), "12 18 23 32 57");
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b");
	CHECK_HAS(note_of(&out), "White moves d4 instead.");
	CHECK_INT(g->tp->expect, TP_MOVE);
	CHECK_INT(g->tp->to, BLACK);
	CHECK(!g->tp->may_intercept);                   /* the answer is not intercepted */
	CHECK_INT(mail(g, BLACK, "d5", &out), 0);       /* White holds 5: no numbers */
	game_free(g);

	/* a capture taken back is no loss: nothing in the captured list, nothing to return */
	g = standard_game(NULL);
	play(g, "w:e4|b:d5|w:exd5");
	CHECK_INT(g->tp->nlost[BLACK], 1);
	CHECK_INT(mail(g, BLACK, TAKEBACK, &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w");
	CHECK_INT(g->tp->nlost[BLACK], 0);
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
	CHECK_INT(g->tp->to, BLACK);
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);
	game_free(g);

	/* an answer with a card (32): its player holds 4 too; both refills follow */
	g = standard_game(NULL);
	play(g, "w:e4");
	CHECK_INT(mail(g, BLACK, "intercept\ncard 23\neffect capture g1", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b");
	CHECK_INT(g->tp->nlost[WHITE], 1);
	CHECK_INT(mail(g, WHITE, "card 32\nnumbers 6", &out), 0);
	/* the interceptor's effect is undone, the move stands */
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
	CHECK_HAS(note_of(&out), "Card 32 disables card 23: White's move stands.");
	CHECK_INT(g->tp->nlost[WHITE], 0);              /* the knight is not among the lost */
	CHECK_STR(hand(g, WHITE), "12 18 23 57");
	CHECK_STR(hand(g, BLACK), "28 34 57 66 70");
	CHECK_INT(g->tp->expect, TP_MOVE);
	CHECK_INT(g->tp->to, BLACK);
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

	CHECK_INT(g->tp->n, 12);
	CHECK_INT(mail(g, WHITE, "list 1 2 3 4 5 6 7 8 9 10 13 12\nnumbers random", &out), 0);
	CHECK_INT(mail(g, BLACK, "list 13 12 10 9 8 7 6 5 4 3 2 1\nnumbers random", &out), 0);
	CHECK_INT(g->tp->expect, TP_MOVE);
	for (int t = 0; t < 8; t++) {
		int card = 0;
		for (int i = 0; i < g->tp->nhand[WHITE] && !card; i++)
			if (g->tp->hand[WHITE][i] != 12)
				card = g->tp->hand[WHITE][i];
		check_context("turn %d, card %d", t, card);
		snprintf(text, sizeof text, "card %d\n%s", card, wmoves[t]);
		CHECK_INT(mail(g, WHITE, text, &out), 0);
		snprintf(text, sizeof text, "%s\nnumbers random", bmoves[t]);
		CHECK_INT(mail(g, BLACK, text, &out), 0);
		CHECK_INT(g->tp->nsent[BLACK], t < 7 ? 6 + t : 12);
		CHECK_INT(g->tp->nhand[WHITE], t < 7 ? 5 : 4);
	}
	check_context(NULL);
	/* all twelve numbers, each once */
	bool seen[13] = { false };
	for (int i = 0; i < g->tp->nsent[BLACK]; i++) {
		int x = g->tp->sent[BLACK][i];
		CHECK(x >= 1 && x <= 12 && !seen[x]);
		if (x >= 1 && x <= 12)
			seen[x] = true;
	}
	CHECK_INT(tempete_available(g->tp, BLACK, NULL), 0);
	/* the opening numbers random were five different ones too */
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < i; j++)
			CHECK(g->tp->sent[WHITE][i] != g->tp->sent[WHITE][j]);
	/* Black has none left: none are due, a number is refused */
	CHECK_INT(mail(g, WHITE, "a4", &out), 0);
	CHECK_INT(mail(g, BLACK, "a5\nnumbers 1", &out), 1);
	CHECK_HAS(first_error(&out), "no numbers are due now: White holds 4 cards (and you have no numbers left)");
	game_free(g);
	outcome_free(&out);
}

/* Ten cards; Black plays out every card that can intercept; White runs out of numbers;
 * Black, mated, has no interception card and loses at once. */
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
	CHECK_INT(tempete_available(g->tp, WHITE, NULL), 0);
	CHECK_INT(mail(g, WHITE, "Rd8\nnumbers 1", &out), 1);
	CHECK_HAS(first_error(&out), "no numbers are due now: Black holds 4 cards (and you have no numbers left)");
	CHECK_INT(mail(g, WHITE, "Rd8", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1-0");
	CHECK_STR(g->termination, "checkmate");
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

/* Card 57: after losing a piece other than a pawn to a regular move; the chosen card's
 * number is barred for the opponent, who is told the number only. */
static void card_57(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	play(g, "w:Nc3|b:Nf6|w:Nd5|b:Nxd5");
	CHECK_INT(g->tp->lost_turn[WHITE], 4);
	CHECK_INT(mail(g, WHITE, "card 57\nchoose 1\ne4", &out), 0);
	CHECK_STR(hand(g, WHITE), "1 12 18 23 32");
	CHECK_STR(ints_text(g->tp->barred[BLACK], g->tp->nbarred[BLACK]), "6");
	CHECK_HAS(note_of(&out), "Black may no longer send number 6");
	CHECK(!strstr(note_of(&out), "card 1"));
	CHECK_INT(tempete_available(g->tp, BLACK, NULL), 68 - 5 - 1);
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
	CHECK(strstr(first_error(&out), "you have played card 23 before") ||
	      strstr(first_error(&out), "you have drawn card 23 already"));
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
	CHECK_INT(g->tp->nsecrets, 1);
	CHECK_STR(g->tp->secrets[0].square, "e4");
	CHECK_INT(g->tp->secrets[0].by, WHITE);
	CHECK_INT(g->tp->secrets[0].card, 12);
	CHECK(!g->tp->secrets[0].used);
	CHECK_HAS(note_of(&out), "gives the referee a square, in secret");
	CHECK(!strstr(note_of(&out), "e4"));
	CHECK_INT(mail(g, BLACK, "card 28\nsquare h5\nd5\nnumbers 6", &out), 0);
	CHECK_INT(g->tp->nsecrets, 2);
	CHECK(!strstr(note_of(&out), "h5"));
	CHECK_INT(mail(g, WHITE, "secret e4\nNf3\nnumbers 6", &out), 0);
	CHECK(g->tp->secrets[0].used);
	CHECK_HAS(note_of(&out), "uses the square given to the referee with card 12: e4");
	CHECK_INT(mail(g, BLACK, "secret H5\nNf6", &out), 0);
	CHECK(g->tp->secrets[1].used);
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
	CHECK_INT(g->tp->move_parts, 2);
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
	CHECK(g->tp->nplays == 1 && g->tp->plays[0].void_);
	CHECK_HAS(note_of(&out), "no effect");
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(g->tp->expect, TP_MOVE);
	game_free(g);

	/* a card's effect that would capture a king: no effect */
	static const char *const king[] = { "card 23\neffect capture h8\nKf1", "card 23\neffect move a1 h8\nKf1",
					    "card 23\neffect kill h8\nKf1" };
	for (size_t i = 0; i < 3; i++) {
		check_context("%s", king[i]);
		g = standard_game(FEN_MATE);
		CHECK_INT(mail(g, WHITE, king[i], &out), 0);
		CHECK_STR(board(g), "7k/6pp/8/8/8/8/8/R4K2 b");
		CHECK(g->tp->nplays == 1 && g->tp->plays[0].void_);
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
	CHECK(!g->tp->plays[0].void_);
	CHECK_INT(g->tp->expect, TP_MATED);
	game_free(g);

	/* a before-move card removes a defender, then a regular move mates: allowed; the mate
	 * is announced and held open for an interception */
	g = standard_game(FEN_A);
	CHECK_INT(mail(g, WHITE, "card 23\neffect kill d8\nRa8", &out), 0);
	CHECK_STR(board(g), "R6k/6pp/8/8/8/8/8/6K1 b");
	CHECK(!g->tp->plays[0].void_);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(g->tp->expect, TP_MATED);
	CHECK_INT(g->tp->to, BLACK);
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
	CHECK_INT(g->tp->expect, TP_MOVE);
	CHECK_INT(g->tp->to, BLACK);
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
 * offers (README, "Orders" and "How a mail is processed"). */
static void every_game_rules(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };
	struct orders o;
	struct err e;

	/* a move's number, when written, must be right */
	CHECK_INT(mail(g, WHITE, "5. e4", &out), 1);
	CHECK_HAS(first_error(&out), "this is move 1, not 5");
	CHECK_INT(g->nmoves, 0);
	game_free(g);
	g = standard_game(NULL);
	CHECK_INT(mail(g, WHITE, "1. e4\noffer draw", &out), 0);
	CHECK_INT(g->draw_offer, WHITE);
	/* the opponent's move declines the offer */
	CHECK_INT(mail(g, BLACK, "e5", &out), 0);
	CHECK_INT(g->draw_offer, -1);
	CHECK_HAS(note_of(&out), "White's draw offer lapses with this move.");
	/* a reply to a referee mail sent before the last move: refused unless numbered */
	game_remember_sent(g, "old@referee");
	g->sent[g->nsent - 1].ply = 1;
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
	CHECK_STR(tempete_expect_text(g, WHITE, expect, sizeof expect), "the game is over");
	game_free(g);
	g = standard_game(FEN_A);
	play(g, "w:card 23\neffect kill d8\nRa8|b:concede");
	CHECK_STR(tempete_expect_text(g, BLACK, expect, sizeof expect), "the game is over");
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

/* Effects as board edits, and the marks they leave (README, "Card effects"). */
static void effects(void)
{
	struct game *g = standard_game(NULL);
	struct outcome out = { 0 };

	/* the piece letter in either case; the name is what follows it */
	CHECK_INT(mail(g, WHITE, "card 23 continuing\neffect transform e2 r Dragon\nd4", &out), 0);
	CHECK_STR(board(g), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1RPPP/RNBQKBNR b");
	CHECK_INT(g->tp->nmarks, 1);
	CHECK_STR(g->tp->marks[0].square, "e2");
	CHECK_STR(g->tp->marks[0].label, "Dragon");
	CHECK_HAS(note_of(&out), "transform e2 r Dragon");
	/* the mark follows its piece */
	CHECK_INT(mail(g, BLACK, "e5\nnumbers 6", &out), 0);
	CHECK_INT(mail(g, WHITE, "Re3", &out), 0);
	CHECK_STR(g->tp->marks[0].square, "e3");
	/* capture, swap, return, place, attach, end */
	CHECK_INT(mail(g, BLACK, "card 23 continuing\neffect attach h7 frozen\nNc6", &out), 0);
	CHECK_INT(g->tp->nmarks, 2);
	CHECK_STR(g->tp->marks[1].label, "frozen");
	CHECK_INT(mail(g, WHITE, "card 12\nsquare a5\neffect capture h7\neffect swap a1 b1\nNf3\nnumbers 6", &out), 0);
	CHECK_STR(board(g), "r1bqkbnr/pppp1pp1/2n5/4p3/3P4/4RN2/PPP2PPP/NRBQKB1R b");
	CHECK_INT(g->tp->nmarks, 1);            /* "frozen" went with the piece on h7 */
	CHECK_HAS(g->tp->lost[BLACK], "P");
	CHECK_INT(mail(g, BLACK, "card 57\nchoose 1\nNf6", &out), 1);   /* a pawn lost to a card */
	CHECK_INT(mail(g, BLACK, "Nf6", &out), 1);      /* White holds 4 */
	CHECK_INT(mail(g, BLACK, "Nf6\nnumbers 7", &out), 0);
	CHECK_INT(mail(g, WHITE, "card 1\neffect return P h3\neffect place N a3\nNb3", &out), 1);
	CHECK_HAS(first_error(&out), "no captured white Pawn can return");
	CHECK_INT(mail(g, WHITE, "card 1\neffect return p h3\neffect place N a3\nNb3", &out), 0);
	CHECK_INT(g->tp->nlost[BLACK], 0);
	CHECK_STR(board(g), "r1bqkb1r/pppp1pp1/2n2n2/4p3/3P4/NN2RN1p/PPP2PPP/1RBQKB1R b");
	game_free(g);
	outcome_free(&out);
}

int main(void)
{
	struct err e;

	tv = test_variant("tempete");
	if (cards_load("rules", "tempete", NULL, &cat, &e) < 0) {
		fprintf(stderr, "cannot load the cards: %s\n", e.msg);
		return 2;
	}
	card_lists();
	refusal_rows();
	opening_hands();
	refills();
	numbers_random();
	no_numbers_left();
	card_34();
	card_57();
	secret_squares();
	double_moves();
	checkmate_rule();
	every_game_rules();
	effects();
	variant_free(tv);
	return check_done();
}
