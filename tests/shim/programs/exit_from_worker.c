/* N critical sections on each of 4 threads, a barrier, then either every
 * thread leaves normally or thread 2 calls exit(7) (argv[2] = "exit"). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int do_exit = argc > 2 && strcmp(argv[2], "exit") == 0;
  long sum = 0;
#pragma omp parallel num_threads(4)
  {
    for (int i = 0; i < n; i++) {
#pragma omp critical
      sum++;
    }
#pragma omp barrier
    if (do_exit && omp_get_thread_num() == 2) {
      printf("exit with sum=%ld\n", sum);
      fflush(stdout);
      exit(7);
    }
  }
  printf("sum=%ld\n", sum);
  return 0;
}
