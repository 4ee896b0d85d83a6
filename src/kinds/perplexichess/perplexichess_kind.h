/* perplexichess_kind.h: Perplexichess (seed 001) as a game kind (perplexichess_kind.c). */
#ifndef TEMPEST_KINDS_PERPLEXICHESS_KIND_H
#define TEMPEST_KINDS_PERPLEXICHESS_KIND_H

#include "game/kind.h"

extern const struct kind kind_perplexichess;

#endif
