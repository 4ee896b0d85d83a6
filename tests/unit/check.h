/* check.h: the small assert helper shared by the unit tests (tests/unit/test_*.c).
 *
 * A test program calls CHECK* as often as it likes and ends with `return check_done();`,
 * which prints "NAME: N passed, N failed" and returns the exit status. A failed check
 * prints where and what, and the program goes on. */
#ifndef TEMPEST_TEST_CHECK_H
#define TEMPEST_TEST_CHECK_H

#include <stdbool.h>

#define CHECK(cond) check_true((cond), #cond, __FILE__, __LINE__)
#define CHECK_STR(got, want) check_str((got), (want), #got, __FILE__, __LINE__)
#define CHECK_INT(got, want) check_int((long long)(got), (long long)(want), #got, __FILE__, __LINE__)
/* got must contain want */
#define CHECK_HAS(got, want) check_has((got), (want), #got, __FILE__, __LINE__)

bool check_true(bool ok, const char *what, const char *file, int line);
bool check_str(const char *got, const char *want, const char *what, const char *file, int line);
bool check_int(long long got, long long want, const char *what, const char *file, int line);
bool check_has(const char *got, const char *want, const char *what, const char *file, int line);
/* text in English (its phrases, util/phrase.h, written as an English reader gets them),
 * in one of a few static buffers: for a test's own strcmp and strstr. */
const char *check_en(const char *text);
/* Extra context printed with the next failure (e.g. the table row), or NULL. */
void check_context(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int check_done(void);

#endif
