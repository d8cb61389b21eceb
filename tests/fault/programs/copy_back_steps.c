/* Copies back that each bring new content: a kernel changes the device's
 * copy of `field` before every `target update from`, so no copy back
 * repeats what the host holds, and the run has no finding. A hash of the
 * host bytes taken before a copy landed (the fault tool's early_end) sees
 * what the host held: the first update then looks like a round trip of the
 * content the host sent, each later one like a duplicate of the previous. */
#include <stdio.h>

#define N 8192
#define STEPS 4

static double field[N];

int main(void) {
  for (int i = 0; i < N; i++)
    field[i] = i % 7;
  double sum = 0.0;
#pragma omp target data map(to: field[0:N])
  for (int s = 1; s <= STEPS; s++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      field[i] += s;
#pragma omp target update from(field[0:N])
    sum += field[s];
  }
  printf("copy_back_steps: checksum %.1f\n", sum);
  return 0;
}
