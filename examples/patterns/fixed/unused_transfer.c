/* unused_transfer.c fixed: the grid is initialised and its boundary set on
 * the host first, then mapped: one transfer of g[0:N] instead of the
 * region's unread one, the full update and the one-element update. */
#include <stdio.h>

#define N 4096

static double g[N], out[N];

int main(void) {
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    g[i] = 0.5 * (i % 32);
  g[0] = -1.0;
#pragma omp target data map(to: g[0:N]) map(from: out[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      out[i] = 3.0 * g[i];
  }

  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("unused_transfer: checksum %.6f\n", sum);
  return 0;
}
