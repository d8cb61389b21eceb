/* Duplicate transfer: a table that never changes is sent to the device again
 * on every step.
 *
 * The weights are mapped once by the `target data` region, which would be
 * enough; the `target update to` inside the loop re-sends the same bytes
 * each step "to be safe". ompt-inst reports the update as a
 * duplicate_transfer of weights[0:N]: STEPS avoidable transfers.
 * Fix: drop the update (the device copy is still valid). */
#include <stdio.h>

#define N 4096
#define STEPS 8

static double weights[N], acc[N];

int main(void) {
  for (int i = 0; i < N; i++)
    weights[i] = 1.0 / (1 + i % 17);

#pragma omp target data map(to: weights[0:N]) map(from: acc[0:N])
  for (int s = 0; s < STEPS; s++) {
#pragma omp target update to(weights[0:N])
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      acc[i] = (s == 0 ? 0.0 : acc[i]) + weights[i] * (s + 1);
  }

  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += acc[i];
  printf("duplicate_transfer: checksum %.6f\n", sum);
  return 0;
}
