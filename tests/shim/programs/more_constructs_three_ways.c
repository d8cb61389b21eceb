/* Constructs beyond host_constructs_three_ways.c: loop, master, flush,
 * taskloop, cancel (on one thread, so that it is deterministic), host teams
 * with distribute, taskyield. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int v[32], found = -1;
  long sum = 0, tasks = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp loop
    for (int i = 0; i < 32; i++)
      v[i] = i;
#pragma omp master
    sum += 10;
#pragma omp flush
#pragma omp single
#pragma omp taskloop num_tasks(4)
    for (int i = 0; i < 8; i++) {
#pragma omp atomic
      tasks++;
    }
#pragma omp taskyield
  }
#pragma omp parallel for num_threads(1) schedule(static)
  for (int i = 0; i < 32; i++) {
    if (v[i] == 20) {
#pragma omp atomic write
      found = i;
#pragma omp cancel for
    }
#pragma omp cancellation point for
  }
#pragma omp teams num_teams(2)
#pragma omp distribute
  for (int i = 0; i < 4; i++)
    v[i] += 1;
  printf("sum=%ld tasks=%ld found=%d v0=%d\n", sum, tasks, found, v[0]);
  return 0;
}
