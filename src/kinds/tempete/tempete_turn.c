/* tempete_turn.c: the turns of Tempete by mail (seed 000, rules 6 to 13): a move (a card,
 * a chess move, numbers), an interception (a card during the opponent's move, no numbers),
 * an answer (a different move, a card, or accepting; one number), in the order of rule 7,
 * with the cards the rules treat specially (rule 11) and the end of rule 13. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/status.h"
#include "kinds/tempete/tempete_int.h"

static const char *side(int c)
{
	return c == WHITE ? "White" : "Black";
}

/* ---- the mail's orders, sorted out ---- */

static bool protocol_order(int k)
{
	switch (k) {
	case ORDER_MOVE: case ORDER_LIST: case ORDER_NUMBERS: case ORDER_CARD: case ORDER_EFFECT:
	case ORDER_SQUARE: case ORDER_SECRET: case ORDER_TAKE: case ORDER_CHOOSE:
	case ORDER_INTERCEPT: case ORDER_PART: case ORDER_KEEP: case ORDER_DISCARD:
	case ORDER_ACCEPT:
		return true;
	default:
		return false;
	}
}

bool tempete_handles(int k)
{
	return protocol_order(k);
}

static int once(struct apply_state *a, const struct order *od, const struct order **slot,
		const char *what)
{
	if (*slot)
		return apply_error(a, od, "one %s per mail", what);
	*slot = od;
	return 0;
}

static int collect(struct apply_state *a, const struct orders *o, struct turn_msg *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		if (!protocol_order(od->kind))
			continue;
		if (!t->first)
			t->first = od;
		switch (od->kind) {
		case ORDER_CARD: {
			char word[32] = "";
			int n = 0;
			if (once(a, od, &t->card, "card") < 0)
				return -1;
			if (sscanf(od->arg, "%d %31s", &n, word) < 1 || n < 1 || n >= CARDS_MAX ||
			    (word[0] && strcasecmp(word, "continuing")))
				return apply_error(a, od, "write: card 23 (or: card 23 continuing)");
			t->card_no = n;
			t->continuing = word[0] != 0;
			break;
		}
		case ORDER_EFFECT:
			if (t->neffects == TP_EFFECTS_MAX)
				return apply_error(a, od, "too many effects");
			if (t->nmoves) {
				if (t->neffects && !t->effects_after)
					return apply_error(a, od, "write a card's effects all before or all after the move");
				t->effects_after = true;
			} else if (t->effects_after)
				return apply_error(a, od, "write a card's effects all before or all after the move");
			t->effects[t->neffects++] = od;
			if (!strncasecmp(od->arg, "instead", 7))
				t->instead = true;
			if (!strncasecmp(od->arg, "takeback", 8))
				t->takeback = true;
			break;
		case ORDER_MOVE:
			if (t->nmoves == 2)
				return apply_error(a, od, "at most two moves (with card 18 or 50)");
			if (t->neffects && !t->effects_after && t->nmoves)
				return apply_error(a, od, "write a card's effects all before or all after the move");
			t->moves[t->nmoves++] = od;
			break;
		case ORDER_NUMBERS: if (once(a, od, &t->numbers, "numbers line") < 0) return -1; break;
		case ORDER_SQUARE: if (once(a, od, &t->square, "square") < 0) return -1; break;
		case ORDER_SECRET: if (once(a, od, &t->secret, "secret square") < 0) return -1; break;
		case ORDER_TAKE: if (once(a, od, &t->take, "take") < 0) return -1; break;
		case ORDER_CHOOSE: if (once(a, od, &t->choose, "choose") < 0) return -1; break;
		case ORDER_PART: if (once(a, od, &t->part, "part") < 0) return -1; break;
		case ORDER_INTERCEPT: t->intercept = true; break;
		case ORDER_ACCEPT: t->accept = true; break;
		case ORDER_KEEP: t->keep = true; break;
		case ORDER_DISCARD: t->discard = true; break;
		case ORDER_LIST:
			return apply_error(a, od, "your list was recorded before play began");
		default:
			break;
		}
	}
	if (t->effects_after && t->instead)
		return apply_error(a, t->first, "'instead' replaces the move: there is no move to follow");
	return 0;
}

