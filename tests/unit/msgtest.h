/* msgtest.h: what the mail parser's tests share (test_msg.c, test_msg_sizes.c): the
 * corpus's folder, the heads of a test mail, a file read whole, a UTF-8 check. */
#ifndef TEMPEST_TEST_MSGTEST_H
#define TEMPEST_TEST_MSGTEST_H

#include <stddef.h>

#define CORPUS "tests/mail/corpus"

/* The heads of a test mail: a plain one, a multipart/mixed and a multipart/alternative one
 * (boundary "b"), the body to follow. */
#define PLAIN "From: a@x.org\r\nMIME-Version: 1.0\r\n"
#define MIXED PLAIN "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
#define ALT PLAIN "Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n"

/* The file at path, NUL-terminated, its length in *len; NULL if it cannot be read. */
char *msgtest_slurp(const char *path, size_t *len);
/* 1 if s is well-formed UTF-8 (no overlong leads, no stray continuation bytes). */
int msgtest_utf8_ok(const char *s);

#endif
