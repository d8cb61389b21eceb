/* A process that forks: parent and child both run 2 threads x 10 critical
 * sections after the fork; the child exits with code 5 through exit(). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static long criticals(void) {
  long sum = 0;
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 10; i++) {
#pragma omp critical
    sum++;
  }
  return sum;
}

int main(void) {
  long before = criticals();
  fflush(stdout);
  pid_t child = fork();
  if (child == 0)
    exit(criticals() == 20 ? 5 : 1);
  int status = 0;
  waitpid(child, &status, 0);
  long after = criticals();
  printf("before=%ld after=%ld child=%d\n", before, after,
         WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
