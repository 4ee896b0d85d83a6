/* knightmare_turn.c: the orders of a Knightmare game by mail: the deck before play, then
 * seed 000's sequence carrying seed 002's turns -- a move (a card of one's own turn
 * before, instead of or after it; or a redraw after a turn without a card), an
 * interception (a card on the opponent's turn, right after their move), an answer
 * (accepting it, or a card in answer to it) -- and the end. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "game/cardturn.h"
#include "kinds/knightmare/knightmare_int.h"

static const char *side(int c)
{
	return side_name(c);
}

bool knightmare_handles(int k)
{
	switch (k) {
	case ORDER_MOVE: case ORDER_ACCEPT: case KM_ORDER_DECK: case KM_ORDER_CARD:
	case KM_ORDER_REDRAW: case KM_ORDER_INTERCEPT: case KM_ORDER_EFFECT:
	case KM_ORDER_STANDING:
		return true;
	default:
		return false;
	}
}

/* "card 17 e4 d5": the card's number and its targets. */
static int read_card(struct apply_state *a, const struct order *od, struct km_msg *m)
{
	char buf[ORDER_ARG_MAX], *save, *w;

	snprintf(buf, sizeof buf, "%s", od->arg);
	w = strtok_r(buf, " ,", &save);         /* "card 17, e4 d5" too */
	m->card_no = w ? cardturn_card_number(w) : 0;
	if (m->card_no < 1 || m->card_no >= CARDS_MAX)
		return apply_error(a, od, "write: card 17 (and its targets: card 17 e4 d5)");
	while ((w = strtok_r(NULL, " ,", &save))) {
		if (m->ntargets == KM_TARGETS_MAX || strlen(w) >= sizeof m->targets[0])
			return apply_error(a, od, "too many targets or a target too long");
		snprintf(m->targets[m->ntargets++], sizeof m->targets[0], "%s", w);
	}
	return 0;
}

/* One order of the mail, into the mail's reading. */
static int collect_one(struct apply_state *a, const struct order *od, void *own)
{
	struct km_msg *m = own;

	switch (od->kind) {
	case KM_ORDER_DECK: if (cardturn_once(a, od, &m->deck, N_("deck")) < 0) return -1; break;
	case KM_ORDER_REDRAW:
		if (m->nredraws == 2)
			return apply_error(a, od, "at most two redraws (with a common deck)");
		m->redraws[m->nredraws++] = od;
		break;
	case KM_ORDER_CARD:
		if (cardturn_once(a, od, &m->card, N_("card")) < 0 || read_card(a, od, m) < 0)
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
	case CARD_BEFORE: return N_("on your own turn, before your move");
	case CARD_INSTEAD: return N_("on your own turn, instead of your move");
	case CARD_AFTER: return N_("on your own turn, after your move");
	case CARD_INTERCEPTION: return N_("on your opponent's turn, right after their move");
	case CARD_REACTION: return N_("only in answer to a card");
	default: return N_("at any time");
	}
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
	u->npile = km->npile;
}

/* The continuing cards the snapshot puts back in play are in force again: their plays are
 * no longer marked void, and those a cancel put on the pile since leave it (unless a
 * common deck's reshuffle has taken the pile into a new order meanwhile). */
static void back_in_play(struct knightmare *km, const struct km_undo *u)
{
	for (int k = 0; k < km->neffects; k++) {
		const struct km_effect *f = &km->effects[k];
		for (int i = (u->play < km->nplays ? u->play : km->nplays) - 1; i >= 0; i--)
			if (km->plays[i].card == f->card && km->plays[i].by == f->by) {
				km->plays[i].void_ = false;
				break;
			}
		for (int j = km->npile - 1; u->npile >= 0 && j >= u->npile; j--)
			if (km->pile[j] == f->card) {
				memmove(&km->pile[j], &km->pile[j + 1], sizeof km->pile[0] * (size_t)(km->npile - j - 1));
				km->npile--;
				break;
			}
	}
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
	back_in_play(km, u);
	return km_rules(a, &e) < 0 ? apply_error(a, od, "%s", e.msg) : 0;
}

/* The Checkmate Rule (seed 002): does this regular card, just applied, mate the enemy, or
 * check them before its player's move (which could then take the king)? */
static const char *checkmate_rule(const struct game *g, int me, const struct card_info *ci,
				  bool before_move)
{
	if (ci->continuing == 1)
		return NULL;
	if (cardturn_mated(game_pos(g), !me))
		return N_("no regular card may mate");
	if (before_move && cardturn_king_attacked(g, !me))
		return N_("a card played before the move may not check the enemy king");
	return NULL;
}

