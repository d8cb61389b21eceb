/* EPCC-style host microbenchmarks (after the EPCC OpenMP suite's syncbench,
 * schedbench and taskbench): one test per run, N instances of a tiny
 * construct, each around a fixed delay of about 0.1 us of work. Prints the
 * mean time of one construct instance in nanoseconds, measured on the main
 * thread around the N instances only (start-up and the trace's end are
 * outside). All OpenMP work starts on the main thread (see
 * docs/performance.md on LLVM 19's critical-section bug).
 *
 *   epcc TEST N      TEST: reference parallel for_static for_dynamic barrier
 *                          critical atomic task lock task_tree
 *
 * An instance is what the whole team does once: one parallel region, one
 * worksharing loop (8 iterations per thread), one barrier, one critical
 * section, lock-protected section or atomic update per thread, one round
 * of 8 tasks per thread followed by a taskwait, one tree of tasks (a task
 * per node, two children each, a taskwait in every inner node: the shape
 * of miniFMM's tree traversal) started by one thread of the team. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* about 0.1 us on the benchmark machine (docs/performance.md) */
#define DELAY_ITERATIONS 100
#define ITERATIONS_PER_THREAD 8
#define TASKS_PER_THREAD 8
/* 2^5 leaves, 62 tasks per tree */
#define TREE_DEPTH 5

static void delay(void) {
  volatile double a = 0.0;
  for (int i = 0; i < DELAY_ITERATIONS; i++)
    a += i;
}

static long reference(long n) {
#pragma omp parallel
  for (long j = 0; j < n; j++)
    delay();
  return n;
}

static long parallel(long n) {
  for (long j = 0; j < n; j++) {
#pragma omp parallel
    delay();
  }
  return n;
}

static long for_static(long n) {
#pragma omp parallel
  {
    int iterations = ITERATIONS_PER_THREAD * omp_get_num_threads();
    for (long j = 0; j < n; j++) {
#pragma omp for schedule(static)
      for (int i = 0; i < iterations; i++)
        delay();
    }
  }
  return n;
}

static long for_dynamic(long n) {
#pragma omp parallel
  {
    int iterations = ITERATIONS_PER_THREAD * omp_get_num_threads();
    for (long j = 0; j < n; j++) {
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < iterations; i++)
        delay();
    }
  }
  return n;
}

static long barrier(long n) {
#pragma omp parallel
  for (long j = 0; j < n; j++) {
    delay();
#pragma omp barrier
  }
  return n;
}

static long critical(long n) {
  long entered = 0;
#pragma omp parallel
  for (long j = 0; j < n; j++) {
#pragma omp critical
    {
      delay();
      entered++;
    }
  }
  return entered == n * omp_get_max_threads() ? n : -1;
}

static long atomic(long n) {
  long updates = 0;
#pragma omp parallel
  for (long j = 0; j < n; j++) {
    delay();
#pragma omp atomic
    updates++;
  }
  return updates == n * omp_get_max_threads() ? n : -1;
}

static long task(long n) {
  long wrong = 0;
#pragma omp parallel reduction(+ : wrong)
  {
    /* task t of this thread counts its runs in runs[t]: no atomic needed
     * (which the plugin build would record), the taskwait orders rounds */
    long runs[TASKS_PER_THREAD] = {0};
    for (long j = 0; j < n; j++) {
      for (int t = 0; t < TASKS_PER_THREAD; t++) {
#pragma omp task shared(runs)
        {
          delay();
          runs[t]++;
        }
      }
#pragma omp taskwait
    }
    for (int t = 0; t < TASKS_PER_THREAD; t++)
      wrong += runs[t] != n;
  }
  return wrong ? -1 : n;
}

static long lock(long n) {
  long entered = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel
  for (long j = 0; j < n; j++) {
    omp_set_lock(&lock);
    delay();
    entered++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  return entered == n * omp_get_max_threads() ? n : -1;
}

/* the leaves below `node`, each running the delay in a task of its own */
static long tree_node(int depth) {
  if (depth == 0) {
    delay();
    return 1;
  }
  long left = 0, right = 0;
#pragma omp task shared(left)
  left = tree_node(depth - 1);
#pragma omp task shared(right)
  right = tree_node(depth - 1);
#pragma omp taskwait
  return left + right;
}

static long task_tree(long n) {
  long wrong = 0;
#pragma omp parallel
  for (long j = 0; j < n; j++) {
#pragma omp single
    wrong += tree_node(TREE_DEPTH) != 1L << TREE_DEPTH;
  }
  return wrong ? -1 : n;
}

static const struct test {
  const char *name;
  long (*run)(long n);
} tests[] = {
    {"reference", reference}, {"parallel", parallel}, {"for_static", for_static},
    {"for_dynamic", for_dynamic}, {"barrier", barrier}, {"critical", critical},
    {"atomic", atomic}, {"task", task}, {"lock", lock}, {"task_tree", task_tree},
};

int main(int argc, char **argv) {
  const struct test *test = NULL;
  for (size_t i = 0; argc == 3 && i < sizeof tests / sizeof tests[0]; i++)
    if (strcmp(argv[1], tests[i].name) == 0)
      test = &tests[i];
  long n = argc == 3 ? atol(argv[2]) : 0;
  if (!test || n <= 0) {
    fprintf(stderr, "usage: epcc TEST N (TEST: reference parallel for_static "
                    "for_dynamic barrier critical atomic task lock "
                    "task_tree)\n");
    return 2;
  }
  test->run(1); /* warm up: the team exists before timing starts */
  double start = omp_get_wtime();
  long done = test->run(n);
  double seconds = omp_get_wtime() - start;
  if (done != n) {
    fprintf(stderr, "epcc: %s gave a wrong result\n", test->name);
    return 1;
  }
  printf("%.1f\n", seconds * 1e9 / (double)n);
  return 0;
}
