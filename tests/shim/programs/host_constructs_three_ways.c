/* One instance of each host construct per thread, or a known number, so
 * that the merged, native and compiler views can be counted exactly.
 * 3 threads; the line of each pragma is asserted by the test. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  long sum = 0, atomics = 0, tasks = 0, masked = 0, ordered = 0;
  double v[64];
#pragma omp parallel num_threads(3)
  {
#pragma omp for
    for (int i = 0; i < 64; i++)
      v[i] = i;
#pragma omp critical
    sum++;
#pragma omp atomic
    atomics++;
#pragma omp barrier
#pragma omp single
    {
#pragma omp task
      tasks++;
#pragma omp taskwait
    }
#pragma omp masked
    masked++;
#pragma omp sections
    {
#pragma omp section
      sum += 10;
#pragma omp section
      sum += 100;
    }
#pragma omp for ordered
    for (int i = 0; i < 6; i++) {
#pragma omp ordered
      ordered++;
    }
#pragma omp taskgroup
    {
#pragma omp task
#pragma omp atomic
      tasks++;
    }
  }
  double dot = 0;
#pragma omp simd reduction(+ : dot)
  for (int i = 0; i < 64; i++)
    dot += v[i];
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < 8; i++)
    v[i] = -i;
  printf("sum=%ld atomics=%ld tasks=%ld masked=%ld ordered=%ld dot=%g v7=%g\n",
         sum, atomics, tasks, masked, ordered, dot, v[7]);
  return 0;
}
