/* Offloaded loop with known data movement: `a` is sent unchanged 10 times
 * (9 duplicate transfers), `b` goes to the device and back each time. */
#include <stdio.h>

#define N 1000
#define ROUNDS 10

static double a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp target map(to: a[0:N]) map(tofrom: b[0:N])
    for (int i = 0; i < N; i++)
      b[i] += a[i];
  }
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < N; i++)
    b[i] = b[i] / ROUNDS;
  printf("%.1f\n", b[N - 1]);
  return 0;
}
