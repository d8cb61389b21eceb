/* Repeated allocation: a result buffer is allocated and freed on the device
 * on every step.
 *
 * The input stays on the device thanks to `target data`, but the output is
 * mapped by the kernel itself, so every step allocates y[0:N], copies it
 * back and frees it. The content differs each step, so the copies are
 * needed; the allocations are not. ompt-inst reports repeated_alloc of
 * y[0:N]: STEPS-1 avoidable allocations.
 * Fix: `map(alloc: y[0:N])` on the target data region and
 * `target update from(y[0:N])` after the kernel. */
#include <stdio.h>

#define N 4096
#define STEPS 5

static double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = 0.001 * i;

  double sum = 0.0;
#pragma omp target data map(to: x[0:N])
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(from: y[0:N])
    for (int i = 0; i < N; i++)
      y[i] = x[i] * (s + 1);
    for (int i = 0; i < N; i++)
      sum += y[i];
  }

  printf("repeated_alloc: checksum %.6f\n", sum);
  return 0;
}
