/* tournament.c: see tournament.h. The entry, the draw of sections and table numbers, the
 * games of the Berger tables, withdrawals and results. */
#include "tournament/tournament.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tournament/berger.h"
#include "util/buf.h"
#include "util/crypto.h"
#include "util/err.h"

static const char *const status_names[] = {
	"proposed", "open", "running", "finished", "cancelled",
};

const char *tn_status_name(enum tn_status s)
{
	return s <= TN_CANCELLED ? status_names[s] : "?";
}

int tn_status_of(const char *name)
{
	for (int i = 0; i <= TN_CANCELLED; i++)
		if (!strcmp(status_names[i], name))
			return i;
	return -1;
}

struct tournament *tn_new(void)
{
	struct tournament *t = calloc(1, sizeof *t);

	if (t)
		tn_terms_default(&t->terms);
	return t;
}

void tn_free(struct tournament *t)
{
	if (!t)
		return;
	free(t->players);
	free(t->games);
	free(t->keys);
	free(t->sent);
	free(t);
}

/* n elements of size sz copied into *dst (NULL when n is 0): 0, or -1. */
static int copy_list(void *dst, const void *src, size_t n, size_t sz)
{
	void *p = NULL;

	if (n && !(p = malloc(n * sz)))
		return -1;
	if (n)
		memcpy(p, src, n * sz);
	*(void **)dst = p;
	return 0;
}

struct tournament *tn_copy(const struct tournament *t)
{
	struct tournament *c = malloc(sizeof *c);

	if (!c)
		return NULL;
	*c = *t;
	c->players = NULL, c->games = NULL, c->keys = NULL, c->sent = NULL;
	if (copy_list(&c->players, t->players, t->nplayers, sizeof *t->players) < 0 ||
	    copy_list(&c->games, t->games, t->ngames, sizeof *t->games) < 0 ||
	    copy_list(&c->keys, t->keys, t->nkeys, sizeof *t->keys) < 0 ||
	    copy_list(&c->sent, t->sent, t->nsent, sizeof *t->sent) < 0) {
		tn_free(c);
		return NULL;
	}
	return c;
}

const char *tn_event(const struct tournament *t, char *buf, size_t len)
{
	if (t->terms.name[0])
		snprintf(buf, len, "%s", t->terms.name);
	else
		snprintf(buf, len, "tempest tournament %d", t->id);
	return buf;
}

long tn_player_of(const struct tournament *t, const char *address)
{
	for (size_t i = 0; i < t->nplayers; i++)
		if (!strcasecmp(t->players[i].address, address))
			return (long)i;
	return -1;
}

long tn_game_of(const struct tournament *t, int game)
{
	for (size_t i = 0; game > 0 && i < t->ngames; i++)
		if (t->games[i].game == game)
			return (long)i;
	return -1;
}

int tn_sections(const struct tournament *t)
{
	int n = 1;

	for (size_t i = 0; i < t->nplayers; i++)
		if (t->players[i].section > n)
			n = t->players[i].section;
	return n;
}

static int add_game(struct tournament *t, int section, int round, int white, int black)
{
	struct tn_game *g = realloc(t->games, (t->ngames + 1) * sizeof *g);

	if (!g)
		return -1;
	t->games = g;
	g += t->ngames++;
	memset(g, 0, sizeof *g);
	g->section = section;
	g->round = round;
	g->white = white;
	g->black = black;
	return 0;
}

/* Game g decided without play against player p (withdrawn): the opponent wins. */
static void forfeit_against(struct tn_game *g, int p)
{
	snprintf(g->result, sizeof g->result, "%s", g->white == p ? "0-1" : "1-0");
	g->forfeit = true;
	g->rated = false;
}

/* A rolling entrant's games against those in before them, as the tables of the full
 * number pair them; one against a withdrawn entrant is lost by them at once. */
static int rolling_games(struct tournament *t, int me)
{
	int n = t->terms.players, cycle = berger_rounds(n), mine = t->players[me].number;

	for (size_t i = 0; i < t->nplayers; i++) {
		int white, other = t->players[i].number;
		if ((int)i == me || !other)
			continue;
		int r = berger_meeting(n, mine, other, &white);
		if (!r)
			continue;
		for (int c = 0; c < (t->terms.double_rr ? 2 : 1); c++) {
			bool first = c ? !white : white;
			if (add_game(t, 1, r + c * cycle, first ? me : (int)i, first ? (int)i : me) < 0)
				return -1;
			if (t->players[i].withdrawn)
				forfeit_against(&t->games[t->ngames - 1], (int)i);
		}
	}
	return 0;
}

static size_t entrants(const struct tournament *t)
{
	return t->nplayers;
}

