/* zpack.h: a block of memory kept small while it waits: its bytes without their runs of
 * zero 64-bit words, given back byte for byte. For what is mostly zeros: a position
 * sized for the largest board, while its game waits in a batch (game_park).
 *
 * zpack() returns a malloc'd block the caller frees, NULL when out of memory;
 * zunpack() writes the len bytes back (len as given to zpack). */
#ifndef TEMPEST_ZPACK_H
#define TEMPEST_ZPACK_H

#include <stddef.h>

void *zpack(const void *p, size_t len);
void zunpack(const void *packed, void *p, size_t len);

#endif
