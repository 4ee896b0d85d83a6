/* game.c: the game model: creation from a challenge, the derived position, secrets and
 * tokens, the state hash. What orders do is in game_apply.c. */
#include "game/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ctype.h>

#include "engine/status.h"
#include "game/kind.h"
#include "game/standing.h"
#include "game/spelling.h"
#include "util/buf.h"
#include "util/clock.h"

struct game *game_new(void)
{
	struct game *g = calloc(1, sizeof *g);

	if (!g)
		return NULL;
	g->draw_offer = -1;
	g->challenger = WHITE;
	g->nboards = 1;
	snprintf(g->result, sizeof g->result, "*");
	snprintf(g->board[0].result, sizeof g->board[0].result, "*");
	return g;
}

void game_free(struct game *g)
{
	if (!g)
		return;
	for (int b = 0; b < BOARDS_MAX; b++) {
		board_truncate_moves(&g->board[b], 0);
		free(g->board[b].moves);
		free(g->board[b].start_fen);
		free(g->board[b].pos);
		free(g->board[b].parked);
		free(g->board[b].resolved);
		variant_free(g->board[b].rules);
	}
	free(g->seat);
	free(g->observers);
	free(g->digest);
	free(g->standing);
	strlist_free(&g->mails);
	for (size_t i = 0; i < g->nevents; i++)
		free(g->events[i].msg);
	free(g->events);
	strlist_free(&g->sent);
	free(g->sent_ply);
	if (g->kstate)
		kind_of(g)->state_free(g->kstate);
	free(g);
}

/* Moves made on every board: what a referee mail was sent after (the stale-reply guard). */
int game_ply(const struct game *g)
{
	int n = 0;

	for (int b = 0; b < g->nboards; b++)
		n += g->board[b].nmoves;
	return n;
}

int game_moves_made(const struct game *g)
{
	int n = 0;

	for (int b = 0; b < g->nboards; b++)
		for (int i = 0; i < g->board[b].nmoves; i++)
			n += g->board[b].moves[i][0] != '@' ||
			     !strncmp(g->board[b].moves[i], "@turn ", 6);
	return n;
}

enum game_phase game_phase(const struct game *g)
{
	if (g->status == GAME_INVITED)
		return PHASE_INVITED;
	if (g->status != GAME_PLAYING)
		return PHASE_OVER;
	return kind_of(g)->phase ? kind_of(g)->phase(g) : PHASE_PLAY;
}

/* A new game takes its number of boards from its variant. */
static void game_shape(struct game *g, const struct variant *v)
{
	g->nboards = v->boards > 1 ? v->boards : 1;
	for (int b = 0; b < g->nboards; b++)
		snprintf(g->board[b].result, sizeof g->board[b].result, "*");
}

/* Seats 0 and 1 keep the labels of the two-player games of the first release ("white",
 * "black"), so that their tokens and passwords stay valid; others are "seat N". */
static void player_secret(const uint8_t *key, size_t klen, int id, int seat,
			  uint8_t out[CRYPTO_HASH_LEN])
{
	char label[64];

	if (seat < 2)
		snprintf(label, sizeof label, "tempest player secret %d %s", id, color_name_lc(seat));
	else
		snprintf(label, sizeof label, "tempest player secret %d seat %d", id, seat);
	crypto_hmac(key, klen, label, strlen(label), out);
}

/* The tokens met, by game and seat: a mail's token is checked and each of its replies
 * carries its reader's, some four pairs of HMACs a move, for the few hundred games a
 * batch holds at once. A token is a function of the key, the game and the seat alone:
 * the memo is for one key, emptied if another comes. */
#define TOKEN_MEMO 4096                 /* 512 games of up to 8 seats in a row: 80 KB */
static struct token_memo {
	int id, seat;
	char token[TOKEN_LEN + 1];
} token_memo[TOKEN_MEMO];
static uint8_t token_memo_key[64];
static size_t token_memo_klen;

