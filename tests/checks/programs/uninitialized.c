/* Planted bugs: device copies read before anything wrote them. `w` and `s`
 * are allocated without their content; `s` comes back to the host before
 * anything wrote it, and the kernel reads `w` through a `to` map that finds
 * it present, so moves nothing. FIXED enters both `to`. */
#include <stdio.h>
#define N 1024
static double w[N], s[N], out[N];
#ifdef FIXED
#define ENTER to
#else
#define ENTER alloc
#endif
int main(void) {
  for (int i = 0; i < N; i++)
    w[i] = 1.0, s[i] = 2.0, out[i] = 0.0;
#pragma omp target enter data map(ENTER: w[0:N], s[0:N])
#pragma omp target update from(s[0:N])
#pragma omp target teams distribute parallel for map(to: w[0:N]) map(from: out[0:N])
  for (int i = 0; i < N; i++)
    out[i] = 3.0 * w[i];
#pragma omp target exit data map(release: w[0:N], s[0:N])
  printf("uninitialized: done\n");
  return 0;
}
