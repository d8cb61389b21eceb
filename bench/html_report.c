/* A long run for the html report's benchmark (bench/html_report.sh): STEPS
 * two-thread parallel regions with a worksharing loop, and every 50th step a
 * target region that maps an array to a device and back, so that every plot
 * of the page has data. About 17 events per step under ompt-inst. */
#include <stdio.h>
#include <stdlib.h>

#define N 1024

static double a[N];

int main(int argc, char **argv) {
  long steps = argc > 1 ? atol(argv[1]) : 60000;
  double sum = 0.0;
  for (long s = 0; s < steps; s++) {
#pragma omp parallel for num_threads(2) reduction(+ : sum)
    for (int i = 0; i < 64; i++)
      sum += i * 0.5;
    if (s % 50 == 0) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
        a[i] += 1.0;
    }
  }
  printf("%.1f %.1f\n", sum, a[0]);
  return 0;
}
