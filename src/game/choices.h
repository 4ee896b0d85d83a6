/* choices.h: what a seat may send now, each choice a whole mail's orders, for the HTML
 * part's one-click moves (docs/design.md, "One-click moves"): each legal move of the
 * seat's board in their piece letters, numbered, grouped by the kind of piece that moves; a
 * kind adds or replaces with its own (a card game's `accept` and answers, TigerChess's
 * postings, ChessMe's placements, Perplexichess's transfers). Each choice's text reads
 * back, for that seat, as exactly that choice: the moves are checked through the reader
 * they will meet (spelling.h), and written from square to square where the letters would
 * read two ways. Pure game logic.
 *
 * game_choices() fills a struct choices the caller frees with choices_free(). */
#ifndef TEMPEST_GAME_CHOICES_H
#define TEMPEST_GAME_CHOICES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"
#include "game/game.h"

#define CHOICE_GROUP 48
#define CHOICE_LABEL 48
#define CHOICE_BODY 160

struct choice {
	piece_t piece;                  /* the piece that moves: the choices of a piece type go
					 * under its figurine (or letter); or 0 */
	char group[CHOICE_GROUP];       /* the group: the piece's name ("Knight"), or what the
					 * group is ("your answer", "from board 2") */
	char label[CHOICE_LABEL];       /* what a link shows: the move in the seat's letters */
	bool words;                     /* the label is a phrase (a catalogue's format: "e4 to
					 * board 2"), to be shown in the reader's language */
	char body[CHOICE_BODY];         /* the mail's orders, lines joined by '\n':
					 * "12. Nf3", "12. e4\nnumbers random", "accept" */
};

struct choices {
	size_t n, cap;
	struct choice *c;
	size_t left_out;                /* choices not listed, beyond a kind's bound (0: all) */
	const char *left_out_note;      /* what the mail says of them: an N_() format of one
					 * %d (NULL: "%d more are not listed here ...") */
};

/* What seat may send now in game g (nothing when it is not expected to act, or the game
 * is not in play). 0, or -1 when out of memory. */
int game_choices(const struct game *g, int seat, struct choices *out);
void choices_free(struct choices *c);

/* For the kinds' choices: a choice appended; -1 when out of memory. The group is shown
 * in the reader's language when it is a catalogue's phrase (N_()). */
int choices_add(struct choices *c, piece_t piece, const char *group, const char *label,
		const char *body);
/* The same, its label a phrase too. */
int choices_add_words(struct choices *c, piece_t piece, const char *group, const char *label,
		      const char *body);
/* The choices from index `from` on, grouped by the kind of piece that moves, in the
 * order they came within each group. -1 when out of memory. */
int choices_group(struct choices *c, size_t from);
/* Each legal move of board b for seat (side to move there), in the seat's letters,
 * grouped by the kind of piece; `extra` (or NULL) the line each move's mail carries after
 * it ("numbers random"); with `number`, the move's number before it ("12... Nf6"); but
 * those that `refused` (or NULL) says the kind would refuse, given their SAN. */
int choices_moves(const struct game *g, int b, int seat, const char *extra, bool number,
		  bool (*refused)(const struct game *g, const char *san), struct choices *out);

#endif
