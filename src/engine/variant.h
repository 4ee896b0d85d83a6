/* variant.h: a chess variant as data: board geometry, piece types, castling, promotion,
 * draw rules and the starting position.
 *
 * A variant is built by a front end (the rules loader reads the JSON files in rules/) with the
 * variant_set_* / variant_add_* calls, then frozen by variant_compile(), which checks it
 * and precomputes every piece's moves on every square. variant_new() returns an object the
 * caller frees with variant_free(); positions borrow it and must not outlive it. A game
 * whose rules change during play (Flexichess) works on its own copy (variant_clone()). */
#ifndef TEMPEST_ENGINE_VARIANT_H
#define TEMPEST_ENGINE_VARIANT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/betza.h"
#include "engine/types.h"
#include "util/err.h"

#define VARIANT_NAME_MAX 32
#define PIECE_NAME_MAX   32
#define CASTLING_MAX     4      /* per side */
#define RANKS_MAX        32     /* relative-rank bitmasks are 32 bits */
#define FILES_MAX        (26 + 26 * 26)  /* a..z, then aa..zz */

/* One promotion choice. When `colour_of` is a square (given for White; mirrored for
 * Black), the choice exists only on promotion squares of that square's colour: LancerChess
 * promotes to the King's or the Queen's Lancer by the colour of the promotion square. */
struct promo_choice {
	uint8_t type;
	sq_t colour_of;
	uint8_t rank;                   /* only on this relative rank (0: every promotion rank) */
	bool same_mark;                 /* exchange: only the waiting piece with the pawn's mark */
	uint32_t optional_while;        /* exchange: may be foregone while an own piece of one
					 * of these types waits on a reserve square */
};

struct pawn_rules {
	bool is_pawn;
	uint32_t double_step_ranks;     /* bit r-1: a two-square step from relative rank r */
	bool en_passant;                /* a two-square step may be taken en passant */
	uint32_t promotion_ranks;       /* bit r-1: reaching relative rank r promotes */
	bool may_rest;                  /* may stand on a promotion rank without promoting
					 * (put there by a card, Knightmare) */
	bool exchange;                  /* promotion swaps the pawn with an own piece waiting on
					 * a reserve square (TigerChess): a choice exists only
					 * while such a piece waits; with none, the pawn rests */
	int npromo;
	struct promo_choice promo[TYPE_MAX];
};

struct piece_def {
	char letter;                    /* White's letter, upper case; Black's is lower case */
	char name[PIECE_NAME_MAX];
	char betza[96];
	bool royal;                     /* can be checked and mated; never captured */
	bool immune;                    /* may not be captured (a card's continuing effect) */
	bool castling_partner;          /* may castle with the royal piece */
	bool minor;                     /* cannot force mate with only its own royal's help */
	struct pawn_rules pawn;
	struct betza powers;            /* parsed from `betza` by variant_add_piece */
	char chains[32];                /* draughts-style capture chains (the variant file's
					 * `jumps`), "" = none: see variant_set_chains() */
	int nchain_dir;
	struct betza_vec chain_dir[16]; /* their directions; range 1 short, 0 flying */
	bool jump_land_near;            /* a flying jump lands just beyond its victim, not
					 * anywhere beyond (TigerChess's Archer) */
};

/* A castling, as White plays it; Black's is the mirror image. The squares that must be
 * empty and safe are derived in variant_compile() unless given. */
struct castling_def {
	char fen;                       /* its letter in FEN: 'K' (h-side) or 'Q' (a-side) */
	char san[8];                    /* "O-O", "O-O-O" */
	sq_t royal_from, royal_to, partner_from, partner_to;
};

struct draw_rules {
	int claim_plies;                /* fifty-move rule: claimable after this many plies (100) */
	int auto_plies;                 /* seventy-five-move rule: automatic (150); 0 = none */
	int claim_repetitions;          /* threefold: claimable (3) */
	int auto_repetitions;           /* fivefold: automatic (5); 0 = none */
	bool dead_material;             /* a position where nobody can mate is a draw */
};

/* What an extra square allows (variant_set_square_rules). */
#define SQF_RESERVE  1u         /* pieces wait here: none moves to, from or across it by its
				 * powers or jumps; only exchanges fill and empty it */
#define SQF_ENTRY    2u         /* only the types in sq_entry may enter, only by capture
				 * and only by a leap (a ride stops before it) */
#define SQF_CALM     4u         /* may not be entered while the mover's royal is in check */

struct tables;                          /* compiled move tables, private to the engine */