/* Is the mail's card one of the player's hand? Each wrong card has its own reason. */
static int held(struct apply_state *a, const struct km_msg *m)
{
	const struct knightmare *km = a->g->kstate;

	if (!a->g->cat->card[m->card_no].exists)
		return apply_error(a, m->card, "there is no card %d in this game", m->card_no);
	if (!km_in_hand(km, a->me, m->card_no))
		return apply_error(a, m->card, "card %d is not in your hand", m->card_no);
	return 0;
}

/* Checks that the card may be played now, then plays it: effect, record, draw.
 * Returns 0, 1 (an answer cancelling the interception), or -1. */
static int play_card(struct apply_state *a, const struct km_msg *m, const char *how, bool moved)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	const struct card_info *ci = &g->cat->card[m->card_no];
	char detail[320];

	if (held(a, m) < 0)
		return -1;
	/* a card answering cards answers the one played with the move too (Veto, seed 002) */
	bool veto = !strcmp(how, "interception") && ci->timing == CARD_REACTION &&
		    km->ct.card_own[!a->me];
	if (!timing_ok(ci->timing, how, moved) && !veto)
		return apply_error(a, m->card, "card %d is played %s", m->card_no, timing_words(ci->timing));
	bool *used = !strcmp(how, "interception") ? &km->ct.card_opp[a->me] : &km->ct.card_own[a->me];
	if (*used)
		return apply_error(a, m->card, "one card on each turn: you have played yours");
	struct km_undo *was = malloc(sizeof *was);
	if (!was)
		return apply_error(a, m->card, "out of memory");
	km_snapshot(g, was);
	/* a move that left the king in check, before this card: the card must end the check */
	bool exposed = cardturn_king_attacked(g, a->me);
	int rc = km_card_effect(a, m, m->card, !strcmp(how, "answer") ? KM_ANSWERS_INTERCEPTION :
				veto ? KM_ANSWERS_TURN : KM_ANSWERS_NONE, detail, sizeof detail);
	bool before_move = !strcmp(how, "move") && !moved &&
			   !(ci->timing == CARD_INSTEAD || m->instead);
	const char *breach = rc == KM_KING ? N_("no card may capture a king") : rc < 0 ? NULL :
			     checkmate_rule(g, a->me, ci, before_move);
	if (breach && exposed) {        /* without effect, it would leave the check standing */
		free(was);
		return apply_error(a, m->card, "after this turn your king would be in check");
	}
	if (breach) {   /* no effect, yet played: spent, and a card drawn */
		rc = km_restore(a, was, m->card) < 0 ? -1 : 0;
		phrase_printf(detail, sizeof detail, "no effect, by the Checkmate Rule (%s)", breach);
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
		phrase_fit(pl->detail, sizeof pl->detail, detail);
	}
	char label[96], as[64];
	if (!strcmp(how, "move"))
		apply_note(a, "%s plays %s: %s.", side(a->me),
			   cards_label(g->cat, m->card_no, label, sizeof label), detail);
	else
		apply_note(a, "%s plays %s as %s: %s.", side(a->me),
			   cards_label(g->cat, m->card_no, label, sizeof label),
			   phrase_word(as, sizeof as, "card played as", how), detail);
	km_reshuffled(a);
	return rc;
}

/* ---- the regular move ---- */

/* A piece captured by a regular move: to the record of captures as its original kind. */
static void km_captured(struct apply_state *a, const char *square, piece_t victim)
{
	struct knightmare *km = a->g->kstate;
	int c = PIECE_COLOR(victim);
	char k = km_captured_kind(km, square, variant_piece_char(a->g->v, victim), c);
	size_t n = strlen(km->lost[c]);

	if (n < KM_LOST_MAX)
		km->lost[c][n] = k, km->lost[c][n + 1] = 0;
}

static void km_moved(struct apply_state *a, const char *from, const char *to)
{
	km_follow(a->g->kstate, from, to);
}

/* The regular move, checked as every move is; leaving one's own king in check only with a
 * card after it that must remove the check (seed 002). */
static int regular_move(struct apply_state *a, const struct order *od, bool card_after, char *san)
{
	const struct ct_move how = { .only_type = -1, .self_check = card_after,
				     .captured = km_captured, .follow = km_moved };

	if (apply_move_checks(a, od) < 0)
		return -1;
	return cardturn_move(a, od, &how, san);
}

