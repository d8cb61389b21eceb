/* A kernel written for a GPU's thread count (issue 49, shape 1): on the
 * host's few threads its update of x does nothing, so x comes back
 * unchanged and y the same each step, this run only. On a GPU x changes:
 * advice to map x `to` or to copy y back once would break the program.
 * Both builds must call those findings low, naming the kernel's line. */
#include <omp.h>
#include <stdio.h>

#define N 4096
static double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i;
  double s = 0;
  for (int step = 0; step < 5; step++) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:N]) map(from: y[0:N])
    for (int i = 0; i < N; i++) {
      if (omp_get_num_threads() > 64)
        x[i] += 1.0;
      y[i] = x[i] * 2.0;
    }
    s += y[step];
  }
  printf("gpu_thread_count: %.1f\n", s);
  return 0;
}
