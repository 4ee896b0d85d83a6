/* state_json.c: a game's state file as JSON, written from the game and read back with
 * every field checked (a state file is outside input): store_game_to_json,
 * store_game_from_json, and the state store.c saves. A kind's own object is written and
 * read by the part the kind registered (store_kind.h). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/digest.h"
#include "game/kind.h"
#include "game/observe.h"
#include "store/store.h"
#include "store/store_int.h"
#include "store/store_kind.h"
#include "util/zpack.h"

/* 3: what only grows (mail keys, Message-IDs sent, events) in the journal, the rest in
 * the state file. 2: seats, boards and the kind, every list in the state file. 1: two
 * players on one board. Formats 1 and 2 are read and migrated on load; the next commit
 * writes format 3 (its journal then receives the whole lists once). */
#define STATE_FORMAT 3

/* ---- JSON out ---- */

static json_t *seat_json(const struct seat *p)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:i, s:s}", "address", p->address, "name", p->name,
			 "password_hash", p->password_hash, "side", color_name_lc(p->side),
			 "board", p->board, "role", p->role);
}

static json_t *board_json(const struct board *b)
{
	json_t *moves = json_array();
	char fen[FEN_MAX] = "";

	const struct pos *p = b->pos;
	struct pos *unparked = NULL;

	for (int i = 0; i < b->nmoves; i++)
		json_array_append_new(moves, json_string(b->moves[i]));
	/* a parked game's (game_park) position, unpacked for the moment */
	if (!p && b->parked) {
		if (!(unparked = malloc(sizeof *unparked))) {
			json_decref(moves);
			return NULL;
		}
		zunpack(b->parked, unparked, sizeof *unparked);
		p = unparked;
	}
	if (p)
		pos_to_fen(p, fen, sizeof fen);
	json_t *j = json_pack("{s:s, s:o, s:s, s:s, s:s}", "start_fen", board_start_text(b),
			      "moves", moves, "fen", fen, "turn", p ? color_name_lc(p->side) : "",
			      "result", b->result);
	free(unparked);
	return j;
}

json_t *store_event_json(const struct game_event *ev)
{
	return json_pack("{s:i, s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:s}", "n", ev->n,
			 "kind", ev->kind, "by", ev->by, "detail", ev->detail, "mail", ev->msg,
			 "before", ev->before, "after", ev->after, "at", ev->at, "engine", ev->engine);
}

json_t *store_sent_json(const struct game *g, size_t i)
{
	return json_pack("{s:s, s:i}", "id", g->sent[i].id, "ply", g->sent[i].ply);
}

static json_t *events_json(const struct game *g)
{
	json_t *a = json_array();

	for (size_t i = 0; i < g->nevents; i++)
		json_array_append_new(a, store_event_json(&g->events[i]));
	return a;
}

static json_t *llongs(const long long *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer((json_int_t)v[i]));
	return a;
}

static json_t *clock_json(const struct chessclock *cl, int nseats)
{
	const struct time_control *tc = &cl->tc;
	json_t *moves = json_array();

	for (int i = 0; i < nseats; i++)
		json_array_append_new(moves, json_integer(cl->moves[i]));
	json_t *root = json_pack("{s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}, s:i, s:I, s:o, s:o,"
			 " s:o, s:i, s:I}",
			 "control", "kind", tc->kind, "days", tc->days, "moves", tc->moves,
			 "initial", tc->initial, "increment", tc->increment, "cap", tc->cap,
			 "intercept_hours", tc->intercept_hours, "answer_hours", tc->answer_hours,
			 "running", (int)cl->running, "since", (json_int_t)cl->since,
			 "remaining", llongs(cl->remaining, nseats), "extra", llongs(cl->extra, nseats),
			 "moves", moves,
			 "window", (int)cl->window, "draw_offer_at", (json_int_t)cl->draw_offer_at);
	/* only a phased control has a reserve: other games' files stay as they were */
	if (root && tc->kind == TC_PHASED) {
		json_object_set_new(json_object_get(root, "control"), "reserve",
				    json_integer(tc->reserve));
		json_object_set_new(root, "reserve", llongs(cl->reserve, nseats));
	}
	return root;
}

/* Who observes the game (observe.h); the key is left out when nobody does. */
static json_t *observers_json(const struct game *g)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < g->nobservers; i++)
		json_array_append_new(a, json_string(g->observers[i]));
	return a;
}

