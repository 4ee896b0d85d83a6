/* conditional.c: conditional moves (standing.h, docs/orders.md "Conditional moves"): the
 * lines a mail gives ("if Nf6 d6: e5 Nf3") read from the position after its move, each
 * move checked and kept in SAN; then, after every mail, the lines of the player whose
 * opponent just moved played or dropped, one ply after the other while lines answer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "game/apply.h"
#include "game/kind.h"
#include "game/spelling.h"
#include "game/standing.h"

static int limit(const struct game *g, bool depth)
{
	int n = !g->policy ? -1 : depth ? g->policy->conditional_depth : g->policy->conditional_lines;

	if (n < 0)
		n = depth ? STANDING_DEPTH_DEFAULT : STANDING_LINES_DEFAULT;
	return n > (depth ? STANDING_DEPTH_MAX : STANDING_LINES_MAX) ?
	       (depth ? STANDING_DEPTH_MAX : STANDING_LINES_MAX) : n;
}

/* The board seat moves on (its own, or the first). */
static int board_of(const struct game *g, int seat)
{
	return g->seat[seat].board >= 0 ? g->seat[seat].board : 0;
}

/* A move with the number it bears in position p (before it), glued to it ("7.Re1",
 * "7...d5"): a sentence of the notes never holds ". " but at its end, where the
 * catalogue's reading cuts it (docs/design.md, "Languages"). */
static void numbered(const struct pos *p, const char *san, char *out, size_t len)
{
	snprintf(out, len, "%u.%s%s", p->fullmove, p->side == BLACK ? ".." : "", san);
}

struct reading {
	struct apply_state *a;
	const struct order *od;
	struct pos *p;                  /* the line's position, move after move */
	char path[160];                 /* the moves read so far, for the reasons */
};

/* One move of a line, written by the line's player (their letters, the kind's forms), in
 * SAN into san; made on r->p. */
static int read_move(struct reading *r, const char *in, bool more, char *san, size_t len)
{
	struct apply_state *a = r->a;
	const struct kind *k = kind_of(a->g);
	char written[ORDER_ARG_MAX], spelled[ORDER_ARG_MAX], why[512];
	const char *text = in;
	struct move m;
	struct undo u;
	struct err e;

	if (k->move_text && !(text = k->move_text(a->g, r->p, in, written, sizeof written, why,
						  sizeof why)))
		return apply_error(a, r->od, "%s", why);
	if (spelling_move(r->p, a->g->lang[a->me], text, spelled, sizeof spelled, why,
			  sizeof why) != 0)
		return apply_error(a, r->od, "%s", why);
	if (notation_parse(r->p, spelled, &m, &e) < 0)
		return r->path[0] ? apply_error(a, r->od, "after %s: %s", r->path, e.msg) :
				    apply_error(a, r->od, "%s", e.msg);
	notation_san(r->p, m, san, len);
	if (strlen(san) >= STANDING_TEXT)
		return apply_error(a, r->od, "'%s' is too long a move to keep", san);
	size_t at = strlen(r->path);
	snprintf(r->path + at, sizeof r->path - at, "%s%s", at ? " " : "", san);
	pos_make(r->p, m, &u);
	if (more && movegen_count(r->p) == 0)
		return apply_error(a, r->od, "after %s the game is over: the line cannot go on",
				   r->path);
	return 0;
}

/* A line `if WHEN...: THEN...` of the mail, read on board b into l. */
static int read_line(struct apply_state *a, const struct order *od, int b, struct standing_line *l)
{
	char when[STANDING_DEPTH_MAX][32], then[STANDING_DEPTH_MAX][32];
	int nwhen, nthen, depth = limit(a->g, true), rc = 0;

	if (order_conditional_split(od->arg, when, &nwhen, then, &nthen, STANDING_DEPTH_MAX) < 0 ||
	    nwhen > depth)
		return apply_error(a, od, "a conditional line answers at most %d moves of your "
				   "opponent's", depth);
	if (nwhen != nthen)
		return apply_error(a, od, "a conditional line answers each move it names: %d "
				   "before the colon, %d after it", nwhen, nthen);
	struct reading r = { .a = a, .od = od, .p = malloc(sizeof *r.p) };
	if (!r.p)
		return apply_error(a, od, "out of memory");
	memcpy(r.p, a->g->board[b].pos, sizeof *r.p);
	memset(l, 0, sizeof *l);
	l->seat = a->me, l->board = b, l->on = STANDING_ON_MOVE;
	l->armed = a->g->board[b].nmoves, l->nsteps = nwhen;
	for (int i = 0; i < nwhen && rc == 0; i++)
		if ((rc = read_move(&r, when[i], true, l->step[i].when, STANDING_TEXT)) == 0)
			rc = read_move(&r, then[i], i + 1 < nwhen, l->step[i].then, STANDING_TEXT);
	free(r.p);
	return rc;
}