void game_token(const uint8_t *key, size_t klen, int id, int c, char out[TOKEN_LEN + 1])
{
	uint8_t secret[CRYPTO_HASH_LEN], mac[CRYPTO_HASH_LEN];
	struct token_memo *t = &token_memo[((unsigned)id * 8u + (unsigned)c) % TOKEN_MEMO];
	bool memo = klen <= sizeof token_memo_key && id > 0 && c >= 0;

	if (memo && (klen != token_memo_klen || memcmp(key, token_memo_key, klen))) {
		memset(token_memo, 0, sizeof token_memo);
		memcpy(token_memo_key, key, klen);
		token_memo_klen = klen;
	}
	if (memo && t->id == id && t->seat == c) {
		memcpy(out, t->token, TOKEN_LEN + 1);
		return;
	}
	player_secret(key, klen, id, c, secret);
	crypto_hmac(secret, sizeof secret, "subject token", 13, mac);
	crypto_base32(mac, sizeof mac, out, TOKEN_LEN);
	if (memo) {
		t->id = id;
		t->seat = c;
		memcpy(t->token, out, TOKEN_LEN + 1);
	}
}

void game_password_hash(const uint8_t *key, size_t klen, int id, int c,
			const char *word, char out[HASH_HEX])
{
	uint8_t secret[CRYPTO_HASH_LEN], mac[CRYPTO_HASH_LEN];

	player_secret(key, klen, id, c, secret);
	crypto_hmac(secret, sizeof secret, word, strlen(word), mac);
	crypto_hex(mac, sizeof mac, out);
}

/* A game of the first release's shape: two players, White and Black, on one board. Its
 * state text is the first release's, so that old logs replay to the same hashes. */
static bool classic_shape(const struct game *g)
{
	if (g->nboards == 1 && g->nseats == 0)
		return true;            /* a game being made, not seated yet */
	return g->nboards == 1 && g->nseats == 2 && g->seat[0].side == WHITE &&
	       g->seat[1].side == BLACK && g->seat[0].board == 0 && g->seat[1].board == 0 &&
	       !strcmp(g->seat[0].role, "player") && !strcmp(g->seat[1].role, "player");
}

/* The canonical text of the state: what a replay must reproduce exactly. */
void game_hash(const struct game *g, char out[HASH_HEX])
{
	struct buf b = { 0 };
	uint8_t h[CRYPTO_HASH_LEN];
	const struct board *b0 = &g->board[0];
	bool classic = classic_shape(g);
	char termination[sizeof g->termination];

	/* the termination in English, as it was kept before phrases: the same hash */
	phrase_english(g->termination, termination, sizeof termination);

	buf_printf(&b,
			       "tempest-state-1\nid %d\nvariant %s\nstatus %s\nresult %s\n"
			       "termination %s\nwhite %s\nblack %s\nchallenger %d\nstart %s\n"
			       "draw-offer %d\nmoves", g->id, g->variant,
			       game_status_name(g->status), g->result, termination,
			       classic && g->nseats ? g->seat[WHITE].address : "",
			       classic && g->nseats ? g->seat[BLACK].address : "", g->challenger,
			       board_start_text(b0), g->draw_offer);
	for (int i = 0; i < b0->nmoves; i++) {        /* every reply hashes the state */
		buf_add(&b, " ", 1);
		buf_str(&b, b0->moves[i]);
	}
	buf_str(&b, "\n");
	for (int i = 0; !classic && i < g->nseats; i++)
		buf_printf(&b, "seat %d %s %d %s %s\n", i, color_name_lc(g->seat[i].side),
			   g->seat[i].board, g->seat[i].role, g->seat[i].address);
	for (int n = 1; !classic && n < g->nboards; n++) {
		buf_printf(&b, "board %d %s %s start %s\nmoves", n, g->board[n].result,
			   "", board_start_text(&g->board[n]));
		for (int i = 0; i < g->board[n].nmoves; i++) {
			buf_add(&b, " ", 1);
			buf_str(&b, g->board[n].moves[i]);
		}
		buf_str(&b, "\n");
	}
	if (!classic)
		buf_printf(&b, "board 0 %s\n", b0->result);
	if (g->kstate && kind_of(g)->hash_text)
		kind_of(g)->hash_text(g, &b);
	standing_hash_text(g, &b);
	if (b.failed) {
		snprintf(out, HASH_HEX, "%s", "out-of-memory");
		buf_free(&b);
		return;
	}
	crypto_sha256(b.s, b.n, h);
	crypto_hex(h, sizeof h, out);
	buf_free(&b);
}