/* A team game's mail modes and what waits for its digest (digest.h); left out when both
 * are empty. */
static json_t *digest_json(const struct game *g)
{
	json_t *items = json_array();

	for (size_t i = 0; items && i < g->ndigest; i++)
		json_array_append_new(items, json_pack("{s:I, s:s}", "seats",
			(json_int_t)g->digest[i].seats, "text", g->digest[i].text));
	return json_pack("{s:I, s:o}", "each", (json_int_t)g->mail_each, "items", items);
}

/* The state as JSON: with its lists (format 2, `show --json`), or without them and with
 * the journal's record j (format 3, the state file). */
json_t *store_game_root(const struct game *g, const struct store_journal *j)
{
	json_t *seats = json_array(), *boards = json_array(), *mails = json_array();
	json_t *sent = json_array();
	char hash[HASH_HEX];
	const struct kind_store *ks = store_kind_part(kind_of(g));

	for (int i = 0; i < g->nseats; i++)
		json_array_append_new(seats, seat_json(&g->seat[i]));
	for (int b = 0; b < g->nboards; b++)
		json_array_append_new(boards, board_json(&g->board[b]));
	for (size_t i = 0; !j && i < g->nmails; i++)
		json_array_append_new(mails, json_string(g->mails[i]));
	for (size_t i = 0; !j && i < g->nsent; i++)
		json_array_append_new(sent, store_sent_json(g, i));
	game_hash(g, hash);
	json_t *root = json_pack(
		"{s:i, s:i, s:s, s:s, s:s, s:s, s:s, s:i, s:s, s:s, s:o, s:o,"
		" s:s, s:s, s:o, s:o, s:o, s:I, s:s}",
		"format", j ? STATE_FORMAT : 2, "id", g->id, "variant", g->variant,
		"kind", kind_of(g)->name,
		"status", game_status_name(g->status), "result", g->result,
		"termination", g->termination, "challenger", g->challenger,
		"colour_asked", g->colour_asked, "created", g->created,
		"seats", seats, "boards", boards,
		"draw_offer", g->draw_offer < 0 ? "" : color_name_lc(g->draw_offer),
		"updated", g->updated, "mails", mails, "events", j ? json_array() : events_json(g),
		"sent", sent,
		"log_size", (json_int_t)g->log_size, "hash", hash);
	if (!root)
		return NULL;
	if (g->kstate && ks)
		json_object_set_new(root, ks->key, ks->to_json(g));
	json_object_set_new(root, "arbiter", json_string(g->arbiter));
	if (g->nobservers)
		json_object_set_new(root, "observers", observers_json(g));
	if (g->mail_each || g->ndigest)
		json_object_set_new(root, "digest", digest_json(g));
	json_object_set_new(root, "clock", clock_json(&g->clock, g->nseats));
	if (j) {
		json_object_del(root, "mails");
		json_object_del(root, "events");
		json_object_del(root, "sent");
		json_object_set_new(root, "journal", json_pack("{s:I, s:I, s:I, s:I}",
			"size", (json_int_t)j->size, "mails", (json_int_t)j->mails,
			"sent", (json_int_t)j->sent, "events", (json_int_t)j->events));
	}
	return root;
}

char *store_game_to_json(const struct game *g)
{
	json_t *root = store_game_root(g, NULL);

	if (!root)
		return NULL;
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_ENSURE_ASCII);
	json_decref(root);
	return text;
}

/* ---- JSON in, every field checked ---- */

struct jctx {
	const char *what;
	struct err *e;
};

static int bad(const struct jctx *c, const char *field, const char *why)
{
	return err_set(c->e, "%s: %s: %s", c->what, field, why);
}

static int str_field(const struct jctx *c, json_t *obj, const char *key, char *out, size_t len)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_string(v))
		return bad(c, key, "missing or not text");
	if (json_string_length(v) >= len)
		return bad(c, key, "too long");
	snprintf(out, len, "%s", json_string_value(v));
	return 0;
}

static int colour_field(const struct jctx *c, json_t *obj, const char *key, bool none_ok,
			int *out)
{
	char s[16];

	if (str_field(c, obj, key, s, sizeof s) < 0)
		return -1;
	if (!strcmp(s, "white"))
		*out = WHITE;
	else if (!strcmp(s, "black"))
		*out = BLACK;
	else if (none_ok && (!strcmp(s, "") || !strcmp(s, "referee")))
		*out = -1;
	else
		return bad(c, key, "not white or black");
	return 0;
}

