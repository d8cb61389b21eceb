/* Recording cost: each of THREADS threads (default 1) runs N instances of a
 * construct, each of which the shim records as 2 events (begin and end).
 * Prints nanoseconds per instance, the mean of the threads' own times.
 * Constructs (argv[2]):
 *   masked    masked begin/end: one clock read per event; with several
 *             threads each runs its own `masked filter(thread)`, so no
 *             thread waits for another
 *   critical  mutex_acquire, _acquired, _released: 3 clock reads for 2
 *             events, since the wait (acquire -> acquired) is measured
 *
 *   record_cost [N [masked|critical [THREADS]]] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int critical = argc > 2 && strcmp(argv[2], "critical") == 0;
  int threads = argc > 3 ? atoi(argv[3]) : 1;
  if (n <= 0 || threads <= 0) {
    fprintf(stderr, "usage: record_cost [N [masked|critical [THREADS]]]\n");
    return 2;
  }
  long sum = 0;
  double seconds = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sum, seconds)
  {
    int me = omp_get_thread_num();
    double start = omp_get_wtime();
    if (critical) {
      for (long i = 0; i < n; i++) {
#pragma omp critical
        sum++;
      }
    } else {
      for (long i = 0; i < n; i++) {
#pragma omp masked filter(me)
        sum++;
      }
    }
    seconds += omp_get_wtime() - start;
  }
  if (sum != n * threads)
    return 1;
  printf("%.2f\n", seconds * 1e9 / (double)n / threads);
  return 0;
}