/* ---- regular moves ---- */

static void strip_check(char *san)
{
	san[strcspn(san, "+#")] = 0;
}

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
	const struct pos *p = g->board[0].pos;
	const struct variant *v = g->v;
	piece_t pc = p->board[m.from];
	const struct piece_def *ty = &v->type[PIECE_TYPE(pc)];
	char op[32], from[8], to[8];
	char letter = PIECE_COLOR(pc) == WHITE ? ty->letter : (char)tolower((unsigned char)ty->letter);
	char side = PIECE_COLOR(pc) == WHITE ? 'b' : 'w';

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
	snprintf(op, sizeof op, "@side %c", side);
	return game_op(g, op, e);
}

/* A regular move: played, with its capture and the marks that follow the piece. */
static int regular_move_in(struct apply_state *a, const struct order *od, int only_type,
			   const char *from_square, bool self_check, char *san_out)
{
	struct game *g = a->g;
	struct tempete *tp = g->kstate;
	struct pos *p = g->board[0].pos;
	const struct variant *v = g->v;
	struct move m;
	struct err e;
	char san[SAN_MAX], from[8], to[8], cap[8] = "", spelled[ORDER_ARG_MAX];
	const char *text;

	if ((int)p->side != a->me)
		return apply_error(a, od, "it is not your move on the board");
	if (!(text = apply_spelled(a, od, p, od->arg, spelled, sizeof spelled)))
		return -1;
	bool pseudo = false;
	if (notation_parse(p, text, &m, &e) < 0) {
		if (!self_check || self_check_move(p, text, &m) < 0)
			return apply_error(a, od, "%s", e.msg);
		pseudo = true;
	}
	if (m.kind == MOVE_DROP)
		return apply_error(a, od, "not a move of a piece on the board");
	if (only_type >= 0 && PIECE_TYPE(p->board[m.from]) != only_type)
		return apply_error(a, od, "this move is made by a %s", v->type[only_type].name);
	snprintf(from, sizeof from, "%s", variant_square_name(v, m.from));
	snprintf(to, sizeof to, "%s", variant_square_name(v, m.to));
	if (from_square && strcmp(from, from_square))
		return apply_error(a, od, "the second part moves the piece that made the first (now on %s)",
				   from_square);
	sq_t capsq = m.kind == MOVE_EN_PASSANT ? p->ep_victim :
		     m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE ? m.to : SQ_NONE;
	piece_t victim = capsq != SQ_NONE ? p->board[capsq] : PIECE_NONE;
	if (victim)
		snprintf(cap, sizeof cap, "%s", variant_square_name(v, capsq));
	if (pseudo)
		pseudo_san(p, m, false, san, sizeof san);
	else
		notation_san(p, m, san, sizeof san);
	if ((pseudo ? play_self_check(g, m, &e) : game_op(g, san, &e)) < 0)
		return apply_error(a, od, "%s", e.msg);
	if (m.kind == MOVE_CASTLE) {
		const struct castling_def *cd = &v->castle[m.castle];
		sq_t pf = cd->partner_from, pt = cd->partner_to;
		if (a->me == BLACK)
			pf = variant_mirror(v, pf), pt = variant_mirror(v, pt);
		tp_marks_move(tp, from, to);
		tp_marks_move(tp, variant_square_name(v, pf), variant_square_name(v, pt));
	} else {
		if (victim) {
			int c = PIECE_COLOR(victim);
			char kind = tp_captured_kind(tp, c, cap, v->type[PIECE_TYPE(victim)].letter);
			tp_marks_remove(tp, cap);
			if (tp->nlost[c] < TP_LOST_MAX)
				tp->lost[c][tp->nlost[c]++] = kind;
			if (!v->type[PIECE_TYPE(victim)].pawn.is_pawn)
				tp->lost_turn[c] = tp->turn;
		}
		tp_marks_move(tp, from, to);
	}
	snprintf(san_out, SAN_MAX, "%s", san);
	return 0;
}

