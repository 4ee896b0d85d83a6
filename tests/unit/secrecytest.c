/* secrecytest.c: the harness of test_secrecy.c (see secrecytest.h): the leak checker, two
 * players' mails played as the pipeline plays them with every reply rendered for its reader
 * and checked, the planning of the next mail from the state, and the reading of the reveal's
 * check command. */
#include "secrecytest.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "game/kind.h"
#include "game/observe.h"
#include "kinds/registry.h"
#include "kinds/tempete/tempete.h"
#include "mail/msgtext.h"
#include "render/template.h"
#include "render/view.h"
#include "rules/cards.h"
#include "store/cards_load.h"
#include "store/store.h"
#include "util/crypto.h"
#include "gametest.h"

#define KIND_UNDER_TEST "tempete"

static const uint8_t key[CRYPTO_HASH_LEN] = "secrecy test key, thirty-two by";
static struct variant *tv;
static struct card_catalogue cat;
struct templates secrecy_tpl;
static int serial;

/* Every card-game variable a template may use, lists included. */
const char secrecy_dump_template[] =
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

bool secrecy_list_run_in(const int *list, int nlist, const char *text)
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
int secrecy_secrets_in(const struct game *g, const bool *known, int r, const char *text, char *why,
		      size_t wlen)
{
	const struct tempete *tp = TP(g);
	int o = 1 - r, found = 0;
	size_t at = 0;
	char hex[2 * TP_SALT + 1], s[64];

#define LEAK(...) (found++, at += (size_t)snprintf(why + at, at < wlen ? wlen - at : 0, __VA_ARGS__))
	why[0] = 0;
	if (tp->has_list[o] && secrecy_list_run_in(tp->list[o], tp->n, text))
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

/* The help's lists of orders and their examples ("for example: secret e4", "  card 23
 * continuing") are the same words in every game, drawn from the kind's order table and
 * its help part, or the reader's own ("for example: card 54", a card of their hand): no
 * secret of this one. Those lines, the indented ones, are blanked before a help mail is
 * searched. */
static void drop_examples(char *text)
{
	for (char *line = text; line && *line; ) {
		char *end = strchr(line, '\n');
		const char *w = line + strspn(line, " ");
		if (!strncmp(w, "for example: ", 13) || !strncmp(line, "  ", 2))
			memset(line, ' ', end ? (size_t)(end - line) : strlen(line));
		line = end ? end + 1 : NULL;
	}
}

/* ---- playing mails as the pipeline does ---- */

struct game *secrecy_load(const struct match *m)
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
	struct game *back = secrecy_load(m);
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
int secrecy_bookkeeping_checks;

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
	secrecy_bookkeeping_checks++;
}

/* A mail to the observer holds neither side's secrets: checked as if read by each
 * player in turn, against the cards both players know of (those played). */