/* Two lines that answer the same moves differently: the second is refused. */
static int conflicts(struct apply_state *a, const struct order *od, const struct standing_line *x,
		     const struct standing_line *y)
{
	for (int k = 0; k < x->nsteps && k < y->nsteps; k++) {
		if (strcmp(x->step[k].when, y->step[k].when))
			return 0;
		if (strcmp(x->step[k].then, y->step[k].then))
			return apply_error(a, od, "another line answers %s with %s, this one with %s: "
					   "one answer to each move", x->step[k].when,
					   x->step[k].then, y->step[k].then);
	}
	return 0;
}

/* Can seat a->me give conditional moves now: the game's kind has them, it moves on a
 * board that is open, and its opponent is to move there (after the mail's own move)? */
static int may_give(struct apply_state *a, const struct order *od, int b)
{
	const struct game *g = a->g;
	const struct kind *k = kind_of(g);
	int side = g->seat[a->me].side;

	if (k->no_conditional)
		return apply_error(a, od, "%s", k->no_conditional);
	if (!limit(g, false))
		return apply_error(a, od, "this referee takes no conditional moves");
	if (game_phase(g) != PHASE_PLAY || game_mover(g, b, side) != a->me)
		return apply_error(a, od, "you make no moves now, so none in advance");
	if (strcmp(g->board[b].result, "*"))
		return apply_error(a, od, "board %d is over", b + 1);
	if ((int)g->board[b].pos->side == side)
		return apply_error(a, od, "a conditional move answers your opponent's next move: "
				   "send it with your own move");
	return 0;
}

int standing_record(struct apply_state *a, const struct orders *o)
{
	struct standing_line *lines = NULL;
	const struct order *first = NULL, *none = NULL;
	int n = 0, b = board_of(a->g, a->me), rc = 0, max = limit(a->g, false);

	for (size_t i = 0; i < o->n && rc == 0; i++) {
		const struct order *od = &o->o[i];
		if (od->kind != ORDER_CONDITIONAL)
			continue;
		if (!first && (rc = may_give(a, od, b)) < 0)
			break;
		first = first ? first : od;
		if (!strcasecmp(od->arg, "none")) {
			none = od;
			continue;
		}
		if (n == max) {
			rc = apply_error(a, od, "at most %d conditional lines", max);
			break;
		}
		struct standing_line *l = realloc(lines, (size_t)(n + 1) * sizeof *l);
		if (!l) {
			rc = apply_error(a, od, "out of memory");
			break;
		}
		lines = l;
		rc = read_line(a, od, b, &lines[n]);
		for (int j = 0; j < n && rc == 0; j++)
			rc = conflicts(a, od, &lines[j], &lines[n]);
		n += rc == 0;
	}
	if (rc == 0 && none && n)
		rc = apply_error(a, none, "'if none' drops your conditional moves: it goes alone");
	if (rc == 0 && first) {
		standing_drop(a->g, a->me, STANDING_ON_MOVE, b);
		for (int i = 0; i < n && rc == 0; i++)
			if (standing_add(a->g, &lines[i]) < 0)
				rc = apply_error(a, first, "out of memory");
		apply_principal(a, "conditional");
		if (!strcmp(a->principal, "conditional"))       /* given while waiting */
			snprintf(a->own_note, sizeof a->own_note, "%s", n ?
				 N_("Your conditional moves are recorded.") :
				 N_("Your conditional moves are dropped."));
	}
	free(lines);
	return rc;
}

/* ---- playing them ---- */

/* The conditional move `san` of b->me, made as their mail would make it. */
static int ply_step(struct apply_state *b, void *ctx)
{
	struct order od;

	memset(&od, 0, sizeof od);
	od.kind = ORDER_MOVE;
	snprintf(od.arg, sizeof od.arg, "%s", (const char *)ctx);
	snprintf(od.text, sizeof od.text, "%s", (const char *)ctx);
	b->canonical = true;
	b->moved = false;
	b->stale_reply = false;
	return apply_move_order(b, &od);
}

/* Board b's lines that can no longer apply: their board changed otherwise than by one
 * move of their opponent's since they began to wait (a transfer, a rule change, a card's
 * edit), or by more than one. Their players are told. */
static void drop_stale(struct apply_state *a, int b)
{
	struct game *g = a->g;
	const struct board *bd = &g->board[b];
	unsigned told = 0;

	for (size_t i = g->nstanding; i-- > 0;) {
		const struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_MOVE || l->board != b || l->armed == bd->nmoves)
			continue;
		if (l->armed == bd->nmoves - 1 && bd->moves[l->armed][0] != '@' &&
		    (int)bd->pos->side == g->seat[l->seat].side)
			continue;       /* the opponent's move: played or dropped below */
		if (!(told >> l->seat & 1))
			apply_note_seat(a, l->seat, "Your conditional moves are dropped: the position "
					"changed otherwise than by a move of your opponent's.");
		told |= 1u << l->seat;
		standing_remove(g, i);
	}
}

