/* Two target regions on `double a[1000]`: the first only reads a, the
 * second doubles it. Prints a's address and the content hash of a before,
 * between and after, so the trace's hashes can be checked exactly: the
 * definition of the function the shim uses (where VAES runs, the AES-round
 * hash's portable code for buffers of OI_AES_HASH_SHORT_BYTES or more, as
 * a's 8000 bytes; else, and when OMPT_INST_HASH_FUNCTION=xxh3, XXH3-64;
 * built with shim/aes_hash.c). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "shim/aes_hash.h"

double a[1000];

static void print_hash(const char *when) {
  const char *function = getenv("OMPT_INST_HASH_FUNCTION");
  int aes = oi_aes_hash_available() && sizeof a >= OI_AES_HASH_SHORT_BYTES &&
            !(function && strcmp(function, "xxh3") == 0);
  unsigned long long hash = aes ? oi_aes_hash_reference(a, sizeof a) : XXH3_64bits(a, sizeof a);
  printf("%s=0x%llx\n", when, hash);
}

int main(void) {
  int threads = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  threads++;
  for (int i = 0; i < 1000; i++)
    a[i] = i;
  printf("a=%p threads=%d\n", (void *)a, threads);
  print_hash("before");
#pragma omp target map(tofrom : a)
  {
    double s = 0;
    for (int i = 0; i < 1000; i++)
      s += a[i];
    if (s < 0)
      a[0] = s;
  }
  print_hash("between");
#pragma omp target map(tofrom : a)
  for (int i = 0; i < 1000; i++)
    a[i] *= 2;
  print_hash("after");
  printf("a[999]=%g\n", a[999]);
  return 0;
}
