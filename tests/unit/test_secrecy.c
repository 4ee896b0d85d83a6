/* test_secrecy.c: what the referee keeps secret in Tempete by mail stays secret (seed 000,
 * rules 4 and 14; docs/tempete.md, "Tempete sur l'Echiquier by mail"), over whole games.
 *
 * Two games are played mail by mail as the pipeline plays them: the state goes through its
 * JSON form between mails (store_game_to_json / store_game_from_json), every mail is
 * applied with game_apply, and every reply the outcome asks for is rendered for its reader
 * with the real templates (view_context + view_render), together with a template that
 * prints every card-game variable of the context. Before the end, nothing sent to a player
 * may hold the opponent's list (four of its entries in a row), the opponent's hand (as
 * hands are printed, or any card the reader cannot know of), either salt, or a square the
 * opponent gave the referee and has not used. After the end, each player's reveal holds
 * both lists, salts and commitments, and each commitment mailed at the deal is the SHA-256
 * of the revealed text. The checker itself is shown to catch each kind of leak. The harness
 * (the checker, the mails played, the planning) is in secrecytest.c. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game/game.h"
#include "game/kind.h"
#include "kinds/tempete/tempete.h"
#include "render/template.h"
#include "render/view.h"
#include "util/crypto.h"
#include "secrecytest.h"

/* ---- the end: the reveal and the commitments ---- */

static void reveal_checks(struct match *m)
{
	struct game *g = secrecy_load(m);
	const struct tempete *tp = TP(g);

	CHECK_INT(g->status, GAME_OVER);
	for (int r = 0; r < 2; r++) {
		const char *body = m->over[r];
		check_context("game %d, the reveal to %s", g->id, r == WHITE ? "White" : "Black");
		if (!CHECK(body != NULL))
			continue;
		/* the reveal read as one line: a mail's lines are broken to fit 78 characters
		 * (docs/mail-lines.md), the list and the command over several */
		char *fb = secrecy_flat(body);
		if (!CHECK(fb != NULL))
			continue;
		for (int s = 0; s < 2; s++) {
			char want[1024], hex[2 * TP_SALT + 1], *list = want + 0;
			size_t at = (size_t)snprintf(want, sizeof want, "%s's list: ", s == WHITE ? "White" : "Black");
			for (int i = 0; i < tp->n; i++)
				at += (size_t)snprintf(want + at, sizeof want - at, "%s%d", i ? " " : "", tp->list[s][i]);
			CHECK_HAS(fb, want);
			crypto_hex(tp->salt[s], TP_SALT, hex);
			CHECK_HAS(fb, hex);
			/* the revealed list and salt, read back from the mail, hash to the commitment
			 * mailed at the deal */
			const char *l = strstr(fb, s == WHITE ? "White's list: " : "Black's list: ");
			const char *sl = l ? strstr(l, "salt:") : NULL;
			if (!CHECK(l && sl))
				continue;
			char listtext[600], salttext[40], text[800];
			snprintf(listtext, sizeof listtext, "%.*s", (int)(sl - 1 - (l + 14)), l + 14);
			sl += 5;
			while (*sl == ' ')
				sl++;
			snprintf(salttext, sizeof salttext, "%.32s", sl);
			snprintf(text, sizeof text, "tempest-cards-1 game %d %s\n%s\nsalt %s\n", g->id,
				 s == WHITE ? "white" : "black", listtext, salttext);
			uint8_t h[CRYPTO_HASH_LEN];
			char sum[65];
			crypto_sha256(text, strlen(text), h);
			crypto_hex(h, sizeof h, sum);
			CHECK_STR(sum, m->dealt_commit[r][s]);
			CHECK_HAS(fb, sum);
			/* and so does the command the mail gives */
			const char *cmd = strstr(sl, "printf '");
			const char *end = cmd ? strstr(cmd, "' | sha256sum") : NULL;
			if (!CHECK(cmd && end))
				continue;
			char printed[800];
			secrecy_command_text(cmd, end, printed, sizeof printed);
			CHECK_STR(printed, text);
			(void)list;
		}
		free(fb);
		/* the squares given to the referee, used or not */
		for (int i = 0; i < tp->nsecrets; i++) {
			char sq[32];
			snprintf(sq, sizeof sq, "%s (card %d)", tp->secrets[i].square, tp->secrets[i].card);
			CHECK_HAS(body, sq);
		}
		CHECK_HAS(body, "Entitlement: every card played was in its player's hand");
	}
	check_context(NULL);
	game_free(g);
}

