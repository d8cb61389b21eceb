/* Every way of mapping data that the inference must mirror: target with
 * to/from/tofrom, target data around targets that find their data present,
 * enter/exit data with release and delete, target update, always, a struct
 * member section, the same mapping repeated in a loop, release, a
 * zero-length section, if(0) and device(0). Prints the
 * addresses so the test can check the host address of each operation. */
#include <stdio.h>

#define N 256
#define HALF 128

struct grid {
  int steps;
  double v[N];
};

double a[N], b[N], c[N], d[N];
struct grid s;

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
    c[i] = 2 * i;
    d[i] = 1;
    s.v[i] = i;
  }
  printf("a=%p b=%p c=%p d=%p s.v=%p\n", (void *)a, (void *)b, (void *)c,
         (void *)d, (void *)s.v);

  /* 1: one of each map type. LLVM maps a target region's variables in the
   * order the body first uses them, the inference in clause order: the
   * body uses them in clause order. */
#pragma omp target map(to : a) map(from : b) map(tofrom : c)
  for (int i = 0; i < N; i++) {
    double x = a[i];
    b[i] = x + 1;
    c[i] += 1;
  }

  /* 2: target data: the inner targets find a and b present */
#pragma omp target data map(to : a) map(tofrom : b)
  {
#pragma omp target map(tofrom : b)
    for (int i = 0; i < N; i++)
      b[i] += a[i];
    /* 3: always copies even though b is present */
#pragma omp target map(always, to : b)
    for (int i = 0; i < N; i++)
      b[i] += 1;
#pragma omp target update from(b)
    b[0] = -1;
#pragma omp target update to(b[0:1])
  }

  /* 4: enter/exit data with reference counts */
#pragma omp target enter data map(to : d)
#pragma omp target enter data map(to : d)
#pragma omp target map(tofrom : d)
  for (int i = 0; i < N; i++)
    d[i] *= 2;
#pragma omp target exit data map(from : d)
#pragma omp target exit data map(from : d)
#pragma omp target enter data map(alloc : c[0:HALF])
#pragma omp target exit data map(delete : c[0:HALF])

  /* 5: a struct member section */
#pragma omp target map(tofrom : s.v[0:N])
  for (int i = 0; i < N; i++)
    s.v[i] += 1;

  /* 6: the same mapping repeated */
  for (int r = 0; r < 3; r++) {
#pragma omp target map(tofrom : a[0:N])
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }

  /* 7: release drops a reference without a copy; a zero-length section,
   * an if(0) region and an explicit device */
#pragma omp target enter data map(to : c) device(0)
#pragma omp target exit data map(release : c) device(0)
#pragma omp target map(tofrom : b[0:0]) if (N < 0)
  b[2] = 7;
#pragma omp target data map(alloc : d[0:HALF]) device(0)
#pragma omp target map(tofrom : d[0:HALF]) device(0)
  d[0] = 5;

  printf("b[1]=%g c[1]=%g d[1]=%g s.v[1]=%g a[1]=%g b[2]=%g d[0]=%g\n", b[1],
         c[1], d[1], s.v[1], a[1], b[2], d[0]);
  return 0;
}
