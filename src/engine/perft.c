/* perft.c: see perft.h. The last ply is counted, not played. */
#include "engine/perft.h"

#include "engine/movegen.h"

uint64_t perft(struct pos *p, int depth)
{
	struct movelist ml;
	struct undo u;
	uint64_t n = 0;

	if (depth <= 0)
		return 1;
	if (depth == 1)
		return (uint64_t)movegen_count(p);
	movegen_legal(p, &ml);
	for (int i = 0; i < ml.n; i++) {
		pos_make(p, ml.m[i], &u);
		n += perft(p, depth - 1);
		pos_unmake(p, ml.m[i], &u);
	}
	return n;
}
