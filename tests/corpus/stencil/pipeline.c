/* A wavefront pipeline of the pre-OpenMP-4 kind: stage k spins on a flag,
 * flushing it, until stage k-1 has produced step s. How long a stage spins
 * depends on scheduling only; the result does not. */
#include <omp.h>
#include "omp_macros.h"
#include "stencil.h"

static volatile int ready[STAGES + 1];
static double stage_out[STAGES][STEPS];

static double produce(k, s)
int k, s;
{
  double x = k + s;
  int i;
  for (i = 0; i < 2000; i++)
    x = x * 0.999 + 0.001 * i;
  return x;
}

double pipeline()
{
  int s;
  double total = 0;
  OMP_PARALLEL
  {
    int k = omp_get_thread_num(), step;
    if (k < STAGES)
      for (step = 0; step < STEPS; step++) {
        if (k > 0)
          while (ready[k] <= step) {
            OMP_FLUSH(ready)
          }
        stage_out[k][step] = produce(k, step) + (k ? stage_out[k - 1][step] : 0);
#pragma omp flush
        ready[k + 1] = step + 1;
        OMP_FLUSH(ready)
      }
  }
  for (s = 0; s < STEPS; s++)
    total += stage_out[STAGES - 1][s];
  return total;
}

/* A reduction next to a map clause, on the device. */
double device_sum(u, n)
double *u;
int n;
{
  double acc = 0;
  int i;
  OMP_TARGET_SUM(n, u, acc)
  for (i = 0; i < n; i++)
    acc += u[i];
  return acc;
}
