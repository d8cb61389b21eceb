/* A target region with a map clause: needs libomptarget at run time. */
#include <stdio.h>

int main(void) {
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom : a[0:64])
  for (int i = 0; i < 64; i++)
    a[i] *= 2;
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += a[i];
  printf("sum %ld\n", s);
  return 0;
}
