/* chessme_kind.c: ChessMe (seed 004) as a game kind (kind.h): the referee shuffles each
 * side's pile and commits to it when play begins, deals the hands, and takes each turn —
 * a move, then optionally one placement — itself, on its own position (chessme.h). The
 * game's board only passes the turn ("@turn TEXT" entries): it counts the moves for the
 * generic code (move numbers, stale replies, clocks) and keeps the record. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/apply.h"
#include "game/kind.h"
#include "kinds/chessme/chessme_game.h"
#include "kinds/chessme/chessme_kind.h"
#include "util/commit.h"
#include "util/crypto.h"

enum { CM_PLACE = ORDER_KIND_FIRST };

const char chessme_tiles[CM_TILES + 1] = "QRRBBNNPPPP";

/* "place B e0", "place bishop e0", "place N \u2212a4": what follows the word has that
 * shape. Anything else after `place` is a slip, refused (kind.h: a kind's word is an
 * order, read or refused). */
static bool place_shaped(char **w, int nw)
{
	static const char *const names[] = { "queen", "rook", "bishop", "knight", "pawn" };
	char sq[CM_SQ_MAX + 8];
	bool piece;
	int x, y;
	size_t n;

	if (nw != 2)            /* "place" alone: no w[0] to look at */
		return false;
	piece = strlen(w[0]) == 1 && strchr("QRBNPqrbnp", w[0][0]);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		piece |= !strcasecmp(w[0], names[i]);
	if (!piece)
		return false;
	if (!cm_ascii_dashes(w[1], sq, sizeof sq))
		return false;
	n = cm_square_read(sq, &x, &y);
	return n && (!sq[n] || ((sq[n] == '.' || sq[n] == '+') && !sq[n + 1]));
}

static const struct order_word cm_orders[] = {
	{ "place", CM_PLACE, ORDER_ARG_REST, "place N d1", place_shaped, 0, NULL },
};

int chessme_pile(const struct chessme *cm, int c)
{
	return cm->dealt ? CM_TILES - cm->drawn[c] : 0;
}

void chessme_commit_text(const struct chessme *cm, int game, int c, struct buf *out)
{
	char head[64], body[2 * CM_TILES + 1];
	size_t at = 0;

	snprintf(head, sizeof head, "tempest-chessme-pile-1 game %d %s", game, c ? "black" : "white");
	for (int i = 0; i < CM_TILES; i++)
		at += (size_t)snprintf(body + at, sizeof body - at, "%s%c", i ? " " : "", cm->order[c][i]);
	commit_text(out, head, body, cm->salt[c], CM_SALT);
}

void chessme_commitment(const struct chessme *cm, int game, int c, char out[65])
{
	struct buf b = { 0 };

	chessme_commit_text(cm, game, c, &b);
	commit_hash(b.s, b.n, out);
	buf_free(&b);
}

void chessme_hash_text(const struct chessme *cm, struct buf *out)
{
	char text[1024], hex[2 * CM_SALT + 1];

	cm_pos_text(&cm->pos, true, text, sizeof text);
	buf_printf(out, "chessme-state-1 dealt %d\nposition %s\n", cm->dealt, text);
	for (int c = 0; c < 2; c++) {
		crypto_hex(cm->salt[c], CM_SALT, hex);
		buf_printf(out, "pile %.*s drawn %d salt %s drew %c\n", CM_TILES, cm->order[c],
			   cm->drawn[c], hex, cm->drew[c] ? cm->drew[c] : '-');
	}
}

/* ---- the kind's state ---- */

static void *cm_state_new(void)
{
	struct chessme *cm = calloc(1, sizeof *cm);

	if (cm)
		cm_start(&cm->pos);
	return cm;
}

static void cm_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct chessme));
}

/* A game starts by a challenge: the piles are shuffled with the referee's key when the
 * invitation is accepted, which `tempest new` (no key, no acceptance) cannot do. */
static int cm_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		     int *line, char *why, size_t wlen)
{
	(void)g; (void)key; (void)klen;
	*line = 0;
	if (!o)
		return snprintf(why, wlen, "a game of ChessMe starts by a challenge mail ('new "
				"chessme'): its piles are shuffled when the invitation is accepted"), -1;
	return 0;
}

/* Play begins: each side's eleven tiles shuffled from the referee's key (the same on
 * replay), a salt for each commitment, three tiles dealt to each hand. */