/* "redraw 7": after a turn without a card, one card of the hand for the top of the deck;
 * with a common deck, also one for a turn of the opponent's without a card of one's own
 * (seed 002, "Common Deck"). */
static int redraw(struct apply_state *a, const struct km_msg *m)
{
	struct knightmare *km = a->g->kstate;
	bool common = km->sets == KM_COMMON;
	int allowed = !km->ct.card_own[a->me] + (common && !km->ct.card_opp[a->me]);

	if (m->nredraws > allowed)
		return apply_error(a, m->redraws[allowed], common ? F_("you may redraw once for a "
				   "turn of yours and once for a turn of your opponent's, each without a "
				   "card of yours") : F_("you may redraw only after a turn without a card"));
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

/* A move turn: a card before, instead of or after the move, and a redraw after it. */
static int km_move(struct apply_state *a, const struct ct_msg *cm, char *moves, size_t len)
{
	const struct km_msg *m = cm->own;
	struct game *g = a->g;
	enum card_timing t = m->card ? g->cat->card[m->card_no].timing : CARD_ANY;
	bool instead = m->card && (t == CARD_INSTEAD || m->instead);
	bool after = m->card && t == CARD_AFTER;
	char san[SAN_MAX];
	struct err e = { 0 };

	if (m->card && held(a, m) < 0)         /* before what its timing asks */
		return -1;
	if (!instead && !m->nmoves)
		return apply_error(a, m->first, m->card ? F_("card %d goes with a move: add your move") :
				   F_("a turn is a move%.0d"), m->card_no);
	if (instead && m->nmoves)
		return apply_error(a, m->moves[0], "card %d is played instead of your move", m->card_no);
	km_snapshot(g, &((struct knightmare *)g->kstate)->turn_undo);  /* for a Veto of its card */
	if (m->card && !after && play_card(a, m, "move", false) < 0)
		return -1;
	if (instead ? cardturn_pass(a, m->card) < 0 : regular_move(a, m->moves[0], after, san) < 0)
		return -1;
	snprintf(moves, len, "%s", instead ? "" : san);
	if (after && play_card(a, m, "move", true) < 0)
		return -1;
	if (m->nredraws && redraw(a, m) < 0)
		return -1;
	if (km_rules(a, &e) < 0)
		return apply_error(a, m->first, "%s", e.msg);
	return 0;
}

/* The move turn stands: the turn counts, and a move made again after a Veto is done. */
static int km_move_done(struct apply_state *a, const struct ct_msg *m)
{
	struct knightmare *km = a->g->kstate;

	(void)m;
	km->turn++;
	km->vetoed = false;
	return 0;
}

/* Is the player to move making their turn again, its card vetoed? */
static bool km_again(const struct game *g)
{
	return ((const struct knightmare *)g->kstate)->vetoed;
}

/* A Veto of the card played with the move: the turn's start comes back (the card's
 * effects, the move and its capture undone; the card spent, a continuing one to the pile)
 * and its player makes a normal move, as after seed 000's cards 32, 42 and 52
 * (docs/knightmare.md, "Veto"). */
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
	apply_note(a, "Card %d cancels card %d: its effects and the move made with it are undone; "
		   "%s makes a normal move.", m->card_no, card, side(!a->me));
	return CT_TURN_CANCELLED;
}

/* The interception's card: what it changes is kept, for an answer that cancels it; a
 * Veto of the card played with the move cancels the turn instead. */
