/* Throughput of the content hash the shim applies to every transfer
 * (shim/content_hash.c, the very function), for a buffer of BYTES bytes
 * hashed REPEAT times in MODE (an OMPT_INST_HASH value; default `full`:
 * the shim's whole hash over every byte; `xxh3`: XXH3-64 whole, the hash
 * where the CPU lacks VAES), or copied with memcpy (MODE `memcpy`: the
 * speed of memory, the floor for reading a buffer whole). With SPAN (bytes,
 * default BYTES) the buffer moves through SPAN bytes of distinct memory, so
 * a SPAN beyond the last-level cache measures out-of-cache speed. Prints
 * GB/s (1e9 buffer bytes/s), the median of 5 timings; with `sampled` a
 * buffer over the whole-hash limit reads only its sampled blocks, so the
 * figure is the buffer's size over the time, not a reading speed.
 *
 *   hash_throughput BYTES REPEAT [sampled|full|off|xxh3|memcpy] [SPAN]
 *   hash_throughput --code-path      (which whole hash the shim runs)
 *   hash_throughput --xxh3-path      (which XXH3 code) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim/content_hash.h"
#include "timing.h"

#define TIMINGS 5

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--code-path") == 0) {
    puts(oi_hash_code_path());
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--xxh3-path") == 0) {
    puts(oi_xxh3_path());
    return 0;
  }
  int args = argc >= 3 && argc <= 5;
  long bytes = args ? atol(argv[1]) : 0, repeat = args ? atol(argv[2]) : 0;
  long span = argc == 5 ? atol(argv[4]) : bytes;
  oi_hash_mode mode = OI_HASH_FULL;
  int copy = argc >= 4 && strcmp(argv[3], "memcpy") == 0;
  int xxh3 = argc >= 4 && strcmp(argv[3], "xxh3") == 0;
  if (bytes <= 0 || repeat <= 0 || span < bytes ||
      (argc >= 4 && !copy && !xxh3 && oi_hash_mode_parse(argv[3], &mode) != 0)) {
    fprintf(stderr, "usage: hash_throughput BYTES REPEAT [sampled|full|off|xxh3|memcpy] [SPAN]\n");
    return 2;
  }
  long buffers = span / bytes;
  /* The copy's target sits half a page off its sources' page offset: with
   * equal offsets glibc's `rep movsb` copies 16 KiB at a tenth of its speed
   * on this machine's CPU, which is no floor. */
  unsigned char *memory = aligned_alloc(4096, (size_t)((buffers * bytes + 4095) / 4096 * 4096));
  unsigned char *copy_memory = aligned_alloc(4096, (size_t)((bytes + 2048 + 4095) / 4096 * 4096));
  unsigned char *target = copy_memory ? copy_memory + 2048 : NULL;
  if (!memory || !target) {
    fprintf(stderr, "hash_throughput: out of memory\n");
    return 1;
  }
  for (long i = 0; i < buffers * bytes; i++)
    memory[i] = (unsigned char)(i * 131 + 7);
  memset(target, 0, (size_t)bytes);
  double rates[TIMINGS];
  uint64_t sink = 0;
  for (int t = 0; t < TIMINGS; t++) {
    double start = bench_seconds();
    for (long r = 0; r < repeat; r++) {
      unsigned char *buffer = memory + r % buffers * bytes;
      buffer[r % bytes] ^= 1; /* a new content each time */
      if (copy) {
        memcpy(target, buffer, (size_t)bytes);
        sink += target[r % bytes];
      } else if (xxh3) {
        sink ^= oi_xxh3_whole(buffer, (size_t)bytes);
      } else {
        uint64_t hash = 0;
        oi_content_hash_as(mode, buffer, (size_t)bytes, &hash);
        sink ^= hash;
      }
    }
    rates[t] = (double)bytes * (double)repeat / (bench_seconds() - start) / 1e9;
  }
  printf("%.2f\n", bench_sort_median(rates, TIMINGS));
  free(memory);
  free(copy_memory);
  return sink == 42; /* keeps the work from being optimised away */
}
