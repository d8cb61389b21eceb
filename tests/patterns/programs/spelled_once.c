/* One map item whose runtime name clang spells otherwise (`u[0:n * n]`):
 * `ompt-inst diff` of a run that found the source and one that did not
 * matches the two spellings, and says so. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 64;
  double *u = calloc((size_t)n * n, sizeof *u);
  if (!u)
    return 1;
  for (int step = 0; step < 3; step++) {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n*n])
    for (int i = 0; i < n * n; i++)
      u[i] += i % 7;
  }
  printf("spelled_once: %.1f\n", u[5]);
  free(u);
  return 0;
}
