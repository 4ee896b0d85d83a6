/* cardturn_kind.c: the kind interface's operations of a card kind (kind.h) that follow
 * from the card-turn protocol's state (cardturn.h): the phase, who is expected and in
 * what window, what is owed, what the referee does when a window passes, what the mails
 * say of whose turn it is. A kind names them in its struct kind, its ct_ops in
 * `.cardturn`. */
#include "game/cardturn_kind.h"

#include <stdio.h>
#include <string.h>

#include "game/apply.h"
#include "game/kind.h"
#include "game/standing.h"

const char cardturn_no_conditional[] = N_("a move in a game with cards may be intercepted, "
	"so no move is made in advance: answer an interception in advance instead (if "
	"intercepted: accept)");

static const struct ct_ops *ops_of(const struct game *g)
{
	return kind_of(g)->cardturn;
}

enum game_phase cardturn_phase(const struct game *g)
{
	enum ct_expect x = cardturn_get(g)->expect;

	return x == CT_SETUP ? PHASE_SETUP : x == CT_DONE ? PHASE_OVER : PHASE_PLAY;
}

/* A turn is the move with the answer to its interception: the move completes it (one move
 * counted, one increment); an interception and an answer charge their time and earn
 * nothing more. */
enum clock_charge cardturn_clock_charge(const char *event)
{
	if (!strcmp(event, "move"))
		return CLOCK_TURN;
	return !strcmp(event, "interception") || !strcmp(event, "answer") ? CLOCK_CHARGE : CLOCK_FREE;
}

/* The set-up: each player hears of their own part until both are in, then the deal. */
enum reply_kind cardturn_reply_for(const struct game *g, const char *event, int seat)
{
	(void)seat;
	if (strcmp(event, "setup"))
		return REPLY_KINDS;
	return cardturn_get(g)->play_started ? REPLY_DEALT : REPLY_SETUP;
}

unsigned cardturn_expected(const struct game *g, enum clock_window *w)
{
	const struct cardturn *ct = cardturn_get(g);

	*w = WINDOW_NONE;
	switch (ct->expect) {
	case CT_SETUP:
		return ops_of(g)->setup_expected(g);
	case CT_MOVE:
		if (ct->may_intercept && g->clock.tc.intercept_hours)
			*w = WINDOW_INTERCEPT;
		return 1u << ct->to;
	case CT_ANSWER:
		/* the window is the time after which the referee answers 'accept' for the
		 * player: none where 'accept' is no answer (the answer is owed on their time) */
		if (g->clock.tc.answer_hours && (cardturn_answers(g, false) & CT_ANS_ACCEPT))
			*w = WINDOW_ANSWER;
		return 1u << ct->to;
	case CT_MATED:
		if (g->clock.tc.intercept_hours)
			*w = WINDOW_INTERCEPT;
		return 1u << ct->to;
	default:
		return 0;
	}
}

const char *cardturn_owes(const struct game *g)
{
	enum ct_expect x = cardturn_get(g)->expect;

	if (x == CT_SETUP)
		return ops_of(g)->setup_owes;
	if (x == CT_ANSWER)
		return "answer to the interception";
	if (x == CT_MATED && g->clock.window == WINDOW_INTERCEPT)
		return "interception of the mating move";
	return NULL;
}

/* An interception is optional: while its window runs, what is due is the move. */
bool cardturn_window_optional(const struct game *g)
{
	return g->clock.window == WINDOW_INTERCEPT && cardturn_get(g)->expect == CT_MOVE;
}

/* May seat c play a card of its hand now as `how`? (A kind without the question: yes.) */
static bool can_play(const struct game *g, int c, const char *how)
{
	const struct ct_ops *ops = ops_of(g);

	return !ops->can_play || ops->can_play(g, c, how);
}

unsigned cardturn_answers(const struct game *g, bool own)
{
	const struct cardturn *ct = cardturn_get(g);
	const struct ct_ops *ops = ops_of(g);
	unsigned ans;

	if (ct->expect != CT_ANSWER)
		return 0;
	ans = ops->answer_forms ? ops->answer_forms(g) : CT_ANS_ACCEPT;
	/* a move taken back leaves its player to move: in check, their answer must end the
	 * check, which 'accept' (the turn passes) cannot */
	if ((int)game_pos(g)->side == ct->to && cardturn_king_attacked(g, ct->to)) {
		ans &= ~(unsigned)CT_ANS_ACCEPT;
		if (ans & CT_ANS_MOVE)
			ans = (ans & ~(unsigned)CT_ANS_MOVE) | CT_ANS_OUT;
	}
	if (own && can_play(g, ct->to, "answer"))
		ans |= CT_ANS_CARD;
	return ans;
}

