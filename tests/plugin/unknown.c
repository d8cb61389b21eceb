/* Directives the plugin leaves alone (loop transformations, depobj) next
 * to ones it instruments; used by the options test. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[16], sum = 0, hits = 0;
  omp_depend_t dep;
#pragma omp tile sizes(4)
  for (int i = 0; i < 16; i++)
    a[i] = i;
#pragma omp depobj(dep) depend(in : sum)
#pragma omp parallel for reduction(+ : sum) num_threads(2)
  for (int i = 0; i < 16; i++) {
    sum += a[i];
    a[i] = sum;
  }
#pragma omp depobj(dep) destroy
#pragma omp simd
  for (int i = 0; i < 16; i++)
    a[i] += 1;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    hits++;
  }
  printf("%d %d %d\n", a[15], sum, hits);
  return 0;
}
