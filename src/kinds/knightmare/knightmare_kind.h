/* knightmare_kind.h: Knightmare Chess by mail as a game kind (kind.h). */
#ifndef TEMPEST_KNIGHTMARE_KIND_H
#define TEMPEST_KNIGHTMARE_KIND_H

#include "game/kind.h"

extern const struct kind kind_knightmare;

#endif