struct variant {
	char name[VARIANT_NAME_MAX];
	char title[64];
	char about[320];                /* what the variant is, said to the players of a
					 * challenge ("" : its title says it) */
	char side[2][24];               /* the sides' names in the mails, White's and
					 * Black's ("": White and Black) */
	int files, ranks;               /* the rectangle the grid squares fill */
	int nsq;
	int16_t file_of[SQ_MAX], rank_of[SQ_MAX];
	char sq_name[SQ_MAX][8];
	uint8_t sq_flags[SQ_MAX];       /* SQF_* */
	uint32_t sq_entry[SQ_MAX];      /* SQF_ENTRY: bit t = type t may enter */
	int ntypes;
	struct piece_def type[TYPE_MAX];
	int ncastle;
	struct castling_def castle[CASTLING_MAX];
	struct draw_rules draws;
	char setup[1024];               /* the starting position as FEN */
	char protocol[32];              /* the game kind that referees it beyond the board
					 * ("" = the generic one: moves only) */
	int boards;                     /* boards in one game (0 or 1: one) */
	char cards[32];                 /* the card catalogue's file, for protocols with cards */
	char time_control[64];          /* its games' default time control, in words (the game
					 * layer reads it), "" = none */
	int intercept_hours, answer_hours;      /* card games' windows */
	struct tables *t;               /* NULL until variant_compile() */
};

struct variant *variant_new(const char *name);
void variant_free(struct variant *v);
/* A deep copy, compiled if the original was. */
struct variant *variant_clone(const struct variant *v, struct err *e);

/* A files x ranks grid with squares named a1, b1 ... (files a..z, then aa, ab ... zz;
 * ranks 1..). */
int variant_set_board(struct variant *v, int files, int ranks, struct err *e);
/* A square off the grid (TigerChess's palaces) or in a hole of it, at coordinates
 * (file, rank) that may lie outside the rectangle. */
int variant_add_square(struct variant *v, const char *name, int file, int rank, struct err *e);
/* Gives square s its rules (SQF_* flags; `entry`: the types allowed on an SQF_ENTRY square). */
void variant_set_square_rules(struct variant *v, sq_t s, unsigned flags, uint32_t entry);
/* Adds a piece type; its powers are parsed now. Returns the type index or -1. */
int variant_add_piece(struct variant *v, char letter, const char *name, const char *betza,
		      struct err *e);
/* Gives piece type `type` draughts-style capture chains, written as Betza directions:
 * "fF" (a man: an enemy piece on the next forward diagonal square, landing on the square
 * just beyond) or "B" (a flying king: any distance to the enemy piece along a diagonal,
 * landing on any empty square beyond). Only plain atoms W F (short), their riders R B
 * and Q K with direction modifiers are accepted. The jumper may chain jumps in any of its
 * directions and stop after any of them; captured pieces leave the board at once. */
int variant_set_chains(struct variant *v, int type, const char *text, struct err *e);
int variant_add_castling(struct variant *v, const struct castling_def *c, struct err *e);
/* Checks the whole definition and builds the tables; 0 or -1 with the reason. */
int variant_compile(struct variant *v, struct err *e);
/* Gives piece `letter` new powers and compiles again (variant_edit.c): for a game's own
 * copy whose rules change during play. Square indexes and position keys stay valid. */
int variant_set_powers(struct variant *v, char letter, const char *betza, struct err *e);
/* Makes piece `letter` one that may not be captured (or capturable again), and compiles
 * again: a card's continuing effect on a game's own copy. */
int variant_set_immune(struct variant *v, char letter, bool immune, struct err *e);

/* The name of grid file `file` (0-based): "a".."z", "aa".."zz". */
void variant_file_name(int file, char out[3]);
/* The file named by the n bytes at s (case-insensitive), or -1. */
int variant_file_named(const struct variant *v, const char *s, size_t n);

/* Geometry. Squares are indexes 0..nsq-1; these never fail on a valid square. */
sq_t variant_square_at(const struct variant *v, int file, int rank);   /* SQ_NONE if none */
/* The square whose name is exactly the `len` bytes at `name`, case-insensitive. */
sq_t variant_square_named(const struct variant *v, const char *name, size_t len);
const char *variant_square_name(const struct variant *v, sq_t s);
/* Rank counted from the side's own first rank, 1-based. */
int variant_relative_rank(const struct variant *v, sq_t s, enum color c);
/* The bit of relative rank rr in a rank bitmask; 0 for ranks outside the grid (squares
 * added beside the board have no rank in the masks). */
static inline uint32_t variant_rank_bit(int rr)
{
	return rr >= 1 && rr <= RANKS_MAX ? 1u << (rr - 1) : 0;
}
/* The square reflected across the middle rank (White's square -> Black's), or SQ_NONE. */
sq_t variant_mirror(const struct variant *v, sq_t s);
bool variant_square_dark(const struct variant *v, sq_t s);

/* Piece types. */
int variant_type_by_letter(const struct variant *v, char letter);      /* -1 if none */
char variant_piece_char(const struct variant *v, piece_t p);           /* 'N', 'n' */

#endif
