/* tempetetest.c: see tempetetest.h. */
#include "tempetetest.h"
#include "store/cards_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "kinds/tempete/tempete.h"
#include "mail/msgtext.h"
#include "gametest.h"
#include "kinds/registry.h"

#define KIND_UNDER_TEST "tempete"

const uint8_t key[CRYPTO_HASH_LEN] = "tempete test key, thirty-two by";
struct variant *tv;
struct card_catalogue cat;
int next_id = 40;
static int serial;

const int white_front[5] = { 18, 12, 32, 57, 23 };
const int black_front[5] = { 66, 34, 28, 23, 57 };

void tempete_test_setup(void)
{
	struct err e;

	tv = test_variant("tempete");
	if (cards_load("rules", "tempete", NULL, NULL, &cat, &e) < 0) {
		fprintf(stderr, "cannot load the cards: %s\n", e.msg);
		exit(2);
	}
}

void tempete_test_free(void)
{
	variant_free(tv);
}

/* Orders from text lines, numbered from 1. */
void read_orders(const char *text, struct orders *o)
{
	struct order_line lines[80];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	int lineno = 0;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 80; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = ++lineno, lines[n++].text = l;
	struct err e;
	test_order_parse(lines, n, KIND_UNDER_TEST, o, &e);
	free(copy);
}

struct sender from(const struct game *g, int c)
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
int mail(struct game *g, int c, const char *text, struct outcome *out)
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

const char *first_error(const struct outcome *o)
{
	return o->nerrors ? o->errors[0].reason : "";
}

/* The cards in use, ascending (the default list: 1-72 without 11, 22, 71, 72). */
int default_cards(int *out)
{
	int n = 0;

	for (int k = 1; k <= 72; k++)
		if (k != 11 && k != 22 && k != 71 && k != 72)
			out[n++] = k;
	return n;
}

/* "list F1 F2 ... then the other cards", ascending or descending. */
void list_text(const int *front, int nf, bool descending, char *out, size_t len)
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
struct game *accepted_game(const char *cards, const char *fen)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	char text[256];

	g->cat = &cat;
	g->k = kind_find("tempete");
	snprintf(text, sizeof text, "new tempete\nopponent bob@example.org\ncolour white%s%s",
		 cards ? "\ncards " : "", cards ? cards : "");
	read_orders(text, &o);
	struct sender s = from(g, WHITE);
	s.tag_token[0] = 0;
	CHECK(game_challenge(g, ++next_id, tv, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	CHECK(out.created);
	if (fen) {
		CHECK(board_set_start(&g->board[0], fen) == 0);
		if (!CHECK(game_load_position(g, tv, &e) == 0))
			check_context("%s", e.msg);
	}
	CHECK_INT(mail(g, BLACK, "accept", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	outcome_free(&out);
	return g;
}

/* Applies steps "w:TEXT|b:TEXT|..." (lines of TEXT separated by \n); each must pass. */
void play(struct game *g, const char *steps)
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
struct game *standard_game(const char *fen)
{
	struct game *g = accepted_game(NULL, fen);
	char w[600], b[600], steps[1400];

	list_text(white_front, 5, false, w, sizeof w);
	list_text(black_front, 5, true, b, sizeof b);
	snprintf(steps, sizeof steps, "w:%s\nnumbers 1 2 3 4 5|b:%s\nnumbers 1 2 3 4 5", w, b);
	play(g, steps);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	return g;
}

int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* c's hand as ascending numbers, "1 12 18 32 57". */
const char *hand(const struct game *g, int c)
{
	static char buf[2][256];
	int h[TP_HAND_MAX], n = TP(g)->nhand[c];
	size_t at = 0;

	memcpy(h, TP(g)->hand[c], sizeof h);
	qsort(h, (size_t)n, sizeof h[0], cmp_int);
	buf[c][0] = 0;
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(buf[c] + at, sizeof buf[c] - at, "%s%d", i ? " " : "", h[i]);
	return buf[c];
}

const char *ints_text(const int *a, int n)
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
const char *board(const struct game *g)
{
	static char buf[FEN_MAX];

	pos_to_fen(game_pos(g), buf, sizeof buf);
	char *sp = strchr(buf, ' ');
	if (sp && sp[1])
		sp[2] = 0;
	return buf;
}

bool has_reply(const struct outcome *o, enum reply_kind k, int to)
{
	for (size_t i = 0; i < o->nreplies; i++)
		if (o->replies[i].kind == k && o->replies[i].to == to)
			return true;
	return false;
}

const char *note_of(const struct outcome *o)
{
	return o->nreplies ? o->replies[0].note : "";
}