static int regular_move(struct apply_state *a, const struct order *od, int only_type,
			const char *from_square, char *san_out)
{
	return regular_move_in(a, od, only_type, from_square, false, san_out);
}

/* Where the piece of a move in SAN ended (a knight or bishop: no promotion suffix). */
static void san_destination(const char *san, char *at, size_t len)
{
	size_t n = strlen(san);

	while (n && strchr("+#", san[n - 1]))
		n--;
	snprintf(at, len, "%.2s", n >= 2 ? san + n - 2 : "");
}

static void save_fen(const struct game *g, char *out)
{
	pos_to_fen(g->board[0].pos, out, FEN_MAX);
}

/* The move of a MOVE mail: one regular move, a double move (18, 50), or none ('instead'). */
static int moves_of_turn(struct apply_state *a, const struct turn_msg *t, char *announce, size_t len)
{
	struct game *g = a->g;
	struct tempete *tp = g->kstate;
	const struct card_info *ci = t->card ? tp_info(a, t->card_no) : NULL;
	bool dbl = ci && (ci->special == SPECIAL_DOUBLE_KNIGHT || ci->special == SPECIAL_DOUBLE_BISHOP);
	struct err e;

	tp->move_parts = 0;
	tp->move_card = 0;
	save_fen(g, tp->before_move);
	tp_save_marks(tp, 0);
	tp->before_part2[0] = 0;
	if (t->instead) {
		tp->move_san[0][0] = tp->move_san[1][0] = 0;
		if (t->nmoves)
			return apply_error(a, t->moves[0], "this card replaces your move: no move follows it");
		char op[8];
		snprintf(op, sizeof op, "@side %c", a->me == WHITE ? 'b' : 'w');
		if (game_op(g, op, &e) < 0)
			return apply_error(a, t->first, "%s", e.msg);
		snprintf(announce, len, "(instead of a move)");
		return 0;
	}
	if (dbl) {
		int type = variant_type_by_letter(g->v, ci->special == SPECIAL_DOUBLE_KNIGHT ? 'N' : 'B');
		if (t->nmoves != 2)
			return apply_error(a, t->card, "card %d moves twice: give both moves, one a line",
					   t->card_no);
		if (regular_move(a, t->moves[0], type, NULL, tp->move_san[0]) < 0)
			return -1;
		char op[8], at[8];
		snprintf(op, sizeof op, "@side %c", a->me == WHITE ? 'w' : 'b');
		if (game_op(g, op, &e) < 0)
			return apply_error(a, t->moves[0], "%s", e.msg);
		save_fen(g, tp->before_part2);
		tp_save_marks(tp, 1);
		/* the second part moves the same piece, from where the first ended */
		san_destination(tp->move_san[0], at, sizeof at);
		if (regular_move(a, t->moves[1], type, at, tp->move_san[1]) < 0)
			return -1;
		tp->move_parts = 2;
		tp->move_card = t->card_no;
		snprintf(announce, len, "%s and %s", tp->move_san[0], tp->move_san[1]);
		return 0;
	}
	if (t->nmoves != 1)
		return apply_error(a, t->nmoves ? t->moves[1] : t->first, t->nmoves ?
				   "one move per turn" : "a move is missing (or a card played instead of it)");
	if (regular_move_in(a, t->moves[0], -1, NULL, t->card && t->effects_after, tp->move_san[0]) < 0)
		return -1;
	tp->move_parts = 1;
	snprintf(announce, len, "%s", tp->move_san[0]);
	return 0;
}

