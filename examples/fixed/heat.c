/* heat.c fixed as ompt-inst's report suggests: a `target data` region
 * around the time loop keeps the field, the scratch array and the
 * coefficients on the device for every step, so the kernels' map clauses
 * find them present and copy nothing; the field comes back once, at the
 * end of the region. Prints what heat.c prints.
 *
 *   ompt-inst diff <run of heat> <run of this>   (bench/diff_heat.sh) */
#include <stdio.h>
#include <stdlib.h>

#define N 100000
#define STEPS 20

static double field[N], next[N];
static double coef[3] = {0.25, 0.5, 0.25};

static void step(void) {
#pragma omp target teams distribute parallel for map(to: field[0:N], coef[0:3]) map(from: next[0:N])
  for (int i = 1; i < N - 1; i++)
    next[i] = coef[0] * field[i - 1] + coef[1] * field[i] + coef[2] * field[i + 1];

#pragma omp target teams distribute parallel for map(tofrom: field[0:N]) map(to: next[0:N])
  for (int i = 1; i < N - 1; i++)
    field[i] = next[i];
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : STEPS;
  for (int i = 0; i < N; i++)
    field[i] = (i > N / 4 && i < N / 2) ? 100.0 : 0.0;

#pragma omp target data map(tofrom: field[0:N]) map(alloc: next[0:N]) map(to: coef[0:3])
  for (int s = 0; s < steps; s++)
    step();

  double total = 0.0, peak = 0.0;
#pragma omp parallel
  {
#pragma omp for reduction(+: total)
    for (int i = 0; i < N; i++)
      total += field[i];
    double local_peak = 0.0;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      if (field[i] > local_peak)
        local_peak = field[i];
#pragma omp critical(peak)
    if (local_peak > peak)
      peak = local_peak;
  }
  printf("heat: %d steps, total %.3f, peak %.3f\n", steps, total, peak);
  return 0;
}
