/* Unused allocation: device memory that no kernel ever runs alongside.
 *
 * The smoothing pass was moved back to the host, but its `target data`
 * region stayed: tmp[0:N] is allocated on the device and freed again while
 * only host code runs. ompt-inst reports unused_alloc of tmp[0:N] (one
 * avoidable allocation).
 * Fix: remove the target data region around host code. */
#include <stdio.h>

#define N 4096

static double x[N], tmp[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (double)(i % 100);

  /* phase 1 on the device */
#pragma omp target teams distribute parallel for map(tofrom: x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = 2.0 * x[i] + 1.0;

  /* phase 2, now on the host */
#pragma omp target data map(alloc: tmp[0:N])
  {
    for (int i = 1; i < N - 1; i++)
      tmp[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0;
  }

  double sum = 0.0;
  for (int i = 1; i < N - 1; i++)
    sum += tmp[i];
  printf("unused_alloc: checksum %.6f\n", sum);
  return 0;
}
