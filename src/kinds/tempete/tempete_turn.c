/* tempete_turn.c: the turns of Tempete by mail (seed 000, rules 6 to 13): a move (a card,
 * a chess move, numbers), an interception (a card during the opponent's move, no numbers),
 * an answer (a different move, a card, or accepting; one number), in the order of rule 7,
 * with the cards the rules treat specially (rule 11) and the end of rule 13. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "game/cardturn.h"
#include "kinds/tempete/tempete_int.h"

static const char *side(int c)
{
	return side_name(c);
}

/* ---- the mail's orders, sorted out ---- */

static bool protocol_order(int k)
{
	switch (k) {
	case ORDER_MOVE: case ORDER_LIST: case ORDER_NUMBERS: case ORDER_CARD: case ORDER_EFFECT:
	case ORDER_SQUARE: case ORDER_SECRET: case ORDER_TAKE: case ORDER_CHOOSE:
	case ORDER_INTERCEPT: case ORDER_PART: case ORDER_KEEP: case ORDER_DISCARD:
	case ORDER_ACCEPT: case ORDER_STANDING:
		return true;
	default:
		return false;
	}
}

bool tempete_handles(int k)
{
	return protocol_order(k);
}

/* One protocol order of the mail, into the mail's reading. */
static int collect_one(struct apply_state *a, const struct order *od, void *own)
{
	struct turn_msg *t = own;

	switch (od->kind) {
	case ORDER_CARD: {
		char word[32] = "";
		int n = cardturn_card_number(od->arg);
		if (cardturn_once(a, od, &t->card, N_("card")) < 0)
			return -1;
		sscanf(od->arg, "%*s %31s", word);
		if (!n || (word[0] && strcasecmp(word, "continuing")))
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
	case ORDER_NUMBERS: if (cardturn_once(a, od, &t->numbers, N_("numbers line")) < 0) return -1; break;
	case ORDER_SQUARE: if (cardturn_once(a, od, &t->square, N_("square")) < 0) return -1; break;
	case ORDER_SECRET: if (cardturn_once(a, od, &t->secret, N_("secret square")) < 0) return -1; break;
	case ORDER_TAKE: if (cardturn_once(a, od, &t->take, N_("take")) < 0) return -1; break;
	case ORDER_CHOOSE: if (cardturn_once(a, od, &t->choose, N_("choose")) < 0) return -1; break;
	case ORDER_PART: if (cardturn_once(a, od, &t->part, N_("part")) < 0) return -1; break;
	case ORDER_INTERCEPT: t->intercept = true; break;
	case ORDER_ACCEPT: t->accept = true; break;
	case ORDER_KEEP: t->keep = true; break;
	case ORDER_DISCARD: t->discard = true; break;
	case ORDER_LIST:
		return apply_error(a, od, "your list was recorded before play began");
	default:
		break;
	}
	return 0;
}

/* ---- regular moves ---- */

static void strip_check(char *san)
{
	san[strcspn(san, "+#")] = 0;
}

/* A piece captured by a regular move: to the record of captures, as its original kind,
 * its marks gone; a piece not a pawn entitles its owner to card 57 (seed 000). */
static void tp_captured(struct apply_state *a, const char *square, piece_t victim)
{
	struct tempete *tp = a->g->kstate;
	const struct piece_def *ty = &a->g->v->type[PIECE_TYPE(victim)];
	int c = PIECE_COLOR(victim);
	char kind = tp_captured_kind(tp, c, square, ty->letter);

	tp_marks_remove(tp, square);
	if (tp->nlost[c] < TP_LOST_MAX)
		tp->lost[c][tp->nlost[c]++] = kind;
	if (!ty->pawn.is_pawn)
		tp->lost_turn[c] = tp->turn;
}

static void tp_follow(struct apply_state *a, const char *from, const char *to)
{
	tp_marks_move(a->g->kstate, from, to);
}

/* A regular move: played, with its capture and the marks that follow the piece. */
static int regular_move_in(struct apply_state *a, const struct order *od, int only_type,
			   const char *from_square, bool self_check, char *san_out)
{
	const struct ct_move how = { .only_type = only_type, .from = from_square,
				     .self_check = self_check, .captured = tp_captured,
				     .follow = tp_follow };

	return cardturn_move(a, od, &how, san_out);
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

	tp->move_parts = 0;
	tp->move_card = 0;
	save_fen(g, tp->before_move);
	tp_save_marks(tp, 0);
	tp->before_part2[0] = 0;
	if (t->instead) {
		tp->move_san[0][0] = tp->move_san[1][0] = 0;
		if (t->nmoves)
			return apply_error(a, t->moves[0], "this card replaces your move: no move follows it");
		if (cardturn_pass(a, t->first) < 0)
			return -1;
		snprintf(announce, len, "%s", "");
		return 0;
	}
	if (dbl) {
		int type = variant_type_by_letter(g->v, ci->special == SPECIAL_DOUBLE_KNIGHT ? 'N' : 'B');
		if (t->nmoves != 2)
			return apply_error(a, t->card, "card %d moves twice: give both moves, one a line",
					   t->card_no);
		/* the first part may leave the king in check: the second must end it */
		if (regular_move_in(a, t->moves[0], type, NULL, true, tp->move_san[0]) < 0)
			return -1;
		char at[8];
		if (cardturn_side(a, a->me, t->moves[0]) < 0)
			return -1;
		save_fen(g, tp->before_part2);
		tp_save_marks(tp, 1);
		/* the second part moves the same piece, from where the first ended */
		san_destination(tp->move_san[0], at, sizeof at);
		if (regular_move_in(a, t->moves[1], type, at, t->effects_after, tp->move_san[1]) < 0)
			return -1;
		tp->move_parts = 2;
		tp->move_card = t->card_no;
		phrase_printf(announce, len, "%s and %s", tp->move_san[0], tp->move_san[1]);
		return 0;
	}
	if (t->nmoves != 1)
		return apply_error(a, t->nmoves ? t->moves[1] : t->first, t->nmoves ?
				   F_("one move per turn") :
				   F_("a move is missing (or a card played instead of it)"));
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

	char count[64];

	if (want == 0) {
		if (t->numbers && strcasecmp(t->numbers->arg, "random"))
			return apply_error(a, t->numbers, "no numbers are due now: %s holds %s%s",
					   side(other), phrase_nprintf(count, sizeof count,
					   (unsigned long)tp->nhand[other], "%d card", "%d cards",
					   tp->nhand[other]), tempete_available(tp, a->me, NULL) ? "" :
					   N_(" (and you have no numbers left)"));
		return 0;
	}
	if (!t->numbers)
		return apply_error(a, t->first, "send %s for %s with this mail ('numbers ...' or "
				   "'numbers random')", phrase_nprintf(count, sizeof count,
				   (unsigned long)want, "%d number", "%d numbers", want), side(other));
	if (tp_read_numbers(a, t->numbers, want, nums) < 0)
		return -1;
	tp_send_numbers(tp, a->me, nums, want, true);
	return 0;
}

/* ---- the kind's part of the three kinds of message ---- */

/* A move turn: a secret square used, the card (before or after the move), the move(s). */
static int tp_move(struct apply_state *a, const struct ct_msg *m, char *moves, size_t len)
{
	const struct turn_msg *t = m->own;
	struct tempete *tp = a->g->kstate;

	tp->turn++;
	tp->turn_owner = a->me;
	tp->taken_back = false;
	tp->hit_part = tp->intercepted_by_card = 0;
	if (t->takeback)
		return apply_error(a, t->first, "'takeback' belongs to an interception");
	if (t->secret && tp_use_secret(a, t) < 0)
		return -1;
	if (t->nmoves && apply_move_checks(a, t->moves[0]) < 0)
		return -1;
	save_fen(a->g, tp->before_card);
	tp_save_marks(tp, TP_BEFORE_CARD);
	tp->disabled = false;
	if (tp_card_turn(a, t, "move", !t->effects_after) < 0 || moves_of_turn(a, t, moves, len) < 0)
		return -1;
	if (!t->card || !t->effects_after)
		return 0;
	char edits[600] = "";
	int eff = tp_effects(a, t, tp_regular_card(a, t), edits, sizeof edits);
	if (eff < 0)
		return -1;
	apply_note(a, "After the move, %s%s.", edits, eff == 1 ? N_(" has no effect (a card may "
		   "not capture a king or mate by itself)") : "");
	/* the record of cards played says what the card did, after the move too */
	struct tp_play *p = &tp->plays[tp->nplays - 1];
	char after[sizeof p->detail];
	phrase_printf(after, sizeof after, "after the move: %s%s", edits, eff == 1 ? N_(" (no "
		      "effect: a card may not capture a king or mate by itself)") : "");
	phrase_cat(p->detail, sizeof p->detail, "; ", after);
	p->void_ |= eff == 1;
	return 0;
}

/* The numbers that refill the opponent's hand (rule 8); the position a disabling answer
 * restores. */
static int tp_move_done(struct apply_state *a, const struct ct_msg *m)
{
	struct tempete *tp = a->g->kstate;

	if (numbers(a, m->own, tp_need(tp, 1 - a->me)) < 0)
		return -1;
	save_fen(a->g, tp->after_move);
	tp_save_marks(tp, 2);
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

/* The interception's card: no numbers (rule 6), the part of a double move it hits. */
static int tp_intercept(struct apply_state *a, const struct ct_msg *m)
{
	const struct turn_msg *t = m->own;
	struct tempete *tp = a->g->kstate;

	/* cards 32, 42, 52 undo the card played with the move, the whole double move with
	 * it: no part to say */
	bool disabling = tp_info(a, t->card_no)->special == SPECIAL_DISABLE;

	if (t->numbers)
		return apply_error(a, t->numbers, "an interception carries no numbers (rule 6)");
	if (disabling && t->part)
		return apply_error(a, t->part, "card %d undoes the whole move with its card: it hits "
				   "no part", t->card_no);
	if (tp->move_parts == 2 && !t->part && !disabling)
		return apply_error(a, t->card, "the move was a double move: say which part the "
				   "interception hits ('part 1' or 'part 2')");
	if (t->part && (tp->move_parts != 2 || t->part->number < 1 || t->part->number > 2))
		return apply_error(a, t->part, tp->move_parts == 2 ? F_("the part is 1 or 2") :
				   F_("only a double move (cards 18 and 50) has parts"));
	tp->hit_part = t->part ? t->part->number : 0;
	tp->intercepted_by_card = t->card_no;
	if (disabling && t->neffects)
		return apply_error(a, t->effects[0], "card %d undoes the card played with the move: "
				   "it has no effects of its own", t->card_no);
	if (t->secret && tp_use_secret(a, t) < 0)
		return -1;
	if (tp_card_turn(a, t, "interception", true) < 0)
		return -1;
	if (tp->hit_part)
		apply_note(a, "The interception hits part %d of %s's double move (%s).", tp->hit_part,
			   side(1 - a->me), tp->move_san[tp->hit_part - 1]);
	return disabling ? disable_card(a, t) : 0;
}
/* An answer to the interception of a double move's first part: two new moves, or keep /
 * discard the card and make one normal move (seed 000, card 18). */
static int answer_double(struct apply_state *a, const struct turn_msg *t, char *moves, size_t len)
{
	struct tempete *tp = a->g->kstate;
	int type = variant_type_by_letter(a->g->v, tp->move_card == 18 ? 'N' : 'B');
	char first[SAN_MAX], second[SAN_MAX], orig[SAN_MAX];

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
		if (t->keep)
			apply_note(a, "%s keeps card %d.", side(a->me), tp->move_card);
		else
			apply_note(a, "%s discards card %d.", side(a->me), tp->move_card);
		snprintf(moves, len, "%s", first);
		return 0;
	}
	if (t->nmoves != 2)
		return apply_error(a, t->first, "the first part was hit: make two new moves, or 'keep' "
				   "or 'discard' the card and make one normal move");
	if (regular_move_in(a, t->moves[0], type, NULL, true, first) < 0)
		return -1;
	snprintf(orig, sizeof orig, "%s", tp->move_san[0]);
	strip_check(orig);
	char f[SAN_MAX];
	snprintf(f, sizeof f, "%s", first);
	strip_check(f);
	if (!strcmp(orig, f))
		return apply_error(a, t->moves[0], "the first move must differ from the one intercepted");
	if (cardturn_side(a, a->me, t->moves[0]) < 0)
		return -1;
	san_destination(first, at, sizeof at);
	if (regular_move(a, t->moves[1], type, at, second) < 0)
		return -1;
	phrase_printf(moves, len, "%s and %s", first, second);
	return 0;
}

/* The answer's card (a disabling one undoes the interception), or the different move
 * (a double move's, when a part was hit). */
static int tp_answer(struct apply_state *a, const struct ct_msg *m, char *moves, size_t len)
{
	const struct turn_msg *t = m->own;
	struct tempete *tp = a->g->kstate;
	int me = a->me;
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
	bool my_side = (int)game_pos(a->g)->side == me;
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
	} else if (tp->move_parts == 2 && tp->hit_part && my_side) {
		if (answer_double(a, t, moves, len) < 0)
			return -1;
	} else if (t->nmoves) {
		bool checked = movegen_in_check(game_pos(a->g));
		if (!my_side)
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
	if ((int)game_pos(a->g)->side == me && tp->disabled && !disabling)
		return apply_error(a, t->first, "your card was disabled, and your move with it: make "
				   "a normal move");
	return 0;
}

/* One number for the interceptor's card (rule 6), if their hand is short. */
static int tp_answer_done(struct apply_state *a, const struct ct_msg *m)
{
	return numbers(a, m->own, tp_need(a->g->kstate, 1 - a->me) > 0 ? 1 : 0);
}

static int tp_hand_count(const struct game *g, int c)
{
	return ((const struct tempete *)g->kstate)->nhand[c];
}

static unsigned tp_setup_expected(const struct game *g)
{
	const struct tempete *tp = g->kstate;

	return (unsigned)(!(tp->has_list[WHITE] && tp->opening[WHITE])) |
	       (unsigned)(!(tp->has_list[BLACK] && tp->opening[BLACK])) << 1;
}

static void tp_setup_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct tempete *tp = g->kstate;

	if (!tp->has_list[c] && !tp->opening[c])
		phrase_printf(buf, len, "send your list and your five opening numbers");
	else if (!tp->has_list[c])
		phrase_printf(buf, len, "send your list");
	else if (!tp->opening[c])
		phrase_printf(buf, len, "send your five opening numbers");
	else
		phrase_printf(buf, len, "%s still owes their list or opening numbers", side(1 - c));
}

