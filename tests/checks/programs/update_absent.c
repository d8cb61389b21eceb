/* Planted bug: a `target update` of data the device does not hold moves
 * nothing, so the kernel computes on the values `b` got at its mapping,
 * not on the host's new ones. FIXED maps `a` around the update. */
#include <stdio.h>
#define N 4096
static double a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;
#pragma omp target enter data map(to: b[0:N])
#ifdef FIXED
#pragma omp target enter data map(to: a[0:N])
#endif
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma omp target update to(a[0:N])
#pragma omp target map(tofrom: b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = 2 * i;
#ifdef FIXED
#pragma omp target exit data map(release: a[0:N])
#endif
#pragma omp target exit data map(from: b[0:N])
  printf("update_absent: %g %g\n", a[10], b[10]);
  return 0;
}