static void cm_started(struct game *g, const uint8_t *key, size_t klen)
{
	struct chessme *cm = g->kstate;

	for (int c = 0; c < 2; c++) {
		struct drbg d;
		char label[64];
		snprintf(label, sizeof label, "chessme pile game %d %s", g->id, c ? "black" : "white");
		drbg_init(&d, key, klen, label);
		memcpy(cm->order[c], chessme_tiles, CM_TILES);
		for (int i = CM_TILES - 1; i > 0; i--) {        /* Fisher-Yates */
			int j = (int)drbg_uniform(&d, (uint32_t)i + 1);
			char t = cm->order[c][i];
			cm->order[c][i] = cm->order[c][j];
			cm->order[c][j] = t;
		}
		drbg_bytes(&d, cm->salt[c], CM_SALT);
		memcpy(cm->pos.hand[c], cm->order[c], CM_HAND);
		cm->pos.nhand[c] = cm->drawn[c] = CM_HAND;
	}
	cm->dealt = true;
}

static enum game_phase cm_phase(const struct game *g)
{
	return g->status == GAME_INVITED ? PHASE_INVITED : g->status == GAME_PLAYING ? PHASE_PLAY :
	       PHASE_OVER;
}

static const char *cm_order_refused(const struct game *g, int seat, const struct order *od)
{
	(void)g;
	(void)seat;
	if (od->kind == ORDER_CLAIM_DRAW)
		return "a game of ChessMe has no draw to claim: it is drawn by stalemate or by "
		       "agreement ('offer draw')";
	return NULL;
}

static bool cm_handles(int k)
{
	return k == (int)ORDER_MOVE || k == CM_PLACE;
}

/* The placement after the move, and the draw that follows it while the pile lasts. */
static int place(struct apply_state *a, struct chessme *cm, const struct order *od, char *rec,
		 size_t len)
{
	struct cm_place pl;
	char why[512], sq[CM_SQ_MAX];
	int me = a->g->seat[a->me].side;

	if (cm_place_read(&cm->pos, me, od->arg, &pl, why, sizeof why) < 0)
		return apply_error(a, od, "%s", why);
	cm_place(&cm->pos, me, &pl);
	size_t at = strlen(rec);
	snprintf(rec + at, len - at, " %c@%s", pl.type, cm_square_name(pl.x, pl.y, sq));
	if (cm->drawn[me] < CM_TILES) {
		cm->drew[me] = cm->order[me][cm->drawn[me]++];
		cm->pos.hand[me][cm->pos.nhand[me]++] = cm->drew[me];
	}
	return 0;
}

/* Mate or stalemate: the side to move has no move (a placement never replaces one). */
static void end_of_turn(struct apply_state *a, struct chessme *cm, char *rec, size_t len)
{
	struct cm_move any[1];
	bool check = cm_in_check(&cm->pos, cm->pos.side);
	bool none = cm_legal_moves(&cm->pos, any, 1) == 0;
	size_t at = strlen(rec);

	snprintf(rec + at, len - at, "%s", check ? (none ? "#" : "+") : "");
	if (none && check)
		apply_finish(a, cm->pos.side ? "1-0" : "0-1", "checkmate");
	else if (none)
		apply_finish(a, "1/2-1/2", "stalemate");
}

static int play(struct apply_state *a, const struct order *mv, const struct order *pl)
{
	struct game *g = a->g;
	struct chessme *cm = g->kstate;
	int me = g->seat[a->me].side;
	struct cm_move m;
	char why[2048], rec[128], op[160];
	struct err e;

	if (!apply_playing(a, mv))
		return -1;
	if (cm->pos.side != me) {
		int mover = game_mover(g, 0, cm->pos.side);
		return apply_error(a, mv, "it is not your turn: %s (%s) is to move",
				   side_name(cm->pos.side), mover >= 0 ? g->seat[mover].address : "nobody");
	}
	if (apply_move_checks(a, mv) < 0)
		return -1;
	if (cm_move_read(&cm->pos, mv->arg, &m, why, sizeof why) < 0)
		return apply_error(a, mv, "%s", why);
	cm_move_san(&cm->pos, &m, rec, sizeof rec);
	rec[strcspn(rec, "+#")] = 0;            /* the mark comes after the whole turn */
	cm_make(&cm->pos, &m);
	cm->drew[me] = 0;
	if (pl && place(a, cm, pl, rec, sizeof rec) < 0)
		return -1;
	cm_pass(&cm->pos);
	end_of_turn(a, cm, rec, sizeof rec);
	snprintf(op, sizeof op, "@turn %s", rec);
	if (board_op(g, 0, op, &e) < 0)
		return apply_error(a, mv, "%s", e.msg);
	a->moved = true;
	apply_principal(a, "move");
	snprintf(a->detail, sizeof a->detail, "%s", rec);
	apply_after_move(a);
	return 0;
}

