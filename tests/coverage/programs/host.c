/* The coverage matrix, host part: one block per OpenMP 5.2 executable
 * directive and per clause that changes what the runtime does, 2 threads.
 * `@cover{...}` on a directive's line gives its instances (coverage.py):
 * n = in every run; native = without the plugin (-g); no_ompt = on a
 * runtime without OMPT (master/masked: the executing thread alone, from the
 * hooks inside its body, as the runtime reports it with OMPT);
 * n14/native14 = on LLVM 14 when they differ; end = its last line when the
 * statement is a directive. */
#include <omp.h>
#include <stdio.h>

/* Constructs clang 14 lacks are compiled out there (coverage.py skips
 * their annotations on LLVM 14). */
#define OI_NEWER_THAN_CLANG14 (__clang_major__ > 14)

static int sum;

static void work(int i) {
#pragma omp atomic // @cover{n=7 native=0}
  sum += i;
}

int main(void) {
  int x = 0;
#pragma omp parallel num_threads(2) // @cover{n=1}
  work(1);
#pragma omp parallel if(0) // @cover{n=1}
  work(1);
#pragma omp parallel num_threads(2) // @cover{n=1}
  {
#pragma omp for // @cover{n=2}
    for (int i = 0; i < 4; i++)
      x += 0;
#pragma omp for nowait collapse(2) // @cover{n=2}
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++)
        x += 0;
#pragma omp sections // @cover{n=2}
    {
#pragma omp section // @cover{n=1 native=0}
      x += 0;
#pragma omp section // @cover{n=1 native=0}
      x += 0;
    }
#pragma omp single // @cover{n=2}
    x += 0;
#pragma omp master // @cover{n=1}
    x += 0;
#pragma omp critical // @cover{n=2}
    x += 1;
#pragma omp critical(named) // @cover{n=2}
    x += 1;
#pragma omp barrier // @cover{n=2}
#pragma omp for ordered // @cover{n=2}
    for (int i = 0; i < 2; i++) {
#pragma omp ordered // @cover{n=2}
      x += 0;
    }
#pragma omp simd // @cover{n=2 native=0}
    for (int i = 0; i < 4; i++)
      x += 0;
#pragma omp for simd // @cover{n=2}
    for (int i = 0; i < 4; i++)
      x += 0;
#pragma omp flush // @cover{n=2}
#pragma omp taskyield // @cover{n=2 native=0}
#pragma omp cancellation point parallel // @cover{n=2 native=0}
  }
#pragma omp parallel num_threads(2) // @cover{n=1}
#pragma omp for // @cover{n=2 end=+2}
  for (int i = 0; i < 4; i++)
    x += 0;
#pragma omp parallel for num_threads(2) // @cover{n=1}
  for (int i = 0; i < 4; i++)
    x += 0;
#pragma omp task // @cover{n=1}
  x += 1;
#pragma omp task if(0) // @cover{n=1}
  x += 1;
#pragma omp task depend(out: x) // @cover{n=1}
  x += 1;
#pragma omp taskwait depend(in: x) // @cover{n=1 native=0}
#pragma omp taskwait // @cover{n=1}
#pragma omp taskgroup task_reduction(+: x) // @cover{n=1}
  {
#pragma omp task in_reduction(+: x) // @cover{n=1}
    x += 1;
  }
  omp_event_handle_t event;
#pragma omp task detach(event) // @cover{n=1}
  omp_fulfill_event(event);
#pragma omp taskwait // @cover{n=1}
#pragma omp taskloop num_tasks(2) // @cover{n=1}
  for (int i = 0; i < 4; i++)
    x += 0;
#pragma omp teams num_teams(2) // @cover{n=1}
#pragma omp distribute // @cover{n=2 end=+2}
  for (int i = 0; i < 4; i++)
    work(0);
#pragma omp parallel num_threads(2) // @cover{n=1}
  {
#pragma omp loop // @cover{n=2 n14=2 native14=0}
    for (int i = 0; i < 4; i++)
      x += 0;
  }
#if OI_NEWER_THAN_CLANG14
#pragma omp parallel num_threads(2) // @cover{n=1}
  {
#pragma omp loop bind(thread) // @cover{n=2 native=0}
    for (int i = 0; i < 4; i++)
      x += 0;
#pragma omp masked // @cover{n=1}
    x += 0;
  }
#pragma omp error at(execution) severity(warning) // @cover{n=1 native=0}
#pragma omp error at(execution) severity(warning) message("matrix") // @cover{n=1 native=0}
#endif
  printf("x=%d sum=%d\n", x, sum);
  return 0;
}