int tn_join(struct tournament *t, const char *address, const char *name, const char *now,
	    char *why, size_t wlen)
{
	long p = tn_player_of(t, address);
	size_t cap = t->terms.players ? (size_t)t->terms.players :
		     t->terms.section ? TN_PLAYERS_MAX : TN_SECTION_MAX;

	if (t->status == TN_PROPOSED)
		return phrase_printf(why, wlen, "tournament %d is not open yet", t->id), -1;
	if (t->status != TN_OPEN)
		return phrase_printf(why, wlen, "the entry to tournament %d is closed", t->id), -1;
	if (p >= 0)
		return phrase_printf(why, wlen, "you are entered in tournament %d already", t->id), -1;
	if (entrants(t) >= cap)
		return phrase_printf(why, wlen, "tournament %d is full", t->id), -1;
	struct tn_player *a = realloc(t->players, (t->nplayers + 1) * sizeof *a);
	if (!a)
		return snprintf(why, wlen, "out of memory"), -1;
	t->players = a;
	a += t->nplayers++;
	memset(a, 0, sizeof *a);
	snprintf(a->address, sizeof a->address, "%s", address);
	snprintf(a->name, sizeof a->name, "%s", name ? name : "");
	snprintf(a->joined, sizeof a->joined, "%s", now);
	if (!t->terms.rolling)
		return 0;
	a->section = 1;
	a->number = (int)t->nplayers;
	if (rolling_games(t, (int)t->nplayers - 1) < 0)
		return snprintf(why, wlen, "out of memory"), -1;
	if ((int)t->nplayers == t->terms.players)
		t->status = TN_RUNNING;         /* full: the entry closes */
	return 0;
}

int tn_withdraw(struct tournament *t, const char *address, const char *now, char *why,
		size_t wlen)
{
	long p = tn_player_of(t, address);

	if (p < 0)
		return phrase_printf(why, wlen, "you are not entered in tournament %d", t->id), -1;
	if (t->status == TN_FINISHED || t->status == TN_CANCELLED)
		return phrase_printf(why, wlen, "tournament %d is over", t->id), -1;
	struct tn_player *pl = &t->players[p];
	if (pl->withdrawn)
		return phrase_printf(why, wlen, "you have withdrawn from tournament %d already",
				t->id), -1;
	if (!pl->number) {              /* before the draw: the entry is struck out */
		memmove(pl, pl + 1, (t->nplayers - (size_t)p - 1) * sizeof *pl);
		t->nplayers--;
		return 0;
	}
	pl->withdrawn = true;
	snprintf(pl->withdrew, sizeof pl->withdrew, "%s", now);
	for (size_t i = 0; i < t->ngames; i++) {
		struct tn_game *g = &t->games[i];
		if ((g->white == p || g->black == p) && !g->result[0] && !g->game)
			forfeit_against(g, (int)p);
	}
	if (tn_complete(t))
		t->status = TN_FINISHED;
	return 0;
}

/* The entrants' order in the draw: by rating, best first, where ratings are given, each
 * tie (and every entrant without ratings) in the order of entry. */
static void seed_order(const struct tournament *t, const double *rating, int *order)
{
	int n = (int)t->nplayers;

	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = 1; rating && i < n; i++)           /* insertion: stable */
		for (int k = i; k > 0 && rating[order[k]] > rating[order[k - 1]]; k--) {
			int x = order[k];
			order[k] = order[k - 1];
			order[k - 1] = x;
		}
}

/* The games of one section's tables: members[] are its entrants by table number. */
static int section_games(struct tournament *t, int section, const int *members, int m)
{
	int w[TN_SECTION_MAX], b[TN_SECTION_MAX], cycle = berger_rounds(m);

	for (int c = 0; c < (t->terms.double_rr ? 2 : 1); c++)
		for (int r = 1; r <= cycle; r++) {
			int g = berger_round(m, r, w, b);
			for (int i = 0; i < g; i++) {
				int white = members[(c ? b[i] : w[i]) - 1];
				int black = members[(c ? w[i] : b[i]) - 1];
				if (add_game(t, section, r + c * cycle, white, black) < 0)
					return -1;
			}
		}
	return 0;
}

int tn_close_drawn(struct tournament *t)
{
	int members[TN_SECTION_MAX], k = tn_sections(t), n = (int)t->nplayers;

	if (t->status != TN_OPEN)
		return -1;
	if (n < 2) {
		t->status = TN_CANCELLED;
		return 0;
	}
	t->status = TN_RUNNING;
	if (t->terms.rolling)
		return 0;               /* its games came with each entry */
	for (int s = 1; s <= k; s++) {
		int m = 0;
		for (int num = 1; num <= n; num++)      /* by table number */
			for (int i = 0; i < n && m < TN_SECTION_MAX; i++)
				if (t->players[i].section == s && t->players[i].number == num)
					members[m++] = i;
		if (section_games(t, s, members, m) < 0)
			return -1;
	}
	return 0;
}

