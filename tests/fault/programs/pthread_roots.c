/* OpenMP work only in POSIX threads that end: the first one to use OpenMP
 * becomes the runtime's thread 0, and ends before the second starts. */
#include <pthread.h>
#include <stdio.h>

static long sum;

static void *work(void *arg) {
  (void)arg;
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 100; i++) {
#pragma omp critical
    sum += i;
  }
  return NULL;
}

int main(void) {
  for (int round = 0; round < 2; round++) {
    pthread_t thread;
    pthread_create(&thread, NULL, work, NULL);
    pthread_join(thread, NULL);
  }
  printf("pthread_roots: sum %ld\n", sum);
  return 0;
}