bool game_has_mail(const struct game *g, const char *msg_key)
{
	return strlist_find(&g->mails, msg_key) >= 0;
}

int game_add_mail(struct game *g, const char *msg_key)
{
	return game_has_mail(g, msg_key) ? 0 : strlist_add(&g->mails, msg_key);
}

bool game_sent_mail(const struct game *g, const char *id, int *ply)
{
	long at = strlist_find(&g->sent, id);

	if (at >= 0)
		*ply = g->sent_ply[at];
	return at >= 0;
}

int game_seat_ply(const struct game *g, int seat)
{
	int b = seat >= 0 && seat < g->nseats ? g->seat[seat].board : -1;

	return g->nboards > 1 && b >= 0 ? g->board[b].nmoves : game_ply(g);
}

int game_add_sent(struct game *g, const char *id, int ply)
{
	if (g->sent.n == g->sent_cap) {
		size_t cap = g->sent_cap + g->sent_cap / 4 + 8;
		int *p = realloc(g->sent_ply, cap * sizeof *p);
		if (!p)
			return -1;
		g->sent_ply = p;
		g->sent_cap = cap;
	}
	if (strlist_add(&g->sent, id) < 0)
		return -1;
	g->sent_ply[g->sent.n - 1] = ply;
	return 0;
}

int game_remember_sent_to(struct game *g, const char *id, int seat)
{
	return game_add_sent(g, id, game_seat_ply(g, seat));
}

int game_remember_sent(struct game *g, const char *id)
{
	return game_remember_sent_to(g, id, -1);
}

long game_message_to(const struct game *g, int from, const struct order *od, const char **text)
{
	char why[256];

	*text = od->arg;
	if (kind_of(g)->teams) {
		long bits = kind_of(g)->teams->message_to(g, from, od->arg, text, why, sizeof why);
		return bits < 0 ? 0 : bits & ~(1L << from);
	}
	return ((1L << g->nseats) - 1) & ~(1L << from);
}

size_t game_message_quote(const char *text, char *buf, size_t len)
{
	size_t at = 0;

	if (len < 3)
		return len ? (buf[0] = 0) : 0;
	buf[at++] = '"';
	for (const char *t = text; *t && at + 5 < len; t++) {
		buf[at++] = *t;
		if (*t == '\n')
			for (int i = 0; i < 3; i++)
				buf[at++] = ' ';
	}
	buf[at++] = '"';
	buf[at] = 0;
	return at;
}

const char *game_message_note(const struct game *g, int from, int to, const struct orders *o,
			      char *buf, size_t len)
{
	char who[96];
	size_t at = 0;

	buf[0] = 0;
	for (size_t i = 0; i < o->n && at < len; i++) {
		const char *text;
		if (o->o[i].kind != ORDER_MESSAGE || !(game_message_to(g, from, &o->o[i], &text) >> to & 1))
			continue;
		if (!at) {
			phrase_printf(buf, len, "%s (%s) writes:", g->seat[from].address,
				      seat_name(g, from, who, sizeof who));
			at = strlen(buf);
		}
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "\n  ");
		if (at < len)
			at += game_message_quote(text, buf + at, len - at);
	}
	return buf;
}

/* "language fr" in a challenge: the challenger's language from this mail on (its
 * replies included), recorded with the challenge (docs/orders.md "Languages"). */
static void challenge_language(const struct order *od, struct outcome *out)
{
	const char *code = spelling_language_code(od->arg);

	if (!code) {
		outcome_error(out, od->lineno, od->text, "'%s' is not a language whose piece letters "
			      "I read: write one of %s", od->arg, spelling_languages());
		return;
	}
	out->player.language = true;
	snprintf(out->player.lang, sizeof out->player.lang, "%s", code);
}

