/* knightmare.h: Knightmare Chess by mail (seed 002) with decks: the set divided in secret,
 * decks built by points, shuffled and committed by the referee (rules/deck.h), hands of
 * five refilled from one's own deck, cards applied by the referee from their effect in
 * the catalogue (rules/effect.h), continuing effects on kinds and pieces kept as the
 * board's own rules, and the move / interception / answer sequence of seed 000.
 *
 * A struct knightmare is plain data, owned by its game (game->kstate) and copied whole to
 * make a mail all or nothing. The halves, decks, hands and salts are secret until the end
 * and leave only through knightmare_view.c. */
#ifndef TEMPEST_KNIGHTMARE_H
#define TEMPEST_KNIGHTMARE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/pos.h"
#include "game/cardturn.h"
#include "game/order.h"
#include "rules/cards.h"
#include "rules/deck.h"
#include "rules/effect.h"
#include "util/buf.h"

#define KM_HAND 5
#define KM_DETAIL_EN 200        /* a card played's record, in English: what the hash reads */
#define KM_HAND_MAX 8
#define KM_SET_MAX 160          /* cards in the sets used (copies included) */
#define KM_DECK_MAX 64
#define KM_PLAYS_MAX 300
#define KM_EFFECTS_MAX 16
#define KM_LOST_MAX 48
#define KM_SETS_MAX 4
#define KM_COMMON (-1)          /* sets: one common deck for both (seed 002's variant) */
#define KM_ORDERS_MAX 8         /* a common deck's orders: the first and its reshuffles */
#define KM_PILE_MAX (2 * KM_DECK_MAX)

enum km_order {
	KM_ORDER_DECK = ORDER_KIND_FIRST,       /* deck 3 7 12 ... */
	KM_ORDER_CARD,                          /* card 17 e4 d5 */
	KM_ORDER_REDRAW,                        /* redraw 7: discard after a turn without a card */
	KM_ORDER_INTERCEPT,                     /* this mail plays a card on the opponent's turn */
	KM_ORDER_BUDGET,                        /* challenge: budget 150 (or budget 100 200) */
	KM_ORDER_SETS,                          /* challenge: sets personal, sets 2 */
	KM_ORDER_EXTRA,                         /* challenge: extra 15 (discards before dividing) */
	KM_ORDER_EFFECT,                        /* effect kill d7: a board edit of a card the
						 * catalogue gives no effect */
	KM_ORDER_STANDING,                      /* if intercepted: accept (with a move) */
};

/* A card played: public from then on. */
struct km_play {
	int by, card, turn;
	char how[16];                   /* "move", "interception", "answer" */
	char detail[320];               /* what it did, as announced: a phrase (util/phrase.h)
					 * of at most KM_DETAIL_EN - 1 characters of English */
	bool void_;                     /* no effect (the Checkmate Rule) or cancelled */
};

/* A continuing effect in play: on a kind (gain, powers) or on one piece (transform,
 * freeze), whose square the referee follows. */
struct km_effect {
	int card, by;
	int verb;                       /* enum effect_verb */
	char letter;                    /* the kind (gain, powers) or the spare kind used */
	char betza[EFFECT_BETZA_MAX];
	char name[EFFECT_NAME_MAX];
	char square[8];                 /* a piece's square */
	char orig;                      /* that piece's kind before */
	bool has_while;
	int while_side;                 /* 0 own (the card player's), 1 enemy */
	char while_kind;
	bool suspended;
};

/* What an interception changed, kept so that an answer cancelling it can undo it. */
struct km_undo {
	char fen[FEN_MAX];
	struct km_effect effects[KM_EFFECTS_MAX];
	int neffects;
	char lost[2][KM_LOST_MAX + 1], dead[2][KM_LOST_MAX + 1];
	int play;                       /* the interception's entry in plays */
	int npile;                      /* the cards on the pile then (-1: not known, a file
					 * from before it was kept) */
};

/* The protocol's state (game/cardturn.h) comes first: CT_SETUP while both players owe
 * their deck. */
