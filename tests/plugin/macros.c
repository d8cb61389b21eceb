/* Directives from _Pragma and from macros: the site is where the macro is
 * expanded (line and column of the invocation). Expectations: probe_check.py */
#include <stdio.h>

#define NT 2
#define PARALLEL_FOR _Pragma("omp parallel for num_threads(NT)")
#define ATOMIC_ADD(x, v) _Pragma("omp atomic") x += v
#define TEAM_BARRIER() _Pragma("omp barrier")

int main(void) {
  int sum = 0, hits = 0;
  PARALLEL_FOR // @site{parallel for} enter=1 exit=1 col=3
  for (int i = 0; i < 8; i++)
    ATOMIC_ADD(sum, i); // @site{atomic} enter=8 col=5
  _Pragma("omp parallel num_threads(2)") // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
    TEAM_BARRIER(); // @site{barrier} enter=2 exit=2 col=5
    _Pragma("omp atomic") hits++; // @site{atomic} enter=2
  }
#pragma omp parallel for num_threads(NT) // @site{parallel for} enter=1 exit=1 clauses=num_threads(NT)
  for (int i = 0; i < 4; i++)
    ATOMIC_ADD(hits, 1); // @site{atomic} enter=4 col=5
  printf("sum %d hits %d\n", sum, hits);
  return 0;
}