/* The checker finds each kind of leak (a mail to one player, read as if sent to the
 * other; a salt; a square). */
static void checker_catches(struct match *m)
{
	struct game *g = secrecy_load(m);
	char why[512], text[2048];
	bool none[CARDS_MAX] = { false };

	/* White's own private view, shown to Black */
	struct reply r = { .kind = REPLY_STATUS, .to = WHITE, .about = -1 };
	struct view_extra x = { .referee = "referee@tempest.example", .referee_name = "R" };
	struct tctx *c = view_context(g, &r, &x);
	char *dump = NULL;
	struct err e;
	CHECK(template_render(secrecy_dump_template, c, &dump, &e) == 0);
	tctx_free(c);
	CHECK(secrecy_secrets_in(g, m->known[BLACK], BLACK, dump, why, sizeof why) >= 1);
	CHECK_HAS(why, "the opponent's hand as printed");
	free(dump);
	/* four entries of White's list in a row */
	snprintf(text, sizeof text, "numbers %d %d %d %d", TP(g)->list[WHITE][10], TP(g)->list[WHITE][11],
		 TP(g)->list[WHITE][12], TP(g)->list[WHITE][13]);
	CHECK(secrecy_secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	CHECK_HAS(why, "the opponent's list");
	/* but three are not four */
	snprintf(text, sizeof text, "numbers %d %d %d", TP(g)->list[WHITE][10], TP(g)->list[WHITE][11],
		 TP(g)->list[WHITE][12]);
	CHECK_INT(secrecy_secrets_in(g, none, BLACK, "", why, sizeof why), 0);
	CHECK(!secrecy_list_run_in(TP(g)->list[WHITE], TP(g)->n, text));
	/* a salt */
	crypto_hex(TP(g)->salt[BLACK], TP_SALT, text);
	CHECK(secrecy_secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	CHECK_HAS(why, "Black's salt");
	/* a card of White's that Black cannot know */
	int unknown = 0;
	for (int i = 0; i < TP(g)->nhand[WHITE] && !unknown; i++)
		if (!m->known[BLACK][TP(g)->hand[WHITE][i]])
			unknown = TP(g)->hand[WHITE][i];
	if (CHECK(unknown)) {
		snprintf(text, sizeof text, "White plays card %d.", unknown);
		CHECK(secrecy_secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	}
	/* a square White gave and has not used */
	for (int i = 0; i < TP(g)->nsecrets; i++)
		if (TP(g)->secrets[i].by == WHITE && !TP(g)->secrets[i].used) {
			snprintf(text, sizeof text, "Your squares with the referee: %s (card %d)",
				 TP(g)->secrets[i].square, TP(g)->secrets[i].card);
			CHECK(secrecy_secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
		}
	game_free(g);
}

/* The public view (status for no player, as for the game master) holds nobody's secrets. */
static void public_view(struct match *m)
{
	struct game *g = secrecy_load(m);
	struct reply r = { .kind = REPLY_STATUS, .to = -1, .about = -1 };
	struct view_extra x = { .referee = "referee@tempest.example", .referee_name = "R" };
	struct tctx *c = view_context(g, &r, &x);
	char *subject, *body, *dump, why[512];
	struct err e;
	bool played[CARDS_MAX] = { false };

	for (int i = 0; i < TP(g)->nplays; i++)
		played[TP(g)->plays[i].card] = true;
	CHECK(view_render(&secrecy_tpl, kind_of(g), &r, c, &subject, &body, &e) == 0);
	CHECK(template_render(secrecy_dump_template, c, &dump, &e) == 0);
	for (int reader = 0; reader < 2; reader++) {
		CHECK_INT(secrecy_secrets_in(g, played, reader, body, why, sizeof why), 0);
		CHECK_INT(secrecy_secrets_in(g, played, reader, dump, why, sizeof why), 0);
	}
	CHECK(!strstr(dump, "hand=card"));
	tctx_free(c);
	free(subject), free(body), free(dump);
	game_free(g);
}

/* Game A: White's list made by the referee, Black's sent; an interception taken back;
 * cards 12 (used later), 28 (never used), 34, 57; refusals, status, help and test; Black
 * resigns. */
static void game_a(void)
{
	struct match m;
	struct game *g;
	char text[1024], list[600];

	secrecy_start(&m, 17);
	secrecy_post(&m, WHITE, "list random\nnumbers random");
	secrecy_shuffled_list(7, list, sizeof list);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "%s\nnumbers %d %d %d %d %d", list, secrecy_number_of(g, WHITE, 12),
		 secrecy_number_of(g, WHITE, 57), secrecy_number_of(g, WHITE, 7), secrecy_number_of(g, WHITE, 9),
		 secrecy_number_of(g, WHITE, 10));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	CHECK_INT(TP(g)->ct.expect, CT_MOVE);
	CHECK(m.dealt_commit[WHITE][WHITE][0] && m.dealt_commit[BLACK][BLACK][0]);
	CHECK_STR(m.dealt_commit[WHITE][WHITE], m.dealt_commit[BLACK][WHITE]);
	CHECK_STR(m.dealt_commit[WHITE][BLACK], m.dealt_commit[BLACK][BLACK]);
	game_free(g);
	checker_catches(&m);

	secrecy_post(&m, WHITE, "card 12\nsquare e4\nd4");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "d5\nnumbers %d", secrecy_number_for(g, WHITE, 13));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	secrecy_post(&m, WHITE, "Nc3\nstatus");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect takeback", secrecy_plain_card(g, BLACK, 0));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "Nf3\nnumbers %d", secrecy_number_for(g, BLACK, 28));
	game_free(g);
	secrecy_post(&m, WHITE, text);
	secrecy_post(&m, BLACK, "card 28\nsquare h5\nNc6");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "card 7 continuing\neffect attach f3 shielded\ne3\nnumbers %d",
		 secrecy_number_for(g, BLACK, 34));
	game_free(g);
	secrecy_post(&m, WHITE, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "card 34\ntake 7\na6\nnumbers %d\nstatus", secrecy_number_for(g, WHITE, 14));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	secrecy_post(&m, WHITE, "Ne5");
	secrecy_post(&m, BLACK, "Nxe5");
	game_free(secrecy_mail(&m, WHITE, "card 57\nchoose 71\ndxe5", 1));      /* 71 is not in the game */
	g = secrecy_load(&m);
	int choice = 0;
	for (int k = 15; k < 70 && !choice; k++)
		if (secrecy_number_of(g, WHITE, k) && !secrecy_drawn(g, WHITE, k))
			choice = k;
	game_free(g);
	snprintf(text, sizeof text, "card 57\nchoose %d\ndxe5", choice);
	secrecy_post(&m, WHITE, text);
	game_free(secrecy_mail(&m, BLACK, "e6\nnumbers 1", 1));               /* none are due */
	secrecy_post(&m, BLACK, "status");
	secrecy_post(&m, BLACK, "help\ne6");
	game_free(secrecy_mail(&m, WHITE, "card 66\nBd3", 1));                 /* not in White's hand */
	secrecy_post(&m, WHITE, "secret e4\nBd3\ntest");
	public_view(&m);
	secrecy_post(&m, BLACK, "resign");
	CHECK_INT(m.leaks, 0);
	CHECK(m.mails[WHITE] >= 15 && m.mails[BLACK] >= 15);
	CHECK_INT(m.statuses, 1);
	CHECK(m.observed >= 15);        /* the observer followed the whole game */
	printf("test_secrecy: game 1, %d mails to its observer scanned\n", m.observed);
	reveal_checks(&m);
	/* the card taken with 57, secret until now, is revealed with the number it barred */
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "cards White took with card 57 (number->card): %d->%d",
		 secrecy_number_of(g, WHITE, choice), choice);
	CHECK_HAS(m.over[BLACK], text);
	game_free(g);
	free(m.json), free(m.over[0]), free(m.over[1]);
}

