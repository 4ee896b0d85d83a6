/* view_kind.h: what a game kind adds to a mail (registry.h finds it by kind): template
 * variables for one reader, who sees only what the rules let them see. */
#ifndef TEMPEST_RENDER_VIEW_KIND_H
#define TEMPEST_RENDER_VIEW_KIND_H

#include <stdbool.h>

#include "game/game.h"
#include "render/view.h"
#include "util/buf.h"

struct kind_view {
	/* The kind's variables of reply r for `reader` (a seat, or -1 for an outsider). */
	void (*view)(const struct game *g, const struct reply *r, int reader, struct tctx *c);
	/* A summary for the game master's terminal (`tempest show`), public facts only. */
	void (*summary)(const struct game *g, struct buf *out);
	/* The kind draws its own board in the text (ChessMe): no HTML board. */
	bool own_board;
};

#endif