static int cm_apply(struct apply_state *a, const struct orders *o)
{
	const struct order *mv = NULL, *pl = NULL;

	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		const char *at = od->kind == (int)ORDER_MOVE ? strchr(od->arg, '@') : NULL;
		if (at && at > od->arg && at[1])        /* "N@e3", as the record writes it */
			return apply_error(a, od, "'%s': a placement is written 'place %c %s', on a "
					   "line of its own after the move", od->arg, at[-1], at + 1);
		if (od->kind == (int)ORDER_MOVE && mv)
			return apply_error(a, od, "one move per mail");
		if (od->kind == CM_PLACE && pl)
			return apply_error(a, od, "one placement per turn");
		if (od->kind == (int)ORDER_MOVE)
			mv = od;
		else if (od->kind == CM_PLACE)
			pl = od;
	}
	if (pl && !mv)
		return apply_error(a, pl, "a placement comes after your move, in the same mail: the "
				   "move on one line, then the placement on another");
	return mv ? play(a, mv, pl) : 0;
}

static void cm_hash_text(const struct game *g, struct buf *out)
{
	chessme_hash_text(g->kstate, out);
}

/* The piles and hands are secret until the end. */
static bool cm_secret_state(const struct game *g)
{
	return g->status != GAME_OVER;
}

static const char *cm_expect_text(const struct game *g, int seat, char *buf, size_t len)
{
	const struct chessme *cm = g->kstate;

	if (g->status != GAME_PLAYING)
		return NULL;
	if (cm->pos.side == g->seat[seat].side) {
		char move[32], place[64];
		cm_turn_example(&cm->pos, move, sizeof move, place, sizeof place);
		if (place[0])
			snprintf(buf, len, N_("your move, and if you like a placement after it (for "
					      "example \"%s\", then \"place %s\")"), move, place);
		else
			snprintf(buf, len, N_("your move (for example \"%s\")"), move);
	} else
		snprintf(buf, len, "wait for %s's move", side_name(cm->pos.side));
	return buf;
}

/* `tempest moves`: each legal move, then each move with each placement it allows. */
static int cm_moves_text(const char *position, struct buf *out, char *why, size_t wlen)
{
	static struct cm_move m[CM_MOVES];
	struct cm_pos p;
	struct cm_place pl[CM_PIECES * 2 * CM_HAND];

	if (cm_pos_read(&p, position, why, wlen) < 0)
		return -1;
	int n = cm_legal_moves(&p, m, CM_MOVES);
	for (int i = 0; i < n; i++) {
		char co[64], sq[CM_SQ_MAX];
		struct cm_pos after = p;
		cm_move_coord(&m[i], co, sizeof co);
		buf_printf(out, "%s\n", co);
		cm_make(&after, &m[i]);
		int np = cm_placements(&after, p.side, pl, (int)(sizeof pl / sizeof pl[0]));
		for (int k = 0; k < np; k++)
			buf_printf(out, "%s %c@%s\n", co, pl[k].type, cm_square_name(pl[k].x, pl[k].y, sq));
	}
	return 0;
}

const struct kind kind_chessme = {
	.name = "chessme",
	.orders = cm_orders,
	.norders = sizeof cm_orders / sizeof cm_orders[0],
	.no_such_order = "a game of %s has no such order",
	.state_new = cm_state_new,
	.state_copy = cm_state_copy,
	.state_size = sizeof(struct chessme),
	.state_free = free,
	.create = cm_create,
	.started = cm_started,
	.phase = cm_phase,
	.order_refused = cm_order_refused,
	.apply = cm_apply,
	.handles = cm_handles,
	.expect_text = cm_expect_text,
	.hash_text = cm_hash_text,
	.secret_state = cm_secret_state,
	.moves_text = cm_moves_text,
	.choices = cm_choices,
	.no_conditional = N_("a ChessMe turn may place a tile drawn from a secret pile: no turn "
			     "is made in advance"),
};
