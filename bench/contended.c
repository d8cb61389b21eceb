/* Contended critical sections (issue 53): THREADS threads each enter a
 * `critical` N times, with a barrier every 10th, and do next to nothing
 * inside, so the threads wait for each other at every one. Prints the wall
 * time of the loop in seconds. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50000;
  int threads = argc > 2 ? atoi(argv[2]) : 4;
  long counter = 0;
  double start = omp_get_wtime();
#pragma omp parallel num_threads(threads)
  for (long i = 0; i < n; i++) {
#pragma omp critical
    counter++;
    if (i % 10 == 9) {
#pragma omp barrier
    }
  }
  double seconds = omp_get_wtime() - start;
  if (counter != n * threads) {
    fprintf(stderr, "contended: %ld increments, expected %ld\n", counter, n * threads);
    return 1;
  }
  printf("%.6f\n", seconds);
  return 0;
}
