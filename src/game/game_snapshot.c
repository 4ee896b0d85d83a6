/* game_snapshot.c: a game's state as an order may change it, taken before a mail (or a
 * part of one) and put back if it fails: a refused mail leaves no trace. */
#include <stdlib.h>
#include <string.h>

#include "game/apply.h"
#include "game/kind.h"
#include "game/standing.h"

int snapshot_take(const struct game *g, struct snapshot *s)
{
	const struct kind *k = kind_of(g);

	s->kstate = NULL;
	s->standing = NULL;
	if (!(s->pos = malloc((size_t)g->nboards * sizeof *s->pos)))
		return -1;
	if (g->kstate && !(s->kstate = malloc(k->state_size)))
		return -1;
	if (g->kstate)
		k->state_copy(s->kstate, g->kstate);
	for (int b = 0; b < g->nboards; b++) {
		memcpy(&s->pos[b], g->board[b].pos, sizeof s->pos[b]);
		s->nmoves[b] = g->board[b].nmoves;
		memcpy(s->board_result[b], g->board[b].result, sizeof s->board_result[b]);
		memcpy(s->board_termination[b], g->board[b].termination,
		       sizeof s->board_termination[b]);
	}
	s->draw_offer = g->draw_offer;
	s->status = g->status;
	memcpy(s->result, g->result, sizeof s->result);
	memcpy(s->termination, g->termination, sizeof s->termination);
	s->nseats = g->nseats;
	if (g->nseats)
		memcpy(s->seat, g->seat, (size_t)g->nseats * sizeof *g->seat);
	if (standing_save(g, &s->standing, &s->nstanding) < 0) {
		free(s->kstate);
		s->kstate = NULL;
		return -1;
	}
	return 0;
}

void snapshot_free(struct snapshot *s)
{
	free(s->pos);
	free(s->kstate);
	free(s->standing);
	s->pos = NULL;
	s->kstate = NULL;
	s->standing = NULL;
}

/* A refused mail's entries of a board: did one change the board's rules? */
static bool rules_changed(const struct board *bd, int from)
{
	for (int i = from; i < bd->nmoves; i++)
		if (!strncmp(bd->moves[i], "@rule ", 6))
			return true;
	return false;
}

void snapshot_restore(struct game *g, struct snapshot *s)
{
	for (int b = 0; b < g->nboards; b++) {
		bool rebuild = rules_changed(&g->board[b], s->nmoves[b]);
		memcpy(g->board[b].pos, &s->pos[b], sizeof s->pos[b]);
		board_truncate_moves(&g->board[b], s->nmoves[b]);
		memcpy(g->board[b].result, s->board_result[b], sizeof s->board_result[b]);
		memcpy(g->board[b].termination, s->board_termination[b],
		       sizeof s->board_termination[b]);
		struct err e;
		if (rebuild && board_reload(g, b, &e) < 0)
			abort();        /* the list replayed before this mail: it replays again */
	}
	if (s->kstate)
		kind_of(g)->state_copy(g->kstate, s->kstate);
	g->draw_offer = s->draw_offer;
	g->status = s->status;
	memcpy(g->result, s->result, sizeof s->result);
	memcpy(g->termination, s->termination, sizeof s->termination);
	/* the seats as they were: one a refused mail added goes too */
	if (s->nseats)
		memcpy(g->seat, s->seat, (size_t)s->nseats * sizeof *g->seat);
	g->nseats = s->nseats;
	standing_restore(g, s->standing, s->nstanding);
	s->standing = NULL;
}

int apply_attempt(struct apply_state *a, int me, int (*step)(struct apply_state *b, void *ctx),
		  void *ctx)
{
	struct snapshot *sn = malloc(sizeof *sn);
	struct apply_state *b = malloc(sizeof *b);
	struct outcome scratch = { 0 };
	int kept = -1;

	if (sn)
		*sn = (struct snapshot){ 0 };
	if (sn && b && snapshot_take(a->g, sn) == 0) {
		*b = *a;
		b->me = me;
		b->out = &scratch;
		kept = step(b, ctx) == 0 && !scratch.nerrors;
		if (kept) {
			memcpy(a->note, b->note, sizeof a->note);
			memcpy(a->seat_note, b->seat_note, sizeof a->seat_note);
			a->ended = b->ended;
			a->moved |= b->moved;
		} else
			snapshot_restore(a->g, sn);
	}
	if (sn)
		snapshot_free(sn);
	outcome_free(&scratch);
	free(sn);
	free(b);
	return kept;
}
