/* A small MPI + OpenMP host program for many ranks: one parallel region and
 * a reduction over the ranks. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long local = 0;
#pragma omp parallel for reduction(+ : local) num_threads(2)
  for (long i = 0; i < 100000; i++)
    local += i % (rank + 2);
  long total = 0;
  MPI_Reduce(&local, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ranks %d total %ld\n", size, total);
  MPI_Finalize();
  return 0;
}