/* The opponent's move that seat s's lines on board b answer, for the sentences. */
static void opponent_move(const struct game *g, int b, char *out, size_t len)
{
	const struct board *bd = &g->board[b];
	const struct pos *p = bd->pos;
	unsigned n = p->side == WHITE ? p->fullmove - 1 : p->fullmove;

	snprintf(out, len, "%u.%s%s", n, p->side == WHITE ? ".." : "", bd->moves[bd->nmoves - 1]);
}

/* Seat s's lines on board b that answer its last entry keep their rest, the others go;
 * the answer they give, or "" (none matched: s is told). */
static const char *match(struct apply_state *a, int s, int b, char *then, size_t len)
{
	struct game *g = a->g;
	const struct board *bd = &g->board[b];
	const char *played = bd->moves[bd->nmoves - 1];
	bool any = false;

	then[0] = 0;
	for (size_t i = g->nstanding; i-- > 0;) {
		struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_MOVE || l->board != b || l->seat != s)
			continue;
		any = true;
		if (strcmp(l->step[0].when, played)) {
			standing_remove(g, i);
			continue;
		}
		snprintf(then, len, "%s", l->step[0].then);
		memmove(&l->step[0], &l->step[1], (size_t)(l->nsteps - 1) * sizeof l->step[0]);
		l->armed = bd->nmoves + 1;      /* after the move made now */
		if (!--l->nsteps)
			standing_remove(g, i);
	}
	if (any && !then[0]) {
		char move[SAN_MAX + 16];
		opponent_move(g, b, move, sizeof move);
		apply_note_seat(a, s, "Your conditional moves are dropped: %s played %s, which none "
				"of them answers.", side_name(1 - g->seat[s].side), move);
	}
	return then;
}

/* One ply of board b from the lines of the seat to move there, its movetext appended to
 * played: 1 played, 0 none, -1 out of memory. */
static int react_once(struct apply_state *a, int b, char *played, size_t len, struct err *e)
{
	struct game *g = a->g;
	const struct board *bd = &g->board[b];
	char then[STANDING_TEXT], before[HASH_HEX], move[SAN_MAX + 16], detail[64];

	if (g->status != GAME_PLAYING || strcmp(bd->result, "*") || !g->nstanding)
		return 0;
	drop_stale(a, b);
	int s = game_mover(g, b, bd->pos->side);
	if (s < 0 || bd->nmoves == 0 || !*match(a, s, b, then, sizeof then))
		return 0;
	numbered(bd->pos, then, move, sizeof move);
	bool black = bd->pos->side == BLACK;
	unsigned number = bd->pos->fullmove;
	game_hash(g, before);
	int kept = apply_attempt(a, s, ply_step, then);
	if (kept < 0)
		return err_set(e, "out of memory playing a conditional move");
	if (!kept) {
		standing_drop(g, s, STANDING_ON_MOVE, b);
		apply_note_seat(a, s, "Your conditional move %s could not be played: your conditional "
				"moves are dropped.", move);
		return 0;
	}
	const char *san = bd->moves[bd->nmoves - 1];
	size_t at = strlen(played);
	if (!black)
		snprintf(played + at, len - at, "%s%u.%s", at ? " " : "", number, san);
	else if (!at)
		snprintf(played, len, "%u...%s", number, san);
	else
		snprintf(played + at, len - at, " %s", san);
	game_clock_update(g, s, CLOCK_TURN, a->s->now);
	if (g->nboards > 1)
		snprintf(detail, sizeof detail, "%d:%s", b + 1, san);
	else
		snprintf(detail, sizeof detail, "%s", san);
	if (game_add_event(g, "move", s, detail, a->s, before) < 0)
		return err_set(e, "out of memory");
	return 1;
}

int standing_react(struct apply_state *a, struct err *e)
{
	for (int b = 0; b < a->g->nboards; b++) {
		/* each ply spends a step of a line: the plies are bounded by the lines' steps */
		char played[600] = "";
		int rc;
		while ((rc = react_once(a, b, played, sizeof played, e)) > 0)
			;
		if (rc < 0)
			return -1;
		if (played[0] && a->g->nboards > 1)
			apply_note(a, "Board %d, played from conditional moves: %s.", b + 1, played);
		else if (played[0])
			apply_note(a, "Played from conditional moves: %s.", played);
	}
	standing_settle(a->g);
	return 0;
}

void standing_settle(struct game *g)
{
	for (size_t i = g->nstanding; i-- > 0;) {
		const struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_MOVE)
			continue;
		if (g->status != GAME_PLAYING || l->board >= g->nboards ||
		    strcmp(g->board[l->board].result, "*") || l->seat >= g->nseats ||
		    game_mover(g, l->board, g->seat[l->seat].side) != l->seat ||
		    l->armed > g->board[l->board].nmoves)
			standing_remove(g, i);
	}
}
