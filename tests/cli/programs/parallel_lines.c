/* Two parallel regions on known lines, for codeptr symbolization. */
#include <stdio.h>

__attribute__((noinline)) static double sum(const double *v, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(2)
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

int main(void) {
  double v[100];
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < 100; i++)
    v[i] = i;
  printf("%.0f\n", sum(v, 100));
  return 0;
}