/* The orders of a challenge, checked; which colour the challenger asked for. */
static int challenge_orders(const struct orders *o, struct outcome *out, const char **variant,
			    const char **opponent, const char **colour, const char **password)
{
	/* a line that could not be read says why first ("opponent" with a bad address
	 * would otherwise read as no opponent at all) */
	for (size_t i = 0; i < o->nerr; i++)
		outcome_error(out, o->err[i].lineno, o->err[i].text, "%s", o->err[i].reason);
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		switch (od->kind) {
		case ORDER_NEW: *variant = od->arg; break;
		case ORDER_OPPONENT: *opponent = od->arg; break;
		case ORDER_COLOUR: *colour = od->arg; break;
		case ORDER_PASSWORD: *password = od->arg; break;
		case ORDER_TIME: case ORDER_ARBITER: case ORDER_PRIVATE: break;
		case ORDER_HELP: case ORDER_TEST: case ORDER_MESSAGE: break;
		case ORDER_LANGUAGE:
			challenge_language(od, out);
			break;
		default:
			if (od->kind >= ORDER_KIND_FIRST)
				break;          /* the kind's: its create() judges them */
			outcome_error(out, od->lineno, od->text, "a challenge holds only new, opponent, "
				      "colour, password and language");
		}
	}
	return out->nerrors ? -1 : 0;
}

/* The variant's time control (its file was checked when loaded). */
static void game_default_time(struct game *g, const struct variant *v)
{
	char why[256];

	memset(&g->clock.tc, 0, sizeof g->clock.tc);
	if (v->time_control[0])
		chessclock_parse(v->time_control, &g->clock.tc, why, sizeof why);
	g->clock.tc.intercept_hours = v->intercept_hours;
	g->clock.tc.answer_hours = v->answer_hours;
}

/* The challenge's time control (else the variant's) and arbiter; -1 if refused. */
static int challenge_terms(struct game *g, const struct variant *v, const struct orders *o,
			   struct outcome *out)
{
	game_default_time(g, v);
	for (size_t i = 0; i < o->n; i++) {
		char why[256];
		if (o->o[i].kind == ORDER_ARBITER) {
			snprintf(g->arbiter, sizeof g->arbiter, "%s", o->o[i].arg);
			g->arbiter_unconfirmed = true;  /* asked when the game begins */
		}
		if (o->o[i].kind == ORDER_PRIVATE)
			g->private_ = true;
		if (o->o[i].kind == ORDER_TIME &&
		    chessclock_parse(o->o[i].arg, &g->clock.tc, why, sizeof why) < 0)
			return outcome_error(out, o->o[i].lineno, o->o[i].text, "%s", why), -1;
	}
	return 0;
}

/* The challenge made: the game waits for its invited players; the challenger (seat me)
 * is told, with a password set if the challenge held one. */
/* What the variant is, before the note a reply has (a message relayed): a challenge's
 * mails say it when its title does not ("new knightmare": the board without cards). */
static void about_first(const struct game *g, char *note, size_t len)
{
	char rest[1024], about[sizeof g->v->about + 16];

	if (!g->v->about[0])
		return;
	snprintf(rest, sizeof rest, "%s", note);
	phrase_word(about, sizeof about, "about", g->v->about);
	note[0] = 0;
	phrase_cat(note, len, "", about);
	phrase_cat(note, len, "\n\n", rest);
}

static int challenge_made(struct game *g, const uint8_t *key, size_t klen,
			  const struct sender *s, int me, const char *password, const char *before,
			  struct outcome *out, struct err *e)
{
	g->challenger = me;
	snprintf(g->seat[me].name, NAME_MAX_, "%s", s->name);
	if (password)
		game_password_hash(key, klen, g->id, me, password, g->seat[me].password_hash);
	g->status = GAME_INVITED;
	clock_iso(s->now, g->created);
	snprintf(g->updated, sizeof g->updated, "%s", g->created);
	out->auth = me;
	out->changed = out->created = true;
	if (out->player.language)
		snprintf(g->lang[me], sizeof g->lang[me], "%s", out->player.lang);
	if (game_add_event(g, "challenge", me, "", s, before) < 0 ||
	    outcome_reply(out, REPLY_CHALLENGE_SENT, me, NULL) < 0)
		return err_set(e, "out of memory");
	about_first(g, out->replies[out->nreplies - 1].note, sizeof out->replies[0].note);
	return 0;
}

