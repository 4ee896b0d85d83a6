/* chessme_store.h: a ChessMe game's object in the state file (chessme_store.c). */
#ifndef TEMPEST_KINDS_CHESSME_STORE_H
#define TEMPEST_KINDS_CHESSME_STORE_H

#include "store/store_kind.h"

extern const struct kind_store kind_chessme_store;

#endif
