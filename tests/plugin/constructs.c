/* Every construct the plugin instruments, in C. The @site comments are the
 * expectations checked by probe_check.py (2 threads, 2 host teams). */
#include <omp.h>
#include <stdio.h>

/* Compiled out where clang lacks them or emits no code for them (annotations.py) */
#define OI_CLANG_ABOVE_16 (__clang_major__ > 16)
#define OI_CLANG_ABOVE_19 (__clang_major__ > 19)

#define N 8

static int orphaned(int *v) {
  int s = 0;
#pragma omp for // @site{for} enter=2 exit=2 function=orphaned
  for (int i = 0; i < N; i++)
    v[i] += 0;
  for (int i = 0; i < N; i++)
    s += v[i];
  return s;
}

int main(void) {
  int v[N], total = 0, ordered_sum = 0, tasks = 0, sects = 0, hits = 0,
      cancelled_hits = 0, sect_a = 0, sect_b = 0;
  for (int i = 0; i < N; i++)
    v[i] = i + 1;

#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2 end_line=81 clauses=num_threads(2)
  {
    int mine = orphaned(v);
#pragma omp for nowait // @site{for} enter=2 exit=2 clauses=nowait nowait=1
    for (int i = 0; i < N; i++)
      v[i] += 0;
#pragma omp barrier // @site{barrier} enter=2 exit=2
#pragma omp loop // @site{loop} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
#pragma omp for simd // @site{for simd} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
#pragma omp for ordered // @site{for} enter=2 exit=2
    for (int i = 0; i < N; i++) {
#pragma omp ordered // @site{ordered} enter=8 exit=8
      ordered_sum += i;
#pragma omp atomic // @site{atomic} enter=8
      hits++;
    }
#pragma omp sections // @site{sections} enter=2 exit=2
    {
#pragma omp section // @site{section} begin=1 end=1
      sect_a = 1;
#pragma omp section // @site{section} begin=1 end=1
      sect_b = 2;
    }
#pragma omp single // @site{single} enter=2 exit=2
    {
#pragma omp taskgroup // @site{taskgroup} enter=1 exit=1
      for (int t = 0; t < 2; t++) {
#pragma omp task shared(tasks) depend(out : tasks) // @site{task} enter=2 exit=2 depend=1
        {
#pragma omp atomic // @site{atomic} enter=2
          tasks++;
        }
      }
#pragma omp taskloop num_tasks(2) // @site{taskloop} enter=1 exit=1
      for (int i = 0; i < N; i++)
        v[i] += 0;
#pragma omp taskloop simd // @site{taskloop simd} enter=1 exit=1
      for (int i = 0; i < N; i++)
        v[i] += 0;
#pragma omp taskyield // @site{taskyield} enter=1
#pragma omp taskwait // @site{taskwait} enter=1 exit=1
    }
#pragma omp masked // @site{masked} enter=2 exit=2 begin=1 end=1
    mine += 0;
#pragma omp master // @site{master} enter=2 exit=2 begin=1 end=1
    mine += 0;
#pragma omp critical(total_lock) // @site{critical} enter=2 exit=2 clauses=(total_lock) name=total_lock
    total += mine;
#pragma omp flush // @site{flush} enter=2
  }

#pragma omp simd // @site{simd} enter=1 exit=1
  for (int i = 0; i < N; i++) {
#pragma omp ordered simd // @none: inside a simd loop
    v[i] += 0;
  }
#pragma omp parallel for num_threads(2) // @site{parallel for} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#pragma omp parallel for simd num_threads(2) // @site{parallel for simd} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#if OI_CLANG_ABOVE_16
#pragma omp parallel loop num_threads(2) // @site{parallel loop} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#endif
#pragma omp parallel sections num_threads(2) // @site{parallel sections} enter=1 exit=1
  {
#pragma omp section // @site{section} begin=1 end=1
    sects += 4;
  }
#pragma omp parallel master num_threads(2) // @site{parallel master} enter=1 exit=1
  sects += 8;
#if OI_CLANG_ABOVE_16
#pragma omp parallel masked num_threads(2) // @site{parallel masked} enter=1 exit=1
  sects += 16;
#endif
#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
#pragma omp master taskloop // @site{master taskloop} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
#if OI_CLANG_ABOVE_19
#pragma omp masked taskloop // @site{masked taskloop} enter=2 exit=2 shim-gap
    for (int i = 0; i < N; i++)
      v[i] += 0;
#endif
  }
#pragma omp parallel master taskloop num_threads(2) // @site{parallel master taskloop} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;

#pragma omp teams num_teams(2) thread_limit(1) // @site{teams} enter=1 exit=1 begin=2 end=2
  {
#pragma omp distribute // @site{distribute} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
#pragma omp distribute simd // @site{distribute simd} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
#pragma omp distribute parallel for // @site{distribute parallel for} enter=2 exit=2
    for (int i = 0; i < N; i++)
      v[i] += 0;
  }
#pragma omp teams distribute num_teams(2) // @site{teams distribute} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#pragma omp teams distribute parallel for num_teams(2) // @site{teams distribute parallel for} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#if OI_CLANG_ABOVE_16
#pragma omp teams loop num_teams(2) // @site{teams loop} enter=1 exit=1
  for (int i = 0; i < N; i++)
    v[i] += 0;
#endif

#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
#pragma omp cancellation point parallel // @site{cancellation point} enter=2 exit=2 clauses=parallel
#pragma omp barrier // @site{barrier} enter=2 exit=2
#pragma omp cancel parallel // @site{cancel} enter=2 exit=2 shim-gap
#pragma omp atomic // @site{atomic} enter=2 (cancellation is off)
    cancelled_hits++;
  }

#pragma omp target map(tofrom : v) // @site{target} enter=1 exit=1 @map{tofrom;-;explicit;v}
  {
#pragma omp parallel for // @none: device code
    for (int i = 0; i < N; i++)
      v[i] += 1;
  }

  printf("total %d ordered %d hits %d tasks %d sects %d v0 %d cancelled %d\n",
         total, ordered_sum, hits, tasks, sects + sect_a + sect_b, v[0],
         cancelled_hits);
  return 0;
}
