/* Every host construct GCC lowers to a libgomp call, and some it inlines,
 * on known lines (tests/gcc/host_constructs.sh asserts on them). */
#include <stdio.h>
#include <omp.h>
#define N 1000
double a[N], b[N];
int main(void) {
  double sum = 0;
  int counter = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(dynamic, 10)
    for (int i = 0; i < N; i++) a[i] = i;
#pragma omp for schedule(guided) nowait
    for (int i = 0; i < N; i++) b[i] = a[i];
#pragma omp for schedule(runtime) reduction(+:sum)
    for (int i = 0; i < N; i++) sum += b[i];
#pragma omp for
    for (int i = 0; i < N; i++) b[i] += 1;
#pragma omp barrier
#pragma omp critical
    counter++;
#pragma omp critical(named)
    counter++;
#pragma omp single
    counter++;
#pragma omp sections
    {
#pragma omp section
      a[0] = 1;
#pragma omp section
      a[1] = 2;
    }
#pragma omp atomic
    counter++;
#pragma omp master
    counter += 10;
#pragma omp single
    {
#pragma omp task
      a[2] = 3;
#pragma omp taskwait
#pragma omp taskgroup
      {
#pragma omp task
        a[3] = 4;
      }
    }
#pragma omp for ordered
    for (int i = 0; i < 10; i++) {
#pragma omp ordered
      counter++;
    }
  }
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++) a[i] *= 2;
#pragma omp parallel for
  for (int i = 0; i < N; i++) a[i] *= 2;
#pragma omp taskloop num_tasks(4)
  for (int i = 0; i < N; i++) b[i] *= 2;
#pragma omp parallel for schedule(guided) num_threads(2)
  for (unsigned long long u = 0; u < N; u++) b[u] += 1;
#pragma omp teams num_teams(2)
#pragma omp parallel num_threads(1)
  b[omp_get_team_num()] += 1;
#pragma omp parallel reduction(task, + : counter) num_threads(2)
#pragma omp single
  for (int i = 0; i < 4; i++) {
#pragma omp task in_reduction(+ : counter)
    counter += i;
  }
  printf("%f %d %f\n", sum, counter, a[5]);
  return 0;
}
