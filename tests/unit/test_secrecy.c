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
 * of the revealed text. The checker itself is shown to catch each kind of leak. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "kinds/tempete/tempete.h"
#include "mail/msgtext.h"
#include "render/template.h"
#include "render/view.h"
#include "rules/cards.h"
#include "store/cards_load.h"
#include "store/store.h"
#include "util/crypto.h"
#include "gametest.h"
#include "kinds/registry.h"

#define KIND_UNDER_TEST "tempete"
#define TP(g) ((struct tempete *)(g)->kstate)

static const uint8_t key[CRYPTO_HASH_LEN] = "secrecy test key, thirty-two by";
static struct variant *tv;
static struct card_catalogue cat;
static struct templates tpl;
static int serial;

/* Every card-game variable a template may use, lists included. */
static const char dump_template[] =
	"tp={{tp}} n={{tp_n}} setup={{tp_setup}} owe={{tp_owe_list}}/{{tp_owe_numbers}}\n"
	"expect={{tp_expect}}\nhand={{tp_hand}}\ndrew={{tp_drew}}\nleft={{tp_numbers_left}}\n"
	"list={{tp_list}} by={{tp_list_by}}\nsquares={{tp_my_squares}}\n"
	"plays={{#each tp_plays}}[{{by}} {{card}} {{how}} {{detail}}]{{/each}}\n"
	"marks={{#each tp_marks}}[{{square}} {{label}} {{card}}]{{/each}}\n"
	"captured={{tp_captured}} hands={{tp_hand_white}}/{{tp_hand_black}}\n"
	"commit={{tp_commit_white}} {{tp_commit_black}}\nreveal={{tp_reveal}}\n"
	"sides={{#each tp_sides}}[{{side}} | {{list}} | {{salt}} | {{commitment}} | {{check}} | "
	"{{sent}} | {{drawn}} | {{squares}}]{{/each}}\nentitlement={{tp_entitlement}}\n"
	"note={{note}}\nerrors={{#each errors}}[{{line}} {{text}} {{reason}}]{{/each}}\n";

/* One game as the referee keeps it between mails, and what the test knows about it. */
struct match {
	char *json;                     /* the committed state */
	int id;
	bool known[2][CARDS_MAX];       /* cards each player may know of */
	char dealt_commit[2][2][65];    /* [reader][side]: the commitments mailed at the deal */
	char *over[2];                  /* each player's last mail (the reveal) */
	int mails[2];                   /* mails rendered for each player */
	int leaks;                      /* violations found */
	int statuses;                   /* status mails checked */
};

/* ---- the checker ---- */

static bool isalnum_c(char c)
{
	return isalnum((unsigned char)c) != 0;
}

/* The numbers standing alone in a text ("e4" is not one; "12:" and "(7)" are). */
static int tokens(const char *t, int *out, int max)
{
	int n = 0;

	for (const char *p = t; *p && n < max; p++) {
		if (*p < '0' || *p > '9' || (p > t && (isalnum_c(p[-1]))))
			continue;
		const char *q = p;
		while (*q >= '0' && *q <= '9')
			q++;
		if (!isalnum_c(*q))
			out[n++] = atoi(p);
		p = q - 1;
	}
	return n;
}

static bool list_run_in(const int *list, int nlist, const char *text)
{
	static int tok[20000];
	int n = tokens(text, tok, 20000);

	for (int i = 0; i + 4 <= n; i++)
		for (int k = 0; k + 4 <= nlist; k++)
			if (tok[i] == list[k] && tok[i + 1] == list[k + 1] && tok[i + 2] == list[k + 2] &&
			    tok[i + 3] == list[k + 3])
				return true;
	return false;
}

/* What is secret from reader r (the opponent's list, hand, unused squares; both salts)
 * and found in text; one line per kind in why. Returns how many kinds. */
