/* A macro that expands to an if() clause beside a section whose length
 * calls a function (issue 49, shape 5, as CloverLeaf writes
 * `clover_use_target(cond) map(to: p[:buf.N()])`): the plugin build names
 * the section as written, and the call still runs once per construct
 * (the program counts its calls: the same output in both builds). */
#include <stdio.h>
#include <stdlib.h>

#define on_device(cond) if(target: cond)

static int calls;
static int count(int n) {
  calls++;
  return n;
}

int main(void) {
  int n = 1 << 12;
  double *p = malloc(n * sizeof *p);
  if (!p)
    return 1;
  for (int i = 0; i < n; i++)
    p[i] = i % 5;
  double total = 0;
  for (int step = 0; step < 4; step++) {
    double s = 0;
#pragma omp target teams distribute parallel for on_device(n > 0) map(to: p[0:count(n)]) map(tofrom: s) reduction(+:s)
    for (int i = 0; i < n; i++)
      s += p[i];
    total += s;
  }
  printf("macro_if_clause: %.1f, %d calls\n", total, calls);
  free(p);
  return 0;
}