struct knightmare {
	struct cardturn ct;
	/* agreed at the challenge */
	int budget[2];
	int sets;                       /* 0: personal sets; 1: one set divided; n: n sets
					 * divided; KM_COMMON: one common deck */
	int extra;                      /* cards set aside unseen before dividing */
	/* secret until the end */
	int aside[KM_SET_MAX], naside;
	int half[2][KM_SET_MAX], nhalf[2];
	int deck[2][KM_DECK_MAX], ndeck[2];     /* in the order dealt (committed); a common
						 * deck is deck[0] */
	uint8_t salt[2][DECK_SALT];
	int old[KM_ORDERS_MAX][KM_DECK_MAX], nold_cards[KM_ORDERS_MAX]; /* a common deck's */
	uint8_t old_salt[KM_ORDERS_MAX][DECK_SALT];     /* orders before each reshuffle */
	int nold;
	int hand[2][KM_HAND_MAX], nhand[2];
	/* public */
	bool has_deck[2];
	int drawn[2];                   /* cards of each deck dealt so far */
	int pile[KM_PILE_MAX], npile;   /* cards played or discarded, face up */
	int turn;                       /* counts moves */
	struct km_play plays[KM_PLAYS_MAX];
	int nplays;
	struct km_effect effects[KM_EFFECTS_MAX];
	int neffects;
	char lost[2][KM_LOST_MAX + 1];  /* captured pieces that may return (letters) */
	char dead[2][KM_LOST_MAX + 1];
	struct km_undo undo;            /* the pending interception */
	struct km_undo turn_undo;       /* the start of the last turn: what a Veto of the card
					 * played with its move gives back */
	bool vetoed;                    /* that card was vetoed: `to` makes a normal move */
	struct km_effect rescue[2];     /* each side's transformed piece last captured: a card
					 * returning it on that turn or the next rescues it with
					 * its powers (seed 002); card 0: none */
	int rescue_turn[2];
	/* for this mail's replies (not stored) */
	int just_drew[2][KM_HAND_MAX], njust_drew[2];
	bool just_reshuffled;
};

struct apply_state;
struct orders;
struct game;

/* The protocol's state as the state file and the hash number it: Knightmare had no
 * mate to wait on, and numbered the end 3 (the wait on a mate is 4). */
static inline int km_expect_code(enum ct_expect x)
{
	return x == CT_DONE ? 3 : x == CT_MATED ? 4 : (int)x;
}

static inline enum ct_expect km_expect_of(int code)
{
	return code == 3 ? CT_DONE : code == 4 ? CT_MATED : (enum ct_expect)code;
}

struct knightmare *knightmare_new(void);
/* The challenge's options (budget, sets, extra); -1 with the reason. */
int knightmare_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		      int *line, char *why, size_t wlen);
/* The orders of one mail (setup and play). */
int knightmare_apply(struct apply_state *a, const struct orders *o);
bool knightmare_handles(int k);
void knightmare_hash_text(const struct knightmare *km, struct buf *out);
/* The k-th order the referee committed to: White's deck, Black's; or a common deck's
 * orders, the first and one per reshuffle (the last is the one in use). */
struct km_deckorder {
	const int *cards;
	int n;
	const uint8_t *salt;
	char whose[16];                 /* in the committed text: "white", "common 2" */
	char label[48];                 /* for the reader: "White's deck" */
};
/* false past the last order. */
bool knightmare_order(const struct knightmare *km, int k, struct km_deckorder *o);
/* The commitment to order k, and the bytes it hashes. */
void knightmare_commitment(const struct knightmare *km, int game, int k, char out[65]);
void knightmare_commit_text(const struct knightmare *km, int game, int k, struct buf *out);
/* Sorts cards ascending (a deck as built, a half). */
void knightmare_sort(int *a, int n);
/* The points of a list of cards in the catalogue. */
int knightmare_points(const struct card_catalogue *cat, const int *cards, int n);
/* The card-turn protocol's table of the kind (game/cardturn.h). */
extern const struct ct_ops knightmare_turn_ops;

#endif
