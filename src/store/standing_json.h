/* standing_json.h: the game's lines given in advance (game/standing.h) in its state file:
 * "standing", a list, absent while none waits (so that a state written before it loads as
 * a game without any). A conditional line is {"seat", "board", "armed", "moves": [the
 * opponent's move, the answer, ...]}, an answer in advance to an interception {"seat",
 * "card", "answer"}. */
#ifndef TEMPEST_STORE_STANDING_JSON_H
#define TEMPEST_STORE_STANDING_JSON_H

#include <jansson.h>

#include "game/game.h"
#include "store/jread.h"

/* The list (a new reference), or NULL when no line waits. */
json_t *standing_to_json(const struct game *g);
/* Adds the lines of the state's root object to the game's (its seats and boards read
 * before); 0, or -1 with the document's err set. */
int standing_from_json(const struct jnode *root, struct game *g);

#endif
