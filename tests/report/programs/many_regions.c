/* Many small parallel regions: a trace of 300 000 events, long enough for
 * the report's progress line. */
#include <stdio.h>

int main(void) {
  int sum = 0;
  for (int r = 0; r < 30000; r++) {
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += 1;
  }
  printf("%d\n", sum);
  return 0;
}
