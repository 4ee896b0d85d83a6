/* knightmare_int.h: what the knightmare*.c files share (game layer). */
#ifndef TEMPEST_KNIGHTMARE_INT_H
#define TEMPEST_KNIGHTMARE_INT_H

#include "game/apply.h"
#include "kinds/knightmare/knightmare.h"
#include "util/crypto.h"

#define KM_TARGETS_MAX 8

/* One mail's orders, sorted out. */
struct km_msg {
	const struct order *deck, *card, *first;
	const struct order *redraws[2];
	int nredraws;
	const struct order *moves[2];
	int nmoves;
	int card_no;
	char targets[KM_TARGETS_MAX][12];
	int ntargets;
	const struct order *effects[KM_TARGETS_MAX];    /* board edits (a card without effect) */
	int neffects;
	bool instead;                                   /* "effect instead" */
	bool intercept, accept;
};

/* knightmare.c */
void km_stream(const uint8_t *key, size_t klen, int game, const char *what, int c, struct drbg *d);
void knightmare_start(struct game *g, const uint8_t *key, size_t klen);
int km_check_deck(const struct game *g, int c, const int *cards, int n, char *why, size_t wlen);
void km_draw(struct knightmare *km, int c, const uint8_t *key, size_t klen, int game);
/* Both decks are in: shuffle, salt, deal five each; `first` moves first. */
void km_deal(struct knightmare *km, const uint8_t *key, size_t klen, int game, int first);
bool km_in_hand(const struct knightmare *km, int c, int card);
/* A card played or discarded goes face up on the pile (a common deck's next order). */
void km_to_pile(struct knightmare *km, int card);
/* Tells the players when the last draw reshuffled a common deck, with its new commitment. */
void km_reshuffled(struct apply_state *a);
void km_remove_from_hand(struct knightmare *km, int c, int card);

/* knightmare_effect.c */
/* Applies the card's effect (as a->me, with the mail's targets): 0, or -1 (refused, the
 * mail then changes nothing). `detail` gets what it did, for the announcement. */
int km_card_effect(struct apply_state *a, const struct km_msg *m, const struct order *od,
		   bool answering, char *detail, size_t dlen);
/* The pieces under a card follow a move (from -> to); a piece captured on `to` loses its
 * effect and goes to the captured record as its original kind. */
void km_follow(struct knightmare *km, const char *from, const char *to);
/* The kind of side's piece captured on square `sq` as the record keeps it (a transformed
 * piece's original kind, noted for a rescue). */
char km_captured_kind(struct knightmare *km, const char *sq, char letter, int side);
/* The board's own rules brought in line with the continuing effects in play (each
 * suspended while its condition fails); 0 or -1. */
int km_rules(struct apply_state *a, struct err *e);

#endif
