/* jumps.h: draughts-style capture chains (engine-internal).
 *
 * A piece with jumps (variant_set_jumps) captures by jumping an enemy piece along one of
 * its directions and landing beyond it, then may jump again from there, in any of its
 * directions, as often as it likes: every prefix of a chain is a move of its own. The
 * captured pieces leave the board at once, so a later jump may cross their squares, and
 * no piece can be jumped twice. Royal pieces are never jumped: like a King in chess, a
 * royal piece is only attacked (in check) when a chain could end by jumping it.
 *
 * A struct move cannot hold a chain, so it names one: a MOVE_JUMPS move carries the
 * chain's number among the chains the piece on `from` has in the position (in the order
 * jumps_gen finds them), and jumps_path() finds the chain again. Ordinary moves stay
 * eight bytes and chess pays nothing for draughts. */
#ifndef TEMPEST_ENGINE_JUMPS_H
#define TEMPEST_ENGINE_JUMPS_H

#include "engine/pos.h"

struct jump_path {
	int n;                          /* jumps */
	sq_t land[LEGS_MAX];            /* where each jump lands */
	sq_t cap[LEGS_MAX];             /* the piece each jump takes */
};

/* Appends every chain of the piece on `from` to ml (pseudo-legal). */
void jumps_gen(const struct pos *p, sq_t from, struct movelist *ml);
/* The chain a MOVE_JUMPS move names: 0, or -1 if the position has no such chain. */
int jumps_path(const struct pos *p, struct move m, struct jump_path *out);
/* Could a piece of `by` jump a royal piece on `target`, by a first jump or as the last
 * jump of a chain (whatever stands on `target` counts as that royal piece)? */
bool jumps_attack(const struct pos *p, sq_t target, enum color by);
/* Could any position let a jumper of `by` jump a royal piece on `target` (is it inside
 * one of their lines, not on its edge)? False: no move but hers can expose her to one. */
bool jumps_exposed(const struct pos *p, sq_t target, enum color by);

#endif
