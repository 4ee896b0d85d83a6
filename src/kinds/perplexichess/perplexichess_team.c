/* perplexichess_team.c: the teams of a Perplexichess game (seed 001, rules 1, 5 and 6):
 * the members a challenge names and their duties, the strategist's reassignments, the
 * election of a new strategist, and the messages within a team. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kinds/perplexichess/perplexichess.h"

const char *px_duty(const struct game *g, int seat, char *buf, size_t len)
{
	const struct seat *st = &g->seat[seat];

	if (px_is(g, seat, PX_ROLE_STRATEGIST))
		return phrase_printf(buf, len, "%s's grand strategist", side_name(st->side));
	if (px_is(g, seat, PX_ROLE_BOARDMAN))
		return phrase_printf(buf, len, "%s's boardman on board %d", side_name(st->side),
				     st->board + 1);
	return phrase_printf(buf, len, "%s's agent", side_name(st->side));
}

const char *px_role(const struct game *g, int seat, char *buf, size_t len)
{
	const struct seat *st = &g->seat[seat];

	if (px_is(g, seat, PX_ROLE_STRATEGIST))
		return phrase_printf(buf, len, "grand strategist");
	if (px_is(g, seat, PX_ROLE_BOARDMAN))
		return phrase_printf(buf, len, "boardman on board %d", st->board + 1);
	return phrase_printf(buf, len, "agent");
}

/* An address as the order reads one (order_address_ok), its domain in lower case. */
static int member_address(const char *w, char *out, size_t len)
{
	if (!order_address_ok(w) || strlen(w) >= len)
		return -1;
	snprintf(out, len, "%s", w);
	for (char *c = strchr(out, '@'); *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return 0;
}

/* The seat that a challenge line names, made or found; -1 with the reason. */
static int member_seat(struct game *g, const struct order *od, char *why, size_t wlen)
{
	char w[3][ADDR_MAX] = { "", "", "" }, title[96];
	int side, board = -1;

	sscanf(od->arg, "%255s %255s %255s", w[0], w[1], w[2]);
	side = !strcasecmp(w[0], "white") ? WHITE : BLACK;
	if (od->kind == PX_BOARDMAN) {
		board = px_board_number(w[1]);
		if (board < 0 || board >= g->nboards)
			return phrase_printf(why, wlen, "a game of %s has boards 1 to %d",
					     game_title(g, title, sizeof title),
					g->nboards), -1;
		memmove(w[1], w[2], sizeof w[1]);
	}
	for (int i = 0; i < g->nseats; i++) {
		const struct seat *st = &g->seat[i];
		if (st->side != side || st->address[0])
			continue;
		if ((od->kind == PX_STRATEGIST && !strcmp(st->role, PX_ROLE_STRATEGIST)) ||
		    (od->kind == PX_BOARDMAN && !strcmp(st->role, PX_ROLE_BOARDMAN) && st->board == board))
			return i;
	}
	if (od->kind != PX_AGENT)
		return phrase_printf(why, wlen, "%s has a %s named already", side_name(side),
				     od->kind == PX_STRATEGIST ? N_("grand strategist") :
				     N_("boardman for that board")), -1;
	int n = game_add_seat(g, side, -1, PX_ROLE_AGENT, NULL);
	if (n < 0)
		return phrase_printf(why, wlen, "too many members"), -1;
	return n;
}

/* The agents of each side within rule 1's numbers. */
static int agents_checked(const struct game *g, char *why, size_t wlen)
{
	int min, max;

	px_agents_allowed(g->nboards, &min, &max);
	for (int c = WHITE; c <= BLACK; c++) {
		int n = 0;
		for (int i = 0; i < g->nseats; i++)
			n += g->seat[i].side == c && px_is(g, i, PX_ROLE_AGENT);
		if (n < min || n > max)
			return phrase_printf(why, wlen, "a game of %d boards has %d to %d agents a side "
					"(rule 1); %s has %d", g->nboards, min, max, side_name(c), n), -1;
	}
	return 0;
}

/* The fewest agents rule 1 allows, a side (White's, then Black's): seats for `tempest new`. */
static int agents_seated(struct game *g, char *why, size_t wlen)
{
	int min, max;

	px_agents_allowed(g->nboards, &min, &max);
	for (int c = WHITE; c <= BLACK; c++)
		for (int k = 0; k < min; k++)
			if (game_add_seat(g, c, -1, PX_ROLE_AGENT, NULL) < 0)
				return phrase_printf(why, wlen, "too many members"), -1;
	return 0;
}

/* The seats: a boardman per side on each board (made by the game layer), a strategist
 * per side, and the agents the challenge names; each member's address from its line. */
int px_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
	      int *line, char *why, size_t wlen)
{
	(void)key, (void)klen;
	if (game_add_seat(g, WHITE, -1, PX_ROLE_STRATEGIST, NULL) < 0 ||
	    game_add_seat(g, BLACK, -1, PX_ROLE_STRATEGIST, NULL) < 0)
		return phrase_printf(why, wlen, "too many members"), -1;
	if (!o)                 /* the game master names them (tempest new), with as many
				 * agents as rule 1 asks at least (one a side on 5 or 7 boards) */
		return agents_seated(g, why, wlen);
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		char addr[ADDR_MAX], w[3][ADDR_MAX] = { "", "", "" };
		if (od->kind != PX_STRATEGIST && od->kind != PX_BOARDMAN && od->kind != PX_AGENT)
			continue;
		*line = od->lineno;
		int n = sscanf(od->arg, "%255s %255s %255s", w[0], w[1], w[2]);
		if (n < 1)      /* its shape (member_shaped) says it has words: never trust it */
			return phrase_printf(why, wlen, "write: %s", od->word), -1;
		if (member_address(w[n - 1], addr, sizeof addr) < 0)
			return phrase_printf(why, wlen, "'%s' is not a mail address", w[n - 1]), -1;
		if (game_seat_of(g, addr) >= 0)
			return phrase_printf(why, wlen, "%s is named twice: each member has one duty", addr), -1;
		int seat = member_seat(g, od, why, wlen);
		if (seat < 0)
			return -1;
		snprintf(g->seat[seat].address, ADDR_MAX, "%s", addr);
	}
	*line = 0;
	for (int i = 0; i < g->nseats; i++)
		if (!g->seat[i].address[0])
			return px_is(g, i, PX_ROLE_STRATEGIST) ?
			       phrase_printf(why, wlen, "%s has no grand strategist: add 'strategist %s "
					"ADDRESS'", side_name(g->seat[i].side), color_name_lc(g->seat[i].side)) :
			       phrase_printf(why, wlen, "board %d has no %s boardman: add 'boardman %s %d "
					"ADDRESS'", g->seat[i].board + 1, side_name(g->seat[i].side),
					color_name_lc(g->seat[i].side), g->seat[i].board + 1), -1;
	return agents_checked(g, why, wlen);
}