static int secrets_in(const struct game *g, const bool *known, int r, const char *text, char *why,
		      size_t wlen)
{
	const struct tempete *tp = TP(g);
	int o = 1 - r, found = 0;
	size_t at = 0;
	char hex[2 * TP_SALT + 1], s[64];

#define LEAK(...) (found++, at += (size_t)snprintf(why + at, at < wlen ? wlen - at : 0, __VA_ARGS__))
	why[0] = 0;
	if (tp->has_list[o] && list_run_in(tp->list[o], tp->n, text))
		LEAK("the opponent's list; ");
	for (int c = 0; c < 2; c++) {
		crypto_hex(tp->salt[c], TP_SALT, hex);
		if (tp->has_list[c] && strstr(text, hex))
			LEAK("%s's salt; ", c == WHITE ? "White" : "Black");
	}
	if (tp->nhand[o]) {
		char hand[512];
		size_t h = 0;
		for (int i = 0; i < tp->nhand[o]; i++)
			h += (size_t)snprintf(hand + h, sizeof hand - h, "%scard %d", i ? ", " : "", tp->hand[o][i]);
		if (strstr(text, hand))
			LEAK("the opponent's hand as printed; ");
	}
	for (const char *p = text; (p = strstr(p, "card ")); p += 5) {
		int k = atoi(p + 5);
		if (p[5] >= '0' && p[5] <= '9' && k > 0 && k < CARDS_MAX && !known[k]) {
			LEAK("card %d, which the reader cannot know of; ", k);
			break;
		}
	}
	for (int i = 0; i < tp->nsecrets; i++) {
		const struct tp_secret *sq = &tp->secrets[i];
		if (sq->by != o || sq->used)
			continue;
		snprintf(s, sizeof s, "square %s", sq->square);
		bool a = strstr(text, s) != NULL;
		snprintf(s, sizeof s, "%s (card %d)", sq->square, sq->card);
		if (a || strstr(text, s))
			LEAK("the opponent's secret square %s; ", sq->square);
	}
#undef LEAK
	return found;
}

/* ---- playing mails as the pipeline does ---- */

static struct game *load(const struct match *m)
{
	struct game *g = NULL;
	struct err e;

	if (!CHECK(store_game_from_json(m->json, "test", &g, &e) == 0)) {
		check_context("%s", e.msg);
		return NULL;
	}
	g->cat = &cat;
	g->k = kind_find("tempete");
	if (!CHECK(game_load_position(g, tv, &e) == 0))
		check_context("%s", e.msg);
	return g;
}

static void commit(struct match *m, const struct game *g)
{
	char before[HASH_HEX], after[HASH_HEX];

	free(m->json);
	m->json = store_game_to_json(g);
	/* the state file keeps everything the hash covers */
	struct game *back = load(m);
	game_hash(g, before);
	game_hash(back, after);
	CHECK_STR(after, before);
	game_free(back);
}

/* The mail's lines, as the pipeline gives them to the orders. */
static void parse_lines(const struct text_line *lines, size_t n, struct orders *o, struct err *e)
{
	struct order_line ol[64];

	for (size_t i = 0; i < n && i < 64; i++)
		ol[i] = (struct order_line){ .lineno = lines[i].lineno, .text = lines[i].text };
	test_order_parse(ol, n < 64 ? n : 64, KIND_UNDER_TEST, o, e);
}

static void lines_of(const char *text, char *copy, struct text_line *lines, size_t *n)
{
	char *save = NULL;
	int lineno = 0;

	*n = 0;
	strcpy(copy, text);
	for (char *l = strtok_r(copy, "\n", &save); l && *n < 64; l = strtok_r(NULL, "\n", &save))
		lines[*n].lineno = ++lineno, lines[(*n)++].text = l;
}

static void learn(struct match *m, const struct game *g)
{
	const struct tempete *tp = TP(g);

	for (int c = 0; c < 2 && tp; c++) {
		for (int i = 0; i < tp->ndrawn[c]; i++)
			m->known[c][tp->drawn_card[c][i]] = true;
		for (int i = 0; i < tp->nhand[c]; i++)
			m->known[c][tp->hand[c][i]] = true;
		for (int i = 0; i < tp->nplays; i++)
			m->known[c][tp->plays[i].card] = true;
	}
}

/* The cards a player names in their own mail are theirs to read back. */
static void learn_text(struct match *m, int c, const char *text)
{
	static const char *const words[] = { "card ", "take ", "choose " };

	for (size_t w = 0; w < 3; w++)
		for (const char *p = text; (p = strstr(p, words[w])); p += strlen(words[w])) {
			int k = atoi(p + strlen(words[w]));
			if (k > 0 && k < CARDS_MAX)
				m->known[c][k] = true;
		}
}

