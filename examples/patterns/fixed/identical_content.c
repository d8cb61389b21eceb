/* identical_content.c fixed: the velocity components are allocated on the
 * device (`map(from:)` copies nothing in) and zeroed there by a kernel,
 * so neither block of zeros is sent. The finding predicted no saving
 * (two distinct variables); the fix saves both transfers. */
#include <stdio.h>

#define N 4096
#define STEPS 4

static double vx[N], vy[N];

int main(void) {
#pragma omp target data map(from: vx[0:N], vy[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      vx[i] = vy[i] = 0.0;
    for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++) {
        vx[i] += 0.1 * (i % 7);
        vy[i] -= 0.2 * (i % 5);
      }
    }
  }

  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += vx[i] - 2.0 * vy[i];
  printf("identical_content: checksum %.6f\n", sum);
  return 0;
}
