/* Why corpus/particles maps f.n beside f.a[0:f.n]: a member section maps
 * only the members it names, so a member left out (here the length, read on
 * the device) has no storage there, whatever the tool. Prints the length as
 * the host and as the device see it. */
#include <stdio.h>

struct field {
  double *a;
  int n;
};

int main(void) {
  double a[64] = {0};
  struct field f = {a, 64};
  long device_n = -1;
#pragma omp target map(tofrom: f.a[0:f.n]) map(from: device_n)
  device_n = f.n;
  printf("host n %d device n %ld\n", f.n, device_n);
  return 0;
}
