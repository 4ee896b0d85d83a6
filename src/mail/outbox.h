/* outbox.h: the queue of replies waiting to be sent: DIR/outbox/NAME.eml, one complete
 * RFC 5322 message per file (CRLF line ends), its single To: address being the envelope
 * recipient. NAME is derived from the Message-ID, so that writing the same reply twice
 * (a run that died before its commit, run again) replaces the file instead of adding a
 * second one. A file leaves the queue only after the server accepted it (or after a
 * permanent refusal: then it moves to DIR/outbox/failed/). */
#ifndef TEMPEST_OUTBOX_H
#define TEMPEST_OUTBOX_H

#include <stddef.h>

#include "util/err.h"

/* Writes the message atomically (temporary file, fsync, rename, fsync of the dir). */
int outbox_put(const char *dir, const char *message_id, const char *text, size_t len,
	       struct err *e);
/* The same write without its fsyncs (dir must exist), for a batch that makes all its files durable with
 * one fs_sync_fs() before it commits; path (plen bytes) receives the file's path, for
 * removing it if the batch is given up. */
int outbox_stage(const char *dir, const char *message_id, const char *text, size_t len,
		 char *path, size_t plen, struct err *e);
/* The queued files' paths, oldest first; free each and the array. */
int outbox_list(const char *dir, char ***paths, size_t *n, struct err *e);
/* The To: address of a queued message (the envelope recipient). */
int outbox_recipient(const char *text, char *out, size_t len, struct err *e);
int outbox_remove(const char *path, struct err *e);
int outbox_fail(const char *dir, const char *path, struct err *e);

#endif
