/* Many small data operations, for the report's time on a long trace: one
 * `target data` region maps three 64-byte arrays, then every step changes
 * a and (every third step) c on the host, sends all three (`target update
 * to`) and brings a and b back (`target update from`): five data
 * operations per step, with round trips, duplicates and unused transfers.
 * Prints a checksum.
 *
 *   target_updates STEPS */
#include <stdio.h>
#include <stdlib.h>

#define LEN 8

int main(int argc, char **argv) {
  long steps = argc == 2 ? atol(argv[1]) : 0;
  if (steps <= 0) {
    fprintf(stderr, "usage: target_updates STEPS\n");
    return 2;
  }
  static double a[LEN], b[LEN], c[LEN];
  double sum = 0;
#pragma omp target data map(tofrom: a[0:LEN], b[0:LEN], c[0:LEN])
  for (long s = 0; s < steps; s++) {
    a[s % LEN] += 1.0;
    if (s % 3 == 0)
      c[0] = (double)s;
#pragma omp target update to(a[0:LEN], b[0:LEN], c[0:LEN])
#pragma omp target update from(a[0:LEN], b[0:LEN])
    sum += a[0];
  }
  printf("%.1f\n", sum);
  return 0;
}
