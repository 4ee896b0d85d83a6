/* knightmare_turn.c: the orders of a Knightmare game by mail: the deck before play, then
 * seed 000's sequence carrying seed 002's turns -- a move (a card of one's own turn
 * before, instead of or after it; or a redraw after a turn without a card), an
 * interception (a card on the opponent's turn, right after their move), an answer
 * (accepting it, or a card in answer to it) -- and the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "kinds/knightmare/knightmare_int.h"

static const char *side(int c)
{
	return c == WHITE ? "White" : "Black";
}

bool knightmare_handles(int k)
{
	switch (k) {
	case ORDER_MOVE: case ORDER_ACCEPT: case KM_ORDER_DECK: case KM_ORDER_CARD:
	case KM_ORDER_REDRAW: case KM_ORDER_INTERCEPT: case KM_ORDER_EFFECT:
		return true;
	default:
		return false;
	}
}

static int once(struct apply_state *a, const struct order *od, const struct order **slot,
		const char *what)
{
	if (*slot)
		return apply_error(a, od, "one %s per mail", what);
	*slot = od;
	return 0;
}

/* "card 17 e4 d5": the card's number and its targets. */
static int read_card(struct apply_state *a, const struct order *od, struct km_msg *m)
{
	char buf[ORDER_ARG_MAX], *save, *w;

	snprintf(buf, sizeof buf, "%s", od->arg);
	w = strtok_r(buf, " ", &save);
	m->card_no = w ? atoi(w) : 0;
	if (m->card_no < 1 || m->card_no >= CARDS_MAX)
		return apply_error(a, od, "write: card 17 (and its targets: card 17 e4 d5)");
	while ((w = strtok_r(NULL, " ,", &save))) {
		if (m->ntargets == KM_TARGETS_MAX || strlen(w) >= sizeof m->targets[0])
			return apply_error(a, od, "too many targets or a target too long");
		snprintf(m->targets[m->ntargets++], sizeof m->targets[0], "%s", w);
	}
	return 0;
}

static int collect(struct apply_state *a, const struct orders *o, struct km_msg *m)
{
	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		if (!knightmare_handles(od->kind))
			continue;
		if (!m->first)
			m->first = od;
		switch (od->kind) {
		case KM_ORDER_DECK: if (once(a, od, &m->deck, "deck") < 0) return -1; break;
		case KM_ORDER_REDRAW:
			if (m->nredraws == 2)
				return apply_error(a, od, "at most two redraws (with a common deck)");
			m->redraws[m->nredraws++] = od;
			break;
		case KM_ORDER_CARD:
			if (once(a, od, &m->card, "card") < 0 || read_card(a, od, m) < 0)
				return -1;
			break;
		case ORDER_MOVE:
			if (m->nmoves == 1)
				return apply_error(a, od, "one move per mail");
			m->moves[m->nmoves++] = od;
			break;
		case KM_ORDER_INTERCEPT: m->intercept = true; break;
		case KM_ORDER_EFFECT:
			if (m->neffects == KM_TARGETS_MAX)
				return apply_error(a, od, "too many effects");
			if (!strcasecmp(od->arg, "instead"))
				m->instead = true;
			else
				m->effects[m->neffects++] = od;
			break;
		case ORDER_ACCEPT: m->accept = true; break;
		default: break;
		}
	}
	return 0;
}

/* ---- the deck ---- */

static int deck(struct apply_state *a, const struct km_msg *m)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	int cards[KM_DECK_MAX + 1], n = 0;
	char buf[ORDER_ARG_MAX], *save, why[256];

	if (!m->deck || m->first != m->deck || m->card || m->nmoves || m->nredraws || m->intercept)
		return apply_error(a, m->first, "the cards are not dealt yet: send your deck "
				   "(deck 3 7 12 ...) and nothing else of play");
	if (km->has_deck[a->me])
		return apply_error(a, m->deck, "your deck is recorded already");
	snprintf(buf, sizeof buf, "%s", m->deck->arg);
	for (char *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		char *end;
		long k = strtol(w, &end, 10);
		if (*end || n > KM_DECK_MAX)
			return apply_error(a, m->deck, "'%s': a deck is card numbers (at most %d)", w,
					   KM_DECK_MAX);
		cards[n++] = (int)k;
	}
	if (km_check_deck(g, a->me, cards, n, why, sizeof why) < 0)
		return apply_error(a, m->deck, "%s", why);
	memcpy(km->deck[a->me], cards, sizeof(int) * (size_t)n);
	km->ndeck[a->me] = n;
	km->has_deck[a->me] = true;
	apply_principal(a, "setup");
	if (km->has_deck[!a->me])
		km_deal(km, a->key, a->klen, g->id, (int)game_pos(g)->side);
	return 0;
}

