/* other.h: DATA/other.mbox, the mail that belongs to no game, kept as the referee read it
 * (with the replies it sent). The store opens it for one mail at a time; the caller writes
 * the mbox entries and closes it through here. */
#ifndef TEMPEST_OTHER_H
#define TEMPEST_OTHER_H

#include "store/store.h"
#include "util/err.h"

/* Opens other.mbox to append the entries of the mail `key`. If the last mail begun there
 * was this same one (a run that stopped before the mail was marked as seen), the file is
 * first cut back to where that one began, so the mail is not held twice. */
int store_other_open(const struct store *st, const char *key, int *fd, struct err *e);
/* Makes the entries durable and closes fd (also on failure). */
int store_other_close(const struct store *st, int fd, struct err *e);

#endif
