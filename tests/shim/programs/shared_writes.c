/* The constructs whose events must cost no shared write (docs/shim.md, "No
 * shared writes on an event's path"): parallel, worksharing, barriers,
 * critical sections, locks, a tree of tied tasks with taskwait (like
 * miniFMM's), and constructs counted inside a kernel run on the host; with
 * `untied`, the same tree of untied tasks, whose first schedule marks the
 * task's shared word (the count must then be above 0); with `nokernel`, no
 * kernel (LLVM 14 reports none: its constructs are host events whose code
 * addresses lie in the host plugin's libffi; and its runtime fails an
 * assertion on a target construct run on the host after these tasks). */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int untied;

static long tree(int depth) {
  if (depth == 0)
    return 1;
  long a = 0, b = 0;
  if (untied) {
#pragma omp task shared(a) untied
    a = tree(depth - 1);
#pragma omp task shared(b) untied
    b = tree(depth - 1);
  } else {
#pragma omp task shared(a)
    a = tree(depth - 1);
#pragma omp task shared(b)
    b = tree(depth - 1);
  }
#pragma omp taskwait
  return a + b;
}

int main(int argc, char **argv) {
  int kernel = 1;
  for (int i = 1; i < argc; i++) {
    untied |= strcmp(argv[i], "untied") == 0;
    kernel &= strcmp(argv[i], "nokernel") != 0;
  }
  omp_lock_t lock;
  omp_init_lock(&lock);
  long sum = 0, locked = 0, leaves = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp for reduction(+ : sum)
    for (int i = 0; i < 1000; i++)
      sum += i;
    for (int i = 0; i < 200; i++) {
#pragma omp critical
      sum++;
      omp_set_lock(&lock);
      locked++;
      omp_unset_lock(&lock);
    }
#pragma omp barrier
#pragma omp single
    leaves = tree(8);
  }
  omp_destroy_lock(&lock);
  /* a kernel on the host device: its constructs are counted per thread;
   * it maps nothing, as a device allocation is a shared write (a target
   * construct's, not its kernel's constructs') */
  if (kernel) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < 4096; i++) {
      volatile int square = i * i;
      (void)square;
    }
  }
  printf("sum=%ld locked=%ld leaves=%ld\n", sum, locked, leaves);
  return 0;
}
