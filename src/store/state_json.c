/* state_json.c: a game's state file as JSON, written from the game and read back with
 * every field checked (a state file is outside input): store_game_to_json,
 * store_game_from_json, and the state store.c saves. A kind's own object is written and
 * read by the part the kind registered (store_kind.h). */
#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/digest.h"
#include "store/standing_json.h"
#include "game/kind.h"
#include "game/observe.h"
#include "game/legacy_text.h"
#include "store/jread.h"
#include "store/store.h"
#include "store/store_int.h"
#include "store/store_kind.h"
#include "util/zpack.h"

/* 4: as 3, its texts (the termination, what waits for a digest, the kinds' records of
 * cards played) phrases (util/phrase.h), which an earlier release would show as they
 * are. 3: what only grows (mail keys, Message-IDs sent, events) in the journal, the rest
 * in the state file. 2: seats, boards and the kind, every list in the state file. 1: two
 * players on one board. Formats 1 to 3 are read and migrated on load (their texts are
 * English: legacy_text.h); the next commit writes format 4 (the journal then receives
 * the whole lists once, from format 1 or 2). */
#define STATE_FORMAT 4

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
	if (j && b->termination[0])     /* how a board of several ended; absent before */
		json_object_set_new(j, "termination", json_string(b->termination));
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
	return json_pack("{s:s, s:i}", "id", strlist_at(&g->sent, i), "ply", g->sent_ply[i]);
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
	json_t *control = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "kind", tc->kind,
				    "days", tc->days, "moves", tc->moves, "initial", tc->initial,
				    "increment", tc->increment, "cap", tc->cap,
				    "intercept_hours", tc->intercept_hours,
				    "answer_hours", tc->answer_hours);
	/* only a phased control has a reserve: other games' files stay as they were */
	if (control && tc->kind == TC_PHASED)
		json_object_set_new(control, "reserve", json_integer(tc->reserve));
	json_t *root = json_pack("{s:o, s:i, s:I, s:o, s:o, s:o, s:i, s:I}", "control", control,
			 "running", (int)cl->running, "since", (json_int_t)cl->since,
			 "remaining", llongs(cl->remaining, nseats), "extra", llongs(cl->extra, nseats),
			 "moves", moves,
			 "window", (int)cl->window, "draw_offer_at", (json_int_t)cl->draw_offer_at);
	if (root && tc->kind == TC_PHASED)
		json_object_set_new(root, "reserve", llongs(cl->reserve, nseats));
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
	char hash[HASH_HEX], termination[sizeof g->termination];
	const struct kind_store *ks = store_kind_part(kind_of(g));

	/* the state file keeps the phrase; what `show --json` shows a person is English (and
	 * reads back as an earlier release's text) */
	snprintf(termination, sizeof termination, "%s", g->termination);
	if (!j)
		phrase_english(g->termination, termination, sizeof termination);

	for (int i = 0; i < g->nseats; i++)
		json_array_append_new(seats, seat_json(&g->seat[i]));
	for (int b = 0; b < g->nboards; b++)
		json_array_append_new(boards, board_json(&g->board[b]));
	for (size_t i = 0; !j && i < g->mails.n; i++)
		json_array_append_new(mails, json_string(strlist_at(&g->mails, i)));
	for (size_t i = 0; !j && i < g->sent.n; i++)
		json_array_append_new(sent, store_sent_json(g, i));
	game_hash(g, hash);
	json_t *root = json_pack(
		"{s:i, s:i, s:s, s:s, s:s, s:s, s:s, s:i, s:s, s:s, s:o, s:o,"
		" s:s, s:s, s:o, s:o, s:o, s:I, s:s}",
		"format", j ? STATE_FORMAT : 2, "id", g->id, "variant", g->variant,
		"kind", kind_of(g)->name,
		"status", game_status_name(g->status), "result", g->result,
		"termination", termination, "challenger", g->challenger,
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
	if (g->arbiter_unconfirmed)     /* absent: confirmed, or named before consent was asked */
		json_object_set_new(root, "arbiter_unconfirmed", json_true());
	if (g->nobservers)
		json_object_set_new(root, "observers", observers_json(g));
	if (g->mail_each || g->ndigest)
		json_object_set_new(root, "digest", digest_json(g));
	if (g->private_)        /* absent is false: older states, and most games */
		json_object_set_new(root, "private", json_true());
	json_t *standing = standing_to_json(g);         /* absent while none waits */
	if (standing)
		json_object_set_new(root, "standing", standing);
	if (g->tournament.id)   /* absent: no tournament's game (older states, most games) */
		json_object_set_new(root, "tournament", json_pack("{s:i, s:i, s:i, s:s, s:s}",
			"id", g->tournament.id, "round", g->tournament.round,
			"section", g->tournament.section, "event", g->tournament.event,
			"site", g->tournament.site));
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

/* ---- JSON in, every field checked (store/jread.h: errors name the file and the field) ---- */

static const char *const colours[] = { "white", "black" };

/* "white" or "black"; with none_ok also "" and "referee", read as -1. */
static int colour_field(const struct jnode *n, const char *key, bool none_ok, int *out)
{
	static const char *const names[] = { "white", "black", "", "referee" };
	int i;

	if (jread_enum(n, key, false, names, none_ok ? 4 : 2, &i) < 0)
		return -1;
	*out = i < 2 ? i : -1;
	return 0;
}

/* Format 1: two players, White and Black, on one board. */
static int load_players(const struct jnode *root, struct game *g)
{
	struct jnode ps, p;

	if (jread_obj(root, "players", false, &ps) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		if (jread_obj(&ps, colours[i], false, &p) < 0)
			return -1;
		if (game_add_seat(g, i, 0, "player", NULL) < 0)
			return jread_fail(root, "players", "out of memory");
		if (jread_str(&p, "address", false, g->seat[i].address, ADDR_MAX) < 0 ||
		    jread_str(&p, "name", false, g->seat[i].name, NAME_MAX_) < 0 ||
		    jread_str(&p, "password_hash", false, g->seat[i].password_hash, HASH_HEX) < 0)
			return -1;
	}
	return 0;
}

static int load_seats(const struct jnode *root, struct game *g)
{
	struct jnode ss, x;
	size_t n;

	if (jread_arr(root, "seats", false, &ss, &n) < 0)
		return -1;
	if (n < 2 || n > SEATS_MAX)
		return jread_fail(root, "seats", "%zu seats, not 2 to %d", n, SEATS_MAX);
	for (size_t i = 0; i < n; i++) {
		int side, k = game_add_seat(g, WHITE, 0, "", NULL);
		if (k < 0)
			return jread_fail(root, "seats", "out of memory");
		struct seat *st = &g->seat[k];
		if (jread_at(&ss, i, &x) < 0 ||
		    jread_str(&x, "address", false, st->address, ADDR_MAX) < 0 ||
		    jread_str(&x, "name", false, st->name, NAME_MAX_) < 0 ||
		    jread_str(&x, "password_hash", false, st->password_hash, HASH_HEX) < 0 ||
		    colour_field(&x, "side", false, &side) < 0 ||
		    jread_str(&x, "role", false, st->role, sizeof st->role) < 0 ||
		    jread_i(&x, "board", false, -1, BOARDS_MAX - 1, &st->board) < 0)
			return -1;
		st->side = side;
	}
	return 0;
}

static int load_moves(const struct jnode *n, struct board *b)
{
	struct jnode moves, x;
	size_t count;
	const char *text;

	if (jread_arr(n, "moves", false, &moves, &count) < 0)
		return -1;
	if (!(b->moves = calloc(count + 1, sizeof *b->moves)))
		return jread_fail(n, "moves", "out of memory");
	for (size_t i = 0; i < count; i++) {
		if (jread_at(&moves, i, &x) < 0 || jread_strref(&x, NULL, false, FEN_MAX + 7, &text) < 0)
			return -1;
		if (!(b->moves[b->nmoves] = strdup(text)))
			return jread_fail(n, "moves", "out of memory");
		b->nmoves++;
	}
	return 0;
}

/* A board's start_fen field (the string, or "": the variant's setup). */
static int start_field(const struct jnode *n, struct board *b)
{
	char fen[FEN_MAX];

	if (jread_str(n, "start_fen", false, fen, sizeof fen) < 0)
		return -1;
	return board_set_start(b, fen) < 0 ? jread_fail(n, "start_fen", "out of memory") : 0;
}

/* Format 2: every board with its start, moves and result; format 1: the one board's. */
static int load_boards(const struct jnode *root, int format, struct game *g)
{
	struct jnode bs, x;
	size_t n;

	if (format == 1) {
		g->nboards = 1;
		snprintf(g->board[0].result, sizeof g->board[0].result, "*");
		return start_field(root, &g->board[0]) < 0 ? -1 : load_moves(root, &g->board[0]);
	}
	if (jread_arr(root, "boards", false, &bs, &n) < 0)
		return -1;
	if (n < 1 || n > BOARDS_MAX)
		return jread_fail(root, "boards", "%zu boards, not 1 to %d", n, BOARDS_MAX);
	g->nboards = (int)n;
	for (size_t i = 0; i < n; i++) {
		struct board *b = &g->board[i];
		if (jread_at(&bs, i, &x) < 0 || jread_obj(&x, NULL, false, &x) < 0 ||
		    start_field(&x, b) < 0 ||
		    jread_str(&x, "result", false, b->result, sizeof b->result) < 0 ||
		    jread_str(&x, "termination", true, b->termination, sizeof b->termination) < 0 ||
		    load_moves(&x, b) < 0)
			return -1;
		legacy_termination(b->termination, sizeof b->termination);   /* an earlier one's */
	}
	for (int i = 0; i < g->nseats; i++)
		if (g->seat[i].board >= g->nboards) {
			jread_arr(root, "seats", false, &bs, NULL);
			jread_at(&bs, (size_t)i, &x);
			return jread_fail(&x, "board", "%d is not one of the game's %d boards",
					  g->seat[i].board, g->nboards);
		}
	return 0;
}

static int load_lists(const struct jnode *root, struct game *g)
{
	struct jnode mails, sent, x;
	size_t nm, ns;
	char key[KEY_MAX];
	int ply;

	if (jread_arr(root, "mails", false, &mails, &nm) < 0 ||
	    jread_arr(root, "sent", false, &sent, &ns) < 0)
		return -1;
	for (size_t i = 0; i < nm; i++) {
		if (jread_at(&mails, i, &x) < 0 || jread_str(&x, NULL, false, key, sizeof key) < 0)
			return -1;
		if (strlist_add(&g->mails, key) < 0)
			return jread_fail(root, "mails", "out of memory");
	}
	for (size_t i = 0; i < ns; i++) {
		if (jread_at(&sent, i, &x) < 0 ||
		    jread_str(&x, "id", false, key, sizeof key) < 0 ||
		    jread_i(&x, "ply", false, INT_MIN, INT_MAX, &ply) < 0)
			return -1;
		if (game_add_sent(g, key, ply) < 0)
			return jread_fail(root, "sent", "out of memory");
	}
	return 0;
}

/* Who: a seat's number (format 2), or a colour (format 1: seats 0 and 1), -1 for the
 * referee. */
static int seat_field(const struct jnode *n, const char *key, int format, int nseats, int *out)
{
	if (format == 1)
		return colour_field(n, key, true, out);
	return jread_i(n, key, false, -1, nseats - 1, out);
}

static int load_event(const struct jnode *x, int format, int nseats, struct game_event *ev,
		      char msg[KEY_MAX])
{
	return jread_i(x, "n", false, INT_MIN, INT_MAX, &ev->n) < 0 ||
	       jread_str(x, "kind", false, ev->kind, sizeof ev->kind) < 0 ||
	       seat_field(x, "by", format, nseats, &ev->by) < 0 ||
	       jread_str(x, "detail", false, ev->detail, sizeof ev->detail) < 0 ||
	       jread_str(x, "mail", false, msg, KEY_MAX) < 0 ||
	       jread_str(x, "before", false, ev->before, sizeof ev->before) < 0 ||
	       jread_str(x, "after", false, ev->after, sizeof ev->after) < 0 ||
	       jread_str(x, "at", false, ev->at, sizeof ev->at) < 0 ||
	       jread_str(x, "engine", false, ev->engine, sizeof ev->engine) < 0 ? -1 : 0;
}

static int load_events(const struct jnode *root, int format, struct game *g)
{
	struct jnode evs, x;
	size_t n;
	char msg[KEY_MAX];

	if (jread_arr(root, "events", false, &evs, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct game_event ev = { 0 };
		if (jread_at(&evs, i, &x) < 0 || load_event(&x, format, g->nseats, &ev, msg) < 0)
			return -1;
		if (game_push_event(g, &ev, msg) < 0)
			return jread_fail(root, "events", "out of memory");
	}
	return 0;
}

/* The time control of a clock (a phased one with its reserve). */
static int control_from_json(const struct jnode *o, struct time_control *tc)
{
	struct jnode c;
	int kind = TC_NONE;

	if (jread_obj(o, "control", false, &c) < 0 ||
	    jread_i(&c, "kind", false, TC_NONE, TC_PHASED, &kind) < 0 ||
	    jread_i(&c, "days", false, 0, INT_MAX, &tc->days) < 0 ||
	    jread_i(&c, "moves", false, 0, INT_MAX, &tc->moves) < 0 ||
	    jread_i(&c, "initial", false, INT_MIN, INT_MAX, &tc->initial) < 0 ||
	    jread_i(&c, "increment", false, INT_MIN, INT_MAX, &tc->increment) < 0 ||
	    jread_i(&c, "cap", false, INT_MIN, INT_MAX, &tc->cap) < 0 ||
	    jread_i(&c, "intercept_hours", false, INT_MIN, INT_MAX, &tc->intercept_hours) < 0 ||
	    jread_i(&c, "answer_hours", false, INT_MIN, INT_MAX, &tc->answer_hours) < 0 ||
	    jread_i(&c, "reserve", true, 0, INT_MAX, &tc->reserve) < 0)
		return -1;
	tc->kind = (enum tc_kind)kind;
	return 0;
}

static int clock_from_json(const struct jnode *root, int nseats, struct chessclock *cl)
{
	struct jnode o;
	int running = 0, window = WINDOW_NONE;
	long long moves[CLOCKS_MAX], since = 0, draw = 0;
	size_t ns = (size_t)nseats;

	memset(cl, 0, sizeof *cl);
	if (jread_obj(root, "clock", true, &o) < 0)
		return -1;
	if (!o.v)
		return 0;               /* a game without time control */
	if (control_from_json(&o, &cl->tc) < 0 ||
	    jread_llongs(&o, "reserve", true, ns, ns, LLONG_MIN, LLONG_MAX, cl->reserve, NULL) < 0 ||
	    jread_i(&o, "running", false, 0, (int)((1u << nseats) - 1), &running) < 0 ||
	    jread_int(&o, "since", false, LLONG_MIN, LLONG_MAX, &since) < 0 ||
	    jread_i(&o, "window", false, WINDOW_NONE, WINDOW_ANSWER, &window) < 0 ||
	    jread_int(&o, "draw_offer_at", false, LLONG_MIN, LLONG_MAX, &draw) < 0 ||
	    jread_llongs(&o, "remaining", false, ns, ns, LLONG_MIN, LLONG_MAX, cl->remaining, NULL) < 0 ||
	    jread_llongs(&o, "extra", false, ns, ns, LLONG_MIN, LLONG_MAX, cl->extra, NULL) < 0 ||
	    jread_llongs(&o, "moves", false, ns, ns, INT_MIN, INT_MAX, moves, NULL) < 0)
		return -1;
	cl->running = (unsigned)running, cl->since = since;
	for (int i = 0; i < nseats; i++)
		cl->moves[i] = (int)moves[i];
	cl->window = (enum clock_window)window, cl->draw_offer_at = draw;
	return 0;
}

/* The kind that referees the game: named (format 2), or in format 1 the kind whose object
 * the file holds (the first release knew one such kind), else the generic one. */
static int load_kind(const struct jnode *root, int format, struct game *g)
{
	const struct store_kind *k;

	if (format == 1) {
		snprintf(g->kind, sizeof g->kind, "%s", store_kind_named("")->name);
		for (size_t i = 0; (k = store_kind_at(i)); i++)
			if (k->part && jread_has(root, k->part->key))
				snprintf(g->kind, sizeof g->kind, "%s", k->kind->name);
	} else if (jread_str(root, "kind", false, g->kind, sizeof g->kind) < 0)
		return -1;
	if (!(g->k = store_kind_named(g->kind)))
		return jread_fail(root, "kind", "'%s' is not a kind this version knows", g->kind);
	return 0;
}

/* The kind's own object, read by its store part. */
static int load_kind_state(const struct jnode *root, struct game *g)
{
	const struct kind_store *ks = store_kind_part(g->k);
	struct jnode o;

	if (!g->k->state_new)
		return 0;
	if (!(g->kstate = g->k->state_new()))
		return jread_fail(root, g->k->name, "out of memory");
	if (!ks)
		return jread_fail(root, g->k->name, "missing");
	return jread_obj(root, ks->key, false, &o) < 0 ? -1 : ks->from_json(&o, g);
}

static int load_status(const struct jnode *root, struct game *g)
{
	const char *names[GAME_DECLINED + 1] = { NULL };
	int k;

	for (k = GAME_INVITED; k <= GAME_DECLINED; k++)
		names[k] = game_status_name((enum game_status)k);
	if (jread_enum(root, "status", false, names, GAME_DECLINED + 1, &k) < 0)
		return -1;
	g->status = (enum game_status)k;
	return 0;
}

/* The fields every game has, at the top of the file. */
static int load_top(const struct jnode *root, int format, struct game *g)
{
	int draw_offer;

	if (jread_i(root, "id", false, 1, INT_MAX, &g->id) < 0 ||
	    jread_str(root, "variant", false, g->variant, sizeof g->variant) < 0 ||
	    load_status(root, g) < 0 ||
	    jread_str(root, "result", false, g->result, sizeof g->result) < 0 ||
	    jread_str(root, "termination", false, g->termination, sizeof g->termination) < 0 ||
	    jread_str(root, "colour_asked", false, g->colour_asked, sizeof g->colour_asked) < 0 ||
	    jread_str(root, "created", false, g->created, sizeof g->created) < 0 ||
	    jread_str(root, "updated", false, g->updated, sizeof g->updated) < 0 ||
	    colour_field(root, "draw_offer", true, &draw_offer) < 0 ||
	    (format == 1 ? load_players(root, g) : load_seats(root, g)) < 0 ||
	    seat_field(root, "challenger", format, g->nseats, &g->challenger) < 0 ||
	    jread_int(root, "log_size", false, 0, LLONG_MAX, &g->log_size) < 0 ||
	    jread_str(root, "arbiter", true, g->arbiter, sizeof g->arbiter) < 0 ||
	    jread_bool(root, "arbiter_unconfirmed", true, &g->arbiter_unconfirmed) < 0 ||
	    jread_bool(root, "private", true, &g->private_) < 0)      /* absent: false */
		return -1;
	g->draw_offer = draw_offer;
	legacy_termination(g->termination, sizeof g->termination);     /* an earlier release's */
	return 0;
}

/* A tournament's game: its tournament, round and section, the event and site of its PGN
 * (absent: none, as in every state written before tournaments). */
static int load_tournament(const struct jnode *root, struct game *g)
{
	struct game_tournament *t = &g->tournament;
	struct jnode n;

	if (!jread_has(root, "tournament"))
		return 0;
	return jread_obj(root, "tournament", false, &n) < 0 ||
	       jread_i(&n, "id", false, 1, 99999999, &t->id) < 0 ||
	       jread_i(&n, "round", false, 1, 10000, &t->round) < 0 ||
	       jread_i(&n, "section", false, 0, 10000, &t->section) < 0 ||
	       jread_str(&n, "event", false, t->event, sizeof t->event) < 0 ||
	       jread_str(&n, "site", false, t->site, sizeof t->site) < 0 ? -1 : 0;
}

/* The observers, if any: a state written before observers has none. */
static int load_observers(const struct jnode *root, struct game *g)
{
	struct jnode a, x;
	size_t n;

	if (jread_arr(root, "observers", true, &a, &n) < 0)
		return -1;
	if (n > OBSERVERS_MAX)
		return jread_fail(root, "observers", "more than %d", OBSERVERS_MAX);
	if (n && !(g->observers = calloc(n, ADDR_MAX)))
		return jread_fail(root, "observers", "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&a, i, &x) < 0 ||
		    jread_str(&x, NULL, false, g->observers[g->nobservers], ADDR_MAX) < 0)
			return -1;
		if (!g->observers[g->nobservers++][0])
			return jread_fail(&x, NULL, "an empty address");
	}
	return 0;
}

/* The digest's part, if any (a state written before digests has none). */
static int load_digest(const struct jnode *root, struct game *g)
{
	struct jnode d, items, x;
	long long v = 0;
	size_t n;

	if (jread_obj(root, "digest", true, &d) < 0)
		return -1;
	if (!d.v)
		return 0;
	if (jread_int(&d, "each", false, 0, (1ll << SEATS_MAX) - 1, &v) < 0 ||
	    jread_arr(&d, "items", false, &items, &n) < 0)
		return -1;
	g->mail_each = (unsigned long long)v;
	if (n > DIGEST_MAX)
		return jread_fail(&d, "items", "more than %d", DIGEST_MAX);
	if (n && !(g->digest = calloc(n, sizeof *g->digest)))
		return jread_fail(&d, "items", "out of memory");
	for (size_t i = 0; i < n; i++) {
		struct digest_item *it = &g->digest[g->ndigest++];
		if (jread_at(&items, i, &x) < 0 ||
		    jread_int(&x, "seats", false, 0, (1ll << SEATS_MAX) - 1, &v) < 0 ||
		    jread_str(&x, "text", false, it->text, sizeof it->text) < 0)
			return -1;
		it->seats = (unsigned long long)v;
	}
	return 0;
}

int store_game_from_json(const char *text, const char *what, struct game **out, struct err *e)
{
	struct jread r;
	struct jnode root;
	struct game *g = NULL;
	int format = 0, rc = -1;

	*out = NULL;
	if (jread_text(&r, text, what, &root, e) < 0)
		return -1;
	if (jread_obj(&root, NULL, false, &root) < 0 ||
	    jread_i(&root, "format", false, 1, STATE_FORMAT, &format) < 0)
		goto done;
	if (!(g = game_new())) {
		err_set(e, "out of memory");
		goto done;
	}
	if (load_top(&root, format, g) < 0 ||
	    load_boards(&root, format, g) < 0 || load_lists(&root, g) < 0 ||
	    load_events(&root, format, g) < 0 || load_kind(&root, format, g) < 0 ||
	    clock_from_json(&root, g->nseats, &g->clock) < 0 || load_kind_state(&root, g) < 0 ||
	    load_observers(&root, g) < 0 || load_digest(&root, g) < 0 ||
	    standing_from_json(&root, g) < 0 ||
	    load_tournament(&root, g) < 0)
		goto done;
	*out = g;
	g = NULL;
	rc = 0;
done:
	jread_close(&r);
	game_free(g);
	return rc;
}
