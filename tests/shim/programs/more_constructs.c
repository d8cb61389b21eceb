/* More constructs, each with a known number of instances on 2 threads:
 * sections (3), ordered loop (8 iterations), masked, taskgroup with a
 * taskloop of 4 tasks, two dependent tasks, a nest lock taken twice, flush,
 * a reduction, cancel, and a host teams construct with 2 teams. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

int main(void) {
  long sum = 0, ordered = 0, red = 0, masked = 0, cancelled = 0;
  int x = 0, y = 0, teams = 0;
  omp_nest_lock_t nest;
  omp_init_nest_lock(&nest);
#pragma omp parallel num_threads(2) reduction(+ : red)
  {
#pragma omp sections
    {
#pragma omp section
#pragma omp atomic
      sum++;
#pragma omp section
#pragma omp atomic
      sum++;
#pragma omp section
#pragma omp atomic
      sum++;
    }
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 8; i++) {
#pragma omp ordered
      ordered++;
    }
#pragma omp masked
    masked++;
#pragma omp single
    {
#pragma omp taskgroup
      {
#pragma omp taskloop num_tasks(4)
        for (int i = 0; i < 8; i++) {
#pragma omp atomic
          sum++;
        }
      }
      /* The runtime reports a dependence edge only while its source task
       * is unfinished, so the source waits until its sink exists (when
       * another thread can run it: a team of one runs tasks at once). */
      atomic_int sink_created = 0;
      int wait_for_sink = omp_get_num_threads() > 1;
#pragma omp task depend(out : x) shared(sink_created)
      {
        while (wait_for_sink && !atomic_load(&sink_created))
          ;
        x = 1;
      }
#pragma omp task depend(in : x)
      y = x + 1;
      atomic_store(&sink_created, 1);
#pragma omp taskwait
      omp_set_nest_lock(&nest);
      omp_set_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
#pragma omp flush
    }
    red += 1;
  }
  omp_destroy_nest_lock(&nest);
#pragma omp parallel num_threads(2)
  {
#pragma omp for
    for (int i = 0; i < 100; i++) {
#pragma omp cancel for if (i == 0)
#pragma omp atomic
      cancelled++;
    }
  }
#pragma omp teams num_teams(2)
#pragma omp atomic
  teams++;
  printf("sum=%ld ordered=%ld masked=%ld x=%d y=%d red=%ld teams=%d\n", sum,
         ordered, masked, x, y, red, teams);
  return 0;
}