/* A team game's challenge (the kind seated every member it names): the challenger is
 * one of them and has accepted; every other member is invited. */
static int team_challenge(struct game *g, const uint8_t *key, size_t klen,
			  const struct sender *s, const struct orders *o, const char *password,
			  struct outcome *out, struct err *e)
{
	char before[HASH_HEX];
	int me = game_seat_of(g, s->address);

	if (me < 0) {
		outcome_error(out, 0, "", "you are not among the members your challenge names: "
			      "name yourself too");
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	}
	for (int b = 0; b < g->nboards; b++)
		if (board_set_start(&g->board[b], g->v->setup) < 0)
			return err_set(e, "out of memory");
	game_hash(g, before);
	snprintf(g->colour_asked, sizeof g->colour_asked, "%s", color_name_lc(g->seat[me].side));
	kind_of(g)->teams->accept(g, me);
	if (challenge_made(g, key, klen, s, me, password, before, out, e) < 0)
		return -1;
	for (int c = 0; c < g->nseats; c++) {
		if (c == me)
			continue;
		if (outcome_reply(out, REPLY_INVITATION, c, NULL) < 0)
			return err_set(e, "out of memory");
		game_message_note(g, me, c, o, out->replies[out->nreplies - 1].note,
				  sizeof out->replies[0].note);
	}
	return 0;
}

const char *game_challenge_variant(const struct orders *o)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind == ORDER_NEW)
			return o->o[i].arg;
	return NULL;
}

/* The challenger's side: the colour asked, or one drawn from the game's key. */
static enum color challenger_side(const char *colour, const uint8_t *key, size_t klen, int id)
{
	struct drbg d;
	char label[64];

	if (!strcmp(colour, "white"))
		return WHITE;
	if (!strcmp(colour, "black"))
		return BLACK;
	snprintf(label, sizeof label, "tempest colour %d", id);
	drbg_init(&d, key, klen, label);
	return drbg_uniform(&d, 2) ? BLACK : WHITE;
}

/* A challenge naming a variant this referee does not have: refused on its line. */
static int no_variant(const struct orders *o, const char *variant, const struct sender *s,
		      struct outcome *out)
{
	int line = 0;

	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind == ORDER_NEW)
			line = o->o[i].lineno;
	outcome_error(out, line, variant, "there is no variant '%s' here", variant);
	return outcome_reply(out, REPLY_REFUSED, -1, s->address);
}

int game_challenge(struct game *g, int id, const struct variant *v, const uint8_t *key,
		   size_t klen, const struct sender *s, const struct orders *o,
		   struct outcome *out, struct err *e)
{
	const char *variant = NULL, *opponent = NULL, *colour = "random", *password = NULL;
	struct err le;
	char before[HASH_HEX];

