/* stencil: a small real-code-style C program for the corpus (K&R
 * definitions, macro-built pragmas, orphaned worksharing, a flush
 * spin-wait pipeline, a device reduction next to a map). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "stencil.h"

int main()
{
  double *u = malloc(N * sizeof *u), *v = malloc(N * sizeof *v), s = 0;
  int i, it;
  for (i = 0; i < N; i++)
    u[i] = v[i] = (i % 17) * 0.125;
  omp_set_num_threads(STAGES);
#pragma omp parallel private(it)
  for (it = 0; it < 10; it++) {
    relax(u, v, N);
    relax(v, u, N);
  }
#pragma omp parallel
  norm(u, N, &s);
  printf("norm %.6f\n", s);
  printf("pipeline %.6f\n", pipeline());
  printf("device sum %.6f\n", device_sum(u, N));
  free(u);
  free(v);
  return 0;
}
