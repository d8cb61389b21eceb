/* Host constructs with known counts: a parallel region entered 10 times by
 * 2 threads, an explicit barrier in it, and a critical section. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  double sum = 0.0;
  int entries = 0;
  for (int r = 0; r < 10; r++) {
#pragma omp parallel num_threads(2) reduction(+ : sum)
    {
      sum += omp_get_thread_num() + 1;
#pragma omp barrier
#pragma omp critical
      entries++;
    }
  }
  printf("%.1f %d\n", sum, entries);
  return 0;
}
