/* Unused transfers: data sent to the device and overwritten before any
 * kernel could read it, wholly and in part.
 *
 * The grid is mapped before the host has initialised it, so the `target
 * data` region sends bytes that the following `target update` replaces
 * entirely: unused_transfer of g[0:N], 1 transfer, all its bytes. Then the
 * boundary value is fixed on the host and sent as one element. That update
 * overwrites only 8 bytes of the full update, so the full update is *not*
 * unused: ompt-inst reports it with count 0, partial 1 and 8 bytes.
 * Fix: map after initialising (`map(to:)` at the right place) and set the
 * boundary before the single transfer. */
#include <stdio.h>

#define N 4096

static double g[N], out[N];

int main(void) {
  double sum = 0.0;
#pragma omp target data map(to: g[0:N]) map(from: out[0:N])
  {
    for (int i = 0; i < N; i++)
      g[i] = 0.5 * (i % 32);
#pragma omp target update to(g[0:N])
    g[0] = -1.0;
#pragma omp target update to(g[0:1])
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      out[i] = 3.0 * g[i];
  }

  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("unused_transfer: checksum %.6f\n", sum);
  return 0;
}
