/* omp_control_tool: 2 threads x 10 critical sections in each phase;
 * recorded, paused, started again, flushed (the trace grows at once),
 * ended for good. argv[1] = the run folder, to watch the trace grow. */
#include <omp.h>
#include <stdio.h>
#include <sys/stat.h>

static void criticals(void) {
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 10; i++) {
#pragma omp critical
    ;
  }
}

static long trace_size(const char *dir) {
  char path[4096];
  struct stat st;
  snprintf(path, sizeof path, "%s/trace.oit", dir);
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

int main(int argc, char **argv) {
  criticals(); /* recorded */
  printf("pause=%d\n", omp_control_tool(omp_control_tool_pause, 0, NULL));
  criticals(); /* not recorded */
  printf("start=%d\n", omp_control_tool(omp_control_tool_start, 0, NULL));
  criticals(); /* recorded */
  long before = argc > 1 ? trace_size(argv[1]) : 0;
  printf("flush=%d\n", omp_control_tool(omp_control_tool_flush, 7, NULL));
  printf("grew=%d\n", argc > 1 && trace_size(argv[1]) > before);
  printf("end=%d\n", omp_control_tool(omp_control_tool_end, 0, NULL));
  criticals(); /* not recorded */
  return 0;
}
