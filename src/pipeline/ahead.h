/* ahead.h: a batch's mails parsed ahead, on a second thread (ahead.c). Internal to
 * src/pipeline/.
 *
 * Reading a mail (msg_parse: the headers, the MIME tree, the text in UTF-8) depends on
 * its bytes alone, while everything after it depends on the mails before. So while a mail
 * is applied, answered and written, the next ones are read beside it, a few at a time:
 * at most AHEAD_SLOTS read and not yet taken, so that the memory stays that of a few mails.
 * The mails are taken in their order; what is not taken when the batch stops early is
 * thrown away with ahead_stop. Nothing shared is written by the reading thread but its
 * slots: msg_parse keeps no state between mails. */
#ifndef TEMPEST_PIPELINE_AHEAD_H
#define TEMPEST_PIPELINE_AHEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "mail/msg.h"
#include "util/err.h"

#define AHEAD_SLOTS 16

struct pipeline_mail;
struct ahead;

/* Starts reading mails[0..n) ahead, each as far as head(mails[i], arg) bytes (the whole
 * mail, or its headers when it is over the size limit): NULL when it is not worth a
 * thread (a batch of one or two) or none can be started (the mails are then read as
 * they come, as before). */
struct ahead *ahead_start(const struct pipeline_mail *mails, size_t n,
			  size_t (*head)(const struct pipeline_mail *mail, const void *arg),
			  const void *arg);

/* mail's message, read ahead: 1 and msg_parse's answer (rc 0 with *out, or -1 with e),
 * once it is read; 0 if mail is not the next one this reader holds (read it yourself). */
int ahead_take(struct ahead *a, const struct pipeline_mail *mail, struct msg **out, int *rc,
	       struct err *e);

/* Stops the reading thread, waits for it and frees what was read and not taken: how many
 * mails it handed out (0 for no reader). */
size_t ahead_stop(struct ahead *a);

#endif
