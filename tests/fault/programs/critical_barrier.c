/* The critical/barrier stress of issue 39: 4 threads each enter ITERATIONS
 * critical sections (argument, default 2000) and meet at a barrier every
 * 10th iteration. Every critical begin and end belongs on the critical's
 * line, every barrier begin on the barrier's. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int iterations = argc > 1 ? atoi(argv[1]) : 2000;
  long sum = 0;
#pragma omp parallel num_threads(4)
  for (int i = 0; i < iterations; i++) {
#pragma omp critical
    sum += i;
    if (i % 10 == 9) {
#pragma omp barrier
    }
  }
  printf("critical_barrier: sum %ld\n", sum);
  return 0;
}
