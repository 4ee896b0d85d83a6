/* fault.h: crash points for the fault tests. When $TEMPEST_FAULT names a point, the
 * process kills itself there with SIGKILL, exactly as a power cut or an OOM kill would,
 * so that tests can check that the next run repairs everything. Unset, it costs a
 * getenv() per point. */
#ifndef TEMPEST_FAULT_H
#define TEMPEST_FAULT_H

void fault_point(const char *name);

#endif