/* Two members of a team exchange their duties (board and role). */
static void swap_duties(struct game *g, int x, int y)
{
	int board = g->seat[x].board;
	char role[ROLE_MAX];

	memcpy(role, g->seat[x].role, ROLE_MAX);
	g->seat[x].board = g->seat[y].board;
	memcpy(g->seat[x].role, g->seat[y].role, ROLE_MAX);
	g->seat[y].board = board;
	memcpy(g->seat[y].role, role, ROLE_MAX);
}

/* "assign ADDRESS boardman N" (rule 5): the member takes board N; the boardman who held
 * it takes the member's former duty. */
int px_assign(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	char addr[ADDR_MAX] = "", word[16], duty[96];
	int board = 0, side = g->seat[a->me].side;

	if (sscanf(od->arg, "%255s %15s %d", addr, word, &board) != 3)
		return apply_error(a, od, "write it as: assign bob@example.org boardman 2");
	int t = game_seat_of(g, addr);
	char title[96];
	if (t < 0 || g->seat[t].side != side)
		return apply_error(a, od, "%s is not a member of %s's team", addr, side_name(side));
	if (t == a->me)
		return apply_error(a, od, "the grand strategist does not play a board (rule 5)");
	if (board < 1 || board > g->nboards)
		return apply_error(a, od, "a game of %s has boards 1 to %d",
				   game_title(a->g, title, sizeof title), g->nboards);
	int h = -1;
	for (int i = 0; i < g->nseats; i++)
		if (g->seat[i].side == side && g->seat[i].board == board - 1 &&
		    px_is(g, i, PX_ROLE_BOARDMAN))
			h = i;
	if (h == t)
		return apply_error(a, od, "%s is the boardman of board %d already", addr, board);
	swap_duties(g, t, h);
	apply_principal(a, "assign");
	snprintf(a->detail, sizeof a->detail, "%d:%d", t, board);
	apply_note(a, "%s's grand strategist assigns %s to board %d; %s, who played it, is now %s.",
		   side_name(side), g->seat[t].address, board, g->seat[h].address,
		   px_duty(g, h, duty, sizeof duty));
	return 0;
}

