/* tigerchess_view.h: what a mail of a TigerChess game shows (tigerchess_view.c). */
#ifndef TEMPEST_KINDS_TIGERCHESS_VIEW_H
#define TEMPEST_KINDS_TIGERCHESS_VIEW_H

#include "render/view_kind.h"

extern const struct kind_view kind_tigerchess_view;

#endif
