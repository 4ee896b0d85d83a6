/* cardturn_json.h: what a card kind's object in the state file held of the card-turn
 * protocol (game/cardturn.h) before the game kept it: the answers in advance waiting on
 * the last move ("standing", "standing_by"), which the game's own "standing" holds now
 * (store/standing_json.c). Read by each card kind's store part, so that a state written
 * by an earlier release loads with them. */
#ifndef TEMPEST_CARDTURN_JSON_H
#define TEMPEST_CARDTURN_JSON_H

#include "game/game.h"
#include "store/jread.h"

/* Adds the answers in advance an earlier release kept in the kind's object o to the
 * game's lines (absent: none); 0, or -1 with the document's err set. */
int cardturn_json_get(const struct jnode *o, struct game *g);

#endif
