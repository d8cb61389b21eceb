/* halo: MPI + OpenMP offload for the corpus. Each rank keeps its slab on
 * the device for the whole run (target data); per step the edge cells come
 * back (target update from), are exchanged with the neighbours
 * (MPI_Sendrecv) and go out again (target update to); host threads then
 * reduce a checksum. Output is printed by rank 0 only. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 2048
#define STEPS 5

static void step(double *restrict u, double *restrict w, int n) {
#pragma omp target teams distribute parallel for map(present, to: u[0:n + 2]) map(present, from: w[1:n])
  for (int i = 1; i <= n; i++)
    w[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}

static void exchange(double *u, int n, int rank, int size) {
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
#pragma omp target update from(u[1:1])
#pragma omp target update from(u[n:1])
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma omp target update to(u[0:1])
#pragma omp target update to(u[n + 1:1])
}

int main(int argc, char **argv) {
  int rank, size, provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = CELLS / size;
  double *u = calloc(n + 2, sizeof *u), *w = calloc(n + 2, sizeof *w);
  for (int i = 1; i <= n; i++)
    u[i] = (rank * n + i) % 7;
#pragma omp target data map(tofrom: u[0:n + 2]) map(alloc: w[0:n + 2])
  for (int s = 0; s < STEPS; s++) {
    exchange(u, n, rank, size);
    step(u, w, n);
#pragma omp target teams distribute parallel for map(present, tofrom: u[0:n + 2]) map(present, to: w[0:n + 2])
    for (int i = 1; i <= n; i++)
      u[i] = w[i];
  }
  double local = 0, total = 0;
#pragma omp parallel for reduction(+: local) num_threads(2)
  for (int i = 1; i <= n; i++)
    local += u[i];
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ranks %d checksum %.6f\n", size, total);
  free(u);
  free(w);
  MPI_Finalize();
  return 0;
}
