/* What one reading of the clock costs, the floor under the recording cost
 * per event (every event is stamped): the shim's own reading (shim/clock.h:
 * an ordered time-stamp counter read converted to ns, or clock_gettime
 * where the counter is not trusted), and its parts. READS readings per
 * timing, the variants interleaved, median of 5 timings; prints a Markdown
 * table, and appends the shim's figure to the file $OI_BENCH_FIGURES if set
 * (bench/run.sh's targets).
 *
 *   clock_cost [READS] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "shim/clock.h"
#include "timing.h"

#define TIMINGS 5

enum variant { SHIM, FENCED, UNORDERED, GETTIME, VARIANTS };

static const char *const names[VARIANTS] = {
    [SHIM] = "the shim's clock (`oi_now_ns`)",
    [FENCED] = "`lfence` + `rdtsc` (ordered)",
    [UNORDERED] = "`rdtsc` alone (unordered)",
    [GETTIME] = "`clock_gettime(CLOCK_MONOTONIC)` (vDSO)",
};

static uint64_t read_many(enum variant variant, long reads) {
  uint64_t sum = 0;
  for (long i = 0; i < reads; i++) {
    switch (variant) {
    case SHIM: sum += oi_now_ns(); break;
#if OI_CLOCK_HAS_TSC
    case FENCED:
      _mm_lfence();
      sum += __rdtsc();
      break;
    case UNORDERED: sum += __rdtsc(); break;
#else
    case FENCED:
    case UNORDERED: break;
#endif
    case GETTIME: sum += oi_monotonic_ns(); break;
    default: break;
    }
  }
  return sum;
}

int main(int argc, char **argv) {
  long reads = argc > 1 ? atol(argv[1]) : 20000000;
  if (argc > 2 || reads <= 0) {
    fprintf(stderr, "usage: clock_cost [READS]\n");
    return 2;
  }
  oi_clock_init(NULL);
  double ns[VARIANTS][TIMINGS];
  uint64_t sink = 0;
  for (int t = 0; t < TIMINGS; t++)
    for (int v = 0; v < VARIANTS; v++) {
      double start = bench_seconds();
      sink += read_many((enum variant)v, reads);
      ns[v][t] = (bench_seconds() - start) * 1e9 / (double)reads;
    }
  printf("%ld readings per timing, median of %d interleaved timings; the shim reads `%s`.\n\n",
         reads, TIMINGS, oi_clock_name());
  printf("| clock reading | ns per reading |\n|---|---:|\n");
  double median[VARIANTS];
  for (int v = 0; v < VARIANTS; v++) {
    median[v] = bench_sort_median(ns[v], TIMINGS);
    if (OI_CLOCK_HAS_TSC || (v != FENCED && v != UNORDERED))
      printf("| %s | %.1f |\n", names[v], median[v]);
  }
  const char *figures = getenv("OI_BENCH_FIGURES");
  FILE *out = figures && *figures ? fopen(figures, "a") : NULL;
  if (out) {
    fprintf(out, "clock shim ns/read %.1f\n", median[SHIM]);
    fclose(out);
  }
  return sink == 42; /* keeps the readings from being optimised away */
}
