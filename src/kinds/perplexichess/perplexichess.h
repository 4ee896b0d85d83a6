/* perplexichess.h: Perplexichess by mail (seed 001), a team game on 3, 5 or 7 boards: a
 * grand strategist, a boardman per board and agents on each side; Flexichess rule
 * changes instead of a move; the strategists' transfers between boards at any time.
 *
 * The game layer keeps the seats (a seat's side, board and role: "strategist",
 * "boardman", "agent") and the boards (each board's list holds its moves, the transfers'
 * "@remove"/"@place" edits and the rule changes "@rule N BETZA"); the kind's own state is
 * what the board lists cannot say: who has accepted the challenge, the votes for a new
 * strategist and the draw offers of each board. Internal to the kind's folder. */
#ifndef TEMPEST_KINDS_PERPLEXICHESS_H
#define TEMPEST_KINDS_PERPLEXICHESS_H

#include <stdbool.h>

#include "game/apply.h"
#include "game/game.h"

enum px_order {
	PX_STRATEGIST = ORDER_KIND_FIRST,       /* strategist white ADDRESS (challenge) */
	PX_BOARDMAN,                            /* boardman white 2 ADDRESS (challenge) */
	PX_AGENT,                               /* agent white ADDRESS (challenge) */
	PX_TRANSFER,                            /* transfer e4 from 1 to 3 */
	PX_RULE,                                /* rule N NW, rule knight add W */
	PX_ASSIGN,                              /* assign ADDRESS boardman 2 */
	PX_ELECT,                               /* elect ADDRESS */
};

#define PX_ROLE_STRATEGIST "strategist"
#define PX_ROLE_BOARDMAN   "boardman"
#define PX_ROLE_AGENT      "agent"

struct perplexichess {
	unsigned accepted;              /* bit per seat: has accepted the challenge */
	int vote[SEATS_MAX];            /* the seat each member votes for as strategist, or -1 */
	int draw_offer[BOARDS_MAX];     /* the side that offers a draw on board b, or -1 */
};

void px_init(struct perplexichess *px);
bool px_is(const struct game *g, int seat, const char *role);
/* The strategist of side c, or -1. */
int px_strategist(const struct game *g, int c);
/* The agents the seed allows a side on n boards (rule 1): min and max. */
void px_agents_allowed(int nboards, int *min, int *max);

/* A board's number as written (1 to BOARDS_MAX), less one; -1 if it is none. */
int px_board_number(const char *w);
/* A square as a player writes it, algebraic ("e4") or numbered (1..64, rule 2: 1 is a8,
 * 8 is h8, 57 is a1, 64 is h1: White on the high numbers); its name, or NULL. */
const char *px_square(const char *w, char out[8]);

/* perplexichess_team.c: the challenge's members, duties, elections, messages. */
int px_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
	      int *line, char *why, size_t wlen);
int px_assign(struct apply_state *a, const struct order *od);
int px_elect(struct apply_state *a, const struct order *od);
long px_message_to(const struct game *g, int from, const char *arg, const char **text,
		   char *why, size_t wlen);
const char *px_duty(const struct game *g, int seat, char *buf, size_t len);

/* perplexichess_board.c: transfers, Flexichess, draws and resignation on one board. */
int px_transfer(struct apply_state *a, const struct order *od);
/* A transfer side c's strategist may make now, as its order ("transfer e4 from 1 to 3"):
 * true, or false if none may be made (every square is taken on the other boards). */
bool px_transfer_example(const struct game *g, int side, char *out, size_t len);
int px_rule(struct apply_state *a, const struct order *od);
int px_draw(struct apply_state *a, const struct order *od, const struct orders *o);
int px_resign(struct apply_state *a, const struct order *od);
/* A turn taken on board b: the opponent's draw offer there lapses. */
void px_offer_lapses(struct apply_state *a, int b);
int px_board_ended(struct game *g, int b, struct err *e);
const char *px_move_text(const struct game *g, const struct pos *at, const char *in, char *buf,
			 size_t len, char *why, size_t wlen);
struct choices;
/* What seat may send now: a boardman's moves, a strategist's transfers
 * (perplexichess_choices.c). */
int px_choices(const struct game *g, int seat, struct choices *out);
/* The rule changes in force on board b, in words ("N moves as NW"), or "". */
const char *px_rules_text(const struct game *g, int b, char *buf, size_t len);

#endif
