/* chessme_view.h: what a mail of a ChessMe game shows its reader (chessme_view.c). */
#ifndef TEMPEST_KINDS_CHESSME_VIEW_H
#define TEMPEST_KINDS_CHESSME_VIEW_H

#include "render/view_kind.h"

extern const struct kind_view kind_chessme_view;

#endif
