/* view_extra.h: what the template of a reply needs to know beyond the game (struct
 * view_extra), which every part of a reader's view is handed (view.h, view_clock.h). */
#ifndef TEMPEST_VIEW_EXTRA_H
#define TEMPEST_VIEW_EXTRA_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"

struct tn_view;

/* What the template of a reply needs to know beyond the game. */
struct view_extra {
	const char *referee, *referee_name;
	const char *sender, *auth;              /* for test */
	bool applied;                           /* the mail changed its game (for test) */
	bool to_sender;                         /* the reply goes to the mail's sender */
	const char *subject;
	const struct order_line *lines;         /* what was read (test) */
	size_t nlines;
	const struct orders *orders;
	char *const *auth_results;              /* the mail's Authentication-Results (test) */
	size_t nauth;
	const struct reply_error *errors;
	size_t nerrors;
	long long now;                          /* for the clocks */
	const char *timezone;                   /* the reader's, for deadlines */
	int challenge_days;                     /* an unanswered challenge lapses after */
	int confirm_days;                       /* a confirmation asked lapses after */
	bool no_pgn;                            /* the template reads no {{pgn}}: not made */
	const char *language;                   /* the reader's ("fr"; NULL: English): the
						 * order words the help shows */
	const struct tn_view *tournament;       /* a tournament's mail: what it shows of it,
						 * for this reader (tournament_view.h) */
};

#endif