static void grab_commitments(struct match *m, int r, const char *body)
{
	const char *w = strstr(body, "  White: "), *b = strstr(body, "  Black: ");

	if (CHECK(w && b)) {
		snprintf(m->dealt_commit[r][WHITE], 65, "%.64s", w + 9);
		snprintf(m->dealt_commit[r][BLACK], 65, "%.64s", b + 9);
	}
}

/* Every mail of the play to a player shows the numbers they have sent (those `numbers
 * random` chose too) and how many are left, as the state has them at that step. */
static int bookkeeping_checks;

static void bookkeeping(const struct game *g, const struct reply *r, int reader, const char *body)
{
	const struct tempete *tp = g->kstate;
	char want[1024];
	int at;

	if (!tp || !tp->nsent[reader] || (r->kind != REPLY_MOVED && r->kind != REPLY_STATUS &&
					  r->kind != REPLY_REFUSED && r->kind != REPLY_DEALT))
		return;
	at = snprintf(want, sizeof want, "Numbers you have sent:");
	for (int i = 0; i < tp->nsent[reader]; i++)
		at += snprintf(want + at, sizeof want - (size_t)at, " %d", tp->sent[reader][i]);
	snprintf(want + at, sizeof want - (size_t)at, " (%d left to send",
		 tempete_available(tp, reader, NULL));
	CHECK_HAS(body, want);
	bookkeeping_checks++;
}

/* Renders one reply for its reader and checks it; who is the mail's sender. */
static void render(struct match *m, const struct game *g, const struct reply *r,
		   const struct outcome *out, int who, const struct text_line *lines, size_t nlines,
		   const struct orders *o)
{
	struct order_line ol[64];
	for (size_t i = 0; i < nlines && i < 64; i++)
		ol[i] = (struct order_line){ .lineno = lines[i].lineno, .text = lines[i].text };
	struct view_extra x = {
		.referee = "referee@tempest.example", .referee_name = "Tempest referee",
		.sender = g->seat[who].address, .auth = out->auth >= 0 ? "by token" : "not a player",
		.subject = "Re: a game", .lines = ol, .nlines = nlines < 64 ? nlines : 64, .orders = o,
		.errors = out->errors, .nerrors = out->nerrors,
	};
	int reader = r->to;
	char *subject = NULL, *body = NULL, *dump = NULL, why[512];
	struct err e;

	if (reader < 0)
		reader = !strcmp(r->address, g->seat[WHITE].address) ? WHITE :
			 !strcmp(r->address, g->seat[BLACK].address) ? BLACK : -1;
	struct tctx *c = view_context(g, r, &x);
	if (!CHECK(c && view_render(&tpl, r, c, &subject, &body, &e) == 0) ||
	    !CHECK(template_render(dump_template, c, &dump, &e) == 0)) {
		tctx_free(c);
		return;
	}
	tctx_free(c);
	check_context("game %d, %s mail to %s", g->id, reply_kind_name(r->kind),
		      reader == WHITE ? "White" : reader == BLACK ? "Black" : "a stranger");
	if (reader >= 0 && g->status != GAME_OVER) {
		char *all = malloc(strlen(subject) + strlen(body) + strlen(dump) + 4);
		sprintf(all, "%s\n%s\n%s", subject, body, dump);
		int n = secrets_in(g, m->known[reader], reader, all, why, sizeof why);
		if (!CHECK_INT(n, 0))
			fprintf(stderr, "    leak: %s\n", why);
		m->leaks += n;
		free(all);
		bookkeeping(g, r, reader, body);
	}
	check_context(NULL);
	if (reader >= 0) {
		m->mails[reader]++;
		if (r->kind == REPLY_DEALT)
			grab_commitments(m, reader, body);
		if (r->kind == REPLY_STATUS && g->status != GAME_OVER)
			m->statuses++;
		if (r->kind == REPLY_OVER) {
			free(m->over[reader]);
			m->over[reader] = strdup(body);
		}
	}
	free(subject);
	free(body);
	free(dump);
}

