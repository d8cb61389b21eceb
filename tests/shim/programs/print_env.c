/* Prints whether OMPT_INST_DIR is still set once the OpenMP runtime (and
 * with it the tool) has started, then exits with code 3. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int threads = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  threads++;
  const char *dir = getenv("OMPT_INST_DIR");
  printf("threads=%d OMPT_INST_DIR=%s\n", threads, dir ? dir : "(unset)");
  return 3;
}
