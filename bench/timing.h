/* Wall-clock seconds and in-place sorting of timings, shared by the plain-C
 * benchmarks (each reports the median of several timings). */
#ifndef OMPT_INST_BENCH_TIMING_H
#define OMPT_INST_BENCH_TIMING_H

#include <stdlib.h>
#include <time.h>

static inline double bench_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int bench_compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts `values` ascending (so [0] is the minimum, [n-1] the maximum) and
 * returns the median. */
static inline double bench_sort_median(double *values, size_t n) {
  qsort(values, n, sizeof *values, bench_compare_doubles);
  return values[n / 2];
}

#endif
