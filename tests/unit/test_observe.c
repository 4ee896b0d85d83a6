/* test_observe.c: observers and team-game digests, as pure game logic (observe.h,
 * digest.h): who may observe, what each change tells them, which replies of a team game
 * wait for the digest and which go at once, `mail each`, the digest itself, and both kept
 * through the state's JSON (a state without them loads with none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/digest.h"
#include "game/game.h"
#include "game/kind.h"
#include "game/observe.h"
#include "gametest.h"
#include "kinds/registry.h"
#include "store/store.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *chess, *px;
static int serial;

static void read_orders(const char *text, const char *kind, struct orders *o)
{
	struct order_line lines[16];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	int lineno = 0;
	struct err e;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 16; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = ++lineno, lines[n++].text = l;
	test_order_parse(lines, n, kind, o, &e);
	free(copy);
}

static struct sender from(const char *addr, const struct game *g, int seat)
{
	struct sender s;

	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", addr);
	snprintf(s.msg_key, sizeof s.msg_key, "obs-%d@test", ++serial);
	s.now = 1800000000 + serial;
	if (g && seat >= 0)
		game_token(key, sizeof key, g->id, seat, s.tag_token);
	else if (g)             /* the token of the confirmation mailed to addr today */
		consent_token(key, sizeof key, CONSENT_OBSERVER, g->id, addr, s.now / 86400,
			      s.tag_token);
	return s;
}

/* A mail from addr (with its seat's token when it has one) applied as the pipeline does:
 * observe orders to game_observe, the rest to game_apply, then the observers told and the
 * digest gathered. Returns the errors. */
static int mail(struct game *g, const char *addr, const char *text, struct outcome *out)
{
	struct orders o;
	struct err e;
	struct digest_before b;
	int seat = game_seat_of(g, addr), id;
	struct sender s = from(addr, g, seat);

	read_orders(text, g->nboards > 1 ? "perplexichess" : "chess", &o);
	outcome_free(out);
	memset(out, 0, sizeof *out);
	game_digest_before(g, &b);
	if (observe_asked(&o, &id))
		CHECK(game_observe(g, key, sizeof key, &s, &o, out) == 0);
	else if (CHECK(game_apply(g, key, sizeof key, &s, &o, out, &e) == 0)) {
		CHECK(game_observers_tell(g, out) == 0);
		CHECK(game_digest_defer(g, &b, out->auth, &o, out) >= 0);
	}
	orders_free(&o);
	return (int)out->nerrors;
}

static int replies_to(const struct outcome *o, enum reply_kind k, int seat, const char *addr)
{
	int n = 0;

	for (size_t i = 0; i < o->nreplies; i++)
		n += o->replies[i].kind == k && o->replies[i].to == seat &&
		     (!addr || !strcmp(o->replies[i].address, addr));
	return n;
}

static struct game *chess_game(void)
{
	struct game *g = game_new();
	const char *addr[] = { "alice@example.org", "bob@example.org" };
	struct outcome out = { 0 };
	struct sender s = from("referee@example.org", NULL, -1);
	struct err e;

	CHECK(game_create(g, 3, chess, addr, 2, &s, &out, &e) == 0);
	outcome_free(&out);
	return g;
}

/* Consent: `observe` without the confirmation's token asks for it and takes no slot;
 * the token is the address's, the game's and the day's, taken for confirm_days. */
static void consent(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };
	struct orders o;
	struct sender s = from("carol@club.example", NULL, -1);
	struct policy p = { .confirm_days = 3 };

	g->policy = &p;
	read_orders("observe 3", "chess", &o);
	out.auth = -1;
	CHECK(game_observe(g, key, sizeof key, &s, &o, &out) == 0);
	CHECK(!out.changed && g->nobservers == 0);
	CHECK_INT(replies_to(&out, REPLY_CONFIRM, -1, "carol@club.example"), 1);
	CHECK_INT(replies_to(&out, REPLY_OBSERVED, -1, NULL), 0);
	/* the token of two days ago still confirms; of three days ago, no more */
	long long day = s.now / 86400;
	for (int back = 0; back <= 3; back++) {
		consent_token(key, sizeof key, CONSENT_OBSERVER, g->id, "CAROL@club.example",
			      day - back, s.tag_token);
		CHECK(consent_proved(key, sizeof key, CONSENT_OBSERVER, g, &s) == (back < 3));
	}
	/* another address's, another game's, an arbiter's token prove nothing */
	consent_token(key, sizeof key, CONSENT_OBSERVER, g->id, "dave@club.example", day, s.tag_token);
	CHECK(!consent_proved(key, sizeof key, CONSENT_OBSERVER, g, &s));
	consent_token(key, sizeof key, CONSENT_OBSERVER, g->id + 1, "carol@club.example", day, s.tag_token);
	CHECK(!consent_proved(key, sizeof key, CONSENT_OBSERVER, g, &s));
	consent_token(key, sizeof key, CONSENT_ARBITER, g->id, "carol@club.example", day, s.tag_token);
	CHECK(!consent_proved(key, sizeof key, CONSENT_OBSERVER, g, &s));
	/* with the right one: an observer */
	consent_token(key, sizeof key, CONSENT_OBSERVER, g->id, "carol@club.example", day, s.tag_token);
	outcome_free(&out);
	memset(&out, 0, sizeof out);
	CHECK(game_observe(g, key, sizeof key, &s, &o, &out) == 0);
	CHECK(out.changed && g->nobservers == 1);
	orders_free(&o);
	outcome_free(&out);
	game_free(g);
}

