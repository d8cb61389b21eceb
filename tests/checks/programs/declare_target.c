/* No bug: a `declare target` variable is on the device from the program's
 * start, without an allocation any map clause makes, so its updates move
 * it (the absent-data checks must not call it absent, on a device whose
 * allocations, h's, the runtime reports). */
#include <stdio.h>
#define N 512
#pragma omp declare target
double g[N];
#pragma omp end declare target
static double h[N];
int main(void) {
  for (int i = 0; i < N; i++)
    g[i] = i, h[i] = 1;
#pragma omp target update to(g[0:N])
#pragma omp target teams distribute parallel for map(tofrom: h[0:N])
  for (int i = 0; i < N; i++)
    h[i] += g[i] * 2.0;
#pragma omp target update from(g[0:N])
  printf("declare_target: %g\n", h[N - 1]);
  return 0;
}
