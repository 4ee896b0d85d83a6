/* cardturn.c: the card-turn protocol of the card kinds (cardturn.h): the reading of a
 * mail's protocol orders; the move, the interception and the answer in the order of seed
 * 000's rule 7; the end of rule 13 (a mate waits for an interception that may lift it);
 * answers given in advance; the move on the board. The kind interface's operations that
 * follow from the state are in cardturn_kind.c. */
#include "game/cardturn.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/status.h"
#include "rules/cards.h"
#include "game/apply.h"
#include "game/kind.h"
#include "game/standing.h"

int cardturn_once(struct apply_state *a, const struct order *od, const struct order **slot,
		  const char *what)
{
	if (*slot)
		return apply_error(a, od, "one %s per mail", what);
	*slot = od;
	return 0;
}

int cardturn_card_number(const char *w)
{
	char *end;
	long n;

	if (!isdigit((unsigned char)*w))
		return 0;
	n = strtol(w, &end, 10);
	return (*end && *end != ' ') || n < 1 || n >= CARDS_MAX ? 0 : (int)n;
}

/* The protocol's part of one order of the mail. */
static int collect_common(struct apply_state *a, const struct ct_ops *ops, const struct order *od,
			  struct ct_msg *m)
{
	if (od->kind == ORDER_MOVE && m->nmoves < 2)
		m->moves[m->nmoves++] = od;
	else if (od->kind == ORDER_ACCEPT)
		m->accept = true;
	else if (od->kind == ops->order_intercept)
		m->intercept = true;
	else if (od->kind == ops->order_card && !m->card)
		m->card = od, m->card_no = cardturn_card_number(od->arg);
	else if (od->kind == ops->order_standing)
		return cardturn_standing_line(a, od, m->standing, &m->nstanding);
	return 0;
}

int cardturn_collect(struct apply_state *a, const struct ct_ops *ops, const struct orders *o,
		     void *own, struct ct_msg *m)
{
	memset(m, 0, sizeof *m);
	memset(own, 0, ops->own_size);
	m->own = own;
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		if (!ops->handles(od->kind))
			continue;
		if (!m->first)
			m->first = od;
		if (collect_common(a, ops, od, m) < 0 || ops->collect(a, od, own) < 0)
			return -1;
	}
	return 0;
}

int cardturn_standing_line(struct apply_state *a, const struct order *od,
			   const struct order **lines, int *n)
{
	if (*n == CT_STANDING_MAX)
		return apply_error(a, od, "at most %d answers in advance per move", CT_STANDING_MAX);
	lines[(*n)++] = od;
	return 0;
}

/* The words after "if intercepted", colons dropped: "accept"; "by card 66 Nf3". */
static int standing_words(const char *arg, char *buf, size_t len, char **w, int max)
{
	int n = 0;
	char *save = NULL;

	snprintf(buf, len, "%s", arg);
	for (char *p = buf; *p; p++)
		if (*p == ':')
			*p = ' ';
	for (char *t = strtok_r(buf, " ", &save); t && n < max; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	return n;
}

bool cardturn_standing_shaped(char **w, int nw)
{
	char buf[ORDER_ARG_MAX], *v[8];
	size_t at = 0;

	for (int i = 0; i < nw && at < sizeof buf; i++)
		at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "", w[i]);
	char copy[ORDER_ARG_MAX];
	int n = standing_words(buf, copy, sizeof copy, v, 8);
	return n == 1 || (n == 4 && !strcasecmp(v[0], "by") && !strcasecmp(v[1], "card"));
}

/* Reads "if intercepted[ by card N]: ANSWER" into *l; -1 (refused) if it is not one. */
static int standing_read(struct apply_state *a, const struct ct_ops *ops, const struct order *od,
			 struct standing_line *l)
{
	char buf[ORDER_ARG_MAX], *w[8];
	int n = standing_words(od->arg, buf, sizeof buf, w, 8);
	char *end = NULL;
	struct standing_step *st = &l->step[0];

