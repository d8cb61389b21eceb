/* The coverage matrix, device part (host offloading): every device
 * directive and the clauses that change what the runtime does. `@cover`
 * as in host.c. */
#include <omp.h>
#include <stdio.h>

#define N 16
/* `interop` runs on LLVM 14's runtime only: LLVM 19's ends the program
 * with a segmentation fault, with or without a tool (docs/coverage.md);
 * coverage.py reads these annotations on LLVM 14 alone. */
#define OI_INTEROP_RUNS (__clang_major__ == 14)

int main(void) {
  int a[N] = {0};
  int *p = a;
  int host = omp_get_initial_device();
#pragma omp target map(tofrom: a) // @cover{n=1 n14=1}
  a[0]++;
#pragma omp target map(tofrom: a) if(0) // @cover{n=1}
  a[1]++;
#pragma omp target map(tofrom: a) device(host) // @cover{n=1}
  a[2]++;
#pragma omp target map(tofrom: a) device(0) // @cover{n=1}
  a[3]++;
#pragma omp target map(tofrom: a) nowait depend(out: a) // @cover{n=1}
  a[4]++;
#pragma omp taskwait // @cover{n=1}
#pragma omp target data map(tofrom: a) // @cover{n=1}
  {
#pragma omp target update to(a) // @cover{n=1}
#pragma omp target has_device_addr(a) // @cover{n=1}
    a[5]++;
#pragma omp target update from(a) // @cover{n=1}
  }
#pragma omp target enter data map(to: a) // @cover{n=1}
#pragma omp target exit data map(from: a) // @cover{n=1}
#pragma omp target teams num_teams(2) map(tofrom: a) // @cover{n=1}
  a[6]++;
#pragma omp target teams distribute parallel for map(tofrom: a) // @cover{n=1}
  for (int i = 0; i < N; i++)
    a[i] += 0;
#pragma omp target parallel for map(tofrom: a) // @cover{n=1}
  for (int i = 0; i < N; i++)
    a[i] += 0;
#pragma omp target data use_device_ptr(p) map(tofrom: a) // @cover{n=1}
  p = p + 0;
#if OI_INTEROP_RUNS
  {
    omp_interop_t io = omp_interop_none;
#pragma omp interop init(targetsync: io) // @cover{n=1 native=0}
#pragma omp interop destroy(io) // @cover{n=1 native=0}
  }
#endif
  printf("%d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
  return 0;
}