/* Format 1: two players, White and Black, on one board. */
static int load_players(const struct jctx *c, json_t *root, struct game *g)
{
	json_t *ps = json_object_get(root, "players");
	static const char *const names[2] = { "white", "black" };

	if (!json_is_object(ps))
		return bad(c, "players", "missing");
	for (int i = 0; i < 2; i++) {
		json_t *p = json_object_get(ps, names[i]);
		if (!json_is_object(p))
			return bad(c, "players", "white and black are needed");
		if (game_add_seat(g, i, 0, "player", NULL) < 0)
			return err_set(c->e, "out of memory");
		if (str_field(c, p, "address", g->seat[i].address, ADDR_MAX) < 0 ||
		    str_field(c, p, "name", g->seat[i].name, NAME_MAX_) < 0 ||
		    str_field(c, p, "password_hash", g->seat[i].password_hash, HASH_HEX) < 0)
			return -1;
	}
	return 0;
}

static int load_seats(const struct jctx *c, json_t *root, struct game *g)
{
	json_t *ss = json_object_get(root, "seats"), *x;
	size_t i;

	if (!json_is_array(ss) || json_array_size(ss) < 2 || json_array_size(ss) > SEATS_MAX)
		return bad(c, "seats", "missing, or not 2 to 24 seats");
	json_array_foreach(ss, i, x) {
		json_t *board = json_object_get(x, "board");
		int side, n = game_add_seat(g, WHITE, 0, "", NULL);
		if (n < 0)
			return err_set(c->e, "out of memory");
		struct seat *st = &g->seat[n];
		if (str_field(c, x, "address", st->address, ADDR_MAX) < 0 ||
		    str_field(c, x, "name", st->name, NAME_MAX_) < 0 ||
		    str_field(c, x, "password_hash", st->password_hash, HASH_HEX) < 0 ||
		    colour_field(c, x, "side", false, &side) < 0 ||
		    str_field(c, x, "role", st->role, sizeof st->role) < 0)
			return err_prefix(c->e, "seat %zu: ", i), -1;
		if (!json_is_integer(board) || json_integer_value(board) < -1 ||
		    json_integer_value(board) >= BOARDS_MAX)
			return bad(c, "seats", "a seat's board is not -1 or a board");
		st->side = side;
		st->board = (int)json_integer_value(board);
	}
	return 0;
}

static int load_moves(const struct jctx *c, json_t *moves, struct board *b)
{
	json_t *x;
	size_t i;

	if (!json_is_array(moves))
		return bad(c, "moves", "missing list");
	if (!(b->moves = calloc(json_array_size(moves) + 1, sizeof *b->moves)))
		return bad(c, "moves", "out of memory");
	json_array_foreach(moves, i, x) {
		if (!json_is_string(x) || json_string_length(x) >= FEN_MAX + 8)
			return bad(c, "moves", "a move is not text");
		if (!(b->moves[b->nmoves] = strdup(json_string_value(x))))
			return bad(c, "moves", "out of memory");
		b->nmoves++;
	}
	return 0;
}

/* A board's start_fen field (the string, or "": the variant's setup). */
static int start_field(const struct jctx *c, json_t *obj, struct board *b)
{
	char fen[FEN_MAX];

	if (str_field(c, obj, "start_fen", fen, sizeof fen) < 0)
		return -1;
	return board_set_start(b, fen) < 0 ? err_set(c->e, "out of memory") : 0;
}

/* Format 2: every board with its start, moves and result; format 1: the one board's. */
static int load_boards(const struct jctx *c, json_t *root, int format, struct game *g)
{
	json_t *bs = json_object_get(root, "boards"), *x;
	size_t i;

	if (format == 1) {
		g->nboards = 1;
		snprintf(g->board[0].result, sizeof g->board[0].result, "*");
		return start_field(c, root, &g->board[0]) < 0 ? -1 :
		       load_moves(c, json_object_get(root, "moves"), &g->board[0]);
	}
	if (!json_is_array(bs) || json_array_size(bs) < 1 || json_array_size(bs) > BOARDS_MAX)
		return bad(c, "boards", "missing, or not 1 to 7 boards");
	g->nboards = (int)json_array_size(bs);
	json_array_foreach(bs, i, x) {
		struct board *b = &g->board[i];
		if (!json_is_object(x) ||
		    start_field(c, x, b) < 0 ||
		    str_field(c, x, "result", b->result, sizeof b->result) < 0 ||
		    load_moves(c, json_object_get(x, "moves"), b) < 0)
			return err_prefix(c->e, "board %zu: ", i + 1), -1;
	}
	for (i = 0; i < (size_t)g->nseats; i++)
		if (g->seat[i].board >= g->nboards)
			return bad(c, "seats", "a seat's board is not one of the game's");
	return 0;
}