	memset(l, 0, sizeof *l);
	l->seat = a->me;
	l->on = STANDING_ON_INTERCEPTION;
	l->nsteps = 1;
	if (n == 4 && !strcasecmp(w[0], "by") && !strcasecmp(w[1], "card")) {
		long k = strtol(w[2], &end, 10);
		if (*end || k < 1)
			return apply_error(a, od, "'%s' is not a card number", w[2]);
		/* an answer for a card no one can play would be kept and never used */
		if (k >= CARDS_MAX)
			return apply_error(a, od, "there is no card %ld in this game", k);
		st->card = (int)k;
	} else if (n != 1)
		return apply_error(a, od, "write: if intercepted: accept (or: if intercepted by card "
				   "23: %s)", ops->answer_moves ? "Nf3" : "accept");
	const char *what = w[n - 1];
	if (strcasecmp(what, "accept") && !ops->answer_moves)
		return apply_error(a, od, "%s", ops->advance_refused);
	if (strlen(what) >= sizeof st->then)
		return apply_error(a, od, "'%s' is not a move", what);
	snprintf(st->then, sizeof st->then, "%s", strcasecmp(what, "accept") ? what : "accept");
	return 0;
}

/* The answers in advance waiting on the last move are spent (an interception came, or
 * none can come). */
static void standing_spent(struct game *g)
{
	standing_drop(g, -1, STANDING_ON_INTERCEPTION, -1);
}

/* The mover's answers in advance, kept by the game for their move (secret: each mail to
 * them shows them, as every line given in advance). */
static int answers_record(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m)
{
	for (int i = 0; i < m->nstanding; i++) {
		struct standing_line l;
		if (standing_read(a, ops, m->standing[i], &l) < 0)
			return -1;
		const struct standing_line *same = standing_interception(a->g, a->me, l.step[0].card);
		if (same && same->step[0].card == l.step[0].card)
			return apply_error(a, m->standing[i], "one answer in advance %s",
					   l.step[0].card ? N_("per card") : N_("to any interception"));
		if (standing_add(a->g, &l) < 0)
			return apply_error(a, m->standing[i], "out of memory");
	}
	return 0;
}