/* Game B: White's list sent, Black's made by the referee; card 18 intercepted on its second
 * part; card 32 answers an interception; card 28 used, card 12 never; a mate held open for
 * an interception, then conceded. */
static void game_b(void)
{
	struct match m;
	struct game *g;
	char text[1024], list[600];

	secrecy_start(&m, 18);
	secrecy_shuffled_list(11, list, sizeof list);
	snprintf(text, sizeof text, "%s\nnumbers random", list);
	secrecy_post(&m, WHITE, text);
	secrecy_post(&m, BLACK, "list random");
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "numbers %d %d %d %d %d", secrecy_number_of(g, WHITE, 18),
		 secrecy_number_of(g, WHITE, 32), secrecy_number_of(g, WHITE, 12), secrecy_number_of(g, WHITE, 5),
		 secrecy_number_of(g, WHITE, 6));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	checker_catches(&m);

	secrecy_post(&m, WHITE, "card 18\nNc3\nNe4");
	g = secrecy_load(&m);
	int first = secrecy_plain_card(g, BLACK, 0);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect takeback\npart 2", first);
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "Nb5\nnumbers %d", secrecy_number_for(g, BLACK, 28));
	game_free(g);
	secrecy_post(&m, WHITE, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "card 28\nsquare d3\ne5\nnumbers %d", secrecy_number_for(g, WHITE, 8));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "f3\nnumbers %d", secrecy_number_for(g, BLACK, 0));
	game_free(g);
	secrecy_post(&m, WHITE, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect capture b5", secrecy_plain_card(g, BLACK, 0));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "card 32\nnumbers %d", secrecy_number_for(g, BLACK, 0));
	game_free(g);
	secrecy_post(&m, WHITE, text);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "secret d3\nd6\nnumbers %d", secrecy_number_for(g, WHITE, 9));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	secrecy_post(&m, WHITE, "card 12\nsquare a6\ng4\nstatus");
	public_view(&m);
	g = secrecy_load(&m);
	snprintf(text, sizeof text, "Qh4\nnumbers %d", secrecy_number_for(g, WHITE, 10));
	game_free(g);
	secrecy_post(&m, BLACK, text);
	g = secrecy_load(&m);
	CHECK_INT(TP(g)->ct.expect, CT_MATED);
	game_free(g);
	secrecy_post(&m, WHITE, "status");
	secrecy_post(&m, BLACK, "status");
	secrecy_post(&m, WHITE, "concede");
	CHECK_INT(m.leaks, 0);
	CHECK_INT(m.statuses, 2);
	CHECK(m.observed >= 10);
	printf("test_secrecy: game 2, %d mails to its observer scanned\n", m.observed);
	reveal_checks(&m);
	free(m.json), free(m.over[0]), free(m.over[1]);
}
int main(void)
{
	if (secrecy_setup() < 0)
		return 2;
	game_a();
	game_b();
	CHECK(secrecy_bookkeeping_checks >= 40);
	printf("test_secrecy: %d mails checked for the reader's numbers sent and left\n",
	       secrecy_bookkeeping_checks);
	secrecy_teardown();
	return check_done();
}