/* "elect ADDRESS" (rule 5): a vote for a new grand strategist; the incumbent has no vote,
 * and a candidate is elected by more than half of the votes the team may cast. */
int px_elect(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	struct perplexichess *px = g->kstate;
	int side = g->seat[a->me].side, incumbent = px_strategist(g, side);
	int c = game_seat_of(g, od->arg), voters = 0, votes = 0;
	char duty[96];

	if (c < 0 || g->seat[c].side != side)
		return apply_error(a, od, "%s is not a member of %s's team", od->arg, side_name(side));
	if (c == incumbent)
		return apply_error(a, od, "%s is the grand strategist already", od->arg);
	px->vote[a->me] = c;
	for (int i = 0; i < g->nseats; i++) {
		if (g->seat[i].side != side || i == incumbent)
			continue;
		voters++;
		votes += px->vote[i] == c;
	}
	snprintf(a->detail, sizeof a->detail, "%d", c);
	if (2 * votes <= voters) {
		unsigned team = 0;
		for (int i = 0; i < g->nseats; i++)
			team |= (unsigned)(g->seat[i].side == side) << i;
		apply_principal(a, "vote");
		/* the team's business: beside a move, the other team hears of the move alone */
		apply_note_to(a, team, "%s votes for %s as %s's grand strategist: %d of the %d "
			      "votes of the team (%d needed).", g->seat[a->me].address,
			      g->seat[c].address, side_name(side), votes, voters, voters / 2 + 1);
		return 0;
	}
	swap_duties(g, c, incumbent);
	for (int i = 0; i < g->nseats; i++)
		if (g->seat[i].side == side)
			px->vote[i] = -1;
	apply_principal(a, "elect");
	apply_note(a, "%s is elected %s's grand strategist (%d of the %d votes of the team); %s "
		   "is now %s.", g->seat[c].address, side_name(side), votes, voters,
		   g->seat[incumbent].address, px_duty(g, incumbent, duty, sizeof duty));
	return 0;
}

/* "message team TEXT" (the sender's team), "message all TEXT" (both teams), "message
 * ADDRESS TEXT" (one member of either), else the line whole to the sender's team (rule
 * 6: the team's communication is its own; the other team reads only what is addressed
 * to it). */
long px_message_to(const struct game *g, int from, const char *arg, const char **text,
		   char *why, size_t wlen)
{
	char first[ADDR_MAX] = "";
	size_t n = strcspn(arg, " ");
	long bits = 0;
	int side = g->seat[from].side, to = -1;

	snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first ? n : sizeof first - 1), arg);
	*text = arg;
	bool team = !strcasecmp(first, "team"), all = !strcasecmp(first, "all") ||
		    !strcasecmp(first, "everyone");
	if (strchr(first, '@') && (to = game_seat_of(g, first)) < 0)
		return phrase_printf(why, wlen, "%s plays no part in game %d", first, g->id), -1;
	if (to == from)
		return phrase_printf(why, wlen, "that message is addressed to yourself"), -1;
	if (team || all || to >= 0) {
		*text = arg + n;
		while (**text == ' ')
			(*text)++;
		if (!**text)
			return phrase_printf(why, wlen, "the message is empty"), -1;
	}
	for (int i = 0; i < g->nseats; i++)
		if (i != from && (to >= 0 ? i == to : all || g->seat[i].side == side))
			bits |= 1L << i;
	return bits;
}
