/* types.h: the rules engine's basic vocabulary: squares, colours, piece codes, moves.
 *
 * The engine is a library with no I/O and no knowledge of mail: it takes a position and a
 * move and answers with a new position or a reason. Everything here is plain data. */
#ifndef TEMPEST_ENGINE_TYPES_H
#define TEMPEST_ENGINE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Bumped whenever a change could make the engine judge a move differently; recorded in
 * every game's hash chain so that a replay can tell which engine made a decision. */
#define ENGINE_VERSION "tempest-engine-1"

/* A square is an index into the variant's list of squares, not a coordinate: boards with
 * holes, squares off the grid (TigerChess's palaces) and windows onto an unbounded grid
 * (ChessMe) all fit. */
typedef uint16_t sq_t;
#define SQ_NONE   ((sq_t)0xFFFF)
#define SQ_MAX    1024          /* squares in one board */
#define TYPE_MAX  32            /* piece types in one variant */
#define MOVES_MAX 1024          /* legal moves in one position, generously */
#define LEGS_MAX  32            /* jumps in one chain of captures */

enum color { WHITE = 0, BLACK = 1 };
#define COLOR_OTHER(c) ((enum color)((c) ^ 1))

/* A piece on a square: 0 is an empty square, otherwise 1 + 2 * type + colour. */
typedef uint8_t piece_t;
#define PIECE_NONE        ((piece_t)0)
#define PIECE_MAKE(t, c)  ((piece_t)(((t) << 1 | (c)) + 1))
#define PIECE_TYPE(p)     (((p) - 1) >> 1)
#define PIECE_COLOR(p)    ((enum color)(((p) - 1) & 1))
#define PIECE_CODES       (2 * TYPE_MAX + 1)

enum move_kind {
	MOVE_NORMAL = 0,        /* a move or capture by the piece's own powers */
	MOVE_DOUBLE,            /* a pawn's two-square step: leaves an en-passant square */
	MOVE_EN_PASSANT,        /* the capture of a pawn that just made a double step */
	MOVE_CASTLE,            /* `castle` says which of the variant's castlings */
	MOVE_DROP,              /* a piece from hand onto `to` (from is SQ_NONE) */
	MOVE_CHAIN,             /* a chain of capturing jumps (draughts): `from` to the last
				 * landing `to`; castle | pad << 8 numbers the chain among the
				 * piece's chains in this position (see chains.h) */
};

/* One move. `promo` is 1 + the type promoted to (0: none); for a drop it is 1 + the type
 * dropped. Compare moves with move_equal(), not memcmp. */
struct move {
	sq_t from;
	sq_t to;
	uint8_t kind;
	uint8_t promo;
	uint8_t castle;
	uint8_t pad;
};

static inline bool move_equal(struct move a, struct move b)
{
	return a.from == b.from && a.to == b.to && a.kind == b.kind && a.promo == b.promo &&
	       a.castle == b.castle && a.pad == b.pad;
}

struct movelist {
	int n;
	struct move m[MOVES_MAX];
};

#endif