const char *cardturn_window_text(const struct game *g, const char *who, const char *until,
				 char *buf, size_t len)
{
	const struct cardturn *ct = cardturn_get(g);
	bool you = !who;

	if (cardturn_window_optional(g)) {
		if (you && !can_play(g, ct->to, "interception"))
			return NULL;    /* no card of theirs can intercept: what is due is the move */
		if (you)
			return phrase_printf(buf, len, "You may intercept the last move until %s.",
					     until);
		return phrase_printf(buf, len, "%s may intercept the last move until %s.", who, until);
	}
	if (g->clock.window == WINDOW_ANSWER && (cardturn_answers(g, false) & CT_ANS_ACCEPT)) {
		if (you)
			return phrase_printf(buf, len, "If no answer comes by then, the referee "
					     "accepts the interception for you.");
		return phrase_printf(buf, len, "If no answer comes by then, the referee accepts the "
				     "interception for %s.", who);
	}
	if (g->clock.window == WINDOW_INTERCEPT)
		return phrase_printf(buf, len, "If no interception comes by then, the game ends by "
				     "checkmate.");
	if (g->clock.window == WINDOW_NONE && ct->expect == CT_ANSWER) {
		/* no one can answer for them: the answer is due on their own time, as a move */
		if (you)
			return phrase_printf(buf, len, "If no answer comes by then, you lose on time.");
		return phrase_printf(buf, len, "If no answer comes by then, %s loses on time.", who);
	}
	return NULL;
}

/* Whoever owed an answer gets the kind's default (accept, and what it owes). */
static int answer_for(struct game *g, const struct ct_ops *ops, const uint8_t *key, size_t klen,
		      const struct sender *s, int seat, struct outcome *out, struct err *e)
{
	char text[64] = "accept", note[512];

	if (ops->answer_text)
		ops->answer_text(g, "accept", text, sizeof text);
	int rc = game_answer_for(g, key, klen, s, seat, text, out, e);
	if (rc != 0)
		return rc;
	/* no answer can be given for them (a double move's hit part must be replayed): the
	 * window closes and the answer is owed on their own time */
	outcome_free(out);
	memset(out, 0, sizeof *out);
	out->auth = -1;
	g->clock.window = WINDOW_NONE;
	phrase_printf(note, sizeof note, "%s's time to answer the interception has passed; the "
		      "answer is still owed, on %s's own time.", side_name(seat), side_name(seat));
	return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
}

int cardturn_window_passed(struct game *g, const uint8_t *key, size_t klen,
			   const struct sender *s, int seat, struct outcome *out, struct err *e)
{
	struct cardturn *ct = cardturn_of(g);
	struct apply_state a = { .g = g, .s = s, .out = out, .me = -1 };
	char note[512];

	if (g->clock.window == WINDOW_ANSWER && ct->expect == CT_ANSWER)
		return answer_for(g, ops_of(g), key, klen, s, seat, out, e);
	if (g->clock.window == WINDOW_INTERCEPT && ct->expect == CT_MOVE) {
		cardturn_close_interception(g);
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		phrase_printf(note, sizeof note, "The time to intercept %s's move has passed: %s moves.",
			      side_name(1 - seat), side_name(seat));
		return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
	}
	if (g->clock.window == WINDOW_INTERCEPT && ct->expect == CT_MATED) {
		apply_finish(&a, seat == WHITE ? "0-1" : "1-0", N_("checkmate"));
		ct->expect = CT_DONE;
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		phrase_printf(note, sizeof note, "The time to intercept the mating move has passed: %s "
			      "is checkmated.", side_name(seat));
		return game_tell(g, out, REPLY_OVER, note, false) < 0 ? -1 : 1;
	}
	return 0;
}

/* The answers to an interception in words, a whole phrase for each set of them (with the
 * one number seed 000 asks of an answer, and without). */
static const struct {
	unsigned answers;
	const char *alone, *number;
} answer_phrases[] = {
	{ CT_ANS_ACCEPT | CT_ANS_CARD,
	  F_("answer the interception: 'accept' (your move stands), or a card in answer to it"),
	  F_("answer the interception: 'accept' (your move stands), or a card in answer to it, "
	     "with one number for %s") },
	{ CT_ANS_ACCEPT,
	  F_("answer the interception: 'accept' (your move stands)"),
	  F_("answer the interception: 'accept' (your move stands), with one number for %s") },
	{ CT_ANS_MOVE | CT_ANS_ACCEPT | CT_ANS_CARD,
	  F_("answer the interception: a different move, a card, or 'accept'"),
	  F_("answer the interception: a different move, a card, or 'accept', with one number "
	     "for %s") },
	{ CT_ANS_MOVE | CT_ANS_ACCEPT,
	  F_("answer the interception: a different move, or 'accept' (no move is made)"),
	  F_("answer the interception: a different move, or 'accept' (no move is made), with "
	     "one number for %s") },
	{ CT_ANS_OUT | CT_ANS_CARD,
	  F_("answer the interception: a move out of check (the one intercepted may be it), "
	     "with a card if you like"),
	  F_("answer the interception: a move out of check (the one intercepted may be it), "
	     "with a card if you like, and one number for %s") },
	{ CT_ANS_OUT,
	  F_("answer the interception: a move out of check (the one intercepted may be it)"),
	  F_("answer the interception: a move out of check (the one intercepted may be it), "
	     "with one number for %s") },
	{ CT_ANS_NORMAL,
	  F_("answer the interception: a normal move, without a card (the same move may be it)"),
	  F_("answer the interception: a normal move, without a card (the same move may be it), "
	     "with one number for %s") },
	{ CT_ANS_SECOND,
	  F_("answer the interception: a different second move of the same piece"),
	  F_("answer the interception: a different second move of the same piece, with one "
	     "number for %s") },
	{ CT_ANS_TWO,
	  F_("answer the interception: two new moves (the first a different one), or 'keep' or "
	     "'discard' the card and one normal move"),
	  F_("answer the interception: two new moves (the first a different one), or 'keep' or "
	     "'discard' the card and one normal move, with one number for %s") },
};

