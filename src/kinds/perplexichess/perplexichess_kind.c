/* perplexichess_kind.c: Perplexichess as a game kind (kind.h): its orders and their
 * shapes, who may give which, the challenge's acceptance by every member, and what each
 * seat is expected to do. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/kind.h"
#include "kinds/perplexichess/perplexichess.h"
#include "kinds/perplexichess/perplexichess_kind.h"

/* ---- the shapes of the orders: prose that begins with their words stays prose ---- */

static bool colour_word(const char *w)
{
	return !strcasecmp(w, "white") || !strcasecmp(w, "black");
}

static bool member_shaped(char **w, int nw)       /* strategist white ADDRESS */
{
	return nw == 2 && colour_word(w[0]) && strchr(w[1], '@');
}

static bool boardman_shaped(char **w, int nw)     /* boardman white 2 ADDRESS */
{
	return nw == 3 && colour_word(w[0]) && isdigit((unsigned char)w[1][0]) && strchr(w[2], '@');
}

static bool transfer_shaped(char **w, int nw)     /* transfer e4 [from] 1 [to] 3 */
{
	char sq[8];
	int numbers = 0;

	if (nw < 3 || nw > 5 || !px_square(w[0], sq))
		return false;
	for (int i = 1; i < nw; i++) {
		if (isdigit((unsigned char)w[i][0]))
			numbers++;
		else if (strcasecmp(w[i], "from") && strcasecmp(w[i], "to"))
			return false;
	}
	return numbers == 2;
}

static bool piece_word(const char *w)
{
	static const char *const names[] = { "pawn", "knight", "bishop", "rook", "queen", "king",
					     "pawns", "knights", "bishops", "rooks", "queens" };
	size_t n = strlen(w);

	n -= n > 1 && w[n - 1] == ',';  /* "rule N, B W": the first of a list */
	if (n == 1)
		return isalpha((unsigned char)w[0]);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strlen(names[i]) == n && !strncasecmp(w, names[i], n))
			return true;
	return false;
}

/* rule N NW, rule N add W; and what names a piece or a side first (rule white N W, rule N
 * and B W), which px_rule refuses with the seed's rules 4 and 5 */
static bool rule_shaped(char **w, int nw)
{
	return nw >= 2 && nw <= 8 && (piece_word(w[0]) || colour_word(w[0]));
}

static bool assign_shaped(char **w, int nw)       /* assign ADDRESS boardman 2 */
{
	return nw == 3 && strchr(w[0], '@') && !strcasecmp(w[1], "boardman") &&
	       isdigit((unsigned char)w[2][0]);
}

static const struct order_word px_orders[] = {
	{ "strategist", PX_STRATEGIST, ORDER_ARG_REST, "strategist white alice@example.org",
	  member_shaped, 0, "white black" },
	{ "boardman", PX_BOARDMAN, ORDER_ARG_REST, "boardman white 1 bob@example.org",
	  boardman_shaped, 0, "white black" },
	{ "agent", PX_AGENT, ORDER_ARG_REST, "agent white dave@example.org", member_shaped, 0,
	  "white black" },
	{ "transfer", PX_TRANSFER, ORDER_ARG_REST, "transfer e4 from 1 to 3", transfer_shaped,
	  0, "from to" },
	{ "rule", PX_RULE, ORDER_ARG_REST, "rule N NW", rule_shaped, 0, "add" },
	/* they speak for the player to the team: only from a line that is the order alone */
	{ "assign", PX_ASSIGN, ORDER_ARG_REST, "assign bob@example.org boardman 2",
	  assign_shaped, ORDER_COST_IRREVOCABLE, "boardman" },
	{ "elect", PX_ELECT, ORDER_ARG_ADDRESS, "elect carol@example.org", NULL,
	  ORDER_COST_IRREVOCABLE, NULL },
};

#define NORDERS (sizeof px_orders / sizeof px_orders[0])

/* ---- the kind's state ---- */

static void *px_state_new(void)
{
	struct perplexichess *px = malloc(sizeof *px);

	if (px)
		px_init(px);
	return px;
}

