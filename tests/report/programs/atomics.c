/* Two atomic statements with known counts on 2 threads — the first N
 * times per thread, the second on every third iteration — next to a
 * critical section per iteration, so that every thread flushes its buffer
 * several times (each flush writes the counts so far). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 3000;
  long hits = 0, thirds = 0, inside = 0;
#pragma omp parallel num_threads(2)
  for (long i = 0; i < n; i++) {
#pragma omp atomic
    hits++;
    if (i % 3 == 0) {
#pragma omp atomic
      thirds++;
    }
#pragma omp critical
    inside++;
  }
  printf("%ld %ld %ld\n", hits, thirds, inside);
  return 0;
}
