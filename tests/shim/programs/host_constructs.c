/* Host constructs with known instance counts: 4 threads, N critical
 * sections each, an explicit barrier, a dynamic loop of 100 iterations in
 * chunks of 10 taking a lock, a single creating 6 tasks and a taskwait. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  long sum = 0, tasks = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel num_threads(4)
  {
    for (int i = 0; i < n; i++) {
#pragma omp critical
      sum++;
    }
#pragma omp barrier
#pragma omp for schedule(dynamic, 10)
    for (int i = 0; i < 100; i++) {
      omp_set_lock(&lock);
      sum++;
      omp_unset_lock(&lock);
    }
#pragma omp single
    {
      for (int k = 0; k < 6; k++) {
#pragma omp task
        {
#pragma omp atomic
          tasks++;
        }
      }
#pragma omp taskwait
    }
  }
  omp_destroy_lock(&lock);
  printf("sum=%ld tasks=%ld\n", sum, tasks);
  return 0;
}
