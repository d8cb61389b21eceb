/* Identical content: two different variables carry the same bytes to the
 * device.
 *
 * Both velocity components start at zero, and both are sent. ompt-inst
 * reports identical_content for vy[0:N] (the same content as vx[0:N]).
 * Nothing is counted as avoidable: the variables are distinct; it is a hint
 * that `map(alloc:)` plus a zeroing kernel would save both transfers.
 * Fix: allocate on the device and zero there. */
#include <stdio.h>

#define N 4096
#define STEPS 4

static double vx[N], vy[N];

int main(void) {
#pragma omp target data map(tofrom: vx[0:N], vy[0:N])
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) {
      vx[i] += 0.1 * (i % 7);
      vy[i] -= 0.2 * (i % 5);
    }
  }

  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += vx[i] - 2.0 * vy[i];
  printf("identical_content: checksum %.6f\n", sum);
  return 0;
}