static void observer_check(struct match *m, const struct game *g, const char *subject,
			   const char *body, const char *dump)
{
	bool pub[CARDS_MAX];
	char why[512];
	char *all = malloc(strlen(subject) + strlen(body) + strlen(dump) + 4);

	if (!CHECK(all != NULL))
		return;
	sprintf(all, "%s\n%s\n%s", subject, body, dump);
	for (int k = 0; k < CARDS_MAX; k++)
		pub[k] = m->known[WHITE][k] && m->known[BLACK][k];
	for (int side = WHITE; side <= BLACK; side++) {
		int n = secrecy_secrets_in(g, pub, side, all, why, sizeof why);
		if (!CHECK_INT(n, 0))
			fprintf(stderr, "    leak to the observer: %s\n", why);
		m->leaks += n;
	}
	CHECK(strstr(body, "Your hand") == NULL && strstr(body, "Your list") == NULL);
	m->observed++;
	free(all);
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

	bool observer = r->to < 0 && !strcmp(r->address, SECRECY_OBSERVER);
	if (reader < 0)
		reader = !strcmp(r->address, g->seat[WHITE].address) ? WHITE :
			 !strcmp(r->address, g->seat[BLACK].address) ? BLACK : -1;
	struct tctx *c = view_context(g, r, &x);
	if (!CHECK(c && view_render(&secrecy_tpl, kind_of(g), r, c, &subject, &body, &e) == 0) ||
	    !CHECK(template_render(secrecy_dump_template, c, &dump, &e) == 0)) {
		tctx_free(c);
		return;
	}
	tctx_free(c);
	check_context("game %d, %s mail to %s", g->id, reply_kind_name(r->kind),
		      reader == WHITE ? "White" : reader == BLACK ? "Black" : "a stranger");
	if (reader >= 0 && g->status != GAME_OVER) {
		char *all = malloc(strlen(subject) + strlen(body) + strlen(dump) + 4);
		sprintf(all, "%s\n%s\n%s", subject, body, dump);
		if (r->kind == REPLY_HELP)
			drop_examples(all);
		int n = secrecy_secrets_in(g, m->known[reader], reader, all, why, sizeof why);
		if (!CHECK_INT(n, 0))
			fprintf(stderr, "    leak: %s\n", why);
		m->leaks += n;
		free(all);
		bookkeeping(g, r, reader, body);
	}
	if (observer && g->status != GAME_OVER)
		observer_check(m, g, subject, body, dump);
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
struct game *secrecy_mail(struct match *m, int c, const char *text, int want_errors)
{
	struct game *g = secrecy_load(m);
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
	CHECK(game_observers_tell(g, &out) == 0);
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

void secrecy_post(struct match *m, int c, const char *text)
{
	game_free(secrecy_mail(m, c, text, 0));
}

/* The game's challenge and its acceptance. */
void secrecy_start(struct match *m, int id)
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
	CHECK(game_observer_add(g, SECRECY_OBSERVER) == 0);
	commit(m, g);
	for (size_t i = 0; i < out.nreplies; i++)
		render(m, g, &out.replies[i], &out, WHITE, lines, n, &o);
	orders_free(&o);
	outcome_free(&out);
	game_free(g);
	secrecy_post(m, BLACK, "accept");
}

/* ---- planning: the test reads the state to choose lists' numbers ---- */

/* The number that draws `card` from c's list. */
int secrecy_number_of(const struct game *g, int c, int card)
{
	for (int i = 0; i < TP(g)->n; i++)
		if (TP(g)->list[c][i] == card)
			return i + 1;
	return 0;
}

bool secrecy_drawn(const struct game *g, int c, int card)
{
	for (int i = 0; i < TP(g)->ndrawn[c]; i++)
		if (TP(g)->drawn_card[c][i] == card)
			return true;
	return false;
}

/* A number the opponent of c may still send that gives c `card`, or any fresh one. */
int secrecy_number_for(const struct game *g, int c, int card)
{
	int avail[CARDS_MAX], n = tempete_available(TP(g), 1 - c, avail), want = secrecy_number_of(g, c, card);

	for (int i = 0; i < n; i++)
		if (avail[i] == want && !secrecy_drawn(g, c, card))
			return want;
	for (int i = 0; i < n; i++) {
		int k = TP(g)->list[c][avail[i] - 1];
		if (k != 12 && k != 28 && k != 18 && k != 34 && k != 57 && k != 66)
			return avail[i];
	}
	return avail[0];
}

/* A card of c's hand that may intercept and needs nothing special. */
int secrecy_plain_card(const struct game *g, int c, int not)
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
void secrecy_shuffled_list(unsigned seed, char *out, size_t len)
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

/* ---- reading the reveal ---- */

/* text with each run of blanks and newlines as one blank (free()). */
char *secrecy_flat(const char *text)
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
void secrecy_command_text(const char *cmd, const char *end, char *out, size_t len)
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

/* ---- the referee's parts: the variant, the cards, the templates ---- */

int secrecy_setup(void)
{
	struct err e;

	kinds_register();
	tv = test_variant("tempete");
	if (cards_load("rules", "tempete", NULL, NULL, &cat, &e) < 0 ||
	    templates_load(&secrecy_tpl, "templates", &e) < 0) {
		fprintf(stderr, "%s\n", e.msg);
		return -1;
	}
	return 0;
}

void secrecy_teardown(void)
{
	templates_free(&secrecy_tpl);
	variant_free(tv);
}