/* The numbers a move (rule 8) or an answer (rule 6: one, for the interceptor's card) owes. */
static int tp_numbers_owed(const struct game *g, int c, bool answer)
{
	int need = tp_need(g->kstate, 1 - c);

	return answer ? need > 0 : need;
}

/* What the interception leaves its victim: with the move standing, 'accept'; taken back,
 * a different move or 'accept'; the card played with it disabled, a normal move; a part
 * of a double move hit, that part again (seed 000, rule 11: cards 18, 32, 50). */
static unsigned tp_answer_forms(const struct game *g)
{
	const struct tempete *tp = g->kstate;

	if ((int)game_pos(g)->side != tp->ct.to)
		return CT_ANS_ACCEPT;
	if (tp->disabled)
		return CT_ANS_NORMAL;
	if (tp->move_parts == 2 && tp->hit_part)
		return tp->hit_part == 2 ? CT_ANS_SECOND : CT_ANS_TWO;
	return CT_ANS_MOVE | CT_ANS_ACCEPT;
}

/* Does c hold a card it may play now as `how`, its card of that turn not yet played? */
static bool tp_can_play(const struct game *g, int c, const char *how)
{
	const struct tempete *tp = g->kstate;
	bool own_turn = strcmp(how, "interception") != 0;

	if (own_turn ? tp->ct.card_own[c] : tp->ct.card_opp[c])
		return false;
	for (int i = 0; i < tp->nhand[c]; i++) {
		enum card_timing t = g->cat->card[tp->hand[c][i]].timing;
		/* a card that replies to cards intercepts only a move that carried one */
		if (tp_timing_ok(t, how) && (t != CARD_REACTION || own_turn || tp->ct.card_own[1 - c]))
			return true;
	}
	return false;
}

