/* status.h: how a position stands: checkmate, stalemate, draws automatic or claimable.
 *
 * Automatic ends (the game is over): checkmate, stalemate, a dead position (neither side
 * has mating material, when the variant says so), the seventy-five-move rule and fivefold
 * repetition. Claimable draws (a player must ask): the fifty-move rule and threefold
 * repetition. Numbers come from the variant's draw rules. */
#ifndef TEMPEST_ENGINE_STATUS_H
#define TEMPEST_ENGINE_STATUS_H

#include "engine/pos.h"

enum status_end {
	STATUS_ONGOING = 0,
	STATUS_CHECKMATE,       /* the side to move is mated */
	STATUS_STALEMATE,       /* the side to move has no legal move and is not in check */
	STATUS_DEAD,            /* no sequence of legal moves can mate (material) */
	STATUS_MOVE_LIMIT,      /* seventy-five-move rule */
	STATUS_REPETITION,      /* fivefold repetition */
};

struct status {
	enum status_end end;
	bool in_check;
	int nlegal;
	bool claim_fifty;       /* fifty-move rule can be claimed now */
	bool claim_repetition;  /* threefold repetition can be claimed now */
};

void status_get(struct pos *p, struct status *st);
/* Neither side can possibly mate (used by status_get when the variant allows). */
bool status_dead_material(const struct pos *p);
/* Side c has nothing but royal pieces, on the board or in hand (it cannot mate). */
bool status_bare(const struct pos *p, int c);
/* A short English phrase for an ending: "checkmate", "stalemate", ... */
const char *status_end_name(enum status_end end);

#endif