int tn_close(struct tournament *t, const double *rating)
{
	int n = (int)t->nplayers;

	if (t->status != TN_OPEN)
		return -1;
	if (n >= 2 && !t->terms.rolling) {
		int size = t->terms.section && n > t->terms.section ? t->terms.section : n;
		int k = (n + size - 1) / size, order[TN_PLAYERS_MAX];
		seed_order(t, rating, order);
		for (int i = 0; i < n; i++) {   /* snake: 1 2 3 3 2 1 1 2 3 ... */
			int lap = i / k, at = i % k;
			t->players[order[i]].section = (lap % 2 ? k - 1 - at : at) + 1;
		}
		for (int s = 1; s <= k; s++)    /* table numbers in the order of entry */
			for (int i = 0, m = 0; i < n; i++)
				if (t->players[i].section == s)
					t->players[i].number = ++m;
	}
	return tn_close_drawn(t);
}

bool tn_closing_due(const struct tournament *t, long long now)
{
	if (t->status != TN_OPEN)
		return false;
	if (t->terms.closes && now >= t->terms.closes)
		return true;
	return !t->terms.rolling && t->terms.players && (int)t->nplayers >= t->terms.players;
}

size_t tn_due(const struct tournament *t, size_t *idx)
{
	size_t n = 0;

	if (t->status != TN_OPEN && t->status != TN_RUNNING)
		return 0;
	for (size_t i = 0; i < t->ngames; i++)
		if (!t->games[i].game && !t->games[i].result[0])
			idx[n++] = i;
	return n;
}

void tn_started(struct tournament *t, size_t i, int game)
{
	t->games[i].game = game;
	t->games[i].rated = t->terms.rated;
}

size_t tn_forfeits_due(const struct tournament *t, size_t *idx)
{
	size_t n = 0;

	for (size_t i = 0; i < t->ngames; i++) {
		const struct tn_game *g = &t->games[i];
		if (g->game && !g->result[0] &&
		    (t->players[g->white].withdrawn || t->players[g->black].withdrawn))
			idx[n++] = i;
	}
	return n;
}

bool tn_complete(const struct tournament *t)
{
	if (t->status != TN_RUNNING && t->status != TN_FINISHED)
		return false;
	for (size_t i = 0; i < t->ngames; i++)
		if (!t->games[i].result[0])
			return false;
	return true;
}

int tn_result(struct tournament *t, int game, const char *result, bool forfeit, bool rated)
{
	long i = tn_game_of(t, game);

	if (i < 0 || t->games[i].result[0])
		return 1;
	snprintf(t->games[i].result, sizeof t->games[i].result, "%s", result);
	t->games[i].forfeit = forfeit;
	t->games[i].rated = rated && !forfeit;
	if (tn_complete(t))
		t->status = TN_FINISHED;
	return 0;
}

bool tn_has_key(const struct tournament *t, const char *key)
{
	for (size_t i = 0; i < t->nkeys; i++)
		if (!strcmp(t->keys[i], key))
			return true;
	return false;
}

static int add_text(char (**list)[TN_KEY_MAX], size_t *n, const char *s)
{
	char (*a)[TN_KEY_MAX] = realloc(*list, (*n + 1) * sizeof *a);

	if (!a)
		return -1;
	*list = a;
	snprintf(a[(*n)++], TN_KEY_MAX, "%s", s);
	return 0;
}

int tn_add_key(struct tournament *t, const char *key)
{
	return add_text(&t->keys, &t->nkeys, key);
}

int tn_add_sent(struct tournament *t, const char *id)
{
	return add_text(&t->sent, &t->nsent, id);
}

static void rating_text(struct buf *b, const struct glicko *g)
{
	buf_printf(b, " %.6f %.6f %.8f", g->rating, g->rd, g->volatility);
}

void tn_hash(const struct tournament *t, char out[TN_HASH_HEX])
{
	struct buf b = { 0 };
	char terms[TN_TERMS_MAX + 1024];
	uint8_t h[CRYPTO_HASH_LEN];

	tn_terms_text(&t->terms, terms, sizeof terms);
	buf_printf(&b, "tournament %d %s next %d previous %d proposer %s\n%s\n", t->id,
		   tn_status_name(t->status), t->next, t->previous, t->proposer, terms);
	for (size_t i = 0; i < t->nplayers; i++) {
		const struct tn_player *p = &t->players[i];
		buf_printf(&b, "player %s %d %d %d\n", p->address, p->section, p->number,
			   p->withdrawn);
	}
	for (size_t i = 0; i < t->ngames; i++) {
		const struct tn_game *g = &t->games[i];
		buf_printf(&b, "game %d %d %d %d %d %s %d %d", g->section, g->round, g->white,
			   g->black, g->game, g->result[0] ? g->result : "-", g->forfeit, g->rated);
		for (int c = 0; g->rated && c < 2; c++) {
			rating_text(&b, &g->before[c]);
			rating_text(&b, &g->after[c]);
		}
		buf_str(&b, "\n");
	}
	crypto_sha256(b.s ? b.s : "", b.n, h);
	crypto_hex(h, sizeof h, out);
	buf_free(&b);
}
