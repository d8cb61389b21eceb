/* Transfer-heavy steps: every step maps a 64 MiB input `to` the device
 * (unchanged since the last step: a duplicate transfer each time after the
 * first) and a 64 MiB result `from` it (MIB: another size, for smoke runs).
 * Prints the mean time of one step in nanoseconds, then checks the result.
 *
 *   big_maps STEPS [MIB] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long length = 8L << 20; /* doubles per array: 64 MiB */

static void step(const double *in, double *out, double scale) {
  long len = length;
#pragma omp target teams distribute parallel for map(to: in[0:len]) map(from: out[0:len])
  for (long i = 0; i < len; i++)
    out[i] = scale * in[i];
}

int main(int argc, char **argv) {
  long steps = argc >= 2 && argc <= 3 ? atol(argv[1]) : 0;
  long mib = argc == 3 ? atol(argv[2]) : 64;
  if (steps <= 0 || mib <= 0) {
    fprintf(stderr, "usage: big_maps STEPS [MIB]\n");
    return 2;
  }
  length = mib << 17; /* doubles */
  double *in = malloc((size_t)length * sizeof *in), *out = malloc((size_t)length * sizeof *out);
  if (!in || !out) {
    fprintf(stderr, "big_maps: out of memory\n");
    return 1;
  }
  for (long i = 0; i < length; i++)
    in[i] = (double)(i % 1000);
  step(in, out, 1.0); /* device start-up */
  double start = omp_get_wtime();
  for (long s = 0; s < steps; s++)
    step(in, out, (double)(s + 2));
  double seconds = omp_get_wtime() - start;
  for (long i = 0; i < length; i++)
    if (out[i] != (double)(steps + 1) * (double)(i % 1000)) {
      fprintf(stderr, "big_maps: wrong result at %ld\n", i);
      return 1;
    }
  printf("%.1f\n", seconds * 1e9 / (double)steps);
  free(in);
  free(out);
  return 0;
}
