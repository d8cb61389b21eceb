/* Constructs inside kernels run on the host device, and the same on the
 * host itself; the program counts its own instances (kernel_constructs.sh). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 20;
  static double a[N];
  double sum = 0;
  int criticals = 0, threads = 0, host_criticals = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target enter data map(to : a)
  for (int s = 0; s < steps; s++) {
#pragma omp target map(tofrom : sum, criticals, threads)
    {
#pragma omp parallel num_threads(2)
      {
#pragma omp for reduction(+ : sum)
        for (int i = 0; i < N; i++)
          sum += a[i];
#pragma omp critical
        criticals++;
#pragma omp masked
        threads += omp_get_num_threads();
      }
    }
  }
#pragma omp target exit data map(delete : a)
#pragma omp parallel num_threads(2)
  {
#pragma omp critical
    host_criticals++;
  }
  printf("sum=%.0f criticals=%d threads=%d host_criticals=%d\n", sum, criticals,
         threads, host_criticals);
  return 0;
}