static void px_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct perplexichess));
}

static enum game_phase px_phase(const struct game *g)
{
	return g->status == GAME_INVITED ? PHASE_INVITED : g->status == GAME_PLAYING ? PHASE_PLAY :
	       PHASE_OVER;
}

static int px_accept(struct game *g, int seat)
{
	struct perplexichess *px = g->kstate;

	if (px->accepted >> seat & 1)
		return -1;
	px->accepted |= 1u << seat;
	return px->accepted == (1u << g->nseats) - 1;
}

/* ---- who may give which order ---- */

static bool moves_on_a_board(int k)
{
	return k == (int)ORDER_MOVE || k == (int)ORDER_CLAIM_DRAW || k == (int)ORDER_OFFER_DRAW ||
	       k == (int)ORDER_ACCEPT_DRAW || k == (int)ORDER_DECLINE_DRAW || k == PX_RULE ||
	       k == (int)ORDER_CONDITIONAL;
}

/* The members and their duties: words of the challenge alone. */
static bool px_challenge_order(int k)
{
	return k == PX_STRATEGIST || k == PX_BOARDMAN || k == PX_AGENT;
}

static const char *px_order_refused(const struct game *g, int seat, const struct order *od)
{
	int k = od->kind;

	if (px_challenge_order(k))
		return N_("the members and their duties are named in the challenge ('assign' and "
			  "'elect' change them)");
	if (g->status != GAME_PLAYING && k >= ORDER_KIND_FIRST)
		return "";              /* apply_playing says why */
	if (g->status != GAME_PLAYING)
		return NULL;
	if (moves_on_a_board(k) && px_is(g, seat, PX_ROLE_STRATEGIST))
		return N_("a grand strategist may not move pieces within a board nor set its pace "
		       "(rule 5): 'transfer' moves a piece between boards");
	if (moves_on_a_board(k) && px_is(g, seat, PX_ROLE_AGENT))
		return N_("an agent does not play: each board's boardman does");
	if ((k == PX_TRANSFER || k == PX_ASSIGN) && !px_is(g, seat, PX_ROLE_STRATEGIST))
		return k == PX_TRANSFER ? N_("only a grand strategist moves pieces between boards "
					     "(rule 3)") :
		       N_("only the grand strategist assigns the team's duties (rule 5)");
	if (k == PX_ELECT && px_is(g, seat, PX_ROLE_STRATEGIST))
		return N_("the incumbent grand strategist has no vote (rule 5)");
	if (k == ORDER_RESIGN && px_is(g, seat, PX_ROLE_AGENT))
		return N_("an agent cannot resign: a boardman resigns a board, the grand strategist "
		       "the whole game");
	return NULL;
}

static bool px_handles(int k)
{
	return k >= ORDER_KIND_FIRST || k == (int)ORDER_OFFER_DRAW || k == (int)ORDER_ACCEPT_DRAW ||
	       k == (int)ORDER_DECLINE_DRAW || k == (int)ORDER_RESIGN;
}

static int px_apply(struct apply_state *a, const struct orders *o)
{
	bool move = false, rule = false;

	for (size_t i = 0; i < o->n; i++) {
		move |= o->o[i].kind == (int)ORDER_MOVE;
		rule |= o->o[i].kind == PX_RULE;
	}
	if (move && px_is(a->g, a->me, PX_ROLE_BOARDMAN))
		px_offer_lapses(a, a->g->seat[a->me].board);
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		if (rule && move && od->kind == PX_RULE) {
			apply_error(a, od, "a rule change is made instead of a move, not with one");
			continue;
		}
		switch (od->kind) {
		case PX_TRANSFER: px_transfer(a, od); break;
		case PX_RULE: px_rule(a, od); break;
		case PX_ASSIGN: px_assign(a, od); break;
		case PX_ELECT: px_elect(a, od); break;
		case ORDER_RESIGN: px_resign(a, od); break;
		case ORDER_OFFER_DRAW:
		case ORDER_ACCEPT_DRAW:
		case ORDER_DECLINE_DRAW: px_draw(a, od, o); break;
		default: break;
		}
	}
	return a->out->nerrors ? -1 : 0;
}

