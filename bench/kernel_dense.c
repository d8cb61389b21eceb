/* Many short offloaded kernels on data that stays on the device: one
 * `target data` region maps two 16 KiB arrays once, then every step runs
 * two `target teams distribute parallel for` kernels on them (no data
 * moves: the arrays are present) and one host `parallel for`. Prints the
 * mean time of one step in nanoseconds, then checks the result.
 *
 *   kernel_dense STEPS */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 2048 /* doubles: 16 KiB per array */

int main(int argc, char **argv) {
  long steps = argc == 2 ? atol(argv[1]) : 0;
  if (steps <= 0) {
    fprintf(stderr, "usage: kernel_dense STEPS\n");
    return 2;
  }
  static double a[LEN], b[LEN], host[LEN];
  double start = 0;
#pragma omp target data map(tofrom: a[0:LEN], b[0:LEN])
  {
    for (long s = -1; s < steps; s++) {
      if (s == 0) /* step -1 warms up the device and the team */
        start = omp_get_wtime();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < LEN; i++)
        a[i] += 1.0;
#pragma omp target teams distribute parallel for
      for (int i = 0; i < LEN; i++)
        b[i] += a[i];
#pragma omp parallel for
      for (int i = 0; i < LEN; i++)
        host[i] += 0.5;
    }
  }
  double seconds = omp_get_wtime() - start;
  /* after k steps a[i] = k, b[i] = k (k + 1) / 2, host[i] = k / 2 */
  double k = (double)(steps + 1);
  for (int i = 0; i < LEN; i++)
    if (a[i] != k || b[i] != k * (k + 1) / 2 || host[i] != k / 2) {
      fprintf(stderr, "kernel_dense: wrong result at %d\n", i);
      return 1;
    }
  printf("%.1f\n", seconds * 1e9 / (double)steps);
  return 0;
}
