/* round_trip.c fixed: the field is sent once, before the loop; each step
 * keeps only the `target update from` the host check needs. The device copy
 * stays current because only the kernel writes u. */
#include <math.h>
#include <stdio.h>

#define N 4096
#define STEPS 6

static double u[N];

int main(void) {
  for (int i = 0; i < N; i++)
    u[i] = (i % 64 == 0) ? 64.0 : 0.0;

  double change = 0.0;
#pragma omp target data map(alloc: u[0:N])
  {
#pragma omp target update to(u[0:N])
    for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++)
        u[i] = 0.5 * u[i] + 0.25 * (s + 1);
#pragma omp target update from(u[0:N])
      change = 0.0; /* the host only reads u here */
      for (int i = 0; i < N; i++)
        change += fabs(u[i]);
    }
  }

  printf("round_trip: checksum %.6f\n", change);
  return 0;
}
