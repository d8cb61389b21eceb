/* N two-thread parallel regions, then what daemons and careless programs do
 * to descriptors they did not open, then N more regions; the result goes to
 * the program's own file, whose contents must be the program's alone:
 *   "close":   change to the folder of FILE (the run folder was given
 *              relative to the old one), close every descriptor from 3 up,
 *              then open the file (it gets the lowest free number: one the
 *              tool may have had)
 *   "clobber": open the file and dup2 it onto every descriptor from 3 up to
 *              the limit (65536 at most), so every number names it */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static long regions(int n) {
  long sum = 0;
  for (int k = 0; k < n; k++) {
#pragma omp parallel for reduction(+ : sum) num_threads(2)
    for (int i = 0; i < 100; i++)
      sum += i;
  }
  return sum;
}

static int descriptor_limit(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
      limit.rlim_cur > 65536)
    return 65536;
  return (int)limit.rlim_cur;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s N close|clobber FILE\n", argv[0]);
    return 2;
  }
  int n = atoi(argv[1]);
  long sum = regions(n);
  int top = descriptor_limit(), out;
  const char *file = argv[3];
  if (strcmp(argv[2], "close") == 0) {
    const char *slash = strrchr(file, '/');
    if (slash) {
      char folder[4096];
      snprintf(folder, sizeof folder, "%.*s", (int)(slash - file), file);
      if (chdir(folder) != 0)
        return 1;
      file = slash + 1;
    }
    for (int fd = 3; fd < top; fd++)
      close(fd);
    out = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  } else {
    out = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    for (int fd = 3; fd < top; fd++)
      if (fd != out)
        dup2(out, fd);
  }
  sum += regions(n);
  dprintf(out, "sum=%ld\n", sum);
  printf("descriptor %d\n", out);
  return 0;
}
