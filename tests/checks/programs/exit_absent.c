/* Planted bug: `target exit data map(from: r)` of a variable that was
 * never entered: nothing comes back, and the host prints its old values.
 * FIXED enters it first. */
#include <stdio.h>
#define N 2048
static double r[N];
int main(void) {
#ifdef FIXED
#pragma omp target enter data map(alloc: r[0:N])
#endif
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    r[i] = 0.5 * i;
#pragma omp target exit data map(from: r[0:N])
  printf("exit_absent: %g\n", r[100]);
  return 0;
}
