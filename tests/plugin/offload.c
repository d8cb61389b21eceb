/* Device constructs: map items as written, and their run-time host address
 * and size, which the program prints itself (stderr) for probe_check.py. */
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16
#define M 4

struct grid {
  double v[N];
  int n;
};
struct grid g;
double a2[N][M];

/* expect(line, device, if, nitems, addr0, bytes0, ...) */
static void expect(int line, long device, int if_value, int nitems, ...) {
  va_list args;
  va_start(args, nitems);
  fprintf(stderr, "expect-target %d device %ld if %d", line, device, if_value);
  for (int i = 0; i < nitems; i++) {
    void *addr = va_arg(args, void *);
    size_t bytes = va_arg(args, size_t);
    fprintf(stderr, " %p:%zu", addr, bytes);
  }
  fprintf(stderr, "\n");
  va_end(args);
}

/* Instrumented in its host version only (the device compile is untouched). */
#pragma omp declare target
static int device_sum(const double *v, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(2) // @site{parallel for} enter=1 exit=1 function=device_sum
  for (int i = 0; i < n; i++)
    s += v[i];
  return (int)s;
}
#pragma omp end declare target

static int calls;
static int counted(int n) { return calls++, n; }

int main(void) {
  int n = N, s = 3, dev = omp_get_default_device(), line;
  double a[N], b[N];
  double big[256] = {0}; /* firstprivate: 1 KiB or more travels from itself */
  double *p = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    a[i] = b[i] = p[i] = g.v[i] = i;

  line = __LINE__ + 1;
#pragma omp target map(to : b[:4]) // @site{target} enter=1 exit=1 @map{to;-;explicit;b[:4]} @map{tofrom;-;implicit;a}
  a[1] += b[3];
  expect(line, -1, -1, 2, (void *)&b[0], 4 * sizeof(double), (void *)&a, sizeof a);

  line = __LINE__ + 1;
#pragma omp target map(tofrom : a[0:n]) map(to : s) device(dev) // @site{target} enter=1 exit=1 @map{tofrom;-;explicit;a[0:n]} @map{to;-;explicit;s}
  for (int i = 0; i < N; i++)
    a[i] += s;
  expect(line, dev, -1, 2, (void *)&a[0], n * sizeof(double), (void *)&s, sizeof s);

  line = __LINE__ + 1;
#pragma omp target data map(to : a[2:]) map(always, close, tofrom : g) // @site{target data} enter=1 exit=1 @map{to;-;explicit;a[2:]} @map{tofrom;always,close;explicit;g}
  {
    int inner = __LINE__ + 1;
#pragma omp target map(present, to : a[2:4]) map(tofrom : a2[1:2][0:M]) // @site{target} enter=1 exit=1 @map{to;present;explicit;a[2:4]} @map{tofrom;-;explicit;a2[1:2][0:M]}
    a2[1][0] = a[2];
    expect(inner, -1, -1, 2, (void *)&a[2], 4 * sizeof(double), (void *)&a2[1][0], 2 * M * sizeof(double));
  }
  expect(line, -1, -1, 2, (void *)&a[2], (N - 2) * sizeof(double), (void *)&g, sizeof g);

  line = __LINE__ + 1;
#pragma omp target enter data map(to : p[1:n - 1], g.v[0:N]) // @site{target enter data} enter=1 exit=1 @map{to;-;explicit;p[1:n - 1]} @map{to;-;explicit;g.v[0:N]}
  expect(line, -1, -1, 2, (void *)&p[1], (n - 1) * sizeof(double), (void *)&g.v[0], N * sizeof(double));

  line = __LINE__ + 1;
#pragma omp target update to(p[1:2]) from(g.v[0:M]) if(target update : n > 0) // @site{target update} enter=1 exit=1 @map{to;-;explicit;p[1:2]} @map{from;-;explicit;g.v[0:M]}
  expect(line, -1, 1, 2, (void *)&p[1], 2 * sizeof(double), (void *)&g.v[0], M * sizeof(double));

  line = __LINE__ + 1;
#pragma omp target exit data map(from : p[1:n - 1]) map(release : g.v[0:N]) // @site{target exit data} enter=1 exit=1 @map{from;-;explicit;p[1:n - 1]} @map{release;-;explicit;g.v[0:N]}
  expect(line, -1, -1, 2, (void *)&p[1], (n - 1) * sizeof(double), (void *)&g.v[0], N * sizeof(double));

  line = __LINE__ + 1;
#pragma omp target if (n > 100) // @site{target} enter=1 exit=1 @map{tofrom;-;implicit;a}
  a[0] += 1;
  expect(line, -1, 0, 1, (void *)&a, sizeof a);

  line = __LINE__ + 1;
#pragma omp target teams distribute parallel for map(tofrom : a[0:counted(n)]) // @site{target teams distribute parallel for} enter=1 exit=1 @map{tofrom;-;explicit;a[0:counted(n)]}
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#ifdef OI_OFFLOAD /* the bound is evaluated once, into a local both read */
  expect(line, -1, -1, 1, (void *)a, (size_t)n * sizeof a[0]);
#else /* clang evaluates no map clause: neither may the hooks */
  expect(line, -1, -1, 1, (void *)0, (size_t)0);
#endif

  line = __LINE__ + 1;
#pragma omp target firstprivate(big) map(tofrom : s) // @site{target} enter=1 exit=1 @map{tofrom;-;explicit;s} @map{to;-;implicit;big}
  s += (int)big[2] + n;
  expect(line, -1, -1, 2, (void *)&s, sizeof s, (void *)&big, sizeof big);

  line = __LINE__ + 1;
#pragma omp target defaultmap(firstprivate) // @site{target} enter=1 exit=1 @map{to;-;implicit;big}
  big[1] += n;
  expect(line, -1, -1, 1, (void *)&big, sizeof big);

  line = __LINE__ + 1;
#pragma omp target parallel for shared(b) defaultmap(tofrom) num_threads(1) // @site{target parallel for} enter=1 exit=1 @map{tofrom;-;implicit;n} @map{tofrom;-;implicit;b}
  for (int i = 0; i < 2; i++)
    b[i] += n;
  expect(line, -1, -1, 2, (void *)&n, sizeof n, (void *)&b, sizeof b);

  line = __LINE__ + 1;
#pragma omp target nowait map(tofrom : s) depend(inout : s) // @site{target} enter=1 exit=1 nowait=1 depend=1 @map{tofrom;-;explicit;s}
  s += 1;
  expect(line, -1, -1, 1, (void *)&s, sizeof s);
#pragma omp taskwait // @site{taskwait} enter=1 exit=1

  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i] + p[i] + g.v[i] + a2[1][0];
  printf("sum %g s %d calls %d host %d\n", sum, s, calls, device_sum(a, N));
  free(p);
  return 0;
}
