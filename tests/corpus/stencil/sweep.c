/* Orphaned worksharing, K&R style: called from inside a parallel region. */
#include "omp_macros.h"
#include "stencil.h"

void relax(u, v, n)
double *u, *v;
int n;
{
  int i;
  OMP_FOR_STATIC
  for (i = 1; i < n - 1; i++)
    v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
}

/* the sum of squares into *s, shared by the team */
void norm(u, n, s)
double *u, *s;
int n;
{
  int i;
#pragma omp for reduction(+: s[0])
  for (i = 0; i < n; i++)
    s[0] += u[i] * u[i];
}
