/* perplexichess_board.c: what happens on the boards of a Perplexichess game beyond the
 * moves (seed 001): the grand strategist's transfers (rule 3), the Flexichess rule
 * changes (rules 2B to 6), each board's draws and resignations, and a board's end
 * (rule 4: its kings leave it, its other pieces stay). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/betza.h"
#include "engine/movegen.h"
#include "kinds/perplexichess/perplexichess.h"

/* Is side c's king attacked (c need not be the side to move)? */
static bool king_attacked(const struct pos *p, int c)
{
	return p->nroyal[c] == 1 && movegen_attacked(p, p->royal[c], COLOR_OTHER(c));
}

static bool board_open(const struct game *g, int b)
{
	return !strcmp(g->board[b].result, "*");
}

/* The rules board b plays by now (its own copy once a rule changed). */
static const struct variant *board_rules(const struct game *g, int b)
{
	return g->board[b].pos->v;
}

const char *px_move_text(const struct game *g, const struct pos *at, const char *in, char *buf,
			 size_t len, char *why, size_t wlen)
{
	char from[8], to[8], n1[4], n2[4];
	const char *p = in;
	size_t k;

	(void)g, (void)at;
	if (!order_numbered_move(in))
		return in;
	k = strspn(p, "0123456789");
	snprintf(n1, sizeof n1, "%.*s", (int)k, p);
	p += k + 1;
	k = strspn(p, "0123456789");
	snprintf(n2, sizeof n2, "%.*s", (int)k, p);
	p += k;
	if (*p == '=')
		p++;
	if (!px_square(n1, from) || !px_square(n2, to))
		return snprintf(why, wlen, "'%s': squares are numbered 1 to 64", in), NULL;
	snprintf(buf, len, "%s%s%c", from, to, *p && strchr("QRBNqrbn", *p) ?
		 tolower((unsigned char)*p) : 0);
	return buf;
}

/* After an edit of board b by side `by`: the side not to move may not be in check (its
 * opponent, to move, would take the king). */
static int edit_checked(struct apply_state *a, const struct order *od, int b, const char *what)
{
	const struct pos *p = a->g->board[b].pos;
	int waiting = COLOR_OTHER(p->side);

	if (!board_open(a->g, b) || !king_attacked(p, waiting))
		return 0;
	return apply_error(a, od, "%s would leave %s's king in check on board %d while %s is to "
			   "move", what, side_name(waiting), b + 1, side_name(p->side));
}

/* The words of a transfer: the square, then the two boards ("from" and "to" optional). */
static int transfer_words(const char *arg, char sq[8], int *from, int *to)
{
	char w[5][16] = { "", "", "", "", "" };
	int n = sscanf(arg, "%15s %15s %15s %15s %15s", w[0], w[1], w[2], w[3], w[4]), k = 0;
	int num[2];

	if (n < 3 || !px_square(w[0], sq))
		return -1;
	for (int i = 1; i < n; i++)
		if (isdigit((unsigned char)w[i][0]) && k < 2)
			num[k++] = px_board_number(w[i]);
	if (k != 2)
		return -1;
	*from = num[0];
	*to = num[1];
	return 0;
}

/* "transfer e4 from 1 to 3" (rule 3): one of the strategist's pieces, not the king, to
 * the same square of another board, which must be empty; at any time. */
