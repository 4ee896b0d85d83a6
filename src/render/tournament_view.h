/* tournament_view.h: what a tournament's mails and pages show of it: its crosstable as
 * text lines that fit a mail's 78 columns (names shortened; past that width, the
 * standings as a list), the same as an HTML table, and the variables of its mails'
 * templates (`tournament`, `standings`). The column headings come in the reader's words
 * (struct tn_words, from the catalogue's msgids); nothing else in a table is a word. */
#ifndef TEMPEST_TOURNAMENT_VIEW_H
#define TEMPEST_TOURNAMENT_VIEW_H

#include <stdbool.h>

#include "render/template.h"
#include "tournament/glicko2.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"
#include "util/buf.h"

/* The headings of a table, each a msgid of templates/po/data.pot. */
struct tn_words {
	const char *player, *rating, *points, *sb, *games, *section;
	const char *entrant;            /* "Player %d": an entrant with no name to show */
};

struct tn_view {
	const struct tournament *t;
	const char *variant;            /* the variant's title */
	const struct glicko *ratings;   /* each entrant's rating now, by index (NULL: none
					 * shown, an unrated tournament) */
	struct tn_words words;          /* in the reader's language */
	int section;                    /* the section the reader plays in (0: all) */
	int game;                       /* the game whose end the mail tells, or 0 */
	bool links;                     /* each result a link to its game's page */
	const char *const *names;       /* each entrant as the public names them
					 * (public_label), by index; NULL or "": "Player N" */
};

/* How the tables name entrant p (never by an address the entrant did not allow: anyone
 * may ask for the standings); buf holds "Player N" when no name was given. */
const char *tn_view_name(const struct tn_view *v, int p, char *buf, size_t len);
/* The headings in English. */
void tn_words_english(struct tn_words *w);
/* Section s's crosstable in at most `width` columns, or its standings as a list when the
 * table does not fit. */
void tn_view_table(const struct tn_view *v, int section, int width, struct buf *out);
/* Section s's crosstable as an HTML table (each cell carries data-marks, each row
 * data-player, data-points and data-sb, for a reader of the DOM). */
void tn_view_html_table(const struct tn_view *v, int section, struct buf *out);
/* The template variables of a tournament's mail. */
void tn_view_context(const struct tn_view *v, struct tctx *c);
/* The variables of a tournament's game's mails (its tournament, round and section), when
 * t names one. */
struct game_tournament;
void tn_view_game(const struct game_tournament *t, struct tctx *c);
/* The HTML part of a mail that shows a crosstable: the tables, then the text part whole.
 * The caller frees it; NULL when memory runs out. */
char *tn_view_html(const struct tn_view *v, const char *subject, const char *text);
/* "3½", "12": half-points as the tables write them (HTML: "&frac12;" for ½). */
const char *tn_view_points(int half, bool html, char *out, size_t len);
/* "15.75": Sonneborn-Berger in quarter-points. */
const char *tn_view_sb(long quarters, char *out, size_t len);
/* "1612", "1500?" (a provisional rating). */
const char *tn_view_rating(const struct glicko *g, char *out, size_t len);

#endif
