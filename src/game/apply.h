/* apply.h: the state of one mail being applied to a game, shared by game_apply.c (what
 * every game has: identity, turns, draws, resignation) and the protocols' own files
 * (the kinds' files in src/kinds/), and what every order shares (apply.c: the refusal,
 * the move order, the end of a board). Internal to the game layer. */
#ifndef TEMPEST_APPLY_H
#define TEMPEST_APPLY_H

#include "game/game.h"

struct apply_state {
	struct game *g;
	const struct sender *s;
	int me;                         /* the sender's colour */
	struct outcome *out;
	const uint8_t *key;
	size_t klen;
	char note[1024];                /* sentences for both players' mails */
	char own_note[256];             /* sentences for the sender's mail only */
	char part_note[256];            /* sentences for the seats in part_seats only */
	unsigned part_seats;
	const char *principal;          /* the event's kind */
	char detail[64];
	char seat_note[SEATS_MAX][320]; /* sentences for one seat's mail only (what became of
					 * their conditional moves) */
	bool moved, ended;
	bool canonical;                 /* the move orders are the engine's SAN, given in
					 * advance: no spelling, no number, no stale-reply check */
	bool stale_reply;               /* the mail answers a referee mail older than the last move */
};

/* The side a->me plays, and the board it moves on (its own, or the first). */
static inline int apply_side(const struct apply_state *a)
{
	return a->g->seat[a->me].side;
}

static inline int apply_board(const struct apply_state *a)
{
	return a->g->seat[a->me].board >= 0 ? a->g->seat[a->me].board : 0;
}

/* Refuses the order (the mail then changes nothing); always returns -1. */
int apply_error(struct apply_state *a, const struct order *od, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Adds a sentence to the note both players read. */
void apply_note(struct apply_state *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a sentence that only the seats in `seats` (a bit per seat) read: a team's vote,
 * sent with a move that both teams hear of. */
void apply_note_to(struct apply_state *a, unsigned seats, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The first kind given names the mail's event; but a move outranks what only goes with
 * it (an offer or a refusal of a draw, a vote), and any order outranks bookkeeping. */
void apply_principal(struct apply_state *a, const char *kind);
void apply_finish(struct apply_state *a, const char *result, const char *why);
/* Ends the game if the position says so (mate, stalemate, draw rules). */
void apply_end_by_status(struct apply_state *a);
/* The same for board b: in a game of several boards, the board ends, and the game with
 * its last board. */
void apply_end_on_board(struct apply_state *a, int b);
/* Board b of several ends with `result` (the kind hears of it: board_ended); the game
 * ends with its last board, won by the side that won more boards. */
void apply_board_ends(struct apply_state *a, int b, const char *result, const char *why);
/* What every move order must pass before it is played: its number, if written, must be
 * the move's; a reply to a referee mail older than the last move must carry the number.
 * 0, or -1 (refused). */
int apply_move_checks(struct apply_state *a, const struct order *od);
/* The move `text` as the engine should read it in p: the sender's piece letters read in
 * their language (spelling.h), in buf. NULL when a letter reads two ways and both are
 * moves: the order is then refused with the question ("did you mean ..."). */
const char *apply_spelled(struct apply_state *a, const struct order *od, struct pos *p,
			  const char *text, char *buf, size_t len);
/* A move was made by a->me: the opponent's pending draw offer lapses (docs/orders.md, "Orders"). */
void apply_after_move(struct apply_state *a);
/* Adds a sentence that only seat `seat` reads. */
void apply_note_seat(struct apply_state *a, int seat, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A move order of a->me as every game plays it on their board (the kind's own moves
 * aside): 0, or -1 refused. */
int apply_plain_move(struct apply_state *a, const struct order *od);
/* One move order of a->me (a move given in advance, a->canonical), as a mail's would be
 * applied: by the kind when it takes moves, else by the game. 0, or -1 (refused). */
int apply_move_order(struct apply_state *a, const struct order *od);
/* A player's setting (vacation, timezone, language: game_settings.c): 0, or -1 refused. */
int apply_setting(struct apply_state *a, const struct order *od);
/* Everything an order can change, so that a failed mail leaves no trace
 * (game_snapshot.c). */
struct snapshot {
	struct pos *pos;                /* each board's (16.6 KB each), as many as it has: a
					 * snapshot sized for BOARDS_MAX was 128 KB a mail */
	int nmoves[BOARDS_MAX];
	char board_result[BOARDS_MAX][8];
	char board_termination[BOARDS_MAX][64];
	int draw_offer;
	void *kstate;                   /* a copy of the kind's state, or NULL */
	enum game_status status;
	char result[8], termination[64];
	struct seat seat[SEATS_MAX];    /* passwords; duties (a team's reassignments) */
	int nseats;
	struct standing_line *standing; /* a copy of the lines given in advance, or NULL */
	size_t nstanding;
};
/* Takes the snapshot (snapshot_free frees what it holds); -1 out of memory. */
int snapshot_take(const struct game *g, struct snapshot *s);
/* Puts the game back as the snapshot holds it (the game takes over its lines). */
void snapshot_restore(struct game *g, struct snapshot *s);
void snapshot_free(struct snapshot *s);

/* Runs `step` as seat `me` within this mail (a card game's answer given in advance): kept
 * with its notes if it refuses nothing, else undone whole and the mail goes on without
 * it. 1 kept, 0 undone, -1 out of memory. */
int apply_attempt(struct apply_state *a, int me, int (*step)(struct apply_state *b, void *ctx),
		  void *ctx);
/* Is the game being played (else refuses the order and says why)? */
bool apply_playing(struct apply_state *a, const struct order *od);

/* The orders, applied as player `me` without authentication: the referee acting for a
 * player whose time to answer passed (game_referee.c). */
int game_apply_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		   int me, const struct orders *o, struct outcome *out, struct err *e);

#endif
