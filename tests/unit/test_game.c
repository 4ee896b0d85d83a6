/* test_game.c: what mails do to a game: challenges, who may act, turn order, all or
 * nothing, draws, resignation, the end of the game, the hash chain. Pure game logic:
 * no files, no mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "mail/msgtext.h"
#include "engine/movegen.h"
#include "gametest.h"
#include "kinds/registry.h"
#include "store/store.h"

#define KIND_UNDER_TEST "chess"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *chess;
static int serial;

/* Orders from text lines, numbered from 1. */
static void read_orders(const char *text, struct orders *o)
{
	struct order_line lines[32];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	int lineno = 0;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 32; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = ++lineno, lines[n++].text = l;
	struct err e;
	test_order_parse(lines, n, KIND_UNDER_TEST, o, &e);
	free(copy);
}

static struct sender from(const char *addr, const struct game *g, int token_colour)
{
	struct sender s;

	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", addr);
	snprintf(s.msg_key, sizeof s.msg_key, "msg-%d@test", ++serial);
	s.now = 1800000000 + serial;
	if (g && token_colour >= 0)
		game_token(key, sizeof key, g->id, (enum color)token_colour, s.tag_token);
	return s;
}

/* Applies a mail; returns how many errors the refusal lists (0: applied). */
static int mail(struct game *g, const struct sender *s, const char *text, struct outcome *out)
{
	struct orders o;
	struct err e;

	read_orders(text, &o);
	outcome_free(out);
	if (!CHECK(game_apply(g, key, sizeof key, s, &o, out, &e) == 0))
		check_context("%s", e.msg);
	orders_free(&o);
	return (int)out->nerrors;
}

static bool has_reply(const struct outcome *o, enum reply_kind k, int to)
{
	for (size_t i = 0; i < o->nreplies; i++)
		if (o->replies[i].kind == k && o->replies[i].to == to)
			return true;
	return false;
}

static const char *first_error(const struct outcome *o)
{
	return o->nerrors ? o->errors[0].reason : "";
}