static void observers(void)
{
	struct game *g = chess_game();
	struct outcome out = { 0 };

	CHECK_INT(mail(g, "carol@club.example", "observe 3", &out), 0);
	CHECK(out.changed && game_observer_of(g, "CAROL@club.example") == 0);
	CHECK_INT(replies_to(&out, REPLY_OBSERVED, -1, "carol@club.example"), 1);
	CHECK_INT(mail(g, "carol@club.example", "observe 3", &out), 0);
	CHECK(!out.changed && g->nobservers == 1);              /* once is enough */
	CHECK_INT(mail(g, "alice@example.org", "observe 3", &out), 1);
	CHECK_HAS(out.errors[0].reason, "you play in game 3");
	CHECK_INT(mail(g, "dave@club.example", "observe 3\nresign", &out), 1);
	CHECK_INT(g->nobservers, 1);
	CHECK_INT(mail(g, "dave@club.example", "observe 3\nobserve 4", &out), 1);
	/* a move both sides hear of: one mail to the observer, none to anyone else outside */
	CHECK_INT(mail(g, "alice@example.org", "e4", &out), 0);
	CHECK_INT(replies_to(&out, REPLY_OBSERVED, -1, "carol@club.example"), 1);
	/* an observer's move acts on nothing */
	CHECK(mail(g, "carol@club.example", "e5", &out) > 0 || !out.changed);
	CHECK_INT(g->board[0].nmoves, 1);
	/* a change only one side hears of tells the observer nothing */
	struct outcome one = { .changed = true };
	CHECK(outcome_reply(&one, REPLY_MOVED, WHITE, NULL) == 0);
	CHECK(game_observers_tell(g, &one) == 0);
	CHECK_INT(replies_to(&one, REPLY_OBSERVED, -1, NULL), 0);
	outcome_free(&one);
	CHECK_INT(mail(g, "carol@club.example", "unobserve 3", &out), 0);
	CHECK(out.changed && g->nobservers == 0);
	CHECK_INT(mail(g, "carol@club.example", "unobserve 3", &out), 1);
	/* at most OBSERVERS_MAX; the referee's drop */
	for (int i = 0; i < OBSERVERS_MAX; i++) {
		char a[64];
		snprintf(a, sizeof a, "o%d@club.example", i);
		CHECK(game_observer_add(g, a) == 0);
	}
	CHECK(game_observer_add(g, "one.more@club.example") < 0);
	CHECK_INT(mail(g, "one.more@club.example", "observe 3", &out), 1);
	CHECK_HAS(out.errors[0].reason, "as many observers as a game may have");
	outcome_free(&out);
	memset(&out, 0, sizeof out);
	CHECK_INT(game_observer_action(g, "unobserve o7@club.example", &out), 1);
	CHECK_INT(game_observer_action(g, "unobserve o7@club.example", &out), 0);
	CHECK_INT(g->nobservers, OBSERVERS_MAX - 1);
	CHECK(!game_private(g));
	/* a private game: nobody more may observe, and those who did hear nothing */
	g->private_ = true;
	CHECK(game_private(g));
	CHECK_INT(mail(g, "erin@club.example", "observe 3", &out), 1);
	CHECK_HAS(out.errors[0].reason, "game 3 is private");
	CHECK_INT(mail(g, "bob@example.org", "e5", &out), 0);
	CHECK_INT(replies_to(&out, REPLY_OBSERVED, -1, NULL), 0);
	outcome_free(&out);
	game_free(g);
}

static struct game *team_game(void)
{
	struct game *g = game_new();
	const char *addr[] = { "w1@x.org", "b1@x.org", "w2@x.org", "b2@x.org", "w3@x.org",
			       "b3@x.org", "ws@x.org", "bs@x.org" };
	struct outcome out = { 0 };
	struct sender s = from("referee@example.org", NULL, -1);
	struct err e;

	g->k = kind_find(px->protocol);
	if (!CHECK(game_create(g, 5, px, addr, 8, &s, &out, &e) == 0))
		check_context("%s", e.msg);
	CHECK(game_team(g));
	outcome_free(&out);
	return g;
}

