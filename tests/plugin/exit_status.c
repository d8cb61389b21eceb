/* Exits with a status of its own from inside a parallel region. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n += 1;
  printf("n %d\n", n);
  fflush(stdout);
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    exit(3);
  }
  return 0;
}