/* alice (White) challenges bob; bob accepts. */
static struct game *started_game(void)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	struct sender s = from("alice@example.org", NULL, -1);

	read_orders("new chess\nopponent bob@example.org\ncolour white", &o);
	CHECK(game_challenge(g, 7, chess, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	CHECK(out.created);
	CHECK(has_reply(&out, REPLY_CHALLENGE_SENT, WHITE));
	CHECK(has_reply(&out, REPLY_INVITATION, BLACK));
	CHECK_STR(g->seat[WHITE].address, "alice@example.org");
	CHECK_STR(g->seat[BLACK].address, "bob@example.org");
	CHECK_INT(g->status, GAME_INVITED);
	s = from("bob@example.org", g, BLACK);
	CHECK_INT(mail(g, &s, "Sure, let's play!\naccept", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK(has_reply(&out, REPLY_STARTED, WHITE) && has_reply(&out, REPLY_STARTED, BLACK));
	outcome_free(&out);
	return g;
}

static void challenges(void)
{
	static const struct { const char *text, *error; } bad[] = {
		{ "new chess", "a challenge needs 'opponent ADDRESS'" },
		{ "new chess\nopponent alice@example.org", "you cannot challenge yourself" },
		{ "new nosuch\nopponent bob@example.org", "there is no variant 'nosuch' here" },
		{ "new chess\nopponent bob@example.org\ne4", "a challenge holds only new" },
		{ "new chess\nopponent bob@example.org\nlanguage xx", "'xx' is not a language" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct game *g = game_new();
		struct orders o;
		struct outcome out = { 0 };
		struct err e;
		struct sender s = from("alice@example.org", NULL, -1);
		check_context("challenge '%s'", bad[i].text);
		read_orders(bad[i].text, &o);
		const struct variant *v = strstr(bad[i].text, "nosuch") ? NULL : chess;
		CHECK(game_challenge(g, 9, v, key, sizeof key, &s, &o, &out, &e) == 0);
		CHECK(!out.created);
		CHECK_HAS(first_error(&out), bad[i].error);
		CHECK(has_reply(&out, REPLY_REFUSED, -1));
		orders_free(&o);
		outcome_free(&out);
		game_free(g);
	}
	check_context(NULL);
	/* colour random is decided by the key: the same every time, either side possible */
	int seen[2] = { 0, 0 };
	for (int id = 1; id <= 16; id++) {
		struct game *g = game_new();
		struct orders o;
		struct outcome out = { 0 };
		struct err e;
		struct sender s = from("alice@example.org", NULL, -1);
		read_orders("new chess\nopponent bob@example.org", &o);
		game_challenge(g, id, chess, key, sizeof key, &s, &o, &out, &e);
		seen[g->challenger]++;
		CHECK_STR(g->colour_asked, "random");
		orders_free(&o);
		outcome_free(&out);
		game_free(g);
	}
	CHECK(seen[WHITE] > 0 && seen[BLACK] > 0);
	/* "language fr" in a challenge: the challenger's, for the registry and their seat */
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct err e;
	struct sender s = from("alice@example.org", NULL, -1);
	read_orders("new chess\nopponent bob@example.org\ncolour black\nlangue French", &o);
	CHECK_INT(game_challenge(g, 3, chess, key, sizeof key, &s, &o, &out, &e), 0);
	CHECK(out.created && out.player.language);
	CHECK_STR(out.player.lang, "fr");
	CHECK_STR(g->lang[BLACK], "fr");
	CHECK_STR(g->lang[WHITE], "");
	orders_free(&o);
	outcome_free(&out);
	game_free(g);
}

static void who_may_act(void)
{
	struct game *g = started_game();
	struct outcome out = { 0 };
	struct sender s;

	/* White's own mail without the token: refused, told at the registered address */
	s = from("alice@example.org", g, -1);
	CHECK_INT(mail(g, &s, "e4", &out), 1);
	CHECK_HAS(first_error(&out), "does not prove it comes from you");
	CHECK(has_reply(&out, REPLY_REFUSED, WHITE));
	CHECK_INT(g->board[0].nmoves, 0);
	/* White's token from another address: nothing applied, White is told, not the sender */
	s = from("mallory@evil.example", g, WHITE);
	mail(g, &s, "e4", &out);
	CHECK(has_reply(&out, REPLY_INTRUDER, WHITE));
	CHECK(!has_reply(&out, REPLY_REFUSED, -1));
	CHECK_INT(out.nreplies, 1);
	CHECK_INT(g->board[0].nmoves, 0);
	/* a stranger with no token: both players hear of it, the stranger nothing */
	s = from("mallory@evil.example", g, -1);
	mail(g, &s, "game 7\ne4", &out);
	CHECK(has_reply(&out, REPLY_INTRUDER, WHITE) && has_reply(&out, REPLY_INTRUDER, BLACK));
	CHECK_INT(out.nreplies, 2);
	/* Black's token on White's mail: it is Black's token, so Black is told */
	s = from("alice@example.org", g, BLACK);
	mail(g, &s, "e4", &out);
	CHECK(has_reply(&out, REPLY_INTRUDER, BLACK));
	CHECK_INT(g->board[0].nmoves, 0);
	/* the right token, From in another case: accepted */
	s = from("Alice@Example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "e4", &out), 0);
	CHECK_STR(out.auth_how, "token");
	/* a password works once set, and only the right one */
	s = from("bob@example.org", g, BLACK);
	CHECK_INT(mail(g, &s, "password swordfish", &out), 0);
	CHECK(g->seat[BLACK].password_hash[0]);
	CHECK(!strstr(g->seat[BLACK].password_hash, "swordfish"));
	s = from("bob@example.org", g, -1);
	CHECK_INT(mail(g, &s, "game 7\npassword sardine\ne5", &out), 1);
	CHECK_HAS(first_error(&out), "that password is not the one set");
	CHECK_INT(mail(g, &s, "game 7\npassword swordfish\ne5", &out), 0);
	CHECK_STR(out.auth_how, "password");
	CHECK_INT(g->board[0].nmoves, 2);
	/* help and test answer the sender whoever they are */
	s = from("carol@example.org", g, -1);
	mail(g, &s, "help\ntest", &out);
	CHECK(has_reply(&out, REPLY_HELP, -1) && has_reply(&out, REPLY_TEST, -1));
	CHECK_INT(out.nreplies, 2);
	outcome_free(&out);
	game_free(g);
}

static void turns_and_all_or_nothing(void)
{
	struct game *g = started_game();
	struct outcome out = { 0 };
	struct sender w, b;
	char before[HASH_HEX], after[HASH_HEX];

	w = from("alice@example.org", g, WHITE);
	b = from("bob@example.org", g, BLACK);
	CHECK_INT(mail(g, &b, "e5", &out), 1);
	CHECK_HAS(first_error(&out), "it is not your turn: White (alice@example.org) is to move");
	CHECK_INT(mail(g, &w, "Ke2", &out), 1);
	CHECK_HAS(first_error(&out), "'Ke2': e2 is occupied by your own pawn");
	CHECK_INT(out.errors[0].lineno, 1);
	/* one bad line spoils the mail: nothing happens */
	game_hash(g, before);
	CHECK_INT(mail(g, &w, "Hello Bob,\ne4\ncolour purple\nBest, Alice", &out), 1);
	CHECK_INT(out.errors[0].lineno, 3);
	CHECK_HAS(first_error(&out), "the colour is white, black or random");
	game_hash(g, after);
	CHECK_STR(after, before);
	CHECK_INT(g->board[0].nmoves, 0);
	/* another kind's order: a chess game has no cards (kind_orders) */
	CHECK_INT(mail(g, &w, "card 23\ne4", &out), 1);
	CHECK_HAS(first_error(&out), "has no cards");
	CHECK_INT(out.errors[0].lineno, 1);
	CHECK_INT(g->board[0].nmoves, 0);
	CHECK_INT(mail(g, &w, "e4\nd4", &out), 1);
	CHECK_HAS(first_error(&out), "one move per mail");
	CHECK_INT(g->board[0].nmoves, 0);
	CHECK_INT(mail(g, &w, "e4 e5", &out), 1);
	CHECK_HAS(first_error(&out), "one move per line");
	/* move numbers, when written, must be right */
	CHECK_INT(mail(g, &w, "2. e4", &out), 1);
	CHECK_HAS(first_error(&out), "this is move 1, not 2");
	CHECK_INT(mail(g, &w, "game 8\ne4", &out), 1);
	CHECK_HAS(first_error(&out), "this mail is about game 7, not 8");
	/* prose around a move is fine */
	CHECK_INT(mail(g, &w, "Dear Bob,\n1. e4\nYour move!\n-- Alice", &out), 0);
	CHECK(has_reply(&out, REPLY_MOVED, WHITE) && has_reply(&out, REPLY_MOVED, BLACK));
	CHECK_INT(g->board[0].nmoves, 1);
	CHECK_STR(g->board[0].moves[0], "e4");
	CHECK_INT(mail(g, &b, "1... c5", &out), 0);
	/* the hash chain: every event starts where the last one ended */
	for (size_t i = 1; i < g->nevents; i++)
		CHECK_STR(g->events[i].before, g->events[i - 1].after);
	game_hash(g, after);
	CHECK_STR(g->events[g->nevents - 1].after, after);
	CHECK_STR(g->events[g->nevents - 1].kind, "move");
	CHECK_STR(g->events[g->nevents - 1].detail, "c5");
	CHECK_STR(g->events[g->nevents - 1].engine, ENGINE_VERSION);
	/* a reply to a mail sent before the last move: refused unless numbered */
	game_add_sent(g, "old@referee", 1);
	w = from("alice@example.org", g, WHITE);
	snprintf(w.in_reply_to, sizeof w.in_reply_to, "old@referee");
	CHECK_INT(mail(g, &w, "Nf3", &out), 1);
	CHECK_HAS(first_error(&out), "answers a referee mail sent before the last move");
	CHECK_INT(mail(g, &w, "2. Nf3", &out), 0);
	outcome_free(&out);
	game_free(g);
}

/* Entry i of the first board's list, or "" (a mail that was not applied). */
static const char *move_at(const struct game *g, int i)
{
	return i < g->board[0].nmoves ? g->board[0].moves[i] : "";
}

/* The spellings of issue 22 at the game: a pair copied from a score sheet, the piece
 * letters of a player's language, a letter that reads two ways asked about. */
static void spellings(void)
{
	struct game *g = started_game();
	struct outcome out = { 0 };
	struct sender w = from("alice@example.org", g, WHITE), b = from("bob@example.org", g, BLACK);

	/* White writing the pair: one move per mail */
	CHECK_INT(mail(g, &w, "1. e4 e5", &out), 1);
	CHECK_HAS(first_error(&out), "one move per mail: 'e4 e5' holds two moves");
	CHECK_INT(g->board[0].nmoves, 0);
	CHECK_INT(mail(g, &w, "*1.e4* :-)", &out), 0);
	CHECK_STR(move_at(g, 0), "e4");
	/* Black's pair: its first half must be the move played */
	CHECK_INT(mail(g, &b, "1. d4 d5", &out), 1);
	CHECK_HAS(first_error(&out), "the move before yours was e4, not 'd4'");
	CHECK_INT(mail(g, &b, "2. e4 e5", &out), 1);
	CHECK_HAS(first_error(&out), "this is move 1 for Black, not 2");
	CHECK_INT(mail(g, &b, "1. e2-e4 e5 \xf0\x9f\x99\x82", &out), 0);
	CHECK_INT(g->board[0].nmoves, 2);
	CHECK_STR(move_at(g, 1), "e5");
	/* P reads two ways without a language, and both are moves: asked, nothing applied */
	CHECK_INT(mail(g, &w, "Pf3", &out), 1);
	CHECK_HAS(first_error(&out), "did you mean f3 or Nf3?");
	CHECK_HAS(first_error(&out), "language nl");
	CHECK_INT(g->board[0].nmoves, 2);
	/* the language and the move in one mail: the Dutch knight */
	CHECK_INT(mail(g, &w, "language nl\nPf3", &out), 0);
	CHECK_STR(move_at(g, 2), "Nf3");
	CHECK(out.player.language);
	CHECK_STR(out.player.lang, "nl");
	CHECK_STR(g->lang[WHITE], "nl");
	/* set before (the registry's, as the pipeline attaches it) */
	snprintf(g->lang[BLACK], sizeof g->lang[BLACK], "fr");
	CHECK_INT(mail(g, &b, "\xef\xbc\xa3\xef\xbd\x86\xef\xbc\x96", &out), 0);  /* Ｃｆ６ */
	CHECK_STR(move_at(g, 3), "Nf6");
	CHECK_INT(mail(g, &w, "language klingon", &out), 1);
	CHECK_HAS(first_error(&out), "'klingon' is not a language whose piece letters I read");
	outcome_free(&out);
	game_free(g);
}

static void endings(void)
{
	struct game *g = started_game();
	struct outcome out = { 0 };
	struct sender w = from("alice@example.org", g, WHITE), b = from("bob@example.org", g, BLACK);

	/* draw offers: with a move, lapsing with a move, declined, accepted */
	CHECK_INT(mail(g, &w, "e4\noffer draw", &out), 0);
	CHECK_INT(g->draw_offer, WHITE);
	CHECK_INT(mail(g, &w, "accept draw", &out), 1);
	CHECK_HAS(first_error(&out), "there is no draw offer to accept");
	CHECK_INT(mail(g, &b, "e5", &out), 0);
	CHECK_INT(g->draw_offer, -1);
	CHECK_HAS(out.replies[0].note, "White's draw offer lapses");
	CHECK_INT(mail(g, &w, "Nf3\noffer draw", &out), 0);
	CHECK_INT(mail(g, &b, "decline draw", &out), 0);
	CHECK_INT(g->draw_offer, -1);
	CHECK_INT(mail(g, &b, "Nc6", &out), 0);
	/* a claim that is not due is refused; after a repetition it ends the game */
	CHECK_INT(mail(g, &w, "claim draw", &out), 1);
	CHECK_HAS(first_error(&out), "no draw can be claimed");
	CHECK_INT(mail(g, &w, "Ng1", &out), 0);
	CHECK_INT(mail(g, &b, "Nb8", &out), 0);
	CHECK_INT(mail(g, &w, "Nf3", &out), 0);
	CHECK_INT(mail(g, &b, "Nc6", &out), 0);
	CHECK_INT(mail(g, &w, "Ng1", &out), 0);
	CHECK_INT(mail(g, &b, "Nb8\nclaim draw", &out), 0);
	CHECK_INT(g->status, GAME_OVER);
	CHECK_STR(g->result, "1/2-1/2");
	CHECK_STR(g->termination, "threefold repetition (claimed)");
	CHECK(has_reply(&out, REPLY_OVER, WHITE) && has_reply(&out, REPLY_OVER, BLACK));
	CHECK_INT(mail(g, &w, "Nf3", &out), 1);
	CHECK_HAS(first_error(&out), "game 7 is over (1/2-1/2, threefold repetition (claimed))");
	game_free(g);

	/* resignation, by either side, on either turn */
	g = started_game();
	b = from("bob@example.org", g, BLACK);
	/* resigning cannot be taken back: a sentence holding it is asked about, with the
	 * move it came with, and nothing is applied */
	CHECK_INT(mail(g, &b, "I resign", &out), 1);
	CHECK_HAS(first_error(&out), "did you mean 'resign'? An order that cannot be taken back "
		  "must stand alone on its line: write a line with only: resign");
	CHECK_STR(out.nerrors ? out.errors[0].text : "", "I resign");
	CHECK(has_reply(&out, REPLY_REFUSED, BLACK));
	CHECK_INT(g->status, GAME_PLAYING);
	w = from("alice@example.org", g, WHITE);
	CHECK_INT(mail(g, &w, "e4\nWell played so far. I offer you a draw", &out), 1);
	CHECK_HAS(first_error(&out), "did you mean 'offer draw'?");
	CHECK_INT(g->board[0].nmoves, 0);
	CHECK_INT(g->draw_offer, -1);
	CHECK_INT(mail(g, &b, "resign", &out), 0);
	CHECK_STR(g->result, "1-0");
	CHECK_STR(g->termination, "resignation");
	game_free(g);

	/* mate ends the game by itself */
	g = started_game();
	w = from("alice@example.org", g, WHITE), b = from("bob@example.org", g, BLACK);
	CHECK_INT(mail(g, &w, "f3", &out), 0);
	CHECK_INT(mail(g, &b, "e5", &out), 0);
	CHECK_INT(mail(g, &w, "g4", &out), 0);
	CHECK_INT(mail(g, &b, "Qh4", &out), 0);
	CHECK_STR(g->board[0].moves[3], "Qh4#");
	CHECK_STR(g->result, "0-1");
	CHECK_STR(g->termination, "checkmate");
	CHECK(has_reply(&out, REPLY_OVER, WHITE));
	game_free(g);

	/* invitations: declined by the invited, or withdrawn */
	g = game_new();
	struct orders o;
	struct err e;
	struct sender s = from("alice@example.org", NULL, -1);
	read_orders("new chess\nopponent bob@example.org\ncolour black", &o);
	outcome_free(&out);
	game_challenge(g, 3, chess, key, sizeof key, &s, &o, &out, &e);
	orders_free(&o);
	s = from("alice@example.org", g, BLACK);
	CHECK_INT(mail(g, &s, "accept", &out), 1);
	CHECK_HAS(first_error(&out), "your opponent must accept it");
	s = from("bob@example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "e4", &out), 1);
	CHECK_HAS(first_error(&out), "has not started");
	CHECK_INT(mail(g, &s, "decline", &out), 0);
	CHECK_INT(g->status, GAME_DECLINED);
	CHECK_STR(g->termination, "invitation declined");
	CHECK(has_reply(&out, REPLY_DECLINED, WHITE) && has_reply(&out, REPLY_DECLINED, BLACK));
	outcome_free(&out);
	game_free(g);
}

/* The referee's action at time t (as by tick): returns the number of refusals. */
static int referee(struct game *g, const char *action, long long t, struct outcome *out)
{
	struct sender s;
	struct err e;

	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "referee@example.org");
	snprintf(s.msg_key, sizeof s.msg_key, "referee:%d", ++serial);
	s.now = t;
	outcome_free(out);
	CHECK_INT(game_referee(g, key, sizeof key, &s, action, out, &e), 0);
	return (int)out->nerrors;
}

/* Loss on time exactly at the deadline; a bare king cannot win on time; vacations. */
static void time_control(void)
{
	struct outcome out = { 0 };
	struct err e;
	struct game *g = started_game();
	long long start = g->clock.since, due = start + 30 * DAY;

	CHECK_INT(g->clock.tc.kind, TC_BANK);
	CHECK_INT(g->clock.running, 1u << WHITE);
	CHECK_INT(chessclock_deadline(&g->clock, WHITE, NULL), due);
	CHECK_INT(referee(g, "timeout white", due - 60, &out), 1);
	CHECK_HAS(first_error(&out), "the deadline has not passed");
	CHECK_INT(g->status, GAME_PLAYING);
	CHECK_INT(referee(g, "timeout black", due, &out), 1);
	CHECK_HAS(first_error(&out), "Black's clock is not running");
	/* Black has only a king: White's loss on time is a draw */
	CHECK(game_op(g, "@fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &e) == 0);
	CHECK_INT(referee(g, "timeout white", due, &out), 0);
	CHECK_STR(g->result, "1/2-1/2");
	CHECK_STR(g->termination, "time forfeit, but the opponent cannot mate");
	CHECK(has_reply(&out, REPLY_OVER, WHITE) && has_reply(&out, REPLY_OVER, BLACK));
	CHECK_INT(g->clock.running, 0);
	game_free(g);

	/* with mating material the opponent wins; the arbiter is told */
	g = started_game();
	snprintf(g->arbiter, sizeof g->arbiter, "gm@example.org");
	due = g->clock.since + 30 * DAY;
	CHECK_INT(referee(g, "timeout white", due + 3600, &out), 0);
	CHECK_STR(g->result, "0-1");
	CHECK_STR(g->termination, "time forfeit");
	CHECK(has_reply(&out, REPLY_OVER, -1) && !strcmp(out.replies[2].address, "gm@example.org"));
	CHECK_INT(referee(g, "result 1-0", due + 7200, &out), 1);
	game_free(g);

	/* a vacation: the order is checked against the allowance; the mail asks the
	 * players' registry to record it */
	struct policy pol = { .vacation_days = 10, .max_vacation_days = 7 };
	struct vacations none = { 0 }, taken = { .n = 1, .v = { { 0, 0 } } };
	g = started_game();
	g->policy = &pol;
	g->vac[WHITE] = &none;
	struct sender s = from("alice@example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "vacation 8 days", &out), 1);
	CHECK_HAS(first_error(&out), "a vacation lasts at most 7 days");
	static const struct { const char *text, *error; } bad[] = {
		{ "vacation 99999999999999999999 days", "write: vacation 5 days" },
		{ "vacation 5 weeks", "write: vacation 5 days" },
		{ "vacation -3 days", "write: vacation 5 days" },
		{ "vacation until 2026-02-31", "'2026-02-31' is not a date" },
		{ "vacation until 2020-01-01", "2020-01-01 is not in the future" },
		{ "vacation until tomorrow", "'tomorrow' is not a date" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("%s", bad[i].text);
		s = from("alice@example.org", g, WHITE);
		CHECK_INT(mail(g, &s, bad[i].text, &out), 1);
		CHECK_HAS(first_error(&out), bad[i].error);
		CHECK(!out.player.vacation);
	}
	check_context(NULL);
	s = from("alice@example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "vacation 5 days", &out), 0);
	CHECK(out.player.vacation && out.player.end - out.player.start == 5 * DAY);
	CHECK(has_reply(&out, REPLY_NOTICE, BLACK));
	taken.v[0] = (struct vacation){ s.now - 6 * DAY, s.now - 1 };
	g->vac[WHITE] = &taken;
	s = from("alice@example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "vacation 5 days", &out), 1);
	CHECK_HAS(first_error(&out), "more vacation than the 10 days a year allowed (6 taken");
	s = from("alice@example.org", g, WHITE);
	CHECK_INT(mail(g, &s, "vacation end", &out), 1);
	CHECK_HAS(first_error(&out), "you are not on vacation");
	game_free(g);
	outcome_free(&out);
}

/* A game of two boards: seats, a board's own rules changed by "@rule" (Flexichess), the
 * other board untouched, and the change rebuilt from the state file. */
static void boards_and_rules(void)
{
	struct err e;
	struct variant *duo = variant_clone(chess, &e);
	const char *addr[] = { "w1@example.org", "b1@example.org", "w2@example.org", "b2@example.org" };
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct sender s = from("gm@example.org", NULL, -1);

	duo->boards = 2;
	CHECK(game_create(g, 5, duo, addr, 4, &s, &out, &e) == 0);
	CHECK_INT(g->nseats, 4);
	CHECK_INT(g->nboards, 2);
	CHECK_INT(g->seat[2].board, 1);
	CHECK_INT(g->seat[3].side, BLACK);
	CHECK_STR(g->seat[3].role, "boardman");
	CHECK_INT(game_mover(g, 1, BLACK), 3);
	CHECK_INT(out.nreplies, 4);
	char t0[TOKEN_LEN + 1], t2[TOKEN_LEN + 1];
	game_token(key, sizeof key, 5, 0, t0);
	game_token(key, sizeof key, 5, 2, t2);
	CHECK(strcmp(t0, t2) != 0);
	enum clock_window w;
	CHECK_INT(game_expected(g, &w), 1u << 0 | 1u << 2);   /* White on each board */
	/* the knights of board 2 become wazirs: hemmed in at the start */
	CHECK(board_op(g, 1, "@rule N W", &e) == 0);
	CHECK_INT(movegen_count(g->board[0].pos), 20);
	CHECK_INT(movegen_count(g->board[1].pos), 16);
	CHECK(board_op(g, 1, "@rule Q W%", &e) < 0);        /* not Betza: refused */
	CHECK(board_op(g, 1, "@rule X W", &e) < 0);         /* no such piece */
	CHECK_HAS(e.msg, "no piece 'X'");
	char h1[HASH_HEX], h2[HASH_HEX];
	game_hash(g, h1);
	char *text = store_game_to_json(g);
	struct game *back = NULL;
	CHECK(store_game_from_json(text, "t.json", &back, &e) == 0);
	CHECK(game_load_position(back, duo, &e) == 0);
	CHECK_INT(movegen_count(back->board[1].pos), 16);
	CHECK_INT(movegen_count(back->board[0].pos), 20);
	game_hash(back, h2);
	CHECK_STR(h2, h1);
	free(text);
	game_free(back);
	outcome_free(&out);
	game_free(g);
	variant_free(duo);
}

/* A parked game (game_park: what waits in a batch) holds no position; unparked, it is
 * the game it was, byte for byte, and plays on. Its lists stay as they are, found by
 * their hashes. */
static void parking(void)
{
	struct game *g = started_game();
	struct outcome out = { 0 };
	struct sender w = from("alice@example.org", g, WHITE), b = from("bob@example.org", g, BLACK);
	char before[HASH_HEX], after[HASH_HEX];
	int ply;

	CHECK_INT(mail(g, &w, "e4", &out), 0);
	CHECK_INT(mail(g, &b, "e5", &out), 0);
	/* what the pipeline records with each mail (the keys, the replies' Message-IDs) */
	CHECK(game_add_mail(g, "m1@example.org") == 0 && game_add_mail(g, "m2@example.org") == 0);
	CHECK(game_remember_sent_to(g, "r1@tempest", WHITE) == 0 &&
	      game_remember_sent_to(g, "r2@tempest", BLACK) == 0);
	if (!CHECK(g->mails.n >= 2 && g->sent.n >= 2 && g->nevents >= 2))
		return;
	struct pos *pos = malloc(sizeof *pos);
	memcpy(pos, g->board[0].pos, sizeof *pos);
	game_hash(g, before);

	CHECK_INT(game_park(g), 0);
	CHECK(!g->board[0].pos);
	game_hash(g, after);                    /* the hash does not read the position */
	CHECK_STR(after, before);
	CHECK(game_has_mail(g, "m2@example.org") && !game_has_mail(g, "m3@example.org"));
	CHECK_INT(game_unpark(g), 0);
	CHECK(g->board[0].pos && !memcmp(g->board[0].pos, pos, sizeof *pos));
	CHECK(game_sent_mail(g, "r2@tempest", &ply) && ply == 2);
	CHECK_INT(game_unpark(g), 0);           /* twice: nothing to do */
	CHECK_INT(mail(g, &w, "Nf3", &out), 0);
	CHECK_INT(g->board[0].nmoves, 3);
	CHECK_INT(game_park(g), 0);             /* freed parked */
	free(pos);
	outcome_free(&out);
	game_free(g);
}

/* A state file read back: every error names the file and the field's path, and a value
 * out of its range is refused, not clamped (store/jread.h). */
static void state_errors(void)
{
	static const struct {
		const char *from, *to, *want;
	} cases[] = {
		{ "\"format\": 2", "\"format\": 9", "t.json: format: 9 is out of range 1..4" },
		{ "\"board\": 0", "\"board\": 9", "t.json: seats[0].board: 9 is out of range -1..6" },
		{ "\"status\": \"playing\"", "\"status\": \"bogus\"",
		  "t.json: status: 'bogus' is not one of invited, playing, over, declined" },
		{ "\"draw_offer\": \"\"", "\"draw_offer\": \"green\"",
		  "t.json: draw_offer: 'green' is not one of white, black, , referee" },
		{ "\"moves\": []", "\"moves\": [7]", "t.json: boards[0].moves[0]: not a string" },
		{ "\"window\": 0", "\"window\": 9", "t.json: clock.window: 9 is out of range 0..2" },
		{ "\"address\": \"alice", "\"address\": 3, \"x\": \"", "t.json: seats[0].address: not a string" },
	};
	struct game *g = started_game();
	struct err e = { 0 };
	char *text = store_game_to_json(g);

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char bad[65536];
		const char *at = strstr(text, cases[i].from);
		struct game *back = NULL;
		if (!CHECK(at != NULL))
			continue;
		snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - text), text, cases[i].to,
			 at + strlen(cases[i].from));
		CHECK(store_game_from_json(bad, "t.json", &back, &e) < 0);
		CHECK(back == NULL);
		CHECK_HAS(e.msg, cases[i].want);
	}
	free(text);
	game_free(g);
}

int main(void)
{
	kinds_register();
	chess = test_variant("chess");
	parking();
	boards_and_rules();
	challenges();
	who_may_act();
	turns_and_all_or_nothing();
	spellings();
	endings();
	time_control();
	state_errors();
	variant_free(chess);
	return check_done();
}
