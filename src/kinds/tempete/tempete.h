/* tempete.h: Tempete sur l'Echiquier by mail (seed 000) on top of a game: the card list,
 * the players' secret permutations and their commitments, hands, the numbers sent and the
 * cards they draw, the turn protocol of moves, interceptions and answers, cards and their
 * effects as board edits, secret squares, and the reveal at the end.
 *
 * A struct tempete is plain data (no pointers), owned by its game as the kind's state
 * (g->kstate, freed with the game) and copied whole to make a mail all-or-nothing. Everything that a player may
 * not know before the end (the opponent's list, hand, salt, unused numbers' cards,
 * secret squares) lives here, and leaves only through tempete_view(). */
#ifndef TEMPEST_TEMPETE_H
#define TEMPEST_TEMPETE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/notation.h"
#include "engine/pos.h"
#include "game/cardturn.h"
#include "game/order.h"
#include "rules/cards.h"
#include "rules/deck.h"
#include "util/buf.h"

#define TP_HAND 5               /* the hand a player is refilled to (rule 8) */
#define TP_HAND_MAX 24
#define TP_PLAYS_MAX 400
#define TP_SECRETS_MAX 16
#define TP_MARKS_MAX 48
#define TP_LOST_MAX 48
#define TP_LABEL_MAX 64
#define TP_DETAIL_EN 400        /* a card played's record, in English: what the hash reads */
#define TP_SALT DECK_SALT
#define TP_MOMENTS 4            /* moments of a turn whose marks are kept (tempete_int.h) */
#define TP_BEFORE_CARD 3        /* the last of them: the turn's start, before its card */

/* The orders of the kind (order.h numbers them from ORDER_KIND_FIRST; tempete_kind.c
 * holds their words). */
enum tp_order {
	ORDER_CARDS = ORDER_KIND_FIRST, /* cards 1-10 12-40: the list of cards a challenge proposes */
	ORDER_LIST,             /* list 17 3 45 ... (may go on over lines) or list random */
	ORDER_NUMBERS,          /* numbers 3 17 or numbers random */
	ORDER_CARD,             /* card 23 [continuing] */
	ORDER_EFFECT,           /* effect kill e7: a board edit of the card played */
	ORDER_SQUARE,           /* square e4: the secret square of card 12 or 28 */
	ORDER_SECRET,           /* secret e4: using the square given earlier */
	ORDER_TAKE,             /* take 23: the card that card 34 takes */
	ORDER_CHOOSE,           /* choose 23: the card that card 57 takes */
	ORDER_INTERCEPT,        /* this mail intercepts the opponent's move */
	ORDER_PART,             /* part 1|2: which part of a double move an interception hits */
	ORDER_KEEP,             /* an answer keeps the double-move card in hand */
	ORDER_DISCARD,          /* ... or discards it */
	ORDER_STANDING,         /* if intercepted: accept (an answer in advance, with a move) */
};

/* A card played: public from then on. */
struct tp_play {
	int by, card, turn;
	char how[16];                   /* "move", "interception", "answer" */
	char detail[600];               /* what it did, as announced: a phrase (util/phrase.h)
					 * of at most TP_DETAIL_EN - 1 characters of English */
	bool void_;                     /* no effect (the Checkmate Rule) */
};

/* The square given to the referee with card 12 or 28. */
struct tp_secret {
	int by, card, turn;
	char square[8];
	bool used;
};

/* A name or a continuing effect on a piece (moves with it), or on the game (square ""). */
struct tp_mark {
	char square[8];
	char label[TP_LABEL_MAX];
	int card, by;
	bool effect;                    /* a continuing effect (else a transformed piece's name) */
	char orig;                      /* a transformed piece's kind before (its letter), or 0 */
};

/* A transformed piece just captured: a card that returns it on that move or the next
 * rescues it with its powers (seed 002); later it returns as its original kind. */
struct tp_rescue {
	char now, orig;                 /* the kinds (letters) it had and had first */
	char label[TP_LABEL_MAX];
	int turn, card;                 /* when; 0: none */
};

/* What a card changed beyond the board and its marks (34's take, 57's choice and the
 * number it barred, 12/28's secret square): kept for the turn, so that a card disabled
 * (32, 42, 52) or taken back with its move is undone whole (docs/tempete.md, "Undone
 * whole"). The board and marks come back from the moments saved. */
struct tp_record {
	int turn;                       /* the turn it belongs to (else stale) */
	int play;                       /* the card's entry in plays, plus one (0: none) */
	int added;                      /* the card 34 or 57 put in its player's hand, or 0 */
	int barred;                     /* the number 57 barred to the opponent, or 0 */
	int secret;                     /* the secret square 12/28 gave, index plus one, or 0 */
};
#define TP_REC_TURN 0                   /* the card of the turn's owner (move or answer) */
#define TP_REC_INTERCEPTION 1           /* the interceptor's card */

