/* One `target data` line that maps two heap blocks which are fresh every
 * round (the earlier ones are kept, so no address comes back) and that no
 * kernel uses: in a build without the plugin, one unused_alloc finding per
 * variable of that line, counting every round. */
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 2000
#define N 1024
#define M 256

int main(void) {
  static double *kept[2 * ROUNDS];
  double sum = 0;
  for (int r = 0; r < ROUNDS; r++) {
    double *tmp = malloc(N * sizeof *tmp), *aux = malloc(M * sizeof *aux);
    if (!tmp || !aux)
      return 1;
    kept[2 * r] = tmp;
    kept[2 * r + 1] = aux;
#pragma omp target data map(alloc: tmp[0:N], aux[0:M])
    {
      sum += r;
    }
  }
  for (int r = 0; r < 2 * ROUNDS; r++)
    free(kept[r]);
  printf("%.0f\n", sum);
  return 0;
}
