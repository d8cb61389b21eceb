/* Structs copied to the device and back whole, with a member section of
 * the pointer they hold: the runtime attaches the device pointer into the
 * struct's device copy and restores the host's after the copy back. The
 * pointer lies at offset 8 in `field8`, at 0 in `field0`; the kernels
 * change the arrays, not the structs. */
#include <stdio.h>
#include <stdlib.h>

struct field8 {
  int n;
  double *a;
};
struct field0 {
  double *a;
  int n;
};

static void smooth8(struct field8 *f) {
#pragma omp target map(tofrom: f[0:1]) map(tofrom: f->a[0:f->n]) /* smooth8 */
  for (int i = 0; i < f->n; i++)
    f->a[i] = f->a[i] * 0.5 + 1.0;
}

static void smooth0(struct field0 *f) {
#pragma omp target map(tofrom: f[0:1]) map(tofrom: f->a[0:f->n]) /* smooth0 */
  for (int i = 0; i < f->n; i++)
    f->a[i] = f->a[i] * 0.5 + 1.0;
}

int main(void) {
  struct field8 f = {1000, calloc(1000, sizeof(double))};
  struct field0 g = {calloc(1000, sizeof(double)), 1000};
  if (!f.a || !g.a)
    return 1;
  for (int step = 0; step < 3; step++) {
    smooth8(&f);
    smooth0(&g);
  }
  printf("%g %g\n", f.a[999], g.a[999]);
  free(f.a);
  free(g.a);
  return 0;
}
