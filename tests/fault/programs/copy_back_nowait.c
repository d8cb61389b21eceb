/* copy_back_steps.c with deferred target tasks: each kernel and each
 * `target update from` is a `nowait` task ordered by `depend` on `field`,
 * and a `taskwait` waits for the copy back before the host reads it. The
 * kernels change the device's copy before every copy back, so no copy back
 * repeats what the host holds, and the run has no finding. */
#include <stdio.h>

#define N 8192
#define STEPS 4

static double field[N];

int main(void) {
  for (int i = 0; i < N; i++)
    field[i] = i % 7;
  double sum = 0.0;
#pragma omp target data map(to: field[0:N])
  for (int s = 1; s <= STEPS; s++) {
#pragma omp target teams distribute parallel for nowait depend(inout: field[0:N])
    for (int i = 0; i < N; i++)
      field[i] += s;
#pragma omp target update from(field[0:N]) nowait depend(inout: field[0:N])
#pragma omp taskwait
    sum += field[s];
  }
  printf("copy_back_nowait: checksum %.1f\n", sum);
  return 0;
}
