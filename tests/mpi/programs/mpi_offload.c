/* An MPI + OpenMP offload program with known truth for the job report:
 * - every rank maps the same unchanged array to the device twice (line of
 *   SEND_TWICE): one duplicate transfer of a[0:N] per rank, on every rank;
 * - a parallel loop (line of UNEVEN) whose work grows with the rank: rank r
 *   sleeps (r + 1) * UNIT_MS in total, so its per-rank times are 1:2:3:4 on
 *   4 ranks and the rank imbalance (max / mean) is 4 / 2.5 = 1.6; each rank
 *   prints the loop's time as it measured it (stderr). Sleeping,
 *   not computing, keeps that ratio on a machine with fewer cores than ranks,
 *   and each unit sleeps until an absolute time, so that late wake-ups on a
 *   busy machine do not add up;
 * - one MPI_Allreduce and one MPI_Barrier per rank. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 4096
#define UNIT_MS 150

/* Sleeps until `ms` after `start` (CLOCK_MONOTONIC). */
static void sleep_until(const struct timespec *start, long ms) {
  long long ns = (long long)start->tv_nsec + ms * 1000000LL;
  struct timespec until = {start->tv_sec + (time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) != 0)
    ;
}

static long long ns_between(const struct timespec *from, const struct timespec *to) {
  return (long long)(to->tv_sec - from->tv_sec) * 1000000000LL + (to->tv_nsec - from->tv_nsec);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *a = malloc(N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  double sum = 0;
  for (int repeat = 0; repeat < 2; repeat++) {
#pragma omp target map(to : a[0:N]) map(tofrom : sum) /* SEND_TWICE */
    for (int i = 0; i < N; i++)
      sum += a[i];
  }
  MPI_Barrier(MPI_COMM_WORLD);
  struct timespec start, first_unit, last_wake, after;
  clock_gettime(CLOCK_MONOTONIC, &start);
#pragma omp parallel for num_threads(1) /* UNEVEN */
  for (int unit = 0; unit <= rank; unit++) {
    if (unit == 0)
      clock_gettime(CLOCK_MONOTONIC, &first_unit);
    sleep_until(&start, (unit + 1) * UNIT_MS);
    if (unit == rank)
      clock_gettime(CLOCK_MONOTONIC, &last_wake);
  }
  clock_gettime(CLOCK_MONOTONIC, &after);
  /* the loop's time as the program sees it, from inside (first unit to
   * last wake-up) and from outside: the trace's region lies in between,
   * however late a busy machine wakes a rank */
  fprintf(stderr, "loop rank %d within %lld %lld ns\n", rank,
          ns_between(&first_unit, &last_wake), ns_between(&start, &after));
  double total = 0;
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ranks %d total %.0f\n", size, total);
  free(a);
  MPI_Finalize();
  return 0;
}