/* ---- cards ---- */

static bool timing_ok(enum card_timing t, const char *how, bool moved)
{
	if (!strcmp(how, "interception"))
		return t == CARD_INTERCEPTION || t == CARD_ANY;
	if (!strcmp(how, "answer"))
		return t == CARD_REACTION || t == CARD_ANY;
	if (t == CARD_ANY || t == CARD_OWN)
		return true;
	return moved ? t == CARD_AFTER : t == CARD_BEFORE || t == CARD_INSTEAD;
}

static const char *timing_words(enum card_timing t)
{
	switch (t) {
	case CARD_BEFORE: return "on your own turn, before your move";
	case CARD_INSTEAD: return "on your own turn, instead of your move";
	case CARD_AFTER: return "on your own turn, after your move";
	case CARD_INTERCEPTION: return "on your opponent's turn, right after their move";
	case CARD_REACTION: return "only in answer to a card";
	default: return "at any time";
	}
}

/* Would side c, to move now, be mated? */
static bool mated(const struct pos *p, int c)
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

/* What a card may change, kept so that it can be taken back: an interception that its
 * answer cancels, a card the Checkmate Rule leaves without effect. */
static void km_snapshot(struct game *g, struct km_undo *u)
{
	struct knightmare *km = g->kstate;

	pos_to_fen(game_pos(g), u->fen, sizeof u->fen);
	memcpy(u->effects, km->effects, sizeof km->effects);
	u->neffects = km->neffects;
	memcpy(u->lost, km->lost, sizeof km->lost);
	memcpy(u->dead, km->dead, sizeof km->dead);
	u->play = km->nplays;
}