/* A mail from player c; want_errors 0: it must be applied. Returns the game after it
 * (the caller frees it) for the test to plan the next mail. */
static struct game *mail(struct match *m, int c, const char *text, int want_errors)
{
	struct game *g = load(m);
	struct outcome out = { 0 };
	struct orders o;
	struct text_line lines[64];
	char copy[4096];
	size_t n;
	struct err e;
	struct sender s;

	if (!g)
		return NULL;
	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "%s", g->seat[c].address);
	snprintf(s.msg_key, sizeof s.msg_key, "sec-%d@test", ++serial);
	s.now = 1800000000 + serial;
	game_token(key, sizeof key, g->id, (enum color)c, s.tag_token);
	lines_of(text, copy, lines, &n);
	parse_lines(lines, n, &o, &e);
	CHECK(game_apply(g, key, sizeof key, &s, &o, &out, &e) == 0);
	if (!CHECK_INT(out.nerrors, want_errors))
		fprintf(stderr, "    mail '%s': %s\n", text, out.nerrors ? out.errors[0].reason : "applied");
	if (out.changed)
		commit(m, g);
	learn(m, g);
	learn_text(m, c, text);
	for (size_t i = 0; i < out.nreplies; i++)
		render(m, g, &out.replies[i], &out, c, lines, n, &o);
	orders_free(&o);
	outcome_free(&out);
	return g;
}

static void post(struct match *m, int c, const char *text)
{
	game_free(mail(m, c, text, 0));
}

/* The game's challenge and its acceptance. */
static void start(struct match *m, int id)
{
	struct game *g = game_new();
	struct orders o;
	struct outcome out = { 0 };
	struct text_line lines[4];
	char copy[256];
	size_t n;
	struct err e;
	struct sender s;

	memset(m, 0, sizeof *m);
	m->id = id;
	g->cat = &cat;
	g->k = kind_find("tempete");
	memset(&s, 0, sizeof s);
	snprintf(s.address, sizeof s.address, "alice@example.org");
	snprintf(s.msg_key, sizeof s.msg_key, "sec-%d@test", ++serial);
	lines_of("new tempete\nopponent bob@example.org\ncolour white", copy, lines, &n);
	parse_lines(lines, n, &o, &e);
	CHECK(game_challenge(g, id, tv, key, sizeof key, &s, &o, &out, &e) == 0);
	CHECK(out.created);
	commit(m, g);
	for (size_t i = 0; i < out.nreplies; i++)
		render(m, g, &out.replies[i], &out, WHITE, lines, n, &o);
	orders_free(&o);
	outcome_free(&out);
	game_free(g);
	post(m, BLACK, "accept");
}

/* ---- planning: the test reads the state to choose lists' numbers ---- */

/* The number that draws `card` from c's list. */
static int number_of(const struct game *g, int c, int card)
{
	for (int i = 0; i < TP(g)->n; i++)
		if (TP(g)->list[c][i] == card)
			return i + 1;
	return 0;
}

static bool drawn(const struct game *g, int c, int card)
{
	for (int i = 0; i < TP(g)->ndrawn[c]; i++)
		if (TP(g)->drawn_card[c][i] == card)
			return true;
	return false;
}

/* A number the opponent of c may still send that gives c `card`, or any fresh one. */
static int number_for(const struct game *g, int c, int card)
{
	int avail[CARDS_MAX], n = tempete_available(TP(g), 1 - c, avail), want = number_of(g, c, card);

	for (int i = 0; i < n; i++)
		if (avail[i] == want && !drawn(g, c, card))
			return want;
	for (int i = 0; i < n; i++) {
		int k = TP(g)->list[c][avail[i] - 1];
		if (k != 12 && k != 28 && k != 18 && k != 34 && k != 57 && k != 66)
			return avail[i];
	}
	return avail[0];
}

/* A card of c's hand that may intercept and needs nothing special. */
static int plain_card(const struct game *g, int c, int not)
{
	for (int i = 0; i < TP(g)->nhand[c]; i++) {
		int k = TP(g)->hand[c][i];
		if (k != not && cat.card[k].timing == CARD_ANY && cat.card[k].special == SPECIAL_NONE)
			return k;
	}
	CHECK(!"a plain card in hand");
	return 0;
}

