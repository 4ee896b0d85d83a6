/* fault.h: crash points for the fault tests. When $TEMPEST_FAULT names a point, the
 * process kills itself there with SIGKILL, exactly as a power cut or an OOM kill would,
 * so that tests can check that the next run repairs everything. Unset, it costs a
 * getenv() per point. */
#ifndef TEMPEST_FAULT_H
#define TEMPEST_FAULT_H

#include <stddef.h>

void fault_point(const char *name);
/* A mail that kills the run (a poison mail, for the tests): when $TEMPEST_FAULT_MAIL is
 * found in the raw mail, the process kills itself as the mail is about to be processed. */
void fault_mail(const char *raw, size_t len);

#endif
