/* Transfer-heavy offload programs (build with -fopenmp-targets=... for the
 * host "device": real allocations and copies). N target regions, each
 * mapping one array tofrom and adding 1 to every element on the device:
 *   small   a 512-byte array (64 doubles): many small transfers
 *   medium  a 16 KiB array (2 Ki doubles)
 *   big     a 256 KiB array (32 Ki doubles): transfers the copy dominates
 *   large   a 64 MiB array (8 Mi doubles): a few large transfers
 * One region runs before timing (device start-up). Prints the mean time of
 * one region in nanoseconds, then checks the array's content.
 *
 *   offload small|medium|big|large N */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long region(double *a, long len) {
#pragma omp target map(tofrom: a[0:len])
  for (long i = 0; i < len; i++)
    a[i] += 1.0;
  return len;
}

int main(int argc, char **argv) {
  long len = 0, n = argc == 3 ? atol(argv[2]) : 0;
  if (argc == 3 && strcmp(argv[1], "small") == 0)
    len = 64;
  else if (argc == 3 && strcmp(argv[1], "medium") == 0)
    len = 2L << 10;
  else if (argc == 3 && strcmp(argv[1], "big") == 0)
    len = 32L << 10;
  else if (argc == 3 && strcmp(argv[1], "large") == 0)
    len = 8L << 20;
  if (!len || n <= 0) {
    fprintf(stderr, "usage: offload small|medium|big|large N\n");
    return 2;
  }
  double *a = calloc((size_t)len, sizeof *a);
  if (!a) {
    fprintf(stderr, "offload: out of memory\n");
    return 1;
  }
  region(a, len);
  double start = omp_get_wtime();
  for (long r = 0; r < n; r++)
    region(a, len);
  double seconds = omp_get_wtime() - start;
  for (long i = 0; i < len; i++)
    if (a[i] != (double)(n + 1)) {
      fprintf(stderr, "offload: wrong result at %ld\n", i);
      return 1;
    }
  printf("%.1f\n", seconds * 1e9 / (double)n);
  free(a);
  return 0;
}
