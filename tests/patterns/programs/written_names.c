/* Map items as written, in every build and from every working folder
 * (issue 49, shapes 3 and 4): clang hands the runtime u's section printed
 * with blanks around its product, and table's first dimension only; the
 * source says `u[0:n*n]` and `table[0:4][0:256]`. */
#include <stdio.h>
#include <stdlib.h>

static double table[4][256];

int main(void) {
  int n = 64;
  double *u = calloc((size_t)n * n, sizeof *u);
  if (!u)
    return 1;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 256; j++)
      table[i][j] = i + j;
  for (int step = 0; step < 3; step++) {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n*n]) map(to: table[0:4][0:256])
    for (int i = 0; i < n * n; i++)
      u[i] += table[i % 4][i % 256];
  }
  printf("written_names: %.1f\n", u[5]);
  free(u);
  return 0;
}