static int km_intercept(struct apply_state *a, const struct ct_msg *cm)
{
	const struct km_msg *m = cm->own;
	struct knightmare *km = a->g->kstate;

	if (m->nredraws)
		return apply_error(a, m->redraws[0], "an interception is one card, without a redraw");
	km_snapshot(a->g, &km->undo);
	int rc = play_card(a, m, "interception", false);
	if (rc < 0)
		return -1;
	if (rc == 1)
		return veto_turn(a, m);
	if (cardturn_king_attacked(a->g, a->me))
		return apply_error(a, m->card, "an interception may not leave your own king in check");
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

/* The answer: accept, or a card in answer to the interception (which may cancel it). */
static int km_answer(struct apply_state *a, const struct ct_msg *cm, char *moves, size_t len)
{
	const struct km_msg *m = cm->own;

	(void)moves, (void)len;
	if (m->nmoves || m->nredraws)           /* the line that does not belong to an answer */
		return apply_error(a, m->nmoves ? m->moves[0] : m->redraws[0], "answer the "
				   "interception first: accept, or a card in answer to it");
	if (m->card == NULL && !m->accept)
		return apply_error(a, m->first, "write: accept (or a card in answer to the interception)");
	if (m->card && m->accept)
		return apply_error(a, m->card, "accept, or a card: not both");
	if (m->card) {
		int rc = play_card(a, m, "answer", true);
		if (rc < 0 || (rc == 1 && undo_interception(a, m->card) < 0))
			return -1;
	}
	return 0;
}

/* Does c hold a card it may play now as `how`, its card of that turn not yet played? A
 * card answering cards intercepts the card played with the move too (Veto). */
static bool km_can_play(const struct game *g, int c, const char *how)
{
	const struct knightmare *km = g->kstate;
	bool intercept = !strcmp(how, "interception");

	if (intercept ? km->ct.card_opp[c] : km->ct.card_own[c])
		return false;
	for (int i = 0; i < km->nhand[c]; i++) {
		enum card_timing t = g->cat->card[km->hand[c][i]].timing;
		if (timing_ok(t, how, true) || (intercept && t == CARD_REACTION && km->ct.card_own[!c]))
			return true;
	}
	return false;
}

static int km_hand_count(const struct game *g, int c)
{
	return ((const struct knightmare *)g->kstate)->nhand[c];
}

static unsigned km_setup_expected(const struct game *g)
{
	const struct knightmare *km = g->kstate;

	return (unsigned)!km->has_deck[WHITE] | (unsigned)!km->has_deck[BLACK] << 1;
}

static void km_setup_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct knightmare *km = g->kstate;

	if (km->has_deck[c])
		phrase_printf(buf, len, "your deck is recorded; waiting for your opponent's");
	else
		phrase_printf(buf, len, "send your deck: deck 3 7 12 ... (card numbers from your "
			      "cards, within your budget)");
}

/* The mail's orders, read: the kind's reading in `own` and the protocol's part in cm. */
static int km_reading(struct apply_state *a, const struct orders *o, void *own, struct ct_msg *cm)
{
	struct km_msg *m = own;

	if (cardturn_collect(a, &knightmare_turn_ops, o, m, cm) < 0)
		return -1;
	m->first = cm->first;
	cm->instead = m->instead;
	/* the turn's last part: its card, played after or instead of the move, else the move */
	enum card_timing t = m->card && a->g->cat ? a->g->cat->card[m->card_no].timing : CARD_ANY;
	cm->last = m->card && (t == CARD_AFTER || t == CARD_INSTEAD || m->instead) ? m->card :
		   m->nmoves ? m->moves[0] : NULL;
	return 0;
}

const struct ct_ops knightmare_turn_ops = {
	.state_at = offsetof(struct knightmare, ct),
	.reading = km_reading,
	.own_size = sizeof(struct km_msg),
	.handles = knightmare_handles,
	.order_card = KM_ORDER_CARD,
	.order_intercept = KM_ORDER_INTERCEPT,
	.order_standing = KM_ORDER_STANDING,
	.collect = collect_one,
	.move = km_move,
	.move_done = km_move_done,
	.again = km_again,
	.intercept = km_intercept,
	.answer = km_answer,
	.hand_count = km_hand_count,
	.can_play = km_can_play,
	.setup_expected = km_setup_expected,
	.setup_owes = "deck",
	.setup_text = km_setup_text,
	.answer_prompt = N_("answer the interception: accept, or a card in answer to it"),
	.advance_refused = N_("an answer in advance is 'accept' here (an answer is accept, or a "
			      "card in answer to it)"),
};

int knightmare_apply(struct apply_state *a, const struct orders *o)
{
	struct game *g = a->g;
	struct knightmare *km = g->kstate;
	struct km_msg m;
	struct ct_msg cm;

	km->njust_drew[0] = km->njust_drew[1] = 0;
	km->ct.play_started = false;
	if (km_reading(a, o, &m, &cm) < 0 || !m.first)
		return m.first ? -1 : 0;
	if (km->ct.expect == CT_SETUP)
		knightmare_start(g, a->key, a->klen);   /* a game the game master set up */
	if (km->ct.expect == CT_SETUP)
		return deck(a, &m);
	if (m.deck)
		return apply_error(a, m.deck, km->sets == KM_COMMON ? F_("with a common deck there is "
				   "no deck of yours to send") : F_("your deck was recorded before play began"));
	if ((m.neffects || m.instead) && !m.card)
		return apply_error(a, m.neffects ? m.effects[0] : m.first, "an effect goes with its card "
				   "(card N)");
	return cardturn_apply(a, &knightmare_turn_ops, &cm);
}