static unsigned long long bit(const struct game *g, const char *addr)
{
	return 1ull << game_seat_of(g, addr);
}

static void digests(void)
{
	struct game *g = team_game();
	struct outcome out = { 0 };

	/* w2 moves on board 2: w2 (the mover) and b2 (their board, their turn) at once; the
	 * other six wait, in one item */
	CHECK_INT(mail(g, "w2@x.org", "e4", &out), 0);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "w2@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "b2@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "w1@x.org"), NULL), 0);
	CHECK_INT(g->ndigest, 1);
	CHECK(g->ndigest == 1 && g->digest[0].seats == (bit(g, "w1@x.org") | bit(g, "b1@x.org") |
		bit(g, "w3@x.org") | bit(g, "b3@x.org") | bit(g, "ws@x.org") | bit(g, "bs@x.org")));
	CHECK(g->ndigest == 1 && strstr(check_en(g->digest[0].text), "board 2: 1. e4") != NULL);
	/* mail each: w1 hears of everything at once; a message names b3 */
	CHECK_INT(mail(g, "w1@x.org", "mail each", &out), 0);
	CHECK(g->mail_each == bit(g, "w1@x.org"));
	/* beside another setting, both are told */
	CHECK_INT(mail(g, "w1@x.org", "language fr\nmail each", &out), 0);
	for (size_t i = 0; i < out.nreplies; i++)
		if (out.replies[i].to == game_seat_of(g, "w1@x.org")) {
			CHECK_HAS(out.replies[i].note, "Your language is now fr");
			CHECK_HAS(out.replies[i].note, "Every mail of this game now comes to you at once.");
		}
	CHECK_INT(mail(g, "w3@x.org", "e4\nmessage b3@x.org Hello", &out), 0);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "w1@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "b3@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_MOVED, game_seat_of(g, "ws@x.org"), NULL), 0);
	CHECK_INT(g->ndigest, 2);
	/* through the state's JSON, and a state without digests or observers */
	CHECK(game_observer_add(g, "carol@club.example") == 0);
	char *json = store_game_to_json(g);
	struct game *back = NULL;
	struct err e;
	CHECK(json && store_game_from_json(json, "t.json", &back, &e) == 0);
	CHECK(back && back->ndigest == 2 && back->mail_each == g->mail_each &&
	      back->nobservers == 1 && !strcmp(back->digest[1].text, g->digest[1].text));
	game_free(back);
	char *cut = json ? strstr(json, "\"observers\"") : NULL;
	if (CHECK(cut != NULL)) {               /* the last keys of the file, written last */
		strcpy(cut, "\"x\": 0\n}");
		CHECK(store_game_from_json(json, "old.json", &back, &e) == 0);
		CHECK(back && back->ndigest == 0 && back->nobservers == 0 && !back->mail_each);
		game_free(back);
	}
	free(json);
	/* the digest: a notice to each seat that waits, the items cleared */
	outcome_free(&out);
	memset(&out, 0, sizeof out);
	CHECK_INT(game_digest_action(g, &out), 1);
	CHECK(out.changed && g->ndigest == 0);
	int ws = game_seat_of(g, "ws@x.org");
	CHECK_INT(replies_to(&out, REPLY_NOTICE, ws, NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_NOTICE, game_seat_of(g, "w2@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_NOTICE, game_seat_of(g, "w3@x.org"), NULL), 1);
	CHECK_INT(replies_to(&out, REPLY_NOTICE, game_seat_of(g, "b3@x.org"), NULL), 1);
	for (size_t i = 0; i < out.nreplies; i++) {
		const char *note = out.replies[i].note;
		if (out.replies[i].to == ws) {
			CHECK_HAS(note, "- board 2: 1. e4");
			CHECK_HAS(note, "- board 3: 1. e4");
		}
		/* w1 asked for every mail after the move on board 2: that one only waited */
		if (out.replies[i].to == game_seat_of(g, "w1@x.org"))
			CHECK(strstr(check_en(note), "board 2") && !strstr(check_en(note), "board 3"));
	}
	outcome_free(&out);
	memset(&out, 0, sizeof out);
	CHECK_INT(game_digest_action(g, &out), 0);
	game_free(g);
	/* a game of one board sends everything at once */
	g = chess_game();
	CHECK_INT(mail(g, "alice@example.org", "mail digest", &out), 1);
	CHECK_HAS(out.errors[0].reason, "digests are for team games");
	outcome_free(&out);
	game_free(g);
}

int main(void)
{
	kinds_register();
	chess = test_variant("chess");
	px = test_variant("perplexichess");
	consent();
	observers();
	digests();
	variant_free(chess);
	variant_free(px);
	return check_done();
}