int cardturn_side(struct apply_state *a, int c, const struct order *od)
{
	struct err e = { 0 };

	if (game_op(a->g, c == WHITE ? "@side w" : "@side b", &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	return 0;
}

int cardturn_pass(struct apply_state *a, const struct order *od)
{
	return cardturn_side(a, 1 - a->me, od);
}

bool cardturn_mated(const struct pos *p, int c)
{
	struct pos *q = malloc(sizeof *q);
	bool yes;

	if (!q)
		return false;
	*q = *p;
	pos_edit_side(q, (enum color)c);
	yes = movegen_in_check(q) && movegen_count(q) == 0;
	free(q);
	return yes;
}

/* ---- what comes after a move or an answer ---- */

/* The opponent's turn, the end, or (rule 13) a mate that an interception may lift. The
 * wait depends on what everyone knows (a card left to play on this turn, and the count of
 * the hand), never on which cards the hand holds. `closed`: the turn may not be
 * intercepted (it ends with an answer, or was made again after a cancelled one). */
static void next(struct apply_state *a, const struct ct_ops *ops, bool closed)
{
	struct cardturn *ct = cardturn_of(a->g);
	struct status st;
	int other = 1 - a->me;

	status_get(game_pos(a->g), &st);
	if (st.end == STATUS_CHECKMATE && (int)game_pos(a->g)->side == other) {
		if (!ct->card_opp[other] && ops->hand_count(a->g, other) > 0) {
			ct->expect = CT_MATED;
			ct->to = other;
			ct->may_intercept = false;
			apply_note(a, "%s is mated, unless an interception lifts the mate.", side_name(other));
			return;
		}
		apply_finish(a, a->me == WHITE ? "1-0" : "0-1", N_("checkmate"));
		ct->expect = CT_DONE;
		return;
	}
	if (st.end != STATUS_ONGOING) {
		apply_end_by_status(a);
		ct->expect = CT_DONE;
		return;
	}
	ct->expect = CT_MOVE;
	ct->to = other;
	ct->may_intercept = !closed;
}

/* The event of the mail: the move(s) made, or what stood for it. */
static void made(struct apply_state *a, const char *event, const char *moves)
{
	apply_principal(a, event);
	snprintf(a->detail, sizeof a->detail, "%s", moves[0] || strcmp(event, "move") ? moves : "card");
	a->moved = moves[0] != 0 || !strcmp(event, "move");
	if (a->moved)
		apply_after_move(a);
}

/* ---- the three kinds of message (seed 000, rule 6) ---- */

static int move_turn(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m)
{
	struct cardturn *ct = cardturn_of(a->g);
	int me = a->me, other = 1 - me;
	char moves[64] = "", why[200];

	if (ct->expect == CT_MATED && ct->to == me) {
		if (ops->can_play && !ops->can_play(a->g, me, "interception"))
			return apply_error(a, m->first, "you are mated: concede (no card of yours can "
					   "intercept the mating move)");
		return apply_error(a, m->first, "you are mated: intercept the mating move ('intercept' "
				   "with a card and its effects) or concede");
	}
	if (ct->expect != CT_MOVE || ct->to != me)
		return apply_error(a, m->first, "it is not your turn: %s",
				   cardturn_expect_text(a->g, me, why, sizeof why));
	if (m->answer_only || m->accept)
		return apply_error(a, m->answer_only ? m->answer_only : m->first, "this belongs to an "
				   "answer to an interception, and none is pending");
	bool again = ops->again && ops->again(a->g);
	if (again && m->card)
		return apply_error(a, m->card, "your card was cancelled, and your move with it: make a "
				   "normal move, without a card");
	if (!again)             /* made again, the turn keeps the cards played on it */
		ct->card_own[me] = ct->card_opp[other] = false;
	ct->may_intercept = false;
	standing_spent(a->g);           /* the last mover's answers in advance */
	int number = (int)game_pos(a->g)->fullmove;
	if (ops->move(a, m, moves, sizeof moves) < 0)
		return -1;
	if (!moves[0] && m->card) {
		ct->instead_card = m->card_no;
		ct->instead_number = number;
		ct->instead_by = me;
	}
	/* the check rule is judged after the whole turn: its parts may leave the king in
	 * check, its last part may not (seed 002, "The Checkmate Rule") */
	if (cardturn_king_attacked(a->g, me))
		return apply_error(a, m->last ? m->last : m->nmoves ? m->moves[0] : m->first,
				   "after this turn your king would be in check");
	if (moves[0] && ops->note_moves)
		apply_note(a, "%s moves %s.", side_name(me), moves);
	if (ops->move_done && ops->move_done(a, m) < 0)
		return -1;
	if (m->nstanding && answers_record(a, ops, m) < 0)
		return -1;
	made(a, "move", moves);
	next(a, ops, again);
	return 0;
}

static int standing_answer(struct apply_state *a, const struct ct_ops *ops, int card);

/* The interception cancelled the turn: its player makes it again, and nothing is
 * answered (their answers in advance are spent). */
static int turn_cancelled(struct apply_state *a, int mover)
{
	struct cardturn *ct = cardturn_of(a->g);

	ct->expect = CT_MOVE;
	ct->to = mover;
	ct->may_intercept = false;
	standing_spent(a->g);
	apply_principal(a, "interception");
	return 0;
}

static int interception(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m)
{
	struct cardturn *ct = cardturn_of(a->g);
	int me = a->me, other = 1 - me;
	struct pos *p = game_pos(a->g);

	if (ct->to != me || !((ct->expect == CT_MOVE && ct->may_intercept) || ct->expect == CT_MATED))
		return apply_error(a, m->first, "you can intercept only the move just made, before "
				   "you reply to it");
	if (!m->card)
		return apply_error(a, m->first, "an interception plays a card ('card 23')");
	if (m->nmoves)
		return apply_error(a, m->moves[0], "an interception carries no move: you move after "
				   "the answer");
	if (m->instead)
		return apply_error(a, m->first, "'instead' belongs to a move");
	if (m->nstanding)
		return apply_error(a, m->standing[0], "an answer in advance goes with your move");
	int rc = ops->intercept(a, m);
	if (rc < 0)
		return -1;
	if (rc == CT_TURN_CANCELLED)
		return turn_cancelled(a, other);
	/* the turn ends with the answer: a king left in check with the move standing would
	 * end it in check, and nothing in an answer could help (seed 002: a card may check,
	 * and the checked king must get out of it on its own turn) */
	if ((int)p->side != other && cardturn_king_attacked(a->g, other))
		return apply_error(a, m->card, "this interception leaves %s's king in check while "
				   "their move stands: %s could not answer it (check only with the "
				   "move taken back)", side_name(other), side_name(other));
	ct->expect = CT_ANSWER;
	ct->to = other;
	apply_principal(a, "interception");
	if ((int)p->side == other) {
		struct status st;
		status_get(p, &st);
		if (st.end != STATUS_ONGOING) {         /* no answer is left: a mate by a
							 * continuing card, or a stalemate */
			apply_end_by_status(a);
			ct->expect = CT_DONE;
		}
	}
	return ct->expect == CT_ANSWER && standing_count(a->g, other, STANDING_ON_INTERCEPTION) ?
	       standing_answer(a, ops, m->card_no) : 0;
}

/* The answer (rule 6.3): the kind's card or move, or nothing; then, if the move was taken
 * back and none made, the player accepts that it cannot be carried out. Every answer is
 * announced (rule 9), an `accept` that leaves the move standing too. */
static int answer(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m)
{
	int me = a->me;
	char moves[64] = "";

	if (m->nstanding)
		return apply_error(a, m->standing[0], "an answer in advance goes with your move");
	standing_spent(a->g);
	if (ops->answer(a, m, moves, sizeof moves) < 0)
		return -1;
	bool taken_back = (int)game_pos(a->g)->side == me;
	if (taken_back) {
		if (!m->accept)
			return apply_error(a, m->first, "answer with a different move, a card, or 'accept' "
					   "(the move cannot be carried out)");
		if (cardturn_pass(a, m->first) < 0)
			return -1;
		apply_note(a, "%s accepts that the move cannot be carried out.", side_name(me));
	} else if (!moves[0] && (m->accept || !m->card))
		apply_note(a, "%s accepts the interception: the move stands.", side_name(me));
	if (cardturn_king_attacked(a->g, me))
		return apply_error(a, m->first, "after this answer your king would be in check");
	if (moves[0] && ops->note_moves)
		apply_note(a, "%s moves %s instead.", side_name(me), moves);
	if (ops->answer_done && ops->answer_done(a, m) < 0)
		return -1;
	made(a, "answer", moves);
	next(a, ops, true);
	return 0;
}

struct standing_try {
	const struct ct_ops *ops;
	const struct orders *o;
	const char *said;               /* the answer as its player wrote it */
};

/* The intercepted player's answer in advance, as if they had sent it now. */
static int standing_step(struct apply_state *b, void *ctx)
{
	const struct standing_try *t = ctx;
	void *own = calloc(1, t->ops->own_size);
	struct ct_msg m;
	int rc = -1;

	if (own && t->ops->reading(b, t->o, own, &m) == 0 && m.first) {
		apply_note(b, "%s answered in advance: %s.", side_name(b->me), t->said);
		rc = answer(b, t->ops, &m);
	}
	free(own);
	return rc;
}

/* The interception of a move its player answered in advance: the answer for this card (or
 * for any) is applied now, shown to both; one that has become impossible is dropped
 * unseen, and the player is asked as without it. */
static int standing_answer(struct apply_state *a, const struct ct_ops *ops, int card)
{
	const struct standing_line *line = standing_interception(a->g, 1 - a->me, card);
	struct standing_step use = { 0 };
	char said[96], text[128];
	struct order_line lines[4];
	struct orders o;
	struct err e = { 0 };
	size_t n = 0;

	if (line)
		use = line->step[0];
	standing_spent(a->g);           /* this interception spends them, used or not */
	if (!use.then[0])
		return 0;
	if (!use.card)
		phrase_printf(said, sizeof said, "if intercepted: %s", use.then);
	else
		phrase_printf(said, sizeof said, "if intercepted by card %d: %s", use.card, use.then);
	if (ops->answer_text)
		ops->answer_text(a->g, use.then, text, sizeof text);
	else
		snprintf(text, sizeof text, "%s", use.then);
	for (char *save, *l = strtok_r(text, "\n", &save); l && n < 4; l = strtok_r(NULL, "\n", &save)) {
		lines[n] = (struct order_line){ .lineno = (int)n + 1, .text = l };
		n++;
	}
	const struct kind *k = kind_of(a->g);
	if (order_parse(lines, n, k->orders, k->norders, &o, &e) < 0)
		return 0;               /* out of memory: the player is asked as without it */
	order_resolve(&o, k->orders, k->norders);
	struct standing_try t = { ops, &o, said };
	int kept = o.nerr ? 0 : apply_attempt(a, 1 - a->me, standing_step, &t);
	orders_free(&o);
	return kept < 0 ? -1 : 0;
}

int cardturn_apply(struct apply_state *a, const struct ct_ops *ops, const struct ct_msg *m)
{
	struct cardturn *ct = cardturn_of(a->g);

	ct->instead_card = 0;   /* what the previous mail did is not this one's to report */
	ct->edited_move[0] = 0;

	if (ct->expect == CT_DONE)
		return apply_error(a, m->first, "game %d is over", a->g->id);
	if (m->intercept)
		return interception(a, ops, m);
	if (ct->expect == CT_ANSWER) {
		if (ct->to != a->me)
			return apply_error(a, m->first, "it is not your turn: %s must answer your "
					   "interception first", side_name(ct->to));
		return answer(a, ops, m);
	}
	return move_turn(a, ops, m);
}

/* ---- the move on the board ---- */

/* Text of a move as typed, without the check signs, for comparing. */
static void bare_move(const char *in, char *out, size_t len)
{
	snprintf(out, len, "%s", in);
	out[strcspn(out, "+#!? ")] = 0;
}

/* The short notation of a move the engine will not name (it names legal moves only):
 * "Ra2", "Rxa2", "e4", "exd5"; with `from`, the origin square too ("Re2a2"). */
static void pseudo_san(const struct pos *p, struct move m, bool from, char *out, size_t len)
{
	const struct variant *v = p->v;
	const struct piece_def *ty = &v->type[PIECE_TYPE(p->board[m.from])];
	bool cap = m.kind == MOVE_EN_PASSANT || p->board[m.to] != PIECE_NONE;
	const char *f = variant_square_name(v, m.from), *t = variant_square_name(v, m.to);
	char lead[12] = "";

	if (ty->pawn.is_pawn)
		snprintf(lead, sizeof lead, "%.1s", cap ? f : "");
	else
		snprintf(lead, sizeof lead, "%c%s", ty->letter, from ? f : "");
	snprintf(out, len, "%s%s%s", lead, cap ? "x" : "", t);
}

/* A move that leaves one's own king in check, allowed when a card played after it on the
 * same turn must remove the check (seed 002; the end of the turn checks it does). The
 * engine reads legal moves only: this one is found among the pseudo-legal ones (no
 * promotions, castlings or drops). */
static int self_check_move(struct pos *p, const char *text, struct move *out)
{
	struct movelist ml;
	char want[SAN_MAX], san[SAN_MAX], full[SAN_MAX], coord[SAN_MAX];
	int found = 0;

	bare_move(text, want, sizeof want);
	movegen_pseudo(p, &ml);
	for (int i = 0; i < ml.n; i++) {
		struct move m = ml.m[i];
		if ((m.kind != MOVE_NORMAL && m.kind != MOVE_DOUBLE && m.kind != MOVE_EN_PASSANT) ||
		    m.promo || movegen_is_legal(p, m))
			continue;
		pseudo_san(p, m, false, san, sizeof san);
		pseudo_san(p, m, true, full, sizeof full);
		snprintf(coord, sizeof coord, "%s%s", variant_square_name(p->v, m.from),
			 variant_square_name(p->v, m.to));
		if (!strcmp(san, want) || !strcmp(full, want) || !strcmp(coord, want)) {
			*out = m;
			found++;
		}
	}
	return found == 1 ? 0 : -1;
}

/* Plays m (pseudo-legal) as edits of the board: the engine's SAN path takes legal moves
 * only, and a FEN with the side not to move in check is refused. */
static int play_self_check(struct game *g, struct move m, struct err *e)
{
	const struct pos *p = game_pos(g);
	const struct variant *v = g->v;
	piece_t pc = p->board[m.from];
	const struct piece_def *ty = &v->type[PIECE_TYPE(pc)];
	char op[32], from[8], to[8];
	char letter = PIECE_COLOR(pc) == WHITE ? ty->letter : (char)tolower((unsigned char)ty->letter);

	snprintf(from, sizeof from, "%s", variant_square_name(v, m.from));
	snprintf(to, sizeof to, "%s", variant_square_name(v, m.to));
	if (m.kind == MOVE_EN_PASSANT) {
		snprintf(op, sizeof op, "@remove %s", variant_square_name(v, p->ep_victim));
		if (game_op(g, op, e) < 0)
			return -1;
	}
	if (p->board[m.to] != PIECE_NONE) {
		snprintf(op, sizeof op, "@remove %s", to);
		if (game_op(g, op, e) < 0)
			return -1;
	}
	snprintf(op, sizeof op, "@remove %s", from);
	if (game_op(g, op, e) < 0)
		return -1;
	snprintf(op, sizeof op, "@place %c %s", letter, to);
	if (game_op(g, op, e) < 0)
		return -1;
	return game_op(g, PIECE_COLOR(pc) == WHITE ? "@side b" : "@side w", e);
}

/* The move of `text` in p: legal, or (how->self_check) one leaving the own king in check. */
static int read_move(struct apply_state *a, const struct order *od, const struct ct_move *how,
		     struct move *m, bool *pseudo)
{
	struct pos *p = game_pos(a->g);
	char spelled[ORDER_ARG_MAX], name[64];
	const char *text;
	struct err e = { 0 };

	if ((int)p->side != a->me)
		return apply_error(a, od, "it is not your move on the board");
	if (!(text = apply_spelled(a, od, p, od->arg, spelled, sizeof spelled)))
		return -1;
	*pseudo = false;
	if (notation_parse(p, text, m, &e) < 0) {
		if (!how->self_check || self_check_move(p, text, m) < 0)
			return apply_error(a, od, "%s", e.msg);
		*pseudo = true;
	}
	if (m->kind == MOVE_DROP)
		return apply_error(a, od, "not a move of a piece on the board");
	if (how->only_type >= 0 && PIECE_TYPE(p->board[m->from]) != how->only_type)
		return apply_error(a, od, "this move is made by a %s",
				   phrase_word(name, sizeof name, NULL, a->g->v->type[how->only_type].name));
	if (how->from && strcmp(variant_square_name(p->v, m->from), how->from))
		return apply_error(a, od, "the second part moves the piece that made the first (now on %s)",
				   how->from);
	return 0;
}

/* What follows the pieces of a move: the castling partner too. */
static void follow_move(struct apply_state *a, const struct ct_move *how, struct move m,
			const char *from, const char *to)
{
	const struct variant *v = a->g->v;

	how->follow(a, from, to);
	if (m.kind == MOVE_CASTLE) {
		const struct castling_def *cd = &v->castle[m.castle];
		sq_t pf = cd->partner_from, pt = cd->partner_to;
		if (a->me == BLACK)
			pf = variant_mirror(v, pf), pt = variant_mirror(v, pt);
		how->follow(a, variant_square_name(v, pf), variant_square_name(v, pt));
	}
}

int cardturn_move(struct apply_state *a, const struct order *od, const struct ct_move *how,
		  char *san_out)
{
	struct game *g = a->g;
	struct pos *p = game_pos(g);
	const struct variant *v = g->v;
	struct move m;
	struct err e = { 0 };
	char san[SAN_MAX], from[8], to[8], cap[8] = "";
	bool pseudo = false;

	if (read_move(a, od, how, &m, &pseudo) < 0)
		return -1;
	snprintf(from, sizeof from, "%s", variant_square_name(v, m.from));
	snprintf(to, sizeof to, "%s", variant_square_name(v, m.to));
	sq_t capsq = m.kind == MOVE_EN_PASSANT ? p->ep_victim :
		     m.kind == MOVE_CASTLE ? SQ_NONE : m.to;
	piece_t victim = capsq != SQ_NONE ? p->board[capsq] : PIECE_NONE;
	if (victim)
		snprintf(cap, sizeof cap, "%s", variant_square_name(v, capsq));
	if (pseudo)
		pseudo_san(p, m, false, san, sizeof san);
	else
		notation_san(p, m, san, sizeof san);
	int number = (int)p->fullmove;
	if ((pseudo ? play_self_check(g, m, &e) : game_op(g, san, &e)) < 0)
		return apply_error(a, od, "%s", e.msg);
	/* the list holds a move leaving its king in check as edits: the mail's subject names
	 * it, as long as it is the last move of the turn */
	struct cardturn *ct = cardturn_of(g);
	snprintf(ct->edited_move, sizeof ct->edited_move, "%s", pseudo ? san : "");
	ct->instead_number = number;
	ct->instead_by = a->me;
	if (victim)
		how->captured(a, cap, victim);
	follow_move(a, how, m, from, to);
	snprintf(san_out, SAN_MAX, "%s", san);
	return 0;
}
