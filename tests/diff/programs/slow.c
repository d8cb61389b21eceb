/* A kernel whose work per element is WORK repetitions (-DWORK=N): built
 * twice, it plants a construct that is slower by a known factor with the
 * same transfers (tests/diff/fail_on.sh). */
#include <stdio.h>

#ifndef WORK
#define WORK 1
#endif
#define N 200000

static double a[N];

int main(void) {
#pragma omp target data map(tofrom: a[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) {
      double x = a[i];
      for (int k = 0; k < WORK; k++)
        x = x * 0.5 + 1.0;
      a[i] = x;
    }
  }
  printf("slow: %.3f\n", a[N / 2]);
  return 0;
}
