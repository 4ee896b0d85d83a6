/* err.h: the error report a callee fills in for its caller.
 *
 * Functions that can fail take a `struct err *` (owned by the caller, may be NULL) and
 * return -1 after writing a sentence a person can act on, e.g. "line 4: 'Nf9' is not a
 * square". Context is added on the way up with err_prefix(). A failure that a later run
 * would meet again until someone acts (a refused login, a certificate, a damaged file) is
 * marked with err_for_a_person(), so that a command exits 2 for it rather than 75. */
#ifndef TEMPEST_ERR_H
#define TEMPEST_ERR_H

#include <stddef.h>

#include "util/phrase.h"

#define ERR_MAX 1024

#include <stdbool.h>

struct err {
	char msg[ERR_MAX];
	bool for_a_person;      /* waiting will not help: someone must act (exit 2) */
};

/* Replaces the message (and clears for_a_person); always returns -1 so that
 * `return err_set(e, ...)` reads well. */
int err_set(struct err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same with the message as a phrase (phrase.h): a reason a player reads, in their
 * language (the move reader's, a card effect's). */
int err_phrase(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Marks the current failure as one a person must see to; returns -1. */
int err_for_a_person(struct err *e);

/* Puts context in front of the current message: "rules/x.json: " + msg. */
void err_prefix(struct err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The message, or "" when none was set (e may be NULL). */
const char *err_msg(const struct err *e);

#endif
