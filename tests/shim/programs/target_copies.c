/* Two target regions on `double a[1000]`: the first only reads a, the
 * second doubles it. Prints a's address and the XXH3-64 of a before,
 * between and after, so the trace's hashes can be checked exactly. */
#include <omp.h>
#include <stdio.h>
#include <xxhash.h>

double a[1000];

static void print_hash(const char *when) {
  printf("%s=0x%llx\n", when, (unsigned long long)XXH3_64bits(a, sizeof a));
}

int main(void) {
  int threads = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  threads++;
  for (int i = 0; i < 1000; i++)
    a[i] = i;
  printf("a=%p threads=%d\n", (void *)a, threads);
  print_hash("before");
#pragma omp target map(tofrom : a)
  {
    double s = 0;
    for (int i = 0; i < 1000; i++)
      s += a[i];
    if (s < 0)
      a[0] = s;
  }
  print_hash("between");
#pragma omp target map(tofrom : a)
  for (int i = 0; i < 1000; i++)
    a[i] *= 2;
  print_hash("after");
  printf("a[999]=%g\n", a[999]);
  return 0;
}