/* `tempest new`: a White and a Black boardman per board, then the two strategists, then
 * the agents rule 1 asks at least (a White and a Black one on 5 or 7 boards). */
static int px_seats(int nboards)
{
	int min, max;

	px_agents_allowed(nboards, &min, &max);
	return 2 * nboards + 2 + 2 * min;
}

/* A transfer, a vote or a change of duties is no turn on a board: no time charged. */
static enum clock_charge px_clock_charge(const char *event)
{
	return !strcmp(event, "move") || !strcmp(event, "rule") ? CLOCK_TURN : CLOCK_FREE;
}

/* A vote is the team's business; everything else is told to every member of both. */
static bool px_hears(const struct game *g, const char *event, int from, int seat)
{
	return strcmp(event, "vote") || g->seat[seat].side == g->seat[from].side;
}

static const char *px_expect_text(const struct game *g, int seat, char *buf, size_t len)
{
	const struct seat *st = &g->seat[seat];
	const struct board *bd;

	if (g->status == GAME_INVITED) {
		const struct perplexichess *px = g->kstate;
		if (px->accepted >> seat & 1)
			return phrase_printf(buf, len, "wait until every member has accepted");
		return phrase_printf(buf, len, "accept (or decline) the invitation");
	}
	if (g->status != GAME_PLAYING)
		return phrase_printf(buf, len, "the game is over");
	char example[48];
	if (px_is(g, seat, PX_ROLE_STRATEGIST) && px_transfer_example(g, st->side, example,
								      sizeof example))
		return phrase_printf(buf, len, "transfer pieces between boards whenever you like "
				     "('%s'), and advise your boardmen", example);
	if (px_is(g, seat, PX_ROLE_STRATEGIST))
		return phrase_printf(buf, len, "advise your boardmen: no piece of yours can be "
				     "transferred now, its square taken on every other board");
	if (!px_is(g, seat, PX_ROLE_BOARDMAN) || st->board < 0)
		return phrase_printf(buf, len, "advise your team ('message team ...')");
	bd = &g->board[st->board];
	if (strcmp(bd->result, "*"))
		return phrase_printf(buf, len, "board %d is over (%s): advise your team",
				     st->board + 1, bd->result);
	if ((int)bd->pos->side == st->side)
		return phrase_printf(buf, len, "your move on board %d (or a rule change)",
				     st->board + 1);
	return phrase_printf(buf, len, "wait for %s's move on board %d", side_name(bd->pos->side),
			     st->board + 1);
}

static void px_hash_text(const struct game *g, struct buf *out)
{
	const struct perplexichess *px = g->kstate;

	buf_printf(out, "perplexichess accepted %x votes", px->accepted);
	for (int i = 0; i < g->nseats; i++)
		buf_printf(out, " %d", px->vote[i]);
	buf_str(out, " draws");
	for (int b = 0; b < g->nboards; b++)
		buf_printf(out, " %d", px->draw_offer[b]);
	buf_str(out, "\n");
}

static const struct kind_teams px_teams = {
	.accept = px_accept,
	.seats = px_seats,
	.message_to = px_message_to,
	.hears = px_hears,
	.board_ended = px_board_ended,
};

const struct kind kind_perplexichess = {
	.name = "perplexichess",
	.orders = px_orders,
	.norders = NORDERS,
	.no_such_order = F_("a game of %s has no such order"),
	.state_new = px_state_new,
	.state_copy = px_state_copy,
	.state_size = sizeof(struct perplexichess),
	.state_free = free,
	.create = px_create,
	.phase = px_phase,
	.order_refused = px_order_refused,
	.apply = px_apply,
	.handles = px_handles,
	.clock_charge = px_clock_charge,
	.expect_text = px_expect_text,
	.hash_text = px_hash_text,
	.move_text = px_move_text,
	.choices = px_choices,
	.teams = &px_teams,
};
