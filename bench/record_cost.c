/* Recording cost: one thread runs N instances of a construct, each of which
 * the shim records as 2 events (begin and end). Prints nanoseconds per
 * instance. Constructs (argv[2]):
 *   masked    masked begin/end: one clock read per event
 *   critical  mutex_acquire, _acquired, _released: 3 clock reads for 2
 *             events, since the wait (acquire -> acquired) is measured */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int critical = argc > 2 && strcmp(argv[2], "critical") == 0;
  long sum = 0;
  double seconds = 0;
#pragma omp parallel num_threads(1)
  {
    double start = omp_get_wtime();
    if (critical) {
      for (long i = 0; i < n; i++) {
#pragma omp critical
        sum++;
      }
    } else {
      for (long i = 0; i < n; i++) {
#pragma omp masked
        sum++;
      }
    }
    seconds = omp_get_wtime() - start;
  }
  if (sum != n)
    return 1;
  printf("%.2f\n", seconds * 1e9 / (double)n);
  return 0;
}
