/* A kernel that writes through a pointer it maps by no clause (issue 49,
 * shape 2): `target data` maps a `to` and y `from` around it, and the
 * function runs four times. The kernel writes y only: a's resend is a
 * certain duplicate in the plugin build (its write is charged to y, the
 * mapping the pointer points into, not to every copy of the device), low
 * in the plain build, which cannot see the kernel's body. */
#include <stdio.h>
#include <stdlib.h>

static void scale(const double *a, double *y, int n) {
#pragma omp target data map(to: a[0:n]) map(from: y[0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      y[i] = a[i] * 2.0;
  }
}

int main(void) {
  int n = 1 << 14;
  double *a = malloc(n * sizeof *a), *y = malloc(n * sizeof *y);
  if (!a || !y)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = i;
  double s = 0;
  for (int k = 0; k < 4; k++) {
    scale(a, y, n);
    s += y[k + 1];
  }
  printf("pointer_kernel: %.1f\n", s);
  free(a);
  free(y);
  return 0;
}