static int load_lists(const struct jctx *c, json_t *root, struct game *g)
{
	json_t *mails = json_object_get(root, "mails");
	json_t *sent = json_object_get(root, "sent"), *x;
	size_t i;

	if (!json_is_array(mails) || !json_is_array(sent))
		return bad(c, "mails/sent", "missing lists");
	g->mails = calloc(json_array_size(mails) + 1, KEY_MAX);
	g->sent = calloc(json_array_size(sent) + 1, sizeof *g->sent);
	if (!g->mails || !g->sent)
		return bad(c, "lists", "out of memory");
	json_array_foreach(mails, i, x) {
		if (!json_is_string(x) || json_string_length(x) >= KEY_MAX)
			return bad(c, "mails", "an entry is not text");
		snprintf(g->mails[g->nmails++], KEY_MAX, "%s", json_string_value(x));
	}
	json_array_foreach(sent, i, x) {
		json_t *ply = json_object_get(x, "ply");
		if (str_field(c, x, "id", g->sent[g->nsent].id, KEY_MAX) < 0 || !json_is_integer(ply))
			return bad(c, "sent", "an entry lacks id or ply");
		g->sent[g->nsent++].ply = (int)json_integer_value(ply);
	}
	return 0;
}

/* Who: a seat's number (format 2), or a colour (format 1: seats 0 and 1), -1 for the
 * referee. */
static int seat_field(const struct jctx *c, json_t *obj, const char *key, int format,
		      int nseats, int *out)
{
	json_t *v = json_object_get(obj, key);

	if (format == 1)
		return colour_field(c, obj, key, true, out);
	if (!json_is_integer(v) || json_integer_value(v) < -1 || json_integer_value(v) >= nseats)
		return bad(c, key, "not a seat");
	*out = (int)json_integer_value(v);
	return 0;
}

static int load_events(const struct jctx *c, json_t *root, int format, struct game *g)
{
	json_t *evs = json_object_get(root, "events"), *x;
	size_t i;

	if (!json_is_array(evs))
		return bad(c, "events", "missing");
	g->events = calloc(json_array_size(evs) + 1, sizeof *g->events);
	if (!g->events)
		return bad(c, "events", "out of memory");
	json_array_foreach(evs, i, x) {
		struct game_event *ev = &g->events[g->nevents];
		json_t *n = json_object_get(x, "n");
		if (!json_is_integer(n) ||
		    str_field(c, x, "kind", ev->kind, sizeof ev->kind) < 0 ||
		    seat_field(c, x, "by", format, g->nseats, &ev->by) < 0 ||
		    str_field(c, x, "detail", ev->detail, sizeof ev->detail) < 0 ||
		    str_field(c, x, "mail", ev->msg, sizeof ev->msg) < 0 ||
		    str_field(c, x, "before", ev->before, sizeof ev->before) < 0 ||
		    str_field(c, x, "after", ev->after, sizeof ev->after) < 0 ||
		    str_field(c, x, "at", ev->at, sizeof ev->at) < 0 ||
		    str_field(c, x, "engine", ev->engine, sizeof ev->engine) < 0)
			return err_prefix(c->e, "event %zu: ", i + 1), -1;
		ev->n = (int)json_integer_value(n);
		g->nevents++;
	}
	return 0;
}

/* An array of n whole numbers (a clock's per-seat values). */
static int llong_array(json_t *a, int n, long long *out)
{
	if (!json_is_array(a) || (int)json_array_size(a) != n)
		return -1;
	for (int i = 0; i < n; i++) {
		json_t *x = json_array_get(a, (size_t)i);
		if (!json_is_integer(x))
			return -1;
		out[i] = json_integer_value(x);
	}
	return 0;
}

