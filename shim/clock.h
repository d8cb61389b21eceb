/* The one clock of the trace: CLOCK_MONOTONIC in nanoseconds (vDSO, no
 * system call), shared by native callbacks and compiler hooks. */
#ifndef OMPT_INST_SHIM_CLOCK_H
#define OMPT_INST_SHIM_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t oi_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
