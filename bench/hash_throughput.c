/* Throughput of the content hash the shim applies to every transfer
 * (shim/content_hash.c, the very function), for a buffer of BYTES bytes
 * hashed REPEAT times in MODE (an OMPT_INST_HASH value; default `full`:
 * XXH3-64 over every byte). Prints GB/s (1e9 buffer bytes/s), the median
 * of 5 timings; with `sampled` a buffer over the whole-hash limit reads
 * only its sampled blocks, so the figure is the buffer's size over the
 * time, not a reading speed.
 *
 *   hash_throughput BYTES REPEAT [MODE] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "content_hash.h"
#include "timing.h"

#define TIMINGS 5

int main(int argc, char **argv) {
  int args = argc == 3 || argc == 4;
  long bytes = args ? atol(argv[1]) : 0, repeat = args ? atol(argv[2]) : 0;
  oi_hash_mode mode = OI_HASH_FULL;
  if (bytes <= 0 || repeat <= 0 || (argc == 4 && oi_hash_mode_parse(argv[3], &mode) != 0)) {
    fprintf(stderr, "usage: hash_throughput BYTES REPEAT [sampled|full|off]\n");
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
  uint64_t sink = 0;
  for (int t = 0; t < TIMINGS; t++) {
    double start = bench_seconds();
    for (long r = 0; r < repeat; r++) {
      buffer[r % bytes] ^= 1; /* a new content each time */
      uint64_t hash = 0;
      oi_content_hash_as(mode, buffer, (size_t)bytes, &hash);
      sink ^= hash;
    }
    rates[t] = (double)bytes * (double)repeat / (bench_seconds() - start) / 1e9;
  }
  printf("%.2f\n", bench_sort_median(rates, TIMINGS));
  free(buffer);
  return sink == 42; /* keeps the hashing from being optimised away */
}
