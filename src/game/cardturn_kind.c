/* cardturn_kind.c: the kind interface's operations of a card kind (kind.h) that follow
 * from the card-turn protocol's state (cardturn.h): the phase, who is expected and in
 * what window, what is owed, what the referee does when a window passes, what the mails
 * say of whose turn it is. A kind names them in its struct kind, its ct_ops in
 * `.cardturn`. */
#include "game/cardturn.h"

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
		if (g->clock.tc.answer_hours)
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

const char *cardturn_window_text(const struct game *g, const char *who, const char *until,
				 char *buf, size_t len)
{
	if (cardturn_window_optional(g))
		snprintf(buf, len, "%s may intercept the last move until %s.",
			 strcmp(who, "you") ? who : "You", until);
	else if (g->clock.window == WINDOW_ANSWER)
		snprintf(buf, len, "If no answer comes by then, the referee accepts the interception "
			 "for %s.", who);
	else if (g->clock.window == WINDOW_INTERCEPT)
		snprintf(buf, len, "If no interception comes by then, the game ends by checkmate.");
	else
		return NULL;
	return buf;
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
	snprintf(note, sizeof note, "%s's time to answer the interception has passed; the "
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
		snprintf(note, sizeof note, "The time to intercept %s's move has passed: %s moves.",
			 side_name(1 - seat), side_name(seat));
		return game_tell(g, out, REPLY_NOTICE, note, false) < 0 ? -1 : 1;
	}
	if (g->clock.window == WINDOW_INTERCEPT && ct->expect == CT_MATED) {
		apply_finish(&a, seat == WHITE ? "0-1" : "1-0", "checkmate");
		ct->expect = CT_DONE;
		game_clock_update(g, -1, CLOCK_FREE, s->now);
		snprintf(note, sizeof note, "The time to intercept the mating move has passed: %s is "
			 "checkmated.", side_name(seat));
		return game_tell(g, out, REPLY_OVER, note, false) < 0 ? -1 : 1;
	}
	return 0;
}

const char *cardturn_expect_text(const struct game *g, int c, char *buf, size_t len)
{
	const struct cardturn *ct = cardturn_get(g);
	const struct ct_ops *ops = ops_of(g);
	char extra[96] = "";

	if (g->status != GAME_PLAYING) {
		snprintf(buf, len, "the game is over");
		return buf;
	}
	if (ops->turn_extra && (ct->expect == CT_MOVE || ct->expect == CT_ANSWER))
		ops->turn_extra(g, c, ct->expect == CT_ANSWER, extra, sizeof extra);
	switch (ct->expect) {
	case CT_SETUP:
		ops->setup_text(g, c, buf, len);
		break;
	case CT_MOVE:
		if (ct->to == c && !ct->may_intercept && !extra[0])
			snprintf(buf, len, "it is your move");
		else if (ct->to == c)
			snprintf(buf, len, "it is your turn: %smove%s", ct->may_intercept ?
				 "intercept the last move, or " : "", extra);
		else
			snprintf(buf, len, "%s is to %smove", side_name(ct->to),
				 ct->may_intercept ? "intercept or " : "");
		break;
	case CT_ANSWER:
		if (ct->to == c)
			snprintf(buf, len, "answer the interception: %s%s", ops->answer_words, extra);
		else
			snprintf(buf, len, "%s must answer your interception", side_name(ct->to));
		break;
	case CT_MATED:
		if (ct->to == c)
			snprintf(buf, len, "you are mated: intercept the mating move, or concede");
		else
			snprintf(buf, len, "%s is mated unless they intercept your move", side_name(ct->to));
		break;
	default:
		snprintf(buf, len, "the game is over");
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
	if (ct->instead_card) {
		snprintf(s->last_move, sizeof s->last_move, "%d.%s card %d", ct->instead_number,
			 ct->instead_by == BLACK ? ".." : "", ct->instead_card);
		s->mover = ct->instead_by == c;
	}
}

bool cardturn_secret_state(const struct game *g)
{
	return g->status != GAME_OVER;
}