	memset(out, 0, sizeof *out);
	out->auth = -1;
	out->auth_how = "none";
	if (challenge_orders(o, out, &variant, &opponent, &colour, &password) < 0 ||
	    (opponent && !strcasecmp(opponent, s->address) &&
	     outcome_error(out, 0, "", "you cannot challenge yourself") == 0)) {
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	}
	snprintf(g->variant, sizeof g->variant, "%s", variant ? variant : "");
	g->id = id;
	if (v)
		game_shape(g, v);
	if (!v || game_load_position(g, v, &le) < 0)
		return no_variant(o, variant, s, out);
	if (kind_of(g)->teams && opponent) {
		outcome_error(out, 0, "", "a game of %s names its members and their duties, not an "
			      "opponent", v->title);
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	}
	if (kind_setup(g, o, key, klen, out) < 0)
		return out->nerrors ? outcome_reply(out, REPLY_REFUSED, -1, s->address) :
		       err_set(e, "out of memory setting up game %d", id);
	if (kind_of(g)->teams) {        /* a team game: the kind seated its members */
		if (challenge_terms(g, v, o, out) < 0)
			return outcome_reply(out, REPLY_REFUSED, -1, s->address);
		return team_challenge(g, key, klen, s, o, password, out, e);
	}
	if (!opponent) {
		outcome_error(out, 0, "", "a challenge needs 'opponent ADDRESS'");
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	}
	if (g->nseats != 2) {           /* a challenge names one opponent */
		outcome_error(out, 0, "", "a game of %s has %d players: the game master sets it up "
			      "(tempest new)", v->title, g->nseats);
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	}
	if (challenge_terms(g, v, o, out) < 0)
		return outcome_reply(out, REPLY_REFUSED, -1, s->address);
	game_hash(g, before);
	enum color me = challenger_side(colour, key, klen, id);
	snprintf(g->colour_asked, sizeof g->colour_asked, "%s", colour);
	snprintf(g->seat[me].address, ADDR_MAX, "%s", s->address);
	snprintf(g->seat[COLOR_OTHER(me)].address, ADDR_MAX, "%s", opponent);
	if (board_set_start(&g->board[0], g->v->setup) < 0)
		return err_set(e, "out of memory");
	if (challenge_made(g, key, klen, s, me, password, before, out, e) < 0)
		return -1;
	if (outcome_reply(out, REPLY_INVITATION, COLOR_OTHER(me), NULL) < 0)
		return err_set(e, "out of memory");
	game_message_note(g, me, COLOR_OTHER(me), o, out->replies[out->nreplies - 1].note,
			  sizeof out->replies[0].note);
	about_first(g, out->replies[out->nreplies - 1].note, sizeof out->replies[0].note);
	return 0;
}

/* game_create and game_create_terms: the terms (o) and key are NULL for the game
 * master's own game. */
static int create(struct game *g, int id, const struct variant *v, const char *const *addresses,
		  int naddresses, const struct orders *o, const uint8_t *key, size_t klen,
		  const struct sender *s, struct outcome *out, struct err *e)
{
	char before[HASH_HEX];

	memset(out, 0, sizeof *out);
	out->auth = -1;
	out->auth_how = "game master";
	g->id = id;
	snprintf(g->variant, sizeof g->variant, "%s", v->name);
	game_shape(g, v);
	if (game_load_position(g, v, e) < 0)
		return -1;
	game_hash(g, before);           /* the empty game, before its seats and the kind's state */
	if (kind_setup(g, o, key, klen, out) < 0)
		return o && out->nerrors ? -1 : err_set(e, "game %d cannot be set up: %s", id,
			       out->nerrors ? out->errors[0].reason : "out of memory");
	if (naddresses != g->nseats)
		return err_set(e, "game %d needs %d addresses, not %d", id, g->nseats, naddresses);
	for (int i = 0; i < naddresses; i++)
		if (strlen(addresses[i]) > ADDRESS_LEN_MAX)
			return err_set(e, "%.40s...: an address of %zu characters, more than the %d a "
				       "mail address may have", addresses[i], strlen(addresses[i]),
				       ADDRESS_LEN_MAX);
	for (int i = 0; i < g->nseats; i++)
		snprintf(g->seat[i].address, ADDR_MAX, "%s", addresses[i]);
	for (int b = 0; b < g->nboards; b++)
		if (board_set_start(&g->board[b], v->setup) < 0)
			return err_set(e, "out of memory");
	snprintf(g->colour_asked, sizeof g->colour_asked, "white");
	g->challenger = WHITE;
	g->status = GAME_PLAYING;
	if (o ? challenge_terms(g, v, o, out) < 0 : (game_default_time(g, v), 0))
		return -1;
	if (key && kind_of(g)->started)
		kind_of(g)->started(g, key, klen);
	clock_iso(s->now, g->created);
	out->changed = out->created = true;
	enum clock_window w;
	chessclock_start(&g->clock, game_expected(g, &w), s->now);
	if (game_add_event(g, "created", -1, "", s, before) < 0)
		return err_set(e, "out of memory");
	for (int i = 0; i < g->nseats; i++)
		if (outcome_reply(out, REPLY_STARTED, i, NULL) < 0)
			return err_set(e, "out of memory");
	return 0;
}

