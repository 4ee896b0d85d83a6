/* test_archive.c: the public archive's page of a Tempete game (render/archive.h) holds
 * nobody's secrets while the game runs, and the reveal with its checks once it is over.
 *
 * A game is played mail by mail with the harness of test_secrecy.c (secrecytest.c): the
 * state through its JSON form between mails, every mail applied with game_apply. After
 * every mail, the game's page is made as `tempest archive` makes it (the account an
 * onlooker would be mailed, then the page) and searched with the harness's checker for
 * what either player may not know: the other's list, hand, unused squares, either salt.
 * Only the cards played are known to all. At the end the page holds both salts, lists
 * and commitments, and the commands that check them. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game/game.h"
#include "kinds/tempete/tempete.h"
#include "render/archive.h"
#include "render/view.h"
#include "util/crypto.h"
#include "secrecytest.h"

static int pages_scanned;

/* Game m's page now: the account and the page, as the archive writes them. */
static char *page_of(const struct game *g)
{
	struct buf b = { 0 };
	struct err e;
	char *account = archive_account(&secrecy_tpl, g, "referee@tempest.example", "R", &e);

	if (!CHECK(account != NULL))
		return NULL;
	archive_page(g, account, "game.pgn", &b);
	free(account);
	return buf_take(&b);
}

/* The page of a running game: no secret of either player. */
static void scan(struct match *m)
{
	struct game *g = secrecy_load(m);
	bool played[CARDS_MAX] = { false };
	char why[512], *page = page_of(g);

	for (int i = 0; i < TP(g)->nplays; i++)
		played[TP(g)->plays[i].card] = true;
	for (int reader = 0; page && reader < 2 && g->status != GAME_OVER; reader++)
		if (!CHECK_INT(secrecy_secrets_in(g, played, reader, page, why, sizeof why), 0))
			fprintf(stderr, "  after mail %d, for %s: %s\n", m->mails[0] + m->mails[1],
				reader ? "black" : "white", why);
	pages_scanned++;
	free(page);
	game_free(g);
}

static void post(struct match *m, int c, const char *text)
{
	secrecy_post(m, c, text);
	scan(m);
}

/* The checker finds a secret when the page holds one (a page with White's list). */
static void checker_finds(struct match *m)
{
	struct game *g = secrecy_load(m);
	bool none[CARDS_MAX] = { false };
	char why[512], *page = page_of(g);
	struct buf b = { 0 };

	buf_str(&b, page ? page : "");
	for (int i = 0; i < TP(g)->n; i++)
		buf_printf(&b, " %d", TP(g)->list[WHITE][i]);
	CHECK(secrecy_secrets_in(g, none, BLACK, b.s, why, sizeof why) >= 1);
	buf_free(&b);
	free(page);
	game_free(g);
}

/* Over: the reveal, with each side's salt, commitment and the command that checks it. */
static void reveal(struct match *m)
{
	struct game *g = secrecy_load(m);
	char *page = page_of(g), hex[2 * TP_SALT + 1], commit[65];

	CHECK_INT(g->status, GAME_OVER);
	for (int s = 0; page && s < 2; s++) {
		crypto_hex(TP(g)->salt[s], TP_SALT, hex);
		CHECK_HAS(page, hex);
		tempete_commitment(TP(g), g->id, s, commit);
		CHECK_HAS(page, commit);
	}
	CHECK_HAS(page, "| sha256sum");
	CHECK_HAS(page, "The secrets, revealed");
	CHECK_HAS(page, "id=b1p1");          /* the positions, stepped through */
	CHECK_HAS(page, "The public record");
	free(page);
	game_free(g);
}

int main(void)
{
	struct match m;
	struct game *g;
	char text[1024], list[600];

	if (secrecy_setup() < 0)
		return 2;
	secrecy_start(&m, 18);
	scan(&m);
	secrecy_shuffled_list(11, list, sizeof list);
	snprintf(text, sizeof text, "%s\nnumbers random", list);
	post(&m, WHITE, text);
	post(&m, BLACK, "list random");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "numbers %d %d %d %d %d", secrecy_number_of(g, WHITE, 18),
		 secrecy_number_of(g, WHITE, 32), secrecy_number_of(g, WHITE, 12),
		 secrecy_number_of(g, WHITE, 5), secrecy_number_of(g, WHITE, 6));
	game_free(g);
	post(&m, BLACK, text);
	checker_finds(&m);
	post(&m, WHITE, "card 12\nsquare e4\nd4");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "d5\nnumbers %d", secrecy_number_for(g, WHITE, 0));
	game_free(g);
	post(&m, BLACK, text);
	post(&m, WHITE, "Nc3\nstatus");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect takeback", secrecy_plain_card(g, BLACK, 0));
	game_free(g);
	post(&m, BLACK, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "Nf3\nnumbers %d", secrecy_number_for(g, BLACK, 0));
	game_free(g);
	post(&m, WHITE, text);
	post(&m, BLACK, "Nc6");
	post(&m, WHITE, "e3");
	post(&m, BLACK, "resign");
	CHECK_INT(m.leaks, 0);
	CHECK(pages_scanned >= 10);
	reveal(&m);
	free(m.json), free(m.over[0]), free(m.over[1]);
	secrecy_teardown();
	printf("test_archive: %d pages scanned\n", pages_scanned);
	return check_done();
}
