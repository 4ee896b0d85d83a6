/* tempete_kind.h: Tempete sur l'Echiquier by mail (seed 000) as a game kind. */
#ifndef TEMPEST_KINDS_TEMPETE_KIND_H
#define TEMPEST_KINDS_TEMPETE_KIND_H

#include "game/kind.h"

extern const struct kind kind_tempete;

#endif
