/* Writes to stdout and stderr from an OpenMP program, then exits with the
 * code given as argv[1], or raises the signal given as argv[2]. */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int threads = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    threads++;
  }
  printf("out: %d threads, pid %ld\n", threads, (long)getpid());
  fprintf(stderr, "err: tool=%s\n", getenv("OMP_TOOL_LIBRARIES") ? "set" : "unset");
  fflush(NULL);
  if (argc > 2)
    raise(atoi(argv[2]));
  return argc > 1 ? atoi(argv[1]) : 0;
}