/* A permutation of the cards in use, shuffled by a fixed seed. */
static void shuffled_list(unsigned seed, char *out, size_t len)
{
	int cards[CARDS_MAX], n = 0;
	size_t at;

	for (int k = 1; k <= 72; k++)
		if (k != 11 && k != 22 && k != 71 && k != 72)
			cards[n++] = k;
	for (int i = n - 1; i > 0; i--) {
		seed = seed * 1103515245u + 12345u;
		int j = (int)((seed >> 8) % (unsigned)(i + 1)), t = cards[i];
		cards[i] = cards[j], cards[j] = t;
	}
	at = (size_t)snprintf(out, len, "list");
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(out + at, len - at, " %d", cards[i]);
}

/* ---- the end: the reveal and the commitments ---- */

/* text with each run of blanks and newlines as one blank (free()). */
static char *flat(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;

	for (const char *p = text; out && *p; p++)
		if (*p == ' ' || *p == '\n') {
			if (o == out || o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *p;
		}
	if (out)
		*o = 0;
	return out;
}

/* The bytes a check command (cmd up to end, "' | sha256sum") prints: "printf 'TEXT'", or
 * "printf '%b' \ 'PIECE' \ 'PIECE'" over several lines (read flat), \n a newline. */
static void command_text(const char *cmd, const char *end, char *out, size_t len)
{
	bool pieces = !strncmp(cmd, "printf '%b'", 11), in = !pieces;
	size_t k = 0;

	for (const char *p = cmd + (pieces ? 11 : 8); p < end && k + 1 < len; p++)
		if (pieces && *p == '\'')
			in = !in;
		else if (!in)
			continue;
		else if (p[0] == '\\' && p[1] == 'n')
			out[k++] = '\n', p++;
		else
			out[k++] = *p;
	out[k] = 0;
}

static void reveal_checks(struct match *m)
{
	struct game *g = load(m);
	const struct tempete *tp = TP(g);

	CHECK_INT(g->status, GAME_OVER);
	for (int r = 0; r < 2; r++) {
		const char *body = m->over[r];
		check_context("game %d, the reveal to %s", g->id, r == WHITE ? "White" : "Black");
		if (!CHECK(body != NULL))
			continue;
		/* the reveal read as one line: a mail's lines are broken to fit 78 characters
		 * (docs/mail-lines.md), the list and the command over several */
		char *fb = flat(body);
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
			command_text(cmd, end, printed, sizeof printed);
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
	struct game *g = load(m);
	char why[512], text[2048];
	bool none[CARDS_MAX] = { false };

	/* White's own private view, shown to Black */
	struct reply r = { .kind = REPLY_STATUS, .to = WHITE, .about = -1 };
	struct view_extra x = { .referee = "referee@tempest.example", .referee_name = "R" };
	struct tctx *c = view_context(g, &r, &x);
	char *dump = NULL;
	struct err e;
	CHECK(template_render(dump_template, c, &dump, &e) == 0);
	tctx_free(c);
	CHECK(secrets_in(g, m->known[BLACK], BLACK, dump, why, sizeof why) >= 1);
	CHECK_HAS(why, "the opponent's hand as printed");
	free(dump);
	/* four entries of White's list in a row */
	snprintf(text, sizeof text, "numbers %d %d %d %d", TP(g)->list[WHITE][10], TP(g)->list[WHITE][11],
		 TP(g)->list[WHITE][12], TP(g)->list[WHITE][13]);
	CHECK(secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	CHECK_HAS(why, "the opponent's list");
	/* but three are not four */
	snprintf(text, sizeof text, "numbers %d %d %d", TP(g)->list[WHITE][10], TP(g)->list[WHITE][11],
		 TP(g)->list[WHITE][12]);
	CHECK_INT(secrets_in(g, none, BLACK, "", why, sizeof why), 0);
	CHECK(!list_run_in(TP(g)->list[WHITE], TP(g)->n, text));
	/* a salt */
	crypto_hex(TP(g)->salt[BLACK], TP_SALT, text);
	CHECK(secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	CHECK_HAS(why, "Black's salt");
	/* a card of White's that Black cannot know */
	int unknown = 0;
	for (int i = 0; i < TP(g)->nhand[WHITE] && !unknown; i++)
		if (!m->known[BLACK][TP(g)->hand[WHITE][i]])
			unknown = TP(g)->hand[WHITE][i];
	if (CHECK(unknown)) {
		snprintf(text, sizeof text, "White plays card %d.", unknown);
		CHECK(secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
	}
	/* a square White gave and has not used */
	for (int i = 0; i < TP(g)->nsecrets; i++)
		if (TP(g)->secrets[i].by == WHITE && !TP(g)->secrets[i].used) {
			snprintf(text, sizeof text, "Your squares with the referee: %s (card %d)",
				 TP(g)->secrets[i].square, TP(g)->secrets[i].card);
			CHECK(secrets_in(g, m->known[BLACK], BLACK, text, why, sizeof why) >= 1);
		}
	game_free(g);
}

/* The public view (status for no player, as for the game master) holds nobody's secrets. */
static void public_view(struct match *m)
{
	struct game *g = load(m);
	struct reply r = { .kind = REPLY_STATUS, .to = -1, .about = -1 };
	struct view_extra x = { .referee = "referee@tempest.example", .referee_name = "R" };
	struct tctx *c = view_context(g, &r, &x);
	char *subject, *body, *dump, why[512];
	struct err e;
	bool played[CARDS_MAX] = { false };

	for (int i = 0; i < TP(g)->nplays; i++)
		played[TP(g)->plays[i].card] = true;
	CHECK(view_render(&tpl, &r, c, &subject, &body, &e) == 0);
	CHECK(template_render(dump_template, c, &dump, &e) == 0);
	for (int reader = 0; reader < 2; reader++) {
		CHECK_INT(secrets_in(g, played, reader, body, why, sizeof why), 0);
		CHECK_INT(secrets_in(g, played, reader, dump, why, sizeof why), 0);
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

	start(&m, 17);
	post(&m, WHITE, "list random\nnumbers random");
	shuffled_list(7, list, sizeof list);
	g = load(&m);
	snprintf(text, sizeof text, "%s\nnumbers %d %d %d %d %d", list, number_of(g, WHITE, 12),
		 number_of(g, WHITE, 57), number_of(g, WHITE, 7), number_of(g, WHITE, 9),
		 number_of(g, WHITE, 10));
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	CHECK_INT(TP(g)->expect, TP_MOVE);
	CHECK(m.dealt_commit[WHITE][WHITE][0] && m.dealt_commit[BLACK][BLACK][0]);
	CHECK_STR(m.dealt_commit[WHITE][WHITE], m.dealt_commit[BLACK][WHITE]);
	CHECK_STR(m.dealt_commit[WHITE][BLACK], m.dealt_commit[BLACK][BLACK]);
	game_free(g);
	checker_catches(&m);

	post(&m, WHITE, "card 12\nsquare e4\nd4");
	g = load(&m);
	snprintf(text, sizeof text, "d5\nnumbers %d", number_for(g, WHITE, 13));
	game_free(g);
	post(&m, BLACK, text);
	post(&m, WHITE, "Nc3\nstatus");
	g = load(&m);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect takeback", plain_card(g, BLACK, 0));
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	snprintf(text, sizeof text, "Nf3\nnumbers %d", number_for(g, BLACK, 28));
	game_free(g);
	post(&m, WHITE, text);
	post(&m, BLACK, "card 28\nsquare h5\nNc6");
	g = load(&m);
	snprintf(text, sizeof text, "card 7 continuing\neffect attach f3 shielded\ne3\nnumbers %d",
		 number_for(g, BLACK, 34));
	game_free(g);
	post(&m, WHITE, text);
	g = load(&m);
	snprintf(text, sizeof text, "card 34\ntake 7\na6\nnumbers %d\nstatus", number_for(g, WHITE, 14));
	game_free(g);
	post(&m, BLACK, text);
	post(&m, WHITE, "Ne5");
	post(&m, BLACK, "Nxe5");
	game_free(mail(&m, WHITE, "card 57\nchoose 71\ndxe5", 1));      /* 71 is not in the game */
	g = load(&m);
	int choice = 0;
	for (int k = 15; k < 70 && !choice; k++)
		if (number_of(g, WHITE, k) && !drawn(g, WHITE, k))
			choice = k;
	game_free(g);
	snprintf(text, sizeof text, "card 57\nchoose %d\ndxe5", choice);
	post(&m, WHITE, text);
	game_free(mail(&m, BLACK, "e6\nnumbers 1", 1));               /* none are due */
	post(&m, BLACK, "status");
	post(&m, BLACK, "help\ne6");
	game_free(mail(&m, WHITE, "card 66\nBd3", 1));                 /* not in White's hand */
	post(&m, WHITE, "secret e4\nBd3\ntest");
	public_view(&m);
	post(&m, BLACK, "resign");
	CHECK_INT(m.leaks, 0);
	CHECK(m.mails[WHITE] >= 15 && m.mails[BLACK] >= 15);
	CHECK_INT(m.statuses, 1);
	reveal_checks(&m);
	/* the card taken with 57, secret until now, is revealed with the number it barred */
	g = load(&m);
	snprintf(text, sizeof text, "cards White took with card 57 (number->card): %d->%d",
		 number_of(g, WHITE, choice), choice);
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

	start(&m, 18);
	shuffled_list(11, list, sizeof list);
	snprintf(text, sizeof text, "%s\nnumbers random", list);
	post(&m, WHITE, text);
	post(&m, BLACK, "list random");
	g = load(&m);
	snprintf(text, sizeof text, "numbers %d %d %d %d %d", number_of(g, WHITE, 18),
		 number_of(g, WHITE, 32), number_of(g, WHITE, 12), number_of(g, WHITE, 5),
		 number_of(g, WHITE, 6));
	game_free(g);
	post(&m, BLACK, text);
	checker_catches(&m);

	post(&m, WHITE, "card 18\nNc3\nNe4");
	g = load(&m);
	int first = plain_card(g, BLACK, 0);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect takeback\npart 2", first);
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	snprintf(text, sizeof text, "Nb5\nnumbers %d", number_for(g, BLACK, 28));
	game_free(g);
	post(&m, WHITE, text);
	g = load(&m);
	snprintf(text, sizeof text, "card 28\nsquare d3\ne5\nnumbers %d", number_for(g, WHITE, 8));
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	snprintf(text, sizeof text, "f3\nnumbers %d", number_for(g, BLACK, 0));
	game_free(g);
	post(&m, WHITE, text);
	g = load(&m);
	snprintf(text, sizeof text, "intercept\ncard %d\neffect capture b5", plain_card(g, BLACK, 0));
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	snprintf(text, sizeof text, "card 32\nnumbers %d", number_for(g, BLACK, 0));
	game_free(g);
	post(&m, WHITE, text);
	g = load(&m);
	snprintf(text, sizeof text, "secret d3\nd6\nnumbers %d", number_for(g, WHITE, 9));
	game_free(g);
	post(&m, BLACK, text);
	post(&m, WHITE, "card 12\nsquare a6\ng4\nstatus");
	public_view(&m);
	g = load(&m);
	snprintf(text, sizeof text, "Qh4\nnumbers %d", number_for(g, WHITE, 10));
	game_free(g);
	post(&m, BLACK, text);
	g = load(&m);
	CHECK_INT(TP(g)->expect, TP_MATED);
	game_free(g);
	post(&m, WHITE, "status");
	post(&m, BLACK, "status");
	post(&m, WHITE, "concede");
	CHECK_INT(m.leaks, 0);
	CHECK_INT(m.statuses, 2);
	reveal_checks(&m);
	free(m.json), free(m.over[0]), free(m.over[1]);
}

int main(void)
{
	struct err e;

	kinds_register();
	tv = test_variant("tempete");
	if (cards_load("rules", "tempete", NULL, NULL, &cat, &e) < 0 || templates_load(&tpl, "templates", &e) < 0) {
		fprintf(stderr, "%s\n", e.msg);
		return 2;
	}
	game_a();
	game_b();
	CHECK(bookkeeping_checks >= 40);
	printf("test_secrecy: %d mails checked for the reader's numbers sent and left\n",
	       bookkeeping_checks);
	templates_free(&tpl);
	variant_free(tv);
	return check_done();
}