/* An answer the referee gives for its player, with a number chosen at random if one is
 * owed (docs/game-masters.md, "Time"; docs/tempete.md, "Answers in advance"). */
static void tp_answer_text(const struct game *g, const char *what, char *text, size_t len)
{
	snprintf(text, len, "%s%s", what, tp_need(g->kstate, 1 - cardturn_get(g)->to) > 0 ?
		 "\nnumbers random" : "");
}

/* Is `san` a move tp_answer refuses now (its links leave it out)? A double move's hit
 * part is answered by two moves, which no link writes; the move intercepted is no
 * different move, unless the card was disabled or the interception gave check. */
static bool tp_answer_move_refused(const struct game *g, const char *san)
{
	const struct tempete *tp = g->kstate;
	char orig[SAN_MAX], now[SAN_MAX];

	if (tp->move_parts == 2 && tp->hit_part)
		return true;
	snprintf(orig, sizeof orig, "%s", tp->move_san[0]);
	snprintf(now, sizeof now, "%s", san);
	strip_check(orig), strip_check(now);
	return !strcmp(orig, now) && !tp->disabled && !movegen_in_check(game_pos(g));
}

/* The mail's orders, read: the kind's reading in t and the protocol's part in m. */
static int tp_reading(struct apply_state *a, const struct orders *o, void *own, struct ct_msg *m)
{
	struct turn_msg *t = own;

	if (cardturn_collect(a, &tempete_turn_ops, o, t, m) < 0)
		return -1;
	t->first = m->first;
	if (t->effects_after && t->instead)
		return apply_error(a, t->first, "'instead' replaces the move: there is no move to follow");
	m->instead = t->instead;
	m->last = t->effects_after || t->instead ? (t->neffects ? t->effects[t->neffects - 1] : t->card) :
		  t->nmoves ? t->moves[t->nmoves - 1] : NULL;
	m->answer_only = t->part ? t->part : t->keep || t->discard ? t->first : NULL;
	return 0;
}

