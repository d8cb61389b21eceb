/* A 2.4 MB array (above the shim's 16 KiB whole-hash limit) mapped `to`
 * twice, unchanged: the second transfer is a duplicate. The small
 * results (8 bytes, hashed whole) differ between the two regions. */
#include <stdio.h>

#define N 300000
double a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i % 1000;
  double s1 = 0, s2 = 0;
#pragma omp target map(to : a) map(from : s1)
  {
    double s = 0;
    for (int i = 0; i < N; i++)
      s += a[i];
    s1 = s;
  }
#pragma omp target map(to : a) map(from : s2)
  {
    double s = 0;
    for (int i = 0; i < N; i++)
      s += 2 * a[i];
    s2 = s;
  }
  printf("s1=%.0f s2=%.0f\n", s1, s2);
  return 0;
}
