/* apply.c: what the orders of every kind share once the mail is let in (apply.h): the
 * refusal of an order, the move order and its checks, the end of a board or of the game.
 * Below both the applying of a mail (game_apply.c) and what it calls (conditional moves,
 * settings, the card-turn protocol, the kinds), none of which it calls back. */
#include "game/apply.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/status.h"
#include "game/kind.h"
#include "game/spelling.h"
#include "util/phrase.h"

void apply_finish(struct apply_state *a, const char *result, const char *why)
{
	snprintf(a->g->result, sizeof a->g->result, "%s", result);
	snprintf(a->g->termination, sizeof a->g->termination, "%s", why);
	a->g->status = GAME_OVER;
	a->g->draw_offer = -1;
	a->ended = true;
}

int apply_error(struct apply_state *a, const struct order *od, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	outcome_verror(a->out, od->lineno, od->text, fmt, ap);
	va_end(ap);
	return -1;
}

bool apply_playing(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;

	if (g->status == GAME_PLAYING)
		return true;
	if (g->status == GAME_INVITED)
		apply_error(a, od, "game %d has not started: the invitation is not accepted yet", g->id);
	else if (g->status == GAME_OVER)
		apply_error(a, od, "game %d is over (%s, %s)", g->id, g->result, g->termination);
	else
		apply_error(a, od, "game %d was declined", g->id);
	return false;
}

/* A board of several has ended: the game ends with the last one, won by the side that
 * won more boards. */
void apply_board_ends(struct apply_state *a, int b, const char *result, const char *why)
{
	struct game *g = a->g;
	int won[2] = { 0, 0 }, open = 0;
	char score[64];

	snprintf(g->board[b].result, sizeof g->board[b].result, "%s", result);
	snprintf(g->board[b].termination, sizeof g->board[b].termination, "%s", why);
	apply_note(a, "Board %d ends: %s (%s).", b + 1, result, why);
	struct err e;
	if (kind_of(g)->teams && kind_of(g)->teams->board_ended(g, b, &e) < 0)
		apply_note(a, "(%s)", e.msg);
	for (int i = 0; i < g->nboards; i++) {
		open += !strcmp(g->board[i].result, "*");
		won[WHITE] += !strcmp(g->board[i].result, "1-0");
		won[BLACK] += !strcmp(g->board[i].result, "0-1");
	}
	if (open)
		return;
	phrase_printf(score, sizeof score, "boards won %d-%d", won[WHITE], won[BLACK]);
	apply_finish(a, won[WHITE] > won[BLACK] ? "1-0" : won[WHITE] < won[BLACK] ? "0-1" : "1/2-1/2",
		     score);
}

void apply_end_on_board(struct apply_state *a, int b)
{
	struct status st;
	struct pos *p = a->g->board[b].pos;
	int mover = COLOR_OTHER(p->side);
	const char *result = NULL, *why = NULL;

	status_get(p, &st);
	switch (st.end) {
	case STATUS_CHECKMATE:
		result = mover == WHITE ? "1-0" : "0-1", why = N_("checkmate");
		break;
	case STATUS_ONGOING:
		return;
	default:
		result = "1/2-1/2", why = status_end_name(st.end);
	}
	if (a->g->nboards == 1)
		apply_finish(a, result, why);
	else
		apply_board_ends(a, b, result, why);
}

void apply_end_by_status(struct apply_state *a)
{
	apply_end_on_board(a, 0);
}

int apply_move_checks(struct apply_state *a, const struct order *od)
{
	int b = a->me >= 0 ? apply_board(a) : 0;
	const struct pos *p = a->g->board[b].pos;
	char why[512];

	if (a->canonical)
		return 0;               /* a move given in advance: checked when it was given */
	if (od->paired[0] && spelling_pair(a->g, b, a->me >= 0 ? a->g->lang[a->me] : "",
					   od->paired, od->arg, why, sizeof why) < 0)
		return apply_error(a, od, "%s", why);
	if (od->number && (uint32_t)od->number != p->fullmove)
		return apply_error(a, od, "this is move %u%s, not %d", p->fullmove,
				p->side == BLACK ? N_(" for Black") : "", od->number);
	if (a->stale_reply && !od->number)
		return apply_error(a, od, "your mail answers a referee mail sent before the last move, "
				"so you may not have seen the position now on the board (below); "
				"send your move again in reply to the latest mail, or write its "
				"number (%u%s %s)", p->fullmove, p->side == BLACK ? "..." : ".",
				od->arg);
	return 0;
}

const char *apply_spelled(struct apply_state *a, const struct order *od, struct pos *p,
			  const char *text, char *buf, size_t len)
{
	char why[512];

	if (a->canonical) {             /* the engine's own SAN */
		snprintf(buf, len, "%s", text);
		return buf;
	}
	if (spelling_move(p, a->me >= 0 ? a->g->lang[a->me] : "", text, buf, len, why,
			  sizeof why) == 0)
		return buf;
	apply_error(a, od, "%s", why);
	return NULL;
}

void apply_after_move(struct apply_state *a)
{
	struct game *g = a->g;

	if (g->draw_offer == (int)COLOR_OTHER(apply_side(a))) {
		g->draw_offer = -1;
		apply_note(a, "%s's draw offer lapses with this move.",
			 game_side_name(a->g, COLOR_OTHER(apply_side(a))));
	}
}

int apply_plain_move(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	int b = apply_board(a);
	struct pos *p = g->board[b].pos;
	struct move m;
	struct err e;
	char san[SAN_MAX];

	if (!apply_playing(a, od))
		return -1;
	if (a->moved)
		return apply_error(a, od, "one move per mail");
	if (strcmp(g->board[b].result, "*"))
		return apply_error(a, od, "board %d is over (%s)", b + 1, g->board[b].result);
	if ((int)p->side != apply_side(a)) {
		int mover = game_mover(g, b, p->side);
		return apply_error(a, od, "it is not your turn: %s (%s) is to move",
				   game_side_name(g, p->side),
				   mover >= 0 ? g->seat[mover].address : N_("nobody"));
	}
	if (apply_move_checks(a, od) < 0)
		return -1;
	const char *text = od->arg;
	char written[ORDER_ARG_MAX], why[256];
	if (kind_of(g)->move_text && !a->canonical &&
	    !(text = kind_of(g)->move_text(g, p, od->arg, written, sizeof written, why, sizeof why)))
		return apply_error(a, od, "%s", why);
	char spelled[ORDER_ARG_MAX];
	if (!(text = apply_spelled(a, od, p, text, spelled, sizeof spelled)))
		return -1;      /* "did you mean f3 or Nf3? ..." */
	if (notation_parse(p, text, &m, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	notation_san(p, m, san, sizeof san);
	if (board_op(g, b, san, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	a->moved = true;
	apply_principal(a, "move");
	if (g->nboards > 1)
		snprintf(a->detail, sizeof a->detail, "%d:%s", b + 1, san);
	else
		snprintf(a->detail, sizeof a->detail, "%s", san);
	apply_after_move(a);
	apply_end_on_board(a, b);
	return 0;
}

int apply_move_order(struct apply_state *a, const struct order *od)
{
	const struct kind *k = kind_of(a->g);
	struct orders o = { .n = 1, .o = (struct order *)od };

	if (k->apply)                   /* what the kind does with a move (a board's offer lapses) */
		k->apply(a, &o);
	if (a->out->nerrors)
		return -1;
	return k->handles && k->handles(ORDER_MOVE) ? 0 : apply_plain_move(a, od);
}