/* The numbers that close a turn: exactly `want` of them (rule 8). */
static int numbers(struct apply_state *a, const struct turn_msg *t, int want)
{
	struct tempete *tp = a->g->kstate;
	int nums[CARDS_MAX], other = 1 - a->me;

	if (want == 0) {
		if (t->numbers && strcasecmp(t->numbers->arg, "random"))
			return apply_error(a, t->numbers, "no numbers are due now: %s holds %d card%s%s",
					   side(other), tp->nhand[other], tp->nhand[other] == 1 ? "" : "s",
					   tempete_available(tp, a->me, NULL) ? "" :
					   " (and you have no numbers left)");
		return 0;
	}
	if (!t->numbers)
		return apply_error(a, t->first, "send %d number%s for %s with this mail ('numbers ...' or "
				   "'numbers random')", want, want == 1 ? "" : "s", side(other));
	if (tp_read_numbers(a, t->numbers, want, nums) < 0)
		return -1;
	tp_send_numbers(tp, a->me, nums, want, true);
	return 0;
}

/* After a move or an answer: the opponent's turn, or a mate they may try to lift. */
static void next(struct apply_state *a, bool after_answer)
{
	struct tempete *tp = a->g->kstate;
	struct status st;
	int other = 1 - a->me;

	status_get(a->g->board[0].pos, &st);
	if (st.end == STATUS_CHECKMATE) {
		/* the wait depends on what everyone knows (a card left to play, and the count
		 * of the hand), never on which cards the hand holds */
		if (!tp->card_opp[other] && tp->nhand[other] > 0) {
			tp->expect = TP_MATED;
			tp->to = other;
			apply_note(a, "%s is mated, unless an interception lifts the mate.", side(other));
			return;
		}
		apply_finish(a, a->me == WHITE ? "1-0" : "0-1", "checkmate");
		tp->expect = TP_DONE;
		return;
	}
	if (st.end != STATUS_ONGOING) {
		apply_end_by_status(a);
		tp->expect = TP_DONE;
		return;
	}
	tp->expect = TP_MOVE;
	tp->to = other;
	tp->may_intercept = !after_answer;
}

/* ---- the three kinds of message ---- */

static int do_move(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me, other = 1 - me;
	char moves[64] = "";

	if (tp->expect == TP_MATED && tp->to == me)
		return apply_error(a, t->first, "you are mated: intercept the mating move ('intercept' "
				   "with a card and its effects) or concede");
	if (tp->expect != TP_MOVE || tp->to != me) {
		char why[200];
		return apply_error(a, t->first, "it is not your turn: %s", tempete_expect_text(a->g, me, why, sizeof why));
	}
	tp->turn++;
	tp->turn_owner = me;
	tp->card_own[me] = tp->card_opp[other] = false;
	tp->taken_back = false;
	tp->hit_part = tp->intercepted_by_card = 0;
	if (t->part || t->keep || t->discard || t->accept)
		return apply_error(a, t->part ? t->part : t->first, "this belongs to an answer to an "
				   "interception, and none is pending");
	if (t->takeback)
		return apply_error(a, t->first, "'takeback' belongs to an interception");
	if (t->secret && tp_use_secret(a, t) < 0)
		return -1;
	if (t->nmoves && apply_move_checks(a, t->moves[0]) < 0)
		return -1;
	save_fen(a->g, tp->before_card);
	tp_save_marks(tp, TP_BEFORE_CARD);
	tp->disabled = false;
	if (tp_card_turn(a, t, "move", !t->effects_after) < 0 || moves_of_turn(a, t, moves, sizeof moves) < 0)
		return -1;
	if (t->card && t->effects_after) {
		char edits[600] = "";
		int eff = tp_effects(a, t, tp_regular_card(a, t), edits, sizeof edits);
		if (eff < 0)
			return -1;
		apply_note(a, "After the move, %s%s.", edits, eff == 1 ? " has no effect (a card may not "
			   "capture a king or mate by itself)" : "");
		/* the record of cards played says what the card did, after the move too */
		struct tp_play *p = &tp->plays[tp->nplays - 1];
		size_t n = strlen(p->detail);
		snprintf(p->detail + n, sizeof p->detail - n, "%safter the move: %s%s", n ? "; " : "",
			 edits, eff == 1 ? " (no effect: a card may not capture a king or mate by itself)" : "");
		p->void_ |= eff == 1;
	}
	if (movegen_attacked(a->g->board[0].pos, a->g->board[0].pos->royal[me], (enum color)other) && a->g->board[0].pos->nroyal[me])
		return apply_error(a, t->moves[0] ? t->moves[0] : t->first,
				   "after this turn your king would be in check");
	if (moves[0])
		apply_note(a, "%s moves %s.", side(me), moves);
	if (numbers(a, t, tp_need(tp, other)) < 0)
		return -1;
	save_fen(a->g, tp->after_move);
	tp_save_marks(tp, 2);
	apply_principal(a, "move");
	snprintf(a->detail, sizeof a->detail, "%s", moves);
	a->moved = true;
	apply_after_move(a);
	next(a, false);
	return 0;
}

