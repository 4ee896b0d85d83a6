/* cardturn_json.h: the card-turn protocol's part of a card kind's object in the state
 * file (game/cardturn.h), written and read by each card kind's store part. */
#ifndef TEMPEST_CARDTURN_JSON_H
#define TEMPEST_CARDTURN_JSON_H

#include <jansson.h>

#include "game/cardturn.h"
#include "store/jread.h"

/* Sets the answers in advance waiting on the last move in o ("standing": none while none
 * waits, so that older files read the same). */
void cardturn_json_set(json_t *o, const struct cardturn *ct);
/* Reads them back (absent: none); 0, or -1 with the document's err set. */
int cardturn_json_get(const struct jnode *o, struct cardturn *ct);

#endif
