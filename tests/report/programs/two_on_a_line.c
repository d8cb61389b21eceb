/* Two constructs on one source line (as a macro writes them): an atomic
 * that runs 10 times per thread and a flush that runs 3 times per thread,
 * on 2 threads. The annotated line counts how often the line ran: 20. */
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp parallel num_threads(2)
  for (int r = 0; r < 10; r++) {
    _Pragma("omp atomic") x++; if (r < 3) { _Pragma("omp flush") }
  }
  printf("%d\n", x);
  return 0;
}
