/* N two-thread parallel regions, then death by the named cause: "segv" (a
 * NULL store), "abort", "term" (SIGTERM to itself), "handled" (a SIGSEGV
 * handler installed before the first region exits 42), "overflow" (endless
 * recursion on the initial thread), "overflow-worker" (the same on the
 * second thread of one more parallel region), or "none". */
#include <omp.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void handler(int signal_number) {
  (void)signal_number;
  static const char text[] = "handled\n";
  ssize_t ignored = write(STDOUT_FILENO, text, sizeof text - 1);
  (void)ignored;
  _exit(42);
}

/* Each call keeps a frame the compiler cannot drop or turn into a loop. */
static int deeper(int depth) {
  volatile char frame[1024];
  frame[depth % sizeof frame] = (char)depth;
  return depth < 0 ? 0 : deeper(depth + 1) + frame[depth % sizeof frame];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  const char *how = argc > 2 ? argv[2] : "none";
  if (strcmp(how, "handled") == 0)
    signal(SIGSEGV, handler);
  volatile long sum = 0;
  for (int i = 0; i < n; i++) {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      sum += omp_get_thread_num() + 1;
    }
  }
  printf("sum=%ld\n", (long)sum);
  fflush(stdout);
  if (strcmp(how, "segv") == 0 || strcmp(how, "handled") == 0)
    *(volatile int *)(uintptr_t)(sum * 0) = 1; /* NULL, computed: not optimised away */
  if (strcmp(how, "overflow") == 0)
    sum += deeper(0);
  if (strcmp(how, "overflow-worker") == 0) {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      sum += deeper(0);
  }
  if (strcmp(how, "abort") == 0)
    abort();
  if (strcmp(how, "term") == 0)
    kill(getpid(), SIGTERM);
  return 0;
}
