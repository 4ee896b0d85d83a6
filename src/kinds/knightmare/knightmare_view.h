/* knightmare_view.h: a Knightmare game's template variables (knightmare_view.c). */
#ifndef TEMPEST_KINDS_KNIGHTMARE_VIEW_H
#define TEMPEST_KINDS_KNIGHTMARE_VIEW_H

#include "render/view_kind.h"

extern const struct kind_view kind_knightmare_view;

#endif
