/* chains.h: draughts-style capture chains (engine-internal).
 *
 * A piece with capture chains (variant_set_chains) captures by jumping an enemy piece
 * along one of its directions and landing beyond it, then may jump again from there, in
 * any of its directions, as often as it likes: every prefix of a chain is a move of its
 * own. The captured pieces leave the board at once, so a later jump may cross their
 * squares, and no piece can be jumped twice. Royal pieces are never jumped: like a King in
 * chess, a royal piece is only attacked (in check) when a chain could end by jumping it.
 * (The name is the draughts one: "jumps" would read as leapers to a chess reader; a
 * variant file still calls the field `jumps`.)
 *
 * A struct move cannot hold a chain, so it names one: a MOVE_CHAIN move carries the
 * chain's number among the chains the piece on `from` has in the position (in the order
 * chains_gen finds them), and chains_path() finds the chain again. Ordinary moves stay
 * eight bytes and chess pays nothing for draughts. */
#ifndef TEMPEST_ENGINE_CHAINS_H
#define TEMPEST_ENGINE_CHAINS_H

#include "engine/pos.h"

struct chain_path {
	int n;                          /* jumps, the chain's legs */
	sq_t land[LEGS_MAX];            /* where each jump lands */
	sq_t cap[LEGS_MAX];             /* the piece each jump takes */
};

/* Appends every chain of the piece on `from` to ml (pseudo-legal). */
void chains_gen(const struct pos *p, sq_t from, struct movelist *ml);
/* The chain a MOVE_CHAIN move names: 0, or -1 if the position has no such chain. */
int chains_path(const struct pos *p, struct move m, struct chain_path *out);
/* Could a piece of `by` jump a royal piece on `target`, by a first jump or as the last
 * jump of a chain (whatever stands on `target` counts as that royal piece)? */
bool chains_attack(const struct pos *p, sq_t target, enum color by);
/* Could any position let a jumper of `by` jump a royal piece on `target` (is it inside
 * one of their lines, not on its edge)? False: no move but hers can expose her to one. */
bool chains_exposed(const struct pos *p, sq_t target, enum color by);

#endif
