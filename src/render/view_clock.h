/* view_clock.h: the clock's template variables (view_clock.c), below the rest of a reader's
 * view (view.h, which includes this): each reader's time left and the next deadline, in
 * the reader's time zone, and the reminder mail's list of games. */
#ifndef TEMPEST_VIEW_CLOCK_H
#define TEMPEST_VIEW_CLOCK_H

#include <stddef.h>

#include "game/game.h"
#include "render/template.h"
#include "render/view_extra.h"

/* The clock's variables for one reader (-1: neither player): time left, the deadline that
 * matters to them, in their time zone (view_clock.c). */
void view_clock(const struct game *g, int reader, struct tctx *c, const struct view_extra *x);
/* When what c owes now is due: the move, or the answer an answer window asks for (an
 * interception being optional, its window is not a deadline). 0 if c's clock is still. */
long long view_due(const struct game *g, int c);
/* One game of a reminder: the game (loaded, with its players' vacations), the reader's
 * colour in it and their deadline. */
struct reminder_item {
	const struct game *g;
	int colour;              /* the seat the reminder is for */
	long long deadline;
};
/* The variables of a reminder mail about several games (REPLY_REMINDER). */
struct tctx *view_reminder(const struct reminder_item *items, size_t n, const struct view_extra *x);

#endif
