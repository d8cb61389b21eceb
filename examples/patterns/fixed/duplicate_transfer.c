/* duplicate_transfer.c fixed: the `target update to` inside the loop is
 * gone; the `target data` region's copy of the weights stays valid on the
 * device for every step. Removes both findings of the original (the
 * duplicate transfers, and the region's transfer that the first update
 * overwrote unread). `ompt-inst diff` of the two runs: 8 transfers saved. */
#include <stdio.h>

#define N 4096
#define STEPS 8

static double weights[N], acc[N];

int main(void) {
  for (int i = 0; i < N; i++)
    weights[i] = 1.0 / (1 + i % 17);

#pragma omp target data map(to: weights[0:N]) map(from: acc[0:N])
  for (int s = 0; s < STEPS; s++) {
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