const struct ct_ops tempete_turn_ops = {
	.state_at = offsetof(struct tempete, ct),
	.handles = protocol_order,
	.order_card = ORDER_CARD,
	.order_intercept = ORDER_INTERCEPT,
	.order_standing = ORDER_STANDING,
	.collect = collect_one,
	.move = tp_move,
	.move_done = tp_move_done,
	.intercept = tp_intercept,
	.answer = tp_answer,
	.answer_done = tp_answer_done,
	.hand_count = tp_hand_count,
	.setup_expected = tp_setup_expected,
	.setup_owes = "list and opening numbers",
	.setup_text = tp_setup_text,
	.numbers_owed = tp_numbers_owed,
	.answer_forms = tp_answer_forms,
	.can_play = tp_can_play,
	.answer_prompt = N_("answer the interception: a different move, a card, or 'accept'"),
	.note_moves = true,
	.reading = tp_reading,
	.own_size = sizeof(struct turn_msg),
	.answer_text = tp_answer_text,
	.answer_moves = true,
	.answer_move_refused = tp_answer_move_refused,
};

int tempete_apply(struct apply_state *a, const struct orders *o)
{
	struct tempete *tp = a->g->kstate;
	struct turn_msg t;

	/* what the previous mail did is not this one's to report */
	tp->njust_drew[WHITE] = tp->njust_drew[BLACK] = 0;
	tp->ct.play_started = false;
	tp->event[0] = 0;

	if (tp->ct.expect == CT_SETUP)
		return tp_setup(a, o);
	struct ct_msg m;
	if (tp_reading(a, o, &t, &m) < 0)
		return -1;
	if (!t.first)
		return 0;               /* only orders every game has (status, draw, resign) */
	return cardturn_apply(a, &tempete_turn_ops, &m);
}