/* The board, the effects in play and the lost and dead pieces as the snapshot holds them. */
static int km_restore(struct apply_state *a, const struct km_undo *u, const struct order *od)
{
	struct knightmare *km = a->g->kstate;
	char op[FEN_MAX + 8];
	struct err e;

	snprintf(op, sizeof op, "@fen %s", u->fen);
	if (game_op(a->g, op, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	memcpy(km->effects, u->effects, sizeof km->effects);
	km->neffects = u->neffects;
	memcpy(km->lost, u->lost, sizeof km->lost);
	memcpy(km->dead, u->dead, sizeof km->dead);
	return km_rules(a, &e) < 0 ? apply_error(a, od, "%s", e.msg) : 0;
}

static bool own_king_attacked(const struct game *g, int c);

/* The Checkmate Rule (seed 002): does this regular card, just applied, mate the enemy, or
 * check them before its player's move (which could then take the king)? */
static const char *checkmate_rule(const struct game *g, int me, const struct card_info *ci,
				  bool before_move)
{
	if (ci->continuing == 1)
		return NULL;
	if (mated(game_pos(g), !me))
		return "no regular card may mate";
	if (before_move && own_king_attacked(g, !me))
		return "a card played before the move may not check the enemy king";
	return NULL;
}

/* Checks that the card may be played now, then plays it: effect, record, draw.
 * Returns 0, 1 (an answer cancelling the interception), or -1. */
static int play_card(struct apply_state *a, const struct km_msg *m, const char *how, bool moved)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	const struct card_info *ci = &g->cat->card[m->card_no];
	char detail[200];

	if (!ci->exists || !km_in_hand(km, a->me, m->card_no))
		return apply_error(a, m->card, "card %d is not in your hand", m->card_no);
	/* a card answering cards answers the one played with the move too (Veto, seed 002) */
	bool veto = !strcmp(how, "interception") && ci->timing == CARD_REACTION && km->card_own[!a->me];
	if (!timing_ok(ci->timing, how, moved) && !veto)
		return apply_error(a, m->card, "card %d is played %s", m->card_no, timing_words(ci->timing));
	bool *used = !strcmp(how, "interception") ? &km->card_opp[a->me] : &km->card_own[a->me];
	if (*used)
		return apply_error(a, m->card, "one card on each turn: you have played yours");
	struct km_undo *was = malloc(sizeof *was);
	if (!was)
		return apply_error(a, m->card, "out of memory");
	km_snapshot(g, was);
	int rc = km_card_effect(a, m, m->card, !strcmp(how, "answer") ? KM_ANSWERS_INTERCEPTION :
				veto ? KM_ANSWERS_TURN : KM_ANSWERS_NONE, detail, sizeof detail);
	bool before_move = !strcmp(how, "move") && !moved &&
			   !(ci->timing == CARD_INSTEAD || m->instead);
	const char *breach = rc == KM_KING ? "no card may capture a king" : rc < 0 ? NULL :
			     checkmate_rule(g, a->me, ci, before_move);
	if (breach) {   /* no effect, yet played: spent, and a card drawn */
		rc = km_restore(a, was, m->card) < 0 ? -1 : 0;
		snprintf(detail, sizeof detail, "no effect, by the Checkmate Rule (%s)", breach);
	}
	free(was);
	if (rc < 0)
		return -1;
	*used = true;
	km_remove_from_hand(km, a->me, m->card_no);
	if (ci->continuing != 1 || breach)
		km_to_pile(km, m->card_no);
	km_draw(km, a->me, a->key, a->klen, g->id);
	if (km->nplays < KM_PLAYS_MAX) {
		struct km_play *pl = &km->plays[km->nplays++];
		memset(pl, 0, sizeof *pl);
		pl->by = a->me, pl->card = m->card_no, pl->turn = km->turn;
		snprintf(pl->how, sizeof pl->how, "%s", how);
		snprintf(pl->detail, sizeof pl->detail, "%s", detail);
	}
	char label[96];
	apply_note(a, "%s plays %s%s%s: %s.", side(a->me), cards_label(g->cat, m->card_no, label, sizeof label),
		   !strcmp(how, "move") ? "" : " as ", !strcmp(how, "move") ? "" : how, detail);
	km_reshuffled(a);
	return rc;
}

/* ---- the regular move ---- */

static int regular_move(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	struct pos *p = game_pos(g);
	struct move m;
	struct err e;
	char san[SAN_MAX], from[8], to[8], spelled[ORDER_ARG_MAX];
	const char *text;

	if (apply_move_checks(a, od) < 0)
		return -1;
	if (!(text = apply_spelled(a, od, p, od->arg, spelled, sizeof spelled)))
		return -1;
	if (notation_parse(p, text, &m, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	notation_san(p, m, san, sizeof san);
	snprintf(from, sizeof from, "%s", variant_square_name(p->v, m.from));
	snprintf(to, sizeof to, "%s", variant_square_name(p->v, m.to));
	sq_t cap = m.kind == MOVE_EN_PASSANT ? p->ep_victim : m.kind == MOVE_CASTLE ? SQ_NONE : m.to;
	if (cap != SQ_NONE && pos_at(p, cap) != PIECE_NONE) {
		piece_t v = pos_at(p, cap);
		char k = km_captured_kind(km, variant_square_name(p->v, cap), variant_piece_char(p->v, v),
					  PIECE_COLOR(v));
		size_t n = strlen(km->lost[PIECE_COLOR(v)]);
		if (n < KM_LOST_MAX)
			km->lost[PIECE_COLOR(v)][n] = k, km->lost[PIECE_COLOR(v)][n + 1] = 0;
	}
	km_follow(km, from, to);
	if (game_op(g, san, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	apply_principal(a, "move");
	snprintf(a->detail, sizeof a->detail, "%s", san);
	a->moved = true;
	apply_after_move(a);
	return 0;
}

/* The turn passes without a move on the board (a card played instead of it). */
static int pass_turn(struct apply_state *a, const struct order *od)
{
	struct err e;

	if (game_op(a->g, a->me == WHITE ? "@side b" : "@side w", &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	apply_principal(a, "move");
	snprintf(a->detail, sizeof a->detail, "card");
	a->moved = true;
	apply_after_move(a);
	return 0;
}

static bool own_king_attacked(const struct game *g, int c)
{
	const struct pos *p = game_pos(g);

	return p->royal[c] != SQ_NONE && movegen_attacked(p, p->royal[c], (enum color)!c);
}

/* "redraw 7": after a turn without a card, one card of the hand for the top of the deck;
 * with a common deck, also one for a turn of the opponent's without a card of one's own
 * (seed 002, "Common Deck"). */
static int redraw(struct apply_state *a, const struct km_msg *m)
{
	struct knightmare *km = a->g->kstate;
	bool common = km->sets == KM_COMMON;
	int allowed = !km->card_own[a->me] + (common && !km->card_opp[a->me]);

	if (m->nredraws > allowed)
		return apply_error(a, m->redraws[allowed], common ? "you may redraw once for a turn of "
				   "yours and once for a turn of your opponent's, each without a card of "
				   "yours" : "you may redraw only after a turn without a card");
	for (int i = 0; i < m->nredraws; i++) {
		int card = atoi(m->redraws[i]->arg);
		if (!km_in_hand(km, a->me, card))
			return apply_error(a, m->redraws[i], "card %d is not in your hand", card);
		if (!common && km->drawn[a->me] >= km->ndeck[a->me])
			return apply_error(a, m->redraws[i], "your deck is empty: nothing to draw in its place");
		km_remove_from_hand(km, a->me, card);
		km_to_pile(km, card);
		km_draw(km, a->me, a->key, a->klen, a->g->id);
		char label[96];
		apply_note(a, "%s discards %s and draws a card.", side(a->me),
			   cards_label(a->g->cat, card, label, sizeof label));
		km_reshuffled(a);
	}
	return 0;
}

/* A turn: a card before, instead of or after the move, or a redraw after it. */
static int move_turn(struct apply_state *a, const struct km_msg *m)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	enum card_timing t = m->card ? g->cat->card[m->card_no].timing : CARD_ANY;
	bool instead = m->card && (t == CARD_INSTEAD || m->instead);
	bool after = m->card && t == CARD_AFTER;

	if (m->accept)
		return apply_error(a, m->first, "there is no interception to accept");
	if (!instead && !m->nmoves)
		return apply_error(a, m->first, m->card ? "card %d goes with a move: add your move" :
				   "a turn is a move%.0d", m->card_no);
	if (instead && m->nmoves)
		return apply_error(a, m->moves[0], "card %d is played instead of your move", m->card_no);
	bool again = km->vetoed;        /* the move again, after a Veto: a normal one */
	if (again && m->card)
		return apply_error(a, m->card, "your card was cancelled, and your move with it: make a "
				   "normal move, without a card");
	if (!again)
		km->card_own[a->me] = km->card_opp[!a->me] = false;
	km_snapshot(g, &km->turn_undo);
	if (m->card && !after && play_card(a, m, "move", false) < 0)
		return -1;
	if (instead ? pass_turn(a, m->card) < 0 : regular_move(a, m->moves[0]) < 0)
		return -1;
	if (after && play_card(a, m, "move", true) < 0)
		return -1;
	if (m->nredraws && redraw(a, m) < 0)
		return -1;
	struct err e;
	if (km_rules(a, &e) < 0)
		return apply_error(a, m->first, "%s", e.msg);
	if (own_king_attacked(g, a->me))
		return apply_error(a, m->first, "your king would be in check at the end of your turn");
	km->turn++;
	km->to = !a->me;
	km->may_intercept = !again;
	km->vetoed = false;
	apply_end_by_status(a);
	if (a->ended)
		km->expect = KM_DONE;
	return 0;
}

/* ---- interception and answer (seed 000, rules 6 and 7) ---- */

/* A Veto of the card played with the move: the turn's start comes back (the card's
 * effects, the move and its capture undone; the card spent) and its player makes a
 * normal move, as Tempete's cards 32, 42 and 52 (docs/knightmare.md, "Veto"). */
static int veto_turn(struct apply_state *a, const struct km_msg *m)
{
	struct knightmare *km = a->g->kstate;
	int card = 0;

	for (int i = km->nplays - 2; i >= 0 && !card; i--)
		if (km->plays[i].by == !a->me && !strcmp(km->plays[i].how, "move") &&
		    km->plays[i].turn == km->turn - 1) {
			km->plays[i].void_ = true;
			card = km->plays[i].card;
			if (a->g->cat->card[card].continuing == 1)
				km_to_pile(km, card);
		}
	if (km_restore(a, &km->turn_undo, m->card) < 0)
		return -1;
	km->turn--;
	km->vetoed = true;
	km->expect = KM_MOVE;
	km->to = !a->me;
	km->may_intercept = false;
	apply_principal(a, "interception");
	apply_note(a, "Card %d cancels card %d: its effects and the move made with it are undone; "
		   "%s makes a normal move.", m->card_no, card, side(!a->me));
	return 0;
}

static int intercept(struct apply_state *a, const struct km_msg *m)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;

	if (!km->may_intercept)
		return apply_error(a, m->first, "there is no move of your opponent to intercept now");
	if (!m->card || m->nmoves || m->nredraws)
		return apply_error(a, m->first, "an interception is one card, without a move");
	km_snapshot(g, &km->undo);
	int rc = play_card(a, m, "interception", false);
	if (rc < 0)
		return -1;
	if (rc == 1)
		return veto_turn(a, m);
	if (own_king_attacked(g, !a->me) || own_king_attacked(g, a->me))
		return apply_error(a, m->card, "an interception may not leave a king in check");
	apply_principal(a, "interception");
	km->expect = KM_ANSWER;
	km->to = !a->me;
	km->may_intercept = false;
	return 0;
}

/* The interception is cancelled: the board, effects and records before it come back. */
static int undo_interception(struct apply_state *a, const struct order *od)
{
	struct knightmare *km = a->g->kstate;

	if (km->undo.play < km->nplays)
		km->plays[km->undo.play].void_ = true;
	return km_restore(a, &km->undo, od);
}

static int answer(struct apply_state *a, const struct km_msg *m)
{
	struct knightmare *km = a->g->kstate;

	if (m->nmoves || m->nredraws || m->intercept)
		return apply_error(a, m->first, "answer the interception first: accept, or a card in "
				   "answer to it");
	if (m->card == NULL && !m->accept)
		return apply_error(a, m->first, "write: accept (or a card in answer to the interception)");
	if (m->card && m->accept)
		return apply_error(a, m->card, "accept, or a card: not both");
	if (m->card) {
		int rc = play_card(a, m, "answer", true);
		if (rc < 0 || (rc == 1 && undo_interception(a, m->card) < 0))
			return -1;
	} else
		apply_note(a, "%s accepts the interception.", side(a->me));
	apply_principal(a, "answer");
	km->expect = KM_MOVE;
	km->to = !a->me;
	return 0;
}

int knightmare_apply(struct apply_state *a, const struct orders *o)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	struct km_msg m;

	km->njust_drew[0] = km->njust_drew[1] = 0;
	km->play_started = false;
	if (collect(a, o, &m) < 0 || !m.first)
		return m.first ? -1 : 0;
	if (km->expect == KM_SETUP)
		knightmare_start(g, a->key, a->klen);   /* a game the game master set up */
	if (km->expect == KM_SETUP)
		return deck(a, &m);
	if (m.deck)
		return apply_error(a, m.deck, km->sets == KM_COMMON ? "with a common deck there is no "
				   "deck of yours to send" : "your deck was recorded before play began");
	if ((m.neffects || m.instead) && !m.card)
		return apply_error(a, m.neffects ? m.effects[0] : m.first, "an effect goes with its card "
				   "(card N)");
	if (km->expect == KM_DONE)
		return apply_error(a, m.first, "the game is over");
	if (km->to != a->me)
		return apply_error(a, m.first, km->expect == KM_ANSWER ? "%s is to answer the "
				   "interception" : "it is not your turn: %s is to move", side(km->to));
	if (km->expect == KM_ANSWER)
		return answer(a, &m);
	if (m.intercept)
		return intercept(a, &m);
	km->may_intercept = false;
	return move_turn(a, &m);
}

const char *knightmare_expect_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct knightmare *km = g->kstate;

	switch (km->expect) {
	case KM_SETUP:
		snprintf(buf, len, "%s", km->has_deck[c] ? "Your deck is recorded; waiting for your "
			 "opponent's" : "Send your deck: deck 3 7 12 ... (card numbers from your cards, "
			 "within your budget)");
		break;
	case KM_ANSWER:
		snprintf(buf, len, km->to == c ? "Answer the interception: accept, or a card in answer "
			 "to it" : "%s is to answer your interception", side(km->to));
		break;
	case KM_MOVE:
		if (km->to == c)
			snprintf(buf, len, "It is your move%s", km->may_intercept ? " (or intercept the last "
				 "move: intercept, and card N with its targets)" : "");
		else
			snprintf(buf, len, "%s is to move", side(km->to));
		break;
	default:
		snprintf(buf, len, "The game is over");
	}
	return buf;
}
