/* The wavefront shape of Rodinia's nw (issue 35): a `target data` region
 * that only allocates `items` and sends it by `target update to`, then
 * target regions that map two scalars and `ref` again each time, whose
 * bodies write `items` through a pointer they do not map. The scalars and
 * `ref` go to fresh allocations with the same content each time:
 * duplicate transfers, in plugin and plain builds alike. `items`, sent
 * again after a kernel wrote its device copy, is the same content only
 * because the host kept it: a plugin build counts that send, marked with
 * the kernel's line (no fix advised). */
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define PASSES 3

int main(void) {
  int size = N * N, max_cols = N, penalty = 10;
  int *items = malloc(sizeof(int) * (size_t)size);
  int *ref = malloc(sizeof(int) * (size_t)size);
  if (!items || !ref)
    return 1;
  for (int i = 0; i < size; i++) {
    items[i] = i % 7;
    ref[i] = i % 13;
  }
#pragma omp target data map(alloc: items[0:size])
  {
    for (int pass = 0; pass < PASSES; pass++) {
#pragma omp target update to(items[0:size])
#pragma omp target map(to: max_cols, penalty, ref[0:size])
      {
#pragma omp parallel for firstprivate(max_cols, penalty)
        for (int i = 1; i < max_cols; i++)
          items[i * max_cols + i] = items[(i - 1) * max_cols + i - 1] + ref[i] - penalty;
      }
    }
#pragma omp target update from(items[0:size])
  }
  long sum = 0;
  for (int i = 0; i < size; i++)
    sum += items[i];
  printf("wavefront: checksum %ld\n", sum);
  free(items);
  free(ref);
  return 0;
}