/* Cards 32, 42, 52 as an interception (seed 000, rule 11): they disable the card played
 * with the move, and with it the move: the position at the start of the turn comes back
 * (the card's effects, the move and its capture undone; the card stays spent) and the
 * intercepted player answers with a normal move, the same one allowed. */
static int disable_card(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;
	int other = 1 - a->me;
	struct err e;

	if (tp_restore(a, tp->before_card, &e) < 0)
		return apply_error(a, t->card, "%s", e.msg);
	tp_restore_marks(tp, TP_BEFORE_CARD);
	tp->taken_back = tp->disabled = true;
	tp->hit_part = 0;
	char said[400];
	int card = tp_disable_record(tp, TP_REC_TURN, t->card_no, said, sizeof said);
	apply_note(a, "Card %d disables card %d: its effects and the move made with it are "
		   "undone; %s makes a normal move.", t->card_no, card, side(other));
	tp_note_undone(a, card, said);
	return 0;
}

static int do_interception(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me;

	if (tp->to != me || !((tp->expect == TP_MOVE && tp->may_intercept) || tp->expect == TP_MATED))
		return apply_error(a, t->first, "you can intercept only the move just made, before "
				   "you reply to it");
	if (!t->card)
		return apply_error(a, t->first, "an interception plays a card ('card 23')");
	if (t->nmoves)
		return apply_error(a, t->moves[0], "an interception carries no move: you move after "
				   "the answer");
	if (t->numbers)
		return apply_error(a, t->numbers, "an interception carries no numbers (rule 6)");
	if (t->instead)
		return apply_error(a, t->first, "'instead' belongs to a move");
	bool disabling = tp_info(a, t->card_no)->special == SPECIAL_DISABLE;
	/* 32, 42, 52 disable the double-move card itself, both parts with it */
	if (disabling && t->part)
		return apply_error(a, t->part, "card %d disables the card played with the move, and "
				   "its whole move: it hits no part", t->card_no);
	if (tp->move_parts == 2 && !t->part && !disabling)
		return apply_error(a, t->card, "the move was a double move: say which part the "
				   "interception hits ('part 1' or 'part 2')");
	if (t->part && (tp->move_parts != 2 || t->part->number < 1 || t->part->number > 2))
		return apply_error(a, t->part, tp->move_parts == 2 ? "the part is 1 or 2" :
				   "only a double move (cards 18 and 50) has parts");
	tp->hit_part = t->part ? t->part->number : 0;
	tp->intercepted_by_card = t->card_no;
	if (disabling && t->neffects)
		return apply_error(a, t->effects[0], "card %d undoes the card played with the move: "
				   "it has no effects of its own", t->card_no);
	if (t->secret && tp_use_secret(a, t) < 0)
		return -1;
	if (tp_card_turn(a, t, "interception", true) < 0)
		return -1;
	if (disabling && disable_card(a, t) < 0)
		return -1;
	struct pos *p = a->g->board[0].pos;
	int other = 1 - me;
	/* the turn ends with the answer: a king left in check with the move standing would
	 * end it in check, and nothing in an answer could help (seed 002: a card may check,
	 * and the checked king must get out of it on its own turn) */
	if ((int)p->side != other && p->nroyal[other] &&
	    movegen_attacked(p, p->royal[other], (enum color)me))
		return apply_error(a, t->card, "this interception leaves %s's king in check while "
				   "their move stands: %s could not answer it (check only with the "
				   "move taken back)", side(other), side(other));
	tp->expect = TP_ANSWER;
	tp->to = other;
	apply_principal(a, "interception");
	if ((int)p->side == other) {
		struct status st;
		status_get(p, &st);
		if (st.end != STATUS_ONGOING) {         /* no answer is left: a mate by a
							 * continuing card, or a stalemate */
			apply_end_by_status(a);
			tp->expect = TP_DONE;
		}
	}
	return 0;
}

