/* Timestamps to hold the trace's against: CLOCK_MONOTONIC read before a
 * parallel region, at the start and end of the initial thread's 20 ms of
 * work inside it, and after it. Prints "before start end after" in ns. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(void) {
  omp_set_num_threads(2);
  uint64_t start = 0, end = 0;
  uint64_t before = monotonic_ns(); /* the runtime and tool start here */
#pragma omp parallel
  if (omp_get_thread_num() == 0) {
    start = monotonic_ns();
    while (monotonic_ns() - start < 20000000u)
      ;
    end = monotonic_ns();
  }
  uint64_t after = monotonic_ns();
  printf("%llu %llu %llu %llu\n", (unsigned long long)before,
         (unsigned long long)start, (unsigned long long)end,
         (unsigned long long)after);
  return 0;
}