static int clock_from_json(const struct jctx *c, json_t *o, int nseats, struct chessclock *cl)
{
	json_t *tc = json_object_get(o, "control");
	int kind, running, window;
	long long moves[CLOCKS_MAX];

	memset(cl, 0, sizeof *cl);
	if (!o)
		return 0;               /* a game without time control */
	if (json_unpack(tc, "{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "kind", &kind,
			"days", &cl->tc.days, "moves", &cl->tc.moves, "initial", &cl->tc.initial,
			"increment", &cl->tc.increment, "cap", &cl->tc.cap,
			"intercept_hours", &cl->tc.intercept_hours, "answer_hours", &cl->tc.answer_hours) ||
	    kind < TC_NONE || kind > TC_PHASED || cl->tc.days < 0 || cl->tc.moves < 0 ||
	    json_unpack(tc, "{s?i}", "reserve", &cl->tc.reserve) || cl->tc.reserve < 0 ||
	    (json_object_get(o, "reserve") &&
	     llong_array(json_object_get(o, "reserve"), nseats, cl->reserve) < 0))
		return bad(c, "clock.control", "incomplete or out of range");
	json_int_t since, draw;
	if (json_unpack(o, "{s:i, s:I, s:i, s:I}", "running", &running, "since", &since,
			"window", &window, "draw_offer_at", &draw) ||
	    running < 0 || (unsigned)running >= 1u << nseats || window < WINDOW_NONE ||
	    window > WINDOW_ANSWER ||
	    llong_array(json_object_get(o, "remaining"), nseats, cl->remaining) < 0 ||
	    llong_array(json_object_get(o, "extra"), nseats, cl->extra) < 0 ||
	    llong_array(json_object_get(o, "moves"), nseats, moves) < 0)
		return bad(c, "clock", "incomplete or out of range");
	cl->tc.kind = (enum tc_kind)kind;
	cl->running = (unsigned)running, cl->since = since;
	for (int i = 0; i < nseats; i++)
		cl->moves[i] = (int)moves[i];
	cl->window = (enum clock_window)window, cl->draw_offer_at = draw;
	return 0;
}

/* The kind that referees the game: named (format 2), or in format 1 the kind whose object
 * the file holds (the first release knew one such kind), else the generic one. */
static int load_kind(const struct jctx *c, json_t *root, int format, struct game *g)
{
	const struct store_kind *k;

	if (format == 1) {
		snprintf(g->kind, sizeof g->kind, "%s", store_kind_named("")->name);
		for (size_t i = 0; (k = store_kind_at(i)); i++)
			if (k->part && json_object_get(root, k->part->key))
				snprintf(g->kind, sizeof g->kind, "%s", k->kind->name);
	} else if (str_field(c, root, "kind", g->kind, sizeof g->kind) < 0)
		return -1;
	if (!(g->k = store_kind_named(g->kind)))
		return bad(c, "kind", "not a kind this version knows");
	return 0;
}

/* The kind's own object, read by its store part. */
static int load_kind_state(const struct jctx *c, json_t *root, struct game *g)
{
	const struct kind_store *ks = store_kind_part(g->k);
	json_t *o = ks ? json_object_get(root, ks->key) : NULL;

	if (!g->k->state_new)
		return 0;
	if (!(g->kstate = g->k->state_new()))
		return bad(c, g->k->name, "out of memory");
	if (!o)
		return bad(c, ks ? ks->key : g->k->name, "missing");
	return ks->from_json(o, c->what, g, c->e);
}

static int load_status(const struct jctx *c, json_t *root, struct game *g)
{
	char s[16];

	if (str_field(c, root, "status", s, sizeof s) < 0)
		return -1;
	for (int k = GAME_INVITED; k <= GAME_DECLINED; k++)
		if (!strcmp(s, game_status_name((enum game_status)k))) {
			g->status = (enum game_status)k;
			return 0;
		}
	return bad(c, "status", "unknown status");
}

/* The observers, if any: a state written before observers has none. */
static int load_observers(const struct jctx *c, json_t *root, struct game *g)
{
	json_t *a = json_object_get(root, "observers"), *x;
	size_t i;

	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > OBSERVERS_MAX)
		return err_set(c->e, "%s: observers: not a list of at most %d addresses", c->what,
			       OBSERVERS_MAX);
	if (!(g->observers = calloc(json_array_size(a) + 1, ADDR_MAX)))
		return err_set(c->e, "out of memory");
	json_array_foreach(a, i, x) {
		if (!json_is_string(x) || json_string_length(x) >= ADDR_MAX ||
		    !json_string_length(x))
			return bad(c, "observers", "an entry is not an address");
		snprintf(g->observers[g->nobservers++], ADDR_MAX, "%s", json_string_value(x));
	}
	return 0;
}