/* An answer to the interception of a double move's first part: two new moves, or keep /
 * discard the card and make one normal move (seed 000, card 18). */
static int answer_double(struct apply_state *a, const struct turn_msg *t, char *moves, size_t len)
{
	struct tempete *tp = a->g->kstate;
	int type = variant_type_by_letter(a->g->v, tp->move_card == 18 ? 'N' : 'B');
	char first[SAN_MAX], second[SAN_MAX], orig[SAN_MAX];
	struct err e;

	char at[8];
	if (tp->hit_part == 2) {
		san_destination(tp->move_san[0], at, sizeof at);
		if (t->nmoves != 1)
			return apply_error(a, t->first, "the second part was hit: give a different second move");
		if (regular_move(a, t->moves[0], type, at, second) < 0)
			return -1;
		snprintf(orig, sizeof orig, "%s", tp->move_san[1]);
		strip_check(orig);
		strip_check(second);
		if (!strcmp(orig, second))
			return apply_error(a, t->moves[0], "that is the move that was intercepted");
		snprintf(moves, len, "%s", second);
		return 0;
	}
	if (t->keep || t->discard) {
		if (t->nmoves != 1)
			return apply_error(a, t->first, "with 'keep' or 'discard', make one normal move");
		if (regular_move(a, t->moves[0], -1, NULL, first) < 0)
			return -1;
		if (t->keep) {
			tp->hand[a->me][tp->nhand[a->me]++] = tp->move_card;
			/* back in its owner's hand: no longer a card played (card 34 cannot take it) */
			for (int i = tp->nplays - 1; i >= 0; i--)
				if (tp->plays[i].by == a->me && tp->plays[i].card == tp->move_card &&
				    tp->plays[i].turn == tp->turn) {
					snprintf(tp->plays[i].how, sizeof tp->plays[i].how, "kept");
					break;
				}
		}
		apply_note(a, "%s %s card %d.", side(a->me), t->keep ? "keeps" : "discards", tp->move_card);
		snprintf(moves, len, "%s", first);
		return 0;
	}
	if (t->nmoves != 2)
		return apply_error(a, t->first, "the first part was hit: make two new moves, or 'keep' "
				   "or 'discard' the card and make one normal move");
	if (regular_move(a, t->moves[0], type, NULL, first) < 0)
		return -1;
	snprintf(orig, sizeof orig, "%s", tp->move_san[0]);
	strip_check(orig);
	char f[SAN_MAX];
	snprintf(f, sizeof f, "%s", first);
	strip_check(f);
	if (!strcmp(orig, f))
		return apply_error(a, t->moves[0], "the first move must differ from the one intercepted");
	char op[8];
	snprintf(op, sizeof op, "@side %c", a->me == WHITE ? 'w' : 'b');
	if (game_op(a->g, op, &e) < 0)
		return apply_error(a, t->moves[0], "%s", e.msg);
	san_destination(first, at, sizeof at);
	if (regular_move(a, t->moves[1], type, at, second) < 0)
		return -1;
	snprintf(moves, len, "%s and %s", first, second);
	return 0;
}