/* What seat c, which must answer the interception, may send: cardturn_answers(). */
static void answer_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct ct_ops *ops = ops_of(g);
	unsigned ans = cardturn_answers(g, true);
	int n = ops->numbers_owed ? ops->numbers_owed(g, c, true) : 0;

	for (size_t i = 0; i < sizeof answer_phrases / sizeof answer_phrases[0]; i++)
		if (answer_phrases[i].answers == ans) {
			phrase_printf(buf, len, n ? answer_phrases[i].number :
				      answer_phrases[i].alone, side_name(1 - c));
			return;
		}
	phrase_fit(buf, len, ops->answer_prompt);
}

/* What seat c may do when the protocol expects a move of `to` (c itself or not). */
static void move_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct cardturn *ct = cardturn_get(g);
	const struct ct_ops *ops = ops_of(g);

	if (ct->to != c) {      /* what both know: never what the hand holds */
		phrase_printf(buf, len, ct->may_intercept ? F_("%s is to intercept or move") :
			      F_("%s is to move"), side_name(ct->to));
		return;
	}
	bool intercept = ct->may_intercept && can_play(g, c, "interception");
	int n = ops->numbers_owed ? ops->numbers_owed(g, c, false) : 0;
	const char *f = !n ? (intercept ? F_("it is your turn: intercept the last move, or move") :
			      F_("it is your move")) :
			intercept ? (n == 1 ? F_("it is your turn: intercept the last move, or move "
						 "(with %d number for %s)") :
				     F_("it is your turn: intercept the last move, or move (with %d "
					"numbers for %s)")) :
			n == 1 ? F_("it is your turn: move (with %d number for %s)") :
			F_("it is your turn: move (with %d numbers for %s)");

	phrase_printf(buf, len, f, n, side_name(1 - c));
}

const char *cardturn_expect_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct cardturn *ct = cardturn_get(g);
	const struct ct_ops *ops = ops_of(g);

	if (g->status != GAME_PLAYING)
		return phrase_printf(buf, len, "the game is over");
	switch (ct->expect) {
	case CT_SETUP:
		ops->setup_text(g, c, buf, len);
		break;
	case CT_MOVE:
		move_text(g, c, buf, len);
		break;
	case CT_ANSWER:
		if (ct->to == c)
			answer_text(g, c, buf, len);
		else
			phrase_printf(buf, len, "%s must answer your interception", side_name(ct->to));
		break;
	case CT_MATED:
		if (ct->to == c && can_play(g, c, "interception"))
			phrase_printf(buf, len, "you are mated: intercept the mating move, or concede");
		else if (ct->to == c)
			phrase_printf(buf, len, "you are mated: concede (no card of yours can intercept "
				      "the mating move)");
		else
			phrase_printf(buf, len, "%s is mated unless they intercept your move",
				      side_name(ct->to));
		break;
	default:
		phrase_printf(buf, len, "the game is over");
	}
	return buf;
}

void cardturn_close_interception(struct game *g)
{
	struct cardturn *ct = cardturn_of(g);

	if (ct->expect == CT_MOVE) {
		ct->may_intercept = false;
		/* no interception can come: the answers in advance lapse */
		standing_drop(g, -1, STANDING_ON_INTERCEPTION, -1);
	}
}

void cardturn_subject(const struct game *g, int c, struct ct_subject *s)
{
	const struct cardturn *ct = cardturn_get(g);
	enum clock_window w;

	memset(s, 0, sizeof *s);
	s->to_act = g->status == GAME_PLAYING && c >= 0 && c < 2 &&
		    (cardturn_expected(g, &w) >> c & 1);
	s->mated = s->to_act && ct->expect == CT_MATED && ct->to == c;
	if (ct->instead_card || ct->edited_move[0]) {
		if (ct->instead_card)
			phrase_printf(s->last_move, sizeof s->last_move, "%d.%s card %d",
				      ct->instead_number, ct->instead_by == BLACK ? ".." : "",
				      ct->instead_card);
		else
			snprintf(s->last_move, sizeof s->last_move, "%d.%s %s", ct->instead_number,
				 ct->instead_by == BLACK ? ".." : "", ct->edited_move);
		s->mover = ct->instead_by == c;
	}
}

bool cardturn_secret_state(const struct game *g)
{
	return g->status != GAME_OVER;
}
