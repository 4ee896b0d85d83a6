/* store_int.h: what store.c and store_tempete.c share (internal to src/store/). */
#ifndef TEMPEST_STORE_INT_H
#define TEMPEST_STORE_INT_H

#include <jansson.h>

#include "game/tempete.h"
#include "util/err.h"

json_t *store_tempete_json(const struct tempete *tp);
/* Fills tp from the "tempete" object of a state file; `what` names the file in errors. */
int store_tempete_from_json(json_t *o, const char *what, struct tempete *tp, struct err *e);

#endif
