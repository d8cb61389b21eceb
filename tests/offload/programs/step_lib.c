/* Offload code in a shared library (tests/offload/binaries.sh): the
 * program's calls into the offload runtime come from here. */
#define N 1024
static double field[N];

double step(int s) {
#pragma omp target teams distribute parallel for map(tofrom: field[0:N])
  for (int i = 0; i < N; i++)
    field[i] = field[i] * 0.5 + s;
  return field[3];
}
