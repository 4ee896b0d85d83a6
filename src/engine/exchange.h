/* exchange.h: promotion by exchange (engine-internal).
 *
 * TigerChess's Pikemen and Swordsmen do not turn into new pieces: they change places with
 * a piece waiting off the board (the TigerKnight in his quarters, the Knight lettered like
 * the Pikeman in the Stronghold, the Archer numbered like the Swordsman in the
 * Borderpost). So a choice exists only while its piece waits, and with none the pawn
 * simply stays where it arrived (see pawn_rules.exchange). */
#ifndef TEMPEST_ENGINE_EXCHANGE_H
#define TEMPEST_ENGINE_EXCHANGE_H

#include "engine/pos.h"

/* Appends `base` (a pawn of the side to move arriving on base.to) once per exchange it may
 * make there, and once without exchange where that is allowed. */
void exchange_emit(const struct pos *p, struct move base, struct movelist *ml);
/* The reserve square of the piece the pawn now on `at` takes for promotion `promo`
 * (1 + type), or SQ_NONE. */
sq_t exchange_source(const struct pos *p, sq_t at, uint8_t promo);

#endif
