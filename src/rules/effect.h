/* effect.h: the card effect language of the Knightmare catalogues (docs/knightmare.md, "The effect
 * language"): what a card does, said in terms the engine already has, so that the referee
 * checks a card's targets and applies it itself.
 *
 * An effect is one or more statements separated by ';'. The targets a player writes after
 * the card's number ("card 17 e4 d5") fill the statements' slots in order. Each statement
 * is turned, against a position, into board operations (game.h: "@remove e4", "@place N e4",
 * "@rule N BETZA") that the game kind appends to the board's list, so that a replay
 * rebuilds the same board. Everything here is plain data; nothing allocates. */
#ifndef TEMPEST_RULES_EFFECT_H
#define TEMPEST_RULES_EFFECT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"

#define EFFECT_STMTS_MAX 4
#define EFFECT_OPS_MAX 8
#define EFFECT_OP_LEN 160
#define EFFECT_KINDS_MAX 12
#define EFFECT_BETZA_MAX 64
#define EFFECT_NAME_MAX 24

enum effect_verb {
	EFFECT_MOVE,            /* move FILTER BETZA [nocapture]: slots from, to (a statement
				 * built with betza "" moves regardless of powers) */
	EFFECT_CAPTURE,         /* capture FILTER: the piece is lost (a card may return it) */
	EFFECT_KILL,            /* kill FILTER: the piece is dead */
	EFFECT_RETURN,          /* return L [rank R]: one of the player's lost L comes back */
	EFFECT_PLACE,           /* place L [rank R]: a new piece L of the player */
	EFFECT_REPLACE,         /* replace FILTER L: the piece becomes its side's lost L */
	EFFECT_SWAP,            /* swap FILTER FILTER: two pieces change places */
	EFFECT_TRANSFORM,       /* transform FILTER NAME BETZA: continuing, on the piece */
	EFFECT_FREEZE,          /* freeze FILTER: continuing, the piece may not move */
	EFFECT_GAIN,            /* gain L BETZA [while ...]: continuing, every L also moves so */
	EFFECT_POWERS,          /* powers L BETZA [while ...]: continuing, every L moves only so */
	EFFECT_IMMUNE,          /* immune L [while ...]: continuing, no L may be captured */
	EFFECT_CANCEL,          /* cancel: a continuing card in play, or the card answered */
	EFFECT_SHIELD,          /* shield FILTER: continuing, that one piece may not be captured
				 * (last, so that the numbers games have stored keep) */
	EFFECT_VERBS
};

enum effect_side { EFFECT_OWN, EFFECT_ENEMY, EFFECT_ANY };

/* Which pieces a target may be: whose, which kinds, where. */
struct effect_filter {
	enum effect_side side;
	char kinds[EFFECT_KINDS_MAX];   /* upper-case letters, "" = any kind */
	int rank_lo, rank_hi;           /* counted from the card player's side; 0 = any */
	bool adjacent;                  /* next to a piece of adj_side and adj_kinds */
	enum effect_side adj_side;
	char adj_kinds[EFFECT_KINDS_MAX];
};

struct effect_stmt {
	enum effect_verb verb;
	struct effect_filter f[2];
	char letter;                    /* return, place, replace, gain, powers */
	char betza[EFFECT_BETZA_MAX];
	char name[EFFECT_NAME_MAX];     /* transform */
	bool nocapture;                 /* move */
	int rank_lo, rank_hi;           /* return, place: where (0 = anywhere) */
	bool has_while;                 /* gain, powers: only while the condition holds */
	enum effect_side while_side;
	char while_kind;
};

struct effect {
	int n;
	struct effect_stmt s[EFFECT_STMTS_MAX];
	int nslots;                     /* the targets a play names */
	bool continuing;                /* it holds a continuing statement */
};

/* Parses an effect; -1 with the statement and word at fault in e. */
int effect_parse(const char *text, struct effect *out, struct err *e);
/* How many targets statement s takes. */
int effect_stmt_slots(const struct effect_stmt *s);
/* The verbs' words, by enum value. */
extern const char *const effect_verb_names[EFFECT_VERBS];

#define EFFECT_UNDER_MAX 16

/* A piece under a continuing card (transformed, frozen): the kind it had before, which
 * every card naming kinds still sees (seed 002, "Transformed Pieces"). */
struct effect_under {
	char square[8];
	char orig;                      /* upper case */
};

/* What one statement needs besides the position. */
struct effect_env {
	const struct pos *p;
	int by;                         /* the card player's colour */
	const char *lost[2];            /* each side's lost (not dead) pieces, as letters */
	char spare;                     /* the free piece type a transformation uses, or 0 */
	char frozen;                    /* the type a frozen piece becomes */
	const struct effect_under *under;       /* pieces under a card (may be NULL) */
	int nunder;
};

/* What it did: board operations in order, and the records the kind keeps. */
struct effect_out {
	char ops[EFFECT_OPS_MAX][EFFECT_OP_LEN];
	int nops;
	int lost_side;                  /* a piece of this side was captured (-1: none) */
	char lost_kind;                 /* ... its letter (upper case) */
	bool dead;                      /* ... and it is dead */
	int used_side;                  /* a lost piece of this side came back (-1: none) */
	char used_kind;
	char square[8];                 /* where a continuing effect on a piece now sits */
	char orig;                      /* that piece's letter before (upper case) */
	char text[160];                 /* what happened, in words, for the announcement */
	bool king;                      /* refused because it would capture a king (the
					 * Checkmate Rule: the card is played, with no effect) */
};

/* Statement s with its targets (slot words, effect_stmt_slots of them) against env->p:
 * 0 with out filled, or -1 with the reason in why (nothing to apply). Cancel is the
 * kind's (it knows the cards in play): it is refused here. */
int effect_stmt_apply(const struct effect_stmt *s, const struct effect_env *env,
		      const char *const *targets, struct effect_out *out, char *why, size_t wlen);

#endif
