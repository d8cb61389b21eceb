/* omp_target_alloc memory: copy h to d1, d1 to d2 (device to device), d2
 * back to h, free both. Prints h's address and d1, d2. Then h is mapped by
 * `target enter data` and unmapped by `target exit data`. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  double h[100];
  for (int i = 0; i < 100; i++)
    h[i] = i;
  double *d1 = omp_target_alloc(sizeof h, dev);
  double *d2 = omp_target_alloc(sizeof h, dev);
  omp_target_memcpy(d1, h, sizeof h, 0, 0, dev, host);
  omp_target_memcpy(d2, d1, sizeof h, 0, 0, dev, dev);
  memset(h, 0, sizeof h);
  omp_target_memcpy(h, d2, sizeof h, 0, 0, host, dev);
  printf("h=%p d1=%p d2=%p h[99]=%g\n", (void *)h, (void *)d1, (void *)d2,
         h[99]);
  omp_target_free(d1, dev);
  omp_target_free(d2, dev);
#pragma omp target enter data map(to : h)
#pragma omp target exit data map(delete : h)
  return 0;
}
