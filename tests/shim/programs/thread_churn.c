/* The main thread, then 40 POSIX threads one after the other, each run an
 * OpenMP parallel region of 2 threads with 10 critical sections per thread.
 * (The main thread goes first: LLVM 19's __kmpc_end_critical reads runtime
 * thread 0's state for the mutex_released callback and crashes once that
 * thread has exited; fixed upstream by llvm-project PR 169826.) */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static long sum;

static void *work(void *arg) {
  (void)arg;
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 10; i++) {
#pragma omp critical
    sum++;
  }
  return NULL;
}

int main(void) {
  work(NULL);
  for (int i = 0; i < 40; i++) {
    pthread_t thread;
    pthread_create(&thread, NULL, work, NULL);
    pthread_join(thread, NULL);
  }
  printf("sum=%ld\n", sum);
  return 0;
}
