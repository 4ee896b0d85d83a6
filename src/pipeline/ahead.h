/* ahead.h: a batch's mails parsed ahead, on a second thread (ahead.c). Internal to
 * src/pipeline/.
 *
 * Reading a mail (msg_parse: the headers, the MIME tree, the text in UTF-8) depends on
 * its bytes alone, while everything after it depends on the mails before. So while a mail
 * is applied, answered and written, the next ones are read beside it (and their text, the
 * lines a player wrote, told from the quoted referee's own), a few at a time:
 * at most AHEAD_SLOTS read and not yet taken, so that the memory stays that of a few mails.
 * The mails are taken in their order; what is not taken when the batch stops early is
 * thrown away with ahead_stop. Nothing shared is written by the reading thread but its
 * slots: msg_parse and msgtext_read keep no state between mails, and the recogniser of the
 * referee's text is made before the reader starts and only read after. */
#ifndef TEMPEST_PIPELINE_AHEAD_H
#define TEMPEST_PIPELINE_AHEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "mail/msg.h"
#include "mail/msgtext.h"
#include "util/err.h"

#define AHEAD_SLOTS 16

struct pipeline_mail;
struct ahead;

/* A mail as the reader left it. */
struct ahead_mail {
	struct msg *m;                  /* msg_parse's message (NULL if rc is -1) */
	int rc;                         /* msg_parse's answer; e says why it is -1 */
	struct err e;
	bool read;                      /* its text is read (msgtext_read, knowing the
					 * referee's own text): text holds it */
	struct msgtext text;
};

/* Starts reading mails[0..n) ahead, each as far as head(mails[i], arg) bytes (the whole
 * mail, or its headers when it is over the size limit), and its text knowing the referee's
 * own (referee; NULL: the caller reads the text): NULL when it is not worth a thread (a
 * batch of one or two) or none can be started (the mails are then read as they come, as
 * before). */
struct ahead *ahead_start(const struct pipeline_mail *mails, size_t n,
			  size_t (*head)(const struct pipeline_mail *mail, const void *arg),
			  const void *arg, const struct msgtext_referee *referee);

/* mail read ahead: 1 and *out once it is read (the caller owns its message and text);
 * 0 if mail is not the next one this reader holds (read it yourself). */
int ahead_take(struct ahead *a, const struct pipeline_mail *mail, struct ahead_mail *out);

/* A mail's message and text the caller is done with (both may be from the reader or not;
 * *text is left empty): freed by the reader, in its own arena of glibc's allocator, or here
 * when there is no reader (a NULL a) or it is behind with them. */
void ahead_give_back(struct ahead *a, struct msg *m, struct msgtext *text);

/* Stops the reading thread, waits for it and frees what was read and not taken: how many
 * mails it handed out (0 for no reader). */
size_t ahead_stop(struct ahead *a);

#endif
