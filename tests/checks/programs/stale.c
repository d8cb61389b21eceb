/* Planted bug: the host changes `a` after `target enter data` sent it, and
 * the kernel's `map(to: a)` finds it present, so moves nothing: the kernel
 * computes on the old values. FIXED sends it with `target update to`. */
#include <stdio.h>
#define N 2048
static double a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 1.0;
#pragma omp target enter data map(to: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 2.0 * i;
#ifdef FIXED
#pragma omp target update to(a[0:N])
#endif
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(from: b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1.0;
#pragma omp target exit data map(release: a[0:N])
  printf("stale: %g\n", b[10]);
  return 0;
}