int px_transfer(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	int side = g->seat[a->me].side, from, to;
	char sq[8], op[32];
	struct err e;

	if (transfer_words(od->arg, sq, &from, &to) < 0)
		return apply_error(a, od, "write it as: transfer e4 from 1 to 3");
	if (from < 0 || from >= g->nboards || to < 0 || to >= g->nboards)
		return apply_error(a, od, "a game of %s has boards 1 to %d", g->v->title, g->nboards);
	if (from == to)
		return apply_error(a, od, "a transfer goes to another board (rule 5: the strategist "
				   "may not relocate pieces on a board)");
	const struct pos *p1 = g->board[from].pos, *p2 = g->board[to].pos;
	sq_t s = variant_square_named(p1->v, sq, strlen(sq));
	piece_t pc = pos_at(p1, s);
	if (!pc)
		return apply_error(a, od, "there is no piece on %s of board %d", sq, from + 1);
	if ((int)PIECE_COLOR(pc) != side)
		return apply_error(a, od, "the piece on %s of board %d is %s's", sq, from + 1,
				   side_name(PIECE_COLOR(pc)));
	if (p1->v->type[PIECE_TYPE(pc)].royal)
		return apply_error(a, od, "the king stays on its board (rule 3)");
	if (pos_at(p2, s))
		return apply_error(a, od, "%s of board %d is occupied: a piece goes only to an empty "
				   "square (rule 3)", sq, to + 1);
	char letter = variant_piece_char(p1->v, pc);
	const char *name = p1->v->type[PIECE_TYPE(pc)].name;
	snprintf(op, sizeof op, "@remove %s", sq);
	if (board_op(g, from, op, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	snprintf(op, sizeof op, "@place %c %s", letter, sq);
	if (board_op(g, to, op, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	if (edit_checked(a, od, from, "taking the piece away") < 0 ||
	    edit_checked(a, od, to, "placing the piece there") < 0)
		return -1;
	apply_principal(a, "transfer");
	snprintf(a->detail, sizeof a->detail, "%s:%d>%d", sq, from + 1, to + 1);
	apply_note(a, "%s's grand strategist moves the %s on %s from board %d to board %d.",
		   side_name(side), name, sq, from + 1, to + 1);
	if (board_open(g, from))
		apply_end_on_board(a, from);
	if (board_open(g, to))
		apply_end_on_board(a, to);
	return 0;
}

/* After taking piece s of board `from` to board `to`, would a board still in play leave
 * its waiting side's king attacked (edit_checked's test, before the edit is made)? */
static bool transfer_checks(const struct game *g, int from, int to, sq_t s, struct pos *scratch)
{
	for (int k = 0; k < 2; k++) {
		int b = k ? to : from;
		memcpy(scratch, g->board[b].pos, sizeof *scratch);
		if (k)
			pos_edit_place(scratch, s, pos_at(g->board[from].pos, s));
		else
			pos_edit_remove(scratch, s);
		if (board_open(g, b) && king_attacked(scratch, COLOR_OTHER(scratch->side)))
			return true;
	}
	return false;
}

bool px_transfer_example(const struct game *g, int side, char *out, size_t len)
{
	struct pos *scratch = malloc(sizeof *scratch);

	for (int from = 0; scratch && from < g->nboards; from++) {
		const struct pos *p = g->board[from].pos;
		for (sq_t s = 0; s < (sq_t)p->v->nsq; s++) {
			piece_t pc = pos_at(p, s);
			if (!pc || (int)PIECE_COLOR(pc) != side || p->v->type[PIECE_TYPE(pc)].royal)
				continue;
			for (int to = 0; to < g->nboards; to++)
				if (to != from && !pos_at(g->board[to].pos, s) &&
				    !transfer_checks(g, from, to, s, scratch)) {
					snprintf(out, len, "transfer %s from %d to %d",
						 variant_square_name(p->v, s), from + 1, to + 1);
					free(scratch);
					return true;
				}
		}
	}
	free(scratch);
	return false;
}

/* "rule N NW", "rule knight add W": the piece's letter in the board's rules. */
static char piece_letter(const char *w)
{
	static const struct { const char *name; char letter; } names[] = {
		{ "pawn", 'P' }, { "knight", 'N' }, { "bishop", 'B' }, { "rook", 'R' },
		{ "queen", 'Q' }, { "king", 'K' },
	};

	if (strlen(w) == 1)
		return (char)toupper((unsigned char)w[0]);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strncasecmp(w, names[i].name, strlen(names[i].name)))
			return names[i].letter;
	return 0;
}

/* A lapsed draw offer: the opponent's offer on board b ends with this turn. */
void px_offer_lapses(struct apply_state *a, int b)
{
	struct perplexichess *px = a->g->kstate;
	int side = a->g->seat[a->me].side;

	if (px->draw_offer[b] == (int)COLOR_OTHER(side)) {
		px->draw_offer[b] = -1;
		apply_note(a, "%s's draw offer on board %d lapses.", side_name(COLOR_OTHER(side)), b + 1);
	}
}

/* The words of a rule change: the piece and its new Betza text (`add`: to add to its
 * powers); NULL, or the reason it is no change the seed allows (rules 4 and 5), with
 * "" for a text of another shape. */
static const char *rule_words(const struct variant *v, const char *arg, char *piece, size_t plen,
			      char *betza, size_t blen, bool *add)
{
	char copy[ORDER_ARG_MAX], *w[8], *save = NULL;
	int nw = 0;

	snprintf(copy, sizeof copy, "%s", arg);
	for (char *t = strtok_r(copy, " ", &save); t && nw < 8; t = strtok_r(NULL, " ", &save))
		w[nw++] = t;
	if (nw >= 2 && w[0][strlen(w[0]) - 1] == ',')   /* "rule N, B W": a list of pieces */
		w[0][strlen(w[0]) - 1] = 0;
	for (int i = 0; i < nw; i++)
		if (!strncasecmp(w[i], "white", 5) || !strncasecmp(w[i], "black", 5))
			return N_("rule changes cannot distinguish between black and white pieces "
				  "(rule 5): a change moves both sides' pieces alike");
	bool second = nw >= 3 && strcasecmp(w[1], "add") &&
		      (!strcasecmp(w[1], "and") || !strcmp(w[1], "&") ||
		       variant_type_by_letter(v, piece_letter(w[1])) >= 0);
	if (second)
		return N_("no change can affect the movement of more than one kind of piece "
			  "(rule 4): change one kind this turn");
	if (nw == 2 || (nw == 3 && !strcasecmp(w[1], "add"))) {
		snprintf(piece, plen, "%s", w[0]);
		snprintf(betza, blen, "%s", w[nw - 1]);
		*add = nw == 3;
		return NULL;
	}
	return "";
}

/* "add": the piece's Betza text with the added one, written so that it reads as both
 * (joined as text, "NW" and "W" would read "NWW", a rook's ride); *now becomes their
 * union. -1 if no joining of the two texts reads so. */
static int added_text(const struct piece_def *pd, const char *add, struct betza *now, char *out,
		      size_t len)
{
	struct betza both = pd->powers, read;
	struct err e;

	for (int i = 0; i < now->n && both.n < BETZA_MAX; i++)
		both.v[both.n++] = now->v[i];
	for (int order = 0; order < 2; order++) {
		snprintf(out, len, "%s%s", order ? add : pd->betza, order ? pd->betza : add);
		if (betza_parse(out, &read, &e) == 0 && betza_same(&read, &both)) {
			*now = both;
			return 0;
		}
	}
	return -1;
}

/* Flexichess (rules 2B-6): instead of a move, the boardman changes how one kind of piece
 * moves on this board, from now on, for both colours alike; never the king; and it must
 * change something, as a move must move. */
int px_rule(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	int b = g->seat[a->me].board, side = g->seat[a->me].side, t;
	char piece[96], text[96], betza[128], op[160];
	bool add = false;
	struct betza now;
	struct err e;

	if (!apply_playing(a, od))
		return -1;
	if (b < 0 || !board_open(g, b))
		return apply_error(a, od, "board %d is over (%s)", b + 1, b < 0 ? "" : g->board[b].result);
	struct pos *p = g->board[b].pos;
	if ((int)p->side != side)
		return apply_error(a, od, "it is not your turn on board %d: a rule change is made "
				   "instead of a move", b + 1);
	const struct variant *v = board_rules(g, b);
	const char *why = rule_words(v, od->arg, piece, sizeof piece, text, sizeof text, &add);
	if (why)
		return apply_error(a, od, "%s", *why ? why : N_("write it as: rule N NW (the Knight's "
				   "new moves in Betza) or rule N add W"));
	char letter = piece_letter(piece);
	if (!letter || (t = variant_type_by_letter(v, letter)) < 0)
		return apply_error(a, od, "there is no piece '%s' in %s", piece, v->title);
	if (v->type[t].royal)
		return apply_error(a, od, "the king's movement may not change (rule 6)");
	if (betza_parse(text, &now, &e) < 0)
		return apply_error(a, od, "'%s' is not a movement the referee can play: %s", text, e.msg);
	if (add && added_text(&v->type[t], text, &now, betza, sizeof betza) < 0)
		return apply_error(a, od, "write the whole movement instead: 'rule %c %s...' with what "
				   "the %s gains", letter, v->type[t].betza, v->type[t].name);
	if (!add)
		snprintf(betza, sizeof betza, "%s", text);
	if (strlen(betza) >= sizeof v->type[t].betza)
		return apply_error(a, od, "that Betza text is too long");
	if (betza_same(&now, &v->type[t].powers))
		return apply_error(a, od, "'rule %s' changes nothing: the %s (%c) moves as %s already",
				   od->arg, v->type[t].name, letter, v->type[t].betza);
	snprintf(op, sizeof op, "@rule %c %s", letter, betza);
	if (board_op(g, b, op, &e) < 0)
		return apply_error(a, od, "'%s' is not a movement the referee can play: %s", betza, e.msg);
	if (board_op(g, b, side == WHITE ? "@side b" : "@side w", &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	if (king_attacked(p, side))
		return apply_error(a, od, "the change would leave your own king in check on board %d",
				   b + 1);
	apply_principal(a, "rule");
	snprintf(a->detail, sizeof a->detail, "%d:rule %c %s", b + 1, letter, betza);
	apply_note(a, "Board %d: %s changes a rule (Flexichess): the %s (%c) moves as %s (Betza) "
		   "from now on, for both sides, on this board only.", b + 1, side_name(side),
		   v->type[t].name, letter, betza);
	px_offer_lapses(a, b);
	apply_end_on_board(a, b);
	return 0;
}

/* Draws belong to a board: its boardmen offer, accept and decline them. */
int px_draw(struct apply_state *a, const struct order *od, const struct orders *o)
{
	struct game *g = a->g;
	struct perplexichess *px = g->kstate;
	int b = g->seat[a->me].board, me = g->seat[a->me].side, them = (int)COLOR_OTHER(me);

	if (!apply_playing(a, od))
		return -1;
	if (b < 0 || !board_open(g, b))
		return apply_error(a, od, "board %d is over", b + 1);
	switch (od->kind) {
	case ORDER_OFFER_DRAW:
		if (px->draw_offer[b] == them)
			return apply_error(a, od, "%s has offered a draw on board %d already: write "
					   "'accept draw'", side_name(them), b + 1);
		if (px->draw_offer[b] == me)
			return apply_error(a, od, "you have offered a draw already");
		px->draw_offer[b] = me;
		apply_principal(a, "draw-offer");
		apply_note(a, "%s offers a draw on board %d.", side_name(me), b + 1);
		return 0;
	case ORDER_ACCEPT_DRAW:
		if (px->draw_offer[b] != them)
			return apply_error(a, od, "there is no draw offer on board %d to accept", b + 1);
		for (size_t i = 0; i < o->n; i++)
			if (o->o[i].kind == (int)ORDER_MOVE)
				return apply_error(a, od, "accept the draw or move, not both");
		px->draw_offer[b] = -1;
		apply_principal(a, "draw-accept");
		apply_board_ends(a, b, "1/2-1/2", "draw agreed");
		return 0;
	default:
		if (px->draw_offer[b] != them)
			return apply_error(a, od, "there is no draw offer on board %d to decline", b + 1);
		px->draw_offer[b] = -1;
		apply_principal(a, "draw-decline");
		apply_note(a, "%s declines the draw offer on board %d.", side_name(me), b + 1);
		return 0;
	}
}

/* A boardman resigns the board; the grand strategist, the whole game. */
int px_resign(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	int b = g->seat[a->me].board, side = g->seat[a->me].side;
	const char *loss = side == WHITE ? "0-1" : "1-0";

	if (!apply_playing(a, od))
		return -1;
	apply_principal(a, "resign");
	if (px_is(g, a->me, PX_ROLE_STRATEGIST)) {
		apply_note(a, "%s's grand strategist resigns the game.", side_name(side));
		apply_finish(a, loss, "resignation by the grand strategist");
		return 0;
	}
	if (b < 0 || !board_open(g, b))
		return apply_error(a, od, "board %d is over", b + 1);
	apply_board_ends(a, b, loss, "resignation");
	return 0;
}

/* Rule 4: play on the board ceases and its kings leave it; its other pieces stay. */
int px_board_ended(struct game *g, int b, struct err *e)
{
	struct pos *p = g->board[b].pos;
	char op[32];

	for (sq_t s = 0; s < (sq_t)p->v->nsq; s++) {
		piece_t pc = pos_at(p, s);
		if (!pc || !p->v->type[PIECE_TYPE(pc)].royal)
			continue;
		snprintf(op, sizeof op, "@remove %s", variant_square_name(p->v, s));
		if (board_op(g, b, op, e) < 0)
			return -1;
	}
	struct perplexichess *px = g->kstate;
	px->draw_offer[b] = -1;
	return 0;
}

const char *px_rules_text(const struct game *g, int b, char *buf, size_t len)
{
	const struct board *bd = &g->board[b];
	const struct variant *v = g->v;
	size_t at = 0;

	buf[0] = 0;
	for (int t = 0; t < v->ntypes && at < len; t++) {
		const char *now = NULL;
		char letter, betza[128];
		for (int i = 0; i < bd->nmoves; i++)
			if (sscanf(bd->moves[i], "@rule %c %127s", &letter, betza) == 2 &&
			    letter == v->type[t].letter)
				now = bd->moves[i] + 8;
		if (now)
			at += (size_t)snprintf(buf + at, len - at, "%sthe %s (%c) moves as %s",
					       at ? "; " : "", v->type[t].name, v->type[t].letter, now);
	}
	return buf;
}