int game_create(struct game *g, int id, const struct variant *v, const char *const *addresses,
		int naddresses, const struct sender *s, struct outcome *out, struct err *e)
{
	return create(g, id, v, addresses, naddresses, NULL, NULL, 0, s, out, e);
}

int game_create_terms(struct game *g, int id, const struct variant *v,
		      const char *const *addresses, int naddresses, const struct orders *o,
		      const uint8_t *key, size_t klen, const struct sender *s,
		      struct outcome *out, struct err *e)
{
	static const struct orders none;

	return create(g, id, v, addresses, naddresses, o ? o : &none, key, klen, s, out, e);
}

unsigned game_expected(const struct game *g, enum clock_window *window)
{
	unsigned bits = 0;

	*window = WINDOW_NONE;
	if (g->status != GAME_PLAYING || !g->board[0].pos)
		return 0;
	if (kind_of(g)->expected)
		return kind_of(g)->expected(g, window);
	for (int b = 0; b < g->nboards; b++) {
		int seat = game_mover(g, b, g->board[b].pos->side);
		if (!strcmp(g->board[b].result, "*") && seat >= 0)
			bits |= 1u << seat;
	}
	return bits;
}

void game_clock_update(struct game *g, int actor, enum clock_charge charged, long long now)
{
	enum clock_window w;
	unsigned next = game_expected(g, &w);
	struct chessclock *cl = &g->clock;

	if (g->status != GAME_PLAYING) {
		chessclock_stop(cl);
		return;
	}
	bool stops = actor >= 0 && (cl->running >> actor & 1) && !(next >> actor & 1);
	if (stops && charged == CLOCK_TURN)
		chessclock_move(cl, actor, next, w, now, g->vac[actor]);
	else if (stops && charged == CLOCK_CHARGE)
		chessclock_charge(cl, actor, next, w, now, g->vac[actor]);
	else {
		if (stops)
			chessclock_release(cl, actor);
		chessclock_set(cl, next, w, now);
	}
}

int game_push_event(struct game *g, const struct game_event *ev, const char *msg)
{
	if (g->nevents == g->events_cap) {
		size_t cap = g->events_cap + g->events_cap / 4 + 8;
		struct game_event *p = realloc(g->events, cap * sizeof *p);
		if (!p)
			return -1;
		g->events = p;
		g->events_cap = cap;
	}
	char *copy = strdup(msg ? msg : "");
	if (!copy)
		return -1;
	g->events[g->nevents] = *ev;
	g->events[g->nevents++].msg = copy;
	return 0;
}

void game_clock_stop_at(struct game *g, int actor, enum clock_charge charged,
			const struct sender *s)
{
	long long at = s->arrived > 0 && s->arrived < s->now ? s->arrived : s->now;

	game_clock_update(g, actor, charged, at);
	/* the time between the mail's arrival and now is nobody's: the next player could
	 * not answer a mail the referee had not yet processed */
	if (at < s->now)
		chessclock_resume(&g->clock, s->now);
}

int game_add_event(struct game *g, const char *kind, int by, const char *detail,
		   const struct sender *s, const char *before)
{
	struct game_event ev = { .n = (int)g->nevents + 1, .by = by };

	snprintf(ev.kind, sizeof ev.kind, "%s", kind);
	snprintf(ev.detail, sizeof ev.detail, "%s", detail);
	snprintf(ev.before, sizeof ev.before, "%s", before);
	game_hash(g, ev.after);
	clock_iso(s->now, ev.at);
	snprintf(ev.engine, sizeof ev.engine, "%s", ENGINE_VERSION);
	if (game_push_event(g, &ev, s->msg_key) < 0)
		return -1;
	snprintf(g->updated, sizeof g->updated, "%s", ev.at);
	return 0;
}
