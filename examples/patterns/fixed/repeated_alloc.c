/* repeated_alloc.c fixed: y[0:N] is allocated once by the `target data`
 * region (`map(alloc:)`), and each step copies the result back with
 * `target update from`, the copy the kernel's `map(from:)` used to make.
 * Same transfers, one allocation instead of one per step. */
#include <stdio.h>

#define N 4096
#define STEPS 5

static double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = 0.001 * i;

  double sum = 0.0;
#pragma omp target data map(to: x[0:N]) map(alloc: y[0:N])
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      y[i] = x[i] * (s + 1);
#pragma omp target update from(y[0:N])
    for (int i = 0; i < N; i++)
      sum += y[i];
  }

  printf("repeated_alloc: checksum %.6f\n", sum);
  return 0;
}
