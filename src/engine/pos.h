/* pos.h: a position of a variant: the board, whose turn, castling rights, en passant,
 * the move counters, pieces in hand, and the history needed for repetitions.
 *
 * A struct pos is plain memory owned by the caller (no allocation inside); it borrows its
 * variant, which must stay alive and compiled. Moves are played with pos_make() and taken
 * back with pos_unmake() and the struct undo that pos_make() filled. */
#ifndef TEMPEST_ENGINE_POS_H
#define TEMPEST_ENGINE_POS_H

#include <stddef.h>

#include "engine/types.h"
#include "engine/variant.h"
#include "util/err.h"

#define HIST_MAX 1024
/* The mark of a piece that may not be captured (a card's shield on one piece, its own kind
 * and powers kept); kinds that number their pieces stop below it. */
#define MARK_SHIELD 255           /* earlier positions kept for repetition checks */
#define FEN_MAX  (SQ_MAX * 2 + 128)

struct pos {
	const struct variant *v;
	enum color side;                /* to move */
	uint8_t castle;                 /* bit i: castling i of the compiled tables */
	sq_t ep;                        /* en-passant square, SQ_NONE if none */
	sq_t ep_victim;                 /* the pawn that can be taken there */
	uint16_t halfmove;              /* plies since a capture or a pawn move */
	uint32_t fullmove;
	uint64_t key;                   /* hash of everything that makes positions equal */
	sq_t royal[2];                  /* a royal piece's square per side, SQ_NONE if none */
	uint8_t nroyal[2];
	uint16_t npieces[2];
	uint16_t count[PIECE_CODES];    /* pieces on the board per piece code */
	uint8_t hand[2][TYPE_MAX];      /* pieces in hand, for variants with drops */
	uint16_t nmarked;               /* squares whose piece carries a mark */
	uint32_t nhist;                 /* plies recorded in hist (it keeps the last HIST_MAX) */
	piece_t board[SQ_MAX];
	uint8_t mark[SQ_MAX];           /* the mark of the piece on a square (a Knight's letter,
					 * a Swordsman's number), 0 = none; it travels with the
					 * piece and goes with it when it is captured */
	sq_t plist[2][SQ_MAX];          /* each side's occupied squares, in no order */
	uint16_t pidx[SQ_MAX];          /* where a square sits in its side's plist */
	uint64_t hist[HIST_MAX];        /* keys of the positions before each ply */
};

struct undo {
	piece_t moved, captured;
	uint8_t castle;
	uint8_t moved_mark, captured_mark;     /* castling: the royal's, the partner's */
	uint16_t nmarked;
	sq_t ep, ep_victim, cap_sq;
	uint16_t halfmove;
	uint64_t key;
	sq_t xsq;                       /* an exchange: where the pawn went, else SQ_NONE */
	uint8_t ncaps;                  /* MOVE_CHAIN: the pieces taken, in the order taken */
	sq_t caps_sq[LEGS_MAX];
	piece_t caps[LEGS_MAX];
	uint8_t caps_mark[LEGS_MAX];
};

/* Sets p from a FEN of variant v. Checks everything: piece letters, rank lengths, one
 * royal piece per side where the variant has one, pawns on promotion ranks, castling
 * rights against the pieces, the en-passant square, the side not to move in check.
 * On error p is unspecified and the message names the field at fault. */
int pos_from_fen(struct pos *p, const struct variant *v, const char *fen, struct err *e);
/* Sets p to the variant's starting position. */
int pos_start(struct pos *p, const struct variant *v, struct err *e);
/* Writes the FEN (at most FEN_MAX bytes with the NUL). */
void pos_to_fen(const struct pos *p, char *buf, size_t len);

void pos_make(struct pos *p, struct move m, struct undo *u);
void pos_unmake(struct pos *p, struct move m, const struct undo *u);

/* Edits outside the rules (a card's effect): remove the piece on s, put pc on the empty
 * square s, or give the move to c. Each keeps the hash, piece lists and royal squares
 * right, takes away the castling rights of the squares it touches, clears en passant,
 * and starts the repetition history afresh: an edited position repeats no earlier one. */
void pos_edit_remove(struct pos *p, sq_t s);
void pos_edit_place(struct pos *p, sq_t s, piece_t pc);
void pos_edit_side(struct pos *p, enum color c);
/* Puts mark m (0: none) on the piece on s; the position key changes with it. */
void pos_set_mark(struct pos *p, sq_t s, uint8_t m);

/* Earlier occurrences of the current position since the last irreversible move. */
int pos_repetitions(const struct pos *p);

static inline piece_t pos_at(const struct pos *p, sq_t s)
{
	return p->board[s];
}

static inline uint8_t pos_mark(const struct pos *p, sq_t s)
{
	return p->mark[s];
}

/* A mark's share of the position key: two positions that differ only in which Knight is
 * lettered A are different positions, since a mark may decide what a piece may do. */
static inline uint64_t pos_mark_key(sq_t s, uint8_t m)
{
	uint64_t x = ((uint64_t)s << 8 | m) * 0x9E3779B97F4A7C15ull;
	x ^= x >> 29;
	x *= 0xBF58476D1CE4E5B9ull;
	return x ^ x >> 32;
}

#endif
