/* Throughput of the content hash the shim applies to every transfer
 * (XXH3-64 from libxxhash, as shim/device_callbacks.c calls it), for a
 * buffer of BYTES bytes hashed REPEAT times. Prints GB/s (1e9 bytes/s), the
 * median of 5 timings.
 *
 *   hash_throughput BYTES REPEAT */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "timing.h"

#define TIMINGS 5

int main(int argc, char **argv) {
  long bytes = argc == 3 ? atol(argv[1]) : 0, repeat = argc == 3 ? atol(argv[2]) : 0;
  if (bytes <= 0 || repeat <= 0) {
    fprintf(stderr, "usage: hash_throughput BYTES REPEAT\n");
    return 2;
  }
  unsigned char *buffer = malloc((size_t)bytes);
  if (!buffer) {
    fprintf(stderr, "hash_throughput: out of memory\n");
    return 1;
  }
  for (long i = 0; i < bytes; i++)
    buffer[i] = (unsigned char)(i * 131 + 7);
  double rates[TIMINGS];
  XXH64_hash_t sink = 0;
  for (int t = 0; t < TIMINGS; t++) {
    double start = bench_seconds();
    for (long r = 0; r < repeat; r++) {
      buffer[r % bytes] ^= 1; /* a new content each time */
      sink ^= XXH3_64bits(buffer, (size_t)bytes);
    }
    rates[t] = (double)bytes * (double)repeat / (bench_seconds() - start) / 1e9;
  }
  printf("%.2f\n", bench_sort_median(rates, TIMINGS));
  free(buffer);
  return sink == 42; /* keeps the hashing from being optimised away */
}
