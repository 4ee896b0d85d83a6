/* other.h: DATA/other.mbox, the mail that belongs to no game, kept as the referee read it
 * (with the replies it sent). The store opens it for one mail at a time; the caller writes
 * the mbox entries and closes it through here. */
#ifndef TEMPEST_OTHER_H
#define TEMPEST_OTHER_H

#include <stdbool.h>

#include "store/store.h"
#include "util/err.h"

/* Opens other.mbox to append the entries of the mail `key`. If the last mail begun there
 * was this same one (a run that stopped before the mail was marked as seen), the file is
 * first cut back to where that one began, so the mail is not held twice. */
int store_other_open(const struct store *st, const char *key, int *fd, struct err *e);
/* Makes the entries durable and closes fd (also on failure). */
int store_other_close(const struct store *st, int fd, struct err *e);

/* A batch's mails about no game: the size other.mbox had before them noted (not
 * synced: the batch's barrier does it), and the note removed once they are committed. A
 * run that died between left the note, which store_other_batch_from reads (-1: none);
 * the pipeline then cuts the file back before the first of the batch's mails that was
 * not committed (not seen), which will be appended again when it is processed again
 * (pipeline/recover.c). */
int store_other_batch_begun(const struct store *st, long long size, struct err *e);
long long store_other_batch_from(const struct store *st);
void store_other_batch_done(const struct store *st);

#endif
