/* archive.h: the public archive's pages (archive_page.c, archive_index.c), text only: the
 * code that writes them (cli/archive_run.c, for `tempest archive` and after a run) reads
 * the games and owns the files.
 *
 * A game's page shows what anyone may know: the players, the result, the boards (the
 * HTML board of board_html.c), the move list with a position for each entry, shown by
 * its anchor (CSS :target, no script), and the referee's account an onlooker would be
 * mailed (the caller renders it with the mail templates for no seat, so the kinds'
 * secrecy rules are the mails'). The index lists the games from their entries. */
#ifndef TEMPEST_RENDER_ARCHIVE_H
#define TEMPEST_RENDER_ARCHIVE_H

#include <stddef.h>
#include <stdio.h>

#include "game/game.h"
#include "util/buf.h"

/* A game as the index lists it; plain text, kept between runs in the archive's manifest
 * so that an unchanged game is not read again. */
struct archive_entry {
	int id;
	char kind[64];                  /* the variant's title */
	char white[512], black[512];    /* each side's players, as the public names them */
	char result[96];                /* "1-0 (checkmate)", "in play", ... */
	char created[32], updated[32];
	int plies;
	int tournament, round;          /* a tournament's game: its number and round; else 0 */
};

/* A tournament as the index groups its games under it. */
struct archive_tournament {
	int id;
	char name[96];                  /* its event's name */
	char variant[64];
	char status[16];
};

/* The index entry of g (its position loaded). */
void archive_entry_of(const struct game *g, struct archive_entry *out);
/* The page of game g (its position loaded): account is the referee's public text about
 * the game (NULL: none), pgn the name of its PGN file beside the page. */
void archive_page(const struct game *g, const char *account, const char *pgn, struct buf *out);
/* What the referee would mail someone who is no player of g (its position loaded): the
 * status mail, or the end mail with its reveal once the game is over, rendered with the
 * templates t, without its subject, its signature or the clock's lines, which speak to a
 * player. The caller frees it; NULL (e said) if a template fails. */
struct templates;
char *archive_account(const struct templates *t, const struct game *g, const char *referee,
		      const char *referee_name, struct err *e);
/* The index of the entries (in the order given), each tournament's games under its
 * heading and a link to its page, then the other games; `when` says when it was
 * written. */
void archive_index(const struct archive_entry *e, size_t n,
		   const struct archive_tournament *t, size_t nt, const char *when,
		   struct buf *out);
/* A tournament's page (archive_tournament.c): its terms, its crosstable of each section,
 * each result a link to its game's page, and its games by round. variant: its title;
 * names: each entrant as the public names them (tn_view's). */
struct tournament;
void archive_tournament_page(const struct tournament *t, const char *variant,
			     const char *const *names, struct buf *out);
void archive_tournament_name(int id, char *out, size_t len);
/* The pages' style sheet (archive.css beside them). */
extern const char archive_css[];
/* The page's and the PGN's file names of game id ("game-7.html", "game-7.pgn"): here,
 * below the index and the pages, which link each other. */
static inline void archive_page_name(int id, char *out, size_t len)
{
	snprintf(out, len, "game-%d.html", id);
}

static inline void archive_pgn_name(int id, char *out, size_t len)
{
	snprintf(out, len, "game-%d.pgn", id);
}

#endif
