/* unused_alloc.c fixed: the `target data` region that was left around the
 * smoothing pass after it moved to the host is removed. */
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

  /* phase 2, on the host: no device memory */
  for (int i = 1; i < N - 1; i++)
    tmp[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0;

  double sum = 0.0;
  for (int i = 1; i < N - 1; i++)
    sum += tmp[i];
  printf("unused_alloc: checksum %.6f\n", sum);
  return 0;
}
