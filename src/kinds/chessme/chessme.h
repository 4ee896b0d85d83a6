/* chessme.h: ChessMe (seed 004) without a board: the position as a sparse list of tiles
 * on an unbounded grid, the hands and piles, and the rules of moving and placing. Pure:
 * no I/O, no allocation.
 *
 * Squares are integer coordinates (x, y), y the rank number as written (rank 1 is y = 1,
 * rank 0 and negative ranks exist), x = 0 the file a. Names: files a..z, aa..zz, aaa...
 * (x = 0, 1, ... as a spreadsheet's columns), and left of a the same letters after a minus
 * sign (-a is x = -1, -b is x = -2); then the rank: e4, e0, e-3, -a2, aa10 (docs/chessme.md,
 * "ChessMe by mail"). */
#ifndef TEMPEST_CHESSME_H
#define TEMPEST_CHESSME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CM_PIECES   32          /* tiles on the table at most: 16 a side */
#define CM_HAND     3
#define CM_TILES    11          /* each side's pile before the deal */
#define CM_MOVES    4096        /* legal moves of a position, with promotions */
#define CM_COORD    100000      /* |x|, |y| at most: far beyond any game's reach */
#define CM_SQ_MAX   24          /* a square's name with its NUL */
#define CM_SALT     16

struct cm_piece {
	int x, y;
	char type;              /* K Q R B N P */
	int8_t color;           /* 0 White, 1 Black */
};

struct cm_pos {
	int n;
	struct cm_piece p[CM_PIECES];
	int side;                               /* to move: 0 White, 1 Black */
	int nhand[2];
	char hand[2][CM_HAND];                  /* tiles in hand, upper case */
	int ncaptured[2];
	char captured[2][CM_PIECES];            /* side c's tiles the opponent took */
};

struct cm_move {
	int fx, fy, tx, ty;
	char promo;             /* the captured tile the pawn is exchanged for, or 0 */
};

struct cm_place {
	char type;
	int x, y;
};

/* The starting layout (docs/chessme.md, Interpretations (ChessMe)): kings e1 and e6, pawns c2-f2
 * and c5-f5, two empty ranks between the camps; hands empty. */
void cm_start(struct cm_pos *p);
/* The piece on (x, y), or -1. */
int cm_at(const struct cm_pos *p, int x, int y);
/* Has (x, y) a name (within CM_COORD of the start, as cm_square_read reads them)? No
 * move or placement goes past. */
bool cm_on_grid(int x, int y);
/* Could piece i go to (x, y) by its powers alone, the rules of ChessMe aside (a quiet
 * move's neighbour, the king's step back, a pawn's capture, check)? For a reason. */
bool cm_reaches(const struct cm_pos *p, int i, int x, int y);
/* Is (x, y) attacked by side c? */
bool cm_attacked(const struct cm_pos *p, int x, int y, int c);
bool cm_in_check(const struct cm_pos *p, int c);
/* The legal moves of the side to move (in a fixed order); their number. */
int cm_legal_moves(const struct cm_pos *p, struct cm_move *out, int max);
/* Plays a legal move (the side to move does not change: a placement may follow). */
void cm_make(struct cm_pos *p, const struct cm_move *m);
/* The placements side c may make now (after its move); their number. */
int cm_placements(const struct cm_pos *p, int c, struct cm_place *out, int max);
/* Puts a tile from side c's hand on the table (checked by the caller). */
void cm_place(struct cm_pos *p, int c, const struct cm_place *pl);
/* The turn passes to the other side (the tiles in their canonical order). */
void cm_pass(struct cm_pos *p);
/* The tiles in one order, whatever the moves that led there: White's, then Black's, each
 * K Q R B N P, then by file and rank; so that a position has one text. */
void cm_canonical(struct cm_pos *p);

/* Square names (see above). cm_square_name returns out. */
const char *cm_square_name(int x, int y, char out[CM_SQ_MAX]);
/* Reads a square at s: its length, or 0 if none. */
size_t cm_square_read(const char *s, int *x, int *y);
/* in with a typographic minus (U+2212), an en dash or a hyphen (U+2010 to U+2013) as '-',
 * as a player's word processor writes "\u2212a4" for the square -a4; false if it did not
 * fit in out. */
bool cm_ascii_dashes(const char *in, char *out, size_t len);
/* A move in its canonical notation (SAN: Nd5, exd5, e6=R, Nbd5; '+' and '#'). */
void cm_move_san(const struct cm_pos *p, const struct cm_move *m, char *out, size_t len);
/* A move in coordinates: e2e3, e5f6=R, -a2-a3. */
void cm_move_coord(const struct cm_move *m, char *out, size_t len);
/* Reads a move as a player writes it (SAN, long algebraic without '-' between the
 * squares, coordinates, a promotion as =R, R, (R) or /R); 0, or -1 with the reason. */
int cm_move_read(const struct cm_pos *p, const char *text, struct cm_move *m, char *why,
		 size_t wlen);
/* Reads "B e0" (a piece letter or name, a square); 0, or -1 with the reason. */
int cm_place_read(const struct cm_pos *p, int c, const char *text, struct cm_place *pl,
		  char *why, size_t wlen);
/* The position in one line: "w Ke1,Pc2,...,ke6 HAND-W HAND-B CAPTURED-W CAPTURED-B"
 * ('-' for an empty list). cm_pos_read: 0, or -1 with the reason. */
void cm_pos_text(const struct cm_pos *p, bool hands, char *out, size_t len);
int cm_pos_read(struct cm_pos *p, const char *text, char *why, size_t wlen);
/* A turn the side to move could write now, as an example: a legal move in SAN (a pawn's
 * when one leaves a square to place a tile on) into move, and a placement after it, its
 * tile and square ("N d1": "place N d1"), into place; "" when no tile in hand can be
 * placed after it. */
void cm_turn_example(const struct cm_pos *p, char *move, size_t mlen, char *place, size_t plen);
/* A tile's name: "Queen". */
const char *cm_piece_name(char type);

#endif