/* The record of captures, saved with the board at a move's moments: a take-back or a
 * disabling answer restores it with the board, so a capture undone is no loss. */
struct tp_captures {
	char lost[2][TP_LOST_MAX], dead[2][TP_LOST_MAX];
	int nlost[2], ndead[2];
	int lost_turn[2];
};

/* The protocol's state (game/cardturn.h) comes first: CT_SETUP while both players owe
 * their list and their five opening numbers. */
struct tempete {
	struct cardturn ct;
	int n;                                  /* N: the numbers of the list (rule 2) */
	int cards[CARDS_MAX];                   /* the cards in use, ascending */
	bool has_list[2], list_by_referee[2];
	int list[2][CARDS_MAX];                 /* each player's permutation (secret) */
	uint8_t salt[2][TP_SALT];               /* secret until the end */
	int hand[2][TP_HAND_MAX], nhand[2];     /* secret (the count is not) */
	int sent[2][CARDS_MAX], nsent[2];       /* numbers each player has sent */
	int barred[2][CARDS_MAX], nbarred[2];   /* numbers a player may no longer send (57) */
	int held[2][TP_HAND];                   /* opening numbers given before the list */
	int nheld[2];                           /* of the opponent was known */
	int drawn_number[2][CARDS_MAX], drawn_card[2][CARDS_MAX], ndrawn[2];
	bool opening[2];                        /* c has sent its five opening numbers */
	int turn, turn_owner;
	int lost_turn[2];                       /* the turn in which c last lost a piece other
						 * than a pawn by a regular capture */
	/* the move an interception may hit */
	char move_san[2][SAN_MAX];              /* its parts (two for 18 and 50) */
	int move_parts, move_card;              /* 1 or 2; the double-move card or 0 */
	char before_move[FEN_MAX];              /* before its regular move(s) */
	char before_part2[FEN_MAX];             /* between the two parts of a double move */
	char after_move[FEN_MAX];               /* after it: what a disabling answer restores */
	char before_card[FEN_MAX];              /* at the start of the turn, before its card:
						 * what undoing the card restores */
	bool disabled;                          /* an interception disabled the turn's card: the
						 * answer is a normal move, the same one allowed */
	bool taken_back;                        /* an interception took the move back */
	int hit_part;                           /* the part an interception hit (double moves) */
	int intercepted_by_card;
	struct tp_play plays[TP_PLAYS_MAX];
	int nplays;
	struct tp_secret secrets[TP_SECRETS_MAX];
	int nsecrets;
	struct tp_mark marks[TP_MARKS_MAX];
	int nmarks;
	struct tp_mark saved_marks[TP_MOMENTS][TP_MARKS_MAX];   /* the marks before the move,
							 * between a double move's parts, after it, and
							 * before the turn's card */
	int nsaved_marks[TP_MOMENTS];
	struct tp_captures saved_captures[TP_MOMENTS];  /* the same moments */
	struct tp_record record[2];             /* TP_REC_TURN, TP_REC_INTERCEPTION */
	struct tp_rescue rescue[2];             /* each side's last transformed piece captured */
	char lost[2][TP_LOST_MAX];              /* captured pieces of each side: may return */
	int nlost[2];
	char dead[2][TP_LOST_MAX];
	int ndead[2];
	/* what this mail did, for the replies (not stored) */
	int just_drew[2][TP_HAND_MAX], njust_drew[2];
	char event[1024];                       /* for the opponent: what happened, verbatim */
};

struct game;
struct apply_state;
struct orders;

struct tempete *tempete_new(void);
/* The card list a challenge proposes ("cards ..." orders), else the catalogue's default.
 * Fills tp->cards and tp->n; -1 with the reason in `why`. */
int tempete_set_cards(struct tempete *tp, const struct card_catalogue *cat, const char *spec,
		      char *why, size_t wlen);
/* The orders of one mail in a game of the tempete protocol (called by game_apply). */
int tempete_apply(struct apply_state *a, const struct orders *o);
/* Is this an order the protocol handles (rather than every game: status, draws...)? */

bool tempete_handles(int k);
/* The canonical text of the protocol state for the game's hash. */
void tempete_hash_text(const struct tempete *tp, struct buf *out);
/* The commitment to c's list: SHA-256 (hex) of tempete_commit_text. */
void tempete_commitment(const struct tempete *tp, int game, int c, char out[65]);
/* The exact bytes committed to (docs/tempete.md, "Tempete": the commitment). */
void tempete_commit_text(const struct tempete *tp, int game, int c, struct buf *out);
/* The numbers c may still send. */
int tempete_available(const struct tempete *tp, int c, int *out);
/* The card-turn protocol's table of the kind (game/cardturn.h). */
extern const struct ct_ops tempete_turn_ops;

#endif
