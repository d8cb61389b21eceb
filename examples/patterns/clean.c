/* The same kind of stepping written well: everything is mapped once around
 * the loop, scratch space is allocated once and never transferred, and the
 * host receives the field only when it needs it (a progress check every
 * CHECK steps). ompt-inst reports no findings. */
#include <stdio.h>

#define N 4096
#define STEPS 10
#define CHECK 4

static double field[N], next[N], coef[3] = {0.25, 0.5, 0.25};

int main(void) {
  for (int i = 0; i < N; i++)
    field[i] = (i > N / 4 && i < N / 2) ? 100.0 : 0.0;

  double progress = 0.0;
#pragma omp target data map(to: coef[0:3]) map(tofrom: field[0:N]) map(alloc: next[0:N])
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < N - 1; i++)
      next[i] = coef[0] * field[i - 1] + coef[1] * field[i] + coef[2] * field[i + 1];
#pragma omp target teams distribute parallel for
    for (int i = 1; i < N - 1; i++)
      field[i] = next[i] + 0.01;
    if ((s + 1) % CHECK == 0) {
#pragma omp target update from(field[0:N])
      progress += field[N / 3];
    }
  }

  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += field[i];
  printf("clean: checksum %.6f (progress %.6f)\n", sum, progress);
  return 0;
}