/* The digest's part, if any (a state written before digests has none). */
static int load_digest(const struct jctx *c, json_t *root, struct game *g)
{
	json_t *d = json_object_get(root, "digest"), *items, *x, *v;
	size_t i;

	if (!d)
		return 0;
	items = json_object_get(d, "items");
	v = json_object_get(d, "each");
	if (!json_is_object(d) || !json_is_integer(v) || !json_is_array(items) ||
	    json_array_size(items) > DIGEST_MAX)
		return bad(c, "digest", "not a digest");
	g->mail_each = (unsigned long long)json_integer_value(v);
	if (!(g->digest = calloc(json_array_size(items) + 1, sizeof *g->digest)))
		return err_set(c->e, "out of memory");
	json_array_foreach(items, i, x) {
		struct digest_item *it = &g->digest[g->ndigest++];
		if (!json_is_integer(v = json_object_get(x, "seats")) ||
		    str_field(c, x, "text", it->text, sizeof it->text) < 0)
			return bad(c, "digest", "an item is not seats and a text");
		it->seats = (unsigned long long)json_integer_value(v);
	}
	return 0;
}

int store_game_from_json(const char *text, const char *what, struct game **out, struct err *e)
{
	json_error_t je;
	json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je), *v;
	struct jctx c = { what, e };
	struct game *g = game_new();
	char colour[16];
	int rc = -1;

	*out = NULL;
	if (!root) {
		err_set(e, "%s:%d:%d: %s", what, je.line, je.column, je.text);
		game_free(g);
		return -1;
	}
	if (!g || !json_is_object(root)) {
		bad(&c, "(top)", "not a game");
		goto done;
	}
	if (!json_is_integer(v = json_object_get(root, "format")) ||
	    json_integer_value(v) < 1 || json_integer_value(v) > STATE_FORMAT) {
		bad(&c, "format", "not a state file this version understands");
		goto done;
	}
	int format = (int)json_integer_value(v);
	if (!json_is_integer(v = json_object_get(root, "id")) || json_integer_value(v) < 1) {
		bad(&c, "id", "missing or not a game number");
		goto done;
	}
	g->id = (int)json_integer_value(v);
	if (str_field(&c, root, "variant", g->variant, sizeof g->variant) < 0 ||
	    load_status(&c, root, g) < 0 ||
	    str_field(&c, root, "result", g->result, sizeof g->result) < 0 ||
	    str_field(&c, root, "termination", g->termination, sizeof g->termination) < 0 ||
	    str_field(&c, root, "colour_asked", g->colour_asked, sizeof g->colour_asked) < 0 ||
	    str_field(&c, root, "created", g->created, sizeof g->created) < 0 ||
	    str_field(&c, root, "updated", g->updated, sizeof g->updated) < 0 ||
	    str_field(&c, root, "draw_offer", colour, sizeof colour) < 0 ||
	    (format == 1 ? load_players(&c, root, g) : load_seats(&c, root, g)) < 0 ||
	    seat_field(&c, root, "challenger", format, g->nseats, &g->challenger) < 0 ||
	    load_boards(&c, root, format, g) < 0 || load_lists(&c, root, g) < 0 ||
	    load_events(&c, root, format, g) < 0 || load_kind(&c, root, format, g) < 0)
		goto done;
	g->draw_offer = !strcmp(colour, "white") ? WHITE : !strcmp(colour, "black") ? BLACK : -1;
	if (!json_is_integer(v = json_object_get(root, "log_size")) || json_integer_value(v) < 0) {
		bad(&c, "log_size", "missing");
		goto done;
	}
	g->log_size = json_integer_value(v);
	if (clock_from_json(&c, json_object_get(root, "clock"), g->nseats, &g->clock) < 0)
		goto done;
	if ((v = json_object_get(root, "arbiter")) &&
	    str_field(&c, root, "arbiter", g->arbiter, sizeof g->arbiter) < 0)
		goto done;
	if (load_kind_state(&c, root, g) < 0 || load_observers(&c, root, g) < 0 ||
	    load_digest(&c, root, g) < 0)
		goto done;
	*out = g;
	g = NULL;
	rc = 0;
done:
	json_decref(root);
	game_free(g);
	return rc;
}