static int do_answer(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me, other = 1 - me;
	char moves[64] = "";
	struct err e;

	bool disabling = t->card && tp_info(a, t->card_no)->special == SPECIAL_DISABLE;
	if (tp_keep_allowed(a, t) < 0)
		return -1;
	if (disabling && t->neffects)
		return apply_error(a, t->effects[0], "card %d undoes the interception: it has no "
				   "effects of its own", t->card_no);
	if (t->secret && tp_use_secret(a, t) < 0)
		return -1;
	if (tp_card_turn(a, t, "answer", !disabling) < 0)
		return -1;
	if (disabling) {
		/* cards 32, 42, 52: the interception is undone, the move stands (seed 000) */
		if (tp_restore(a, tp->after_move, &e) < 0)
			return apply_error(a, t->card, "%s", e.msg);
		tp_restore_marks(tp, 2);
		tp->taken_back = false;
		char said[400];
		int card = tp_disable_record(tp, TP_REC_INTERCEPTION, t->card_no, said, sizeof said);
		apply_note(a, "Card %d disables card %d: %s's move stands.", t->card_no,
			   tp->intercepted_by_card, side(me));
		tp_note_undone(a, card, said);
		if (t->nmoves)
			return apply_error(a, t->moves[0], "your move stands: no other move follows");
	} else if (tp->move_parts == 2 && tp->hit_part && (int)a->g->board[0].pos->side == me) {
		if (answer_double(a, t, moves, sizeof moves) < 0)
			return -1;
	} else if (t->nmoves) {
		bool checked = movegen_in_check(a->g->board[0].pos);
		if ((int)a->g->board[0].pos->side != me)
			return apply_error(a, t->moves[0], "your move was not taken back: it stands (answer "
					   "with a card, or just 'accept')");
		if (t->nmoves > 1)
			return apply_error(a, t->moves[1], "one move per answer");
		if (apply_move_checks(a, t->moves[0]) < 0 ||
		    regular_move(a, t->moves[0], -1, NULL, moves) < 0)
			return -1;
		char orig[SAN_MAX], now[SAN_MAX];
		snprintf(orig, sizeof orig, "%s", tp->move_san[0]);
		snprintf(now, sizeof now, "%s", moves);
		strip_check(orig), strip_check(now);
		/* a disabled card's player makes a normal move, the same one allowed; so does a
		 * player the interception checked (the way out may be that very move) */
		if (!strcmp(orig, now) && !tp->disabled && !checked)
			return apply_error(a, t->moves[0], "that is the move that was intercepted: make a "
					   "different move, or 'accept'");
	}
	if ((int)a->g->board[0].pos->side == me && tp->disabled && !disabling)
		return apply_error(a, t->first, "your card was disabled, and your move with it: make "
				   "a normal move");
	if ((int)a->g->board[0].pos->side == me) {
		if (!t->accept)
			return apply_error(a, t->first, "answer with a different move, a card, or 'accept' "
					   "(the move cannot be carried out)");
		char op[8];
		snprintf(op, sizeof op, "@side %c", me == WHITE ? 'b' : 'w');
		if (game_op(a->g, op, &e) < 0)
			return apply_error(a, t->first, "%s", e.msg);
		apply_note(a, "%s accepts that the move cannot be carried out.", side(me));
	}
	if (a->g->board[0].pos->nroyal[me] && movegen_attacked(a->g->board[0].pos, a->g->board[0].pos->royal[me], (enum color)other))
		return apply_error(a, t->first, "after this answer your king would be in check");
	if (moves[0])
		apply_note(a, "%s moves %s instead.", side(me), moves);
	if (numbers(a, t, tp_need(tp, other) > 0 ? 1 : 0) < 0)
		return -1;
	apply_principal(a, "answer");
	snprintf(a->detail, sizeof a->detail, "%s", moves);
	a->moved = moves[0] != 0;
	if (a->moved)
		apply_after_move(a);
	next(a, true);
	return 0;
}

int tempete_apply(struct apply_state *a, const struct orders *o)
{
	struct tempete *tp = a->g->kstate;
	struct turn_msg t;

	/* what the previous mail did is not this one's to report */
	tp->njust_drew[WHITE] = tp->njust_drew[BLACK] = 0;
	tp->play_started = false;
	tp->event[0] = 0;

	if (tp->expect == TP_SETUP)
		return tp_setup(a, o);
	if (collect(a, o, &t) < 0)
		return -1;
	if (!t.first)
		return 0;               /* only orders every game has (status, draw, resign) */
	if (tp->expect == TP_DONE)
		return apply_error(a, t.first, "game %d is over", a->g->id);
	if (t.intercept)
		return do_interception(a, &t);
	if (tp->expect == TP_ANSWER) {
		if (tp->to != a->me)
			return apply_error(a, t.first, "it is not your turn: %s must answer your "
					   "interception first", side(tp->to));
		return do_answer(a, &t);
	}
	return do_move(a, &t);
}

const char *tempete_expect_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct tempete *tp = g->kstate;
	int need = tp_need(tp, 1 - c);

	if (g->status != GAME_PLAYING) {
		snprintf(buf, len, "the game is over");
		return buf;
	}
	switch (tp->expect) {
	case TP_SETUP:
		if (!tp->has_list[c] || !tp->opening[c])
			snprintf(buf, len, "send %s%s%s", !tp->has_list[c] ? "your list" : "",
				 !tp->has_list[c] && !tp->opening[c] ? " and " : "",
				 !tp->opening[c] ? "your five opening numbers" : "");
		else
			snprintf(buf, len, "%s still owes %s list or opening numbers", side(1 - c),
				 c == WHITE ? "their" : "their");
		break;
	case TP_MOVE:
		if (tp->to == c)
			snprintf(buf, len, "it is your turn: %smove (with %d number%s for %s)",
				 tp->may_intercept ? "intercept the last move, or " : "", need,
				 need == 1 ? "" : "s", side(1 - c));
		else
			snprintf(buf, len, "%s is to %smove", side(tp->to),
				 tp->may_intercept ? "intercept or " : "");
		break;
	case TP_ANSWER:
		if (tp->to == c)
			snprintf(buf, len, "answer the interception: a different move, a card, or 'accept', "
				 "with one number for %s", side(1 - c));
		else
			snprintf(buf, len, "%s must answer your interception", side(tp->to));
		break;
	case TP_MATED:
		if (tp->to == c)
			snprintf(buf, len, "you are mated: intercept the mating move, or concede");
		else
			snprintf(buf, len, "%s is mated unless they intercept your move", side(tp->to));
		break;
	default:
		snprintf(buf, len, "the game is over");
	}
	return buf;
}

int tempete_default_answer(const struct game *g, char *text, size_t len)
{
	const struct tempete *tp = g->kstate;

	if (tp->expect != TP_ANSWER)
		return -1;
	snprintf(text, len, "accept%s", tp_need(tp, 1 - tp->to) > 0 ? "\nnumbers random" : "");
	return 0;
}

void tempete_close_interception(struct game *g)
{
	struct tempete *tp = g->kstate;

	if (tp->expect == TP_MOVE)
		tp->may_intercept = false;
}
